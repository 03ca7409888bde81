"""The menus' yes/no confirmation (the toasts every layer shows are in ``scenes/toast.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from .widgets import MenuScene

if TYPE_CHECKING:
    from ...context import AppContext


class ConfirmScene(MenuScene):
    """"Quit the match?" — No is focused first, so a stray CONFIRM is harmless."""

    opaque = False

    def __init__(self, ctx: AppContext, message: str, on_yes: Callable[[], None], yes_key: str = "common.yes",
                 no_key: str = "common.no") -> None:
        super().__init__(ctx)
        self.message = message
        self.on_yes = on_yes
        self.yes_key, self.no_key = yes_key, no_key
        self.box = pygame.Rect(0, 0, 1000, 440)
        self.box.center = (960, 540)

    def build(self) -> None:
        y = self.box.bottom - 140
        self.button("no", self.t(self.no_key), (self.box.centerx - 420, y, 400, 96), self.back)
        self.button("yes", self.t(self.yes_key), (self.box.centerx + 20, y, 400, 96), self._yes)

    def initial_focus(self) -> str:
        return "no"

    def _yes(self) -> None:
        if self.stack is not None:
            self.stack.pop()
        self.on_yes()

    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        kit.dim(surface, 190)
        kit.panel(surface, self.box, kit.colours.panel_hi, radius=36, border=kit.colours.accent)
        kit.blit_text(surface, self.message, 40, (self.box.centerx, self.box.y + 60), "midtop",
                      max_width=self.box.width - 120, align="center")
