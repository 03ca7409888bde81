"""Where things go on the drawing screen: a grid of cells, one per seat, and inside a
cell the face-down slate, its progress band and the seat's public place (beside or
below); behind a drawing curtain, the drawer's sheet (canvas and tool bar) beside its
word and place."""

from __future__ import annotations

import math

import pygame

from ..rules.drawing import CANVAS_H, CANVAS_W
from .drawkit import SPACE_H

SIDE = 176      # the place column beside a canvas
HEADER = 50     # the badge row above a canvas


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
    """Where one seat's slate (the canvas's place), progress band (the tool bar's) and
    place go inside its cell."""

    def __init__(self, area: pygame.Rect) -> None:
        side = min((area.width - SIDE - 24) / CANVAS_W, (area.height - HEADER - 14) / SPACE_H)
        below = min((area.width - 24) / CANVAS_W, (area.height - HEADER - 110) / SPACE_H)
        self.place_beside = side >= below
        self.scale = side if self.place_beside else below
        w, h = int(CANVAS_W * self.scale), int(SPACE_H * self.scale)
        # the cell hugs its content, centred in the grid's area
        if self.place_beside:
            self.cell = pygame.Rect(0, 0, min(area.width, w + SIDE + 40), area.height)
        else:
            self.cell = pygame.Rect(0, 0, area.width, min(area.height, HEADER + h + 120))
        self.cell.center = area.center
        if self.place_beside:
            x = self.cell.x + (self.cell.width - SIDE - w) // 2
            self.space = pygame.Rect(x, self.cell.y + HEADER, w, h)
            self.place = pygame.Rect(self.space.right + 8, self.space.y, self.cell.right - self.space.right - 16, h)
        else:
            self.space = pygame.Rect(self.cell.x + (self.cell.width - w) // 2, self.cell.y + HEADER, w, h)
            self.place = pygame.Rect(self.cell.x + 12, self.space.bottom + 8, self.cell.width - 24,
                                     self.cell.bottom - self.space.bottom - 16)
        self.canvas = pygame.Rect(self.space.x, self.space.y, w, int(CANVAS_H * self.scale))


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

    def to_space(self, pos: tuple[int, int]) -> tuple[float, float]:
        return (pos[0] - self.space.x) / self.scale, (pos[1] - self.space.y) / self.scale
