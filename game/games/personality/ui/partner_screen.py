"""Tête-à-tête (PE-8): the player who landed picks a partner for the next vote, on the
ring, where each choice is a seat (colour, shape and name)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....core.actions import Action
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from .legend import ICONS
from .read_screen import draw_waiting
from .section import BoardSection, Overlay

if TYPE_CHECKING:
    from .board import PersonalityBoard


class PartnerSection(BoardSection):
    name = "partner"

    def heading(self) -> str:
        return self.board.t("personality.partner.title", name=self.board.name(self.board.public.chooser))

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        draw_waiting(self.board.ctx.kit, surface, stage, self._prompt())

    def _prompt(self) -> str:
        return self.board.t("personality.partner.question", name=self.board.name(self.board.public.chooser))

    def overlay(self, humans: list[int]) -> Overlay | None:
        rule = (ICONS["tete_a_tete"], self.board.t("personality.square.tete_a_tete.name"),
                self.board.t("personality.square.tete_a_tete.help"))
        return ("ring", self.board.serial), lambda: seat_ring(self.board, humans, "partner", self._prompt(), aside=rule)


def seat_ring(board: PersonalityBoard, seats: list[int], kind: str, prompt: str, ring: type[RingPicker] = RingPicker,
              **extra: Any) -> RingPicker:
    """A ring whose options are the seat's legal ``kind`` moves ("partner" or "judge"),
    each a player: colour, shape and name."""
    field = "partner" if kind == "partner" else "choice"

    def actions(seat: int) -> list[Action]:
        # the phase may have moved on under this ring (the seat then acts in another way)
        return [a for a in board.session.legal(seat) if a.kind == kind] if seat in board.session.current() else []

    def question(seat: int) -> RingQuestion | None:
        legal = actions(seat)
        if not legal:
            return None
        options = [RingOption(board.name(a.data[field]), number=i + 1, seat=a.data[field]) for i, a in enumerate(legal)]
        if len(options) < 2:
            options.append(RingOption("—", number=2))
        return RingQuestion(prompt, tuple(options))

    def choose(seat: int, index: int) -> str | None:
        legal = actions(seat)
        if index >= len(legal):
            return "personality.refuse.bad_choice"
        return board.submit_or_key(legal[index])

    return ring(board.ctx, seats, question, choose, **extra)
