"""The "take your seat" step that re-binds a resumed match's seats to the pads (and
phones) in the room."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Hashable

import pygame

from ...input.intents import InputEvent, Intent
from ...ui.fit import fit_text
from ..base import Scene
from ..join_panel import QrCache, draw_join_panel

if TYPE_CHECKING:
    from ...context import AppContext
    from ...core.session import Session
    from ...games import GameEntry

#: The phone join panel's height at most on "take your seats" (its QR code about 260 px).
JOIN_PANEL_HEIGHT = 300


class TakeSeatScene(Scene):
    """Resume: each saved human seat, in table order, is claimed by the next pad or
    keyboard side that presses CONFIRM, or the next phone that joins (the companion calls
    :meth:`phone_claim`; the join panel shows under the seats); bots sit down by
    themselves. A claimer whose pad is unplugged frees only that seat (held, as in a
    match), and the next CONFIRM takes it: nobody moves into another player's saved seat
    (and secrets). A phone that loses its connection keeps its claim for its own token
    a while (the companion's grace), then it too goes to the next claimer. BACK undoes the
    last claim still standing (or goes back to the title). With the room code hidden
    (streaming), a claimed seat holding PEEK shows it in the join panel, as in the lobby."""

    def __init__(self, ctx: AppContext, entry: GameEntry[Any], session: Session[Any, Any, Any]) -> None:
        super().__init__()
        self.ctx = ctx
        self.entry = entry
        self.session = session
        from .matches import saved_seats

        self.saved = saved_seats(session)
        self.ticks = 0
        self.qr = QrCache()
        #: Claimed seats holding PEEK: the join panel shows the hidden room code (streaming).
        self.peeking: set[int] = set()

    @property
    def game_id(self) -> str:
        return str(self.entry.id)

    def enter(self, previous: Scene | None) -> None:
        table = self.ctx.seats
        while len(table):
            table.remove(len(table) - 1)
        if self.ctx.input is not None:
            self.ctx.input.on_device_removed = self._claimer_left
        self._seat_bots()

    def exit(self) -> None:
        hub = self.ctx.input
        if hub is not None and hub.on_device_removed == self._claimer_left:
            hub.on_device_removed = None

    def _claimer_left(self, device: Hashable) -> None:
        """A pad was unplugged: its claim (if any) is held for the next claimer."""
        self.ctx.seats.disconnect(device)

    def _next_seat(self) -> int:
        """The saved seat the next CONFIRM claims: a freed claim first, in table order
        (not a phone's that waits for that phone)."""
        held = self.ctx.seats.held_pads()
        return held[0] if held else len(self.ctx.seats)

    def phone_claim(self, device: Hashable) -> int | None:
        """A phone joining now claims the next saved seat, as a pad's CONFIRM does (its
        saved name and style stay). The seat's index, or None (every seat is taken)."""
        index = self._next_seat()
        if index >= len(self.saved) or not self._claim(device):
            return None
        self._audio("confirm")
        self._seat_bots()
        return index

    def _seat_bots(self) -> None:
        table = self.ctx.seats
        while len(table) < len(self.saved) and self.saved[len(table)]["bot"]:
            saved = self.saved[len(table)]
            seat = table.add_bot(saved["name"], saved["level"])
            assert seat is not None, "the saved table has room for its bots"
            seat.style = saved["style"]
        if len(table) == len(self.saved) and not table.held():
            self._start()

    def _start(self) -> None:
        from .lobby import LobbyScene
        from .matches import resume_board

        stack = self.on_stack
        board = resume_board(self.ctx, self.entry, self.session)
        stack.replace(LobbyScene(self.ctx, self.entry))
        stack.push(board)

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if event.intent is Intent.PEEK and seat is not None and not event.repeat:
            (self.peeking.add if event.pressed else self.peeking.discard)(seat)
            return True
        if not event.pressed:
            return True
        if event.intent is Intent.CONFIRM and seat is None and isinstance(event.device, tuple) \
                and event.device[0] in ("pad", "kb"):
            if self._claim(event.device):
                self._audio("confirm")
                self._seat_bots()
            return True
        if event.intent is Intent.BACK:
            self._audio("back")
            self._undo()
        return True

    def _claim(self, device: Hashable) -> bool:
        table = self.ctx.seats
        index = self._next_seat()
        if index < len(table):
            table.reclaim(index, device)
            return True
        saved = self.saved[index]
        joined = table.join(device, saved["name"])
        if joined is None:
            return False
        joined.style = saved["style"]
        return True

    def _undo(self) -> None:
        table = self.ctx.seats
        while len(table) and (table.seats[-1].bot or not table.seats[-1].connected):
            table.remove(len(table) - 1)
        if len(table):
            table.remove(len(table) - 1)
        else:
            self.on_stack.pop()

    def _audio(self, name: str) -> None:
        if self.ctx.audio is not None:
            self.ctx.audio.play(name)

    def fixed_update(self, dt: float) -> None:
        self.ticks += 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The saved seats as cards, the next one to claim lit, how to claim it and, while
        phones may join, the join panel under them (the cards then lie flat: a token
        beside the name)."""
        kit, t = self.ctx.kit, self.ctx.t
        kit.background(surface)
        safe = kit.safe_rect
        kit.blit_text(surface, t("take_seat.title"), 72, (960, safe.y + 60), "center", shadow=True)
        kit.blit_text(surface, t("take_seat.subtitle", game=t(f"games.{self.entry.id}.name")), 38,
                      (960, safe.y + 140), "center", kit.colours.muted)
        phones = getattr(self.ctx, "companion", None) is not None  # test doubles of the context may lack it
        n = len(self.saved)
        cols = min(4, n)
        rows = (n + cols - 1) // cols
        card_w, card_h, gap = (min(410, (safe.width - 54) // 4), 120, 18) if phones else (360, 270, 28)
        top = safe.y + (190 if phones else 220)
        following = self._next_seat()
        pulse = 0.5 + 0.5 * math.sin((self.ticks + alpha) * 0.1)
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            x = 960 - (in_row * card_w + (in_row - 1) * gap) // 2 + col * (card_w + gap)
            self._draw_card(surface, pygame.Rect(x, top + row * (card_h + gap), card_w, card_h), i, following, pulse,
                            flat=phones)
        y = top + rows * (card_h + gap) + (30 if phones else 50)
        if following < n:
            prompt = t("take_seat.prompt_phone" if phones else "take_seat.prompt", name=self.saved[following]["name"])
            glyph = kit.button_hint(Intent.CONFIRM, 60)
            label = kit.text(prompt, 40 if phones else 44)
            width = glyph.get_width() + 20 + label.get_width()
            surface.blit(glyph, glyph.get_rect(midleft=(960 - width // 2, y)))
            surface.blit(label, label.get_rect(midleft=(960 - width // 2 + glyph.get_width() + 20, y)))
        if phones:
            height = min(JOIN_PANEL_HEIGHT, safe.bottom - 80 - (y + 40))  # clear of the hint bar
            draw_join_panel(self.ctx, surface, pygame.Rect(960 - 460, y + 40, 920, height), self.qr,
                            peeking=bool(self.peeking))
        kit.hint_bar(surface, [(Intent.CONFIRM, t("take_seat.claim")), (Intent.BACK, t("take_seat.undo"))])

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, i: int, following: int, pulse: float,
                   flat: bool) -> None:
        kit, t = self.ctx.kit, self.ctx.t
        saved = self.saved[i]
        claimed = i < len(self.ctx.seats) and self.ctx.seats[i].connected
        current = i == following
        waiting = not claimed and not current
        border = kit.colours.accent if current else None
        kit.panel(surface, rect, kit.colours.panel_hi if current else kit.colours.panel, radius=28, border=border)
        style = kit.seat_style(saved["style"])
        name_colour = kit.colours.muted if waiting else style.light
        if saved["bot"]:
            status = t("take_seat.bot")
        elif claimed:
            status = t("take_seat.ready")
        else:
            status = t("take_seat.waiting")
        colour = kit.colours.good if claimed else kit.colours.muted
        if flat:  # a long name takes two lines, the status stays under it
            kit.seat_token(surface, saved["style"], (rect.x + 46, rect.centery), 32, dim=waiting)
            size, name = fit_text(kit, saved["name"], rect.width - 90 - 12, (34, 32, 30, 28))
            kit.blit_text(surface, name, size, (rect.x + 90, rect.y + (6 if "\n" in name else 14)), "topleft",
                          name_colour, shadow=True)
            kit.blit_text(surface, status, 28, (rect.x + 90, rect.bottom - 8), "bottomleft", colour)
        else:
            kit.seat_token(surface, saved["style"], (rect.centerx, rect.y + 76), 48, dim=waiting)
            kit.blit_text(surface, saved["name"], 38, (rect.centerx, rect.y + 140), "midtop", name_colour,
                          max_width=rect.width - 30, align="center", shadow=True)
            kit.blit_text(surface, status, 30, (rect.centerx, rect.bottom - 18), "midbottom", colour)
        if current:
            pygame.draw.rect(surface, kit.colours.accent, rect.inflate(12 + int(8 * pulse), 12 + int(8 * pulse)),
                             width=5, border_radius=34)
