"""What both Secret Identity boards share: each is a phase board (``game/scenes/board``)
drawing the public view, with seat names, the still layer under the table (background,
track, hub), the clue workshop a seat opens inside its own peek curtain (its key, hand
and clue: SS-1, SS-2), and the end's hints (:class:`SecretIdentityEnd`, the shared end
show's choices).

A seat played on a phone has its key, hand, clue editor and vote on the phone (its own
device, SS-2), so the board never opens a curtain for it: :meth:`on_phone` seats are
shown only by their public progress, and the pads' curtain turns leave them out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, TypeVar

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.session import Session
from ....input.intents import Intent
from ....scenes.board import PhaseBoard, PhasedView
from ....scenes.peek import PeekCurtain
from ....scenes.phone_seats import on_phone, pad_seats
from ....scenes.shows import EndShow
from .clue_editor import ClueEditor

if TYPE_CHECKING:
    from ....context import AppContext
    from ....games import GameEntry
    from ..rules.catalogue import SICatalogue

V = TypeVar("V", bound=PhasedView)


class SecretIdentityBoard(PhaseBoard[V]):
    #: Both boards' draws start with the background or their still layer.
    covers_canvas = True

    def __init__(self, ctx: AppContext, entry: GameEntry[SICatalogue], session: Session[Any, Any, Any],
                 bots: Mapping[int, Bot[Any, Any]] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        #: The background and what stays still over it (track, hub): one opaque blit a frame.
        self.still = ctx.kit.layer()
        #: The still layer with the ring's cards and the seat panels on it (``game/ui/stage.py``).
        self.kept = ctx.kit.layer()
        self.catalogue = entry.catalogue(ctx.catalogue)
        self.curtain: PeekCurtain | None = None

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


class SecretIdentityEnd(EndShow[V]):
    """Either mode's end as the shared end show: A hurries it, then A plays again and
    B goes back to the lobby (pads and phones alike)."""

    def hints(self) -> list[tuple[Intent, str]]:
        t = self.ctx.t
        if self.running:
            return [(Intent.CONFIRM, t("si.hint.skip"))]
        return [(Intent.CONFIRM, t("si.podium.again")), (Intent.BACK, t("si.podium.lobby"))]

    def draw(self, surface: pygame.Surface, view: V, alpha: float) -> None:
        self.ctx.kit.background(surface)
        super().draw(surface, view, alpha)
