"""What both Secret Identity boards share: the public view they draw, seat names, the
clue workshop a seat opens inside its own peek curtain (its key, hand and clue: SS-1,
SS-2), and how they hear what happened: after every change the board takes the new
public view and :meth:`SecretIdentityBoard.react` is told each public event, in order.

A seat played on a phone has its key, hand, clue editor and vote on the phone (its own
device, SS-2), so the board never opens a curtain for it: :meth:`on_phone` seats are
shown only by their public progress, and the pads' curtain turns leave them out.
"""

from __future__ import annotations

from typing import Any, Mapping

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event
from ....core.session import Session
from ....scenes.match import MatchScene
from ....scenes.peek import PeekCurtain
from ....scenes.phone_seats import on_phone, pad_seats
from .clue_editor import ClueEditor


class SecretIdentityBoard(MatchScene):
    #: Both boards' draws start with the background or their still layer.
    covers_canvas = True

    def __init__(self, ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        #: The background and what stays still over it (track, hub): one opaque blit a frame.
        self.still = ctx.kit.layer()
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

    def on_phone(self, seat: int) -> bool:
        """The seat plays on a phone (connected or reconnecting): its secrets live there."""
        return on_phone(self.ctx, seat)

    def at_the_tv(self) -> list[int]:
        """The people who play on the TV (pads, keyboards): the seats curtains and rings are for."""
        return pad_seats(self.ctx, [s for s in range(len(self.ctx.seats)) if s not in self.bots])

    def open_editor(self, seat: int) -> PeekCurtain | None:
        """The seat's private clue workshop: its key, its hand, its clue (SS-1, SS-2);
        none for a seat on a phone, which builds its clue there."""
        if self.stack is None or self.on_phone(seat):
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
