"""The vote ring with the read card kept on screen.

The ring picker veils the whole board, so the card being voted on would be hidden while
players vote. :class:`CardRing` draws the card (public: everyone has heard it read) in
the top-left corner, clear of every ring slot, and moves the left column of progress
cards down under it.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ....scenes.ring import RingPicker

#: Card sizes tried, largest first, until the text fits the corner.
CARD_SIZES = (36, 34, 32, 30, 28)
#: Height of a progress card and the distance between two (see RingPicker._draw_seats).
PROGRESS_HEIGHT, PROGRESS_STEP = 112, 124
CARD_WIDTH, CARD_HEIGHT = 440, 270


class CardRing(RingPicker):
    """A :class:`RingPicker` that also shows ``card()``: (caption, text), or None."""

    def __init__(self, ctx: Any, seats: list[int], question: Callable, on_choose: Callable,
                 card: Callable[[], tuple[str, str] | None], **kwargs: Any) -> None:
        super().__init__(ctx, seats, question, on_choose, **kwargs)
        self.card = card

    def card_rect(self) -> pygame.Rect:
        safe = self.ctx.kit.safe_rect
        return pygame.Rect(safe.x + 4, safe.y + 112, CARD_WIDTH, CARD_HEIGHT)

    def _seat_slots(self) -> list[tuple[int, tuple[int, int]]]:
        slots = super()._seat_slots()
        if self.card() is None:
            return slots
        left_x = min(x for _, (x, _) in slots)
        left = [(seat, pos) for seat, pos in slots if pos[0] == left_x]
        right = [(seat, pos) for seat, pos in slots if pos[0] != left_x]
        top = self.card_rect().bottom + 16 + PROGRESS_HEIGHT // 2
        moved = [(seat, (x, top + i * PROGRESS_STEP)) for i, (seat, (x, _)) in enumerate(left)]
        return moved + right

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        card = self.card()
        if card is not None:
            self.draw_card(surface, *card)

    def draw_card(self, surface: pygame.Surface, caption: str, text: str) -> None:
        kit = self.ctx.kit
        rect = self.card_rect()
        kit.panel(surface, rect, (252, 244, 226), radius=26, border=kit.colours.gold, border_width=6)
        head = kit.blit_text(surface, caption, 28, (rect.centerx, rect.y + 14), "midtop", (120, 96, 70),
                             max_width=rect.width - 32, align="center")
        room = pygame.Rect(rect.x + 20, head.bottom + 6, rect.width - 40, rect.bottom - 14 - head.bottom - 6)
        size = next((s for s in CARD_SIZES
                     if len(kit.wrap(text, s, room.width)) * kit.font(s).get_linesize() <= room.height), CARD_SIZES[-1])
        kit.blit_text(surface, text, size, room.center, "center", (40, 30, 50), max_width=room.width, align="center")

