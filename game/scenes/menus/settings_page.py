"""What every page of the settings shares: two titled columns of rows, each change
applied and saved at once (atomically; a failed save is told in a toast), the hint bar.
The settings screen (``settings.py``) and its own pages (``access.py``) are made of it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from ...input.intents import Intent
from ...settings import save_settings
from ..toast import show_toast
from .menu_item import Item
from .widgets import MenuScene

if TYPE_CHECKING:
    from ...context import AppContext


#: A column's title stands this far above its first row: clear of that row's focus ring
#: (issue 28).
TITLE_ABOVE = 80


class SettingsPage(MenuScene):
    flow_columns = True
    #: The column titles (i18n keys), left then right.
    columns_keys: tuple[str, str] = ("", "")

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.columns: tuple[pygame.Rect, ...] = ()

    def lay_out(self, columns: Sequence[Sequence[Callable[[pygame.Rect], Item]]]) -> None:
        """Make each column's rows top to bottom in the safe area's two halves, under the
        column titles, rows as tall as the longer column leaves room for (at most 150 px
        apart: room for a label on two lines)."""
        safe, gap = self.safe, 48
        col_w = (safe.width - gap) // 2
        lefts = (safe.x, safe.x + col_w + gap)
        top = safe.y + 220
        step = min(150, (safe.bottom - 110 - top) // max(map(len, columns)))
        self.columns = tuple(pygame.Rect(x, top - TITLE_ABOVE, col_w, 0) for x in lefts)
        for x, rows in zip(lefts, columns):
            for i, make in enumerate(rows):
                make(pygame.Rect(x, top + i * step, col_w, step - 24))

    def change(self, field: str, value: Any, rebuild: bool = False) -> None:
        setattr(self.ctx.settings, field, value)
        self.save()
        if rebuild:
            self.rebuild()

    def save(self) -> None:
        try:
            save_settings(self.ctx.settings)
        except OSError as exc:
            show_toast(self.ctx, self.t("settings.save_failed", error=exc.strerror or str(exc)))

    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw_back(surface, alpha)
        for rect, key in zip(self.columns, self.columns_keys):
            self.kit.blit_text(surface, self.t(key), 40, (rect.x + 8, rect.y), "topleft", self.kit.colours.accent)

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        self.kit.hint_bar(surface, [(Intent.UP, self.t("common.select")), (Intent.LEFT, self.t("common.change")),
                                    (Intent.BACK, self.t("common.back"))])
