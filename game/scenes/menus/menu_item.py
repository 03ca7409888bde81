"""One focusable thing of a menu screen (:class:`~game.scenes.menus.widgets.MenuScene`):
a button, a choice or slider row, or a card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

if TYPE_CHECKING:
    from pygame_gui.elements import UIHorizontalSlider

    from ...ui.menu_gui import MenuButton


@dataclass
class Item:
    """One focusable thing. ``rect`` is what the focus ring frames (a choice's whole row)."""

    key: str
    rect: pygame.Rect
    element: MenuButton | None = None
    on_confirm: Callable[[], None] | None = None
    on_step: Callable[[int], None] | None = None
    enabled: bool = True
    #: A row's label, drawn by us on the row's left part (wrapped if long).
    label: str = ""
    label_width: int = 0
    #: Where the label goes (default: the row's left ``label_width`` pixels) and its
    #: size (0: the largest that fits the box).
    label_box: pygame.Rect | None = None
    label_size: int = 0
    #: A slider row's pygame_gui slider, and what to call when the mouse drags it.
    slider: UIHorizontalSlider | None = None
    on_slide: Callable[[float], None] | None = None
    value: float = 0.0

    @property
    def widget(self) -> MenuButton:
        """The item's pygame_gui button (a button's, a choice's value): a card or a
        slider row has none (``LookupError``)."""
        if self.element is None:
            raise LookupError(f"menu item {self.key!r} has no button")
        return self.element
