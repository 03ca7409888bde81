"""Character portraits on the TV: the SVG of a character's look (``rules/portraits.py``)
rendered once per size and kept in the kit's sprite cache.

Every character has one, drawn in the kit's style on a card tinted by its category, so
no portrait is ever a pictogram's picture. One costs ~0.5 ms to render: a board's eight
are made as the board is first drawn, then blitted from the cache every frame.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ..rules.portraits import PortraitKit, portrait_svg

if TYPE_CHECKING:
    from ....ui.kit import UiKit

#: The card behind the figure, per shipped category; custom categories take one by name.
CATEGORY_COLOURS: dict[str, tuple[int, int, int]] = {
    "myths": (236, 196, 104),       # gold
    "tales": (238, 150, 190),       # rose
    "history": (126, 176, 232),     # blue
    "literature": (146, 206, 146),  # green
    "archetypes": (244, 168, 112),  # orange
    "creatures": (186, 150, 236),   # violet
}
SPARE_COLOURS = ((120, 208, 208), (222, 128, 128), (210, 210, 120), (170, 170, 190))


def category_colour(category: str) -> tuple[int, int, int]:
    if category in CATEGORY_COLOURS:
        return CATEGORY_COLOURS[category]
    return SPARE_COLOURS[sum(map(ord, category)) % len(SPARE_COLOURS)]


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


@dataclass(frozen=True)
class Portrait:
    """A character's picture as a ring option's icon: comparable (the public ring shows
    options only when every seat has the same ones) and drawn on demand."""

    character: Any
    portraits: PortraitKit

    def __call__(self, kit: UiKit, size: int) -> pygame.Surface:
        return portrait(kit, self.portraits, self.character, size)


def portrait(kit: UiKit, portraits: PortraitKit, character: Any, size: int) -> pygame.Surface:
    """``character``'s portrait at ``size`` px, rendered once per look and size."""
    key = ("portrait", character.look, character.category, size)
    return kit.sprite(key, lambda: render(portraits, character, size))


def render(portraits: PortraitKit, character: Any, size: int) -> pygame.Surface:
    backdrop = "#%02x%02x%02x" % category_colour(character.category)
    svg = portrait_svg(portraits, character.look, backdrop)
    image = pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), (size, size))
    return image.convert_alpha() if pygame.display.get_surface() is not None else image
