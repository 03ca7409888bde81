"""Where the cards sit when a vote's options are trait cards (an Inversion vote, PE-9, and
its revote).

Slot k still stands for the stick's sector k (360k/n degrees clockwise from 12 o'clock),
but the cards do not sit on a circle: each is read whole, at 28 px drawn or more, and five
of the deck's longest must fit between the progress columns, the prompt and the hint bar,
even in the wide (10 %) safe area at the largest text size. So:

- the cards at 12 and (for an even count) 6 o'clock are wide *poles*, above and below
  the rest;
- the others stand in two *columns* either side of the hub, the right one (0–180°) and
  the left one (180–360°), top to bottom in the order the stick meets them.

Every card of a kind is as tall as the longest text on that kind needs at the smallest
size, so a long card grows its slot instead of crossing its border; the columns' cards
grow on to the room around the hub, so short cards leave no bare band. Seen from the hub,
each card still lies inside its sector (tests/test_personality_layout.py checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from ....ui.fit import remembered, smallest_size

if TYPE_CHECKING:
    from ....ui.kit import UiKit

#: Room in a card around its text: the number badge above (inside the corner: issue 28), a margin below and
#: on each side.
TEXT_TOP, TEXT_BOTTOM, TEXT_SIDE = 30, 12, 16
#: Cards are at least this tall, and at most this wide (poles; columns).
MIN_HEIGHT = 150
POLE_WIDTH, COLUMN_WIDTH = 640, 420
#: Between two cards (a number badge overhangs its card's top by 16 px), and between a
#: card and the hub's rim.
GAP = 22
#: How much a pointed card grows on each side (``RingPicker._draw_slot`` inflates by 26×20).
GROWTH = (13, 10)


def text_room(rect: pygame.Rect) -> pygame.Rect:
    """Where a card slot's text goes: under the number badge, inside the margins."""
    return pygame.Rect(rect.x + TEXT_SIDE, rect.y + TEXT_TOP, rect.width - 2 * TEXT_SIDE,
                       rect.height - TEXT_TOP - TEXT_BOTTOM)


def _height(kit: UiKit, texts: Sequence[str], width: int) -> int:
    """The height a card ``width`` wide needs for the longest of ``texts`` at the smallest size."""
    floor = smallest_size(kit)
    lines = max(len(kit.wrap(text, floor, width - 2 * TEXT_SIDE)) for text in texts)
    return max(MIN_HEIGHT, lines * kit.font(floor).get_linesize() + TEXT_TOP + TEXT_BOTTOM)


def columns(n: int) -> tuple[list[int], list[int], list[int]]:
    """The slots of ``n`` options that are poles (top first), in the right column and in
    the left column (each top to bottom)."""
    poles = [0] + ([n // 2] if n % 2 == 0 and n > 1 else [])
    right = [k for k in range(1, n) if k not in poles and 2 * k < n]
    left = sorted((k for k in range(1, n) if k not in poles and 2 * k > n), reverse=True)
    return poles, right, left


@remembered
def card_slots(kit: UiKit, texts: Sequence[str], centre: Sequence[int], hub: int,
               area: pygame.Rect) -> list[pygame.Rect]:
    """One rect per text (slot k for ``texts[k]``) inside ``area`` (clear of the prompt,
    the hint bar and the progress columns), around a hub of radius ``hub`` at ``centre``."""
    n, (cx, cy) = len(texts), centre
    poles, right, left = columns(n)
    inner = hub + GAP + GROWTH[0]
    side_w = min(COLUMN_WIDTH, area.right - GROWTH[0] - (cx + inner))
    pole_w = min(POLE_WIDTH, area.width - 2 * GROWTH[0])
    side_h = _height(kit, [texts[k] for k in right + left], side_w) if right or left else 0
    pole_h = _height(kit, [texts[k] for k in poles], pole_w)
    rows = max(len(right), len(left))
    if rows:  # the columns as tall as the room around the hub allows
        above = cy - (area.y + GROWTH[1]) - pole_h - GAP
        below = area.bottom - GROWTH[1] - cy - (pole_h + GAP if len(poles) > 1 else 0)
        side_h = max(side_h, (2 * min(above, below) - (rows - 1) * GAP) // rows)
    # the middle: the columns' rows, or the hub alone between two poles
    middle = rows * side_h + (rows - 1) * GAP if rows else 2 * hub
    stack = [pole_h, middle] + ([pole_h] if len(poles) > 1 else [])
    height = sum(stack) + GAP * (len(stack) - 1)
    top = cy - middle // 2 - GAP - pole_h
    # kept inside the area (a shift the middle leaves room for: the hub stays between the columns)
    top = max(top, area.y + GROWTH[1])
    top = min(top, area.bottom - GROWTH[1] - height)
    rects = [pygame.Rect(0, 0, 0, 0)] * n
    for i, k in enumerate(poles):
        rect = pygame.Rect(0, 0, pole_w, pole_h)
        rect.midtop = (cx, top if i == 0 else top + pole_h + GAP + middle + GAP)
        rects[k] = rect
    for column, x in ((right, cx + inner), (left, cx - inner - side_w)):
        y = top + pole_h + GAP + (middle - (len(column) * side_h + (len(column) - 1) * GAP)) // 2
        for k in column:
            rects[k] = pygame.Rect(x, y, side_w, side_h)
            y += side_h + GAP
    return rects
