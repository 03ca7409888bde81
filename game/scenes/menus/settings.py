"""The settings screen: every change applies at once and is saved at once.

Language switches live (this screen rebuilds; screens below rebuild when they come
back); text size and safe area rebuild the layout; the app watches ``fullscreen`` and
the phone companion's on/off and port (game/scenes/phones.py restarts it);
music volume is pushed to the mixer; effects read their volume when they play.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ...settings import COMPANION_PORTS, LANGS, SAFE_AREAS, TEXT_SCALES, TIMER_PRESETS
from .menu_item import Item
from .settings_page import SettingsPage

TEXT_SCALE_KEYS = dict(zip(TEXT_SCALES, ("settings.text_normal", "settings.text_large", "settings.text_huge")))


class SettingsScene(SettingsPage):
    title_key = "settings.title"
    title_icon = "2699"
    columns_keys = ("settings.game", "settings.screen_sound")

    def build(self) -> None:
        t, s = self.t, self.ctx.settings
        safe = self.safe
        gap = 48
        col_w = (safe.width - gap) // 2
        left, right = safe.x, safe.x + col_w + gap
        top = safe.y + 220
        step = min(150, (safe.bottom - 110 - top) // 5)
        row_h = step - 24
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        self.columns = (pygame.Rect(left, top - 70, col_w, 0), pygame.Rect(right, top - 70, col_w, 0))
        rows_left: list[Callable[[pygame.Rect], Item]] = [
            lambda r: self.choice("lang", t("settings.language"), r,
                                  [(lang, t(f"settings.lang_{lang}")) for lang in LANGS], s.lang, self.set_lang),
            lambda r: self.choice("timers", t("settings.timers"), r,
                                  [(p, t(f"settings.timer_{p}")) for p in TIMER_PRESETS], s.timer_preset,
                                  lambda v: self.change("timer_preset", v)),
            lambda r: self.choice("text_scale", t("settings.text_scale"), r,
                                  [(v, t(key)) for v, key in TEXT_SCALE_KEYS.items()], s.text_scale,
                                  lambda v: self.change("text_scale", v, rebuild=True)),
            lambda r: self.choice("rumble", t("settings.rumble"), r, on_off, s.rumble,
                                  lambda v: self.change("rumble", v)),
            lambda r: self.choice("companion", t("companion.setting"), r, on_off, s.companion,
                                  lambda v: self.change("companion", v)),
        ]
        rows_right: list[Callable[[pygame.Rect], Item]] = [
            lambda r: self.choice("fullscreen", t("settings.fullscreen"), r, on_off, s.fullscreen,
                                  lambda v: self.change("fullscreen", v)),
            lambda r: self.choice("safe_area", t("settings.safe_area"), r,
                                  [(v, f"{int(round(v * 100))} %") for v in SAFE_AREAS], s.safe_area,
                                  lambda v: self.change("safe_area", v, rebuild=True)),
            lambda r: self.slider("music", t("settings.music"), r, s.music_volume, self.set_music),
            lambda r: self.slider("sound", t("settings.sound"), r, s.sound_volume, self.set_sound),
            lambda r: self.choice("companion_port", t("companion.port"), r,
                                  [(p, str(p)) for p in sorted({*COMPANION_PORTS, s.companion_port})],
                                  s.companion_port, lambda v: self.change("companion_port", v)),
        ]
        for x, rows in ((left, rows_left), (right, rows_right)):
            for i, make in enumerate(rows):
                make(pygame.Rect(x, top + i * step, col_w, row_h))
        # its own page, on the title's line (a page of its own keeps this one's rows)
        self.button("access", t("access.open"), pygame.Rect(right + col_w // 4, safe.y + 16, col_w * 3 // 4, 84),
                    self.open_access)

    def open_access(self) -> None:
        from .access import AccessSettingsScene

        self.ctx.stack.push(AccessSettingsScene(self.ctx))

    # --- changes ---------------------------------------------------------------------------
    def set_lang(self, lang: str) -> None:
        self.ctx.catalogue.strings.lang = lang
        self.change("lang", lang, rebuild=True)

    def set_music(self, value: float) -> None:
        self.change("music_volume", value)
        audio = self.ctx.audio
        if audio is not None:
            audio.refresh_volumes()

    def set_sound(self, value: float) -> None:
        self.change("sound_volume", value)
        self.sound("nav")
