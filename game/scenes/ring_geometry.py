"""Where the ring picker's slots sit, from the safe area and the hint bar's room.

The slots sit on a circle (centre (960, 562), radius 320, 220×150 slots, a 196 px hub)
between the prompt's room under the safe area's top and the hint bar. In the 10 % safe
area that height is 108 px shorter: the top and bottom slots are pulled in towards the
centre (the others stay where they are, so they keep clear of the hub's words) and the
hub shrinks to stay between them. Slots keep their size: a character's portrait and
name, or a seat's shape and name, need it.

Boards that place things where the ring's options are (Secret Identity's character
ring, hub texts) read the same :func:`ring_geometry`, so option k sits on slot k. A board
with more above the ring than the prompt (Secret Identity's score track and its numbers)
asks for a larger ``top_room``, and its picker for the same: the ring then shrinks as in
the 10 % safe area.

A board of tall cards (Secret Identity's portraits) asks for ``rows``: the slots nearer
12 or 6 o'clock than 3 or 9 stand in a top and a bottom row, spread a card's width
apart, so a pulled-in ring's diagonal cards no longer lean into the hub; the hub keeps
a free rectangle (:meth:`RingGeometry.hub_room`) between the rows and the side slots.
Seen from the hub each slot stays inside its stick sector.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..ui.shapes import ring_positions

if TYPE_CHECKING:
    from ..ui.kit import UiKit

#: Room under the safe area's top for the prompt's pill (56 px words at text scale 1,
#: its padding) and some air above the top slot.
PROMPT_ROOM = 113
#: Between the bottom slot and the hint bar.
HINT_GAP = 4
RADIUS = 320
SLOT_SIZE = (220, 150)
HUB_RADIUS = 196
#: Between the hub's rim and the top and bottom slots.
HUB_GAP = 4
#: Between two cards of a row (a number badge overhanging a card's corner stays clear of
#: its neighbour), and what a row slot's badge rises above its card's top.
ROW_GAP = 20
#: A slot is in a row when it is this near 12 or 6 o'clock (in radians: 60°).
ROW_ANGLE = math.pi / 3


@dataclass(frozen=True)
class RingGeometry:
    center: tuple[int, int]
    radius: int
    slot: tuple[int, int]
    hub: int
    #: How far above and below the centre a slot's centre may be (the radius, or less
    #: when the safe area is short).
    reach: int
    #: Slots near 12 and 6 o'clock in a top and a bottom row (see the module's doc).
    rows: bool = False

    def positions(self, n: int) -> list[tuple[int, int]]:
        """Centres of ``n`` slots, the first at 12 o'clock, then clockwise."""
        (cx, cy), out = self.center, []
        for k, (x, y) in enumerate(ring_positions(n, self.center, self.radius)):
            angle = 2 * math.pi * k / n
            if self.rows and abs(math.cos(angle)) >= math.cos(ROW_ANGLE):
                y = cy - self.reach if math.cos(angle) > 0 else cy + self.reach
                if x != cx:
                    x = cx + int(math.copysign(max(abs(x - cx), self.slot[0] + ROW_GAP), x - cx))
            out.append((x, min(max(y, cy - self.reach), cy + self.reach)))
        return out

    def hub_room(self, badge_rise: int = 0) -> pygame.Rect:
        """The rectangle around the centre clear of the slots of a ``rows`` ring: between
        the side slots, under the top row and over the bottom row's number badges
        (``badge_rise`` px above its cards)."""
        cx, cy = self.center
        half_w = self.radius - self.slot[0] // 2 - HUB_GAP
        top = cy - self.reach + self.slot[1] // 2 + HUB_GAP
        bottom = cy + self.reach - self.slot[1] // 2 - badge_rise - HUB_GAP
        return pygame.Rect(cx - half_w, top, 2 * half_w, bottom - top)

    def slot_rects(self, n: int) -> list[pygame.Rect]:
        rects = []
        for pos in self.positions(n):
            rect = pygame.Rect((0, 0), self.slot)
            rect.center = pos
            rects.append(rect)
        return rects

    @property
    def top(self) -> int:
        """The top slot's top edge: the prompt ends above it."""
        return self.center[1] - self.reach - self.slot[1] // 2

    @property
    def left(self) -> int:
        """The side slots' left edge (9 o'clock): the room beside the ring ends there."""
        return self.center[0] - self.radius - self.slot[0] // 2


def ring_geometry(kit: UiKit, top_room: int = PROMPT_ROOM, slot: tuple[int, int] = SLOT_SIZE,
                  rows: bool = False, hug: bool = False) -> RingGeometry:
    """The ring for ``kit``'s safe area, its top slot ``top_room`` under the area's top
    (``slot``: a board's own card size, Secret Identity's taller portrait cards; ``rows``:
    its cards in three rows). With ``hug`` the side slots come in as far as a shrunk hub
    lets them, keeping the gap they keep from a full-size hub: the room beside the ring
    (a board's seat panels) widens by as much as the hub shrank."""
    top, bottom = kit.safe_rect.y + top_room, kit.hint_bar_top() - HINT_GAP
    reach = min(RADIUS, (bottom - top - slot[1]) // 2)
    hub = min(HUB_RADIUS, reach - slot[1] // 2 - HUB_GAP)
    radius = RADIUS - (HUB_RADIUS - hub) if hug else RADIUS
    return RingGeometry((kit.W // 2, (top + bottom) // 2), radius, slot, hub, reach, rows)
