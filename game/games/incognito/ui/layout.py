"""Where things go on the drawing screen: a grid of cells, one per seat, and inside a
cell the face-down slate, its progress band and the seat's public place (beside or
below); behind a drawing curtain, the drawer's sheet (canvas and tool bar) beside its
word and place."""

from __future__ import annotations

import math

import pygame

from ..rules.drawing import CANVAS_H, CANVAS_W
from .drawkit import SPACE_H

SIDE = 176      # the place column beside a slate
HEADER = 56     # the badge row above a slate (its 48 px token)
BAND = 56       # the progress band under a slate
PLACE_H = 110   # the place's row under a slate (a tall cell)


def grid(n: int, area: pygame.Rect, gap: int = 14) -> list[pygame.Rect]:
    cols = 3 if n in (3, 5, 6) else 2
    rows = math.ceil(n / cols)
    w = (area.width - gap * (cols - 1)) // cols
    h = (area.height - gap * (rows - 1)) // rows
    out = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        x0 = area.x + (area.width - (in_row * w + (in_row - 1) * gap)) // 2
        out.append(pygame.Rect(x0 + c * (w + gap), area.y + r * (h + gap), w, h))
    return out


class CellLayout:
    """Where one seat's slate, its progress band and its place go inside its cell (the
    whole grid cell: a slate face down keeps no drawing's proportions). The place sits
    beside the slate in a wide cell, below it in a tall one."""

    def __init__(self, area: pygame.Rect) -> None:
        # beside or below: whichever leaves the larger drawing (as when cells held canvases)
        side = min((area.width - SIDE - 24) / CANVAS_W, (area.height - HEADER - 14) / SPACE_H)
        below = min((area.width - 24) / CANVAS_W, (area.height - HEADER - PLACE_H - 14) / SPACE_H)
        self.place_beside = side >= below
        self.cell = pygame.Rect(area)
        top, bottom = area.y + HEADER, area.bottom - 12
        if self.place_beside:
            self.slate = pygame.Rect(area.x + 12, top, area.width - SIDE - 40, bottom - BAND - top)
            self.place = pygame.Rect(self.slate.right + 16, top, area.right - 12 - self.slate.right - 16, bottom - top)
        else:
            self.slate = pygame.Rect(area.x + 12, top, area.width - 24, bottom - PLACE_H - BAND - top)
            self.place = pygame.Rect(area.x + 12, bottom - PLACE_H + 8, area.width - 24, PLACE_H - 8)
        self.band = pygame.Rect(self.slate.x, self.slate.bottom, self.slate.width, BAND)


class SheetLayout:
    """The drawer's sheet behind its curtain: the canvas and its tool bar (``space``, at
    ``scale`` screen pixels per canvas unit) on the left of ``area``, the word and the
    place (``side``) on the right."""

    def __init__(self, area: pygame.Rect, gap: int = 40) -> None:
        self.scale = min(area.height / SPACE_H, area.width * 0.55 / CANVAS_W)
        w, h = int(CANVAS_W * self.scale), int(SPACE_H * self.scale)
        self.space = pygame.Rect(area.x, area.y + (area.height - h) // 2, w, h)
        self.canvas = pygame.Rect(self.space.x, self.space.y, w, int(CANVAS_H * self.scale))
        self.side = pygame.Rect(self.space.right + gap, area.y, area.right - self.space.right - gap, area.height)

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return self.space.x + x * self.scale, self.space.y + y * self.scale

    def to_space(self, pos: tuple[float, float]) -> tuple[float, float]:
        return (pos[0] - self.space.x) / self.scale, (pos[1] - self.space.y) / self.scale
