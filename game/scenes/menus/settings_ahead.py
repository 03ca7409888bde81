"""The settings screen opened by the title and the pause: the one built ahead when the
title or the pause idles (``ahead.py``), the settings module imported only then (it
imports ``ahead.py`` for its own streaming page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .ahead import build_ahead, screen_to_open

if TYPE_CHECKING:
    from ...context import AppContext
    from .widgets import MenuScene


def settings_screen(ctx: AppContext) -> MenuScene:
    """The settings screen to open (the title's and the pause's)."""
    from .settings import SettingsScene

    return screen_to_open(ctx, "settings", lambda: SettingsScene(ctx), SettingsScene)


def build_settings_ahead(ctx: AppContext) -> bool:
    from .settings import SettingsScene

    return build_ahead(ctx, "settings", lambda: SettingsScene(ctx))
