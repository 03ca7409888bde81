"""Where the board's parts sit, all inside the TV's safe area (``kit.safe_rect``).

The top bar, the stage (the phase's screen) and the track share the left part; the
seat column fills the right edge of the safe area, clear of the track (its summit
included). Squares snake upward in rows of 12; the Gouffre (-1) sits left of Départ
with its name under it. The squares are as large as the left part's width allows (94
px in the 5 % safe area, smaller in the 10 % one), so nothing is drawn in the margin and
a TV that crops its edges loses only background.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

#: The largest square, and the gap between two.
MAX_SQUARE, GAP = 94, 12
PER_ROW = 12
ROWS = 3
#: Between two rows' squares (the masks stand inside their squares: issue 28; a hop or
#: the wide safe area's small squares take a little of it).
ROW_SPACE = 24
SEAT_COLUMN_WIDTH = 340
COLUMN_GAP = 18
HEADER_HEIGHT = 64
#: Room under the bottom row for the Gouffre's name and the squares' legend (the hint bar
#: sits lower, centred).
BOTTOM_ROOM = 124


@dataclass(frozen=True)
class BoardLayout:
    safe: pygame.Rect

    @property
    def seat_column(self) -> pygame.Rect:
        return pygame.Rect(self.safe.right - SEAT_COLUMN_WIDTH, self.safe.y, SEAT_COLUMN_WIDTH, self.safe.height)

    @property
    def left(self) -> pygame.Rect:
        """Everything but the seat column."""
        return pygame.Rect(self.safe.x, self.safe.y, self.seat_column.x - COLUMN_GAP - self.safe.x, self.safe.height)

    @property
    def square(self) -> int:
        """A square's side: the Gouffre and the 12 squares of a row fill the left part."""
        return min(MAX_SQUARE, (self.left.width + GAP) // (PER_ROW + 1) - GAP)

    @property
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.left.x, self.left.y, self.left.width, HEADER_HEIGHT)

    @property
    def row_y(self) -> tuple[int, ...]:
        bottom = self.safe.bottom - BOTTOM_ROOM - self.square // 2
        return tuple(bottom - i * (self.square + ROW_SPACE) for i in range(ROWS))

    @property
    def stage(self) -> pygame.Rect:
        """The phase's screen: under the bar, above the track's top row (and its masks)."""
        top = self.header.bottom + 12
        bottom = self.row_y[-1] - self.square // 2 - 30
        return pygame.Rect(self.left.x, top, self.left.width, bottom - top)

    @property
    def track_x0(self) -> int:
        """The left edge of Départ's column: the track (Gouffre included) is centred in the left part."""
        width = (PER_ROW + 1) * (self.square + GAP) - GAP
        return self.left.x + (self.left.width - width) // 2 + self.square + GAP

    def square_center(self, index: int) -> tuple[int, int]:
        """Squares snake upward in rows of 12; -1 is the Gouffre, left of Départ."""
        rows, side = self.row_y, self.square
        if index < 0:
            return self.track_x0 - GAP - side // 2, rows[0]
        row, col = divmod(index, PER_ROW)
        if row % 2 == 1:
            col = PER_ROW - 1 - col
        return self.track_x0 + col * (side + GAP) + side // 2, rows[min(row, len(rows) - 1)]

    def square_rect(self, index: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.square, self.square)
        rect.center = self.square_center(index)
        return rect
