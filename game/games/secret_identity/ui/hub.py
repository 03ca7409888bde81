"""The words and pictures in the middle of a Secret Identity board (the hub's disc).

The character cards stand in three rows around the hub (``ring_geometry``'s ``rows``),
and in the wide (10 %) safe area at the largest text size the room they leave is small:
what a screen says there (the phase and what to do, whose safe is open, the co-op clue,
the vote's "nobody sees where you point") is a stack of parts, one under the other,
centred in :func:`hub_room`, its texts shrunk together (not under 28 px drawn) until the
stack fits.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from ....ui.fit import fit_wrapped, smallest_size
from ....ui.shapes import shape_box
from ..rules.view import Shown
from .widgets import BADGE_RISE, board_ring, draw_clue_row, fit_label

if TYPE_CHECKING:
    from ....ui.kit import UiKit
    from ....ui.theme import Colour

#: The hub's words keep this far inside its room, this far apart, and at most this wide.
HUB_PADDING, HUB_LINE_GAP, HUB_TEXT_W = 8, 8, 340
#: How many times a stack's texts shrink, one size each time, before it is left as it is.
SHRINK_STEPS = 6
#: A title's and a body's sizes, largest first.
TITLE_SIZES, BODY_SIZES = (44, 40, 36, 32), (30, 28)
#: The radius of a seat's shape beside its name (``badge_stack``).
BADGE_TOKEN = 26

#: Makes a part of a stack at a shrink step (0: as large as it may be).
Part = Callable[[int], pygame.Surface]


def hub_room(kit: UiKit) -> pygame.Rect:
    """What the hub's words may fill: the hub's disc's square, between the side cards,
    under the top row and over the bottom row's number badges."""
    ring = board_ring(kit)
    disc = pygame.Rect(0, 0, 2 * ring.hub, 2 * ring.hub)
    disc.center = ring.center
    return ring.hub_room(BADGE_RISE).clip(disc)


def hub_width(kit: UiKit) -> int:
    """How wide the hub's words may be: its room less a margin, HUB_TEXT_W at most."""
    return min(HUB_TEXT_W, hub_room(kit).width - 2 * HUB_PADDING)


def text_part(kit: UiKit, text: str, sizes: Sequence[int], lines: int, colour: Colour,
              shadow: bool = False) -> Part:
    """A text of at most ``lines`` lines of the hub's width: ``sizes`` from the step on,
    then 28 px drawn."""
    def make(step: int) -> pygame.Surface:
        width = hub_width(kit)
        tried = tuple(sizes[step:]) or (smallest_size(kit),)
        return kit.text(text, fit_wrapped(kit, text, width, lines, tried), colour, max_width=width, align="center",
                        shadow=shadow)
    return make


def fixed_part(image: pygame.Surface) -> Part:
    return lambda _step: image


def fitted(kit: UiKit, parts: Sequence[Part]) -> list[pygame.Surface]:
    """The parts at the first shrink step whose stack fits the hub's room (the last one
    tried otherwise)."""
    room = hub_room(kit)
    for step in range(SHRINK_STEPS):
        images = [make(step) for make in parts]
        if _height(images) <= room.height:
            break
    return images


def _height(images: Sequence[pygame.Surface]) -> int:
    return sum(image.get_height() for image in images) + HUB_LINE_GAP * (len(images) - 1)


def stack_top(kit: UiKit, images: Sequence[pygame.Surface]) -> int:
    room = hub_room(kit)
    return max(room.y, room.centery - _height(images) // 2)


def stack_in_hub(surface: pygame.Surface, kit: UiKit, images: Sequence[pygame.Surface]) -> None:
    """``images`` one under the other, centred in the hub's room."""
    room = hub_room(kit)
    y = stack_top(kit, images)
    for image in images:
        surface.blit(image, image.get_rect(midtop=(room.centerx, y)))
        y += image.get_height() + HUB_LINE_GAP


def hub_text(surface: pygame.Surface, ctx: Any, title: str, body: str = "", colour: Colour | None = None,
             above: Sequence[pygame.Surface] = ()) -> None:
    """``above`` (a seat's shape, a clue), then two lines of title and three of body at
    most, stacked in the hub's room."""
    kit, c = ctx.kit, ctx.kit.colours
    parts = [*map(fixed_part, above), text_part(kit, title, TITLE_SIZES, 2, colour or c.text, shadow=True)]
    if body:
        parts.append(text_part(kit, body, BODY_SIZES, 3, c.muted))
    stack_in_hub(surface, kit, fitted(kit, parts))


def seat_token_image(kit: UiKit, style: int, radius: int) -> pygame.Surface:
    """A seat's shape on a transparent square, to stack with words."""
    side = shape_box((0, 0), radius).width
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    kit.seat_token(image, style, (side // 2, side // 2), radius)
    return image


def clue_row_image(ctx: Any, clue: Sequence[Shown], size: int, slots: int = 3) -> pygame.Surface:
    """A clue's row of chips (``draw_clue_row``), to stack with words."""
    gap = 12
    image = pygame.Surface((slots * size + (slots - 1) * gap, size), pygame.SRCALPHA)
    draw_clue_row(image, ctx, clue, (0, 0), size, gap=gap, slots=slots)
    return image


def badge_stack(ctx: Any, seat_index: int, parts: Sequence[Part]) -> list[pygame.Surface]:
    """A seat's shape and name side by side over ``parts``, fitted to the hub's room: the
    name shrinks to stay inside the disc's rim on its row, and is left out (the shape
    alone) rather than cut when even 28 px drawn is too wide."""
    kit, seat = ctx.kit, ctx.seats[seat_index]
    token = seat_token_image(kit, seat.style, BADGE_TOKEN)
    images = fitted(kit, [fixed_part(token), *parts])
    ring = board_ring(kit)
    inside = ring.hub - ring.hub // 8  # the rim is an eighth of the disc's radius
    row = stack_top(kit, images) + token.get_height() // 2 - ring.center[1]
    width = min(hub_width(kit), int(2 * math.sqrt(max(0, inside ** 2 - row ** 2))))
    size, name = fit_label(kit, seat.name, width - token.get_width() - 8, (32, 30))
    if name != seat.name:  # never a cut name: the shape alone (its panel names the seat)
        return [token, *images[1:]]
    text = kit.text(name, size, kit.seat_style(seat.style).light, shadow=True)
    height = max(token.get_height(), text.get_height())
    badge = pygame.Surface((token.get_width() + 8 + text.get_width(), height), pygame.SRCALPHA)
    badge.blit(token, token.get_rect(midleft=(0, height // 2)))
    badge.blit(text, text.get_rect(midleft=(token.get_width() + 8, height // 2)))
    return [badge, *images[1:]]
