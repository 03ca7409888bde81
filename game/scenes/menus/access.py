"""The settings' accessibility page, opened from the settings screen: seeing and hearing
(contrast, narration, captions, motion) on the left, hands and time on the right. A pad alone drives it as every menu (UP/DOWN
between rows, LEFT/RIGHT change a value); each change applies and is saved at once."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ...settings import DEAD_ZONES, TIMER_PRESETS
from .settings_page import TITLE_ABOVE, SettingsPage

Row = Callable[[pygame.Rect], Any]


class AccessSettingsScene(SettingsPage):
    title_key = "access.title"
    title_icon = "267F"
    columns_keys = ("access.seeing", "access.hands")

    def build(self) -> None:
        safe = self.safe
        gap = 48
        col_w = (safe.width - gap) // 2
        left, right = safe.x, safe.x + col_w + gap
        top = safe.y + 220
        columns = (self.seeing_rows(), self.hands_rows())
        step = min(150, (safe.bottom - 110 - top) // max(map(len, columns)))  # room for labels on two lines
        self.columns = (pygame.Rect(left, top - TITLE_ABOVE, col_w, 0), pygame.Rect(right, top - TITLE_ABOVE, col_w, 0))
        for x, rows in zip((left, right), columns):
            for i, make in enumerate(rows):
                make(pygame.Rect(x, top + i * step, col_w, step - 24))

    def on_off(self, key: str, field: str, then: Callable[[], None] | None = None) -> Row:
        """A row that turns the setting ``field`` on or off (label ``access.<key>``)."""
        t = self.t
        values = [(True, t("common.on")), (False, t("common.off"))]

        def changed(value: bool) -> None:
            self.change(field, value)
            if then is not None:
                then()

        return lambda r: self.choice(key, t(f"access.{key}"), r, values, getattr(self.ctx.settings, field), changed,
                                     label_width=0.62)

    def seeing_rows(self) -> list[Row]:
        return [self.on_off("high_contrast", "high_contrast", self.kit.retheme),
                self.on_off("narration", "narration"),
                self.on_off("captions", "captions"),
                self.on_off("reduce_motion", "reduce_motion")]

    def hands_rows(self) -> list[Row]:
        t, s = self.t, self.ctx.settings
        zones = [(zone, f"{int(round(zone * 100))} %") for zone in sorted({*DEAD_ZONES, s.stick_dead_zone})]
        return [
            self.on_off("hold_toggle", "hold_toggle"),
            lambda r: self.choice("stick_dead_zone", t("access.stick_dead_zone"), r, zones, s.stick_dead_zone,
                                  lambda v: self.change("stick_dead_zone", v), label_width=0.62),
            lambda r: self.choice("timers", t("settings.timers"), r,
                                  [(p, t(f"settings.timer_{p}")) for p in TIMER_PRESETS], s.timer_preset,
                                  lambda v: self.change("timer_preset", v), label_width=0.5),
        ]
