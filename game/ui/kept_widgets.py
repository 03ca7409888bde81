"""A closed menu screen's buttons, kept for its next opening (issue 32 item 2).

Opening a menu built its pygame_gui buttons in the frame of the push: ~2 ms a button
here (text laid out, the shown state drawn), ~8 ms for the pause's four, over the
~6.5 ms a transition may cost on this machine for a slow laptop's 16.7 ms. Closing it
killed them, so the next opening built the same buttons again. Now a closing screen
hands its manager to :class:`KeptWidgets` (``ctx.menu_gui.kept``) instead, and the next
screen of the same kind (its class) built for the same language, text size,
safe area and contrast takes it back: each button it makes with the same place, text
and look is the kept one, put back in its normal state; a kept button it does not make
again is killed. The pixels are those of a new button (the same drawing, kept).

At most :data:`KEPT_SCREENS` closed screens keep theirs (the least recently closed are
killed first): ~1.5-6 MB of drawn states a screen, so the two a player goes back and
forth between (the settings and the streaming page, a lobby and its options) come back
at once without holding every menu's. The pause's are kept apart (whatever closes after
it): it opens over a board, which is never idle to build it ahead, and the menus'
warm-up (warm.py) leaves its own there, so that even a match's first pause is quick.
The warm-up's other screens are kept too, each by name until its first opening takes
them (``warmed``): the room for two held only the last two it opened, so every other
first opening built all its buttons again (the streaming page 12 ms, a lobby 8-13 ms,
the quit dialog 9 ms, over the ~7 ms a transition may cost here). A kept button holds
only its states' surfaces (``MenuButton.put_away``): the menus' peak memory is no higher.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Callable, Hashable

if TYPE_CHECKING:
    import pygame
    import pygame_gui

    from .kit import UiKit
    from .menu_gui import MenuButton

#: Closed screens whose buttons are kept.
KEPT_SCREENS = 2
#: A kept button's identity: where it is, its text and its theme id.
ButtonKey = tuple[tuple[int, ...], str, "str | None"]


class Spare:
    """One closed screen's manager and its buttons, by :data:`ButtonKey`, until a new
    screen of its kind takes them (:meth:`button`) and kills the rest (:meth:`done`)."""

    def __init__(self, manager: pygame_gui.UIManager, built_for: Hashable) -> None:
        from .menu_gui import MenuButton

        self.manager = manager
        self.built_for = built_for
        self._buttons: dict[ButtonKey, list[MenuButton]] = {}
        for element in list(getattr(manager.get_root_container(), "elements", ())):  # (a UIContainer's list)
            if isinstance(element, MenuButton):
                element.put_away()  # (its shown picture and pygame_gui's text copies let go)
                self._buttons.setdefault(element.kept_key(), []).append(element)
            else:
                element.kill()  # (sliders: made again; none is opened often)

    def button(self, rect: pygame.Rect, text: str, object_id: str | None, enabled: bool) -> MenuButton | None:
        """The kept button with that place, text and look, put back as a new one is
        (normal, or disabled); None if there is none."""
        found = self._buttons.get((tuple(rect), text, object_id))
        if not found:
            return None
        button = found.pop(0)
        if button.hovered:
            button.hovered = False
            button.on_unhovered()
        button.held = button.pressed = button.pressed_event = False
        if not button.visible:  # (the how-to hides an arrow at an end)
            button.show()
        if enabled:
            button.enable()
        else:
            button.disable()
        button.take_out()
        return button

    def done(self) -> None:
        """Kill the buttons not taken."""
        for buttons in self._buttons.values():
            for button in buttons:
                button.kill()
        self._buttons = {}

    def kill(self) -> None:
        kill_widgets(self.manager)
        self._buttons = {}


class KeptWidgets:
    """The last :data:`KEPT_SCREENS` closed screens' managers, by screen kind."""

    def __init__(self, room: int = KEPT_SCREENS) -> None:
        self.room = room
        self._spares: OrderedDict[type, Spare] = OrderedDict()
        #: Those kept apart from the last closed (:meth:`keep`'s ``apart``), by kind.
        self._apart: dict[type, Spare] = {}
        #: The menus' warm-up's (warm.py), by screen (:meth:`keep`'s ``warmed``), until
        #: that screen's first opening takes them.
        self._warmed: dict[Hashable, Spare] = {}

    def __len__(self) -> int:
        return len(self._spares) + len(self._apart) + len(self._warmed)

    def keep(self, kind: type, built_for: Hashable, manager: pygame_gui.UIManager, apart: bool = False,
             warmed: Hashable | None = None) -> None:
        """Keep a closing screen's manager (``built_for``: its signature). ``apart``: kept
        until a screen of its kind takes it, whatever closes in between (the pause: opened
        over a board, never idle, nothing is built ahead for it). ``warmed``: the warm-up's
        screen of that name (``MenuScene.screen_name``), kept for its first opening: the
        last closed screens' room held two of the warm-up's sixteen, so the others' first
        openings built all their buttons again (~1.3 ms each, 7-13 ms a screen, issue 32)."""
        if warmed is not None:
            old = self._warmed.pop(warmed, None)
            if old is not None:
                old.kill()
            self._warmed[warmed] = Spare(manager, built_for)
            return
        old = self._spares.pop(kind, None) or self._apart.pop(kind, None)
        if old is not None:
            old.kill()
        if apart:
            self._apart[kind] = Spare(manager, built_for)
            return
        self._spares[kind] = Spare(manager, built_for)
        while len(self._spares) > self.room:
            self._spares.popitem(last=False)[1].kill()

    def take(self, kind: type, built_for: Hashable, screen: Hashable = None) -> Spare | None:
        """The kept manager of the screen named ``screen`` from the warm-up, else of a
        screen of ``kind``, built for ``built_for``, if any (one built for other settings
        is killed: the warm-up's all, built for the same)."""
        if self._warmed and next(iter(self._warmed.values())).built_for != built_for:
            for stale in self._warmed.values():
                stale.kill()
            self._warmed.clear()
        warmed = self._warmed.pop(screen, None)
        if warmed is not None:
            return warmed
        spare = self._spares.pop(kind, None) or self._apart.pop(kind, None)
        if spare is not None and spare.built_for != built_for:
            spare.kill()
            return None
        return spare

    def clear(self) -> None:
        for spare in (*self._spares.values(), *self._apart.values(), *self._warmed.values()):
            spare.kill()
        self._spares.clear()
        self._apart.clear()
        self._warmed.clear()


def menu_button(kit: UiKit, spare: Spare | None, rect: pygame.Rect, text: str, object_id: str | None, enabled: bool,
                gui: Callable[[], pygame_gui.UIManager]) -> MenuButton:
    """A screen's button: the closed screen's made there with that text and look, else a
    new one in the screen's manager (``gui``)."""
    from .menu_gui import MenuButton  # pygame_gui's: imported with the first widget (start-up)

    button = spare.button(rect, text, object_id, enabled) if spare is not None else None
    if button is None:
        button = MenuButton(kit, rect, text, gui(), object_id=object_id)
        if not enabled:
            button.disable()
    return button


def kill_widgets(manager: pygame_gui.UIManager) -> None:
    """Kill every widget of ``manager``."""
    root = manager.get_root_container()
    if root is not None:
        root.kill()
