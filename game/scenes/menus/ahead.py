"""The next menu screen built ahead, while the screen it opens from idles (issue 32 item 2).

Opening settings or a lobby built its ~10 pygame_gui widgets in the frame of the push
(~10 ms on the build VM, ~20 on a slow laptop: over a 60 Hz frame), however warm the
kit's caches. So an idle menu (:data:`~game.scenes.menus.widgets.IDLE_FRAMES` frames
after it was last shown or its focus last moved) builds off the stack the screen it
would most likely open (:func:`build_ahead`): the title and the pause the settings, the
game choice the focused game's lobby. :func:`screen_to_open` hands it over when that
screen is opened: its ``enter`` finds its widgets built for the language, text size and
safe area of now and keeps them. One screen is kept at a time (``ctx.menu_gui.ahead``,
~2.5 MB of widgets); it is dropped, never shown, if the settings changed since it was
built (its rows show their values) or another screen is built ahead.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Callable, Hashable, TypeVar

if TYPE_CHECKING:
    from ...context import AppContext
    from ...settings import Settings
    from .widgets import MenuScene

#: The screen a menu builds ahead.
M = TypeVar("M", bound="MenuScene")


@dataclasses.dataclass(frozen=True)
class ScreenAhead:
    """A screen with its widgets built: which one (``key``), and the settings it shows."""

    key: Hashable
    scene: MenuScene
    shows: Settings


def build_ahead(ctx: AppContext, key: Hashable, make: Callable[[], MenuScene]) -> bool:
    """Build the screen ``key`` ahead (``make`` makes it) unless it is built for the
    settings of now: one screen's widgets, so call it from an idle frame. True if it
    built one."""
    ahead = ctx.menu_gui.ahead
    if ahead is not None and ahead.key == key and ahead.shows == ctx.settings:
        return False
    if ahead is not None:
        ahead.scene.release()
    scene = make()
    scene.rebuild()
    ctx.menu_gui.ahead = ScreenAhead(key, scene, dataclasses.replace(ctx.settings))
    return True


def screen_to_open(ctx: AppContext, key: Hashable, make: Callable[[], M], kind: type[M]) -> M:
    """The screen ``key`` to open: the one built ahead if it is that screen and shows the
    settings as they are, else a new one from ``make`` (built by its ``enter``)."""
    ahead, ctx.menu_gui.ahead = ctx.menu_gui.ahead, None
    if ahead is not None and ahead.key == key and ahead.shows == ctx.settings and isinstance(ahead.scene, kind):
        return ahead.scene
    if ahead is not None:
        ahead.scene.release()
    return make()
