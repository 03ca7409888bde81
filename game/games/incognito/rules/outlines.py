"""OpenMoji icons as pen outlines (pure, no pygame): what the Incognito bots trace.

An OpenMoji SVG has a ``color`` layer of filled shapes under a ``line`` layer of black
strokes. :func:`load_outline` parses one with ``svgelements`` into an :class:`Outline`
in a unit box (the icon's longer side is 1, centred on ``(0.5, 0.5)``):

* ``lines``: the black strokes as polylines, chained where one ends where the next
  begins (a pen stroke follows a contour the way a hand would) and thinned;
* ``shapes``: the coloured areas, each as its rings, the palette colour nearest its
  OpenMoji colour (never the black of the lines), and a seed point well inside it
  (where a fill bucket goes) with the seed's distance to the nearest edge. Near-white
  areas are left out: the paper is white.

Lines and rings are thinned to what a quick hand keeps (:data:`THIN`: about 1–3 canvas
units at the sizes bots draw), and their long runs cut (:data:`RUN`) where a hand's
wobble shows: a bot's stroke is then these points as they are, moved, few to shake,
check and read (issue 18 item 5).

Parsing is cached per code and palette, in memory (a table of bots parses each icon
once) and on disk (``disk_cache``, one small JSON file of plain numbers per icon, named
by a digest of its SVG, the palette and the parser's settings, which it also holds):
a parse costs ~10 ms of svgelements, a read ~0.1 ms, so a process (each ``sim``
worker, the app) reads what an earlier one parsed instead of spending ~2.5 s on the
~250 icons of a bot match series. A file that does not read back as an outline of
that digest (cut short, garbled, from another version) is parsed again and rewritten.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

from .... import disk_cache
from ....icons import icon_path
from .drawing import simplify

Point = tuple[float, float]
Polyline = tuple[Point, ...]
#: A palette as ``((colour_id, (r, g, b)), ...)``, hashable for the cache.
PaletteKey = tuple[tuple[str, tuple[int, int, int]], ...]

#: Curves are cut into this many straight pieces per unit of the 72-unit viewBox.
CURVE_STEPS_PER_UNIT = 0.5
#: Two strokes whose ends are this close (unit box) become one pen stroke.
CHAIN_GAP = 0.02
#: Thinning tolerance (unit box) of lines and rings: 1.5–5 canvas units at the sizes
#: bots draw (120–430), under the hand's own shake (0.008 before: ~20 % more points a
#: drawing, each drawn, checked and read; issue 18).
THIN = 0.012
#: Runs of two of these or longer (unit box) are cut into even pieces of about this
#: length: 14–43 canvas units at the sizes bots draw (0.14 before, issue 18).
RUN = 0.2
#: Coloured areas smaller than this share of the unit box are not worth a fill.
MIN_SHAPE_AREA = 0.004
#: Bump when the parse below changes what it makes (the cached files are then made again).
PARSER_VERSION = 3
PAPER = "white"
#: The ink of the lines: dark areas take the next darkest colour, so lines show on them.
INK = "black"


@dataclass(frozen=True)
class Shape:
    colour: str
    rings: tuple[Polyline, ...]
    seed: Point
    #: Distance from the seed to the nearest edge, in the unit box.
    depth: float
    area: float


@dataclass(frozen=True)
class Outline:
    code: str
    lines: tuple[Polyline, ...]
    shapes: tuple[Shape, ...]
    #: Each line's length (unit box), in the order of ``lines``.
    lengths: tuple[float, ...] = ()

    @classmethod
    def make(cls, code: str, lines: tuple[Polyline, ...], shapes: tuple[Shape, ...]) -> "Outline":
        return cls(code, lines, shapes, tuple(_length(line) for line in lines))


def load_outline(code: str, palette: PaletteKey) -> Outline:
    """The outline of OpenMoji icon ``code`` with colours from ``palette`` (cached)."""
    return _load_outline(code, palette)


@lru_cache(maxsize=512)
def _load_outline(code: str, palette: PaletteKey) -> Outline:
    source = icon_path(code).read_bytes()
    recipe = (PARSER_VERSION, CURVE_STEPS_PER_UNIT, CHAIN_GAP, THIN, RUN, MIN_SHAPE_AREA, palette,
              hashlib.sha256(source).hexdigest())
    key = hashlib.sha256(repr(recipe).encode()).hexdigest()
    path = disk_cache.cache_path(disk_cache.cache_dir("outlines"), code, recipe, ".json")
    got: list[Outline] = []

    def make() -> bytes:
        got.append(parse_outline(source, palette, code))
        return json.dumps(to_plain(got[-1], key), separators=(",", ":")).encode()

    def readable(data: bytes) -> bool:
        try:
            got.append(from_plain(json.loads(data), code, key))
        except (ValueError, TypeError, KeyError, IndexError, RecursionError):  # cut short, garbled, another recipe
            return False
        return True

    disk_cache.cached_bytes(path, make, readable)
    return got[-1]


def to_plain(outline: Outline, key: str) -> dict[str, Any]:
    """The cache file's form: plain numbers, points flattened, with the recipe's digest."""
    flat = _flat
    return {"key": key, "code": outline.code, "lines": [flat(line) for line in outline.lines],
            "shapes": [{"colour": s.colour, "rings": [flat(r) for r in s.rings], "seed": list(s.seed),
                        "depth": s.depth, "area": s.area} for s in outline.shapes]}


def from_plain(plain: object, code: str, key: str) -> Outline:
    """The outline a cache file holds; ValueError (or TypeError, KeyError, IndexError)
    unless it is a whole one of ``code`` made by the recipe ``key``."""
    if type(plain) is not dict or plain["key"] != key or plain["code"] != code:
        raise ValueError("another outline")
    lines = tuple(_points(line) for line in plain["lines"])
    shapes = []
    for raw in plain["shapes"]:
        seed = _points(raw["seed"])
        if len(seed) != 1 or type(raw["colour"]) is not str:
            raise ValueError("bad shape")
        shapes.append(Shape(raw["colour"], tuple(_points(r) for r in raw["rings"]), seed[0],
                            _number(raw["depth"]), _number(raw["area"])))
    return Outline.make(code, lines, tuple(shapes))


def _flat(points: Polyline) -> list[float]:
    return [v for point in points for v in point]


def _points(flat: object) -> Polyline:
    if type(flat) is not list or len(flat) % 2:
        raise ValueError("bad points")
    values = [_number(v) for v in flat]
    return tuple(zip(values[0::2], values[1::2]))


def _number(value: object) -> float:
    if type(value) is not float and type(value) is not int:
        raise TypeError("not a number")
    return float(value)


def parse_outline(source: bytes, palette: PaletteKey, code: str) -> Outline:
    """The outline in SVG ``source`` (icon ``code``), with colours from ``palette``."""
    from svgelements import SVG, Path, Shape as SvgShape  # type: ignore[import-untyped]  # (no type hints)

    raw_lines: list[list[Point]] = []
    raw_shapes: list[tuple[tuple[int, int, int], list[list[Point]]]] = []
    for element in SVG.parse(io.BytesIO(source)).elements():
        if not isinstance(element, SvgShape):
            continue
        rings = [ring for ring in _subpaths(Path(element)) if len(ring) >= 2]
        fill, stroke = _rgb(element.fill), _rgb(element.stroke)
        if stroke is not None:
            raw_lines.extend(rings)
        elif fill is not None:
            raw_shapes.append((fill, rings))
    points = [p for ring in raw_lines for p in ring] or [p for _, rings in raw_shapes for r in rings for p in r]
    to_unit = _unit_box(points)
    lines = tuple(_cut(simplify([to_unit(p) for p in line], THIN)) for line in _chain(raw_lines))
    shapes = []
    for rgb, rings in raw_shapes:
        colour = _nearest(rgb, tuple(item for item in palette if item[0] != INK))
        unit_rings = tuple(tuple(to_unit(p) for p in ring) for ring in rings if len(ring) >= 3)
        area = abs(sum(_signed_area(r) for r in unit_rings))
        if colour == PAPER or area < MIN_SHAPE_AREA:
            continue
        seed, depth = _deepest_point(unit_rings)
        if depth > 0:
            shapes.append(Shape(colour, tuple(_thin_ring(r) for r in unit_rings), seed, depth, area))
    return Outline.make(code, lines, tuple(shapes))


def _thin_ring(ring: Polyline) -> Polyline:
    """A closed ring thinned and cut like a line (its first point kept, not repeated at
    the end)."""
    thinned = simplify([*ring, ring[0]], THIN)
    return _cut(thinned)[:-1] if len(thinned) >= 4 else ring


def _cut(line: Sequence[Point]) -> Polyline:
    """``line`` with each run of two :data:`RUN` or longer cut into even pieces."""
    out = [line[0]]
    for (ax, ay), (bx, by) in zip(line, line[1:]):
        pieces = int(math.dist((ax, ay), (bx, by)) // RUN)
        out += [(ax + (bx - ax) * k / pieces, ay + (by - ay) * k / pieces) for k in range(1, pieces)]
        out.append((bx, by))
    return tuple(out)


def _rgb(colour: object) -> tuple[int, int, int] | None:
    value = getattr(colour, "value", None)
    if value is None or getattr(colour, "alpha", 255) == 0:
        return None
    return colour.red, colour.green, colour.blue  # type: ignore[attr-defined]  # (svgelements' Color, untyped)


def _subpaths(path: object) -> list[list[Point]]:
    """Each subpath as a polyline; curves cut into short straight pieces."""
    out = []
    for sub in path.as_subpaths():  # type: ignore[attr-defined]  # (svgelements' Path, untyped)
        ring: list[Point] = []
        for segment in sub:
            kind = type(segment).__name__
            start, end = getattr(segment, "start", None), getattr(segment, "end", None)
            if end is None or kind == "Move":
                continue
            if not ring and start is not None:
                ring.append((start.x, start.y))
            if kind in ("Line", "Close") or start is None:
                ring.append((end.x, end.y))
            else:
                ring += _curve(segment, kind)
        if ring:
            out.append(ring)
    return out


def _curve(segment: Any, kind: str) -> list[Point]:
    """A curve's points after its start. Béziers are evaluated here (svgelements'
    ``point`` tries to import numpy on every call, which costs more than the maths);
    an arc goes through the cubic Béziers svgelements approximates it with."""
    if kind == "CubicBezier":
        controls = [segment.start, segment.control1, segment.control2, segment.end]
    elif kind == "QuadraticBezier":
        controls = [segment.start, segment.control, segment.end]
    elif kind == "Arc":
        return [p for cubic in segment.as_cubic_curves() for p in _curve(cubic, "CubicBezier")]
    else:
        return [(segment.end.x, segment.end.y)]
    hull = [(p.x, p.y) for p in controls]
    steps = _steps(controls)
    return [_bezier(hull, i / steps) for i in range(1, steps + 1)]


def _steps(points: Sequence[Any]) -> int:
    length = sum(math.dist((a.x, a.y), (b.x, b.y)) for a, b in zip(points, points[1:]))
    return max(2, int(length * CURVE_STEPS_PER_UNIT) + 1)


def _bezier(controls: Sequence[Point], t: float) -> Point:
    points = list(controls)
    while len(points) > 1:  # de Casteljau
        points = [(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t) for a, b in zip(points, points[1:])]
    return points[0]


def _unit_box(points: Sequence[Point]) -> Callable[[Point], Point]:
    if not points:
        return lambda p: p
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    side = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return lambda p: (0.5 + (p[0] - cx) / side, 0.5 + (p[1] - cy) / side)


def _chain(lines: list[list[Point]]) -> list[list[Point]]:
    """Join polylines end to end (greedy, reversing one where needed), longest first."""
    gap = CHAIN_GAP * 72
    todo = sorted((list(line) for line in lines), key=_length, reverse=True)
    out = []
    while todo:
        chain = todo.pop(0)
        joined = True
        while joined and not _closed(chain, gap):
            joined = False
            for i, other in enumerate(todo):
                if _close(chain[-1], other[0], gap):
                    chain += other[1:]
                elif _close(chain[-1], other[-1], gap):
                    chain += other[-2::-1]
                elif _close(chain[0], other[-1], gap):
                    chain = other[:-1] + chain
                elif _close(chain[0], other[0], gap):
                    chain = other[:0:-1] + chain
                else:
                    continue
                del todo[i]
                joined = True
                break
        out.append(chain)
    return out


def _close(a: Point, b: Point, gap: float) -> bool:
    return abs(a[0] - b[0]) <= gap and abs(a[1] - b[1]) <= gap


def _closed(line: list[Point], gap: float) -> bool:
    return len(line) > 2 and _close(line[0], line[-1], gap)


def _length(line: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in zip(line, line[1:]))


def _nearest(rgb: tuple[int, int, int], palette: PaletteKey) -> str:
    """The palette colour nearest ``rgb`` (a "redmean" weighted distance, close to how
    far apart people see two colours, for no more than plain RGB costs). A grey stays
    a grey: dark greys are nearer brown than grey by distance alone."""
    if _neutral(rgb):
        palette = tuple(item for item in palette if _neutral(item[1])) or palette
    def distance(other: tuple[int, int, int]) -> float:
        mean = (rgb[0] + other[0]) / 2
        dr, dg, db = rgb[0] - other[0], rgb[1] - other[1], rgb[2] - other[2]
        return (2 + mean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean) / 256) * db * db
    return min(palette, key=lambda item: distance(item[1]))[0]


def _neutral(rgb: tuple[int, int, int]) -> bool:
    return max(rgb) - min(rgb) < 32


def _signed_area(ring: Polyline) -> float:
    return sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1])) / 2


def inside(point: Point, rings: Sequence[Polyline]) -> bool:
    """Even-odd rule over all rings (holes are rings inside rings)."""
    x, y = point
    hit = False
    for ring in rings:
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                hit = not hit
    return hit


#: A ring's edge: its start, its end, their difference and its squared length.
Edge = tuple[float, float, float, float, float, float, float]


def _edges(rings: Sequence[Polyline]) -> list[Edge]:
    """Every edge of ``rings``, worked out once for all the points a parse measures."""
    out = []
    for ring in rings:
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            dx, dy = bx - ax, by - ay
            out.append((ax, ay, bx, by, dx, dy, dx * dx + dy * dy))
    return out


def _inside_edges(x: float, y: float, edges: list[Edge]) -> bool:
    """:func:`inside`, over :func:`_edges`."""
    hit = False
    for ax, ay, _bx, by, dx, dy, _span in edges:
        if (ay > y) != (by > y) and x < ax + (y - ay) * dx / dy:
            hit = not hit
    return hit


def _edge_distance(px: float, py: float, edges: list[Edge]) -> float:
    # (comparisons where min() and max() were: the same numbers at a third of the cost, in
    # the hottest loop of a parse)
    best = math.inf
    hypot = math.hypot
    for ax, ay, _bx, _by, dx, dy, span in edges:
        if span == 0:
            t = 0.0
        else:
            t = ((px - ax) * dx + (py - ay) * dy) / span
            t = t if t < 1.0 else 1.0
            t = t if t > 0.0 else 0.0
        distance = hypot(px - ax - t * dx, py - ay - t * dy)
        if distance < best:
            best = distance
    return best


def _deepest_point(rings: Sequence[Polyline], grid: int = 8) -> tuple[Point, float]:
    """A point inside the shape far from its edges (best of a grid), and that distance."""
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    left, width, top, height = min(xs), max(xs) - min(xs), min(ys), max(ys) - min(ys)
    edges = _edges(rings)
    best, depth = (0.0, 0.0), 0.0
    for i in range(grid):
        for j in range(grid):
            point = (left + width * (i + 0.5) / grid, top + height * (j + 0.5) / grid)
            if _inside_edges(*point, edges):
                distance = _edge_distance(*point, edges)
                if distance > depth:
                    best, depth = point, distance
    return best, depth
