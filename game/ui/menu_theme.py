"""The pygame_gui theme every menu screen shares (``ctx.menu_gui``); its manager and
button are in ``menu_gui.py``.

A ``pygame_gui.UIManager`` made from scratch parses the theme, loads its fonts, starts a
resource loader's threads and allocates a 4 MB cache of drawn shapes; made again by
every menu screen, that cost 5–10 ms a screen and threw the drawn shapes away each time.
:class:`MenuGui` builds the theme once (again only when the text size changes) and hands
each screen a light manager over it. Each screen keeps a manager of its own, so its
widgets, mouse hover and drawing order stay its own (a confirmation drawn over the pause
menu, each with its buttons), while fonts, theme data and drawn shapes are shared.

With the ``high_contrast`` setting the theme is ``assets/theme.json`` with
``assets/theme_high_contrast.json`` laid over it: black grounds, white or black text (7:1
or more on its ground in every state), rims half as thick again. A menu screen that
comes back after the setting changed rebuilds its widgets over the theme asked for now
(``MenuScene._signature``), and the accessibility page rebuilds itself at once.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .. import paths
from ..core.files import read_text
from .kept_widgets import KeptWidgets
from .theme import font_path

if TYPE_CHECKING:
    import pygame_gui
    from pygame_gui.core import UIAppearanceTheme
    from pygame_gui.core.resource_loaders import IResourceLoader

    from ..scenes.menus.ahead import ScreenAhead
    from ..scenes.menus.warm import MenuWarmUp
    from ..settings import Settings

W, H = 1920, 1080


def _theme_file(name: str) -> dict[str, Any]:
    theme: dict[str, Any] = json.loads(read_text(paths.assets_dir() / name, 1024 * 1024))  # (ours: 3 KB)
    return theme


def _laid_over(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``base`` with every value ``over`` names replaced, block by block."""
    merged = dict(base)
    for key, value in over.items():
        merged[key] = _laid_over(base.get(key, {}), value) if isinstance(value, dict) else value
    return merged


def load_theme(text_scale: float, high_contrast: bool = False) -> dict[str, Any]:
    """``assets/theme.json`` (under the high-contrast one's colours if asked) with Fredoka
    One's path filled in and font sizes scaled."""
    theme = _theme_file("theme.json")
    if high_contrast:
        theme = _laid_over(theme, _theme_file("theme_high_contrast.json"))
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            font["regular_path"] = str(font_path())
            font["size"] = str(int(round(int(font["size"]) * text_scale)))
    return theme


class MenuGui:
    """The shared theme for ``settings.text_scale`` and ``settings.high_contrast``;
    :meth:`manager` makes a screen's manager over it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._theme: UIAppearanceTheme | None = None
        self._loader: IResourceLoader | None = None
        #: What the theme was built for: the text scale and high contrast.
        self._built_for: tuple[float, bool] | None = None
        #: The menus' first visits, prepared behind the title once a run
        #: (``warm.menu_warm_up`` makes it, kept here for the run).
        self.warm_up: MenuWarmUp | None = None
        #: The screen built ahead (``scenes/menus/ahead.py``), None when none is.
        self.ahead: ScreenAhead | None = None
        #: The last closed screens' buttons, for their next opening (kept_widgets.py).
        self.kept = KeptWidgets()

    def manager(self) -> pygame_gui.UIManager:
        """A new manager for one screen. The first (and the first after a text size or
        contrast change) builds the theme; the others share it. pygame_gui is imported here, by
        the first screen with a widget (the title's first frame has none: start-up)."""
        import i18n
        import pygame_gui
        from pygame_gui.core import UIAppearanceTheme

        from .menu_gui import SharedThemeManager

        wanted = (self.settings.text_scale, bool(getattr(self.settings, "high_contrast", False)))
        if self._theme is None or self._loader is None or self._built_for != wanted:
            manager = pygame_gui.UIManager((W, H), load_theme(*wanted), enable_live_theme_updates=False)
            theme = manager.get_theme()
            assert isinstance(theme, UIAppearanceTheme)  # (the one its create_new_theme made)
            self._theme, self._loader, self._built_for = theme, manager.resource_loader, wanted
        else:
            manager = SharedThemeManager((W, H), self._theme, self._loader)
        # Every UIManager appends pygame_gui's translations folder to python-i18n's
        # global search path, which translated texts walk: keep one copy of each.
        i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
        return manager
