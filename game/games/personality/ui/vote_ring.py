"""The vote ring, with the cards readable while players choose.

The ring picker veils the whole board, so whatever is voted on is drawn over the veil.
:class:`CardRing` does it two ways:

- a card voted about (the read card; a contested gift) sits in the top-left corner,
  clear of every ring slot (narrower, and taller, when a slot comes near), and the left
  column of progress cards moves down under it;
- when the options *are* cards (an Inversion vote, PE-9), each slot is the card itself,
  its whole text at 28 px or more, between the progress columns (``card_slots``: wide
  cards at 12 and 6 o'clock, the others in two columns), around a small hub whose
  needle points at the card the peeker points at.

Slots are drawn by the ring (``RingPicker._draw_slot``: badge, pointer, stroke); a card
slot only has another face. Cards are public (read aloud, or laid face up), so this
shows nothing secret; which slot a seat points at stays in its own peek, as on every
ring.
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ....input.intents import Intent
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....scenes.ring_cards import CARD_INSET, CARD_SIZE, ROW_PITCH
from ....scenes.ring_geometry import HINT_GAP
from .card_slots import card_slots, text_room
from .widgets import CARD_CAPTION, CARD_INK, CARD_PAPER, card_size, draw_card_text

#: Card sizes tried, largest first, until the text fits the corner.
CARD_SIZES = (36, 34, 32, 30, 28)
#: The corner card: at most this wide, at least this tall (taller when narrowed), so far under the safe area's top.
CARD_WIDTH, CARD_HEIGHT, CARD_TOP = 440, 270, 112
#: Between the corner card and a slot, or the progress cards under it.
CARD_CLEARANCE = 16
#: Cards as slots (``card_slots``): their text sizes, largest first, and the hub between them.
SLOT_TEXT_SIZES = (36, 34, 32, 30, 28)
CARD_HUB_RADIUS = 70
#: Room the hint bar takes at the bottom of the safe area (``kit.hint_bar``), and a little air.
HINT_BAR_ROOM = 72
#: How much a pointed slot grows (``RingPicker._draw_slot``).
POINTED_GROWTH = (26, 20)


class CardRing(RingPicker):
    """A :class:`RingPicker` that also shows ``card()``: (caption, text), or None, and
    draws an option whose label is one of ``card_texts()`` as that card."""

    def __init__(self, ctx: Any, seats: list[int], question: Callable[[int], RingQuestion | None],
                 on_choose: Callable[[int, int], str | None], card: Callable[[], tuple[str, str] | None],
                 card_texts: Callable[[], frozenset[str]] = frozenset, **kwargs: Any) -> None:
        super().__init__(ctx, seats, question, on_choose, **kwargs)
        self.card = card
        self.card_texts = card_texts

    def shown_question(self) -> RingQuestion | None:
        """The question the ring shows: the peeker's, else the public one."""
        peeker = self.peeker
        question = self.question(peeker) if peeker is not None else None
        return question if question is not None else self._public_question()

    # --- the card voted about ------------------------------------------------------------
    def card_rect(self) -> pygame.Rect:
        """Top left, as wide as it can be without reaching a slot (pointed ones grown),
        as tall as its caption and whole text need at 28 px or more."""
        safe = self.ctx.kit.safe_rect
        rect = pygame.Rect(safe.x + 4, safe.y + CARD_TOP, CARD_WIDTH, CARD_HEIGHT)
        question = self.shown_question()
        if question is not None:
            for slot in self.slot_rects(question):
                grown = slot.inflate(*POINTED_GROWTH)
                if grown.bottom > rect.y:
                    rect.width = min(rect.width, grown.x - CARD_CLEARANCE - rect.x)
        card = self.card()
        if card is not None:
            caption, text = card
            rect.height = max(rect.height, self._card_height(caption, text, rect.width))
        return rect

    def _card_height(self, caption: str, text: str, width: int) -> int:
        """The height the caption and the text at the smallest card size need."""
        kit = self.ctx.kit
        head = kit.text(caption, 28, CARD_CAPTION, max_width=width - 32, align="center").get_height()
        body = kit.text(text, CARD_SIZES[-1], CARD_INK, max_width=width - 40, align="center").get_height()
        return 14 + head + 6 + body + 14

    def _seat_slots(self) -> list[tuple[int, tuple[int, int]]]:
        slots = super()._seat_slots()
        if self.card() is None:
            return slots
        left_x = min(x for _, (x, _) in slots)
        left = [(seat, pos) for seat, pos in slots if pos[0] == left_x]
        right = [(seat, pos) for seat, pos in slots if pos[0] != left_x]
        top = self.card_rect().bottom + CARD_CLEARANCE + CARD_SIZE[1] // 2
        moved = [(seat, (x, top + i * ROW_PITCH)) for i, (seat, (x, _)) in enumerate(left)]
        return moved + right

    def draw_picker(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw_picker(surface, alpha)
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
        draw_card_text(kit, surface, text, room, CARD_SIZES)

    # --- cards as the ring's slots -------------------------------------------------------
    def is_card_question(self, question: RingQuestion | None) -> bool:
        texts = self.card_texts()
        return question is not None and bool(texts) and all(o.label in texts for o in question.options)

    def hub_radius(self, question: RingQuestion | None) -> int:
        return CARD_HUB_RADIUS if self.is_card_question(question) else super().hub_radius(question)

    def slot_rects(self, question: RingQuestion) -> list[pygame.Rect]:
        """Slot k for the stick's sector k (360k/n degrees clockwise from 12 o'clock):
        cards as ``card_slots`` places them, each tall enough for its whole text; players
        on the ring, pulled in vertically where the bottom slot would reach the hint bar
        (the 10 % safe area)."""
        if not self.is_card_question(question):
            return self._clear_of_hint_bar(super().slot_rects(question))
        kit = self.ctx.kit
        safe, beside = kit.safe_rect, CARD_INSET + self._card_width() + CARD_CLEARANCE
        area = pygame.Rect(safe.x + beside, self.geometry.top, safe.width - 2 * beside,
                           kit.hint_bar_top() - HINT_GAP - self.geometry.top)
        return card_slots(kit, tuple(o.label for o in question.options), self.geometry.center, CARD_HUB_RADIUS, area)

    def _clear_of_hint_bar(self, rects: list[pygame.Rect]) -> list[pygame.Rect]:
        cy = self.geometry.center[1]
        limit = self.ctx.kit.safe_rect.bottom - HINT_BAR_ROOM
        reach = max(rect.bottom + POINTED_GROWTH[1] // 2 for rect in rects) - cy
        if cy + reach <= limit:
            return rects
        squash = (limit - cy) / reach
        return [rect.move(0, int((rect.centery - cy) * squash) - (rect.centery - cy)) for rect in rects]

    def _draw_face(self, surface: pygame.Surface, option: RingOption, index: int, rect: pygame.Rect, pointer: Any,
                   used: bool) -> None:
        if option.label not in self.card_texts():
            super()._draw_face(surface, option, index, rect, pointer, used)
            return
        kit, c = self.ctx.kit, self.ctx.kit.colours
        paper = tuple(int(v * 0.7) for v in CARD_PAPER) if used else CARD_PAPER
        kit.panel(surface, rect, paper, radius=18, border=pointer.colour if pointer is not None else c.gold,
                  border_width=8 if pointer is not None else 4, shadow=False)
        # under the number badge in the top-left corner, every card at the size the longest fits
        draw_card_text(kit, surface, option.label, text_room(rect), (self._slot_text_size(),))

    def badge_centre(self, slot: pygame.Rect) -> tuple[int, int]:
        """A card's: on its top-left corner, above its text (``card_slots.text_room``), the
        cards standing apart enough for it (``card_slots``); a seat's, the ring's own."""
        if self.is_card_question(self.shown_question()):
            return slot.x + 10, slot.y + 10
        return super().badge_centre(slot)

    def _slot_text_size(self) -> int:
        """One size for every card shown: the largest at which each fits its slot."""
        question = self.shown_question()
        assert question is not None  # a card slot is drawn for a shown question
        return min(card_size(self.ctx.kit, option.label, text_room(rect), SLOT_TEXT_SIZES)
                   for option, rect in zip(question.options, self.slot_rects(question)))

    def _draw_hub(self, surface: pygame.Surface, question: RingQuestion, peeker: int | None,
                  pointed: int | None) -> None:
        """Among cards the hub is small: how to look, or the peeker's shape (its name is
        on its progress card, and the card it points at grows in its colour)."""
        if not self.is_card_question(question):
            super()._draw_hub(surface, question, peeker, pointed)
            return
        kit = self.ctx.kit
        if peeker is None or pointed is None:
            glyph = kit.button_hint(Intent.PEEK, 64)
            surface.blit(glyph, glyph.get_rect(center=self.geometry.center))
            return
        kit.seat_token(surface, self.ctx.seats[peeker].style, self.geometry.center, 34)
