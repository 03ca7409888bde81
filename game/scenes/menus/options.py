"""A game's option rows, laid out so labels and values never collide, and the full-screen
options page the lobby falls back to when its panel is too small for them (large text,
wide safe area).

A row's value selector is as wide as its longest choice; the label takes the rest of the
row in up to two lines, 34 down to 28 px. When that does not fit (a long label beside a
long value) the label goes on its own line above a full-width selector.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ...core.options import OptionSpec
from ...input.intents import Intent
from ...ui.fit import label_fit
from .widgets import MenuScene

if TYPE_CHECKING:
    import pygame

    from ...context import AppContext
    from ...ui.kit import UiKit
    from .lobby import LobbyScene

ROW_HEIGHT = 70
ROW_GAP = 8
#: Narrowest label column beside a value selector before the label goes above it.
MIN_LABEL_WIDTH = 260
#: Room the selector needs around its text: the arrows' padding and the border.
VALUE_PADDING = 48


def option_text(ctx: AppContext, spec: OptionSpec, value: object) -> str:
    """``options.<id>.<choice>`` (booleans: on/off) when the game defines it; numbers
    otherwise shown as they are."""
    if isinstance(value, bool):
        key = f"options.{spec.id}.{'on' if value else 'off'}"
        return ctx.t(key) if ctx.strings.has(key) else ctx.t(f"common.{'on' if value else 'off'}")
    key = f"options.{spec.id}.{value}"
    return ctx.t(key) if ctx.strings.has(key) else str(value)


def button_height(kit: UiKit) -> int:
    """A small menu button tall enough for its (scaled) 32 px text."""
    return max(ROW_HEIGHT, kit.font(32).get_linesize() + 30)


@dataclass(frozen=True)
class RowPlan:
    spec: OptionSpec
    label: str
    values: tuple[tuple[Any, str], ...]
    height: int
    label_size: int
    #: Pixels of the label column beside the selector, or 0 when the label is above.
    label_width: int
    #: Height of the label line above the selector, or 0 when the label is beside it.
    label_above: int
    #: Whether the longest choice fits the selector (large text in a narrow column may not).
    fits: bool = True


def plan_row(ctx: AppContext, spec: OptionSpec, width: int) -> RowPlan:
    kit = ctx.kit
    values = tuple((v, option_text(ctx, spec, v)) for v in spec.choices)
    label = ctx.t(f"options.{spec.id}.label")
    selector = max(kit.font(34).size(f"‹  {text}  ›")[0] for _, text in values) + VALUE_PADDING
    row = max(ROW_HEIGHT, kit.font(34).get_linesize() + 24)
    split = width - selector
    size, lines = label_fit(kit, label, split - 40)
    if lines <= 2 and split - 40 >= MIN_LABEL_WIDTH:
        height = max(row, lines * kit.font(size).get_linesize() + 16)
        return RowPlan(spec, label, values, height, size, split, 0)
    size, lines = label_fit(kit, label, width - 40)
    above = lines * kit.font(size).get_linesize() + 12
    return RowPlan(spec, label, values, above + row - 6, size, 0, above, fits=selector <= width - 12)


def add_row(scene: MenuScene, plan: RowPlan, x: int, y: int, width: int, current: Any,
            on_change: Callable[[Any], None]) -> int:
    """The row's choice item at (x, y); returns its bottom."""
    scene.choice(f"option.{plan.spec.id}", plan.label, (x, y, width, plan.height), plan.values, current, on_change,
                 label_width=plan.label_width or 0.5, label_above=plan.label_above, label_size=plan.label_size)
    return y + plan.height


class OptionsScene(MenuScene):
    """Every option of the lobby's game, and its deck, on a page of their own."""

    title_key = "lobby.options"
    title_icon = "2699"
    WIDTH = 1100

    def __init__(self, ctx: AppContext, lobby: LobbyScene) -> None:
        super().__init__(ctx)
        self.lobby = lobby
        self.row_colour = lobby.row_colour

    def screen_name(self) -> tuple[object, ...]:  # (each game's options: the warm-up's buttons, kept_widgets.py)
        return OptionsScene, self.lobby.entry.id

    def build(self) -> None:
        safe = self.safe
        x = 960 - self.WIDTH // 2
        y = safe.y + 150
        for spec in self.lobby.entry.options:
            plan = plan_row(self.ctx, spec, self.WIDTH)
            y = add_row(self, plan, x, y, self.WIDTH, self.lobby.options[spec.id],
                        functools.partial(self.set_option, spec.id)) + ROW_GAP * 2
        bh = button_height(self.kit)
        if self.lobby.deck is not None:
            self.button("deck", self.lobby.deck.summary(self.lobby.config()), (x, y, self.WIDTH, bh),
                        self.lobby.open_deck, object_id="@menu_small")
            y += bh + ROW_GAP * 2
        self.button("done", self.t("deck.done"), (960 - 220, y + 20, 440, bh), self.back, object_id="@menu_small")

    def set_option(self, option_id: str, value: Any) -> None:
        self.lobby.set_option(option_id, value)
        self.refresh()

    def refresh(self) -> None:
        deck = self.lobby.deck
        for item in self.items:
            if item.key == "deck" and deck is not None:  # (only a lobby with a deck has the item)
                item.widget.set_text(deck.summary(self.lobby.config()))

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        self.kit.hint_bar(surface, [(Intent.LEFT, self.t("common.change")), (Intent.BACK, self.t("common.back"))])
