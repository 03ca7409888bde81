"""The competitive board's vote: the kit's ring picker on the board's own ring, with the
board's seat panels in place of its progress cards and, while a seat peeks, whose
character it guesses in the hub."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....input.intents import Intent
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....scenes.ring_geometry import RingGeometry
from .hub import fitted, fixed_part, seat_token_image, stack_in_hub, text_part
from .portrait import Portrait
from .widgets import board_ring, paint_character

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

    def _draw_face(self, surface: pygame.Surface, option: RingOption, index: int, rect: pygame.Rect, pointer: Any,
                   used: bool) -> None:
        """A character's option is its board card (the same portrait size and name), rimmed
        in the peeker's colour where it points, greyed where its number is used."""
        if not isinstance(option.icon, Portrait):
            super()._draw_face(surface, option, index, rect, pointer, used)
            return
        kit, c = self.ctx.kit, self.ctx.kit.colours
        if pointer is not None:
            kit.panel(surface, rect, c.panel_hi, radius=30, border=pointer.colour, border_width=8)
        else:
            kit.panel(surface, rect, c.panel if not used else c.bg, radius=28, border=c.panel_hi)
        paint_character(surface, self.ctx, option.icon.character, rect, dim=used)

    def _draw_hub(self, surface: pygame.Surface, question: RingQuestion, peeker: int | None,
                  pointed: int | None) -> None:
        """The hub's words, stacked in the room the board's cards leave it (``hub``): while
        nobody peeks, that nobody sees where one points and how to look; while a seat peeks,
        whose character it guesses and what it points at ("Your vote for Bruno: 3 — The
        Tengu"), never the peeker's own name over a character; once it has voted for
        everyone, its own shape, name and the card it points at."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        if peeker is None or pointed is None:
            parts = [text_part(kit, t("ring.secret_note"), (34, 30), 2, c.text, shadow=True),
                     fixed_part(kit.button_hint(Intent.PEEK, 56)),
                     text_part(kit, t("ring.secret_hold"), (30, 28), 2, c.accent)]
            stack_in_hub(surface, kit, fitted(kit, parts))
            return
        target = self.board._next_target(peeker)
        option = question.options[pointed]
        seat = self.ctx.seats[target if target is not None else peeker]
        light = kit.seat_style(seat.style).light
        if target is not None:
            title = t("si.vote.peek_for", name=seat.name)
            words = t("si.vote.peek_choice", number=option.number, character=option.label)
        else:
            title, words = seat.name, option.label or str(option.number or pointed + 1)
        parts = [fixed_part(seat_token_image(kit, seat.style, 34)),
                 text_part(kit, title, (34, 30, 28), 2, light, shadow=True),
                 text_part(kit, words, (36, 32, 28), 3, c.text)]
        stack_in_hub(surface, kit, fitted(kit, parts))
