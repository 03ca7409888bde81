"""The pause menu a board opens on MENU: resume, how to play, settings, quit to title.

It is an overlay that freezes the board (countdowns stop). Quitting asks first; the
match stays in the autosave, so the title screen offers to resume it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ...input.intents import InputEvent, Intent
from .settings_ahead import build_settings_ahead, settings_screen
from .dialogs import ConfirmScene
from .widgets import IDLE_FRAMES, MenuScene

if TYPE_CHECKING:
    from ...context import AppContext
    from ...games import GameEntry


class PauseScene(MenuScene):
    opaque = False
    own_hint_bar = True
    kept_apart = True  # (opened over a board, never idle: its buttons are not built ahead)

    def __init__(self, ctx: AppContext, entry: GameEntry[Any]) -> None:
        super().__init__(ctx)
        self.entry = entry
        self.box = pygame.Rect(0, 0, 820, 710)
        self.box.center = (960, 540)
        #: ``ticks`` when the pause was last shown (entered, or back on top).
        self._shown_at = 0

    def build(self) -> None:
        x, w = self.box.x + 90, self.box.width - 180
        y = self.box.y + 230
        for i, (key, action) in enumerate((("resume", self.back), ("howto", self.howto),
                                           ("settings", self.settings), ("quit", self.quit))):
            self.button(key, self.t(f"pause.{key}"), (x, y + i * 112, w, 92), action)

    def resume(self) -> None:
        super().resume()
        self._shown_at = self.ticks

    def update(self, frame_dt: float) -> None:
        super().update(frame_dt)
        if self.ticks - self._shown_at >= IDLE_FRAMES and self.ctx.prepares_ahead():
            build_settings_ahead(self.ctx)  # idle: settings open at once (ahead.py)

    def howto(self) -> None:
        from .howto import HowToScene

        self.on_stack.push(HowToScene(self.ctx, self.entry.id))

    def settings(self) -> None:
        self.on_stack.push(settings_screen(self.ctx))

    def quit(self) -> None:
        self.on_stack.push(self.quit_dialog())

    def quit_dialog(self) -> ConfirmScene:
        """"Quit the match?" over the pause (the menus' warm-up opens one ahead)."""
        return ConfirmScene(self.ctx, self.t("pause.quit_confirm"), self.quit_to_title,
                            yes_key="pause.quit_yes", no_key="pause.quit_no")

    def quit_to_title(self) -> None:
        quit_to_title(self.ctx)

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if event.intent is Intent.MENU and event.pressed:
            self.back()
            return True
        return super().handle(seat, event)

    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        kit.dim(surface, 180)
        kit.panel(surface, self.box, kit.colours.panel, radius=40, border=kit.colours.panel_hi)
        icon = kit.icon("2615", 84)
        title = kit.text(self.t("pause.title"), 72, shadow=True)
        width = icon.get_width() + 20 + title.get_width()
        x = self.box.centerx - width // 2
        surface.blit(icon, icon.get_rect(midleft=(x, self.box.y + 80)))
        surface.blit(title, title.get_rect(midleft=(x + icon.get_width() + 20, self.box.y + 80)))
        kit.blit_text(surface, self.t(f"games.{self.entry.id}.name"), 36, (self.box.centerx, self.box.y + 140),
                      "midtop", kit.colours.muted)

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        self.kit.hint_bar(surface, [(Intent.CONFIRM, self.t("common.select")), (Intent.BACK, self.t("pause.resume"))])


def quit_to_title(ctx: AppContext) -> None:
    """Leave the match: pop back to the title screen the game started on
    (``Scene.home``). A stack without one (a board a test or a tool pushed alone)
    empties, as the title's own quit does."""
    stack = ctx.stack
    while stack.top is not None and not stack.top.home:
        stack.pop()
