"""The one notice a board shows while its autosaves fail (:class:`SaveTroubleNotice`).

An autosave that cannot be written never stops the match: the session keeps the error
and tries again at the next save. The players are told once per spell of failures, not
once per action, and only when the board is the top scene and no seated device holds a
button: the notice (a toast) swallows input, so it must not eat a release a peek
curtain, a hold or a stroke waits for. Play goes on underneath.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .toast import show_toast

if TYPE_CHECKING:
    from ..context import AppContext
    from ..core.session import Session
    from .base import Scene


class SaveTroubleNotice:
    def __init__(self, ctx: AppContext, session: Session[Any, Any, Any]) -> None:
        self.ctx = ctx
        self.session = session
        #: The players were told that saving fails (until a save works again).
        self.told = False

    def check(self, board: Scene) -> None:
        """Once a fixed tick: tell the table when the saves started failing (module doc)."""
        error = self.session.save_error
        if error is None:
            self.told = False
            return
        if self.told or board.stack is None or board.stack.top is not board or self._buttons_held():
            return
        self.told = True
        # an OSError's reason ("No space left on device"), else what it was (a string the
        # save cannot hold: Session.save)
        reason = getattr(error, "strerror", None) or str(error)
        show_toast(self.ctx, self.ctx.t("notices.autosave_failed", error=reason))

    def _buttons_held(self) -> bool:
        hub = getattr(self.ctx, "input", None)
        return hub is not None and any(hub.held(seat.device) for seat in self.ctx.seats.seats
                                       if seat.device is not None)
