"""Drawings as data: vector strokes that live in the game state (pure, no pygame).

In an action a stroke is a JSON-friendly dict ``{"tool", "colour", "width", "points"}``;
the state keeps it as an immutable :class:`Stroke` (points as a tuple), so states share
their strokes: ``apply`` copies the lists that change, never the strokes. Fields:

* ``tool``: ``pen`` (a line through the points), ``eraser`` (the same, in paper
  white) or ``fill`` (a flood fill from the one point, on the drawing as rendered so
  far);
* ``colour``: a palette id (``data/incognito/palette.yaml``); ignored by the eraser;
* ``width``: one of :data:`BRUSH_WIDTHS`, in canvas units;
* ``points``: flat ints ``[x0, y0, x1, y1, …]`` in the canvas space
  :data:`CANVAS_W` × :data:`CANVAS_H`, so a drawing re-renders at any size.

:class:`StrokeData` and :class:`SketchData` are the ``stroke`` and ``sketch`` moves'
data (``game.core.schema``): a stroke is bounded as a pad's is, whoever sends it (a pad,
a bot, a phone, a save). The helpers here smooth a raw cursor path (Chaikin corner
cutting) and thin it (Ramer–Douglas–Peucker), so strokes stay small in the autosave.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Container, Mapping, Sequence

from ....core.actions import IllegalAction

CANVAS_W, CANVAS_H = 800, 600
TOOLS = ("pen", "eraser", "fill")
#: Small, medium, large brush, in canvas units.
BRUSH_WIDTHS = (6, 14, 32)
#: Limits that keep one action (and the save) a reasonable size.
MAX_POINTS = 2000
MAX_STROKES = 600

Point = tuple[float, float]
STROKE_KEYS = frozenset({"tool", "colour", "width", "points"})


@dataclass(frozen=True, slots=True)
class Stroke:
    """A stroke as the state holds it. Its plain form (hashes, saves) is the action's dict."""

    tool: str
    colour: str
    width: int
    points: tuple[int, ...]

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> "Stroke":
        """From an action's (validated) stroke dict."""
        return cls(raw["tool"], raw["colour"], raw["width"], tuple(raw["points"]))

    def to_data(self) -> dict[str, Any]:
        """The action's form: plain JSON, points as a list."""
        return {"tool": self.tool, "colour": self.colour, "width": self.width, "points": list(self.points)}


def validate_stroke(raw: Any, colours: Container[str]) -> str | None:
    """None if ``raw`` is a well-formed stroke, else a short reason code. ``colours``:
    the palette's ids (a set: strokes are checked by the hundred)."""
    return _shape_problem(raw, colours) or _points_problem(raw["points"])


def validate_strokes(raws: Sequence[Any], colours: Container[str]) -> str | None:
    """:func:`validate_stroke` for several strokes at once (a bot's picture): None if
    all are well formed, else a reason code. Their points are checked together, each
    check one pass over them all (the lists are even, so the x are still at the even
    places): a stroke at a time cost ~6 passes and 2 copies per stroke (issue 18)."""
    flat: list[Any] = []
    for raw in raws:
        reason = _shape_problem(raw, colours)
        if reason:
            return reason
        flat += raw["points"]
    return _points_problem(flat) if flat else "bad_stroke"


class StrokeData:
    """The ``stroke`` move's stroke: :func:`validate_stroke`'s refusal (``bad_stroke``)."""

    def __init__(self, colours: Container[str]) -> None:
        self.colours = colours

    def check(self, value: object, where: str) -> None:
        reason = validate_stroke(value, self.colours)
        if reason:
            raise IllegalAction(reason, f"{where}: {repr(value)[:200]}")


class SketchData(StrokeData):
    """The ``sketch`` move's strokes: 1 to :data:`MAX_STROKES`, checked all at once
    (:func:`validate_strokes`); a refusal names the first bad one."""

    def check(self, value: object, where: str) -> None:
        if type(value) is not list or not value:
            raise IllegalAction("bad_stroke", f"{where}: {repr(value)[:200]}")
        if len(value) > MAX_STROKES:
            raise IllegalAction("too_many_strokes", f"{where}: {len(value)} strokes")
        if validate_strokes(value, self.colours):
            for index, stroke in enumerate(value):
                super().check(stroke, f"{where}[{index}]")


def _shape_problem(raw: object, colours: Container[str]) -> str | None:
    """Everything but the points' values: keys, tool, colour, width, the points' count."""
    if type(raw) is not dict and not isinstance(raw, Mapping):  # (a dict skips the slow ABC check)
        return "bad_stroke"
    if raw.keys() != STROKE_KEYS:
        return "bad_stroke"
    colour, width = raw["colour"], raw["width"]
    if (raw["tool"] not in TOOLS or type(colour) is not str or colour not in colours
            or type(width) is not int or width not in BRUSH_WIDTHS):
        return "bad_stroke"
    points = raw["points"]
    if not isinstance(points, list) or not points or len(points) % 2:
        return "bad_stroke"
    if len(points) // 2 > MAX_POINTS or (raw["tool"] == "fill" and len(points) != 2):
        return "bad_stroke"
    return None


def _points_problem(points: list[Any]) -> str | None:
    """None if the flat ``points`` (even count) are ints on the canvas."""
    if set(map(type, points)) != {int}:  # ints only (a bool is not one: its type is bool)
        return "bad_stroke"
    if min(points) < 0 or max(points[0::2]) >= CANVAS_W or max(points[1::2]) >= CANVAS_H:
        return "bad_stroke"
    return None


def make_stroke(tool: str, colour: str, width: int, path: Sequence[Point]) -> dict[str, Any]:
    """A stroke from a path in canvas units: clamped, rounded to ints, flattened."""
    right, bottom = CANVAS_W - 1, CANVAS_H - 1
    flat: list[int] = []
    for x, y in path:
        x, y = round(x), round(y)  # an int for an int or a float (bots draw thousands of points)
        flat.append(0 if x < 0 else right if x > right else x)
        flat.append(0 if y < 0 else bottom if y > bottom else y)
    return {"tool": tool, "colour": colour, "width": width, "points": flat}


def pairs(points: Sequence[int]) -> list[tuple[int, int]]:
    return [(points[i], points[i + 1]) for i in range(0, len(points) - 1, 2)]


def chaikin(path: Sequence[Point], rounds: int = 2) -> list[Point]:
    """Chaikin's corner cutting: each round replaces a corner by two points at 1/4 and
    3/4 of its segments. The ends stay where the player put them."""
    out: list[Point] = [(p[0], p[1]) for p in path]
    for _ in range(rounds):
        if len(out) < 3:
            return list(out)
        cut: list[Point] = [out[0]]
        for (ax, ay), (bx, by) in zip(out, out[1:]):
            cut.append((0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by))
            cut.append((0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by))
        cut.append(out[-1])
        out = cut
    return list(out)


def simplify(path: Sequence[Point], tolerance: float = 0.8) -> list[Point]:
    """Ramer–Douglas–Peucker: drop points closer than ``tolerance`` to the line."""
    if len(path) < 3:
        return list(path)
    keep = [False] * len(path)
    keep[0] = keep[-1] = True
    todo = [(0, len(path) - 1)]
    while todo:
        first, last = todo.pop()
        (ax, ay), (bx, by) = path[first], path[last]
        dx, dy = bx - ax, by - ay
        length = (dx * dx + dy * dy) ** 0.5
        best, index = -1.0, -1
        for i in range(first + 1, last):
            px, py = path[i]
            if length == 0:
                dist = ((px - ax) ** 2 + (py - ay) ** 2) ** 0.5
            else:
                dist = abs(dy * px - dx * py + bx * ay - by * ax) / length
            if dist > best:
                best, index = dist, i
        if best > tolerance:
            keep[index] = True
            todo.append((first, index))
            todo.append((index, last))
    return [p for p, k in zip(path, keep) if k]


def smooth_path(raw: Sequence[Point]) -> list[Point]:
    """What a finished cursor path becomes: cut corners, then thinned out."""
    return simplify(chaikin(raw, 2))
