"""The podium a :class:`~game.ui.show.Show` raises: columns for the first three places
(second, first, third from the left), each topped by its seats' labels.

A place held by one seat shows its badge as a stack (shape, name, counting score), or
a row as tied seats do where the rect is too short for the stack. Tied
seats would not fit side by side on one column (a long name squeezed into a third of a
third of the rect breaks into five lines), so they stand in rows above their column, one
row each: shape, name (one line, or two where it must), score; in two or more columns of
rows when one column of rows would be too tall for the rect. A place's column is as wide as
its labels need, the room left shared evenly, and every column is lowered by the same
factor when a place's labels would otherwise climb out of the top of the rect.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import pygame

from .fit import fit_text, smallest_size
from .shapes import shape_box

#: Podium columns: the winner's height share of the podium, and each place's below it.
COLUMN_SHARES = {1: 1.0, 2: 0.72, 3: 0.5}
#: Sizes: a lone seat's name and score, a tied seat's row name and score, the place number.
NAME_SIZES = (30, 28)
SCORE_SIZE, ROW_SCORE_SIZE, PLACE_SIZE = 40, 36, 64
#: Radii of a lone seat's shape and of a tied seat's shape in its row.
TOKEN, ROW_TOKEN = 30, 24
#: Space between a column and its neighbour, and inside a row between its parts.
GUTTER, GAP = 24, 10
#: The least space between a tied seat's name and its score in its row.
SCORE_GAP = 20
#: The least column height shown once risen: its place number and a little gold below.
MIN_COLUMN = 110


def side(radius: int) -> int:
    """How wide and tall a seat's shape of ``radius`` is drawn (a star's points included)."""
    return shape_box((0, 0), radius).width


@dataclass
class Place:
    """One place's column: its seats, how many columns of rows they stand in (0: a lone
    seat's badge), whether they are compact (shape and score over the name), its width and its risen height."""

    place: int
    seats: list[Any]
    across: int = 0
    compact: bool = False
    width: int = 0
    height: int = 0


def two_line_width(font: Any, name: str) -> int:
    """The least width that shows ``name`` in at most two lines, broken at a space or
    after a hyphen (as :func:`~game.ui.fit.break_lines` breaks it)."""
    pieces = [p for p in re.split(r"(?<=-)|(?<= )", name) if p]
    best = int(font.size(name)[0])
    for cut in range(1, len(pieces)):
        first, second = "".join(pieces[:cut]).strip(), "".join(pieces[cut:]).strip()
        best = min(best, max(font.size(first)[0], font.size(second)[0]))
    return best


class PodiumLayout:
    """Where each place's column and labels go in ``rect`` (module docstring)."""

    def __init__(self, show: Any, rect: pygame.Rect) -> None:
        self.show, self.rect, self.kit = show, rect, show.ctx.kit
        self.places = [Place(p, [s for s in show.standings if s.place == p]) for p in (2, 1, 3)
                       if any(s.place == p for s in show.standings)]
        for place in self.places:
            place.across = 1 if len(place.seats) > 1 else 0
        self._settle()

    # --- measures -----------------------------------------------------------------------------
    @property
    def floor(self) -> Any:
        return self.kit.font(smallest_size(self.kit))

    def name_width(self, seat: int) -> int:
        return two_line_width(self.floor, self.show.ctx.seats[seat].name)

    def score_width(self, standing: Any, size: int) -> int:
        return max(int(self.kit.font(size).size(str(n))[0]) for n in (standing.score, standing.start))

    def row_width(self, place: Place) -> int:
        """The narrowest row that shows each of the place's seats with its name in two lines
        (a compact row: its name under its shape and score)."""
        if place.compact:
            return max(max(self.name_width(s.seat), side(ROW_TOKEN) + GAP + self.score_width(s, ROW_SCORE_SIZE))
                       for s in place.seats)
        return max(side(ROW_TOKEN) + GAP + self.name_width(s.seat) + SCORE_GAP + self.score_width(s, ROW_SCORE_SIZE)
                   for s in place.seats)

    def need(self, place: Place) -> int:
        if not place.across:
            seat = place.seats[0]
            return max(self.name_width(seat.seat), self.score_width(seat, SCORE_SIZE)) + 12 + GUTTER
        return place.across * self.row_width(place) + (place.across - 1) * GAP + GUTTER

    def row_size(self, place: Place) -> tuple[int, int]:
        """A row's width in the place's column, and the room its name has."""
        inner = place.width - GUTTER
        width = min((inner - (place.across - 1) * GAP) // place.across, self.row_width(place) + 120)
        if place.compact:
            return width, width
        scores = max(self.score_width(s, ROW_SCORE_SIZE) for s in place.seats)
        return width, width - side(ROW_TOKEN) - GAP - SCORE_GAP - scores

    def name_fit(self, place: Place, room: int) -> tuple[int, int]:
        """The size all the place's names are drawn at (the largest that fits every one) and
        how tall the tallest is drawn."""
        names = [self.show.ctx.seats[s.seat].name for s in place.seats]
        size = min(fit_text(self.kit, name, room, NAME_SIZES)[0] for name in names)
        return size, max(self.kit.text(fit_text(self.kit, name, room, (size,))[1], size, shadow=True).get_height()
                         for name in names)

    def score_height(self, size: int) -> int:
        return int(self.kit.text("0", size).get_height())

    def row_height(self, place: Place) -> int:
        named = self.name_fit(place, self.row_size(place)[1])[1]
        score = self.score_height(ROW_SCORE_SIZE)
        if place.compact:
            return max(side(ROW_TOKEN), score) + 2 + named + 8
        return max(named, side(ROW_TOKEN), score) + 6

    def labels_height(self, place: Place) -> int:
        """How tall the labels stand above the column."""
        if not place.across:
            named = self.name_fit(place, place.width - GUTTER - 12)[1]
            return 6 + self.score_height(SCORE_SIZE) + named + 4 + side(TOKEN)
        return math.ceil(len(place.seats) / place.across) * self.row_height(place) + 6

    # --- settling -----------------------------------------------------------------------------
    def _widths(self) -> None:
        """The room left over each place's need, shared by its columns of rows (a badge: one)."""
        spare = max(0, self.rect.width - sum(self.need(p) for p in self.places))
        shares = sum(max(1, p.across) for p in self.places)
        for place in self.places:
            place.width = self.need(place) + spare * max(1, place.across) // shares

    def _settle(self) -> None:
        """Compact rows where rows beside their scores are too wide for the rect; more
        columns of rows for a place whose rows climb out of the rect, while they fit its
        width; then the (shared) lowering of the columns."""
        self._widths()
        for place in self.places:  # a lone seat's badge too tall for a short rect: a row
            if not place.across and self.labels_height(place) + MIN_COLUMN > self.rect.height:
                place.across = 1
        if sum(self.need(p) for p in self.places) > self.rect.width:
            for place in self.places:
                place.compact = bool(place.across)
        while True:
            self._widths()
            tall = [p for p in self.places if p.across and p.across < len(p.seats)
                    and self.labels_height(p) + MIN_COLUMN > self.rect.height]
            if not tall:
                break
            tall[0].across += 1
            if sum(self.need(p) for p in self.places) > self.rect.width:
                tall[0].across -= 1
                self._widths()
                break
        ideal = {p.place: self.rect.height * 0.55 * COLUMN_SHARES[p.place] for p in self.places}
        factor = min([1.0, *((self.rect.height - self.labels_height(p)) / ideal[p.place] for p in self.places)])
        for place in self.places:
            place.height = max(MIN_COLUMN, int(ideal[place.place] * factor))

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> list[pygame.Rect]:
        kit, c = self.kit, self.kit.colours
        drawn: list[pygame.Rect] = []
        x = self.rect.centerx - sum(p.width for p in self.places) // 2
        for place in self.places:
            slot, x = pygame.Rect(x, self.rect.y, place.width, self.rect.height), x + place.width
            height = int(place.height * self.show.rise(place.place, alpha))
            if height <= 0:
                continue  # its seats come up with their column
            block = pygame.Rect(0, 0, min(slot.width - GUTTER, max(self.need(place), self.rect.width // 3) - GUTTER),
                                height)
            block.midbottom = slot.midbottom
            kit.panel(surface, block, c.gold if place.place == 1 else c.panel_hi, radius=18, shadow=False)
            kit.blit_text(surface, str(place.place), PLACE_SIZE, (block.centerx, block.y + 16), "midtop",
                          c.shadow if place.place == 1 else c.text)
            labels = self._badge(surface, place, slot, block, alpha) if not place.across else \
                self._rows(surface, place, slot, block, alpha)
            drawn.append(block.unionall(labels))
        return drawn

    def _badge(self, surface: pygame.Surface, place: Place, slot: pygame.Rect, block: pygame.Rect,
               alpha: float) -> list[pygame.Rect]:
        """A lone seat, from the column up: the counting score, the name, the seat's shape."""
        kit, standing = self.kit, place.seats[0]
        seat = self.show.ctx.seats[standing.seat]
        light = kit.seat_style(seat.style).light
        cx = block.centerx
        score = kit.blit_text(surface, str(self.show.count(standing.seat, alpha)), SCORE_SIZE, (cx, block.y - 6),
                              "midbottom", light)
        size, name = fit_text(kit, seat.name, slot.width - GUTTER - 12, NAME_SIZES)
        named = kit.blit_text(surface, name, size, (cx, score.top), "midbottom", light, align="center", shadow=True)
        token = kit.seat_token(surface, seat.style, (cx, named.top - 4 - side(TOKEN) // 2), TOKEN)
        return [score, named, token]

    def _rows(self, surface: pygame.Surface, place: Place, slot: pygame.Rect, block: pygame.Rect,
              alpha: float) -> list[pygame.Rect]:
        """Tied seats, a row each in ``place.across`` columns of rows standing on the column,
        the first seat top left: shape, name, score (compact: shape and score over the name)."""
        kit, rows = self.kit, math.ceil(len(place.seats) / place.across)
        width, room = self.row_size(place)
        size = self.name_fit(place, room)[0]
        left = slot.centerx - (place.across * width + (place.across - 1) * GAP) // 2
        height = self.row_height(place)
        top = block.y - 6 - rows * height
        drawn = []
        for i, standing in enumerate(place.seats):
            row = pygame.Rect(left + (i % place.across) * (width + GAP), top + (i // place.across) * height,
                              width, height)
            seat = self.show.ctx.seats[standing.seat]
            light = kit.seat_style(seat.style).light
            name = fit_text(kit, seat.name, room, (size,))[1]
            score = str(self.show.count(standing.seat, alpha))
            if place.compact:
                line = side(ROW_TOKEN) + GAP + kit.font(ROW_SCORE_SIZE).size(score)[0]
                token = kit.seat_token(surface, seat.style, (row.centerx - line // 2 + side(ROW_TOKEN) // 2,
                                                                    row.y + side(ROW_TOKEN) // 2),
                                       ROW_TOKEN)
                scored = kit.blit_text(surface, score, ROW_SCORE_SIZE, (token.right + GAP, token.centery), "midleft",
                                       light)
                named = kit.blit_text(surface, name, size, (row.centerx, max(token.bottom, scored.bottom) + 2),
                                      "midtop", light, align="center", shadow=True)
            else:
                token = kit.seat_token(surface, seat.style, (row.x + side(ROW_TOKEN) // 2, row.centery), ROW_TOKEN)
                named = kit.blit_text(surface, name, size, (token.right + GAP, row.centery), "midleft", light,
                                      shadow=True)
                scored = kit.blit_text(surface, score, ROW_SCORE_SIZE, (row.right, row.centery), "midright", light)
            drawn += [token, named, scored]
        return drawn
