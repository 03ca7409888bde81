"""The canvas every scene draws on, and which mouse positions fall on it.

Scenes draw on a 1920×1080 canvas. The App presents it through SDL's renderer
(``pygame.SCALED``), which fits it to the window keeping its aspect, centred, with bars
on the sides or top and bottom (letterbox), and which hands mouse events already in
canvas pixels: a position in a bar comes out beyond the canvas's edge.
"""

from __future__ import annotations

CANVAS = (1920, 1080)


def on_canvas(pos: tuple[float, float]) -> tuple[int, int] | None:
    """A mouse position in canvas pixels, or None off the canvas (in the bars)."""
    x, y = pos
    if 0 <= x < CANVAS[0] and 0 <= y < CANVAS[1]:
        return int(x), int(y)
    return None
