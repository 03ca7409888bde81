"""The words and pictures in the middle of a Secret Identity board (the hub's disc).

The character cards stand in three rows around the hub (``ring_geometry``'s ``rows``),
and in the wide (10 %) safe area at the largest text size the room they leave is small:
what a screen says there (the phase and what to do, whose safe is open, the co-op clue,
the vote's "nobody sees where you point") is a stack of parts, one under the other,
centred on the disc in :func:`hub_room`, each part as wide as the disc is inside its rim
where the part stands (:func:`disc_width`; a text wraps to more lines there), the texts
shrunk together (not under 28 px drawn) until the stack fits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

import pygame

from ....ui.fit import fit_wrapped, look, remembered, smallest_size
from ....ui.shapes import shape_box
from ..rules.view import Shown
from .widgets import BADGE_RISE, board_ring, draw_clue_row, fit_label

if TYPE_CHECKING:
    from ....ui.kit import UiKit
    from ....ui.theme import Colour

#: The hub's words keep this far inside its room and its disc's rim, this far apart, and
#: at most this wide.
HUB_PADDING, HUB_LINE_GAP, HUB_TEXT_W = 8, 8, 340
#: The hub's words' margin inside its disc's rim (their images' corners: their letters
#: keep further in).
RIM_PADDING = 2
#: How many times a stack's texts shrink, one size each time, before it is left as it is.
SHRINK_STEPS = 6
#: A stack's texts are laid out this much narrower each time they cross the disc's rim,
#: down to this width.
NARROWING, MIN_WIDTH = 12, 160
#: A title's and a body's sizes, largest first.
TITLE_SIZES, BODY_SIZES = (44, 40, 36, 32), (30, 28)
#: The radius of a seat's shape beside its name (``badge_stack``).
BADGE_TOKEN = 26


#: A picture's size and ink box (``get_bounding_rect``): all a fit needs of it.
Shape = tuple[tuple[int, int], pygame.Rect]


def shape_of(image: pygame.Surface) -> Shape:
    return image.get_size(), image.get_bounding_rect()


@dataclass(frozen=True)
class Part:
    """Makes a part of a stack at a shrink step (0: as large as it may be), at most a width
    wide. ``key`` says all the part's sizes depend on (its text and sizes, or its image's
    size and ink): :func:`fitted` remembers its answer for the parts' keys, as every
    frame draws the hub. ``measure`` tells the :data:`Shape` ``make`` would give without
    making it where it can (a text's, worked out from its lines): the search tries up to
    90 step and width pairs and makes only the one it keeps."""

    key: Hashable
    make: Callable[[int, int], pygame.Surface] = field(compare=False)
    measure: Callable[[int, int], Shape] = field(compare=False)

    def __call__(self, step: int, width: int) -> pygame.Surface:
        return self.make(step, width)


def hub_room(kit: UiKit) -> pygame.Rect:
    """What the hub's words may fill: the hub's disc's square, between the side cards,
    under the top row and over the bottom row's number badges (and inside the disc's rim:
    :func:`disc_width`)."""
    ring = board_ring(kit)
    disc = pygame.Rect(0, 0, 2 * ring.hub, 2 * ring.hub)
    disc.center = ring.center
    return ring.hub_room(BADGE_RISE).clip(disc)


def hub_width(kit: UiKit) -> int:
    """How wide the hub's words may be at most (across the disc's middle): its room less
    a margin, HUB_TEXT_W at most."""
    return min(HUB_TEXT_W, hub_room(kit).width - 2 * HUB_PADDING)


def inner_radius(kit: UiKit) -> int:
    """The radius the hub's words keep inside: the disc's less its rim (an eighth of it)
    and a margin."""
    hub = board_ring(kit).hub
    return hub - hub // 8 - RIM_PADDING


def disc_width(kit: UiKit, top: int, bottom: int) -> int:
    """How wide a thing centred on the hub may be from ``top`` to ``bottom`` (screen y) and
    stay inside the disc's rim: the chord where that band is farthest from the centre
    (:func:`hub_width` at most)."""
    cy, radius = board_ring(kit).center[1], inner_radius(kit)
    far = max(abs(top - cy), abs(bottom - cy))
    return min(hub_width(kit), int(2 * math.sqrt(max(0, radius ** 2 - far ** 2))))


def sized_part(key: Hashable, size_at: Callable[[int, int], int], draw: Callable[[int], pygame.Surface]) -> Part:
    """A picture whose look depends only on a size worked out from the step and width (a
    row of chips): drawn and measured once a size while :func:`fitted` tries its pairs."""
    drawn: dict[int, tuple[pygame.Surface, Shape]] = {}

    def at(step: int, width: int) -> tuple[pygame.Surface, Shape]:
        size = size_at(step, width)
        if size not in drawn:
            image = draw(size)
            drawn[size] = image, shape_of(image)
        return drawn[size]
    return Part(key, lambda step, width: at(step, width)[0], lambda step, width: at(step, width)[1])


def text_part(kit: UiKit, text: str, sizes: Sequence[int], lines: int, colour: Colour,
              shadow: bool = False) -> Part:
    """A text of at most ``lines`` lines (more if the width left needs them) of the
    width given (or of its longest word, never cut): ``sizes`` from the step on, then
    28 px drawn."""
    def laid_out(step: int, width: int) -> tuple[int, int]:
        """(size, wrap width) at this step and width."""
        tried = tuple(sizes[step:]) or (smallest_size(kit),)
        size = fit_wrapped(kit, text, width, lines, tried)
        return size, max(width, widest_word(kit, text, size))  # (never cut: wider then)

    def make(step: int, width: int) -> pygame.Surface:
        size, wrap = laid_out(step, width)
        return kit.text(text, size, colour, max_width=wrap, align="center", shadow=shadow)

    def measure(step: int, width: int) -> Shape:
        size, wrap = laid_out(step, width)
        return kit.text_geometry(text, size, wrap, "center", shadow)
    return Part(("text", text, tuple(sizes), lines, shadow), make, measure)


@remembered
def widest_word(kit: UiKit, text: str, size: int) -> int:
    """The width of ``text``'s widest word at ``size`` (measured once: every frame draws the hub)."""
    return max((kit.font(size).size(word)[0] for word in text.split()), default=0)


def fixed_part(image: pygame.Surface) -> Part:
    shape = shape_of(image)
    return Part(("image", shape[0], tuple(shape[1])), lambda _step, _width: image, lambda _step, _width: shape)


def _bands(kit: UiKit, heights: Sequence[int]) -> list[tuple[int, int]]:
    """Where things ``heights`` tall stand (top, bottom) stacked by :func:`stack_in_hub`."""
    y, out = stack_top(kit, heights), []
    for height in heights:
        out.append((y, y + height))
        y += height + HUB_LINE_GAP
    return out


def fitted(kit: UiKit, parts: Sequence[Part]) -> list[pygame.Surface]:
    """The parts at the first shrink step whose stack fits the hub's room inside the disc's
    rim, the texts as wide as they may be (a text narrower wraps to more lines, the stack
    grows and its ends come nearer the rim): at each step the texts are laid out as wide
    as the disc's middle, then narrower, NARROWING px at a time. When nothing fits, the
    stack that crosses the rim least. The step and width found are remembered (the kit's
    ``fits``) for the same parts in the same hub."""
    key = ("hub", look(kit), tuple(kit.safe_rect), tuple(part.key for part in parts))
    step, width = kit.fits.answer(key, lambda: _fit(kit, parts))
    return [make(step, width) for make in parts]


def _fit(kit: UiKit, parts: Sequence[Part]) -> tuple[int, int]:
    """:func:`fitted`'s search: the (step, width) its stack is made at."""
    best: tuple[int, tuple[int, int]] | None = None
    for step in range(SHRINK_STEPS):
        for width in range(hub_width(kit), MIN_WIDTH - 1, -NARROWING):
            over = shapes_overflow(kit, [part.measure(step, width) for part in parts])
            if over == 0:
                return step, width
            if best is None or over < best[0]:
                best = (over, (step, width))
    assert best is not None
    return best[1]


def overflow(kit: UiKit, images: Sequence[pygame.Surface]) -> int:
    """How far ``images`` stacked in the hub cross its room's height (which the cards
    around it would cover: that counts a hundred times) and the disc's rim, judged by what
    each draws (its ink's box; 0: they fit)."""
    return shapes_overflow(kit, [shape_of(image) for image in images])


def shapes_overflow(kit: UiKit, shapes: Sequence[Shape]) -> int:
    """:func:`overflow` of pictures of these :data:`Shape` s."""
    heights = [size[1] for size, _ink in shapes]
    over = 100 * max(0, _height(heights) - hub_room(kit).height)
    for ((width, _), ink), (top, _) in zip(shapes, _bands(kit, heights)):
        if not ink.width:
            continue
        half = max(width // 2 - ink.left, ink.right - width // 2)
        over += max(0, 2 * half - disc_width(kit, top + ink.top, top + ink.bottom))
    return over


def _height(heights: Sequence[int]) -> int:
    return sum(heights) + HUB_LINE_GAP * (len(heights) - 1)


def stack_top(kit: UiKit, heights: Sequence[int]) -> int:
    """Where a stack of things ``heights`` tall starts: centred on the disc (where it is
    widest), kept in the hub's room."""
    room, cy = hub_room(kit), board_ring(kit).center[1]
    return max(room.y, min(cy - _height(heights) // 2, room.bottom - _height(heights)))


def stack_in_hub(surface: pygame.Surface, kit: UiKit, images: Sequence[pygame.Surface]) -> pygame.Rect:
    """``images`` one under the other, centred in the hub's room; where they were drawn."""
    room = hub_room(kit)
    drawn = pygame.Rect(room.centerx, room.centery, 0, 0)
    for image, (top, _bottom) in zip(images, _bands(kit, [image.get_height() for image in images])):
        drawn.union_ip(surface.blit(image, image.get_rect(midtop=(room.centerx, top))))
    return drawn


def hub_text(surface: pygame.Surface, ctx: Any, title: str, body: str = "", colour: Colour | None = None,
             above: Sequence[pygame.Surface | Part] = (), spare: Sequence[pygame.Surface] = ()) -> pygame.Rect:
    """``spare`` (a seat's shape the title names too: left out when the words would
    otherwise cross the disc's rim) and ``above`` (a clue), then two lines of title and
    three of body at most, stacked in the hub's room; where they were drawn."""
    return stack_in_hub(surface, ctx.kit, hub_images(ctx, title, body, colour, above, spare))


def hub_images(ctx: Any, title: str, body: str = "", colour: Colour | None = None,
               above: Sequence[pygame.Surface | Part] = (), spare: Sequence[pygame.Surface] = ()) -> list[pygame.Surface]:
    """What :func:`hub_text` stacks, fitted (its fit remembered: words made ahead of the
    frame that shows them are fitted between frames)."""
    kit, c = ctx.kit, ctx.kit.colours
    parts = [part if isinstance(part, Part) else fixed_part(part) for part in above]
    parts.append(text_part(kit, title, TITLE_SIZES, 2, colour or c.text, shadow=True))
    if body:
        parts.append(text_part(kit, body, BODY_SIZES, 3, c.muted))
    images = fitted(kit, [*map(fixed_part, spare), *parts])
    if spare and overflow(kit, images) > 0:
        images = fitted(kit, parts)
    return images


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
    """A seat's shape and name side by side over ``parts``, fitted to the hub's disc (the
    parts below narrowed and shrunk to make room for it); the shape alone when the name
    does not fit whole at 28 px drawn (never a cut name), nothing when even the shape
    leaves no room (its panel shows whose turn it is)."""
    kit, seat = ctx.kit, ctx.seats[seat_index]
    token = seat_token_image(kit, seat.style, BADGE_TOKEN)
    size, name = fit_label(kit, seat.name, hub_width(kit) - token.get_width() - 8, (32, 30))
    tops: list[pygame.Surface] = [token]
    if name == seat.name:
        text = kit.text(name, size, kit.seat_style(seat.style).light, shadow=True)
        height = max(token.get_height(), text.get_height())
        badge = pygame.Surface((token.get_width() + 8 + text.get_width(), height), pygame.SRCALPHA)
        badge.blit(token, token.get_rect(midleft=(0, height // 2)))
        badge.blit(text, text.get_rect(midleft=(token.get_width() + 8, height // 2)))
        tops.insert(0, badge)
    for top in tops:
        images = fitted(kit, [fixed_part(top), *parts])
        if overflow(kit, images) == 0:
            return images
    return fitted(kit, parts)
