"""Game choice: one big card per game present in the registry, with its pictogram,
name and player count; the focused game's pitch is shown large underneath."""

from __future__ import annotations

import math
from typing import Any

import pygame

from ...input.intents import Intent
from .widgets import MenuScene

#: The menu order, and each game's pictogram (OpenMoji code).
GAME_ICONS = {
    "secret_identity": "1F575",       # detective
    "secret_identity_coop": "1F91D",  # handshake
    "personality": "1FA9E",           # mirror
    "mission_secrete": "1F385",       # Santa
    "incognito": "1F3A8",             # palette
}


class GameChoiceScene(MenuScene):
    title_key = "games.title"
    title_icon = "1F3B2"

    def entries(self) -> list[Any]:
        games = self.ctx.games
        ordered = [games[g] for g in GAME_ICONS if g in games]
        return ordered + [e for g, e in games.items() if g not in GAME_ICONS]

    def build(self) -> None:
        entries = self.entries()
        if not entries:
            return
        safe = self.safe
        gap = 28
        width = min(330, (safe.width - gap * (len(entries) - 1)) // len(entries))
        height = 440
        total = width * len(entries) + gap * (len(entries) - 1)
        x0 = 960 - total // 2
        y = safe.y + 170
        for i, entry in enumerate(entries):
            rect = pygame.Rect(x0 + i * (width + gap), y, width, height)
            self.button(entry.id, "", rect, lambda e=entry: self.choose(e), object_id="@game_card")

    def choose(self, entry: Any) -> None:
        from .lobby import LobbyScene

        self.stack.push(LobbyScene(self.ctx, entry))

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        focused = self.focused()
        t = self.ticks + alpha
        for item in self.items:
            rect = item.rect
            on = item is focused
            lift = int(6 + 6 * math.sin(t * 0.08)) if on else 0
            ink = kit.colours.bg if on else kit.colours.text
            icon = kit.icon(GAME_ICONS.get(item.key, "1F3B2"), 170 if on else 150)
            surface.blit(icon, icon.get_rect(center=(rect.centerx, rect.y + 130 - lift)))
            kit.blit_text(surface, self.t(f"games.{item.key}.name"), 40, (rect.centerx, rect.y + 250), "midtop", ink,
                          max_width=rect.width - 32, align="center")
            kit.blit_text(surface, self.t(f"games.{item.key}.players"), 30, (rect.centerx, rect.bottom - 34),
                          "midbottom", kit.colours.bg if on else kit.colours.muted)
        if focused is not None:
            safe = self.safe
            box = pygame.Rect(safe.x + 80, focused.rect.bottom + 50, safe.width - 160, 190)
            kit.panel(surface, box, kit.colours.panel, radius=30)
            kit.blit_text(surface, self.t(f"games.{focused.key}.pitch"), 40, box.center, "center",
                          max_width=box.width - 100, align="center")
        kit.hint_bar(surface, [(Intent.LEFT, self.t("common.change")), (Intent.CONFIRM, self.t("common.select")),
                               (Intent.BACK, self.t("common.back"))])
