"""Drawing pieces shared by both Secret Identity boards and the clue editor.

Everything here draws public things (characters, placed pictograms, the score track; the
seat panels are in ``seat_panel``) except :func:`draw_hand_card`, which only the clue editor calls inside a
peek curtain. Layout constants put the character ring exactly where the ring picker
puts its options (``game.scenes.ring_geometry``, for the safe area in use), so "point at
the character" just works.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence, TypeVar

import pygame

from ....scenes.ring_geometry import PROMPT_ROOM, SLOT_SIZE, RingGeometry, ring_geometry
from ....ui.caches import convert
from ....ui.fit import fit_text as fit_words
from ....ui.fit import look, remembered, smallest_size
from ....ui.panels import shadowed
from ....ui.shapes import shape_box
from ....ui.stage import StageItem, draw_items
from ....ui.theme import MIN_MARK, Colour
from .portrait import portrait
from .track import numbers_bottom, track_line
from ..rules.view import Shown

if TYPE_CHECKING:
    from ....ui.kit import UiKit

R = TypeVar("R")

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
#: A card drawn larger or smaller than on the ring (a pulse, a swell, the clue editor's
#: card at 1.5) is the ring's card drawn once this many times larger (:func:`card_face`),
#: the largest any shows, and scaled down: never up.
FACE_SCALE = 1.5
#: A character card's corner radius, and the room its name leaves at the card's sides.
CARD_RADIUS, NAME_MARGIN = 26, 12
#: A character card's number badge: a disc of this radius centred this far into the
#: card's top-left corner, which it overhangs.
BADGE_RADIUS, BADGE_INSET = 24, 8
#: A card's name takes at most this many lines under its portrait.
NAME_LINES = 2
#: How far a card's number badge rises above the card's top (the badge's drawn box), and
#: how far it overhangs the card's left edge.
BADGE_RISE = -shape_box((0, BADGE_INSET), BADGE_RADIUS).top
BADGE_OVERHANG = -shape_box((BADGE_INSET, 0), BADGE_RADIUS).left


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


def _for_layout(kit: UiKit, work: Callable[[UiKit], R]) -> R:
    """``work(kit)`` remembered in the kit's fits for its look and safe area (``work`` is
    part of the key: a module function, never a lambda made per call). The ring's
    geometry: every frame and the hub's fit (hundreds of times a search) ask for it
    (issue 32 item 2)."""
    return kit.fits.answer((work, look(kit), tuple(kit.safe_rect)), lambda: work(kit))


def board_ring(kit: UiKit) -> RingGeometry:
    """The ring picker's ring with its top card low enough that the card's number badge,
    which rises above it, stays under the score track's numbers at the text scale in use
    (the ring shrinks, as in the 10 % safe area). Both boards and the vote picker use it,
    so pointing at a character lands on its card."""
    return _for_layout(kit, _board_ring)


def _board_ring(kit: UiKit) -> RingGeometry:
    top = numbers_bottom(kit, track_line(kit)) + BADGE_RISE
    return ring_geometry(kit, max(PROMPT_ROOM, top - kit.safe_rect.y), (SLOT_W, SLOT_H), rows=True, hug=True)


def slot_positions(kit: UiKit) -> tuple[tuple[int, int], ...]:
    """Centres of the 8 character slots, 1 at the top then clockwise (SI-1)."""
    return _for_layout(kit, _slot_positions)


def _slot_positions(kit: UiKit) -> tuple[tuple[int, int], ...]:
    return tuple(board_ring(kit).positions(8))


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
    draw_items(surface, ring_card_items(ctx, cards))


def ring_card_items(ctx: Any, cards: Sequence[RingCard]) -> list[StageItem]:
    """:func:`draw_ring_cards` as stage items (``game/ui/stage.py``), in its order: each
    card keyed on what it shows (the look every card shares is the stage's base key)."""
    items = []
    for card in sorted(cards, key=lambda card: card.glow is not None):
        def paint(surface: pygame.Surface, card: RingCard = card) -> None:
            draw_character_slot(surface, ctx, card.character, card.number, card.center, card.border, card.scale,
                                card.dim, card.glow)
        character = card.character.id if card.character is not None else None
        key = ("si.card", character, *card[1:])
        items.append(StageItem(key, slot_area(card.center, card.scale), paint))
    return items


def slot_area(center: Sequence[int], scale: float = 1.0) -> pygame.Rect:
    """Every pixel :func:`draw_character_slot` may touch: the card, its shadow and its badge."""
    rect = pygame.Rect(0, 0, int(SLOT_W * scale), int(SLOT_H * scale))
    rect.center = (int(center[0]), int(center[1]))
    badge = shape_box((rect.x + BADGE_INSET, rect.y + BADGE_INSET), BADGE_RADIUS).inflate(4, 4)
    return shadowed(rect).union(badge)


def draw_character_slot(surface: pygame.Surface, ctx: Any, character: Any, number: int, center: Sequence[int],
                        border: Sequence[int] | None = None, scale: float = 1.0, dim: bool = False,
                        glow: Sequence[int] | None = None) -> pygame.Rect:
    """A character card on the ring: number badge, portrait (PORTRAIT px on every card),
    name under it, its fill tinted with ``glow``. The name shrinks or breaks after a space
    or hyphen to stay in the card. A card at another ``scale`` is the ring's card
    magnified (:func:`card_face`), the same words in the same lines."""
    kit, c = ctx.kit, ctx.kit.colours
    rect = pygame.Rect(0, 0, int(SLOT_W * scale), int(SLOT_H * scale))
    rect.center = (int(center[0]), int(center[1]))
    fill = mix(c.panel, c.bg, 0.5) if dim else mix(glow, c.panel, 0.7) if glow is not None else c.panel
    rim = border or c.panel_hi
    edge: Colour = (rim[0], rim[1], rim[2])
    width = 6 if border else 4
    if scale == 1.0:
        name = character.name(ctx.settings.lang) if character is not None else None

        def paint() -> None:
            if character is not None:
                paint_character(surface, ctx, character, rect, dim=dim)

        kit.filled_panel(surface, rect, ("si.slot", character.id if character is not None else None, name, fill),
                         paint, colour=fill, radius=CARD_RADIUS, border=edge, border_width=width)
    else:  # a pulsing card changes size every frame: its face scaled, never painted afresh
        kit.growing_shadow(surface, rect, CARD_RADIUS)
        face = card_face(ctx, character, fill, edge, width, dim)
        surface.blit(face if face.get_size() == rect.size else pygame.transform.smoothscale(face, rect.size), rect)
    draw_slot_badge(surface, ctx, rect, number)
    return rect


def card_face(ctx: Any, character: Any, fill: Sequence[int], border: Colour, border_width: int,
              dim: bool) -> pygame.Surface:
    """The ring's card (its panel, portrait and name, no shadow or badge) drawn
    ``FACE_SCALE`` times larger on a transparent surface, once per look: a card that
    swells or pulses is this scaled to its size each frame (~0.1 ms; painted afresh at
    each size it was ~0.5 ms, the slowest frames of a reveal). Its name is the ring
    card's fit (the same words in the same lines) at ``FACE_SCALE`` times its size."""
    kit: UiKit = ctx.kit
    lang = ctx.settings.lang
    key = ("si.card_face", character.id if character is not None else None, lang, tuple(fill), border, border_width,
           dim, kit.colours, kit.scaled(100))

    def make() -> pygame.Surface:
        face = pygame.Surface((int(SLOT_W * FACE_SCALE), int(SLOT_H * FACE_SCALE)), pygame.SRCALPHA)
        rect = face.get_rect()
        kit.panel(face, rect, tuple(fill), round(CARD_RADIUS * FACE_SCALE), border, False,
                  round(border_width * FACE_SCALE))
        if character is not None:
            size, words = card_name(kit, character, lang, SLOT_W - NAME_MARGIN, (28, 28))
            paint_character(face, ctx, character, rect, FACE_SCALE, dim, (round(size * FACE_SCALE), words))
        return convert(face)
    return kit.sprite(key, make)


def draw_slot_badge(surface: pygame.Surface, ctx: Any, card: pygame.Rect, number: int) -> None:
    """A character card's number on its gold badge, over the card's top-left corner (a
    cursor framing the card draws it again over its frame: issue 28)."""
    kit, c = ctx.kit, ctx.kit.colours
    badge = (card.x + BADGE_INSET, card.y + BADGE_INSET)
    kit.draw_shape(surface, "circle", c.gold, badge, BADGE_RADIUS, outline=c.shadow)
    kit.blit_text(surface, str(number), 30, (badge[0], badge[1] + 1), "center", c.shadow)


def paint_character(surface: pygame.Surface, ctx: Any, character: Any, rect: pygame.Rect, scale: float = 1.0,
                    dim: bool = False, name: tuple[int, str] | None = None) -> None:
    """A character card's inside: the portrait (PORTRAIT px times ``scale``) at the top,
    the name centred under it, shrunk (not under 28 px drawn) or broken after a space or
    hyphen, or as ``name`` gives it (size, words). The vote's ring paints its options so
    too: a vote is cast on the same card."""
    kit, c = ctx.kit, ctx.kit.colours
    icon = _card_portrait(kit, ctx, character, int(PORTRAIT * scale))
    place = icon.get_rect(midtop=(rect.centerx, rect.y + int(8 * scale)))
    surface.blit(icon, place)
    top = place.bottom  # not what blit returns: clipped, as a stage's repaint clips (game/ui/stage.py)
    sizes = (round(28 * scale), 28)
    size, words = name or card_name(kit, character, ctx.settings.lang, rect.width - NAME_MARGIN, sizes)
    kit.blit_text(surface, words, size, (rect.centerx, (top + rect.bottom) // 2), "center",
                  c.muted if dim else c.text, align="center")


def card_name(kit: UiKit, character: Any, lang: str, width: int, sizes: Sequence[int]) -> tuple[int, str]:
    """``(size, text)`` of a card's name in ``width``: the full name (shrunk, then broken
    after a space or hyphen) while it takes two lines at most, else its ``short`` one."""
    size, words = fit_words(kit, character.name(lang), width, sizes)
    if words.count("\n") >= NAME_LINES and character.short is not None:
        return fit_words(kit, character.short(lang), width, sizes)
    return size, words


def _card_portrait(kit: UiKit, ctx: Any, character: Any, size: int) -> pygame.Surface:
    """A card's portrait at ``size`` px."""
    return portrait(kit, ctx.catalogue.game("secret_identity").kit, character, size)


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

