"""The curtain of a drawing turn (IN-2a): a seat at the TV draws behind it, alone.

The peek curtain's look (``scenes/peek.py``: the stage curtains, the seat's colour and
shape, "only <name>", "everyone else, look away!"). Closed, it calls the drawer and
shows nothing of any drawing; the drawer opens it with CONFIRM (for a seat the rules
call in turn, by the ``start`` move, so the turn's clock is in the log). Open, it shows
the drawer's sheet full size beside its word and place, under a banner in its colours
saying who draws and that the others look away; the drawer's input (and the mouse) goes
to its drawing pad, everyone else's is held back but for MENU. It closes when the
drawing is done (the rules say so) or the drawing phase ends, and the board calls the
next drawer. The board keeps running underneath: phones and bots draw meanwhile, the
countdowns run.

A seat at the TV that the rules let draw at any time (a match whose config names no
turn seat, or a phone's seat a pad took on resuming) is called the same way, after the
rules' turns; its curtain opens on CONFIRM without a move.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....scenes.peek import BANNER_TOP, PeekCurtain
from ....ui.fit import fit_text
from ....ui.stage import StageItem, draw_stage
from ..rules.drawing import BRUSH_WIDTHS
from ..rules.game import LAST_CALL_SECONDS
from ..rules.view import INPhase, Timer
from .deal import draw_word
from .layout import SheetLayout
from .sheet import Sheet

if TYPE_CHECKING:
    from .board import IncognitoBoard

#: The countdowns a drawer behind its curtain sees (the deal's limit is the others').
DRAWER_TIMERS = (Timer.LAST_CALL, Timer.TURN_LIMIT)
#: The banner's height, as the peek curtain's.
BANNER_H = 108


class DrawingCurtain(PeekCurtain):
    def __init__(self, board: IncognitoBoard, seat: int) -> None:
        super().__init__(board.ctx, seat, lambda surface, rect: None, title=board.text("incognito.turn.title"))
        self.board = board
        self._veiled = board.backdrop  # one kept picture for its closed face and behind its sheet
        self.pad = board.pads[seat]
        self.sheet = Sheet(board, self.pad)
        safe = self.ctx.kit.safe_rect
        top = BANNER_TOP + BANNER_H + 16
        self.panel = pygame.Rect(safe.x + 60, top, safe.width - 120, self.ctx.kit.hint_bar_top(28) - 12 - top)
        # (a thin frame above and below: the sheet as tall as it can be, its swatches and tools
        # 48 px or more even in the wide safe area)
        self.layout = SheetLayout(self.panel.inflate(-48, -24))
        #: Opened without a move: a seat the rules let draw at any time.
        self.opened_here = False
        #: The state whose drawing :meth:`between_frames` last made ahead.
        self._made_for: object = None

    def enter(self, previous: Any) -> None:
        """Nothing to adopt: the curtain opens on a press, not on a held PEEK."""

    @property
    def opaque(self) -> bool:  # type: ignore[override]
        """Open, the drawer's sheet takes the whole screen: nothing below is drawn (closed,
        as any curtain: once its stage's curtains are in)."""
        return self.is_open or super().opaque

    @property
    def rules_turn(self) -> bool:
        """The rules call this seat in turn (its turn opens with a move)."""
        return self.seat in self.board.public.turn_seats

    @property
    def is_open(self) -> bool:
        public = self.board.public
        if self.rules_turn:
            return public.turn == self.seat and public.turn_open
        return self.opened_here

    def private_for(self, seat: int) -> bool:
        """Open, the drawer's sheet (its own ink, word and place) is on the TV."""
        return seat == self.seat and self.is_open

    def look_away_for(self, seat: int) -> bool:
        return seat == self.seat and not self.is_open

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if event.intent is Intent.MENU and event.pressed and seat is not None:
            self.board.open_pause_menu()  # anyone may pause; nothing else gets through
            return True
        if seat is None and event.intent is Intent.POINTER and self.is_open:
            seat = self.seat  # the mouse draws for the drawer
        if seat != self.seat:
            return True
        if not self.is_open:
            if event.intent is Intent.CONFIRM and event.pressed and not event.repeat:
                self.open()
            return True
        if event.intent is Intent.POINTER and event.pos is not None:
            event = InputEvent(event.device, event.intent, event.pressed, pos=self.layout.to_space(event.pos))
        self.pad.handle(event, False)
        return True

    def open(self) -> None:
        if self.rules_turn:
            self.board.submit(Action("start", self.seat))
        else:
            self.opened_here = True
        self.pad.release_all()  # the press that opened it draws nothing

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        public = self.board.public
        if public.phase != INPhase.DRAW or public.done[self.seat]:
            self.pad.release_all()
            self.close()

    def between_frames(self) -> bool:
        """Closed, the drawer's drawing is made ahead at the sheet's width: its opening
        rendered every stroke of it again (fills included, ~20 ms; ~40 on a slow laptop)
        in the frame that opened it. (Nothing shows: it is the board's canvas cache.)"""
        state = self.board.session.state
        if not self.is_open and state is not self._made_for:  # (a view a state: not one an idle time)
            self._made_for = state
            mine = self.board.session.view(self.seat).mine.my_drawing
            if mine is not None:
                self.sheet.drawing(self.layout, mine.strokes)
        return False

    # --- the closed curtain ----------------------------------------------------------------
    def prompt(self, size: int) -> pygame.Surface:
        return self.ctx.kit.rich(self.board.text("incognito.turn.start"), size, self.ctx.kit.colours.accent,
                                 button=Intent.CONFIRM)

    def keys_text(self) -> str:
        return self.board.text("incognito.turn.keys")

    def closed_hints(self) -> list[tuple[Intent, str]]:
        return [(Intent.CONFIRM, self.board.text("incognito.hint.go"))]

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        seat = self.ctx.seats[self.seat]
        if self.is_open:
            self.draw_sheet(surface, seat, alpha)
        else:
            self.draw_veiled_stage(surface, alpha)
            self._draw_closed(surface, alpha)

    def draw_sheet(self, surface: pygame.Surface, seat: Any, alpha: float) -> None:
        """Open: who draws (the others look away), the drawer's sheet, its word and place.
        The background, dimmed, the stage's curtains, the banner, the sheet's panel and
        what is beside the sheet are kept on the board's ``backdrop`` as a stage
        (``game/ui/stage.py``): the countdown and the sheet are drawn over them each frame."""
        kit = self.ctx.kit
        style = kit.seat_style(seat.style)
        mine = self.board.session.view(self.seat).mine.my_drawing
        items = [self._banner_item(seat, style, alpha), self._panel_item(style, mine)]
        if mine is not None:
            items.append(self._side_item(seat, alpha))
        look = (self.curtain.value(alpha), kit.colours, kit.W, kit.H, kit.scaled(100), self.ctx.settings.lang)
        draw_stage(surface, self.board.backdrop, look, lambda layer: self.paint_veiled_stage(layer, alpha), items)
        if mine is None:
            return
        kit.hint_bar(surface, [(Intent.CONFIRM, self.board.text("incognito.hint.draw")),
                               (Intent.TRIGGER_L, self.board.text("incognito.hint.slow")),
                               (Intent.SHOULDER_R, self.board.text("incognito.hint.colour")),
                               (Intent.ALT, self.board.text("incognito.hint.tool")),
                               (Intent.BACK, self.board.text("incognito.hint.undo")),
                               (Intent.CONFIRM, self.board.text("incognito.hint.finish"))], size=28)

    def _banner_item(self, seat: Any, style: Any, alpha: float) -> StageItem:
        kit = self.ctx.kit
        banner = pygame.Rect(kit.safe_rect.x + 60, BANNER_TOP, kit.safe_rect.width - 120, BANNER_H)
        public = self.board.public
        timer = self.board.countdown_left(public, alpha) if public.countdown and public.countdown.name in DRAWER_TIMERS \
            else None
        over = over_area = None
        if timer is not None:
            at = (banner.right - 70, banner.centery)

            def over(surface: pygame.Surface) -> None:
                kit.countdown(surface, at, *timer, radius=40)
            over_area = pygame.Rect(0, 0, 104, 104).move_to(center=at)
        return StageItem(("in.banner", seat.name, seat.style, timer is not None), kit.panels.touched(banner, 30),
                         lambda s: self.draw_banner(s, seat, style, banner, timer is not None), over, over_area)

    def _panel_item(self, style: Any, mine: Any) -> StageItem:
        """The sheet's panel; over it, the sheet (its strokes, the stroke under way, the
        tool bar and the cursor: never outside its space but for the cursor's rim)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        over = over_area = None
        if mine is not None:
            def over(surface: pygame.Surface) -> None:
                self.sheet.draw(surface, self.layout, mine.strokes, mine.redo > 0, style)
            rim = int(BRUSH_WIDTHS[self.pad.size] * self.layout.scale / 2) + 20
            over_area = self.layout.space.inflate(2 * rim, 2 * rim)
        return StageItem(("in.panel", tuple(self.panel), style.colour), kit.panels.touched(self.panel, 36),
                         lambda s: kit.panel(s, self.panel, c.panel, radius=36, border=style.colour, border_width=6),
                         over, over_area)

    def _side_item(self, seat: Any, alpha: float) -> StageItem:
        """Beside the sheet: the word and the place, then the last call or the others' progress."""
        board, public = self.board, self.board.public
        side = self.layout.side
        word = (board.session.view(self.seat).mine.my_word, public.places[self.seat])
        if public.countdown is not None and public.countdown.name == Timer.LAST_CALL:
            timer = board.countdown_left(public, alpha)
            under: tuple[Any, ...] = ("last call", int(math.ceil(timer[0] - 1e-9)) if timer is not None else None)
        else:
            under = tuple((s, public.done[s], public.stroke_counts[s], self.ctx.seats[s].style)
                          for s in range(public.seats) if s != self.seat)

        def paint(surface: pygame.Surface) -> None:
            bottom = draw_word(board, surface, side, self.seat) + 24
            if under and under[0] == "last call":
                self.draw_last_call(surface, side, bottom, seat, alpha)
            else:
                self.draw_table(surface, side, bottom)
        return StageItem(("in.side", self.seat, seat.name, word, under), side, paint)

    def draw_banner(self, surface: pygame.Surface, seat: Any, style: Any, banner: pygame.Rect, timed: bool) -> None:
        """"<name> is drawing: everyone else, look away!" in the seat's colours, room kept
        at the right for the drawer's countdown when one runs (``timed``)."""
        kit = self.ctx.kit
        kit.panel(surface, banner, style.dark, radius=30, border=style.colour)
        token = kit.seat_token(surface, seat.style, (banner.x + 70, banner.centery), 36)
        right = banner.right - (130 if timed else 36)
        size, heading = fit_text(kit, self.board.text("incognito.turn.drawing", name=seat.name),
                                 right - token.right - 24, (44, 40, 36, 32, 30, 28))
        kit.blit_text(surface, heading, size, (token.right + 20, banner.centery), "midleft", style.light, shadow=True)

    def draw_last_call(self, surface: pygame.Surface, side: pygame.Rect, top: int, seat: Any, alpha: float) -> None:
        """Under the word, once everyone else is done: "Last call: <name>, 4 s left!" (the
        number the banner's ring shows)."""
        kit = self.ctx.kit
        timer = self.board.countdown_left(self.board.public, alpha)
        seconds = int(math.ceil(timer[0] - 1e-9)) if timer is not None else LAST_CALL_SECONDS
        size, text = fit_text(kit, self.board.text("incognito.draw.last_call", name=seat.name, n=seconds),
                              side.width, (36, 32, 30, 28))
        line = kit.text(text, size, kit.colours.bad, max_width=side.width, align="center")
        if side.bottom - 8 - line.get_height() >= top:
            surface.blit(line, line.get_rect(midbottom=(side.centerx, side.bottom - 8)))

    def draw_table(self, surface: pygame.Surface, side: pygame.Rect, top: int) -> None:
        """Under the word, if there is room: how far along the others are (a tick, or
        their strokes), as the screen behind shows it; never a stroke."""
        kit, c, public = self.ctx.kit, self.ctx.kit.colours, self.board.public
        others = [seat for seat in range(public.seats) if seat != self.seat]
        title = kit.text(self.board.text("incognito.turn.others"), 28, c.muted, max_width=side.width, align="center")
        chips = []
        for seat in others:
            label = None if public.done[seat] else kit.text(str(public.stroke_counts[seat]), 28, c.text)
            chips.append((seat, label, 48 + 8 + (label.get_width() if label is not None else 48)))
        width = sum(w for _, _, w in chips) + 28 * (len(chips) - 1)
        bottom = side.bottom - 4
        if width > side.width or bottom - 56 - 8 - title.get_height() < top:
            return  # no room (the largest text): the screen behind shows it between turns
        surface.blit(title, title.get_rect(midbottom=(side.centerx, bottom - 56 - 8)))
        x = side.centerx - width // 2
        for seat, label, w in chips:
            kit.seat_token(surface, self.ctx.seats[seat].style, (x + 24, bottom - 28), 24)
            if label is None:
                kit.draw_check(surface, (x + 56 + 24, bottom - 28), 48)
            else:
                surface.blit(label, label.get_rect(midleft=(x + 56, bottom - 28)))
            x += w + 28
