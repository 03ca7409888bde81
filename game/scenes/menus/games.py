"""Game choice: one big card per game present in the registry (with a board), with its
pictogram (its plug-in's icon), name and player count; the focused game's pitch is shown
large underneath."""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any

import pygame

from ...input.intents import Intent
from .ahead import build_ahead, screen_to_open
from .matches import playable
from ...ui.fit import fit_text
from .widgets import IDLE_FRAMES, MenuScene

if TYPE_CHECKING:
    from ...games import GameEntry

#: A game's pictogram when its plug-in names none (a die).
DEFAULT_ICON = "1F3B2"


class GameChoiceScene(MenuScene):
    title_key = "games.title"
    title_icon = "1F3B2"

    #: The focused game when last looked at, and ``ticks`` then (or when the screen was
    #: last shown): its lobby is built ahead once both stay put (ahead.py).
    _focus_seen: str | None = None
    _shown_at = 0

    def entries(self) -> list[Any]:
        """The playable games, in the registry's order (the plug-ins' ``order``, then
        entries registered by hand)."""
        return [e for e in self.ctx.games.values() if playable(e)]

    def build(self) -> None:
        entries = self.entries()
        if not entries:
            return
        safe = self.safe
        gap = 28
        width = min(330, (safe.width - gap * (len(entries) - 1)) // len(entries))
        y = safe.y + 160
        height = min(460, self.pitch_top() - 40 - y)
        total = width * len(entries) + gap * (len(entries) - 1)
        x0 = 960 - total // 2
        for i, entry in enumerate(entries):
            rect = pygame.Rect(x0 + i * (width + gap), y, width, height)
            self.card(entry.id, rect, functools.partial(self.choose, entry))

    def pitch_top(self) -> int:
        """The pitch panel sits above the hint bar, tall enough for three lines."""
        return self.safe.bottom - 90 - self.pitch_height()

    def pitch_height(self) -> int:
        return self.kit.font(36).get_linesize() * 3 + 50

    def choose(self, entry: GameEntry[Any]) -> None:
        from .lobby import LobbyScene

        self.on_stack.push(screen_to_open(self.ctx, ("lobby", entry.id), lambda: LobbyScene(self.ctx, entry),
                                          LobbyScene))

    def resume(self) -> None:
        super().resume()
        self._shown_at = self.ticks

    def update(self, frame_dt: float) -> None:
        super().update(frame_dt)
        focused = self.focused()
        if focused is None:
            return
        if focused.key != self._focus_seen:
            self._focus_seen, self._shown_at = focused.key, self.ticks
        elif self.ticks - self._shown_at >= IDLE_FRAMES and self.ctx.prepares_ahead():
            from .lobby import LobbyScene

            entry = self.ctx.games[focused.key]
            build_ahead(self.ctx, ("lobby", entry.id), lambda: LobbyScene(self.ctx, entry))

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        focused = self.focused()
        t = self.ticks + alpha
        for item in self.items:
            rect = item.rect
            on = item is focused
            lift = int(6 + kit.motion(6 * math.sin(t * 0.08))) if on else 0
            ink = kit.colours.bg if on else kit.colours.text
            icon_size = min(rect.width - 120, int(rect.height * 0.36))
            icon = kit.icon(self.ctx.games.mode(item.key).icon or DEFAULT_ICON, icon_size + (16 if on else 0))
            icon_rect = surface.blit(icon, icon.get_rect(midtop=(rect.centerx, rect.y + 28 - lift)))
            players = kit.text(self.t(f"games.{item.key}.players"), 30, kit.colours.bg if on else kit.colours.muted)
            surface.blit(players, players.get_rect(midbottom=(rect.centerx, rect.bottom - 26)))
            name = self.t(f"games.{item.key}.name")
            room = rect.bottom - 26 - players.get_height() - max(icon_rect.bottom, rect.y + 28 + icon_size) - 16
            size = next((s for s in (40, 36, 32, 28)
                         if len(kit.wrap(name, s, rect.width - 28)) * kit.font(s).get_linesize() <= room), 28)
            if any(kit.font(size).size(word)[0] > rect.width - 28 for word in name.split()):
                size, name = fit_text(kit, name, rect.width - 28, range(size, 27, -1))  # a long word shrinks, or breaks
            kit.blit_text(surface, name, size, (rect.centerx, rect.y + 28 + icon_size + 8 + room // 2), "center", ink,
                          max_width=rect.width - 28, align="center")
        if focused is not None:
            safe = self.safe
            box = pygame.Rect(safe.x + 80, self.pitch_top(), safe.width - 160, self.pitch_height())
            kit.panel(surface, box, kit.colours.panel, radius=30)
            kit.blit_text(surface, self.t(f"games.{focused.key}.pitch"), 36, box.center, "center",
                          max_width=box.width - 100, align="center")
        kit.hint_bar(surface, [(Intent.LEFT, self.t("common.change")), (Intent.CONFIRM, self.t("common.select")),
                               (Intent.BACK, self.t("common.back"))])
