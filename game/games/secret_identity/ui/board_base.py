"""What both Secret Identity boards share: the public view they draw, seat names, the
clue workshop a seat opens inside its own peek curtain (its key, hand and clue: SS-1,
SS-2), and how they hear what happened: after every change the board takes the new
public view and :meth:`SecretIdentityBoard.react` is told each public event, in order.
"""

from __future__ import annotations

from typing import Any, Mapping

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event
from ....core.session import Session
from ....scenes.match import MatchScene
from ....scenes.peek import PeekCurtain
from .clue_editor import ClueEditor


class SecretIdentityBoard(MatchScene):
    def __init__(self, ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = ctx.catalogue.game("secret_identity")
        self.public = session.view(None).public
        self.ticks = 0
        self.curtain: PeekCurtain | None = None

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        self.public = self.session.view(None).public
        for event in events:
            self.react(event)

    def react(self, event: Event) -> None:
        """One public event the rules told (a board animates from it)."""

    def name(self, seat: int) -> str:
        return self.ctx.seats[seat].name

    def open_editor(self, seat: int) -> PeekCurtain | None:
        """The seat's private clue workshop: its key, its hand, its clue (SS-1, SS-2)."""
        if self.stack is None:
            return None
        editor = ClueEditor(self.ctx, seat, lambda: self.session.view(seat), self._editor_submit,
                            key_of=lambda view: view.private.my_key)
        self.curtain = PeekCurtain(self.ctx, seat, editor.draw, editor.handle, title=self.ctx.t("si.editor.title"),
                                   on_close=self._editor_closed, close_on_release=True)
        self.stack.push(self.curtain)
        return self.curtain

    def _editor_submit(self, action: Action) -> str | None:
        refusal = self.submit(action)
        if refusal is None and action.kind == "confirm" and self.curtain is not None:
            self.curtain.close()
        return refusal

    def _editor_closed(self) -> None:
        self.curtain = None
