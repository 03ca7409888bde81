"""The ring picker's progress cards: one per choosing seat, in two columns beside the
ring, each with the seat's shape, colour and name and where it stands ("1/2 ·
Thinking…", "On the phone…" for a seat played on a phone, or a check mark and "2/2" on
a neutral rim once it is done); beside a lone chooser's, a card of what the choice is
about, when its game gives one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from ..input.intents import Intent
from ..ui.fit import fit_text

if TYPE_CHECKING:
    from ..context import AppContext
    from ..ui.kit import UiKit

#: A card at most, and how far in from the safe area (its soft shadow).
CARD_SIZE = (384, 112)
CARD_INSET = 30
#: Where a card's words start (its seat's token left of them).
CARD_TEXT_X = 80
#: A done seat's card: a neutral rim, no seat's colour (green read as the mint seat's),
#: and a check mark this big (px).
DONE_BORDER = (120, 116, 140)
DONE_MARK = 36
#: The peek button's glyph on a peeking seat's card (px).
PEEK_GLYPH = 44
#: Cards' centres, one row under the other.
ROW_PITCH = 132
#: The pictogram on the card of what a lone chooser's choice is about (px).
ASIDE_ICON = 88


def card_width(kit: UiKit, ring_left: int) -> int:
    """Cards fill the room between the safe area (less their shadow) and the ring's side
    slots (``ring_left``: the left slots' left edge): narrower in the wide safe area."""
    return min(CARD_SIZE[0], ring_left - 24 - (kit.safe_rect.x + CARD_INSET))


def seat_slots(kit: UiKit, seats: Sequence[int], width: int, middle: int) -> list[tuple[int, tuple[int, int]]]:
    """(seat, centre) of each card ``width`` wide: two columns centred on ``middle``
    (y), the left one first, top to bottom."""
    safe = kit.safe_rect
    half = width // 2
    left = (len(seats) + 1) // 2
    out = []
    for i, seat in enumerate(seats):
        column, row = (0, i) if i < left else (1, i - left)
        rows = left if column == 0 else len(seats) - left
        x = safe.x + CARD_INSET + half if column == 0 else safe.right - CARD_INSET - half
        y0 = middle - (rows - 1) * ROW_PITCH // 2
        out.append((seat, (x, y0 + row * ROW_PITCH)))
    return out


def draw_seat_card(ctx: AppContext, surface: pygame.Surface, seat_index: int, centre: tuple[int, int], width: int, *,
                   done: bool, refused: bool, peeking: bool, progress: str | None, pop: float = 1.0) -> None:
    kit, c = ctx.kit, ctx.kit.colours
    seat = ctx.seats[seat_index]
    style = kit.seat_style(seat.style)
    name, status = card_words(ctx, seat_index, width, done, peeking, progress)
    # a name broken in two lines makes the card a little taller (the rows are 132 apart)
    card = pygame.Rect(0, 0, width, max(CARD_SIZE[1], name.get_height() + status.get_height() + 8))
    card.center = centre
    border = c.bad if refused else (DONE_BORDER if done else style.colour)
    kit.panel(surface, card, c.panel, radius=26, border=border)
    kit.seat_token(surface, seat.style, (card.x + 44, card.centery), int(26 * pop))
    text_x = card.x + CARD_TEXT_X
    top = card.centery - (name.get_height() + status.get_height()) // 2
    surface.blit(name, (text_x, top))
    placed = surface.blit(status, (text_x + (DONE_MARK + 8 if done else 0), top + name.get_height()))
    if done:
        kit.draw_check(surface, (text_x + DONE_MARK // 2, placed.centery), DONE_MARK, c.text)
    if peeking:  # on the status's row, so the name keeps the card's width
        glyph = kit.button_hint(Intent.PEEK, PEEK_GLYPH)
        surface.blit(glyph, glyph.get_rect(midright=(card.right - 14, placed.centery)))


def card_words(ctx: AppContext, seat_index: int, card: int, done: bool, peeking: bool,
               progress: str | None) -> tuple[pygame.Surface, pygame.Surface]:
    """A ``card`` px wide card's name (shrunk, or in two lines) and status ("1/2 ·
    Thinking…", just "1/2" when there is no room for both, "2/2" by the check mark once
    done); a peeking seat's button glyph takes the end of the status's row."""
    kit, c = ctx.kit, ctx.kit.colours
    seat = ctx.seats[seat_index]
    width = card - CARD_TEXT_X - 14
    label = progress if progress is not None else (ctx.t("ring.done") if done else "")
    waiting = ctx.t("companion.on_phone_short" if seat.on_phone else "ring.waiting")  # a phone chooses on itself
    status = label if done else (f"{label} · {waiting}" if label else waiting)
    status_width = width - (DONE_MARK + 8 if done else 0) - (PEEK_GLYPH + 6 if peeking else 0)
    status_size, status = fit_text(kit, status, status_width, (30, 28))
    if "\n" in status and label:
        status_size, status = fit_text(kit, label, status_width, (30, 28))
    size, name = fit_text(kit, seat.name, width, (36, 32, 28))
    if "\n" in name:  # 6 px more before a word breaks: an 11-letter name stays whole in the wide safe area
        size, name = fit_text(kit, seat.name, width + 6, (36, 32, 28))
    return (kit.text(name, size, kit.seat_style(seat.style).light),
            kit.text(status, status_size, c.text if done else c.muted))


def draw_aside_card(kit: UiKit, surface: pygame.Surface, centre: tuple[int, int], width: int, room: tuple[int, int],
                    icon: str, title: str, body: str) -> None:
    """A card of what the choice is about (its pictogram, title and rule), in the column a
    lone chooser's progress card leaves empty (issue 28: no bare half of the screen),
    centred on ``centre`` between ``room``'s top and bottom (y): its words shrink, then
    its pictogram goes, while it would not fit."""
    c = kit.colours
    size, heading = fit_text(kit, title, width - 40, (40, 36, 32, 28))
    head = kit.text(heading, size, c.accent, align="center")
    for words_size, with_icon in ((30, True), (28, True), (28, False)):
        words = kit.text(body, words_size, c.text, max_width=width - 40, align="center")
        picture = kit.icon(icon, ASIDE_ICON) if with_icon else None
        height = (picture.get_height() + 8 if picture else 0) + head.get_height() + words.get_height() + 56
        if height <= room[1] - room[0]:
            break
    card = pygame.Rect(0, 0, width, height)
    card.center = centre
    card.top = max(room[0], min(card.top, room[1] - height))
    kit.panel(surface, card, c.panel, radius=26, border=c.panel_hi)
    top = card.y + 20
    if picture is not None:
        top = surface.blit(picture, picture.get_rect(midtop=(card.centerx, top))).bottom + 8
    top = surface.blit(head, head.get_rect(midtop=(card.centerx, top))).bottom + 12
    surface.blit(words, words.get_rect(midtop=(card.centerx, top)))
