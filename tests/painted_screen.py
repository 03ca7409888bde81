"""A screen drawing whatever its test hands it, for the layout check's fixture shot
(shared by tests/test_layout.py and tests/test_screen_fitting.py)."""

from game.scenes.base import Scene
from game.ui.layout_probe import Probe


class PaintedScreen(Scene):
    """The background, then ``paint(kit, surface)``."""

    def __init__(self, ctx, paint):
        super().__init__()
        self.ctx, self.paint = ctx, paint

    def draw(self, surface, alpha):
        self.ctx.kit.background(surface)
        self.paint(self.ctx.kit, surface)


def check_painted(paint, safe_area=0.05, whole_screen=False):
    """The layout check's violations on a screen ``paint`` draws (English); the ``empty``
    rule only with ``whole_screen`` (a fixture paints the one thing its test is about)."""
    drawn = Probe(safe_area=safe_area).draw("fixture", "en", lambda ctx, args: ctx.stack.push(PaintedScreen(ctx, paint)))
    return drawn.violations(whole_screen)
