"""The settings screen: every change applies at once and is saved at once.

Language switches live (this screen rebuilds; screens below rebuild when they come
back); text size and safe area rebuild the layout; the app watches ``fullscreen``;
music volume is pushed to the mixer; effects read their volume when they play. The
phones' settings and the streaming ones have a screen of their own, opened from here
(:class:`StreamingScene`): the phone companion on or off, its port (the app restarts it:
game/scenes/phones.py) and the audience; and, for a room whose TV is shown to people who
are not in it (a stream, issue 30 item 3):

- the room code on the TV, or hidden (the lobby then shows no code nor QR code: a seated
  player sees it on their phone, or holds PEEK on the lobby: ``join_panel``);
- a room password every new phone must give: off, or a new four-digit one made here (a
  settings file may hold any short printable one);
- the most seats the table takes (a phone past it may watch and play along);
- who ends, leaves or starts a match again: anyone, or only the TV's pads and keyboards.

The companion follows them each frame (``scenes/phones.keep_companion``: ``Companion.open_door``).
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Sequence

import pygame

from ...settings import COMPANION_PORTS, LANGS, PASSWORD_DIGITS, SAFE_AREAS, SEAT_LIMITS, TEXT_SCALES, TIMER_PRESETS
from .ahead import build_ahead, screen_to_open
from .menu_item import Item
from .settings_page import SettingsPage
from .widgets import IDLE_FRAMES

TEXT_SCALE_KEYS = dict(zip(TEXT_SCALES, ("settings.text_normal", "settings.text_large", "settings.text_huge")))


class SettingsScene(SettingsPage):
    title_key = "settings.title"
    title_icon = "2699"
    columns_keys = ("settings.game", "settings.screen_sound")

    def build(self) -> None:
        t, s = self.t, self.ctx.settings
        on_off = [(True, t("common.on")), (False, t("common.off"))]
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
            lambda r: self.button("streaming", t("streaming.open"), r.inflate(0, -8), self.open_streaming),
        ]
        rows_right: list[Callable[[pygame.Rect], Item]] = [
            lambda r: self.choice("fullscreen", t("settings.fullscreen"), r, on_off, s.fullscreen,
                                  lambda v: self.change("fullscreen", v)),
            lambda r: self.choice("safe_area", t("settings.safe_area"), r,
                                  [(v, f"{int(round(v * 100))} %") for v in SAFE_AREAS], s.safe_area,
                                  lambda v: self.change("safe_area", v, rebuild=True)),
            lambda r: self.slider("music", t("settings.music"), r, s.music_volume, self.set_music),
            lambda r: self.slider("sound", t("settings.sound"), r, s.sound_volume, self.set_sound),
        ]
        self.lay_out((rows_left, rows_right))
        # its own page, on the title's line (a page of its own keeps this one's rows)
        right = self.columns[1]
        self.button("access", t("access.open"), pygame.Rect(right.x + right.w // 4, self.safe.y + 16, right.w * 3 // 4, 84),
                    self.open_access)

    def open_access(self) -> None:
        from .access import AccessSettingsScene

        self.ctx.stack.push(AccessSettingsScene(self.ctx))

    # --- the streaming page built ahead (ahead.py) -------------------------------------------
    #: ``ticks`` when this page was last shown (entered, back on top) or changed a setting.
    _shown_at = 0

    def resume(self) -> None:
        super().resume()
        self._shown_at = self.ticks

    def update(self, frame_dt: float) -> None:
        """Once shown half a second untouched, the streaming page built ahead (its seven
        buttons: 8-13 ms of a push here, issue 32 item 2)."""
        super().update(frame_dt)
        if type(self) is SettingsScene and self.ticks - self._shown_at >= IDLE_FRAMES \
                and self.ctx.prepares_ahead():
            build_ahead(self.ctx, "streaming", lambda: StreamingScene(self.ctx))

    def open_streaming(self) -> None:
        self.ctx.stack.push(screen_to_open(self.ctx, "streaming", lambda: StreamingScene(self.ctx), StreamingScene))

    # --- changes ---------------------------------------------------------------------------
    def change(self, field: str, value: Any, rebuild: bool = False) -> None:
        super().change(field, value, rebuild)
        self._shown_at = self.ticks  # (not built ahead again at every step of a slider)

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


def new_password() -> str:
    """A fresh room password: :data:`PASSWORD_DIGITS` digits (easy to read out and type)."""
    return f"{secrets.randbelow(10 ** PASSWORD_DIGITS):0{PASSWORD_DIGITS}d}"


class StreamingScene(SettingsScene):
    """Phones and streaming (the module doc), saved as the settings are."""

    title_key = "streaming.title"
    title_icon = "1F3A5"  # movie camera
    columns_keys = ("streaming.phones", "streaming.stream")

    def build(self) -> None:
        t, s = self.t, self.ctx.settings
        on_off = [(True, t("common.on")), (False, t("common.off"))]
        password = s.room_password or new_password()
        Row = tuple[str, str, Sequence[tuple[object, str]], object]
        phones: list[Row] = [
            ("companion", t("companion.setting"), on_off, s.companion),
            ("companion_port", t("companion.port"), [(p, str(p)) for p in sorted({*COMPANION_PORTS, s.companion_port})],
             s.companion_port),
            ("audience", t("streaming.audience"), on_off, s.audience),
        ]
        streaming: list[Row] = [
            ("hide_room_code", t("streaming.room_code"),
             [(False, t("streaming.code_shown")), (True, t("streaming.code_hidden"))], s.hide_room_code),
            ("room_password", t("streaming.password"),
             [("", t("common.off")), (password, t("streaming.password_is", password=password))], s.room_password),
            ("seat_limit", t("streaming.seat_limit"),
             [(n, str(n) if n < SEAT_LIMITS[-1] else t("streaming.no_limit")) for n in SEAT_LIMITS], s.seat_limit),
            ("tv_starts", t("streaming.starts"),
             [(False, t("streaming.anyone_starts")), (True, t("streaming.tv_starts"))], s.tv_starts),
        ]
        self.lay_out([[self.row(*row) for row in rows] for rows in (phones, streaming)])

    def row(self, field: str, label: str, values: Sequence[tuple[object, str]],
            current: object) -> Callable[[pygame.Rect], Item]:
        return lambda rect: self.choice(field, label, rect, values, current, self.changer(field))

    def changer(self, field: str) -> Callable[[object], None]:
        """What choosing a value of ``field`` does: set and save it (a new password lays
        the page out again, to show it)."""
        return lambda value: self.change(field, value, rebuild=field == "room_password")
