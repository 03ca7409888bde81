"""pygame_gui's side of the menus: a manager over the shared theme and the menu button.

Imported by the first menu screen that makes a widget (``MenuGui.manager`` in
``menu_theme.py``, ``MenuScene.button``), not before the title's first frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

if TYPE_CHECKING:
    from pygame_gui.core import UIAppearanceTheme
    from pygame_gui.core.interfaces import IUIAppearanceThemeInterface
    from pygame_gui.core.resource_loaders import IResourceLoader

    from .kit import UiKit


class SharedThemeManager(pygame_gui.UIManager):
    """A UIManager over an existing theme and resource loader (nothing to parse or load)."""

    def __init__(self, size: tuple[int, int], theme: UIAppearanceTheme, loader: IResourceLoader) -> None:
        self._shared_theme = theme
        super().__init__(size, None, enable_live_theme_updates=False, resource_loader=loader)

    def create_new_theme(self, theme_path: object = None) -> UIAppearanceTheme:
        return self._shared_theme


#: The states a button shows its own rounded shape in. pygame_gui gives its ``active``
#: state (the mouse button held down over it) the ``selected`` images.
SHAPED_STATES = ("normal", "hovered", "selected", "disabled")
#: Supersampling of a button's rounded shape, as pygame_gui drew its own.
SHAPE_SCALE = 4


def button_shape(kit: UiKit, size: tuple[int, int], fill: tuple[int, ...], rim: tuple[int, ...], radius: int,
                 width: int) -> pygame.Surface:
    """A rounded rectangle with a ``width`` px rim, drawn at 4× and scaled down as
    pygame_gui draws its rounded shapes, then kept by the kit per size and colours."""

    def make() -> pygame.Surface:
        big = pygame.Surface((size[0] * SHAPE_SCALE, size[1] * SHAPE_SCALE), pygame.SRCALPHA)
        outer = big.get_rect()
        inner = outer.inflate(-2 * width * SHAPE_SCALE, -2 * width * SHAPE_SCALE)
        pygame.draw.rect(big, rim, outer, border_radius=radius * SHAPE_SCALE)
        inner_radius = int(radius * min(inner.width / outer.width, inner.height / outer.height))
        pygame.draw.rect(big, fill, inner, border_radius=inner_radius * SHAPE_SCALE)
        return pygame.transform.smoothscale(big, size).convert_alpha()

    return kit.sprite(("menu-button", tuple(size), fill, rim, radius, width), make)


class MenuButton(pygame_gui.elements.UIButton):
    """pygame_gui's button drawn over a clear rectangle, its rounded shape a picture per
    state (:func:`button_shape`, from the theme's ``<state>_fill``, ``<state>_rim``,
    ``rim_radius`` and ``rim_width``) handed to it as that state's image.

    pygame_gui drew a new button's rounded shape at 4× in every state and kept only
    shapes under 40,000 px²: 5–9 ms a menu button, most of what opening a menu cost
    (issue 18). The kit draws each size and look once; pygame_gui still lays out,
    writes the text, hovers and clicks."""

    def __init__(self, kit: UiKit, rect: pygame.Rect, text: str, manager: pygame_gui.UIManager,
                 object_id: str | None = None) -> None:
        self.kit = kit
        #: Where it was made and its theme id: with its text, what a screen opened again
        #: asks a kept button for (kept_widgets.py).
        self.made_at = (tuple(rect), object_id)
        #: Its shown picture is its state's surface itself, not a copy (:meth:`take_out`).
        self.shares_state = False
        super().__init__(rect, text, manager, object_id=object_id)

    def kept_key(self) -> tuple[tuple[int, ...], str, str | None]:
        return self.made_at[0], self.text, self.made_at[1]

    def rebuild(self) -> None:
        """pygame_gui's, but a new shape draws only the state it shows. pygame_gui drew
        the first state at once and queued the four others, one a frame (the opening
        frame of a menu redrew one more state of every button, the next frames the
        rest: ~0.4 ms a button each time, issue 32 item 2), although a menu shows all
        but one button in their normal state and most are never hovered or selected.
        A state not drawn is drawn when it is first shown: pygame_gui's
        ``set_active_state`` draws a state whose ``generated`` is False. (A new text,
        ``set_text``, still redraws every state, as pygame_gui does.)"""
        pygame_gui.elements.UIButton.rebuild(self)  # (super()'s, named for mypy: pygame_gui is untyped)
        shape = self.drawable_shape
        if shape is not None:
            shape.states_to_redraw_queue.clear()
            if not shape.shadow_width:
                # its blank ground (no shadow): a state drawn later starts from a new blank
                # surface instead, the same pixels (``redraw_state``); one surface the
                # button's size less to keep (~230 KB for a pause button; kept_widgets.py)
                shape.base_surface = None
        self.drop_text_copies()

    def put_away(self) -> None:
        """Kept for a later screen (kept_widgets.py): its shown picture, a copy of its
        state's surface, let go too (the state's is kept: :meth:`take_out`)."""
        self.drop_text_copies()
        self._set_image(None)

    def take_out(self) -> None:
        """Taken back: shows its state's surface itself (:meth:`put_away`), the same
        pixels as pygame_gui's copy without the copy (~0.15 ms a button), until its state
        changes (pygame_gui's ``_set_image``, a copy again). A state's surface is never
        drawn on once shown (a state drawn again is a new surface); pygame_gui draws on
        the shown picture only to clip it (:meth:`_set_image_clip`, copied first) or in
        its visual debug mode (never on in the game)."""
        shape = self.drawable_shape
        if shape is None or self.get_image_clipping_rect() is not None:
            self.on_fresh_drawable_shape_ready()
            return
        self.image = shape.get_fresh_surface()
        self._pre_clipped_image = None
        self.shares_state = True

    def _set_image(self, new_image: pygame.Surface | None) -> None:
        self.shares_state = False
        pygame_gui.elements.UIButton._set_image(self, new_image)

    def _set_image_clip(self, rect: pygame.Rect | None) -> None:
        if rect is not None and self.shares_state and self.image is not None:
            self.image = self.image.copy()  # (clipping draws on it)
            self.shares_state = False
        pygame_gui.elements.UIButton._set_image_clip(self, rect)

    def drop_text_copies(self) -> None:
        """Let go of the copies pygame_gui keeps of each drawn state, without and with
        only its text (``pre_text_surface``, ``text_surface``: the last one also the
        layout's ``finalised_surface`` and its rows' and chunks' ``target_surface``): only
        a text entry line's cursor and text effects read them back (pinned 0.6.14:
        ``apply_active_text_changes``, ``finalise_text(only_text_changed=True)``, which
        nothing calls; each a no-op on None); a state drawn again draws its text anew.
        Two surfaces of the button's size less a drawn state: ~half of what a kept screen
        holds (the menus' warm-up keeps some sixteen, kept_widgets.py)."""
        shape = self.drawable_shape
        if shape is None:
            return
        for state in shape.states.values():
            state.pre_text_surface = state.text_surface = None
        layout = shape.text_box_layout
        if layout is not None:
            layout.finalised_surface = None
            for row in layout.layout_rows:
                row.target_surface = None
                for chunk in row.items:
                    if hasattr(chunk, "target_surface"):
                        chunk.target_surface = None

    def _set_any_images_from_theme(self) -> bool:
        """Overrides pygame_gui's theme images (pinned 0.6.14): the kit's shapes."""
        theme, ids = self.ui_theme, self.combined_element_ids
        radius, width = _misc_int(theme, "rim_radius", ids), _misc_int(theme, "rim_width", ids)
        changed = False
        for state in SHAPED_STATES:
            fill, rim = (tuple(theme.get_colour(f"{state}_{part}", ids)) for part in ("fill", "rim"))
            size = (int(self.relative_rect.width), int(self.relative_rect.height))
            images = [button_shape(self.kit, size, fill, rim, radius, width)]
            if getattr(self, f"{state}_images") != images:
                setattr(self, f"{state}_images", images)
                setattr(self, f"{state}_image_positions", [(0.5, 0.5)])
                changed = True
        return changed


def _misc_int(theme: IUIAppearanceThemeInterface, name: str, ids: list[str]) -> int:
    """A whole number the theme gives a button (``rim_radius``, ``rim_width``)."""
    value = theme.get_misc_data(name, ids)
    if not isinstance(value, str):
        raise ValueError(f"the menu theme's {name} is not a number: {value!r}")
    return int(value)
