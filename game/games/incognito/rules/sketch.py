"""A bot's drawing for Incognito (pure): the place from its card's pictures, the secret
word hidden in it, traced by hand from the OpenMoji outlines (``outlines.py``).

:func:`plan_drawing` lays out a scene on the canvas: the place card's first picture
large as the backdrop, its other pictures around it, the word's picture smaller, set
over one of them; sizes, spots, a slight tilt and a shaky hand all come from the bot's
own generator. Most often the place comes first and the word is slipped in last;
sometimes the word comes first, as the rules' tip suggests. Each picture becomes pen
strokes: its coloured areas (outline in the colour, then the fill bucket inside), then
its black lines, one stroke per contour, in the order a hand would draw them. The
points are few (the outline's thinned corners, long runs cut: ``outlines.RUN``): a
drawing is ~31 strokes of ~280 points, which its shaking, checking and reading cost
per stroke and point (issue 18 item 5); on screen the pen's round dots join them as a hand's line.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from ....core.rng import Rng
from .drawing import BRUSH_WIDTHS, CANVAS_H, CANVAS_W, make_stroke
from .outlines import INK, Outline, Point
from .recognise import Same

PEN = BRUSH_WIDTHS[0]
#: Sizes (the side of a picture's box, canvas units).
BACKDROP_SIZE = (330, 430)
PROP_SIZE = (150, 230)
WORD_SIZE = (120, 190)
#: Spots around the backdrop for the place's other pictures.
PROP_SPOTS = ((150, 150), (650, 150), (140, 450), (660, 450), (400, 105), (400, 505))
#: Strokes per picture: a drawing takes about as many strokes as a quick player's; the
#: place's pictures fewer than the word's (16 / 8 / 14, then 13 / 6 / 14 before: each
#: stroke is drawn, checked and read, issue 18 item 5).
BACKDROP_BUDGET, PROP_BUDGET, WORD_BUDGET = 10, 5, 12
#: Details shorter than this (canvas units) are left out, as a quick hand would.
MIN_LINE = 14.0
#: A coloured area is filled only when its seed is this deep inside (canvas units), so
#: the shaky outline cannot cross it.
MIN_FILL_DEPTH = 9.0
#: The word's picture goes first this often.
WORD_FIRST = 0.3
#: A word hidden at its best (``hide`` 1) is this much smaller, its hand this much
#: shakier (added to 1).
HIDE_SHRINK = 0.4
HIDE_SHAKE = 4.0
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


def gausses(rng: Rng, sigma: float, count: int) -> list[float]:
    """``count`` approximately normal draws (Irwin–Hall: each the sum of 4 uniforms),
    the generator's taken in one call."""
    u, root = rng.randoms(4 * count), math.sqrt(3)
    return [sigma * (u[i] + u[i + 1] + u[i + 2] + u[i + 3] - 2.0) * root for i in range(0, 4 * count, 4)]


def place_pictures(rng: Rng, count: int) -> list[Placement]:
    """The backdrop in the middle, then up to ``count - 1`` pictures around it."""
    tilt = 0.06
    out = [Placement(400 + uniform(rng, -60, 60), 310 + uniform(rng, -30, 30),
                     uniform(rng, *BACKDROP_SIZE), uniform(rng, -tilt, tilt))]
    for x, y in rng.sample(list(PROP_SPOTS), min(count - 1, len(PROP_SPOTS))):
        out.append(Placement(x + uniform(rng, -30, 30), y + uniform(rng, -25, 25),
                             uniform(rng, *PROP_SIZE), uniform(rng, -tilt, tilt)))
    return [_inside(p) for p in out]


def hide_word(rng: Rng, hosts: Sequence[Placement], hide: float = 0.0) -> Placement:
    """The word's picture over one of the place's pictures (the backdrop most often),
    smaller the better it is ``hide``-den (0 to 1)."""
    host = hosts[0] if len(hosts) == 1 or rng.random() < 0.6 else rng.choice(list(hosts[1:]))
    size = uniform(rng, *WORD_SIZE) * (1.0 - HIDE_SHRINK * hide)
    return _inside(Placement(host.x + uniform(rng, -0.3, 0.3) * host.size, host.y + uniform(rng, -0.3, 0.3) * host.size,
                             size, uniform(rng, -0.08, 0.08)))


def _inside(p: Placement) -> Placement:
    half = p.size / 2 + MARGIN
    return Placement(min(CANVAS_W - half, max(half, p.x)), min(CANVAS_H - half, max(half, p.y)), p.size, p.tilt)


def plan_drawing(place: Sequence[Outline], word: Outline | None, rng: Rng,
                 shake: float = 1.0, hide: float = 0.0) -> list[list[dict[str, Any]]]:
    """The strokes of a whole drawing, picture by picture in drawing order (a bot hands
    in one picture per action). ``place``: the place card's pictures (the first is the
    backdrop); ``word``: the secret word's picture (None for a word without one: the
    place alone); ``shake``: how unsteady the hand is (1 normal); ``hide`` (0 to 1):
    how well the word is disguised (smaller, sketched more loosely: :data:`HIDE_SHRINK`,
    :data:`HIDE_SHAKE`)."""
    spots = place_pictures(rng, len(place))
    pictures = list(zip(place, spots))
    if word is not None:
        spot = hide_word(rng, spots, hide)
        pictures.insert(0 if rng.random() < WORD_FIRST else len(pictures), (word, spot))
    out = []
    for outline, spot in pictures:
        budget = WORD_BUDGET if outline is word else BACKDROP_BUDGET if spot is spots[0] else PROP_BUDGET
        hand = shake * (1.0 + HIDE_SHAKE * hide) if outline is word else shake
        strokes = trace(outline, spot, rng, hand, budget)
        if strokes:
            out.append(strokes)
    return out


def trace(outline: Outline, spot: Placement, rng: Rng, shake: float = 1.0, budget: int = 14) -> list[dict[str, Any]]:
    """One picture as at most ``budget`` pen strokes: coloured areas first, then the
    black lines (:func:`_choose`), each drawn by a shaky hand at ``spot``."""
    size = spot.size
    lines = sum(length * size >= MIN_LINE for length in outline.lengths)
    shapes = sum(shape.depth * size >= MIN_FILL_DEPTH for shape in outline.shapes)
    todo, pens = _choose(Same(outline), budget, lines, shapes)
    hand = Hand(spot)
    draws = iter(rng.next_u64s(2 * pens))  # a pen stroke's two
    strokes = []
    for tool, colour, path, unsteady, closed in todo:
        if tool == "pen":
            strokes.append({"tool": "pen", "colour": colour, "width": PEN,
                            "points": hand.draw(path, next(draws), next(draws), unsteady * shake, closed)})
        else:
            strokes.append(make_stroke("fill", colour, PEN, [hand.at(path)]))
    return strokes


@lru_cache(maxsize=2048)
def _choose(key: Same[Outline], budget: int, lines: int, shapes: int) -> tuple[tuple[tuple[str, str, Any, float, bool], ...], int]:
    """What a quick hand keeps of an outline, given its ``lines`` longest lines and its
    ``shapes`` deepest coloured areas big enough at the picture's size: the longest
    lines first (they make the picture recognisable), then the largest coloured areas,
    then more lines while the ``budget`` of strokes lasts. The strokes to draw, in
    drawing order, as (tool, colour, unit path or fill seed, unsteadiness, closed), and
    how many are pen strokes. Kept per outline and counts (a picture's size only moves
    the counts): choosing cost more than drawing a few strokes."""
    outline = key.item
    by_length = sorted(range(len(outline.lines)), key=lambda i: -outline.lengths[i])[:lines]
    deep = set(sorted(outline.shapes, key=lambda shape: -shape.depth)[:shapes])
    keep_lines = set(by_length[: math.ceil(0.6 * budget)])
    left = budget - len(keep_lines)
    keep_shapes = []
    for shape in sorted(outline.shapes, key=lambda s: -s.area):
        cost = len(shape.rings) + 1
        if shape in deep and cost <= left:
            keep_shapes.append(shape)
            left -= cost
    keep_lines |= set(by_length[len(keep_lines): len(keep_lines) + left])
    todo: list[tuple[str, str, Any, float, bool]] = []
    for shape in outline.shapes:
        if shape in keep_shapes:
            todo += [("pen", shape.colour, (*ring, ring[0]), 0.5, True) for ring in shape.rings]
            todo.append(("fill", shape.colour, shape.seed, 0.0, False))
    todo += [("pen", INK, line, 1.0, False) for i, line in enumerate(outline.lines) if i in keep_lines]
    return tuple(todo), sum(item[0] == "pen" for item in todo)


#: A hand at shake 1: its wobble's amplitude and its strokes' drift (sigma), canvas units.
WOBBLE, DRIFT = 2.0, 1.6
#: A wobble this small (canvas units) is not drawn: under a quarter of the thinnest pen
#: (a coloured area's outline, drawn at half the shake, under its black lines).
STEADY = 1.5
#: A 32-bit draw to an angle in radians.
TURN = 2 * math.pi / 2 ** 32
#: A 16-bit draw's sum with another, centred and scaled: a spread of 1 (triangular).
TRIANGLE = math.sqrt(6) / 65536


def _triangle(bits: int, sigma: float) -> float:
    """Roughly normal, spread ``sigma``: from the sum of the low two 16-bit quarters of
    ``bits``."""
    return sigma * ((bits & 0xFFFF) + (bits >> 16 & 0xFFFF) - 65536) * TRIANGLE


class Hand:
    """A picture's unit box set on the canvas at ``spot`` (scaled, tilted), drawn by a
    shaky hand straight into a stroke's flat int points."""

    def __init__(self, spot: Placement) -> None:
        cos, sin = math.cos(spot.tilt), math.sin(spot.tilt)
        self.size = spot.size
        self.a, self.b = spot.size * cos, spot.size * sin
        # (u, v) in the unit box -> (ox + a u - b v, oy + b u + a v): (0.5, 0.5) on the spot
        self.ox = spot.x - 0.5 * self.a + 0.5 * self.b
        self.oy = spot.y - 0.5 * self.b - 0.5 * self.a

    def at(self, point: Point) -> Point:
        u, v = point
        return self.ox + self.a * u - self.b * v, self.oy + self.b * u + self.a * v

    def draw(self, path: Sequence[Point], phases: int, drift: int, shake: float, closed: bool = False) -> list[int]:
        """``path`` (unit box, its long runs already cut: ``outlines.RUN``) as a hand
        draws it: off by a slight drift, with a slow wobble (two waves of random phase
        across the picture), rounded and kept on the canvas; ``phases`` and ``drift``
        are 64-bit draws of the generator. ``closed``: it ends where it began (a
        steady hand's path, :data:`STEADY`, is only moved: two sines a point less)."""
        amp = WOBBLE * shake
        phase_x, phase_y = (phases & 0xFFFFFFFF) * TURN, (phases >> 32) * TURN
        a, b = self.a, self.b
        ox = self.ox + _triangle(drift, DRIFT * shake) + 0.5
        oy = self.oy + _triangle(drift >> 32, DRIFT * shake) + 0.5
        wave_x, wave_y = self.size / 37, self.size / 29
        sin = math.sin
        # (int(v + 0.5) rounds: a value under 0 is clamped to 0 below)
        if amp < STEADY:
            xs = [int(ox + a * u - b * v) for u, v in path]
            ys = [int(oy + b * u + a * v) for u, v in path]
        else:
            xs = [int(ox + a * u - b * v + amp * sin((u + v) * wave_x + phase_x)) for u, v in path]
            ys = [int(oy + b * u + a * v + amp * sin((u - v) * wave_y + phase_y)) for u, v in path]
        if closed:  # the fill must not leak out
            xs[-1], ys[-1] = xs[0], ys[0]
        out = [0] * (2 * len(xs))
        out[0::2], out[1::2] = _clamped(xs, CANVAS_W - 1), _clamped(ys, CANVAS_H - 1)
        return out


def _clamped(values: list[int], top: int) -> list[int]:
    """``values`` kept within 0..top (most strokes are well inside: one check then)."""
    if min(values) >= 0 and max(values) <= top:
        return values
    return [0 if v < 0 else top if v > top else v for v in values]
