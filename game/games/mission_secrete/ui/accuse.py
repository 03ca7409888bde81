"""Accusations (MS-6): any seat still in holds ALT for a second to accuse.

Play pauses; that seat picks the accused and a character on the ring picker, in public
(an accusation is said aloud). The rules then tell the board ``Accused``, and the reveal
screen (``reveal.py``) reads the verdict out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....ui.fit import fit_text
from ..rules.view import MSPhase
from .table import mix

if TYPE_CHECKING:
    from .board import MissionBoard

#: Holding ALT this long starts an accusation (a deliberate act, not a slip).
HOLD_TICKS = 60


class AccusePicker(RingPicker):
    """The ring picker for one accuser; BACK before the last choice calls it off."""

    #: An accusation is said aloud (MS-6): the accuser's pointer is always on show.
    aloud = True

    def __init__(self, accusation: Accusation, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.accusation = accusation

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat in self.pointer and event.pressed and event.intent is Intent.BACK:
            self.accusation.cancel()
            return True
        return super().handle(seat, event)


class Accusation:
    """The ALT holds on the table and the one accusation being made, if any."""

    def __init__(self, board: MissionBoard) -> None:
        self.board = board
        self.ctx = board.ctx
        #: Seat → ticks it has held ALT.
        self.holds: dict[int, int] = {}
        self.accuser: int | None = None
        self.accused: int | None = None
        self.accused_done = False

    # --- holding ALT ---------------------------------------------------------------------
    def hold(self, seat: int, event: InputEvent) -> None:
        if event.pressed and not event.repeat and not self.board.public.out[seat]:
            self.holds[seat] = 0
        elif not event.pressed:
            self.holds.pop(seat, None)

    def step(self) -> None:
        """One tick of the holds. They overlap: the first to complete accuses (ties: the
        first to start); starting the accusation drops every other hold."""
        for seat in self.holds:
            self.holds[seat] += 1
        first = next((seat for seat, ticks in self.holds.items() if ticks >= HOLD_TICKS), None)
        if first is not None:
            self.start(first)

    # --- the accusation ------------------------------------------------------------------
    def start(self, seat: int) -> None:
        board = self.board
        self.holds.clear()
        if board.stack is None or board.public.phase != MSPhase.PLAY or board.public.out[seat]:
            return
        others = [s for s in board.still_in() if s != seat]
        self.accuser, self.accused_done = seat, False
        self.accused = others[0] if len(others) == 1 else None  # a ring needs two options
        self.ctx.audio.play("confirm")
        board.stack.push(AccusePicker(self, self.ctx, [seat], self._question, self._choose, self._over))

    def _others(self) -> list[int]:
        return [s for s in self.board.still_in() if s != self.accuser]

    def _question(self, seat: int) -> RingQuestion | None:
        board = self.board
        if seat != self.accuser or self.accused_done:
            return None
        if self.accused is None:
            others = self._others()
            if not others:
                return None
            if len(others) == 1:  # someone left the game while the ring was up: one suspect is left
                self.accused = others[0]
            else:
                options = tuple(RingOption(board.name(s), seat=s) for s in others)
                return RingQuestion(self.ctx.t("ms.accuse.who", name=board.name(seat)), options)
        options = tuple(RingOption(c.name(board.lang()), c.icon) for c in board.catalogue.characters)
        return RingQuestion(self.ctx.t("ms.accuse.what", name=board.name(seat), target=board.name(self.accused)),
                            options)

    def _choose(self, seat: int, index: int) -> str | None:
        if self.accused is None:
            others = self._others()
            self.accused = others[index] if index < len(others) else None
            return None
        character = self.board.catalogue.characters[index].id
        refusal = self.board.submit(Action("accuse", seat, {"accused": self.accused, "character": character}))
        if refusal is not None:
            return f"ms.refused.{refusal}"
        self.accused_done = True
        return None

    def _over(self) -> None:
        self.accuser = self.accused = None

    def cancel(self) -> None:
        stack = self.board.stack
        if stack is not None:
            for scene in list(stack):
                if isinstance(scene, AccusePicker):
                    stack.remove(scene)
        self.accuser = self.accused = None
        self.ctx.audio.play("back")

    # --- drawing -------------------------------------------------------------------------
    def draw_hold_arcs(self, surface: pygame.Surface, rows: list[pygame.Rect], veil: int) -> None:
        """Each holding seat's arc filling up on its row (pre-mixed with the veil)."""
        kit = self.ctx.kit
        for seat, hold in self.holds.items():
            row = rows[seat]
            colour = mix(kit.colours.accent, kit.colours.shadow, veil / 255)
            kit.arc(surface, colour, (row.x + 48, row.y + 44), 42, 8, 0, 360 * hold / HOLD_TICKS)

    def draw_holding(self, surface: pygame.Surface) -> None:
        """"Alice is about to accuse…" across the grid, for the seat holding longest."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        seat = max(self.holds, key=lambda s: self.holds[s])
        text = self.ctx.t("ms.accuse.holding", name=self.board.name(seat))
        box = pygame.Rect(0, 0, 900, 90)
        box.center = self.board.table.play_grid()[2]
        kit.panel(surface, box, (*c.shadow, 220), radius=30, border=kit.seat_style(self.ctx.seats[seat].style).colour)
        size, text = fit_text(kit, text, box.width - 40, (44, 40, 36, 32))
        kit.blit_text(surface, text, size, box.center, "center", c.text, align="center")
