"""The shared podium holds any standings: ties of two to eight seats at any place, in the
rect each end screen gives it, with the longest names, in both languages and both safe
areas: every label whole inside the rect, none over another, no text under 28 px or over
two lines (the Incognito final's three-way tie for second once broke each name into five
lines, up out of the screen and over the headline)."""

import itertools

import pygame
import pytest

from game.ui.layout_probe import Probe
from game.ui.show import Show, Standing
from game.ui.theme import MIN_TEXT
from painted_screen import PaintedScreen

#: Each seat's place (seat 0 first): the tie patterns.
PATTERNS = {
    "three tied second": [1, 2, 2, 2, 5, 6],
    "four tied first of eight": [1, 1, 1, 1, 5, 6, 7, 8],
    "four tied first, the others ranked": [1, 1, 1, 1, 2, 3, 4, 4],
    "all eight tied": [1] * 8,
    "two and two and two": [1, 1, 2, 2, 3, 3, 4, 5],
    "three tied third": [1, 2, 3, 3, 3, 6, 7, 8],
    "seven tied second": [1, 2, 2, 2, 2, 2, 2, 2],
    "two seats tied": [1, 1],
    "no ties": [1, 2, 3, 4, 5, 6],
}
#: The podium's rect as each end screen gives it (recorded from the shots, the long names,
#: at the 5 % and the 10 % safe area; Secret Identity's under its verdict of two sentences).
RECTS = {
    ("incognito.final", 0.05): (108, 207, 852, 749),
    ("incognito.final", 0.10): (204, 258, 756, 644),
    ("personality.podium", 0.05): (96, 169, 1728, 777),
    ("personality.podium", 0.10): (192, 223, 1536, 669),
    ("secret_identity.podium", 0.05): (110, 247, 850, 699),
    ("secret_identity.podium", 0.10): (206, 283, 754, 609),
}


def podium_drawn(places, rect, lang, safe_area):
    """The podium of ``places`` (risen, scores counted) alone on a screen, as the probe saw it."""

    def paint(kit, surface):
        show = Show(ctx_of[0], [Standing(seat, 20 - place, place=place) for seat, place in enumerate(places)])
        show.skip()
        kept.extend(show.draw_podium(surface, pygame.Rect(rect)))

    ctx_of, kept = [], []

    def build(ctx, args):
        ctx_of.append(ctx)
        ctx.stack.push(PaintedScreen(ctx, paint))

    drawn = Probe(safe_area=safe_area).draw("fixture", lang, build)
    return drawn, kept, {seat.name for seat in ctx_of[0].seats}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("screen, safe_area", list(RECTS))
@pytest.mark.parametrize("pattern", list(PATTERNS))
def test_the_podium_holds_every_tie_in_every_screens_rect(pattern, screen, safe_area, lang):
    rect = pygame.Rect(RECTS[screen, safe_area])
    drawn, kept, names = podium_drawn(PATTERNS[pattern], rect, lang, safe_area)
    texts = drawn.texts
    shapes = [box.rect for box in drawn.boxes if box.rect.width < 100]  # the seats' shapes, not the columns
    assert sum(1 for t in texts if not t.text.isdigit()) == sum(1 for p in PATTERNS[pattern] if p <= 3)
    for text in texts:
        assert rect.contains(text.ink), f"{text.text!r} at {text.ink} leaves the podium's rect {rect}"
        assert text.size >= MIN_TEXT, f"{text.text!r} drawn at {text.size} px"
        assert text.text.count("\n") <= 1, f"{text.text!r} in more than two lines"
        whole = text.text.replace("-\n", "-").replace("\n", " ")
        assert whole.isdigit() or whole in names, f"{text.text!r} is not a whole name (cut inside a word)"
    for shape in shapes:
        assert rect.contains(shape), f"a seat's shape at {shape} leaves the podium's rect {rect}"
    labels = [t.ink for t in texts] + shapes
    for one, other in itertools.combinations(labels, 2):
        assert not one.colliderect(other), f"labels at {one} and {other} overlap"
    assert all(any(k.contains(label) for k in kept) for label in labels), "a label outside the confetti's keep-out"
    assert not drawn.violations()

