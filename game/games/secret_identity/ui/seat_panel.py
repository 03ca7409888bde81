"""A Secret Identity seat's public panel (both boards) and where the panels stand.

Two columns beside the ring (:func:`panel_positions`). A panel tall enough shows three
rows: shape, name and score; the clue and the cards left; the status line. A shorter one
(the wide safe area with 8 seats) is laid out in :func:`compact` rows, so that a name is
never cut and a clue's pictograms keep the sofa's 48 px (issue 28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ....ui.fit import fit_text as fit_words
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import Shown, track_position
from .widgets import (
    BADGE_OVERHANG,
    HINT_ROOM,
    PANEL_GAP,
    PANEL_H,
    PANEL_INSET,
    PANEL_W,
    TRACK_ROOM,
    board_ring,
    draw_clue_row,
    draw_hand_count,
    draw_thirty_token,
    fit_label,
    mix,
    two_lines,
)

if TYPE_CHECKING:
    from ....ui.kit import UiKit

#: Panels shorter than PANEL_H (the wide safe area, 8 seats) stand this far apart and are
#: laid out in :func:`compact` rows: the name alone on the top one, the clue, the cards
#: left and the score under it, the status line at the bottom.
COMPACT_GAP = 6
#: A compact panel's rows: the name row's height, a clue chip's side (its pictogram then
#: MIN_MARK px), the status row's centre above the panel's bottom, and the inner margin.
COMPACT_NAME_ROW, COMPACT_CHIP, COMPACT_STATUS, COMPACT_PAD = 54, 56, 28, 14
#: A thinking bubble's height on a full panel (at the end of its status line, THINK_ROOM
#: kept free for it) and on a compact one.
THINK_SIZE, THINK_ROOM, COMPACT_THINK_SIZE = 28, 2 * 28 + 4, 38
#: Between a full panel's thinking bubble and the cards left after it on a status line.
HAND_GAP = 10


def panel_positions(kit: UiKit, seats: int) -> list[pygame.Rect]:
    """Seat panels in two columns beside the ring, left column first (like the ring
    picker's progress cards): as wide as the room between the safe area and the ring's
    side slots allows (clear of their number badges, which overhang the slots), as tall as
    the room between the track and the hint bar allows; panels too short for the full
    layout (:func:`compact`) stand closer together."""
    safe = kit.safe_rect
    width = min(PANEL_W, board_ring(kit).left - max(PANEL_GAP, BADGE_OVERHANG + 4) - (safe.x + PANEL_INSET))
    top, bottom = safe.y + TRACK_ROOM, safe.bottom - HINT_ROOM
    left = (seats + 1) // 2
    gap = PANEL_GAP
    height = min(PANEL_H, (bottom - top - (left - 1) * gap) // max(1, left))
    if height < PANEL_H:
        gap = COMPACT_GAP
        height = min(PANEL_H, (bottom - top - (left - 1) * gap) // max(1, left))
    rects = []
    for i in range(seats):
        column, row = (0, i) if i < left else (1, i - left)
        rows = left if column == 0 else seats - left
        first = (top + bottom) // 2 - (rows * height + (rows - 1) * gap) // 2
        x = safe.x + PANEL_INSET if column == 0 else safe.right - PANEL_INSET - width
        rects.append(pygame.Rect(x, first + row * (height + gap), width, height))
    return rects


def draw_seat_panel(surface: pygame.Surface, ctx: Any, seat_index: int, rect: pygame.Rect, *, score: float,
                    hand_count: int, clue: Sequence[Shown], status: str, status_colour: Sequence[int] | None = None,
                    highlight: Sequence[int] | None = None, done: bool = False, show_clue: bool = True,
                    show_score: bool = True, tag: str = "", status_seat: int | None = None,
                    veil: Sequence[int] | None = None) -> None:
    """One seat's public panel, in three rows that fit any panel :func:`panel_positions`
    gives: badge (colour + shape + name) and score with "30" tokens; the clue placed on
    its safe and the cards left; a status line (shrunk to 28 px drawn at most, followed by
    ``status_seat``'s shape when it names a seat). Without a clue the name stands larger
    and may take two lines. ``veil`` (a colour with alpha) dims the whole panel, as a
    reveal does the seats it is not about."""
    kit, c = ctx.kit, ctx.kit.colours
    seat = ctx.seats[seat_index]
    style = kit.seat_style(seat.style)
    border = highlight or (c.good if done else style.colour)
    tokens, marker = track_position(int(round(score)))

    def content() -> None:
        if compact(rect):
            compact_content()
            return
        # without a clue row the name stands larger, centred above the status line
        name_y = rect.y + 34 if show_clue else (rect.y + rect.bottom - 44) // 2
        kit.seat_token(surface, seat.style, (rect.x + 36, name_y), TOKEN_RADIUS)
        right = rect.right - 16
        if show_score:
            number = kit.blit_text(surface, str(marker), 46, (right, rect.y + 34), "midright", c.gold)
            right = number.x - 8
            if tokens:
                thirty = pygame.Rect(0, 0, 44, 44)
                thirty.midright = (right, rect.y + 34)
                draw_thirty_token(surface, ctx, thirty.center, 22, tokens)
                right = thirty.x - (kit.font(28).size(f"×{tokens}")[0] + 8 if tokens > 1 else 8)
        if tag:
            right = kit.blit_text(surface, tag, 28, (right, name_y), "midright", c.accent).x - 8
        width = right - (rect.x + 66)
        clue_top = rect.y + 62
        if show_clue:
            size, name = fit_label(kit, seat.name, width, (34, 32, 30))
            lines = two_lines(kit, seat.name, size, width) if name != seat.name else None
            if lines:  # too long for a line at 28 px drawn (the largest text): two lines at a
                # space or hyphen, the clue row a little lower and smaller
                clue_top = kit.blit_text(surface, lines, size, (rect.x + 66, rect.y + 6), "topleft",
                                         style.light).bottom + 2
            else:
                kit.blit_text(surface, name, size, (rect.x + 66, rect.y + 34), "midleft", style.light)
        else:
            size, name = fit_words(kit, seat.name, width, (40, 36, 34, 32, 30))
            kit.blit_text(surface, name, size, (rect.x + 66, name_y), "midleft", style.light)
        status_top = rect.bottom - 44
        if show_clue:  # the clue and the cards left share the middle row
            hand = (rect.right - 70, (clue_top + status_top) // 2)
            room = hand[0] - 56 - (rect.x + 16)
            chip = max(40, min(70, (room - 16) // 3, status_top - clue_top - 4))
            draw_clue_row(surface, ctx, clue, (rect.x + 16, hand[1] - chip // 2), chip, gap=8)
        else:  # the name has the middle row: the cards left go to the end of the status line
            hand = (rect.right - 70, rect.bottom - 34)
        draw_hand_count(surface, ctx, hand_count, hand)
        if status:
            y = rect.bottom - 24
            x = rect.x + (54 if done else 18)
            if done:
                kit.draw_check(surface, (rect.x + 32, y), 30, c.good)
            end = rect.right - 16 if show_clue else hand[0] - 56
            if seat.bot:  # the end of the line is the thinking bubble's (thinking_place)
                end -= THINK_ROOM + (0 if show_clue else HAND_GAP)
            room = end - x - (2 * TOKEN_RADIUS + 16 if status_seat is not None else 0)
            size, words = fit_label(kit, status, room, (28,))
            placed = kit.blit_text(surface, words, size, (x, y), "midleft", status_colour or (c.good if done else c.muted))
            if status_seat is not None:
                # (a little raised: the 48 px shape stays inside the panel's border)
                kit.seat_token(surface, ctx.seats[status_seat].style, (placed.right + 12 + TOKEN_RADIUS, y - 6),
                               TOKEN_RADIUS)
        if veil is not None:
            surface.blit(kit.rounded(rect.size, veil, 26), rect)

    def compact_content() -> None:
        # three rows: shape and name (the whole width: never cut); the clue, the cards
        # left and the score; the status line
        pad = COMPACT_PAD
        name_y = rect.y + 4 + COMPACT_NAME_ROW // 2
        kit.seat_token(surface, seat.style, (rect.x + 36, name_y), TOKEN_RADIUS)
        right = rect.right - pad
        if tag:
            right = kit.blit_text(surface, tag, 28, (right, name_y), "midright", c.accent).x - 8
        size, name = fit_label(kit, seat.name, right - (rect.x + 66), (36, 34, 32, 30) if not show_clue else (34, 32, 30))
        kit.blit_text(surface, name, size, (rect.x + 66, name_y), "midleft", style.light)
        row_y = rect.y + 4 + COMPACT_NAME_ROW + COMPACT_CHIP // 2
        left = rect.x + pad
        if show_clue:
            left = draw_clue_row(surface, ctx, clue, (left, row_y - COMPACT_CHIP // 2), COMPACT_CHIP, gap=6).right
        end = rect.right - pad
        if show_score:
            end = draw_score(surface, ctx, tokens, marker, (end, row_y), 40).x
        if show_clue:  # one card with the count on it, between the clue and the score
            draw_hand_stack(surface, ctx, hand_count, ((left + end) // 2, row_y))
        else:
            draw_hand_count(surface, ctx, hand_count, (rect.x + 62, row_y))
        if status:
            y = rect.bottom - COMPACT_STATUS
            x = rect.x + (54 if done else 18)
            if done:
                kit.draw_check(surface, (rect.x + 32, y), 30, c.good)
            room = rect.right - 16 - x - (2 * TOKEN_RADIUS + 16 if status_seat is not None else 0)
            size, words = fit_label(kit, status, room, (28,))
            placed = kit.blit_text(surface, words, size, (x, y), "midleft", status_colour or (c.good if done else c.muted))
            if status_seat is not None:
                kit.seat_token(surface, ctx.seats[status_seat].style, (placed.right + 12 + TOKEN_RADIUS, y),
                               TOKEN_RADIUS)
        if veil is not None:
            surface.blit(kit.rounded(rect.size, veil, 26), rect)

    key = ("si.seat", seat.name, seat.style, seat.bot, (tokens, marker) if show_score else None, tag,
           tuple(clue) if show_clue else None, hand_count, status, tuple(status_colour or ()), done, status_seat,
           ctx.seats[status_seat].style if status_seat is not None else None, tuple(veil or ()))
    kit.filled_panel(surface, rect, key, content, c.panel, radius=26, border=tuple(border),
                     border_width=6 if highlight else 4)


def compact(rect: pygame.Rect) -> bool:
    """Whether a seat panel is too short for the full layout (see COMPACT_GAP)."""
    return rect.height < PANEL_H


def thinking_place(rect: pygame.Rect, show_clue: bool = True) -> tuple[tuple[int, int], int]:
    """Where a bot's thinking bubble stands on its seat panel, and how tall: on a full
    panel at the end of the status line (a bot's status keeps THINK_ROOM free there, before
    the cards left when they share the line); on a compact one over the top border by the
    shape, or without a clue at the free end of its middle row (the name has the top row)."""
    if not compact(rect):
        end = rect.right - 16 if show_clue else rect.right - 70 - 56 - HAND_GAP
        return (end + 4 - THINK_SIZE, rect.bottom - 30), THINK_SIZE  # (8 px after the words)
    if not show_clue:
        return (rect.right - 64, rect.y + 4 + COMPACT_NAME_ROW + COMPACT_CHIP // 2), COMPACT_THINK_SIZE
    return (rect.x + 80, rect.y + 6), COMPACT_THINK_SIZE


def thinking_area(rect: pygame.Rect, show_clue: bool = True) -> pygame.Rect:
    """Every pixel the thinking bubble at :func:`thinking_place` may touch (its tail below it)."""
    center, size = thinking_place(rect, show_clue)
    bubble = pygame.Rect(0, 0, size * 2, size)
    bubble.center = center
    return bubble.inflate(4, 4).union(pygame.Rect(bubble.x, bubble.bottom - 2, size, size // 3 + 2).inflate(4, 4))


def thirty_spot(rect: pygame.Rect) -> tuple[int, int]:
    """Where a "30" token pops on a seat panel: beside its score."""
    if compact(rect):
        return rect.right - 92, rect.y + 4 + COMPACT_NAME_ROW + COMPACT_CHIP // 2
    return rect.right - 98, rect.y + 36


def draw_score(surface: pygame.Surface, ctx: Any, tokens: int, marker: int, midright: Sequence[int],
               size: int) -> pygame.Rect:
    """A seat's score (its marker's number, after its "30" tokens) ending at ``midright``:
    the rectangle it takes."""
    kit, c = ctx.kit, ctx.kit.colours
    number = kit.blit_text(surface, str(marker), size, midright, "midright", c.gold)
    taken = pygame.Rect(number)
    if tokens:
        thirty = pygame.Rect(0, 0, 44, 44)
        thirty.midright = (number.x - 8 - (kit.font(28).size(f"×{tokens}")[0] + 4 if tokens > 1 else 0),
                           int(midright[1]))
        draw_thirty_token(surface, ctx, thirty.center, 22, tokens)
        taken = taken.union(thirty)
    return taken


def draw_hand_stack(surface: pygame.Surface, ctx: Any, count: int, center: Sequence[int]) -> None:
    """How many picto cards a seat has left (public, SI-9), where a fan is too wide: a
    card over another with the count written on it."""
    kit, c = ctx.kit, ctx.kit.colours
    cx, cy = int(center[0]), int(center[1])
    for i, (dx, dy) in enumerate(((-5, -3), (2, 2))):
        card = pygame.Rect(0, 0, 46, 52)
        card.center = (cx + dx, cy + dy)
        pygame.draw.rect(surface, mix(c.accent, c.panel, 0.6 + 0.15 * i), card, border_radius=8)
        pygame.draw.rect(surface, c.accent if i else c.shadow, card, width=2, border_radius=8)
    kit.blit_text(surface, str(count), 28, (cx + 2, cy + 3), "center", c.text)
