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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ..ui.shapes import ring_positions

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


@dataclass(frozen=True)
class RingGeometry:
    center: tuple[int, int]
    radius: int
    slot: tuple[int, int]
    hub: int
    #: How far above and below the centre a slot's centre may be (the radius, or less
    #: when the safe area is short).
    reach: int

    def positions(self, n: int) -> list[tuple[int, int]]:
        """Centres of ``n`` slots, the first at 12 o'clock, then clockwise."""
        cy = self.center[1]
        return [(x, min(max(y, cy - self.reach), cy + self.reach))
                for x, y in ring_positions(n, self.center, self.radius)]

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


def ring_geometry(kit: Any, top_room: int = PROMPT_ROOM, slot: tuple[int, int] = SLOT_SIZE) -> RingGeometry:
    """The ring for ``kit``'s safe area, its top slot ``top_room`` under the area's top
    (``slot``: a board's own card size, Secret Identity's taller portrait cards)."""
    top, bottom = kit.safe_rect.y + top_room, kit.hint_bar_top() - HINT_GAP
    reach = min(RADIUS, (bottom - top - slot[1]) // 2)
    hub = min(HUB_RADIUS, reach - slot[1] // 2 - HUB_GAP)
    return RingGeometry((kit.W // 2, (top + bottom) // 2), RADIUS, slot, hub, reach)
