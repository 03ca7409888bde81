"""The bench's start-up child: what ``python -m game`` does up to its first frame (its
options, the crash log installed, ``play``'s own path to the title), in a
module of its own so that the figure holds none of the bench's imports (subprocess,
tempfile, json: ~4 ms that ``play`` does not pay)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..app import App
    from ..context import AppContext


def first_title_frame() -> tuple[AppContext, App]:
    """The real start: ``play``'s arguments, crash log, context, window, title, one frame.
    Returns the context and the app (tests carry on from there)."""
    from .. import crash
    from .play import default_args, open_title, prepare_environment

    args = default_args()
    crash_log = crash.install()
    prepare_environment()
    ctx, app, _ = open_title(args, crash_log)
    app.frame()
    return ctx, app
