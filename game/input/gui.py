"""pygame_gui glue: make a UIManager see the mouse in canvas pixels.

The hub already hands scenes mouse *events* in canvas pixels (``process_raw``), but a
UIManager also polls ``pygame.mouse.get_pos()`` each update for hovering, which is in
window pixels; with the canvas scaled and letterboxed that would point at the wrong
button. :func:`follow_canvas_mouse` makes it ask the hub instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame_gui

    from .hub import InputHub


def follow_canvas_mouse(manager: pygame_gui.UIManager, hub: InputHub | None) -> None:
    """Point ``manager``'s hover tracking at ``hub.pointer_pos()`` (no-op headless)."""
    if hub is None:
        return

    def update_mouse_position() -> None:
        pos = hub.pointer_pos()
        manager.mouse_position = pos if pos is not None else (-1, -1)

    # (this manager's own poll replaced: pygame_gui asks the window, which is not the canvas)
    manager._update_mouse_position = update_mouse_position  # type: ignore[method-assign]
