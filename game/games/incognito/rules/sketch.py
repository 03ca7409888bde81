"""A bot's drawing for Incognito (pure): the place from its card's pictures, the secret
word hidden in it, traced by hand from the OpenMoji outlines (``outlines.py``).

:func:`plan_drawing` lays out a scene on the canvas: the place card's first picture
large as the backdrop, its other pictures around it, the word's picture smaller, set
over one of them; sizes, spots, a slight tilt and a shaky hand all come from the bot's
own generator. Most often the place comes first and the word is slipped in last;
sometimes the word comes first, as the rules' tip suggests. Each picture becomes pen
strokes: its coloured areas (outline in the colour, then the fill bucket inside), then
its black lines, one stroke per contour, in the order a hand would draw them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from ....core.rng import Rng
from .drawing import BRUSH_WIDTHS, CANVAS_H, CANVAS_W, make_stroke
from .outlines import INK, Outline, Point

PEN = BRUSH_WIDTHS[0]
#: Sizes (the side of a picture's box, canvas units).
BACKDROP_SIZE = (330, 430)
PROP_SIZE = (150, 230)
WORD_SIZE = (120, 190)
#: Spots around the backdrop for the place's other pictures.
PROP_SPOTS = ((150, 150), (650, 150), (140, 450), (660, 450), (400, 105), (400, 505))
#: Strokes per picture: a drawing takes about as many strokes as a quick player's.
BACKDROP_BUDGET, PROP_BUDGET, WORD_BUDGET = 16, 8, 14
#: Details shorter than this (canvas units) are left out, as a quick hand would.
MIN_LINE = 14.0
#: A coloured area is filled only when its seed is this deep inside (canvas units), so
#: the shaky outline cannot cross it.
MIN_FILL_DEPTH = 9.0
#: The word's picture goes first this often.
WORD_FIRST = 0.3
MARGIN = 12


@dataclass(frozen=True)
class Placement:
    """Where a picture goes: centre, box side, tilt (radians)."""

    x: float
    y: float
    size: float
    tilt: float


def uniform(rng: Rng, low: float, high: float) -> float:
    return low + (high - low) * rng.random()


def gauss(rng: Rng, sigma: float) -> float:
    """An approximately normal draw (Irwin–Hall: the sum of 4 uniforms)."""
    return sigma * (sum(rng.random() for _ in range(4)) - 2.0) * math.sqrt(3)


def place_pictures(rng: Rng, count: int) -> list[Placement]:
    """The backdrop in the middle, then up to ``count - 1`` pictures around it."""
    tilt = 0.06
    out = [Placement(400 + uniform(rng, -60, 60), 310 + uniform(rng, -30, 30),
                     uniform(rng, *BACKDROP_SIZE), uniform(rng, -tilt, tilt))]
    for x, y in rng.sample(list(PROP_SPOTS), min(count - 1, len(PROP_SPOTS))):
        out.append(Placement(x + uniform(rng, -30, 30), y + uniform(rng, -25, 25),
                             uniform(rng, *PROP_SIZE), uniform(rng, -tilt, tilt)))
    return [_inside(p) for p in out]


def hide_word(rng: Rng, hosts: Sequence[Placement]) -> Placement:
    """The word's picture over one of the place's pictures (the backdrop most often)."""
    host = hosts[0] if len(hosts) == 1 or rng.random() < 0.6 else rng.choice(list(hosts[1:]))
    size = uniform(rng, *WORD_SIZE)
    return _inside(Placement(host.x + uniform(rng, -0.3, 0.3) * host.size, host.y + uniform(rng, -0.3, 0.3) * host.size,
                             size, uniform(rng, -0.08, 0.08)))


def _inside(p: Placement) -> Placement:
    half = p.size / 2 + MARGIN
    return Placement(min(CANVAS_W - half, max(half, p.x)), min(CANVAS_H - half, max(half, p.y)), p.size, p.tilt)


def plan_drawing(place: Sequence[Outline], word: Outline | None, rng: Rng, shake: float = 1.0) -> list[dict[str, Any]]:
    """The strokes of a whole drawing, in drawing order. ``place``: the place card's
    pictures (the first is the backdrop); ``word``: the secret word's picture (None for
    a word without one: the place alone); ``shake``: how unsteady the hand is (1 normal)."""
    spots = place_pictures(rng, len(place))
    pictures = list(zip(place, spots))
    if word is not None:
        spot = hide_word(rng, spots)
        pictures.insert(0 if rng.random() < WORD_FIRST else len(pictures), (word, spot))
    strokes: list[dict[str, Any]] = []
    for outline, spot in pictures:
        budget = WORD_BUDGET if outline is word else BACKDROP_BUDGET if spot is spots[0] else PROP_BUDGET
        strokes += trace(outline, spot, rng, shake, budget)
    return strokes


def trace(outline: Outline, spot: Placement, rng: Rng, shake: float = 1.0, budget: int = 14) -> list[dict[str, Any]]:
    """One picture as at most ``budget`` pen strokes: coloured areas first, then the
    black lines. A quick hand keeps the longest lines first (they make the picture
    recognisable), then the largest coloured areas, then more lines while time lasts."""
    cos, sin = math.cos(spot.tilt), math.sin(spot.tilt)

    def to_canvas(p: Point) -> Point:
        dx, dy = (p[0] - 0.5) * spot.size, (p[1] - 0.5) * spot.size
        return spot.x + dx * cos - dy * sin, spot.y + dx * sin + dy * cos

    measured = [(path, _length(path)) for path in ([to_canvas(p) for p in line] for line in outline.lines)]
    lines = [path for path, length in measured if length >= MIN_LINE]
    lengths = [length for _, length in measured if length >= MIN_LINE]
    by_length = sorted(range(len(lines)), key=lambda i: -lengths[i])
    keep_lines = set(by_length[: math.ceil(0.6 * budget)])
    left = budget - len(keep_lines)
    keep_shapes = []
    for shape in sorted(outline.shapes, key=lambda s: -s.area):
        cost = len(shape.rings) + 1
        if shape.depth * spot.size >= MIN_FILL_DEPTH and cost <= left:
            keep_shapes.append(shape)
            left -= cost
    keep_lines |= set(by_length[len(keep_lines): len(keep_lines) + left])
    strokes = []
    for shape in outline.shapes:
        if shape not in keep_shapes:
            continue
        for ring in shape.rings:
            path = [to_canvas(p) for p in ring]
            ring_path = _shaky([*path, path[0]], rng, 0.5 * shake)
            ring_path[-1] = ring_path[0]  # closed for sure: the fill must not leak out
            strokes.append(make_stroke("pen", shape.colour, PEN, ring_path))
        strokes.append(make_stroke("fill", shape.colour, PEN, [to_canvas(shape.seed)]))
    for i, path in enumerate(lines):
        if i in keep_lines:
            strokes.append(make_stroke("pen", INK, PEN, _shaky(path, rng, shake)))
    return strokes


def _length(path: Sequence[Point]) -> float:
    return sum(map(math.dist, path, path[1:]))


def _shaky(path: Sequence[Point], rng: Rng, shake: float, step: float = 10.0) -> list[Point]:
    """``path`` as a hand draws it: the same corners, long runs split into short steps,
    a slow wobble along the way (two waves of random phase) and a little tremor (both
    of its offsets from one draw of the generator, all drawn at once: bots plan
    thousands of points)."""
    amp, tremor = 1.6 * shake, 1.4 * shake / 65536
    phase_x, phase_y = uniform(rng, 0, 2 * math.pi), uniform(rng, 0, 2 * math.pi)
    drift_x, drift_y = gauss(rng, 1.2 * shake), gauss(rng, 1.2 * shake)
    segments = []
    for (ax, ay), (bx, by) in zip(path, path[1:]):
        length = math.hypot(bx - ax, by - ay)
        pieces = max(1, int(length // step))
        segments.append((ax, ay, (bx - ax) / pieces, (by - ay) / pieces, length / pieces, pieces))
    draws = iter(rng.next_u64s(sum(segment[5] for segment in segments)))
    out: list[Point] = []
    travelled = 0.0
    sin = math.sin
    for ax, ay, dx, dy, run, pieces in segments:
        for i, bits in zip(range(pieces), draws):  # (range first: no draw taken past it)
            travelled += run
            out.append((ax + dx * i + drift_x + amp * sin(travelled / 37 + phase_x) + tremor * ((bits & 0xFFFF) - 32768),
                        ay + dy * i + drift_y + amp * sin(travelled / 29 + phase_y) + tremor * ((bits >> 16 & 0xFFFF) - 32768)))
    end = path[-1]
    out.append((end[0] + drift_x + amp * sin(travelled / 37 + phase_x), end[1] + drift_y + amp * sin(travelled / 29 + phase_y)))
    return out
