"""The settings screen built ahead, while the screen it opens from idles (issue 32 item 2).

Opening settings built its ~10 pygame_gui widgets in the frame of the push (~10 ms on the
build VM, ~20 on a slow laptop: over a 60 Hz frame), however warm the kit's caches. So
the title and the pause, once idle (:data:`~game.scenes.menus.widgets.IDLE_FRAMES` frames
after they were last shown), build one off the stack (:func:`build_settings_ahead`), and
:func:`settings_screen` hands it over when the player opens settings: its ``enter`` finds
its widgets built for the language, text size and safe area of now and keeps them. One
is kept at a time (``ctx.menu_gui.settings_ahead``); it is dropped, never shown, if the
settings changed since it was built (its rows show their values).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...context import AppContext
    from ...settings import Settings
    from .settings import SettingsScene


@dataclasses.dataclass(frozen=True)
class SettingsAhead:
    """A settings screen with its widgets built, and the settings it shows."""

    scene: SettingsScene
    shows: Settings


def build_settings_ahead(ctx: AppContext) -> bool:
    """Build the settings screen ahead if none is ready for the settings of now (one
    screen's widgets: call it from an idle frame). True if it built one."""
    from .settings import SettingsScene

    ahead = ctx.menu_gui.settings_ahead
    if ahead is not None and ahead.shows == ctx.settings:
        return False
    if ahead is not None:
        ahead.scene.release()
    scene = SettingsScene(ctx)
    scene.rebuild()
    ctx.menu_gui.settings_ahead = SettingsAhead(scene, dataclasses.replace(ctx.settings))
    return True


def settings_screen(ctx: AppContext) -> SettingsScene:
    """The settings screen to open: the one built ahead if it shows the settings as they
    are, else a new one (built by its ``enter``)."""
    from .settings import SettingsScene

    ahead, ctx.menu_gui.settings_ahead = ctx.menu_gui.settings_ahead, None
    if ahead is not None and ahead.shows == ctx.settings:
        return ahead.scene
    if ahead is not None:
        ahead.scene.release()
    return SettingsScene(ctx)
