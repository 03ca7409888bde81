"""The vote ring, with the cards readable while players choose.

The ring picker veils the whole board, so whatever is voted on must be drawn over the
veil. :class:`CardRing` does it two ways:

- a card voted about (the read card; a contested gift) sits in the top-left corner,
  clear of every ring slot, and the left column of progress cards moves down under it;
- when the options *are* cards (an Inversion vote, PE-9), each slot is the card itself,
  its whole text at 28 px or more, on an oval wide enough for five of them.

Cards are public (read aloud, or laid face up), so this shows nothing secret; which
slot a seat points at stays in its own peek, as on every ring.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from ....input.intents import Intent
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from .widgets import CARD_CAPTION, CARD_INK, CARD_PAPER

#: Card sizes tried, largest first, until the text fits the corner.
CARD_SIZES = (36, 34, 32, 30, 28)
#: Height of a progress card and the distance between two (see RingPicker._draw_seats).
PROGRESS_HEIGHT, PROGRESS_STEP = 112, 124
CARD_WIDTH, CARD_HEIGHT = 440, 270
#: Cards as slots: their size, text sizes, and the oval they sit on (clear of the
#: progress columns, the prompt and the hint bar).
SLOT_SIZE = (320, 200)
SLOT_TEXT_SIZES = (32, 30, 28)
OVAL_CENTER, OVAL_RADII = (960, 570), (300, 280)
HUB_RADIUS = 136


class CardRing(RingPicker):
    """A :class:`RingPicker` that also shows ``card()``: (caption, text), or None, and
    draws an option whose label is one of ``card_texts()`` as that card."""

    def __init__(self, ctx: Any, seats: list[int], question: Callable[[int], RingQuestion | None],
                 on_choose: Callable[[int, int], str | None], card: Callable[[], tuple[str, str] | None],
                 card_texts: Callable[[], frozenset[str]] = frozenset, **kwargs: Any) -> None:
        super().__init__(ctx, seats, question, on_choose, **kwargs)
        self.card = card
        self.card_texts = card_texts

    # --- the card voted about ------------------------------------------------------------
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
        kit.panel(surface, rect, CARD_PAPER, radius=26, border=kit.colours.gold, border_width=6)
        head = kit.blit_text(surface, caption, 28, (rect.centerx, rect.y + 14), "midtop", CARD_CAPTION,
                             max_width=rect.width - 32, align="center")
        room = pygame.Rect(rect.x + 20, head.bottom + 6, rect.width - 40, rect.bottom - 14 - head.bottom - 6)
        self._fit_text(surface, text, room, CARD_SIZES)

    def _fit_text(self, surface: pygame.Surface, text: str, room: pygame.Rect, sizes: tuple[int, ...]) -> None:
        kit = self.ctx.kit
        size = next((s for s in sizes if len(kit.wrap(text, s, room.width)) * kit.font(s).get_linesize()
                     <= room.height), sizes[-1])
        kit.blit_text(surface, text, size, room.center, "center", CARD_INK, max_width=room.width, align="center")

    # --- cards as the ring's slots -------------------------------------------------------
    def is_card_question(self, question: RingQuestion | None) -> bool:
        texts = self.card_texts()
        return question is not None and bool(texts) and all(o.label in texts for o in question.options)

    def slot_positions(self, n: int) -> list[tuple[int, int]]:
        """Slot k at 360k/n degrees clockwise from 12 o'clock, as on every ring, on an oval."""
        (cx, cy), (rx, ry) = OVAL_CENTER, OVAL_RADII
        return [(int(cx + rx * math.sin(2 * math.pi * k / n)), int(cy - ry * math.cos(2 * math.pi * k / n)))
                for k in range(n)]

    def slot_rects(self, n: int) -> list[pygame.Rect]:
        rects = []
        for pos in self.slot_positions(n):
            rect = pygame.Rect((0, 0), SLOT_SIZE)
            rect.center = pos
            rects.append(rect)
        return rects

    def _draw_ring(self, surface: pygame.Surface, question: RingQuestion | None, peeker: int | None) -> None:
        if question is None or not self.is_card_question(question):
            super()._draw_ring(surface, question, peeker)
            return
        kit, c = self.ctx.kit, self.ctx.kit.colours
        n = len(question.options)
        pointed = self.pointer[peeker] % n if peeker is not None else None
        style = kit.seat_style(self.ctx.seats[peeker].style) if peeker is not None else None
        kit.draw_shape(surface, "circle", c.bg, OVAL_CENTER, HUB_RADIUS, outline=c.panel_hi)
        for i, (option, rect) in enumerate(zip(question.options, self.slot_rects(n))):
            self._draw_card_slot(surface, option, i, rect, style if pointed == i else None, peeker is not None)
        self._draw_card_hub(surface, question, peeker, pointed)

    def _draw_card_slot(self, surface: pygame.Surface, option: RingOption, index: int, rect: pygame.Rect,
                        pointer_style: Any, private: bool) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        used = private and option.used
        if pointer_style is not None:
            rect = rect.inflate(20, 16)
        paper = tuple(int(v * 0.7) for v in CARD_PAPER) if used else CARD_PAPER
        border = pointer_style.colour if pointer_style is not None else c.gold
        kit.panel(surface, rect, paper, radius=18, border=border, border_width=8 if pointer_style else 4,
                  shadow=False)
        self._fit_text(surface, option.label, rect.inflate(-28, -28), SLOT_TEXT_SIZES)
        badge = (rect.x + 6, rect.y + 6)
        kit.draw_shape(surface, "circle", c.gold, badge, 24, outline=c.shadow)
        kit.blit_text(surface, str(option.number or index + 1), 30, (badge[0], badge[1] + 1), "center", c.shadow)
        if used:
            pygame.draw.line(surface, c.bad, rect.bottomleft, rect.topright, 6)

    def _draw_card_hub(self, surface: pygame.Surface, question: RingQuestion, peeker: int | None,
                       pointed: int | None) -> None:
        """The hub, smaller than the ring's: how to look, or the peeker and the number pointed at."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        cx, cy = OVAL_CENTER
        if peeker is None or pointed is None:
            glyph = kit.button_hint(Intent.PEEK, 64)
            surface.blit(glyph, glyph.get_rect(midbottom=(cx, cy - 8)))
            kit.blit_text(surface, self.ctx.t("ring.secret_hold"), 28, (cx, cy), "midtop", c.accent,
                          max_width=2 * HUB_RADIUS - 40, align="center")
            return
        seat = self.ctx.seats[peeker]
        kit.draw_seat_badge(surface, seat, (cx, cy - 50), 64, name_size=30)
        option = question.options[pointed]
        kit.blit_text(surface, f"#{option.number or pointed + 1}", 48, (cx, cy + 60), "center",
                      kit.seat_style(seat.style).light)
