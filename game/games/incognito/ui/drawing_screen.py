"""The drawing seen from the sofa (IN-2, IN-2a): a cell per seat, its public place beside
its slate laid face down, as the booklet keeps them until the line-up. A slate tells who
draws and where (behind the curtain at the TV, waiting for a turn, on a phone, a bot),
how far along (its number of strokes: ``rules/view.py`` says why that tells nothing of
the word) and whether it is done — never a stroke. A seat at the TV draws behind its
drawing curtain (``turn_curtain.py``), which the board raises over this screen, one
drawer at a time; the last call names the seat still drawing and counts down in the top
bar.

The cells stand on a kept stage (``ui/stage.py``): the background and each cell are
repainted only when what the cell shows changes (a stroke counted, a slate handed in, a
thinking bubble's seat, the last call's blink), the bubbles' dots drawn over them every
frame; the top bar, with its countdown, and the hint are drawn every frame."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ....input.intents import InputEvent, Intent
from ....scenes.board import Section
from ....scenes.phone_seats import PHONE_ICON, on_phone
from ....ui.fit import fit_text, fit_words, look
from ....ui.stage import StageItem, draw_stage
from ....ui.theme import TOKEN_RADIUS
from ..rules.game import LAST_CALL_SECONDS
from ..rules.view import IncognitoPublic, Timer
from .layout import HEADER, CellLayout

if TYPE_CHECKING:
    from .board import IncognitoBoard

#: OpenMoji: a robot, an hourglass, a pencil, the theatre masks (a drawer called), a pencil.
BOT_ICON, WAIT_ICON, DRAW_ICON, CALLED_ICON, STROKES_ICON = "1F916", "23F3", "1F58D", "1F3AD", "270F"
#: The slate's back: a dark board.
SLATE = (38, 42, 56)


class DrawSection(Section[IncognitoPublic]):
    """The drawing: the players draw on it (any other section the board opens lets go of
    every pad's stroke)."""

    name = "draw"
    board: IncognitoBoard

    def fixed_update(self) -> None:
        super().fixed_update()
        self.board.call_drawer()

    def handle(self, seat: int, event: InputEvent) -> bool:
        if event.intent is Intent.PEEK and event.pressed:
            self.board.open_curtain(seat, event)
            return True
        return False

    def draw(self, surface: pygame.Surface, public: IncognitoPublic, alpha: float) -> None:
        board, kit = self.board, self.ctx.kit
        countdown = public.countdown
        last = countdown is not None and countdown.name == Timer.LAST_CALL
        title = board.text("incognito.draw.title")
        timer = board.countdown_left(public, alpha)
        unfinished = [s for s in range(board.n) if not public.done[s]]
        if last and unfinished:  # the header says the number its ring shows
            seconds = int(math.ceil(timer[0] - 1e-9)) if timer is not None else LAST_CALL_SECONDS
            title = board.text("incognito.draw.last_call", name=board.seat(unfinished[0]).name, n=seconds)
        draw_stage(surface, board.cells, "in.draw", kit.background,
                   [self.cell_item(public, seat, last) for seat in range(board.n)])
        board.top_bar(surface, public, title, alpha if countdown is None or countdown.name != Timer.GRACE else None)
        if any(not public.done[seat] for seat in board.pads):
            kit.hint_bar(surface, [(Intent.PEEK, board.text("incognito.hint.word"))])
        else:  # where the hint bar would be: why the slates are face down
            kit.blit_text(surface, board.text("incognito.draw.face_down"), 30, (board.safe.centerx, kit.hint_bar_top()),
                          "midtop", kit.colours.muted, max_width=board.safe.width)

    def cell_item(self, public: IncognitoPublic, seat_index: int, last_call: bool) -> StageItem:
        """A seat's cell on the stage, keyed by all it shows; a bot's thinking bubble
        (its dots move every frame) drawn over it, inside the cell."""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        layout = board.layouts[seat_index]
        seat = board.seat(seat_index)
        done = bool(public.done[seat_index])
        urgent = last_call and not done
        border = c.bad if urgent and (kit.reduce_motion or (board.ticks // 15) % 2) else kit.seat_style(seat.style).colour
        thinking = not done and board.thinking(seat_index)
        strokes = public.stroke_counts[seat_index] if public.stroke_counts else 0
        place = public.places[seat_index]
        key = ("in.cell", seat.style, seat.name, done, tuple(border), thinking, None if done else self.status(seat_index),
               strokes, place, look(kit))
        middle = layout.cell.y + HEADER // 2 + 2
        bubble = ((layout.cell.right - 18 - 32, middle), 32)

        def paint(surface: pygame.Surface) -> None:
            self.draw_cell(surface, seat_index, done, border, thinking, strokes, place)

        def over(surface: pygame.Surface) -> None:
            board.draw_thinking(surface, seat_index, *bubble)
        return StageItem(key, layout.cell, paint, over if thinking else None, layout.cell)

    def draw_cell(self, surface: pygame.Surface, seat_index: int, done: bool, border: Any, thinking: bool,
                  strokes: int, place: str) -> None:
        """The cell without its thinking bubble (:meth:`cell_item` draws it over)."""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        layout = board.layouts[seat_index]
        seat = board.seat(seat_index)
        style = kit.seat_style(seat.style)
        kit.panel(surface, layout.cell, c.panel, radius=22, border=border, border_width=5, shadow=False)
        # "done" (or a bot's thinking bubble) at the right, the seat's shape and name in what they leave
        middle = layout.cell.y + HEADER // 2 + 2
        right = layout.cell.right - 18
        if done:
            right = kit.blit_text(surface, board.text("incognito.draw.done"), 28, (right, middle), "midright",
                                  c.good).x - 16
        elif thinking:
            right -= 80
        token = kit.seat_token(surface, seat.style, (layout.cell.x + 40, middle), TOKEN_RADIUS)
        size, name = fit_text(kit, seat.name, right - token.right - 8, (30, 28))
        kit.blit_text(surface, name, size, (token.right + 8, middle), "midleft", style.light, shadow=True)
        self.draw_slate(surface, layout, seat_index, style, done)
        self.draw_progress(surface, layout, strokes)
        self.draw_place_side(surface, layout, place)

    def status(self, seat: int) -> tuple[str, str]:
        """An unfinished seat's slate: its icon and what it says (who draws, where)."""
        board, public = self.board, self.board.public
        if seat in public.turn_seats and public.turn != seat:
            return WAIT_ICON, "incognito.draw.waits"  # (a phone too: a pad's seat it took on resuming)
        if on_phone(self.ctx, seat):
            return PHONE_ICON, "incognito.draw.on_phone"
        if seat in board.bots:
            return BOT_ICON, "incognito.draw.bot"
        curtain = board.turn_curtain
        if curtain is not None and curtain.seat == seat:
            return (DRAW_ICON, "incognito.draw.behind") if curtain.is_open else (CALLED_ICON, "incognito.draw.called")
        return WAIT_ICON, "incognito.draw.waits"

    def draw_slate(self, surface: pygame.Surface, layout: CellLayout, seat: int, style: Any, done: bool) -> None:
        """The seat's slate, face down: handed in (its shape and a tick on its back), or
        its status (who draws, where)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        slate = layout.slate
        pygame.draw.rect(surface, SLATE, slate, border_radius=12)
        pygame.draw.rect(surface, style.dark, slate, 4, border_radius=12)
        if done:
            kit.draw_shape(surface, style.shape, style.dark, slate.center, min(slate.width, slate.height) * 2 // 5)
            kit.draw_check(surface, slate.center, min(120, slate.height * 2 // 3))
            return
        icon_code, key = self.status(seat)
        icon = kit.icon(icon_code, max(48, min(96, slate.height // 2 - 16)))
        words, text_size = fit_words(kit, self.board.text(key), 34, slate.width - 32)
        text = kit.text(words, text_size, c.text, max_width=slate.width - 32, align="center")
        top = slate.centery - (icon.get_height() + 12 + text.get_height()) // 2
        surface.blit(icon, icon.get_rect(midtop=(slate.centerx, top)))
        surface.blit(text, text.get_rect(midtop=(slate.centerx, top + icon.get_height() + 12)))

    def draw_progress(self, surface: pygame.Surface, layout: CellLayout, strokes: int) -> None:
        """Under the slate, where its tool bar was: how far along it is (its strokes)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        band = layout.band
        label = kit.text(self.board.text("incognito.draw.strokes", n=strokes), 28, c.text)
        icon = kit.icon(STROKES_ICON, 48)
        x = band.centerx - (icon.get_width() + 10 + label.get_width()) // 2
        surface.blit(icon, icon.get_rect(midleft=(x, band.centery)))
        surface.blit(label, label.get_rect(midleft=(x + icon.get_width() + 10, band.centery)))

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
