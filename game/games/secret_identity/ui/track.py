"""The score track across the top of the competitive board (SI-7: 0-30, a marker past
30 goes on from the bottom and its "30" tokens show on the seat panel) and where things
sit on it: the markers, the reveal's flying points. Co-op's turn track has its line at
the same :func:`track_line`."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ....ui.fit import fit_text as fit_words
from ....ui.shapes import shape_box
from ..rules.view import track_position

if TYPE_CHECKING:
    from ....ui.kit import UiKit


#: The track across the top (the score track, co-op's turn track) has its line this far
#: under the safe area's top.
TRACK_Y = 36
#: The track starts this far into the safe area: the round label sits left of it, inside.
TRACK_LEFT = 290
TRACK_RIGHT = 40
#: The track's every-fifth numbers hang this far under its line.
NUMBERS_BELOW = 30
#: A marker is 48 px across, read from the sofa (issue 28), as wide as a square (~47 px).
MARKER_RADIUS = 24
#: Markers sharing a square stack down it, each this far under the one above (less when
#: many share it: the stack keeps within STACK_SPAN, clear of the seat panels under the
#: track); the top one stands on the line, a little raised to stay inside the safe area.
STACK_STEP = 16
STACK_SPAN = 60
STACK_TOP = -8


def track_line(kit: UiKit) -> int:
    """The y of the track's line across the top: both boards and the reveal's flying points."""
    return kit.safe_rect.y + TRACK_Y


def numbers_bottom(kit: UiKit, y: int) -> int:
    """The bottom of the line of numbers under the track drawn at ``y``."""
    return y + NUMBERS_BELOW + kit.text("30", 28).get_height()


def track_point(kit: UiKit, score: float, y: int, length: int = 30) -> tuple[int, int]:
    """Where ``score`` sits on the track drawn by :func:`draw_track` at ``y``."""
    return _track_x(kit.safe_rect.x, kit.safe_rect.right, score, length), y


def _track_x(safe_left: int, safe_right: int, score: float, length: int) -> int:
    left, right = safe_left + TRACK_LEFT, safe_right - TRACK_RIGHT
    tokens = track_position(int(math.ceil(score)))[0] if length == 30 else 0
    return int(left + (score - tokens * length) * (right - left) / length)


def marker_spots(kit: UiKit, scores: Sequence[float], seats: Sequence[int], y: int,
                 length: int = 30) -> dict[int, tuple[int, int]]:
    """Each seat's marker centre, exactly over its score (issue 28): seats on one square
    stack down it in seat order, the first on top, each lower one showing under the one
    above. Placed once per set of scores (the board asks on every frame)."""
    return dict(_marker_spots(kit.safe_rect.x, kit.safe_rect.right, tuple(scores), tuple(seats), y, length))


@lru_cache(maxsize=64)
def _marker_spots(safe_left: int, safe_right: int, scores: tuple[float, ...], seats: tuple[int, ...], y: int,
                  length: int) -> tuple[tuple[int, tuple[int, int]], ...]:
    squares: dict[int, list[int]] = {}
    for seat, score in zip(seats, scores):
        squares.setdefault(_track_x(safe_left, safe_right, score, length), []).append(seat)
    spots = []
    for x, members in squares.items():
        step = min(STACK_STEP, STACK_SPAN // max(1, len(members) - 1))
        spots += [(seat, (x, y + STACK_TOP + k * step)) for k, seat in enumerate(members)]
    return tuple(spots)


def markers_area(spots: dict[int, tuple[int, int]]) -> pygame.Rect:
    """Every pixel :func:`draw_track_markers` may touch for ``spots`` (:func:`marker_spots`)."""
    boxes = [shape_box(spot, MARKER_RADIUS).inflate(4, 4) for spot in spots.values()]
    return boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)


def draw_track_markers(surface: pygame.Surface, ctx: Any, scores: Sequence[float], seats: Sequence[int],
                       y: int, length: int = 30) -> None:
    """Every seat's marker on the track of :func:`draw_track`: the lowest of a stack first,
    so the one on top is whole and each under it shows its lower edge."""
    spots = marker_spots(ctx.kit, scores, seats, y, length)
    for seat, spot in sorted(spots.items(), key=lambda item: -item[1][1]):
        ctx.kit.seat_token(surface, ctx.seats[seat].style, spot, MARKER_RADIUS)


def draw_track(surface: pygame.Surface, ctx: Any, y: int, length: int = 30, label: str = "") -> pygame.Rect:
    """The 0–``length`` score track across the top without its markers (SI-7: a marker
    past 30 goes on from the bottom; its "30" tokens show on the seat panel): bar, dots,
    every fifth number and ``label`` on its left."""
    kit, c = ctx.kit, ctx.kit.colours
    safe = kit.safe_rect
    left, right = safe.x + TRACK_LEFT, safe.right - TRACK_RIGHT
    bar = pygame.Rect(left - 30, y - 28, right - left + 60, 56)
    step = (right - left) / length

    def dots() -> None:
        for n in range(length + 1):
            x = int(left + n * step)
            big = n % 5 == 0
            pygame.draw.circle(surface, c.panel_hi if not big else c.muted, (x, y), 7 if big else 4)

    kit.filled_panel(surface, bar, ("si.track", left, length), dots, c.panel, radius=28, border=tuple(c.panel_hi))
    if label:
        width = bar.x - 16 - safe.x
        size, text = fit_words(kit, label, width, (30, 28))  # never under 28 px
        kit.blit_text(surface, text, size, (bar.x - 16, y), "midright", c.muted)
    for n in range(0, length + 1, 5):
        kit.blit_text(surface, str(n), 28, (int(left + n * step), y + NUMBERS_BELOW), "midtop", c.muted)
    return bar
