"""The menu base: pygame_gui lays out and themes the widgets and takes the mouse; focus
is ours, so a pad alone can drive every menu.

pygame_gui has no notion of pad focus, so :class:`MenuScene` keeps a list of focusable
:class:`Item` s, moves the focus spatially with UP/DOWN/LEFT/RIGHT (D-pad, keys, or the
left stick, which the input hub already turns into repeating directions), activates
with CONFIRM and steps choices and sliders with LEFT/RIGHT. The focused widget is shown
"selected" by the theme and ringed by a pulsing amber frame drawn over it. Only mouse
events reach the UIManager, so it never fights the pads.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

import pygame

from ...input.gui import follow_canvas_mouse
from ...input.intents import InputEvent, Intent
from ...ui.fit import fit_text, label_fit
from ...ui.kept_widgets import kill_widgets, menu_button
from ..base import Scene
from .menu_item import Item

if TYPE_CHECKING:
    import pygame_gui

    from ...context import AppContext
    from ...ui.kept_widgets import Spare
    from ...ui.theme import Colour

_DIRECTIONS = {Intent.UP: (0, -1), Intent.DOWN: (0, 1), Intent.LEFT: (-1, 0), Intent.RIGHT: (1, 0)}
#: A resting card's rim (the theme's ``normal_border``; focused: amber with a light rim).
CARD_BORDER = (78, 72, 144)
#: The font size of a choice's value (``@choice`` in assets/theme.json).
CHOICE_TEXT = 34
#: How far the focus ring (frame, pulse and glow: :meth:`MenuScene.draw_focus`) reaches past its item.
FOCUS_REACH = 28
#: How far the focus ring's frame itself (not its soft glow) reaches past its item, and a
#: little more: where a line under an item may start (issue 28: not under the ring).
RING_CLEAR = 16
_MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)
#: Frames a menu is shown untouched before it prepares anything off the stack (half a
#: second at 60 Hz): the title's warm-up (warm.py), a screen built ahead (ahead.py).
IDLE_FRAMES = 30
#: What a choice row steps through (:meth:`MenuScene.choice`).
V = TypeVar("V")


class MenuScene(Scene):
    """A screen of focusable items. Subclasses implement :meth:`build` (make items with
    :meth:`button`, :meth:`choice`, :meth:`slider`) and draw around them."""

    #: Title drawn at the top of full-screen menus (an i18n key), with its icon.
    title_key: str = ""
    title_icon: str | None = None
    #: UP/DOWN at the end of a column continue in list order (see :meth:`neighbour`).
    flow_columns: bool = False
    #: Colour of the panels behind choice and slider rows (None: the kit's panel).
    row_colour: Colour | None = None
    #: Its buttons once closed are kept apart from the last closed screens' (kept_widgets.py).
    kept_apart: bool = False

    def __init__(self, ctx: AppContext) -> None:
        super().__init__()
        self.ctx = ctx
        self.kit = ctx.kit
        self.items: list[Item] = []
        self.focus = 0
        self.ticks = 0
        self.manager: pygame_gui.UIManager | None = None
        self._built_for: tuple[object, ...] | None = None
        #: A closed screen's buttons this one's :meth:`build` takes back (kept_widgets.py).
        self._spare: Spare | None = None

    # --- life cycle --------------------------------------------------------------------
    def enter(self, previous: Scene | None) -> None:
        if self.manager is None or self._built_for != self._signature():
            self.rebuild()  # (a screen built ahead keeps its widgets: menus/ahead.py)

    def resume(self) -> None:
        if self._built_for != self._signature():
            self.rebuild()
        else:
            self.refresh()

    def screen_name(self) -> tuple[object, ...]:  # (for the buttons the warm-up keeps it: kept_widgets.py)
        return (type(self),)

    def _signature(self) -> tuple[object, ...]:
        settings = self.ctx.settings
        return (self.ctx.strings.lang, settings.text_scale, settings.safe_area, settings.high_contrast)

    def exit(self) -> None:
        self.release()

    def rebuild(self) -> None:
        """(Re)create every widget: language, text size, safe area or contrast changed."""
        keep = self.items[self.focus].key if self.items else None
        self.release()
        self.items = []
        self._spare = self.ctx.menu_gui.kept.take(type(self), self._signature(), self.screen_name())
        self.manager = self._spare.manager if self._spare is not None else None
        self.build()
        if self._spare is not None:
            self._spare.done()
            self._spare = None
        self._built_for = self._signature()
        self.focus = 0
        self.focus_key(keep or self.initial_focus())
        self._apply_focus()

    def release(self, keep: bool = True, warmed: bool = False) -> None:
        """Hand this screen's widgets to the kept ones, for the next screen of its kind (``ctx.menu_gui.kept``,
        which kills the oldest; ``warmed``: the warm-up's, for its first opening: kept_widgets.py), or kill them.
        Widgets and scenes hold each other in cycles that only the cyclic GC frees, and
        it runs too seldom for the megabytes of drawn surfaces they keep: sixty visits
        to a screen grew the process by 500 MB when they waited for it."""
        if self.manager is not None and self._built_for is not None and keep:
            self.ctx.menu_gui.kept.keep(type(self), self._built_for, self.manager, self.kept_apart,
                                        self.screen_name() if warmed else None)
        elif self.manager is not None:
            kill_widgets(self.manager)
        self.manager = None
        self.items = []

    def gui(self) -> pygame_gui.UIManager:
        """This screen's manager, made with its first widget (not for cards alone: start-up)."""
        if self.manager is None:
            self.manager = self.ctx.menu_gui.manager()
            follow_canvas_mouse(self.manager, self.ctx.input)
        return self.manager

    def build(self) -> None:
        """Create the items (subclasses)."""

    def refresh(self) -> None:
        """Update texts and enabled states in place (subclasses), e.g. on resume."""

    def initial_focus(self) -> str | None:
        return None

    def t(self, key: str, **fmt: object) -> str:
        return self.ctx.t(key, **fmt)

    @property
    def safe(self) -> pygame.Rect:
        """Where items go: the safe area less the focus ring's reach at the sides, so the
        ring around an item at the edge stays out of the TV's margin (the layout check;
        the title above and the hint bar below keep items off the top and bottom)."""
        return self.kit.safe_rect.inflate(-2 * FOCUS_REACH, 0)

    # --- items -------------------------------------------------------------------------
    def button(self, key: str, text: str, rect: pygame.Rect | Sequence[int], on_confirm: Callable[[], None],
               enabled: bool = True, object_id: str | None = None) -> Item:
        rect = pygame.Rect(rect)
        element = menu_button(self.kit, self._spare, rect, text, object_id, enabled, self.gui)
        item = Item(key, rect, element, on_confirm=on_confirm, enabled=enabled)
        self.items.append(item)
        return item

    def choice(self, key: str, label: str, rect: pygame.Rect | Sequence[int], values: Sequence[tuple[V, str]],
               current: V, on_change: Callable[[V], None], label_width: float = 0.5,
               label_above: int = 0, label_size: int = 0) -> Item:
        """A row "Label      ‹ Value ›": LEFT/RIGHT step, CONFIRM or a click steps on.

        ``label_width`` is the label's share of the row (a fraction, or pixels when
        above 1). ``label_above`` > 0 puts the label on its own line of that height and
        the value under it, full width (for long labels or long values)."""
        rect = pygame.Rect(rect)
        values = list(values)
        if label_above:
            split = rect.width
            value_rect = pygame.Rect(rect.x + 6, rect.y + label_above, rect.width - 12, rect.height - label_above - 6)
            label_box = pygame.Rect(rect.x, rect.y, rect.width, label_above)
        else:
            split = int(label_width if label_width > 1 else rect.width * label_width)
            # the widest value keeps its button (the theme's @choice size, ~20 px padding a side)
            need = max(self.kit.font(CHOICE_TEXT).size(f"‹  {name}  ›")[0] for _, name in values) + 44
            split = max(min(split, rect.width - 6 - need), int(rect.width * 0.35))
            value_rect = pygame.Rect(rect.x + split, rect.y + 6, rect.width - split - 6, rect.height - 12)
            label_box = pygame.Rect(rect.x, rect.y, split, rect.height)
        index = next((i for i, (v, _) in enumerate(values) if v == current), 0)
        state = {"index": index}

        def text() -> str:
            return f"‹  {values[state['index']][1]}  ›"

        value_el = menu_button(self.kit, self._spare, value_rect, text(), "@choice", True, self.gui)  # (with its text)

        def step(delta: int) -> None:
            state["index"] = (state["index"] + delta) % len(values)
            value_el.set_text(text())
            on_change(values[state["index"]][0])

        item = Item(key, rect, value_el, on_confirm=lambda: step(1), on_step=step, label=label, label_width=split,
                    label_box=label_box, label_size=label_size)
        self.items.append(item)
        return item

    def slider(self, key: str, label: str, rect: pygame.Rect | Sequence[int], value: float,
               on_change: Callable[[float], None], label_width: float = 0.5) -> Item:
        """A 0..1 slider row; LEFT/RIGHT move it by a tenth, the mouse drags it."""
        rect = pygame.Rect(rect)
        split = int(rect.width * label_width)
        bar_rect = pygame.Rect(rect.x + split, rect.y + rect.height // 2 - 26, rect.width - split - 150, 52)
        from pygame_gui.elements import UIHorizontalSlider
        bar = UIHorizontalSlider(bar_rect, float(value), (0.0, 1.0), self.gui(), click_increment=0.1)

        def step(delta: int) -> None:
            new = min(1.0, max(0.0, round(item.value + 0.1 * delta, 2)))
            bar.set_current_value(new)
            item.value = new
            on_change(new)

        item = Item(key, rect, None, on_step=step, label=label, label_width=split, slider=bar, on_slide=on_change,
                    value=float(value))
        self.items.append(item)
        return item

    def card(self, key: str, rect: pygame.Rect | Sequence[int], on_confirm: Callable[[], None]) -> Item:
        """A focusable item drawn by the scene itself (no widget): big cards, whose
        anti-aliased pygame_gui shapes would cost tens of MB each."""
        item = Item(key, pygame.Rect(rect), on_confirm=on_confirm)
        self.items.append(item)
        return item

    def focused(self) -> Item | None:
        return self.items[self.focus] if 0 <= self.focus < len(self.items) else None

    def focus_key(self, key: str | None) -> bool:
        for i, item in enumerate(self.items):
            if item.key == key:
                self.set_focus(i)
                return True
        return False

    def set_focus(self, index: int) -> None:
        if index != self.focus and 0 <= index < len(self.items):
            self.focus = index
            self._apply_focus()

    def _apply_focus(self) -> None:
        for i, item in enumerate(self.items):
            element = item.element  # a MenuButton, or None (cards, sliders)
            if element is not None:
                if i == self.focus and item.enabled:
                    element.select()
                elif element.is_selected:
                    element.unselect()

    # --- input -------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        intent = event.intent
        if intent is Intent.STICK:
            return True  # the hub also sends it as (repeating) directions
        if intent is Intent.POINTER:
            if event.pos is not None:
                self.point_at(event.pos)
            return True
        if not event.pressed:
            return intent in _DIRECTIONS or intent in (Intent.CONFIRM, Intent.BACK)
        if intent in _DIRECTIONS:
            self.move(intent)
            return True
        if intent is Intent.CONFIRM:
            self.activate()
            return True
        if intent is Intent.BACK:
            self.sound("back")
            self.back()
            return True
        return False

    def move(self, intent: Intent) -> None:
        item = self.focused()
        if intent in (Intent.LEFT, Intent.RIGHT) and item is not None and item.on_step is not None:
            item.on_step(-1 if intent is Intent.LEFT else 1)
            self.sound("nav")
            return
        target = self.neighbour(intent)
        if target is not None:
            self.set_focus(target)
            self.sound("nav")

    def neighbour(self, intent: Intent) -> int | None:
        """The nearest item whose near edge lies beyond this one's in a direction;
        items beside the path cost more than items straight ahead. With
        ``flow_columns``, UP/DOWN past the end of a column go on in list order (the
        settings' two columns)."""
        if not self.items:
            return None
        dx, dy = _DIRECTIONS[intent]
        here = self.items[self.focus].rect
        best, best_score = None, math.inf
        for i, item in enumerate(self.items):
            r = item.rect
            if i == self.focus:
                continue
            if dx:
                along = r.left - here.right if dx > 0 else here.left - r.right
                side = max(0, r.top - here.bottom, here.top - r.bottom)
                offset = abs(r.centery - here.centery)
            else:
                along = r.top - here.bottom if dy > 0 else here.top - r.bottom
                side = max(0, r.left - here.right, here.left - r.right)
                offset = abs(r.centerx - here.centerx)
            if along < -8:
                continue
            score = max(along, 0) + 2 * side + 0.1 * offset
            if score < best_score:
                best, best_score = i, score
        if best is None and self.flow_columns and dy:
            step = self.focus + dy
            best = step if 0 <= step < len(self.items) else None
        return best

    def activate(self) -> None:
        item = self.focused()
        if item is None:
            return
        if not item.enabled or item.on_confirm is None:
            self.sound("buzz")
            self.refused(item)
            return
        self.sound("confirm")
        item.on_confirm()

    def refused(self, item: Item) -> None:
        """CONFIRM on a disabled item (subclasses may explain why)."""

    def back(self) -> None:
        if self.stack is not None:
            self.stack.pop()

    def point_at(self, pos: Sequence[float]) -> None:
        for i, item in enumerate(self.items):
            if item.rect.collidepoint(pos):
                self.set_focus(i)
                return

    def process_raw(self, event: pygame.event.Event) -> bool:
        """Raw pygame events (canvas coordinates): the mouse goes to pygame_gui; a right
        click is BACK."""
        if event.type not in _MOUSE_EVENTS:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.point_at(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.back()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            drawn = self.focused()
            if drawn is not None and drawn.element is None and drawn.slider is None and drawn.on_confirm \
                    and drawn.rect.collidepoint(event.pos):
                self.activate()  # an item we draw ourselves (no pygame_gui widget)
                return True
        taken = self.manager is not None and self.manager.process_events(event)  # None: no widget yet
        return bool(taken) or event.type != pygame.MOUSEMOTION

    def sound(self, name: str) -> None:
        if self.ctx.audio is not None:
            self.ctx.audio.play(name)

    def music(self, name: str | None) -> None:
        if self.ctx.audio is not None:
            self.ctx.audio.music(name)

    # --- updates -----------------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        self.ticks += 1
        if self.manager is None:
            return
        self.manager.update(dt)
        for i, item in enumerate(list(self.items)):
            element = item.element
            if element is not None and element.check_pressed():
                self.set_focus(i)
                self.activate()
                return  # the click may have rebuilt or left the screen
            if item.slider is not None and item.on_slide is not None:
                value = round(float(item.slider.get_current_value()), 2)
                if abs(value - item.value) > 0.004:  # dragged with the mouse
                    item.value = value
                    self.set_focus(i)
                    item.on_slide(value)

    # --- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_back(surface, alpha)
        self.draw_rows(surface)
        if self.manager is not None:
            self.manager.draw_ui(surface)
        self.draw_focus(surface)
        self.draw_front(surface, alpha)

    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        """Background and everything under the widgets."""
        self.kit.background(surface)
        if self.title_key:
            self.draw_title(surface, self.t(self.title_key), self.title_icon)

    def draw_rows(self, surface: pygame.Surface) -> None:
        """Panels behind choice and slider rows, and sliders' values."""
        kit = self.kit
        focused = self.focused()
        for item in self.items:
            if item.element is None and item.slider is None:  # a card (see :meth:`card`)
                on = item is focused
                kit.panel(surface, item.rect, kit.colours.accent if on else kit.colours.panel, radius=36,
                          border=kit.colours.text if on else CARD_BORDER, shadow=False)
            if not item.label:
                continue
            kit.panel(surface, item.rect, self.row_colour or kit.colours.panel, radius=22, shadow=False)
            box = item.label_box or pygame.Rect(item.rect.x, item.rect.y, item.label_width, item.rect.height)
            width = box.width - 40
            size = item.label_size or label_fit(kit, item.label, width)[0]
            clip = surface.get_clip()
            surface.set_clip(box.inflate(-8, 0).move(-4, 0))
            kit.blit_text(surface, item.label, size, (box.x + 24, box.centery), "midleft", max_width=width)
            surface.set_clip(clip)
            if item.slider is not None:
                value = f"{int(round(item.value * 100))} %"
                kit.blit_text(surface, value, 34, (item.rect.right - 28, item.rect.centery), "midright")

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        """Everything over the widgets (hint bar…)."""

    def draw_title(self, surface: pygame.Surface, text: str, icon: str | None = None) -> pygame.Rect:
        safe = self.safe
        x = safe.x + 8
        if icon:
            image = self.kit.icon(icon, 96)
            surface.blit(image, image.get_rect(midleft=(x, safe.y + 56)))
            x += 112
        size, text = fit_text(self.kit, text, safe.right - 8 - x, (72, 64, 56, 48))  # a long title shrinks
        return self.kit.blit_text(surface, text, size, (x, safe.y + 56), "midleft", shadow=True)

    def draw_focus(self, surface: pygame.Surface) -> None:
        item = self.focused()
        if item is None:
            return
        pulse = 0.5 + self.kit.motion(0.5 * math.sin(self.ticks * 0.12))
        colour = self.kit.colours.accent if item.enabled else self.kit.colours.muted
        rect = item.rect.inflate(18 + int(6 * pulse), 18 + int(6 * pulse))
        glow = pygame.Surface(rect.inflate(24, 24).size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*colour, int(50 + 50 * pulse)), glow.get_rect(), width=12, border_radius=40)
        surface.blit(glow, rect.inflate(24, 24))
        self.kit.outline(surface, rect, colour, 6 * self.kit.colours.line, 34)  # high contrast: 12
