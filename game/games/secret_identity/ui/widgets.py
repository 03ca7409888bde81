"""Drawing pieces shared by both Secret Identity boards and the clue editor.

Everything here draws public things (characters, placed pictograms, seat panels, the
score track) except :func:`draw_hand_card`, which only the clue editor calls inside a
peek curtain. Layout constants put the character ring exactly where the ring picker
puts its options (``game.scenes.ring_geometry``, for the safe area in use), so "point at
the character" just works.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

import pygame

from ....scenes.ring_geometry import PROMPT_ROOM, SLOT_SIZE, RingGeometry, ring_geometry
from ....ui.fit import fit_text as fit_words
from ....ui.fit import remembered, smallest_size
from ....ui.shapes import shape_box
from ....ui.theme import MIN_MARK, TOKEN_RADIUS
from .portrait import portrait
from .track import numbers_bottom, track_line
from ..rules.view import Shown, track_position

if TYPE_CHECKING:
    from ....ui.kit import UiKit

#: A character card: the ring picker's slot width, taller for a portrait readable from
#: the sofa (PORTRAIT px, one size on every card) above two lines of name; the board's
#: ring picker uses the same slots, so pointing at a character lands on its card.
SLOT_W, SLOT_H = SLOT_SIZE[0], 180
PORTRAIT = 100
#: A seat panel at most; narrower and shorter when the safe area leaves less room.
PANEL_W, PANEL_H = 404, 186
#: Panels keep this far inside the safe area (their soft shadow), from the ring's side
#: slots and from each other.
PANEL_INSET, PANEL_GAP = 14, 12
#: Room above the panels for the score track and its numbers, and below for the hint bar.
TRACK_ROOM, HINT_ROOM = 112, 70
#: Shown for a pictogram whose icon cannot be drawn.
FALLBACK_ICON = "2753"
#: A card drawn larger or smaller than on the ring (a pulse, the clue editor's card at
#: 1.5) has its portrait scaled down from this size, the largest any shows: never up.
PULSE_PORTRAIT = 150
#: A character card's number badge: a disc of this radius centred this far into the
#: card's top-left corner, which it overhangs.
BADGE_RADIUS, BADGE_INSET = 24, 8
#: A card's name takes at most this many lines under its portrait.
NAME_LINES = 2
#: How far a card's number badge rises above the card's top (the badge's drawn box), and
#: how far it overhangs the card's left edge.
BADGE_RISE = -shape_box((0, BADGE_INSET), BADGE_RADIUS).top
BADGE_OVERHANG = -shape_box((BADGE_INSET, 0), BADGE_RADIUS).left
#: Panels shorter than PANEL_H (the wide safe area, 8 seats) stand this far apart and are
#: laid out in :func:`compact` rows: the name alone on the top one, the clue, the cards
#: left and the score under it, the status line at the bottom.
COMPACT_GAP = 6
#: A compact panel's rows: the name row's height, a clue chip's side (its pictogram then
#: MIN_MARK px), the status row's centre above the panel's bottom, and the inner margin.
COMPACT_NAME_ROW, COMPACT_CHIP, COMPACT_STATUS, COMPACT_PAD = 54, 56, 28, 14


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


def board_ring(kit: UiKit) -> RingGeometry:
    """The ring picker's ring with its top card low enough that the card's number badge,
    which rises above it, stays under the score track's numbers at the text scale in use
    (the ring shrinks, as in the 10 % safe area). Both boards and the vote picker use it,
    so pointing at a character lands on its card."""
    top = numbers_bottom(kit, track_line(kit)) + BADGE_RISE
    return ring_geometry(kit, max(PROMPT_ROOM, top - kit.safe_rect.y), (SLOT_W, SLOT_H), rows=True, hug=True)


def slot_positions(kit: UiKit) -> list[tuple[int, int]]:
    """Centres of the 8 character slots, 1 at the top then clockwise (SI-1)."""
    return board_ring(kit).positions(8)


def panel_positions(kit: UiKit, seats: int) -> list[pygame.Rect]:
    """Seat panels in two columns beside the ring, left column first (like the ring
    picker's progress cards): as wide as the room between the safe area and the ring's
    side slots allows (clear of their number badges, which overhang the slots), as tall as
    the room between the track and the hint bar allows; panels too short for the full
    layout (:func:`compact`) stand closer together."""
    safe = kit.safe_rect
    width = min(PANEL_W, board_ring(kit).left - max(PANEL_GAP, BADGE_OVERHANG + 4) - (safe.x + PANEL_INSET))
    top, bottom = safe.y + TRACK_ROOM, safe.bottom - HINT_ROOM
    left = (seats + 1) // 2
    gap = PANEL_GAP
    height = min(PANEL_H, (bottom - top - (left - 1) * gap) // max(1, left))
    if height < PANEL_H:
        gap = COMPACT_GAP
        height = min(PANEL_H, (bottom - top - (left - 1) * gap) // max(1, left))
    rects = []
    for i in range(seats):
        column, row = (0, i) if i < left else (1, i - left)
        rows = left if column == 0 else seats - left
        first = (top + bottom) // 2 - (rows * height + (rows - 1) * gap) // 2
        x = safe.x + PANEL_INSET if column == 0 else safe.right - PANEL_INSET - width
        rects.append(pygame.Rect(x, first + row * (height + gap), width, height))
    return rects


def icon_or_fallback(kit: UiKit, code: str, size: int) -> pygame.Surface:
    try:
        return kit.icon(code, size)
    except (KeyError, FileNotFoundError, pygame.error):
        return kit.icon(FALLBACK_ICON, size)


class RingCard(NamedTuple):
    """One character card of a board's ring, as :func:`draw_ring_cards` draws it."""

    character: Any
    number: int
    center: tuple[int, int]
    border: Sequence[int] | None = None
    #: The colour a card that stands out (the open safe, the team's answer) is tinted with.
    glow: Sequence[int] | None = None
    scale: float = 1.0
    dim: bool = False


def draw_ring_cards(surface: pygame.Surface, ctx: Any, cards: Sequence[RingCard]) -> None:
    """The ring's cards, those that stand out last (a swelling card pops over its
    neighbours). A card stands out by its tint, its border and its swell, not by a halo
    around it: the neighbours' number badges hang in the gaps between cards (issue 28)."""
    for card in sorted(cards, key=lambda card: card.glow is not None):
        draw_character_slot(surface, ctx, card.character, card.number, card.center, card.border, card.scale, card.dim,
                            card.glow)


def draw_character_slot(surface: pygame.Surface, ctx: Any, character: Any, number: int, center: Sequence[int],
                        border: Sequence[int] | None = None, scale: float = 1.0, dim: bool = False,
                        glow: Sequence[int] | None = None) -> pygame.Rect:
    """A character card on the ring: number badge, portrait (PORTRAIT px on every card),
    name under it, its fill tinted with ``glow``. The name shrinks or breaks after a space
    or hyphen to stay in the card."""
    kit, c = ctx.kit, ctx.kit.colours
    rect = pygame.Rect(0, 0, int(SLOT_W * scale), int(SLOT_H * scale))
    rect.center = (int(center[0]), int(center[1]))
    fill = mix(c.panel, c.bg, 0.5) if dim else mix(glow, c.panel, 0.7) if glow is not None else c.panel
    name = character.name(ctx.settings.lang) if character is not None else None

    def paint() -> None:
        if character is not None:
            paint_character(surface, ctx, character, rect, scale, dim)

    look = dict(colour=fill, radius=26, border=tuple(border or c.panel_hi), border_width=6 if border else 4)
    if scale == 1.0:
        kit.filled_panel(surface, rect, ("si.slot", character.id if character is not None else None, name, fill),
                         paint, **look)
    else:  # a pulsing card changes size every frame: drawn afresh, never remembered
        kit.growing_panel(surface, rect, paint, **look)
    draw_slot_badge(surface, ctx, rect, number)
    return rect


def draw_slot_badge(surface: pygame.Surface, ctx: Any, card: pygame.Rect, number: int) -> None:
    """A character card's number on its gold badge, over the card's top-left corner (a
    cursor framing the card draws it again over its frame: issue 28)."""
    kit, c = ctx.kit, ctx.kit.colours
    badge = (card.x + BADGE_INSET, card.y + BADGE_INSET)
    kit.draw_shape(surface, "circle", c.gold, badge, BADGE_RADIUS, outline=c.shadow)
    kit.blit_text(surface, str(number), 30, (badge[0], badge[1] + 1), "center", c.shadow)


def paint_character(surface: pygame.Surface, ctx: Any, character: Any, rect: pygame.Rect, scale: float = 1.0,
                    dim: bool = False) -> None:
    """A character card's inside: the portrait (PORTRAIT px times ``scale``) at the top,
    the name centred under it, shrunk (not under 28 px drawn) or broken after a space or
    hyphen. The vote's ring paints its options so too: a vote is cast on the same card."""
    kit, c = ctx.kit, ctx.kit.colours
    icon = _card_portrait(kit, ctx, character, int(PORTRAIT * scale), scale)
    top = surface.blit(icon, icon.get_rect(midtop=(rect.centerx, rect.y + int(8 * scale)))).bottom
    sizes = (_stepped(28 * scale, 2, scale), 28)
    size, words = card_name(kit, character, ctx.settings.lang, _stepped(rect.width - 12, 8, scale), sizes)
    kit.blit_text(surface, words, size, (rect.centerx, (top + rect.bottom) // 2), "center",
                  c.muted if dim else c.text, align="center")


def card_name(kit: UiKit, character: Any, lang: str, width: int, sizes: Sequence[int]) -> tuple[int, str]:
    """``(size, text)`` of a card's name in ``width``: the full name (shrunk, then broken
    after a space or hyphen) while it takes two lines at most, else its ``short`` one."""
    size, words = fit_words(kit, character.name(lang), width, sizes)
    if words.count("\n") >= NAME_LINES and character.short is not None:
        return fit_words(kit, character.short(lang), width, sizes)
    return size, words


def _card_portrait(kit: UiKit, ctx: Any, character: Any, size: int, scale: float) -> pygame.Surface:
    """A card's portrait at ``size`` px; a pulsing card's is its ``PULSE_PORTRAIT`` px
    picture scaled (~0.05 ms), not a portrait rendered at a new size (~0.5 ms) every
    frame of the pulse."""
    portraits = ctx.catalogue.game("secret_identity").kit
    if scale == 1.0:
        return portrait(kit, portraits, character, size)
    picture = portrait(kit, portraits, character, PULSE_PORTRAIT)
    return pygame.transform.smoothscale(picture, (size, size))


def _stepped(size: float, step: int, scale: float) -> int:
    """A pulsing card's text size or the width its name is fitted in, rounded down to
    ``step`` px: the animation then draws a few that stay cached (fits, texts), not a new
    one each frame (~1 ms to fit a name)."""
    return int(size) if scale == 1.0 else int(size) // step * step


def draw_cross(surface: pygame.Surface, colour: Sequence[int], center: Sequence[int], size: int) -> None:
    cx, cy, h = int(center[0]), int(center[1]), size // 2
    width = max(4, size // 6)
    pygame.draw.line(surface, colour, (cx - h, cy - h), (cx + h, cy + h), width)
    pygame.draw.line(surface, colour, (cx - h, cy + h), (cx + h, cy - h), width)


def draw_pictogram_chip(surface: pygame.Surface, ctx: Any, shown: Shown | None, rect: pygame.Rect,
                        empty_colour: Sequence[int] | None = None) -> None:
    """A clue slot: the visible pictogram on a green ("is") or red ("is not") frame, a red
    one struck through corner to corner like a "no" sign, so the colour is never the only
    cue (SI-4). The strike spans the chip: a verdict disc small enough to leave the
    pictogram and the next chip clear would be too small to read from the sofa (issue 28)."""
    kit, c = ctx.kit, ctx.kit.colours
    if shown is None:
        colour = empty_colour or c.panel_hi
        pygame.draw.rect(surface, mix(c.panel, c.bg, 0.4), rect, border_radius=18)
        pygame.draw.rect(surface, colour, rect, width=3, border_radius=18)
        return
    frame = c.good if shown.green else c.bad
    pygame.draw.rect(surface, mix(frame, c.panel, 0.72), rect, border_radius=18)
    pygame.draw.rect(surface, frame, rect, width=5, border_radius=18)
    picto = ctx.catalogue.game("secret_identity").pictograms.get(shown.pictogram)
    if picto is not None:
        icon = icon_or_fallback(kit, picto.icon, chip_icon_size(rect.height))
        surface.blit(icon, icon.get_rect(center=rect.center))
    if not shown.green:
        inset, width = rect.height // 7, max(5, rect.height // 11)
        ends = ((rect.x + inset, rect.y + inset), (rect.right - inset - 1, rect.bottom - inset - 1))
        pygame.draw.line(surface, c.shadow, *ends, width + 4)
        pygame.draw.line(surface, frame, *ends, width)


def chip_icon_size(chip: int) -> int:
    """A chip's pictogram side: 72 % of the chip, at least the sofa's :data:`MIN_MARK`
    when the chip leaves 4 px around it inside its frame."""
    return max(int(chip * 0.72), min(MIN_MARK, chip - 8))


def draw_clue_row(surface: pygame.Surface, ctx: Any, clue: Sequence[Shown], origin: Sequence[int], size: int,
                  gap: int = 12, slots: int = 3) -> pygame.Rect:
    """Up to three clue chips in a row from ``origin`` (top-left); empty slots shown."""
    x, y = int(origin[0]), int(origin[1])
    for i in range(slots):
        rect = pygame.Rect(x + i * (size + gap), y, size, size)
        draw_pictogram_chip(surface, ctx, clue[i] if i < len(clue) else None, rect)
    return pygame.Rect(x, y, slots * size + (slots - 1) * gap, size)


def draw_hand_count(surface: pygame.Surface, ctx: Any, count: int, center: Sequence[int], prefix: str = "×") -> None:
    """A small fanned stack of picto cards with how many are left (public, SI-9)."""
    kit, c = ctx.kit, ctx.kit.colours
    cx, cy = int(center[0]), int(center[1])
    for i, dx in enumerate((-10, -3, 4)):
        card = pygame.Rect(0, 0, 40, 54)
        card.center = (cx + dx - 16, cy - 4 + abs(dx) // 3)
        pygame.draw.rect(surface, mix(c.accent, c.panel, 0.35 + 0.15 * (2 - i)), card, border_radius=7)
        pygame.draw.rect(surface, c.shadow, card, width=2, border_radius=7)
    kit.blit_text(surface, f"{prefix}{count}", 32, (cx + 14, cy), "midleft", c.text)


def draw_thirty_token(surface: pygame.Surface, ctx: Any, center: Sequence[int], radius: int = 24,
                      count: int = 1) -> None:
    """The gold "30" token of SI-7 (with ×n when a seat holds more than one)."""
    kit, c = ctx.kit, ctx.kit.colours
    kit.draw_shape(surface, "circle", c.gold, center, radius, outline=mix(c.gold, c.shadow, 0.5), gloss=True)
    kit.blit_text(surface, "30", max(28, int(radius * 1.05)), (center[0], center[1] + 1), "center", c.shadow)
    if count > 1:
        kit.blit_text(surface, f"×{count}", 28, (center[0] + radius + 4, center[1]), "midleft", c.gold)


def draw_seat_panel(surface: pygame.Surface, ctx: Any, seat_index: int, rect: pygame.Rect, *, score: float,
                    hand_count: int, clue: Sequence[Shown], status: str, status_colour: Sequence[int] | None = None,
                    highlight: Sequence[int] | None = None, done: bool = False, show_clue: bool = True,
                    show_score: bool = True, tag: str = "", status_seat: int | None = None,
                    veil: Sequence[int] | None = None) -> None:
    """One seat's public panel, in three rows that fit any panel :func:`panel_positions`
    gives: badge (colour + shape + name) and score with "30" tokens; the clue placed on
    its safe and the cards left; a status line (shrunk to 28 px drawn at most, followed by
    ``status_seat``'s shape when it names a seat). Without a clue the name stands larger
    and may take two lines. ``veil`` (a colour with alpha) dims the whole panel, as a
    reveal does the seats it is not about."""
    kit, c = ctx.kit, ctx.kit.colours
    seat = ctx.seats[seat_index]
    style = kit.seat_style(seat.style)
    border = highlight or (c.good if done else style.colour)
    tokens, marker = track_position(int(round(score)))

    def content() -> None:
        if compact(rect):
            compact_content()
            return
        # without a clue row the name stands larger, centred above the status line
        name_y = rect.y + 34 if show_clue else (rect.y + rect.bottom - 44) // 2
        kit.seat_token(surface, seat.style, (rect.x + 36, name_y), TOKEN_RADIUS)
        right = rect.right - 16
        if show_score:
            number = kit.blit_text(surface, str(marker), 46, (right, rect.y + 34), "midright", c.gold)
            right = number.x - 8
            if tokens:
                thirty = pygame.Rect(0, 0, 44, 44)
                thirty.midright = (right, rect.y + 34)
                draw_thirty_token(surface, ctx, thirty.center, 22, tokens)
                right = thirty.x - (kit.font(28).size(f"×{tokens}")[0] + 8 if tokens > 1 else 8)
        if tag:
            right = kit.blit_text(surface, tag, 28, (right, name_y), "midright", c.accent).x - 8
        width = right - (rect.x + 66)
        clue_top = rect.y + 62
        if show_clue:
            size, name = fit_label(kit, seat.name, width, (34, 32, 30))
            lines = two_lines(kit, seat.name, size, width) if name != seat.name else None
            if lines:  # too long for a line at 28 px drawn (the largest text): two lines at a
                # space or hyphen, the clue row a little lower and smaller
                clue_top = kit.blit_text(surface, lines, size, (rect.x + 66, rect.y + 6), "topleft",
                                         style.light).bottom + 2
            else:
                kit.blit_text(surface, name, size, (rect.x + 66, rect.y + 34), "midleft", style.light)
        else:
            size, name = fit_words(kit, seat.name, width, (40, 36, 34, 32, 30))
            kit.blit_text(surface, name, size, (rect.x + 66, name_y), "midleft", style.light)
        status_top = rect.bottom - 44
        if show_clue:  # the clue and the cards left share the middle row
            hand = (rect.right - 70, (clue_top + status_top) // 2)
            room = hand[0] - 56 - (rect.x + 16)
            chip = max(40, min(70, (room - 16) // 3, status_top - clue_top - 4))
            draw_clue_row(surface, ctx, clue, (rect.x + 16, hand[1] - chip // 2), chip, gap=8)
        else:  # the name has the middle row: the cards left go to the end of the status line
            hand = (rect.right - 70, rect.bottom - 34)
        draw_hand_count(surface, ctx, hand_count, hand)
        if status:
            y = rect.bottom - 24
            x = rect.x + (54 if done else 18)
            if done:
                kit.draw_check(surface, (rect.x + 32, y), 30, c.good)
            end = rect.right - 16 if show_clue else hand[0] - 56
            room = end - x - (2 * TOKEN_RADIUS + 16 if status_seat is not None else 0)
            size, words = fit_label(kit, status, room, (28,))
            placed = kit.blit_text(surface, words, size, (x, y), "midleft", status_colour or (c.good if done else c.muted))
            if status_seat is not None:
                # (a little raised: the 48 px shape stays inside the panel's border)
                kit.seat_token(surface, ctx.seats[status_seat].style, (placed.right + 12 + TOKEN_RADIUS, y - 6),
                               TOKEN_RADIUS)
        if veil is not None:
            surface.blit(kit.rounded(rect.size, veil, 26), rect)

    def compact_content() -> None:
        # three rows: shape and name (the whole width: never cut); the clue, the cards
        # left and the score; the status line
        pad = COMPACT_PAD
        name_y = rect.y + 4 + COMPACT_NAME_ROW // 2
        kit.seat_token(surface, seat.style, (rect.x + 36, name_y), TOKEN_RADIUS)
        right = rect.right - pad
        if tag:
            right = kit.blit_text(surface, tag, 28, (right, name_y), "midright", c.accent).x - 8
        size, name = fit_label(kit, seat.name, right - (rect.x + 66), (36, 34, 32, 30) if not show_clue else (34, 32, 30))
        kit.blit_text(surface, name, size, (rect.x + 66, name_y), "midleft", style.light)
        row_y = rect.y + 4 + COMPACT_NAME_ROW + COMPACT_CHIP // 2
        left = rect.x + pad
        if show_clue:
            left = draw_clue_row(surface, ctx, clue, (left, row_y - COMPACT_CHIP // 2), COMPACT_CHIP, gap=6).right
        end = rect.right - pad
        if show_score:
            end = draw_score(surface, ctx, tokens, marker, (end, row_y), 40).x
        if show_clue:  # one card with the count on it, between the clue and the score
            draw_hand_stack(surface, ctx, hand_count, ((left + end) // 2, row_y))
        else:
            draw_hand_count(surface, ctx, hand_count, (rect.x + 62, row_y))
        if status:
            y = rect.bottom - COMPACT_STATUS
            x = rect.x + (54 if done else 18)
            if done:
                kit.draw_check(surface, (rect.x + 32, y), 30, c.good)
            room = rect.right - 16 - x - (2 * TOKEN_RADIUS + 16 if status_seat is not None else 0)
            size, words = fit_label(kit, status, room, (28,))
            placed = kit.blit_text(surface, words, size, (x, y), "midleft", status_colour or (c.good if done else c.muted))
            if status_seat is not None:
                kit.seat_token(surface, ctx.seats[status_seat].style, (placed.right + 12 + TOKEN_RADIUS, y),
                               TOKEN_RADIUS)
        if veil is not None:
            surface.blit(kit.rounded(rect.size, veil, 26), rect)

    key = ("si.seat", seat.name, seat.style, (tokens, marker) if show_score else None, tag,
           tuple(clue) if show_clue else None, hand_count, status, tuple(status_colour or ()), done, status_seat,
           ctx.seats[status_seat].style if status_seat is not None else None, tuple(veil or ()))
    kit.filled_panel(surface, rect, key, content, c.panel, radius=26, border=tuple(border),
                     border_width=6 if highlight else 4)


def compact(rect: pygame.Rect) -> bool:
    """Whether a seat panel is too short for the full layout (see COMPACT_GAP)."""
    return rect.height < PANEL_H


def thinking_spot(rect: pygame.Rect, show_clue: bool = True) -> tuple[int, int]:
    """Where a bot's thinking bubble stands on its seat panel: over the top border by the
    shape, or on a compact panel without a clue at the free end of its middle row (the
    name has the top row)."""
    if compact(rect) and not show_clue:
        return rect.right - 64, rect.y + 4 + COMPACT_NAME_ROW + COMPACT_CHIP // 2
    return rect.x + 80, rect.y + 6


def thirty_spot(rect: pygame.Rect) -> tuple[int, int]:
    """Where a "30" token pops on a seat panel: beside its score."""
    if compact(rect):
        return rect.right - 92, rect.y + 4 + COMPACT_NAME_ROW + COMPACT_CHIP // 2
    return rect.right - 98, rect.y + 36


def draw_score(surface: pygame.Surface, ctx: Any, tokens: int, marker: int, midright: Sequence[int],
               size: int) -> pygame.Rect:
    """A seat's score (its marker's number, after its "30" tokens) ending at ``midright``:
    the rectangle it takes."""
    kit, c = ctx.kit, ctx.kit.colours
    number = kit.blit_text(surface, str(marker), size, midright, "midright", c.gold)
    taken = number
    if tokens:
        thirty = pygame.Rect(0, 0, 44, 44)
        thirty.midright = (number.x - 8 - (kit.font(28).size(f"×{tokens}")[0] + 4 if tokens > 1 else 0),
                           int(midright[1]))
        draw_thirty_token(surface, ctx, thirty.center, 22, tokens)
        taken = taken.union(thirty)
    return taken


def draw_hand_stack(surface: pygame.Surface, ctx: Any, count: int, center: Sequence[int]) -> None:
    """How many picto cards a seat has left (public, SI-9), where a fan is too wide: a
    card over another with the count written on it."""
    kit, c = ctx.kit, ctx.kit.colours
    cx, cy = int(center[0]), int(center[1])
    for i, (dx, dy) in enumerate(((-5, -3), (2, 2))):
        card = pygame.Rect(0, 0, 46, 52)
        card.center = (cx + dx, cy + dy)
        pygame.draw.rect(surface, mix(c.accent, c.panel, 0.6 + 0.15 * i), card, border_radius=8)
        pygame.draw.rect(surface, c.accent if i else c.shadow, card, width=2, border_radius=8)
    kit.blit_text(surface, str(count), 28, (cx + 2, cy + 3), "center", c.text)


@remembered
def fit_label(kit: UiKit, text: str, width: int, sizes: Sequence[int]) -> tuple[int, str]:
    """``(size, text)`` for one line in ``width``: the largest of ``sizes`` that fits, then
    smaller down to 28 px drawn, then shortened with an ellipsis (a seat's name beside its
    shape and colour, which tell it apart anyway)."""
    floor = smallest_size(kit)
    for size in [*sizes, *range(min(sizes) - 1, floor - 1, -1)]:
        if kit.font(size).size(text)[0] <= width:
            return size, text
    return floor, fit_text(kit, text, floor, width)


def two_lines(kit: UiKit, text: str, size: int, width: int) -> str | None:
    """``text`` on two lines of ``width`` at ``size``, broken after a space or a hyphen
    ("Marie-" / "Antoinette"), or None when no such break fits."""
    font = kit.font(size)
    for cut in (i + 1 for i, ch in enumerate(text[:-1]) if ch in " -"):
        head, tail = text[:cut].rstrip(), text[cut:]
        if font.size(head)[0] <= width and font.size(tail)[0] <= width:
            return f"{head}\n{tail}"
    return None


@remembered
def fit_text(kit: UiKit, text: str, size: int, width: int) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels."""
    font = kit.font(size)
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def paint_table_still(surface: pygame.Surface, ctx: Any, hub: bool, hub_border: Sequence[int] | None = None,
                      top: Callable[[pygame.Surface], Any] | None = None) -> None:
    """A board's still layer: the background, then ``top(surface)`` (the competitive
    board's score track, co-op's turn track: across the top, clear of the hub) and, when
    ``hub``, the hub's disc, all of which change only between turns or rounds."""
    ctx.kit.background(surface)
    if top is not None:
        top(surface)
    if hub:
        draw_hub(surface, ctx, hub_border)


def draw_hub(surface: pygame.Surface, ctx: Any, border: Sequence[int] | None = None) -> None:
    kit, c = ctx.kit, ctx.kit.colours
    ring = board_ring(kit)
    kit.draw_shape(surface, "circle", mix(c.bg, c.panel, 0.5), ring.center, ring.hub, outline=border or c.panel_hi)


def cheer_keep_out(ctx: Any, track_y: int) -> list[pygame.Rect]:
    """What a round's cheer keeps its confetti out of: the band of the track drawn at
    ``track_y`` (its label, numbers and markers have no panel behind them) and the hub,
    whose words sit on its disc."""
    kit, ring = ctx.kit, board_ring(ctx.kit)
    hub = pygame.Rect(0, 0, 2 * ring.hub, 2 * ring.hub)
    hub.center = ring.center
    return [pygame.Rect(0, 0, kit.W, numbers_bottom(kit, track_y)), hub]

