"""Where the 1920×1080 canvas sits in the window: scaled to fit, aspect kept, centred,
with bars on the sides or top and bottom (letterbox)."""

from __future__ import annotations

from dataclasses import dataclass

CANVAS = (1920, 1080)


@dataclass(frozen=True)
class Viewport:
    x: int
    y: int
    width: int
    height: int

    @classmethod
    def fit(cls, window: tuple[int, int], canvas: tuple[int, int] = CANVAS) -> "Viewport":
        ww, wh = max(1, window[0]), max(1, window[1])
        cw, ch = canvas
        scale = min(ww / cw, wh / ch)
        width, height = max(1, round(cw * scale)), max(1, round(ch * scale))
        return cls((ww - width) // 2, (wh - height) // 2, width, height)

    @property
    def scale(self) -> float:
        return self.width / CANVAS[0]

    def to_canvas(self, pos: tuple[float, float], clamp: bool = False) -> tuple[int, int] | None:
        """Window pixel -> canvas pixel; None in the bars unless ``clamp``."""
        cx = (pos[0] - self.x) * CANVAS[0] / self.width
        cy = (pos[1] - self.y) * CANVAS[1] / self.height
        inside = 0 <= cx < CANVAS[0] and 0 <= cy < CANVAS[1]
        if not inside and not clamp:
            return None
        return (min(CANVAS[0] - 1, max(0, int(cx))), min(CANVAS[1] - 1, max(0, int(cy))))
