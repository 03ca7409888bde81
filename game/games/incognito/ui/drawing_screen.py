"""The drawing (IN-2): every seat draws at once in its own cell of the split screen,
with its place beside the canvas and its tool bar under it. A finished canvas is greyed
with a tick; the last call names the seat still drawing and counts down on a finished
canvas. A seat played on a phone draws on its phone: its cell shows a blank sheet, a
phone and whether it is done — nothing drawn from its strokes — until the line-up shows
every drawing (the booklet keeps drawings private until the vote)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ....input.intents import InputEvent, Intent
from ..rules.drawing import BRUSH_WIDTHS, CANVAS_H
from ..rules.game import LAST_CALL_SECONDS
from ..rules.view import Timer
from ....scenes.phone_seats import PHONE_ICON, draw_phone_mark, on_phone
from .drawkit import Button, DrawPad
from ....ui.fit import fit_text, fit_words, smallest_size
from .layout import HEADER, CellLayout
from .screen import Screen

if TYPE_CHECKING:
    from .board import IncognitoBoard


class DrawScreen(Screen):
    name = "draw"
    bots_play = True
    pads_live = True
    draws = True

    def __init__(self, board: IncognitoBoard) -> None:
        super().__init__(board)
        #: Per seat, its tool bar as last rendered and what it showed (redrawn on a change).
        self.toolbars: dict[int, tuple[tuple[Any, ...], pygame.Surface]] = {}

    def handle(self, seat: int, event: InputEvent) -> bool:
        board = self.board
        if event.intent is Intent.PEEK and event.pressed:
            board.open_curtain(seat, event)
            return True
        pad = board.pads.get(seat)
        if pad is None:
            return False
        if event.intent is Intent.POINTER and event.pos is not None:
            event = InputEvent(event.device, event.intent, event.pressed, pos=board.layouts[seat].to_space(event.pos))
        return pad.handle(event, bool(board.public.done[seat]))

    def draw(self, surface: pygame.Surface, public: Any, alpha: float) -> None:
        board, kit = self.board, self.ctx.kit
        countdown = public.countdown
        last = countdown is not None and countdown.name == Timer.LAST_CALL
        title = board.text("incognito.draw.title")
        timer = board.countdown_left(public, alpha)
        unfinished = [s for s in range(board.n) if not public.done[s]]
        if last and unfinished:  # the header says the number its ring shows
            seconds = int(math.ceil(timer[0] - 1e-9)) if timer is not None else LAST_CALL_SECONDS
            title = board.text("incognito.draw.last_call", name=board.seat(unfinished[0]).name, n=seconds)
        board.top_bar(surface, public, title, alpha)
        for seat in range(board.n):
            self.draw_cell(surface, public, seat, last)
        if not board.pads:
            return  # bots and phones only: no pad to explain
        kit.hint_bar(surface, [(Intent.CONFIRM, board.text("incognito.hint.draw")),
                               (Intent.TRIGGER_L, board.text("incognito.hint.slow")),
                               (Intent.SHOULDER_R, board.text("incognito.hint.colour")),
                               (Intent.ALT, board.text("incognito.hint.tool")),
                               (Intent.BACK, board.text("incognito.hint.undo")),
                               (Intent.PEEK, board.text("incognito.hint.word")),
                               (Intent.CONFIRM, board.text("incognito.hint.finish"))], size=28)

    def draw_cell(self, surface: pygame.Surface, public: Any, seat_index: int, last_call: bool) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        layout = board.layouts[seat_index]
        seat = board.seat(seat_index)
        style = kit.seat_style(seat.style)
        done = bool(public.done[seat_index])
        urgent = last_call and not done
        border = c.bad if urgent and (board.ticks // 15) % 2 else style.colour
        kit.panel(surface, layout.cell, c.panel, radius=22, border=border, border_width=5, shadow=False)
        # "done" (or a phone, or a bot's thinking bubble) at the right, the seat's shape and name in what they leave
        middle = layout.cell.y + HEADER // 2 + 2
        right = layout.cell.right - 18
        phone = on_phone(self.ctx, seat_index)
        if done:
            right = kit.blit_text(surface, board.text("incognito.draw.done"), 28, (right, middle), "midright",
                                  c.good).x - 16
        elif phone:  # it draws on its phone
            draw_phone_mark(self.ctx, surface, seat_index, (right - 32, middle), 36)
            right -= 80
        elif board.thinking(seat_index):
            board.draw_thinking(surface, seat_index, (right - 32, middle), 32)
            right -= 80
        token = kit.seat_token(surface, seat.style, (layout.cell.x + 34, middle), 20)
        size, name = fit_text(kit, seat.name, right - token.right - 8, (30, 28))
        kit.blit_text(surface, name, size, (token.right + 8, middle), "midleft", style.light, shadow=True)
        if phone:
            self.draw_phone_sheet(surface, layout)
        else:
            canvas = board.cache(("now", seat_index), public.drawings[seat_index], layout.canvas.width)
            surface.blit(canvas, layout.canvas)
        pad = board.pads.get(seat_index)
        if pad is not None and pad.path and len(pad.path) > 1:
            width = max(1, int(BRUSH_WIDTHS[pad.size] * layout.scale))
            colour = (255, 255, 255) if pad.tool == "eraser" else board.rgb[board.colour_ids[pad.colour]]
            pygame.draw.lines(surface, colour, False, [layout.to_screen(x, y) for x, y in pad.path], width)
        self.draw_toolbar(surface, layout, pad, done, not phone and public.redo_counts[seat_index] > 0, phone)
        self.draw_place_side(surface, layout, public.places[seat_index])
        if done:
            veil = pygame.Surface(layout.canvas.size, pygame.SRCALPHA)
            veil.fill((*c.shadow, 120))
            surface.blit(veil, layout.canvas)
            kit.draw_check(surface, (layout.canvas.centerx, layout.canvas.centery - 24), 96)
            if pad is not None:  # on a dark pill: the greyed canvas behind is too light for the text
                back = self.keep_drawing(layout.canvas.width - 48)
                spot = back.get_rect(midbottom=(layout.canvas.centerx, layout.canvas.bottom - 14))
                pill = spot.inflate(28, 10)
                kit.panel(surface, pill, c.shadow, radius=pill.height // 2, shadow=False)
                surface.blit(back, spot)
        if pad is not None and (not done or pad.y >= CANVAS_H):
            self.draw_cursor(surface, layout, pad, style)

    def draw_phone_sheet(self, surface: pygame.Surface, layout: CellLayout) -> None:
        """A phone seat's canvas on the TV: the same blank sheet whatever it drew, a phone
        and the words saying the drawing shows at the line-up."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        pygame.draw.rect(surface, (255, 255, 255), layout.canvas)
        icon = kit.icon(PHONE_ICON, min(160, layout.canvas.height // 2))
        spot = icon.get_rect(center=(layout.canvas.centerx, layout.canvas.centery - layout.canvas.height // 8))
        surface.blit(icon, spot)
        kit.blit_text(surface, self.board.text("incognito.draw.phone"), 28, (layout.canvas.centerx, spot.bottom + 8),
                      "midtop", c.shadow, max_width=layout.canvas.width - 24, align="center")

    def keep_drawing(self, width: int) -> pygame.Surface:
        """"(B) keep drawing" at the largest size (30 px down to 28 px drawn) that fits
        ``width``, on two lines (centred) when even 28 px is too wide for one."""
        kit, text = self.ctx.kit, self.board.text("incognito.draw.keep_drawing")

        def rich(words: str, size: int) -> pygame.Surface:
            return kit.rich(words, size, kit.colours.text, button=Intent.BACK)

        floor = smallest_size(kit)
        size = next((s for s in range(30, floor - 1, -1) if rich(text, s).get_width() <= width), None)
        if size is not None:
            return rich(text, size)
        words = text.split(" ")
        cut = next((k for k in range(len(words) - 1, 0, -1) if rich(" ".join(words[:k]), floor).get_width() <= width), 1)
        lines = [rich(" ".join(words[:cut]), floor), rich(" ".join(words[cut:]), floor)]
        block = pygame.Surface((max(line.get_width() for line in lines), sum(line.get_height() for line in lines)),
                               pygame.SRCALPHA)
        block.blit(lines[0], lines[0].get_rect(midtop=(block.get_width() // 2, 0)))
        block.blit(lines[1], lines[1].get_rect(midbottom=(block.get_width() // 2, block.get_height())))
        return block

    def draw_toolbar(self, surface: pygame.Surface, layout: CellLayout, pad: DrawPad | None, done: bool,
                     can_redo: bool, phone: bool = False) -> None:
        """The tool bar under a canvas, cached until something on it changes (a bot's or
        a phone's: what draws there)."""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        bar = pygame.Rect(layout.space.x, layout.canvas.bottom, layout.space.width, layout.space.bottom - layout.canvas.bottom)
        if pad is None:
            pygame.draw.rect(surface, c.bg, bar)
            label = "incognito.draw.phone_tools" if phone else "incognito.draw.bot"
            kit.blit_text(surface, board.text(label), 28, bar.center, "center", c.muted)
            return
        hover = pad.button_at(pad.x, pad.y)
        key = (bar.size, pad.colour, pad.tool, pad.size, bool(pad.clear_armed), hover.id if hover else None, done,
               can_redo, round(pad.hold_progress, 2))
        cached = self.toolbars.get(pad.seat)
        if cached is None or cached[0] != key:
            cached = (key, self.render_toolbar(bar.size, layout.scale, pad, hover, done, can_redo))
            self.toolbars[pad.seat] = cached
        surface.blit(cached[1], bar)

    def render_toolbar(self, size: tuple[int, int], scale: float, pad: DrawPad, hover: Button | None, done: bool,
                       can_redo: bool) -> pygame.Surface:
        board, c = self.board, self.ctx.kit.colours
        image = pygame.Surface(size)
        image.fill(c.bg)
        for button in pad.buttons:
            x, y, w, h = button.rect
            rect = pygame.Rect(int(x * scale) + 2, int((y - CANVAS_H) * scale) + 2, int(w * scale) - 4, int(h * scale) - 4)
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
                    fill = c.good if not done else c.panel_hi
                pygame.draw.rect(image, fill, rect, border_radius=8)
                if button.id == "done" and pad.hold_progress > 0:  # the 1-second hold fills up
                    pygame.draw.rect(image, c.gold, (rect.x, rect.y, int(rect.width * pad.hold_progress), rect.height),
                                     border_radius=8)
                self.draw_tool_face(image, rect, button.id, pad, done, can_redo)
            if hover is button:
                pygame.draw.rect(image, c.accent, rect.inflate(4, 4), 3, border_radius=9)
        return image

    def draw_tool_face(self, surface: pygame.Surface, rect: pygame.Rect, button: str, pad: DrawPad, done: bool,
                       can_redo: bool) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        icons = {"pen": "270F", "eraser": "1F9FD", "fill": "1FAA3", "undo": "21A9", "redo": "21AA", "clear": "1F5D1"}
        size = max(12, min(rect.height, rect.width) - 6)
        if button in icons:
            icon = kit.icon(icons[button], size)
            if button == "redo" and not can_redo:
                icon = icon.copy()
                icon.set_alpha(80)
            surface.blit(icon, icon.get_rect(center=rect.center))
        elif button.startswith("size"):
            r = max(2, int(BRUSH_WIDTHS[int(button[4:])] * rect.height / 80))
            pygame.draw.circle(surface, c.text, rect.center, min(r, rect.height // 2 - 2))
        elif button == "done":  # a tick to finish; a pencil to take it back
            icon = kit.icon("270F" if done else "2705", size)
            surface.blit(icon, icon.get_rect(center=rect.center))

    def draw_cursor(self, surface: pygame.Surface, layout: CellLayout, pad: DrawPad, style: Any) -> None:
        x, y = layout.to_screen(pad.x, pad.y)
        r = max(5, int(BRUSH_WIDTHS[pad.size] * layout.scale / 2) + 2)
        pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 2, 3)
        pygame.draw.circle(surface, style.colour, (x, y), r, 3)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pygame.draw.line(surface, style.colour, (x + dx * (r + 3), y + dy * (r + 3)), (x + dx * (r + 12), y + dy * (r + 12)), 3)
        if pad.slow:
            pygame.draw.circle(surface, (255, 255, 255), (x, y), 2)

    def draw_place_side(self, surface: pygame.Surface, layout: CellLayout, place_id: str) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        place = board.cat.place(place_id)
        box = layout.place
        if layout.place_beside:
            size = min(72, (box.width - 8) // 2)
            for k, code in enumerate(place.icons):
                col, row = k % 2, k // 2
                surface.blit(kit.icon(code, size), (box.x + col * (size + 6), box.y + row * (size + 6)))
            y = box.y + ((len(place.icons) + 1) // 2) * (size + 6) + 6
            name, size = fit_words(kit, board.place_name(place_id), 28, box.width)
            kit.blit_text(surface, name, size, (box.x, y), "topleft", c.text, max_width=box.width)
        else:
            size = min(64, box.height - 8)
            for k, code in enumerate(place.icons):
                surface.blit(kit.icon(code, size), (box.x + k * (size + 6), box.y))
            x = box.x + len(place.icons) * (size + 6) + 10
            name, text_size = fit_words(kit, board.place_name(place_id), 32, box.right - x)
            kit.blit_text(surface, name, text_size, (x, box.y + size // 2), "midleft", c.text, max_width=box.right - x)

