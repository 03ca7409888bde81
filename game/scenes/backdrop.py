"""A neutral table for overlay screenshots: the theme background and every seat on the
board ring (the same geometry boards use), so the peek curtain and the ring picker are
shown over something that looks like a match in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .base import Scene

if TYPE_CHECKING:
    from ..context import AppContext


class TableBackdrop(Scene):
    opaque = True

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.ctx.kit
        kit.background(surface)
        table = pygame.Rect(0, 0, 1000, 520)
        table.center = (kit.W // 2, kit.H // 2 - 10)
        kit.panel(surface, table, kit.colours.panel, radius=260, border=kit.colours.panel_hi, border_width=6)
        seats = list(self.ctx.seats)
        cx, cy = table.center
        reach = min(620, kit.safe_rect.width // 2 - 200)  # the side seats and their names stay in the safe area
        for seat, (x, y) in zip(seats, kit.ring_positions(len(seats), (0, 0), 1000)):
            # the board ring, stretched to the table's oval
            kit.draw_seat_badge(surface, seat, (cx + x * reach // 1000, cy + y * 340 // 1000 - 20), 72)
