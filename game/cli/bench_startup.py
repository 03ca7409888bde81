"""The bench's start-up child: what ``play`` does up to its first frame, in a module of its
own so that the figure holds none of the bench's imports (subprocess, tempfile, json:
~4 ms that ``play`` does not pay)."""


def first_title_frame() -> None:
    """Real context, window, title, one frame."""
    from ..app import App
    from ..context import build_context
    from ..scenes.menus.title import TitleScene

    ctx = build_context(headless=False)
    app = App(ctx, clock=lambda: 1 / 60)
    ctx.stack.push(TitleScene(ctx))
    app.frame()
