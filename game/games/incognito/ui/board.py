"""The Incognito board: deal, split-screen drawing, lineup, blind votes, reveal, scores,
gallery (with a PNG export). It draws views only and submits actions.

Screens follow the rules' phases (``rules.py``) plus a few local beats the rules do not
need: the deal animation, the lineup shown before the votes, the reveal stepped drawing
by drawing, the final ranking and the gallery. Bots wait while an animation runs.
"""

from __future__ import annotations

from typing import Any

import pygame

from ....core.actions import Action
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.match import MatchScene
from ....scenes.peek import PeekCurtain
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....ui.tween import Tween
from ..rules.drawing import BRUSH_WIDTHS, CANVAS_H
from .drawkit import CanvasCache, DrawPad
from .layout import HEADER, CellLayout, grid
from .results import ResultScreens, export_gallery

DEAL_TICKS = 150
LINEUP_TICKS = 200
REVEAL_STEP_TICKS = 300
TOP = 92
BOTTOM = 1012


def make_board(ctx: Any, entry: Any, session: Session, bots: dict) -> "IncognitoBoard":
    return IncognitoBoard(ctx, entry, session, bots)


# --- the board -----------------------------------------------------------------------------
class IncognitoBoard(ResultScreens, MatchScene):
    def __init__(self, ctx: Any, entry: Any, session: Session, bots: dict) -> None:
        super().__init__(ctx, entry, session, bots)
        self.cat = ctx.catalogue.game(entry.catalogue_key)
        self.rgb = {c.id: c.rgb for c in self.cat.palette}
        self.colour_ids = self.cat.colour_ids()
        self.n = int(session.config["seats"])
        self.layouts = [CellLayout(r) for r in grid(self.n, pygame.Rect(24, TOP, 1872, BOTTOM - TOP))]
        self.pads = {s: DrawPad(s, self.colour_ids, self._submitter(s)) for s in range(self.n) if s not in self.bots}
        self.caches: dict[tuple, CanvasCache] = {}
        self.toolbars: dict[int, tuple] = {}
        self.stage = ""
        self.stage_ticks = 0
        self.ticks = 0
        self.curtain: PeekCurtain | None = None
        self.ring: VoteRing | None = None
        self.reveal_index = 0
        self.message = ""
        self.deal_tweens: list[Tween] = []
        self._sync_stage()

    # --- helpers ---------------------------------------------------------------------------
    @property
    def public(self):
        return self.session.view(None).public

    def seat(self, index: int):
        return self.ctx.seats[index]

    def text(self, key: str, **fmt) -> str:
        return self.ctx.t(key, **fmt)

    def word_name(self, word_id: str) -> str:
        return self.cat.word(word_id).name(self.ctx.settings.lang)

    def place_name(self, place_id: str) -> str:
        return self.cat.place(place_id).name(self.ctx.settings.lang)

    def _submitter(self, seat: int):
        def submit(kind: str, data: dict) -> str | None:
            return self.submit(Action(kind, seat, data))
        return submit

    def cache(self, key: tuple, strokes, width: int) -> pygame.Surface:
        cache = self.caches.get((key, width))
        if cache is None:
            cache = self.caches[(key, width)] = CanvasCache(self.rgb, width)
        return cache.sync(strokes)

    # --- stages ----------------------------------------------------------------------------
    def _set_stage(self, stage: str) -> None:
        self.stage, self.stage_ticks = stage, 0
        if stage == "deal":
            self.deal_tweens = [Tween(0.0, 1.0, 36, "out_back", delay=10 + 10 * i) for i in range(self.n)]
        if stage != "draw":
            for pad in self.pads.values():
                pad.release_all()

    def _sync_stage(self) -> None:
        """Follow the rules' phase; local beats (deal, lineup, reveal steps) come first."""
        phase = self.public.phase
        if phase == "draw" and self.stage not in ("deal", "draw"):
            self._set_stage("deal")
        elif phase == "vote" and self.stage not in ("lineup", "vote"):
            self._set_stage("lineup")
        elif phase in ("reveal", "over") and self.stage in ("", "draw", "deal", "lineup", "vote"):
            self._close_overlays()
            self.reveal_index = 0
            self._set_stage("reveal")

    def _close_overlays(self) -> None:
        if self.ring is not None and self.ring.stack is not None:
            self.ring.stack.remove(self.ring)
        self.ring = None
        if self.curtain is not None:
            self.curtain.close()

    def on_state_changed(self, action: Action | None) -> None:
        self._sync_stage()

    def bots_may_act(self) -> bool:
        return self.stage in ("draw", "vote", "scores")

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.ticks += 1
        self.stage_ticks += 1
        for tween in self.deal_tweens:
            tween.step()
        if self.stage == "deal" and self.stage_ticks >= DEAL_TICKS:
            self._set_stage("draw")
        elif self.stage == "lineup" and self.stage_ticks >= LINEUP_TICKS:
            self._start_vote()
        elif self.stage == "reveal" and self.stage_ticks >= REVEAL_STEP_TICKS:
            self._next_reveal()
        if self.stage in ("deal", "draw"):
            public = self.public
            mouse_up = self.ctx.input is not None and pygame.display.get_init() and not pygame.mouse.get_pressed()[0]
            for seat, pad in self.pads.items():
                if mouse_up:
                    pad.pointer_up()
                pad.tick(bool(public.done and public.done[seat]))
        if self.curtain is not None and self.curtain.stack is None:
            self.curtain = None
        elif self.curtain is not None and not self.curtain.peeking and self.curtain.ticks > 2:
            self.curtain.close()  # peeking is "hold Y": letting go closes it

    def pause(self) -> None:
        for pad in self.pads.values():
            pad.release_all()

    def _start_vote(self) -> None:
        self._set_stage("vote")
        if self.stack is not None and self.ring is None and self.public.phase == "vote":
            humans = [s for s in range(self.n) if s not in self.bots]
            self.ring = VoteRing(self, humans)
            self.stack.push(self.ring)

    def _next_reveal(self) -> None:
        self.reveal_index += 1
        self.stage_ticks = 0
        if self.reveal_index >= self.n:
            self._set_stage("scores" if self.public.phase == "reveal" else "final")

    # --- input -----------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if event.intent is Intent.MENU:
            return super().handle(seat, event)
        if seat is None and event.intent is Intent.POINTER and event.pos is not None:
            # the mouse draws in the canvas it clicks, until its button is let go
            drawing = [s for s, pad in self.pads.items() if pad.mouse_drawing]
            seat = self._seat_under(event.pos) if event.pressed else (drawing[0] if drawing else None)
        if seat is None or seat >= self.n:
            return False
        if event.intent is Intent.PEEK and event.pressed and self.stage in ("deal", "draw"):
            self._open_curtain(seat, event)
            return True
        if self.stage == "draw" and seat in self.pads:
            pad = self.pads[seat]
            if event.intent is Intent.POINTER and event.pos is not None:
                event = InputEvent(event.device, event.intent, event.pressed, pos=self.layouts[seat].to_space(event.pos))
            return pad.handle(event, bool(self.public.done[seat]))
        if not event.pressed or event.repeat:
            return True
        if self.stage == "deal" and event.intent is Intent.CONFIRM:
            self.stage_ticks = max(self.stage_ticks, DEAL_TICKS - 20)
        elif self.stage == "lineup" and event.intent is Intent.CONFIRM:
            self._start_vote()
        elif self.stage == "reveal" and event.intent is Intent.CONFIRM:
            self._next_reveal()
        elif self.stage == "scores" and event.intent is Intent.CONFIRM:
            self.submit(Action("ready", seat))
        elif self.stage == "final" and event.intent is Intent.CONFIRM:
            self._set_stage("gallery")
        elif self.stage == "gallery":
            self._gallery_input(event.intent)
        return True

    def _seat_under(self, pos: tuple[int, int]) -> int | None:
        for seat, layout in enumerate(self.layouts):
            if layout.cell.collidepoint(pos) and seat in self.pads:
                return seat
        return None

    def _open_curtain(self, seat: int, event: InputEvent) -> None:
        if self.stack is None or self.curtain is not None or not self.public.places:
            return
        for pad in self.pads.values():
            pad.release_all()
        self.curtain = PeekCurtain(self.ctx, seat, lambda surface, rect: self.draw_word(surface, rect, seat),
                                   title=self.text("incognito.peek_title"))
        self.stack.push(self.curtain)
        self.curtain.handle(seat, event)  # this very press opens it

    def _gallery_input(self, intent: Intent) -> None:
        if intent is Intent.ALT:
            try:
                folder, count = export_gallery(self.ctx, self.cat, self.public.history)
                self.message = self.text("incognito.gallery.saved", count=count, folder=str(folder))
            except OSError as exc:
                self.message = self.text("incognito.gallery.failed", error=str(exc))
        elif intent is Intent.CONFIRM:
            from ....scenes.menus.matches import new_match

            if self.stack is not None:
                self.stack.replace(new_match(self.ctx, self.entry, self.session.config))
        elif intent is Intent.BACK and self.stack is not None:
            self.stack.pop()

    # --- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.ctx.kit
        kit.background(surface)
        public = self.public
        getattr(self, f"draw_{self.stage or 'draw'}")(surface, public, alpha)

    def top_bar(self, surface: pygame.Surface, public, title: str) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        bar = pygame.Rect(24, 14, 1872, 66)
        kit.panel(surface, bar, c.panel, radius=33, shadow=False)
        label = self.text("incognito.round", n=min(public.round, public.rounds), total=public.rounds)
        kit.blit_text(surface, label, 36, (bar.x + 32, bar.centery), "midleft", c.gold)
        kit.blit_text(surface, title, 36, (bar.centerx, bar.centery), "center", c.text, max_width=1150)

    # deal ------------------------------------------------------------------------------------
    def draw_deal(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        self.top_bar(surface, public, self.text("incognito.deal.title"))
        cards = grid(self.n, pygame.Rect(120, 150, 1680, 700), gap=40)
        for i, rect in enumerate(cards):
            t = float(self.deal_tweens[i].value(alpha)) if i < len(self.deal_tweens) else 1.0
            start = pygame.Rect(0, 0, rect.width // 3, rect.height // 3)
            start.center = (960, 1200)
            box = pygame.Rect(start.x + (rect.x - start.x) * t, start.y + (rect.y - start.y) * t,
                              max(1, start.width + (rect.width - start.width) * t),
                              max(1, start.height + (rect.height - start.height) * t))
            if t <= 0:
                continue
            self.draw_place_card(surface, box, i, public.places[i] if public.places else None)
        hint = kit.rich(self.text("incognito.deal.peek"), 40, c.accent, button=Intent.PEEK)
        surface.blit(hint, hint.get_rect(center=(960, 920)))
        kit.hint_bar(surface, [(Intent.PEEK, self.text("incognito.hint.word")),
                               (Intent.CONFIRM, self.text("incognito.hint.go"))], y=1030)

    def draw_place_card(self, surface: pygame.Surface, box: pygame.Rect, seat_index: int, place_id: str | None) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        seat = self.seat(seat_index)
        style = kit.seat_style(seat.style)
        kit.panel(surface, box, c.panel, radius=28, border=style.colour, border_width=6)
        if box.height < 120 or place_id is None:
            return
        kit.draw_seat_badge(surface, seat, (box.x + 50, box.y + 44), 56, beside=True, name_size=36)
        place = self.cat.place(place_id)
        size = min(96, (box.width - 60) // len(place.icons) - 12)
        x0 = box.centerx - (len(place.icons) * (size + 12) - 12) // 2
        for k, code in enumerate(place.icons):
            surface.blit(kit.icon(code, size), (x0 + k * (size + 12), box.y + 92))
        kit.blit_text(surface, self.place_name(place_id), 36, (box.centerx, box.y + 110 + size), "midtop", c.text,
                      max_width=box.width - 40, align="center")

    def draw_word(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """Inside the peek curtain: the secret word, its joke, and the place to hide it in."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        my_word = self.session.view(seat).private.my_word
        if my_word is None:
            return
        word = self.cat.word(my_word)
        lang = self.ctx.settings.lang
        y = kit.blit_text(surface, self.text("incognito.peek.your_word"), 40, (rect.centerx, rect.y + 10), "midtop",
                          c.muted).bottom + 6
        y = kit.blit_text(surface, word.name(lang), 120, (rect.centerx, y), "midtop", c.gold, shadow=True).bottom + 16
        y = kit.blit_text(surface, self.text("incognito.peek.joke", joke=word.joke(lang)), 36,
                          (rect.centerx, y), "midtop", c.text, max_width=rect.width - 120, align="center").bottom + 36
        place_id = self.public.places[seat]
        place = self.cat.place(place_id)
        name = self.place_name(place_id)
        line = self.text("incognito.peek.hide_in", place=name[:1].lower() + name[1:])
        y = kit.blit_text(surface, line, 44, (rect.centerx, y), "midtop", c.accent, max_width=rect.width - 80,
                          align="center").bottom + 16
        x0 = rect.centerx - (len(place.icons) * 110 - 14) // 2
        for k, code in enumerate(place.icons):
            surface.blit(kit.icon(code, 96), (x0 + k * 110, y))

    # drawing ---------------------------------------------------------------------------------
    def draw_draw(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit = self.ctx.kit
        countdown = public.countdown
        last = countdown is not None and countdown.name == "last_call"
        title = self.text("incognito.draw.title")
        if last:
            unfinished = [s for s in range(self.n) if not public.done[s]]
            title = self.text("incognito.draw.last_call", name=self.seat(unfinished[0]).name) if unfinished else title
        self.top_bar(surface, public, title)
        for seat in range(self.n):
            self.draw_cell(surface, public, seat, last)
        if countdown is not None and countdown.ticks > 0:
            left = max(0.0, (countdown.started + countdown.ticks - self.session.tick - alpha) / 60)
            total = countdown.ticks / 60
            if last:
                done = [s for s in range(self.n) if public.done[s]]
                if done:  # on a finished canvas, above its "keep drawing" line
                    canvas = self.layouts[done[0]].canvas
                    radius = min(120, canvas.height // 2 - 50)
                    kit.countdown(surface, (canvas.centerx, canvas.y + radius + 10), left, total, radius=radius)
                else:
                    kit.countdown(surface, (960, 540), left, total, radius=130)
            else:
                kit.countdown(surface, (1836, 47), left, total, radius=40)
        kit.hint_bar(surface, [(Intent.STICK, self.text("incognito.hint.move")),
                               (Intent.CONFIRM, self.text("incognito.hint.draw")),
                               (Intent.TRIGGER_L, self.text("incognito.hint.slow")),
                               (Intent.SHOULDER_R, self.text("incognito.hint.colour")),
                               (Intent.ALT, self.text("incognito.hint.tool")),
                               (Intent.BACK, self.text("incognito.hint.undo")),
                               (Intent.PEEK, self.text("incognito.hint.word"))], y=1046, size=28)

    def draw_cell(self, surface: pygame.Surface, public, seat_index: int, last_call: bool) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        layout = self.layouts[seat_index]
        seat = self.seat(seat_index)
        style = kit.seat_style(seat.style)
        done = bool(public.done[seat_index])
        urgent = last_call and not done
        border = c.bad if urgent and (self.ticks // 15) % 2 else style.colour
        kit.panel(surface, layout.cell, c.panel, radius=22, border=border, border_width=5, shadow=False)
        kit.draw_seat_badge(surface, seat, (layout.cell.x + 34, layout.cell.y + HEADER // 2 + 2), 40, beside=True,
                            name_size=30)
        status = self.text("incognito.draw.done") if done else self.text("incognito.draw.drawing")
        status_rect = kit.blit_text(surface, status, 28, (layout.cell.right - 18, layout.cell.y + HEADER // 2 + 2),
                                    "midright", c.good if done else c.muted)
        self.draw_thinking(surface, seat_index, (status_rect.x - 44, status_rect.centery), 32)
        canvas = self.cache(("now", seat_index), public.drawings[seat_index], layout.canvas.width)
        surface.blit(canvas, layout.canvas)
        pad = self.pads.get(seat_index)
        if pad is not None and pad.path and len(pad.path) > 1:
            width = max(1, int(BRUSH_WIDTHS[pad.size] * layout.scale))
            colour = (255, 255, 255) if pad.tool == "eraser" else self.rgb[self.colour_ids[pad.colour]]
            pygame.draw.lines(surface, colour, False, [layout.to_screen(x, y) for x, y in pad.path], width)
        self.draw_toolbar(surface, layout, pad, done, public.redo_counts[seat_index] > 0)
        self.draw_place_side(surface, layout, public.places[seat_index])
        if done:
            veil = pygame.Surface(layout.canvas.size, pygame.SRCALPHA)
            veil.fill((*c.shadow, 120))
            surface.blit(veil, layout.canvas)
            kit.draw_check(surface, (layout.canvas.centerx, layout.canvas.centery - 24), 96)
            if pad is not None:
                back = kit.rich(self.text("incognito.draw.keep_drawing"), 30, c.text, button=Intent.BACK)
                # at the canvas' foot: the last call's countdown may sit on this canvas
                surface.blit(back, back.get_rect(midbottom=(layout.canvas.centerx, layout.canvas.bottom - 12)))
        if pad is not None and (not done or pad.y >= CANVAS_H):
            self.draw_cursor(surface, layout, pad, style)

    def draw_toolbar(self, surface: pygame.Surface, layout: CellLayout, pad: DrawPad | None, done: bool,
                     can_redo: bool) -> None:
        """The tool bar under a canvas, cached until something on it changes."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        bar = pygame.Rect(layout.space.x, layout.canvas.bottom, layout.space.width, layout.space.bottom - layout.canvas.bottom)
        if pad is None:
            pygame.draw.rect(surface, c.bg, bar)
            kit.blit_text(surface, self.text("incognito.draw.bot"), 28, bar.center, "center", c.muted)
            return
        hover = pad.button_at(pad.x, pad.y)
        key = (bar.size, pad.colour, pad.tool, pad.size, bool(pad.clear_armed), hover.id if hover else None, done,
               can_redo, round(pad.hold_progress, 2))
        cached = self.toolbars.get(pad.seat)
        if cached is None or cached[0] != key:
            cached = (key, self.render_toolbar(bar.size, layout.scale, pad, hover, done, can_redo))
            self.toolbars[pad.seat] = cached
        surface.blit(cached[1], bar)

    def render_toolbar(self, size: tuple[int, int], scale: float, pad: DrawPad, hover, done: bool,
                       can_redo: bool) -> pygame.Surface:
        c = self.ctx.kit.colours
        image = pygame.Surface(size)
        image.fill(c.bg)
        for button in pad.buttons:
            x, y, w, h = button.rect
            rect = pygame.Rect(int(x * scale) + 2, int((y - CANVAS_H) * scale) + 2, int(w * scale) - 4, int(h * scale) - 4)
            selected = (button.id == f"colour:{self.colour_ids[pad.colour]}" and pad.tool != "eraser"
                        or button.id == pad.tool or button.id == f"size{pad.size}")
            if button.id.startswith("colour:"):
                pygame.draw.rect(image, self.rgb[button.id[7:]], rect, border_radius=6)
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

    def draw_cursor(self, surface: pygame.Surface, layout: CellLayout, pad: DrawPad, style) -> None:
        x, y = layout.to_screen(pad.x, pad.y)
        r = max(5, int(BRUSH_WIDTHS[pad.size] * layout.scale / 2) + 2)
        pygame.draw.circle(surface, (0, 0, 0), (x, y), r + 2, 3)
        pygame.draw.circle(surface, style.colour, (x, y), r, 3)
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            pygame.draw.line(surface, style.colour, (x + dx * (r + 3), y + dy * (r + 3)), (x + dx * (r + 12), y + dy * (r + 12)), 3)
        if pad.slow:
            pygame.draw.circle(surface, (255, 255, 255), (x, y), 2)

    def draw_place_side(self, surface: pygame.Surface, layout: CellLayout, place_id: str) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        place = self.cat.place(place_id)
        box = layout.place
        if layout.place_beside:
            size = min(72, (box.width - 8) // 2)
            for k, code in enumerate(place.icons):
                col, row = k % 2, k // 2
                surface.blit(kit.icon(code, size), (box.x + col * (size + 6), box.y + row * (size + 6)))
            y = box.y + ((len(place.icons) + 1) // 2) * (size + 6) + 6
            kit.blit_text(surface, self.place_name(place_id), 28, (box.x, y), "topleft", c.text, max_width=box.width)
        else:
            size = min(64, box.height - 8)
            for k, code in enumerate(place.icons):
                surface.blit(kit.icon(code, size), (box.x + k * (size + 6), box.y))
            x = box.x + len(place.icons) * (size + 6) + 10
            kit.blit_text(surface, self.place_name(place_id), 32, (x, box.y + size // 2), "midleft", c.text,
                          max_width=box.right - x)

    # lineup and vote ---------------------------------------------------------------------------
    def lineup_explanation(self, public) -> str:
        """What the line-up holds at this table: the decoys fill the 6 tiles beyond the
        players' words, so a full table of 6 has none (IN-3)."""
        decoys = len(public.lineup) - public.seats
        suffix = {0: "_none", 1: "_one"}.get(decoys, "")
        return self.text(f"incognito.lineup.explain{suffix}", n=decoys)

    def draw_lineup(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        self.top_bar(surface, public, self.text("incognito.lineup.title"))
        kit.blit_text(surface, self.lineup_explanation(public), 40, (960, 170), "midtop", c.text,
                      max_width=1500, align="center")
        for i, word in enumerate(public.lineup):
            t = min(1.0, max(0.0, (self.stage_ticks + alpha - 10 * i) / 24))
            rect = pygame.Rect(0, 0, 270, int(300 * t) or 1)
            rect.center = (960 + (i - 2.5) * 296, 520)
            self.draw_tile(surface, rect, i + 1, word, 44)
        kit.hint_bar(surface, [(Intent.CONFIRM, self.text("incognito.hint.to_votes"))], y=1030)

    def draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, number: int, word: str, size: int,
                  border=None) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        kit.panel(surface, rect, c.panel_hi, radius=22, border=border or c.gold, border_width=5)
        if rect.height < 60:
            return
        badge = (rect.centerx, rect.y + min(56, rect.height // 3))
        kit.draw_shape(surface, "circle", c.gold, badge, min(40, rect.height // 4))
        kit.blit_text(surface, str(number), min(48, rect.height // 3), badge, "center", c.shadow)
        kit.blit_text(surface, self.word_name(word), size, (rect.centerx, (badge[1] + rect.bottom) // 2 + 10), "center",
                      c.text, max_width=rect.width - 20, align="center")

    def draw_vote(self, surface: pygame.Surface, public, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        self.top_bar(surface, public, self.text("incognito.vote.title"))
        for i, word in enumerate(public.lineup):
            rect = pygame.Rect(0, 0, 290, 96)
            rect.center = (960 + (i - 2.5) * 306, 142)
            kit.panel(surface, rect, c.panel_hi, radius=20, border=c.gold, border_width=4, shadow=False)
            kit.draw_shape(surface, "circle", c.gold, (rect.x + 44, rect.centery), 30)
            kit.blit_text(surface, str(i + 1), 40, (rect.x + 44, rect.centery), "center", c.shadow)
            kit.blit_text(surface, self.word_name(word), 32, (rect.x + 86, rect.centery), "midleft", c.text,
                          max_width=rect.width - 96)
        cells = grid(self.n, pygame.Rect(24, 206, 1872, 800))
        for seat_index, cell in enumerate(cells):
            self.draw_vote_cell(surface, public, seat_index, cell)
        if public.countdown is not None and public.countdown.ticks > 0:
            cd = public.countdown
            left = max(0.0, (cd.started + cd.ticks - self.session.tick - alpha) / 60)
            kit.countdown(surface, (960, 606), left, cd.ticks / 60, radius=130)
        kit.hint_bar(surface, [(Intent.PEEK, self.text("incognito.hint.vote"))], y=1046, size=30)

    def draw_vote_cell(self, surface: pygame.Surface, public, seat_index: int, cell: pygame.Rect) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        seat = self.seat(seat_index)
        style = kit.seat_style(seat.style)
        complete = public.voted[seat_index] >= self.n - 1
        kit.panel(surface, cell, c.panel, radius=22, border=c.good if complete else style.colour, border_width=5,
                  shadow=False)
        kit.draw_seat_badge(surface, seat, (cell.x + 34, cell.y + 28), 40, beside=True, name_size=30)
        progress = f"{public.voted[seat_index]}/{self.n - 1}"
        shown = kit.blit_text(surface, progress, 30, (cell.right - 20, cell.y + 28), "midright",
                              c.good if complete else c.muted)
        self.draw_thinking(surface, seat_index, (shown.x - 44, shown.centery), 32)
        width = min(cell.width - 24, int((cell.height - 110) * 4 / 3))
        drawing = self.cache(("now", seat_index), self.last_drawings(public)[seat_index], width)
        rect = drawing.get_rect(midtop=(cell.centerx, cell.y + 56))
        surface.blit(drawing, rect)
        place = public.places[seat_index] if public.places else None
        if place:
            kit.blit_text(surface, self.place_name(place), 28, (cell.centerx, rect.bottom + 6), "midtop", c.muted,
                          max_width=cell.width - 24, align="center")

    def last_drawings(self, public):
        return public.drawings if public.drawings else (public.history[-1].drawings if public.history else [])


class VoteRing(RingPicker):
    """The ring picker for IN-4: each voter numbers the other drawings one by one.

    Nothing is drawn while nobody peeks (the board shows the drawings, the lineup and
    everyone's progress); while a seat holds PEEK the ring appears with that seat's
    question, and the drawing it is about is shown large in the left column."""

    def __init__(self, board: IncognitoBoard, seats: list[int]) -> None:
        super().__init__(board.ctx, seats, self.ask, self.choose, progress=self.count, on_back=self.take_back)
        self.board = board
        #: Per seat, the drawings whose vote BACK reopened, last first out. A reopened
        #: vote stands in the rules until the seat numbers that drawing again (IN-4:
        #: votes change until the phase closes; the rules have no "unvote").
        self.reopened: dict[int, list[int]] = {seat: [] for seat in seats}

    def target(self, seat: int) -> int | None:
        private = self.board.session.view(seat).private
        public = self.board.public
        if public.phase != "vote" or private.my_votes is None:
            return None
        numbers = private.my_votes.numbers
        for target in range(public.seats):
            if target != seat and (not numbers[target] or target in self.reopened[seat]):
                return target
        return None

    def ask(self, seat: int) -> RingQuestion | None:
        target = self.target(seat)
        if target is None:
            return None
        board, public = self.board, self.board.public
        numbers = board.session.view(seat).private.my_votes.numbers
        used = {n for t, n in enumerate(numbers) if n and t != target}
        options = tuple(RingOption(board.word_name(w), None, i + 1, used=(i + 1) in used)
                        for i, w in enumerate(public.lineup))
        return RingQuestion(board.text("incognito.vote.question", name=board.seat(target).name), options)

    def choose(self, seat: int, index: int) -> str | None:
        target = self.target(seat)
        if target is None:
            return "incognito.refuse.closed"
        refusal = self.board.submit(Action("vote", seat, {"target": target, "number": index + 1}))
        if refusal is not None:
            return f"incognito.refuse.{refusal}"
        if target in self.reopened[seat]:
            self.reopened[seat].remove(target)
        return None

    def take_back(self, seat: int) -> bool:
        """BACK reopens the seat's last vote still standing (drawings are asked in seat
        order, so that is the highest one not reopened yet)."""
        private = self.board.session.view(seat).private
        if self.board.public.phase != "vote" or private.my_votes is None:
            return False
        numbers = private.my_votes.numbers
        voted = [t for t in range(self.board.public.seats)
                 if t != seat and numbers[t] and t not in self.reopened[seat]]
        if not voted:
            return False
        self.reopened[seat].append(voted[-1])
        return True

    def count(self, seat: int) -> tuple[int, int]:
        public = self.board.public
        voted = public.voted[seat] if public.voted else public.seats - 1
        return voted - len(self.reopened.get(seat, ())), public.seats - 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        peeker = self.peeker
        if peeker is None:
            if self.refusal is not None:
                self._draw_refusal(surface)
            return
        super().draw(surface, alpha)
        target = self.target(peeker)
        if target is None:
            return
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        panel = pygame.Rect(40, 240, 520, 510)  # under the two-line question
        style = kit.seat_style(board.seat(target).style)
        kit.panel(surface, panel, c.panel, radius=24, border=style.colour, border_width=6)
        kit.draw_seat_badge(surface, board.seat(target), (panel.x + 40, panel.y + 36), 48, beside=True, name_size=34)
        public = board.public
        image = board.cache(("now", target), public.drawings[target], panel.width - 30)
        surface.blit(image, (panel.x + 15, panel.y + 76))
        kit.blit_text(surface, board.place_name(public.places[target]), 30, (panel.centerx, panel.y + 90 + image.get_height()),
                      "midtop", c.muted, max_width=panel.width - 30, align="center")


from .shots import SHOTS  # noqa: E402  (the builders need the classes above)
