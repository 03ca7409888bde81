"""Incognito bots: a scripted drawer that sketches simple, recognisable pictures (a
house under the sun, a tree, a flower, a boat…) one stroke per action, and a voter that
numbers the other drawings at random with distinct numbers (it cannot see pictures, so
random is as good as it gets). Pure: points are computed, never rendered.
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from ...core.actions import Action
from ...core.bots import DEFAULT_LEVEL, Bot
from ...core.rng import Rng
from .drawing import BRUSH_WIDTHS, CANVAS_W, make_stroke

Path = list[tuple[float, float]]


def circle(cx: float, cy: float, r: float, steps: int = 20) -> Path:
    return [(cx + r * math.cos(2 * math.pi * i / steps), cy + r * math.sin(2 * math.pi * i / steps))
            for i in range(steps + 1)]


def rect(x: float, y: float, w: float, h: float) -> Path:
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]


def polygon(points: Sequence[tuple[float, float]]) -> Path:
    return [*points, points[0]]


def star(cx: float, cy: float, r: float) -> Path:
    return polygon([(cx + (r if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 5),
                     cy - (r if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 5)) for i in range(10)])


def wave(x0: float, x1: float, y: float, amp: float, waves: int = 4) -> Path:
    steps = waves * 6
    return [(x0 + (x1 - x0) * i / steps, y + amp * math.sin(2 * math.pi * waves * i / steps)) for i in range(steps + 1)]


# A stroke plan: (tool, colour, size index, path). "fill" paths are one point.
Plan = list[tuple[str, str, int, Path]]


def house_plan(x: float, y: float, s: float) -> Plan:
    """A house: a square, a triangle roof, a door, a window, colour fills."""
    return [
        ("pen", "black", 1, rect(x, y, s, s)),
        ("pen", "black", 1, polygon([(x - s * 0.1, y), (x + s / 2, y - s * 0.6), (x + s * 1.1, y)])),
        ("fill", "red", 1, [(x + s / 2, y - s * 0.25)]),
        ("pen", "brown", 1, rect(x + s * 0.4, y + s * 0.55, s * 0.22, s * 0.45 - 3)),
        ("pen", "blue", 0, rect(x + s * 0.12, y + s * 0.15, s * 0.2, s * 0.2)),
    ]


def sun_plan(cx: float, cy: float, r: float) -> Plan:
    rays = []
    for i in range(8):
        a = 2 * math.pi * i / 8
        rays.append(("pen", "orange", 0, [(cx + 1.3 * r * math.cos(a), cy + 1.3 * r * math.sin(a)),
                                          (cx + 1.8 * r * math.cos(a), cy + 1.8 * r * math.sin(a))]))
    return [("pen", "orange", 1, circle(cx, cy, r)), ("fill", "yellow", 1, [(cx, cy)]), *rays[::2]]


def tree_plan(x: float, y: float, s: float) -> Plan:
    return [
        ("pen", "brown", 2, [(x, y + s), (x, y + s * 0.35)]),
        ("pen", "green", 1, circle(x, y + s * 0.1, s * 0.32)),
        ("fill", "lime", 1, [(x, y + s * 0.1)]),
    ]


def flower_plan(x: float, y: float, s: float) -> Plan:
    petals = [("pen", "pink", 1, circle(x + s * 0.22 * math.cos(a), y + s * 0.22 * math.sin(a), s * 0.12, 16))
              for a in (0, math.pi / 2, math.pi, 3 * math.pi / 2)]
    return [("pen", "green", 1, [(x, y + s * 0.2), (x + s * 0.05, y + s)]), *petals,
            ("pen", "yellow", 2, circle(x, y, s * 0.05, 10))]


def boat_plan(x: float, y: float, s: float) -> Plan:
    return [
        ("pen", "blue", 1, wave(20, CANVAS_W - 20, y + s * 0.35, 10, 6)),
        ("pen", "brown", 1, polygon([(x, y), (x + s, y), (x + s * 0.8, y + s * 0.3), (x + s * 0.2, y + s * 0.3)])),
        ("pen", "black", 1, [(x + s / 2, y), (x + s / 2, y - s * 0.8)]),
        ("pen", "red", 1, polygon([(x + s / 2 + 4, y - s * 0.75), (x + s * 0.95, y - s * 0.15), (x + s / 2 + 4, y - s * 0.15)])),
    ]


def sky_plan(rng: Rng) -> Plan:
    x = rng.randint(80, CANVAS_W - 80)
    return [("pen", "sky", 0, wave(x - 60, x + 60, 70, 8, 2)), ("pen", "purple", 1, star(rng.randint(80, 720), 90, 36))]


PICTURES: tuple[Callable[[Rng], Plan], ...] = (
    lambda rng: house_plan(rng.randint(150, 450), 260, 220) + sun_plan(660, 120, 45),
    lambda rng: tree_plan(rng.randint(200, 600), 200, 300) + flower_plan(140, 420, 120),
    lambda rng: boat_plan(rng.randint(180, 420), 340, 240) + sun_plan(120, 110, 40),
    lambda rng: flower_plan(250, 300, 200) + flower_plan(560, 330, 160) + sky_plan(rng),
    lambda rng: house_plan(100, 300, 180) + tree_plan(560, 220, 280),
)


def picture_strokes(rng: Rng) -> list[dict[str, Any]]:
    """One simple picture as a list of strokes, chosen with ``rng``."""
    strokes = []
    for tool, colour, size, path in rng.choice(PICTURES)(rng):
        strokes.append(make_stroke(tool, colour, BRUSH_WIDTHS[size], path))
    return strokes


class IncognitoBot(Bot):
    """Draws one stroke of its planned picture per action, then says done; votes at
    random with distinct numbers; says ready after a reveal."""

    def __init__(self, seat: int, rng: Rng, level: str = DEFAULT_LEVEL) -> None:
        super().__init__(seat, rng, level)
        self._plans: dict[int, list[dict[str, Any]]] = {}

    def act(self, view: Any, legal: Sequence[Action]) -> Action | None:
        public = view.public
        kinds = {a.kind for a in legal}
        if public.phase == "draw" and "done" in kinds:
            plan = self._plans.setdefault(public.round, picture_strokes(self.rng))
            drawn = len(public.drawings[self.seat])
            if drawn < len(plan):
                return Action("stroke", self.seat, {"stroke": plan[drawn]})
            return Action("done", self.seat)
        if "undone" in kinds:
            return None  # a finished drawer waits for the others
        return self.rng.choice(list(legal)) if legal else None
