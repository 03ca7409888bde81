"""Finding a word's picture in a drawing (pure): how an Incognito bot looks.

A bot sees what every player sees: the strokes of each drawing and the pictures of the
line-up's words. For each word it asks "is this picture somewhere in the drawing, at
some size?" and answers with a number from 0 to 1:

1. The drawing's pen strokes mark a coarse grid of (cell, direction): every cell a
   segment crosses, in its direction, each direction widened by one step either side
   (a shaky, slightly tilted hand stays in the mark). Each row of each direction is a
   Python int used as a bit set, so a look-up is a shift.
2. Guesses of where the picture could be come from pairing each long stroke of the
   drawing with each long line of the picture of similar proportions: their boxes give
   a size and a spot.
3. Each guess is scored by the share of the picture's sample points (with their
   direction) that land on a mark: a few points pick the guess (the first with the
   most), all points score it. That is the word's score.

A word's :class:`Template` (sample points, long lines) is computed once per icon, a
drawing's :class:`Marks` once per drawing and a score once per drawing and word
(cached, by identity: :class:`Same`, ``eq=False``; every bot at the table looks at
the same public strokes).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, Sequence, TypeVar

from .drawing import CANVAS_H, CANVAS_W, Stroke
from .outlines import PAPER, Outline, Point

CELL = 10
COLS, ROWS = CANVAS_W // CELL, CANVAS_H // CELL
#: ``RUNS[a][b]``: the bits of columns a to b (either order) in a row.
RUNS = tuple(tuple((2 << max(a, b)) - (1 << min(a, b)) for b in range(COLS)) for a in range(COLS))
#: A canvas coordinate's cell (a look-up: cheaper than a division, per segment).
CELL_OF = tuple(v // CELL for v in range(max(CANVAS_W, CANVAS_H)))
#: Directions are told apart in this many steps over half a turn.
DIRECTIONS = 8
#: Radians to direction steps.
TURN = DIRECTIONS / math.pi
#: Segments shorter than this (canvas units, either way) take their direction from a
#: table (:func:`near_directions`), the others from ``atan2``.
NEAR = 64
#: A picture's sample points, evenly spread along its lines.
TEMPLATE_POINTS = 32
#: The points that pick the guess to score (spread over the picture). 4 and the one
#: best guess scored (8 and 2 before, each guess's key rounded to drop near-duplicates):
#: ~30 % less reading, a little more found (0.639 -> 0.659 at 5 seats, issue 18).
QUICK_POINTS = 4
#: A picture's lines that can anchor a guess: at least this long a box side (unit box).
ANCHOR_SIDE = 0.25
#: A drawing's strokes that can anchor a guess (canvas units).
MIN_STROKE_SIDE = 24.0
#: Sizes a hidden picture may have, in canvas units.
SIZES = (50.0, 520.0)
#: How unlike two boxes' proportions may be (log of the width/height ratios).
ASPECT_SLACK = 0.45
#: Guesses come from a picture's few longest lines and a drawing's longest strokes.
ANCHORS = 2
STROKE_BOXES = 18


@dataclass(frozen=True, eq=False)
class Template:
    """A word's picture as the bot remembers it."""

    code: str
    #: (x, y, row offset) along its lines, unit box, evenly spread: the row offset is its
    #: direction's first row in :attr:`Marks.rows` (``direction * ROWS``).
    points: tuple[tuple[float, float, int], ...]
    #: (centre x, centre y, longer side, log of the proportions) of its longest lines.
    anchors: tuple[tuple[float, float, float, float], ...]


@dataclass(frozen=True, eq=False)
class Marks:
    """A drawing as the bot sees it: its bit rows, direction after direction (``ROWS``
    each), and its longest strokes' boxes as (centre x, centre y, longer side, log of
    the proportions)."""

    rows: tuple[int, ...]
    boxes: tuple[tuple[float, float, float, float], ...]


#: What a :class:`Same` key stands for.
T = TypeVar("T")


class Same(Generic[T]):
    """A cache key that is its object itself: hashed and compared by identity, not by
    value (a drawing's tuple of strokes or an outline would be hashed whole on every
    look-up). The cache holding the key keeps the object alive, so its id stays its own."""

    __slots__ = ("item",)

    def __init__(self, item: T) -> None:
        self.item = item

    def __hash__(self) -> int:
        return id(self.item)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.item is self.item


def template(outline: Outline) -> Template:
    return _template(Same(outline))


@lru_cache(maxsize=512)
def _template(key: Same[Outline]) -> Template:
    outline = key.item
    samples: list[tuple[float, float, int]] = []
    total = sum(_length(line) for line in outline.lines) or 1.0
    step = total / TEMPLATE_POINTS
    for line in outline.lines:
        samples += _samples(line, step)
    # spread the quick points over the whole picture: every k-th point first
    stride = max(1, len(samples) // QUICK_POINTS)
    ordered = samples[::stride] + [p for i, p in enumerate(samples) if i % stride]
    boxes = sorted((_box(line) for line in outline.lines), key=lambda box: -max(box[2], box[3]))
    anchors = tuple((x, y, max(w, h), math.log((w + 0.02) / (h + 0.02)))
                    for x, y, w, h in boxes[:ANCHORS] if max(w, h) >= ANCHOR_SIDE)
    return Template(outline.code, tuple((x, y, d * ROWS) for x, y, d in ordered), anchors)


def marks(strokes: tuple[Stroke, ...]) -> Marks:
    """A drawing's marks, made once per tuple of strokes (the state's, which every
    view shares: every bot at the table reads the same one)."""
    return _marks(Same(strokes))


@lru_cache(maxsize=64)
def _marks(key: Same[tuple[Stroke, ...]]) -> Marks:
    strokes = key.item
    grid = [[0] * ROWS for _ in range(DIRECTIONS)]
    boxes = []
    for stroke in strokes:
        if stroke.tool != "pen" or stroke.colour == PAPER or len(stroke.points) < 4:
            continue
        xs, ys = stroke.points[0::2], stroke.points[1::2]
        left, right, top, bottom = min(xs), max(xs), min(ys), max(ys)
        side = max(right - left, bottom - top)
        if side >= MIN_STROKE_SIDE:
            boxes.append(((right + left) / 2, (bottom + top) / 2, side,
                          math.log((right - left + 2) / (bottom - top + 2))))
        _mark(grid, xs, ys)
    widened = [a | b | c for d in range(DIRECTIONS)
               for a, b, c in zip(grid[d - 1], grid[d], grid[(d + 1) % DIRECTIONS])]
    boxes.sort(key=lambda box: -box[2])
    return Marks(tuple(widened), tuple(boxes[:STROKE_BOXES]))


def _mark(grid: list[list[int]], xs: Sequence[int], ys: Sequence[int]) -> None:
    """Set the grid's bits of every cell each segment of the path crosses, in the
    segment's direction: row by row, a run of columns each (its ends' columns where it
    enters and leaves the row, the crossing x rounded down). The points are ints on the
    canvas (checked strokes), so every cell is too. One pass per segment, a few steps
    each (a segment is ~20 canvas units: 1-3 cells): sampling the path every few units
    cost a step per sample (issue 18 item 5)."""
    run, cell_of, atan2, pi, near = RUNS, CELL_OF, math.atan2, math.pi, near_directions()
    for ax, ay, bx, by in zip(xs, ys, xs[1:], ys[1:]):
        dy = by - ay
        top, bottom = cell_of[ay], cell_of[by]
        if top == bottom:  # one row (|dy| < CELL)
            dx = bx - ax
            if dx or dy:
                step = near[dy][dx] if -NEAR < dx < NEAR else int(atan2(dy, dx) % pi * TURN) % DIRECTIONS
                grid[step][top] |= run[cell_of[ax]][cell_of[bx]]
            continue
        if dy < 0:  # walk it downwards
            ax, ay, bx, by, top, bottom, dy = bx, by, ax, ay, bottom, top, -dy
        dx = bx - ax
        rows = grid[near[dy][dx] if dy < NEAR and -NEAR < dx < NEAR else int(atan2(dy, dx) * TURN) % DIRECTIONS]
        col = cell_of[ax]
        below = (top + 1) * CELL - ay  # from the start down to the row's lower edge
        if bottom == top + 1:  # two rows (a third of the segments): no loop
            leaves = cell_of[ax + below * dx // dy]
            rows[top] |= run[col][leaves]
            rows[bottom] |= run[leaves][cell_of[bx]]
            continue
        for row in range(top, bottom):
            leaves = cell_of[ax + below * dx // dy]
            rows[row] |= run[col][leaves]
            col = leaves
            below += CELL
        rows[bottom] |= run[col][cell_of[bx]]


@lru_cache(maxsize=1)
def near_directions() -> tuple[tuple[int, ...], ...]:
    """A short segment's direction step by ``[dy][dx]`` (-NEAR < dx, dy < NEAR; negative
    indices wrap), the very value ``atan2`` gives (with ``% pi``: the same for dy > 0):
    a look-up per segment instead of ``atan2``, a modulo, a product and an ``int``
    (~0.5 ms a match). Made on first use (~2.5 ms), not at import."""
    signed = [*range(NEAR), *range(-NEAR, 0)]
    return tuple(tuple(int(math.atan2(dy, dx) % math.pi * TURN) % DIRECTIONS for dx in signed) for dy in signed)


def score(drawing: Marks, picture: Template) -> float:
    """How well ``picture`` is found somewhere in ``drawing``: the share of its points
    on the drawing's marks at the best guess of size and spot (0 when no guess)."""
    return _score(drawing, picture)


@lru_cache(maxsize=256)
def _score(drawing: Marks, picture: Template) -> float:
    low, high, slack = SIZES[0], SIZES[1], ASPECT_SLACK
    guesses = [(size, bx - size * ax, by - size * ay)
               for ax, ay, anchor_side, anchor_shape in picture.anchors
               for bx, by, side, shape in drawing.boxes if abs(shape - anchor_shape) <= slack
               for size in (side / anchor_side,) if low <= size <= high]
    if not guesses:
        return 0.0
    # the quick points pick the guess (the first of the best), scored on the rest too
    rows, quick = drawing.rows, picture.points[:QUICK_POINTS]
    ranks = [_hits(rows, quick, *guess) for guess in guesses]
    hits = max(ranks)
    return (hits + _hits(rows, picture.points[QUICK_POINTS:], *guesses[ranks.index(hits)])) / max(1, len(picture.points))


def _hits(rows: Sequence[int], points: Sequence[tuple[float, float, int]], size: float, x0: float, y0: float
          ) -> int:
    """How many of ``points`` (a picture scaled by ``size``, its corner at ``x0, y0``)
    are on a mark of their direction. A picture wholly on the canvas needs no bounds
    check."""
    scale, left, top = size / CELL, x0 / CELL, y0 / CELL
    if left >= 0 and top >= 0 and left + scale < COLS and top + scale < ROWS:
        return sum([rows[offset + int(top + scale * y)] >> int(left + scale * x) & 1 for x, y, offset in points])
    hits = 0
    for x, y, offset in points:
        col, row = left + scale * x, top + scale * y
        if 0 <= col < COLS and 0 <= row < ROWS and rows[offset + int(row)] >> int(col) & 1:
            hits += 1
    return hits


def _samples(path: Sequence[Point], step: float) -> list[tuple[float, float, int]]:
    """Points every ``step`` along ``path``, each with the direction of its segment."""
    out = []
    carry = 0.0
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        length = math.hypot(bx - ax, by - ay)
        if length == 0:
            continue
        direction = int((math.atan2(by - ay, bx - ax) % math.pi) / math.pi * DIRECTIONS) % DIRECTIONS
        fx, fy = (bx - ax) / length, (by - ay) / length
        t = carry
        while t < length:
            out.append((ax + fx * t, ay + fy * t, direction))
            t += step
        carry = t - length
    return out


def _box(path: Sequence[Point]) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in path], [p[1] for p in path]
    return (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2, max(xs) - min(xs), max(ys) - min(ys)


def _length(path: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(path, path[1:]))
