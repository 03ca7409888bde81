"""The drawer's sheet behind its curtain (IN-2a): its canvas, the stroke it is drawing,
the tool bar under the canvas and the cursor, at the scale of a layout (``layout.py``).

Only a drawing curtain draws it (``turn_curtain.py``): a drawing is its drawer's secret
until the line-up, so the shared screen shows none of it otherwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ..rules.drawing import BRUSH_WIDTHS, CANVAS_H, Stroke
from .drawkit import Button, DrawPad
from .layout import SheetLayout

if TYPE_CHECKING:
    from .board import IncognitoBoard

#: OpenMoji codes of the tool bar's buttons.
TOOL_ICONS = {"pen": "270F", "eraser": "1F9FD", "fill": "1FAA3", "undo": "21A9", "redo": "21AA", "clear": "1F5D1"}
#: Px between neighbouring swatches, and between neighbouring tool buttons: thin, so the
#: 14 swatches stay 48 px wide or more (issue 28) in the wide safe area's sheet.
SWATCH_GAP, TOOL_GAP = 2, 4


def button_face(button: Button, scale: float) -> pygame.Rect:
    """Where ``button`` is drawn on the tool bar's image, at ``scale`` px per canvas unit."""
    x, y, w, h = button.rect
    gap = SWATCH_GAP if button.id.startswith("colour:") else TOOL_GAP
    return pygame.Rect(int(x * scale) + gap // 2, int((y - CANVAS_H) * scale) + gap // 2, int(w * scale) - gap,
                       int(h * scale) - gap)


class Sheet:
    """One drawer's sheet; its tool bar is rendered again only when what it shows changes."""

    def __init__(self, board: IncognitoBoard, pad: DrawPad) -> None:
        self.board = board
        self.ctx = board.ctx
        self.pad = pad
        self._toolbar: tuple[tuple[Any, ...], pygame.Surface] | None = None

    def draw(self, surface: pygame.Surface, layout: SheetLayout, strokes: tuple[Stroke, ...], can_redo: bool,
             style: Any) -> None:
        board, pad = self.board, self.pad
        surface.blit(self.drawing(layout, strokes), layout.canvas)
        if pad.path and len(pad.path) > 1:  # the stroke under way, before it is submitted
            width = max(1, int(BRUSH_WIDTHS[pad.size] * layout.scale))
            colour = (255, 255, 255) if pad.tool == "eraser" else board.rgb[board.colour_ids[pad.colour]]
            pygame.draw.lines(surface, colour, False, [layout.to_screen(x, y) for x, y in pad.path], width)
        self.draw_toolbar(surface, layout, can_redo)
        self.draw_cursor(surface, layout, style)

    def drawing(self, layout: SheetLayout, strokes: tuple[Stroke, ...]) -> pygame.Surface:
        """The drawer's drawing at the sheet's width, kept up to date stroke by stroke (the
        board's canvas cache)."""
        return self.board.cache(("now", self.pad.seat), strokes, layout.canvas.width)

    def draw_toolbar(self, surface: pygame.Surface, layout: SheetLayout, can_redo: bool) -> None:
        pad = self.pad
        bar = pygame.Rect(layout.space.x, layout.canvas.bottom, layout.space.width, layout.space.bottom - layout.canvas.bottom)
        hover = pad.button_at(pad.x, pad.y)
        key = (bar.size, pad.colour, pad.tool, pad.size, bool(pad.clear_armed), hover.id if hover else None, can_redo,
               round(pad.hold_progress, 2))
        if self._toolbar is None or self._toolbar[0] != key:
            self._toolbar = (key, self.render_toolbar(bar.size, layout.scale, hover, can_redo))
        surface.blit(self._toolbar[1], bar)

    def render_toolbar(self, size: tuple[int, int], scale: float, hover: Button | None, can_redo: bool) -> pygame.Surface:
        board, pad, c = self.board, self.pad, self.ctx.kit.colours
        image = pygame.Surface(size)
        image.fill(c.bg)
        for button in pad.buttons:
            rect = button_face(button, scale)
            selected = (button.id == f"colour:{board.colour_ids[pad.colour]}" and pad.tool != "eraser"
                        or button.id == pad.tool or button.id == f"size{pad.size}")
            if button.id.startswith("colour:"):
                pygame.draw.rect(image, board.rgb[button.id[7:]], rect, border_radius=6)
                if selected:
                    pygame.draw.rect(image, c.text, rect.inflate(2, 2), 4, border_radius=7)
                    pygame.draw.rect(image, c.shadow, rect.inflate(-6, -6), 2, border_radius=5)
            else:
                fill = c.panel_hi if selected else c.panel
                if button.id == "clear" and pad.clear_armed:
                    fill = c.bad
                if button.id == "done":
                    fill = c.good
                pygame.draw.rect(image, fill, rect, border_radius=8)
                if button.id == "done" and pad.hold_progress > 0:  # the 1-second hold fills up
                    pygame.draw.rect(image, c.gold, (rect.x, rect.y, int(rect.width * pad.hold_progress), rect.height),
                                     border_radius=8)
                self.draw_tool_face(image, rect, button.id, can_redo)
            if hover is button:
                pygame.draw.rect(image, c.accent, rect.inflate(4, 4), 3, border_radius=9)
        return image

    def draw_tool_face(self, surface: pygame.Surface, rect: pygame.Rect, button: str, can_redo: bool) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        size = max(12, min(rect.height, rect.width) - 4)  # (OpenMoji's own margin keeps it off the edge)
        if button in TOOL_ICONS:
            icon = kit.icon(TOOL_ICONS[button], size)
            if button == "redo" and not can_redo:
                icon = icon.copy()
                icon.set_alpha(80)
            surface.blit(icon, icon.get_rect(center=rect.center))
        elif button.startswith("size"):
            r = max(2, int(BRUSH_WIDTHS[int(button[4:])] * rect.height / 80))
            pygame.draw.circle(surface, c.text, rect.center, min(r, rect.height // 2 - 2))
        elif button == "done":  # a tick to finish
            icon = kit.icon("2705", size)
            surface.blit(icon, icon.get_rect(center=rect.center))

    def draw_cursor(self, surface: pygame.Surface, layout: SheetLayout, style: Any) -> None:
        pad = self.pad
        x, y = layout.to_screen(pad.x, pad.y)
        r = max(5, int(BRUSH_WIDTHS[pad.size] * layout.scale / 2) + 2)
        pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 2, 3)
        pygame.draw.circle(surface, style.colour, (x, y), r, 3)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pygame.draw.line(surface, style.colour, (x + dx * (r + 3), y + dy * (r + 3)),
                             (x + dx * (r + 12), y + dy * (r + 12)), 3)
        if pad.slow:
            pygame.draw.circle(surface, (255, 255, 255), (x, y), 2)
