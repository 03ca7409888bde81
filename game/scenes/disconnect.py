"""The overlay shown when a seated pad is unplugged during a match.

The board below is frozen (its clock and bots stop) and nothing is lost: the seat is
only *held* (``SeatTable.disconnect``). Any device that has no seat (a pad just plugged
in, the same pad back with a new instance id, a keyboard side) takes the first held
seat by pressing CONFIRM; the overlay leaves once no such seat is held. A phone's held
seat is not this overlay's: it waits for its own phone (game/companion), marked
"reconnecting" on the board, and the match goes on.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Hashable

import pygame

from ..input.intents import InputEvent, Intent
from ..ui.fit import fit_text
from .base import Scene
from .match import MatchScene

if TYPE_CHECKING:
    from ..context import AppContext
    from ..shots import ShotRequest

#: Device kinds that may take a held seat (not the mouse, not bots).
RECLAIMERS = ("pad", "kb")


class DisconnectScene(Scene):
    opaque = False
    own_hint_bar = True
    blocks_input = True
    freezes_below = True

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.ticks = 0

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        """CONFIRM from a free device takes the first held seat; MENU from a seated
        player opens the pause menu (to give up and quit); all else waits."""
        if event.intent is Intent.MENU and event.pressed and seat is not None:
            board = self._board()
            if board is not None:
                board.open_pause_menu()
            return True
        if (event.intent is Intent.CONFIRM and event.pressed and not event.repeat and seat is None
                and isinstance(event.device, tuple) and event.device[0] in RECLAIMERS):
            held = self.ctx.seats.held_pads()
            if held:
                self.ctx.seats.reclaim(held[0], event.device)
                self.ctx.audio.play("join")
                if self.ctx.input is not None:
                    self.ctx.input.rumble(event.device, 0.4, 0.6, 180)
            self._close_if_done()
        return True

    def _board(self) -> MatchScene | None:
        boards = [scene for scene in self.stack or () if isinstance(scene, MatchScene)]
        return boards[-1] if boards else None

    def exit(self) -> None:
        """Left while seats are still held: the match was abandoned (quit from the
        pause menu), so those seats go, instead of haunting the lobby."""
        for index in reversed(self.ctx.seats.held_pads()):
            self.ctx.seats.remove(index)

    def fixed_update(self, dt: float) -> None:
        self.ticks += 1
        self._close_if_done()

    def _close_if_done(self) -> None:
        if not self.ctx.seats.held_pads() and self.stack is not None:
            self.stack.remove(self)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        kit, ctx = self.ctx.kit, self.ctx
        held = [ctx.seats[i] for i in ctx.seats.held_pads()]
        if not held:
            return
        kit.dim(surface, 190)
        W, H = kit.W, kit.H
        box_w, box_h = 1360, 740
        box = (W // 2 - box_w // 2, H // 2 - box_h // 2, box_w, box_h)
        kit.panel(surface, box, kit.colours.panel, radius=36, border=kit.colours.bad)
        # one column, each line under the last (large text grows them all)
        y = box[1] + 28
        icon = kit.icon("1F50C", 80)  # electric plug
        y = surface.blit(icon, icon.get_rect(midtop=(W // 2, y))).bottom + 4
        y = kit.blit_text(surface, ctx.t("disconnect.title"), 64, (W // 2, y), "midtop", kit.colours.text,
                          shadow=True).bottom + 4
        label = "disconnect.held_one" if len(held) == 1 else "disconnect.held_many"
        y = kit.blit_text(surface, ctx.t(label), 34, (W // 2, y), "midtop", kit.colours.muted).bottom + 16
        # The held seats, the one the next CONFIRM takes first, pulsing.
        gap = min(230, (box_w - 120) // len(held))
        x0 = W // 2 - gap * (len(held) - 1) // 2
        card_h = 222
        pulse = 0.5 + kit.motion(0.5 * math.sin((self.ticks + alpha) * 2 * math.pi / 70))
        for n, seat in enumerate(held):
            cx = x0 + n * gap
            if n == 0:
                grow = int(6 * pulse)
                card = (cx - 105 - grow, y - grow, 210 + 2 * grow, card_h + 2 * grow)
                kit.panel(surface, card, kit.colours.panel_hi, radius=28, border=kit.colours.gold, shadow=False)
            token = kit.draw_seat_badge(surface, seat, (cx, y + 80), size=120 if n == 0 else 96, label=False,
                                        dim=n > 0)
            size, name = fit_text(kit, seat.name, min(gap, 210) - 20, (40, 36, 32, 28))
            colour = kit.colours.muted if n > 0 else kit.seat_style(seat.style).light
            kit.blit_text(surface, name, size, (cx, token.bottom + 2), "midtop", colour, align="center", shadow=True)
        y += card_h + 16
        # "(A) on any controller to take this seat"
        glyph = kit.button_hint(Intent.CONFIRM, 64)
        size, take = fit_text(kit, ctx.t("disconnect.take"), box_w - 80 - glyph.get_width() - 18, (40, 36, 32))
        text = kit.text(take, size, kit.colours.text, align="center")
        width = glyph.get_width() + 18 + text.get_width()
        x = W // 2 - width // 2
        line = pygame.Rect(x, y, width, max(glyph.get_height(), text.get_height()))
        surface.blit(glyph, glyph.get_rect(midleft=(x, line.centery)))
        surface.blit(text, text.get_rect(midleft=(x + glyph.get_width() + 18, line.centery)))
        y = kit.blit_text(surface, ctx.t("disconnect.keyboard"), 30, (W // 2, line.bottom + 4), "midtop",
                          kit.colours.muted, max_width=box_w - 80, align="center").bottom + 4
        kit.blit_text(surface, ctx.t("disconnect.paused"), 30, (W // 2, y), "midtop", kit.colours.muted,
                      max_width=box_w - 80, align="center")
        kit.hint_bar(surface, [(Intent.MENU, ctx.t("disconnect.menu"))])


def hold_lost_seat(ctx: AppContext, device: Hashable) -> bool:
    """The input hub's ``on_seat_lost``: a seated pad left. During a match its seat is
    held and the overlay comes up (True); outside one the hub decides (False)."""
    if not any(isinstance(scene, MatchScene) for scene in ctx.stack):
        return False
    ctx.seats.disconnect(device)
    show_disconnect(ctx)
    return True


def show_disconnect(ctx: AppContext) -> DisconnectScene:
    """Put the overlay up (once: a second unplug only adds a name to it)."""
    for scene in ctx.stack:
        if isinstance(scene, DisconnectScene):
            return scene
    scene = DisconnectScene(ctx)
    ctx.stack.push(scene)
    return scene


def _shot_disconnect(ctx: AppContext, args: ShotRequest) -> None:
    """A table of (at least) four with two pads unplugged mid-match."""
    from ..context import fill_seats
    from .backdrop import TableBackdrop

    if len(ctx.seats) < 4:
        fill_seats(ctx, 4)
    ctx.stack.push(TableBackdrop(ctx))
    for seat in list(ctx.seats)[2:4]:
        ctx.seats.disconnect(seat.device)
    show_disconnect(ctx)


SHOTS = {"disconnect": _shot_disconnect}
