"""What is drawn around every section's stage (``section.py``): the top bar, the track
with its masks, the seat column and a special square's banner (see ``layout.py`` for
where).

The top bar and the track's squares stay still for whole phases: the board keeps them
on one layer with the background (:func:`still_key`, :func:`paint_still`) and the masks
and the rest are drawn over it each frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....ui.fit import fit_text, fit_wrapped, smallest_size
from ....ui.shapes import shape_box
from ....ui.stage import StageItem, draw_items
from ....ui.theme import MIN_MARK, TOKEN_RADIUS

from ....scenes.phone_seats import draw_phone_mark, on_phone
from ..rules.view import PEPhase
from .layout import GAP
from .legend import BETWEEN, ICONS, draw_legend, legend_rect
from .timeline import Banner
from .widgets import NAME_SIZES, draw_name

if TYPE_CHECKING:
    from .board import PersonalityBoard

#: Title sizes tried in the top bar, largest first.
TITLE_SIZES = (36, 34, 32, 30, 28)
#: A mask on the track is 48 px across, read from the sofa (issue 28).
MASK_RADIUS = 24
#: The height kept clear for a square's number, in its bottom-right corner.
NUMBER_ROOM = 30
#: The Gouffre's name is at least this wide (two lines under the pit, even with small squares).
GOUFFRE_LABEL_WIDTH = 210
#: A Tête-à-tête partner's shape (48 px, as every token: issue 28) stands at the right end
#: of the seat's head row (not over the seat's own shape); the seat's mark, if it has one,
#: this far left of it.
PARTNER_STEP = 58


def draw_header(board: PersonalityBoard, surface: pygame.Surface, title: str) -> None:
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    bar = board.layout.header
    kit.panel(surface, bar, c.panel, radius=bar.height // 2, shadow=False)
    turn = kit.blit_text(surface, board.t("personality.turn", n=p.turn + 1), 34, (bar.x + 30, bar.centery),
                         "midleft", c.gold)
    deck = kit.text(board.t("personality.deck", n=p.deck_size), 30, c.muted)
    surface.blit(deck, deck.get_rect(midright=(bar.right - 28, bar.centery)))
    # the title between the turn and the deck count (centred on the bar when that leaves room enough)
    left, right = turn.right + 24, bar.right - 28 - deck.get_width() - 24
    side = max(left - bar.x, bar.right - right)
    centred = pygame.Rect(bar.x + side, bar.y + 4, bar.width - 2 * side, bar.height - 8)
    room = centred if kit.font(smallest_size(kit)).size(title)[0] <= centred.width else \
        pygame.Rect(left, bar.y + 4, right - left, bar.height - 8)
    # down to 28 px drawn under the largest text setting before it wraps (the bar holds one line)
    sizes = (*TITLE_SIZES, *range(min(TITLE_SIZES) - 1, smallest_size(kit) - 1, -1))
    draw_name(kit, surface, title, room, c.text, sizes, anchor="center")


def still_key(board: PersonalityBoard, title: str) -> tuple[object, ...]:
    """All the still layer shows depends on: the bar's turn, deck and title, the track's
    place (the safe area) and the language and text size its words are drawn in."""
    settings = board.ctx.settings
    return (title, board.public.turn, board.public.deck_size, tuple(board.layout.safe), settings.lang,
            getattr(settings, "text_scale", 1.0))


def paint_still(board: PersonalityBoard, surface: pygame.Surface, title: str) -> None:
    """The background, the top bar and the track's squares (no masks): the still layer."""
    board.ctx.kit.background(surface)
    draw_header(board, surface, title)
    draw_squares(board, surface)


def draw_squares(board: PersonalityBoard, surface: pygame.Surface) -> None:
    """The track without its masks: the path, the Gouffre and the numbered squares."""
    kit, c, layout = board.ctx.kit, board.ctx.kit.colours, board.layout
    for index in range(board.track.length - 1):
        pygame.draw.line(surface, c.panel_hi, layout.square_center(index), layout.square_center(index + 1), 10)
    _draw_gouffre(board, surface)
    for index in range(board.track.length):
        kind = board.track.kind(index)
        rect = layout.square_rect(index)
        special = kind != "plain"
        colour = {"summit": c.gold, "door": (120, 90, 170), "inversion": (70, 110, 170),
                  "tete_a_tete": (150, 80, 120), "start": c.good}.get(kind, c.panel)
        kit.panel(surface, rect, colour, radius=18, border=c.panel_hi if not special else c.text, shadow=False,
                  border_width=3)
        if special:
            # top left, the number bottom right: neither over the other (issue 28)
            icon = kit.icon(ICONS[kind], max(MIN_MARK, rect.width * 4 // 7))
            surface.blit(icon, icon.get_rect(topleft=(rect.x + 3, rect.y + 2)))
        _draw_number(board, surface, index, rect, special)
    draw_legend(board, surface, _legend_rect(board))


def _legend_rect(board: PersonalityBoard) -> pygame.Rect:
    return legend_rect(board, _gouffre_label(board)[1].right + BETWEEN)


def _draw_number(board: PersonalityBoard, surface: pygame.Surface, index: int, rect: pygame.Rect,
                 special: bool) -> None:
    """The square's number in its bottom-right corner, in light ink; on a special
    square (light gold or green, or under its icon) on a dark chip of its own."""
    kit, c = board.ctx.kit, board.ctx.kit.colours
    number = kit.text(str(index), 28, c.text if special else c.muted)
    placed = number.get_rect(bottomright=(rect.right - 8, rect.bottom - 2))
    if special:
        chip = number.get_bounding_rect().move(placed.topleft).inflate(12, 2)  # (its ink's: clear of the icon)
        kit.panel(surface, chip, c.shadow, radius=chip.height // 2, shadow=False)
    surface.blit(number, placed)


def _draw_gouffre(board: PersonalityBoard, surface: pygame.Surface) -> None:
    """The pit left of Départ, and its name under it (kept inside the safe area)."""
    kit, c, layout = board.ctx.kit, board.ctx.kit.colours, board.layout
    pit = layout.square_rect(-1)
    kit.panel(surface, pit, (10, 6, 20), radius=pit.width // 2, border=c.bad, shadow=False)
    icon = kit.icon(ICONS["gouffre"], max(MIN_MARK, pit.width * 3 // 5))
    surface.blit(icon, icon.get_rect(center=pit.center))
    surface.blit(*_gouffre_label(board))


def _gouffre_label(board: PersonalityBoard) -> tuple[pygame.Surface, pygame.Rect]:
    """The Gouffre's name (in two lines at most) and where it goes: under the pit."""
    kit, layout = board.ctx.kit, board.layout
    pit = layout.square_rect(-1)
    name, width = board.t("personality.square.gouffre.name"), max(2 * layout.square + GAP, GOUFFRE_LABEL_WIDTH)
    label = kit.text(name, fit_wrapped(kit, name, width, 2, (28,)), kit.colours.muted, max_width=width, align="center")
    rect = label.get_rect(midtop=(pit.centerx, pit.bottom + 4))
    rect.x = max(rect.x, layout.safe.x)
    return label, rect


def cheer_keep_out(board: PersonalityBoard) -> list[pygame.Rect]:
    """What a reveal's confetti keeps out of, drawn on the still layer before the seat
    column and the stage (their panels hide the discs behind them): the top bar, the
    track's rows, the Gouffre's name and the squares' legend. The discs fall behind the board and show in
    its gaps and in the free band under the track."""
    layout = board.layout
    rows = layout.square_rect(board.track.length - 1).union(layout.square_rect(-1))
    return [layout.header, pygame.Rect(layout.left.x, rows.y, layout.left.width, rows.height), _gouffre_label(board)[1],
            _legend_rect(board)]


def mask_items(board: PersonalityBoard) -> list[StageItem]:
    """The masks on the track, as stage items (``game/ui/stage.py``): each keyed on where it stands."""
    shown = board.timeline.shown
    by_square: dict[int, list[int]] = {}
    for seat in range(board.public.seats):
        by_square.setdefault(int(round(shown[seat])), []).append(seat)
    items = []
    for seat in range(board.public.seats):
        style, at = board.ctx.seats[seat].style, _mask_pos(board, seat, by_square)

        def paint(surface: pygame.Surface, style: int = style, at: tuple[int, int] = at) -> None:
            board.ctx.kit.seat_token(surface, style, at, MASK_RADIUS)
        items.append(StageItem(("pe.mask", style, at), shape_box(at, MASK_RADIUS).inflate(4, 4), paint))
    return items


def draw_masks(board: PersonalityBoard, surface: pygame.Surface) -> None:
    draw_items(surface, mask_items(board))


def mask_offset(side: int, count: int, i: int) -> tuple[int, int]:
    """Where the ``i``-th of ``count`` masks on one square stands, from the square's centre:
    in a grid (one, two or three a row, four past six) spread so every mask stays inside
    the ``side`` px square and above its number, overlapping its neighbours when many
    share it (issue 28)."""
    cols = 1 if count == 1 else 2 if count <= 4 else 3 if count <= 6 else 4
    rows = -(-count // cols)
    inset = MASK_RADIUS + 2  # the square's border kept
    room = side - 2 * inset
    # on the square's top edge; in the wide safe area's small squares a little over it, so
    # the number under the mask stays clear (issue 28)
    top = min(-side // 2 + MASK_RADIUS, side // 2 - NUMBER_ROOM - MASK_RADIUS - 8)
    bottom = max(top, side // 2 - inset - NUMBER_ROOM)
    col, row = i % cols, i // cols
    dx = 0 if cols == 1 else int((col / (cols - 1) - 0.5) * room)
    dy = top if rows == 1 else int(top + row / (rows - 1) * (bottom - top))
    return dx, dy


def _mask_pos(board: PersonalityBoard, seat: int, by_square: dict[int, list[int]]) -> tuple[int, int]:
    """A mask between two squares while it walks (with a hop), in its square's grid
    (:func:`mask_offset`) once there."""
    value = board.timeline.shown[seat]
    low = int(value // 1) if value >= -1 else -1
    frac = value - low
    ax, ay = board.layout.square_center(low)
    bx, by = board.layout.square_center(min(low + 1, board.track.length - 1))
    x, y = ax + (bx - ax) * frac, ay + (by - ay) * frac
    hop = -18 * (1 - abs(2 * frac - 1)) if 0 < frac < 1 else 0
    group = by_square.get(int(round(value)), [seat])
    dx, dy = mask_offset(board.layout.square, len(group), group.index(seat) if seat in group else 0)
    return int(x + dx), int(y + dy + hop)


def seat_column_items(board: PersonalityBoard) -> list[StageItem]:
    """One box per seat: shape (its Tête-à-tête partner's small shape on its corner),
    name (fitted: shrunk, or wrapped at a hyphen), hand and received counts on their own
    line, the seat's mark; as stage items, each keyed on what it shows, a bot's thinking
    bubble drawn over its box."""
    p = board.public
    column = board.layout.seat_column
    current = board.session.current()
    row_h = min(150, (column.height + 12) // p.seats)
    items = []
    for seat in range(p.seats):
        box = pygame.Rect(column.x, column.y + seat * row_h, column.width, row_h - 12)
        partner = next((b if a == seat else a for a, b in p.pairs if seat in (a, b)), None)
        mark_at = (box.right - 34, box.y + 8 + min(76, box.height - 52) // 2)
        if partner is not None:  # in the mark's place; a mark shown goes left of it
            mark_at = (mark_at[0] - PARTNER_STEP, mark_at[1])
        kind = _mark_kind(board, seat, current)
        info = f"{board.t('personality.hand', n=p.hand_sizes[seat])} · " \
               f"{board.t('personality.received', n=len(p.received[seat]))}"
        partner_style = board.ctx.seats[partner].style if partner is not None else None
        key: tuple[object, ...] = ("pe.seat", tuple(box), board.name(seat), board.ctx.seats[seat].style, seat in current, partner_style,
               kind, info)

        # the bubble is drawn under the name: over the box only where the name stays clear of it
        inside = kind == "thinking" and _name_right(board, seat, box, partner is not None) > mark_at[0] - 33
        if inside:
            key = (*key, board.session.tick)

        def paint(surface: pygame.Surface, seat: int = seat, box: pygame.Rect = box, kind: str = kind,
                  info: str = info, inside: bool = inside) -> None:
            _draw_seat_box(board, surface, seat, box, seat in current, kind, info, inside)
        over = over_area = None
        if kind == "thinking" and not inside:
            def over(surface: pygame.Surface, seat: int = seat, at: tuple[int, int] = mark_at) -> None:
                board.draw_thinking(surface, seat, at, 32)
            over_area = pygame.Rect(0, 0, 76, 56).move_to(center=mark_at)
        items.append(StageItem(key, box, paint, over, over_area))
    return items


def draw_seat_column(board: PersonalityBoard, surface: pygame.Surface) -> None:
    draw_items(surface, seat_column_items(board))


def _name_right(board: PersonalityBoard, seat: int, box: pygame.Rect, partner: bool) -> int:
    """Where a thinking seat's name ends in its box (:func:`_draw_seat_box`)."""
    kit = board.ctx.kit
    right = box.right - 60 - (PARTNER_STEP if partner else 0)
    size, words = fit_text(kit, board.name(seat), right - box.x - 76, NAME_SIZES)
    colour = kit.seat_style(board.ctx.seats[seat].style).light
    return box.x + 76 + kit.text(words, size, colour, shadow=False, align="left").get_width()


def _draw_seat_box(board: PersonalityBoard, surface: pygame.Surface, seat: int, box: pygame.Rect, current: bool,
                   kind: str, info: str, bubble: bool) -> None:
    """One seat's box of the column (:func:`seat_column_items`), a thinking bubble only
    with ``bubble``."""
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    style = kit.seat_style(board.ctx.seats[seat].style)
    kit.panel(surface, box, c.panel, radius=24, border=style.colour if current else None, shadow=False)
    head = pygame.Rect(box.x, box.y + 8, box.width, min(76, box.height - 52))
    kit.seat_token(surface, board.ctx.seats[seat].style, (box.x + 40, head.centery), 26)
    partner = next((b if a == seat else a for a, b in p.pairs if seat in (a, b)), None)
    mark_at, right = (box.right - 34, head.centery), box.right - 60
    if partner is not None:  # in the mark's place; a mark shown goes left of it
        kit.seat_token(surface, board.ctx.seats[partner].style, mark_at, TOKEN_RADIUS)
        mark_at = (mark_at[0] - PARTNER_STEP, mark_at[1])
    if kind == "thinking" and bubble:
        board.draw_thinking(surface, seat, mark_at, 32)
    if _draw_mark(board, surface, seat, mark_at, kind) and partner is not None:
        right -= PARTNER_STEP
    draw_name(kit, surface, board.name(seat), pygame.Rect(box.x + 76, head.y, right - box.x - 76, head.height),
              style.light)
    size, info = fit_text(kit, info, box.width - 28, (28,))  # "4 in hand · 12 received" on one line
    kit.blit_text(surface, info, size, (box.x + 16, box.bottom - 8), "bottomleft", c.muted)


def _mark_kind(board: PersonalityBoard, seat: int, current: frozenset[int]) -> str:
    """Which mark a seat's box shows: thinking (a bot taking its time), done, phone (it
    chooses on its phone), reader, win, or none ("")."""
    mark = _seat_mark(board, seat)
    if board.thinking(seat):
        return "thinking"
    if mark == "done":
        return mark
    if seat in current and on_phone(board.ctx, seat):
        return "phone"
    return mark if mark in ("reader", "win") else ""


def _draw_mark(board: PersonalityBoard, surface: pygame.Surface, seat: int, at: tuple[int, int], kind: str) -> bool:
    """The seat's mark ``kind`` (:func:`_mark_kind`; a thinking bubble is drawn over the
    box, not here) at ``at``; whether it has one."""
    kit, c = board.ctx.kit, board.ctx.kit.colours
    if kind == "done":
        kit.draw_check(surface, at, 40, c.good)
    elif kind == "phone":
        draw_phone_mark(board.ctx, surface, seat, at, MIN_MARK)  # it chooses on its phone
    elif kind in ("reader", "win"):
        icon = kit.icon("1F4D6" if kind == "reader" else "1F451", MIN_MARK)
        surface.blit(icon, icon.get_rect(center=at))
    else:
        return kind == "thinking"
    return True


def _seat_mark(board: PersonalityBoard, seat: int) -> str:
    p = board.public
    if seat in p.winners:
        return "win"
    done = {PEPhase.VOTE: p.voted, PEPhase.REVOTE: p.voted, PEPhase.DEBATE: p.ready, PEPhase.EXCHANGE: p.exchanged,
            PEPhase.CONTEST: p.judged, PEPhase.PLAY: p.played}.get(p.phase, ())
    if seat in done:
        return "done"
    if p.phase == PEPhase.READ and seat == p.reader:
        return "reader"
    return ""


def draw_banner(board: PersonalityBoard, surface: pygame.Surface, banner: Banner) -> None:
    kit, c = board.ctx.kit, board.ctx.kit.colours
    stage = board.layout.stage
    box = pygame.Rect(0, 0, min(1200, stage.width - 40), 220)
    box.center = (stage.centerx, stage.bottom - 60)
    kit.panel(surface, box, c.panel_hi, radius=30, border=c.gold, border_width=6)
    icon = kit.icon(banner.icon, 120)
    surface.blit(icon, icon.get_rect(center=(box.x + 100, box.centery)))
    kit.blit_text(surface, banner.title, 42, (box.x + 190, box.y + 26), "topleft", c.gold, max_width=box.width - 220)
    kit.blit_text(surface, banner.body, 32, (box.x + 190, box.y + 86), "topleft", c.text, max_width=box.width - 220)
