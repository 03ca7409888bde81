"""The competitive board's vote: the kit's ring picker on the board's own ring, with the
board's seat panels in place of its progress cards and, while a seat peeks, whose
character it guesses in the hub."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....scenes.ring import RingPicker, RingQuestion
from ....scenes.ring_geometry import RingGeometry
from ....ui.fit import fit_wrapped
from .widgets import board_ring

if TYPE_CHECKING:
    from .board import CompetitiveBoard


class VotePicker(RingPicker):
    """The kit's ring picker with this board's seat panels (clues + public progress)
    drawn in place of its progress cards, so the clues stay readable while voting."""

    def __init__(self, board: "CompetitiveBoard", *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.board = board

    @property
    def geometry(self) -> RingGeometry:
        """The board's ring: each option on its character's card."""
        return board_ring(self.ctx.kit)

    def _draw_seats(self, surface: pygame.Surface, alpha: float) -> None:
        self.board.draw_panels(surface, voting=True)

    def _draw_hub(self, surface: pygame.Surface, question: RingQuestion, peeker: int | None,
                  pointed: int | None) -> None:
        """While a seat peeks, the hub says whose character it is guessing and what it points at
        ("Your vote for Bruno: 3 — The Tengu"), never the peeker's own name over a character."""
        target = self.board._next_target(peeker) if peeker is not None else None
        if target is None or pointed is None:
            super()._draw_hub(surface, question, peeker, pointed)
            return
        kit, t = self.ctx.kit, self.ctx.t
        cx, cy = self.geometry.center
        seat = self.ctx.seats[target]
        light = kit.seat_style(seat.style).light
        kit.seat_token(surface, seat.style, (cx, cy - 120), 34)
        title = t("si.vote.peek_for", name=seat.name)
        placed = kit.blit_text(surface, title, fit_wrapped(kit, title, 300, 2, (34, 30, 28)), (cx, cy - 80), "midtop",
                               light, max_width=300, align="center", shadow=True)
        option = question.options[pointed]
        words = t("si.vote.peek_choice", number=option.number, character=option.label)
        kit.blit_text(surface, words, fit_wrapped(kit, words, 300, 3, (36, 32, 28)), (cx, placed.bottom + 10), "midtop",
                      kit.colours.text, max_width=300, align="center")
