"""The pygame_gui theme every menu screen shares (``ctx.menu_gui``); its manager and
button are in ``menu_gui.py``.

A ``pygame_gui.UIManager`` made from scratch parses the theme, loads its fonts, starts a
resource loader's threads and allocates a 4 MB cache of drawn shapes; made again by
every menu screen, that cost 5–10 ms a screen and threw the drawn shapes away each time.
:class:`MenuGui` builds the theme once (again only when the text size changes) and hands
each screen a light manager over it. Each screen keeps a manager of its own, so its
widgets, mouse hover and drawing order stay its own (a confirmation drawn over the pause
menu, each with its buttons), while fonts, theme data and drawn shapes are shared.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import paths
from ..core.files import read_text
from .theme import font_path

if TYPE_CHECKING:
    import pygame_gui
    from pygame_gui.core import UIAppearanceTheme
    from pygame_gui.core.resource_loaders import IResourceLoader

    from ..scenes.menus.ahead import ScreenAhead
    from ..scenes.menus.warm import MenuWarmUp
    from ..settings import Settings

W, H = 1920, 1080


def load_theme(text_scale: float) -> dict[str, Any]:
    """``assets/theme.json`` with Fredoka One's path filled in and font sizes scaled."""
    theme: dict[str, Any] = json.loads(read_text(paths.assets_dir() / "theme.json", 1024 * 1024))  # (ours: 3 KB)
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            font["regular_path"] = str(font_path())
            font["size"] = str(int(round(int(font["size"]) * text_scale)))
    return theme


class MenuGui:
    """The shared theme for ``settings.text_scale``; :meth:`manager` makes a screen's
    manager over it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._theme: UIAppearanceTheme | None = None
        self._loader: IResourceLoader | None = None
        self._scale: float | None = None
        #: The menus' first visits, prepared behind the title once a run
        #: (``warm.menu_warm_up`` makes it, kept here for the run).
        self.warm_up: MenuWarmUp | None = None
        #: The screen built ahead (``scenes/menus/ahead.py``), None when none is.
        self.ahead: ScreenAhead | None = None

    def manager(self) -> pygame_gui.UIManager:
        """A new manager for one screen. The first (and the first after a text size
        change) builds the theme; the others share it. pygame_gui is imported here, by
        the first screen with a widget (the title's first frame has none: start-up)."""
        import i18n
        import pygame_gui
        from pygame_gui.core import UIAppearanceTheme

        from .menu_gui import SharedThemeManager

        scale = self.settings.text_scale
        if self._theme is None or self._loader is None or self._scale != scale:
            manager = pygame_gui.UIManager((W, H), load_theme(scale), enable_live_theme_updates=False)
            theme = manager.get_theme()
            assert isinstance(theme, UIAppearanceTheme)  # (the one its create_new_theme made)
            self._theme, self._loader, self._scale = theme, manager.resource_loader, scale
        else:
            manager = SharedThemeManager((W, H), self._theme, self._loader)
        # Every UIManager appends pygame_gui's translations folder to python-i18n's
        # global search path, which translated texts walk: keep one copy of each.
        i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
        return manager
