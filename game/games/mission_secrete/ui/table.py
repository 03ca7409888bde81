"""What every Mission Secrète screen stands on: the grid's geometry and the table around it.

The 5×5 grid sits in the middle; players (colour + shape + name, who is out, revealed
characters) on the left; the recap of missions (character → object) on the right; the
turn banner above. In play these rest in one cached layer (``still``), repainted only
where the public view, the swap in flight, the pick or the table changed; the screens
draw what moves over it.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Callable, Hashable, Sequence

import pygame

from ....ui.fit import fit_text, fit_wrapped
from ....ui.kit import shadowed
from ..rules.view import MSPublic

if TYPE_CHECKING:
    from .board import MissionBoard

#: The largest card in play; the grid shrinks below it to fit between the banner and the
#: hint bar of the safe area (126 px under the 10 % option).
PLAY_CELL, PLAY_GAP = 150, 12
#: Grid geometry once the match is over (on the 1920×1080 canvas, inside the 10 % area).
END_CELL, END_GAP, END_CENTER = 120, 10, (540, 560)
#: The turn banner's height; the room the hint bar takes at the bottom of the safe area
#: (61 px and its 4 px lift), with a gap; the gap between the grid and the side panels;
#: how far panels keep from the safe area's sides (their soft shadows stay inside).
BANNER_H, HINT_ROOM, SIDE_GAP, EDGE = 100, 80, 28, 12
#: The veil over the board while an accusation is read out (alpha).
REVEAL_VEIL = 190

Colour = Sequence[int]


def mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    r, g, b_ = (int(x + (y - x) * t) for x, y in zip(a, b))
    return r, g, b_


class MissionTable:
    """The grid, seat rows, banner and recap of one board, and the still layer of them."""

    def __init__(self, board: MissionBoard) -> None:
        self.board = board
        self.ctx = board.ctx
        #: What stays still between moves, painted once per change; and that under the veil.
        self.still, self.veiled = self.ctx.kit.layer(), self.ctx.kit.layer()

    # --- geometry --------------------------------------------------------------------------
    def play_grid(self) -> tuple[int, int, tuple[int, int]]:
        """(cell, gap, centre) of the grid in play: as large as fits between the banner and
        the hint bar, centred in the safe area."""
        safe, rows = self.ctx.kit.safe_rect, self.board.public.rows
        top, bottom = safe.y + EDGE + BANNER_H + 18, safe.bottom - HINT_ROOM
        gap = PLAY_GAP if bottom - top >= rows * PLAY_CELL else END_GAP
        cell = min(PLAY_CELL, (bottom - top - (rows - 1) * gap) // rows)
        return cell, gap, (safe.centerx, (top + bottom) // 2)

    def layout(self, alpha: float = 1.0) -> tuple[int, int, int, int]:
        """(left, top, cell, gap) of the grid: centred in play, to the left at the end."""
        board = self.board
        t = float(board.end_move.value(alpha)) if board.end_move is not None else 0.0
        play_cell, play_gap, play_center = self.play_grid()
        cell = play_cell + (END_CELL - play_cell) * t
        gap = play_gap + (END_GAP - play_gap) * t
        cx = play_center[0] + (END_CENTER[0] - play_center[0]) * t
        cy = play_center[1] + (END_CENTER[1] - play_center[1]) * t
        width = board.public.columns * cell + (board.public.columns - 1) * gap
        height = board.public.rows * cell + (board.public.rows - 1) * gap
        return int(cx - width / 2), int(cy - height / 2), int(cell), int(gap)

    def end_grid_right(self) -> int:
        """The grid's right edge once it has moved aside at the end."""
        columns = self.board.public.columns
        return END_CENTER[0] + (columns * END_CELL + (columns - 1) * END_GAP) // 2

    def grid_height(self) -> int:
        _left, _top, cell, gap = self.layout()
        return self.board.public.rows * cell + (self.board.public.rows - 1) * gap

    def cell_rect(self, index: int, alpha: float = 1.0) -> pygame.Rect:
        left, top, cell, gap = self.layout(alpha)
        r, c = divmod(index, self.board.public.columns)
        return pygame.Rect(left + c * (cell + gap), top + r * (cell + gap), cell, cell)

    def seats_panel(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The players' panel left of the grid and one row in it per seat."""
        kit = self.ctx.kit
        left, top, _cell, _gap = self.layout()
        x = kit.safe_rect.x + EDGE
        panel = pygame.Rect(x, top, left - x - SIDE_GAP, self.grid_height())
        row_h = min(170, (panel.height - 84) // max(1, self.board.seats))
        return panel, [pygame.Rect(panel.x + 14, panel.y + 76 + seat * row_h, panel.width - 28, row_h - 12)
                       for seat in range(self.board.seats)]

    def banner_rect(self) -> pygame.Rect:
        return pygame.Rect(self.ctx.kit.safe_rect.inflate(-2 * EDGE, 0).x, self.ctx.kit.safe_rect.y + EDGE,
                           self.ctx.kit.safe_rect.width - 2 * EDGE, BANNER_H)

    def recap_rect(self) -> pygame.Rect:
        left, top, cell, gap = self.layout()
        columns = self.board.public.columns
        grid_right = left + columns * cell + (columns - 1) * gap
        return pygame.Rect(grid_right + SIDE_GAP, top, self.ctx.kit.safe_rect.right - EDGE - grid_right - SIDE_GAP,
                           self.grid_height())

    # --- the still layer ---------------------------------------------------------------------
    def still_surface(self) -> pygame.Surface:
        return self.still.get(self.still_key(), self.paint_still, self.still_dirty)

    def veiled_surface(self) -> pygame.Surface:
        return self.veiled.get(self.still_key(), self.paint_veiled, self.still_dirty)

    def still_key(self) -> tuple[object, ...]:
        """Everything the still layer shows depends on (compared every frame: cheap)."""
        board, settings = self.board, self.ctx.settings
        return (board.public, board.swap[:2] if board.swap is not None else None, board.play.selected is None,
                board.accusation.accuser, tuple((seat.name, seat.style) for seat in self.ctx.seats), settings.lang,
                getattr(settings, "text_scale", 1.0), getattr(settings, "safe_area", 0.05))

    def paint_still(self, surface: pygame.Surface) -> None:
        """The still layer, or the part of it inside the surface's clip (what a swap or a
        turn changes: two cells, the banner, two seat rows)."""
        clip = surface.get_clip()
        self.ctx.kit.background(surface)
        left, top, cell, gap = self.layout()
        grid = pygame.Rect(left, top, self.board.public.columns * (cell + gap) - gap, self.grid_height())
        pieces: tuple[tuple[pygame.Rect, Callable[[], None]], ...] = ((shadowed(grid), lambda: self.draw_cards(surface, 1.0)),
                  (shadowed(self.banner_rect()), lambda: self.draw_banner(surface)),
                  (shadowed(self.seats_panel()[0]), lambda: self.draw_seats(surface)),
                  (shadowed(self.recap_rect()), lambda: self.draw_recap(surface)))
        for bounds, paint in pieces:
            if clip.colliderect(bounds):
                paint()

    def paint_veiled(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.blit(self.still_surface(), clip, clip)
        self.ctx.kit.dim(surface, REVEAL_VEIL)

    def still_dirty(self, old: Hashable, new: Hashable) -> list[pygame.Rect] | None:
        """Where two still layers differ (None: everywhere). A swap changes its two cells,
        the banner and the rows of the seats whose turn ends and starts."""
        assert isinstance(old, tuple) and isinstance(new, tuple)  # two still_key()s
        (was, was_moving, was_pick, was_accuser, *was_rest), (now, moving, pick, accuser, *rest) = old, new
        if was_rest != rest or (was.rows, was.columns, was.free_swap) != (now.rows, now.columns, now.free_swap):
            return None
        dirty = [shadowed(self.cell_rect(index)) for index in range(len(now.grid))
                 if was.grid[index] != now.grid[index]
                 or (index in (was_moving or ())) != (index in (moving or ()))]
        if (was.turn, was_pick) != (now.turn, pick):
            dirty.append(shadowed(self.banner_rect()))
        _panel, rows = self.seats_panel()
        for seat, row in enumerate(rows):
            if self._row_state(was, was_accuser, seat) != self._row_state(now, accuser, seat):
                dirty.append(row.inflate(8, 8))
        return dirty

    @staticmethod
    def _row_state(public: MSPublic, accuser: object, seat: int) -> tuple[object, ...]:
        last_swap = bool(public.swaps) and public.swaps[-1].seat == seat
        return public.out[seat], public.turn == seat, public.revealed.get(seat), accuser == seat, last_swap

    # --- the grid ------------------------------------------------------------------------------
    def draw_grid(self, surface: pygame.Surface, alpha: float) -> None:
        """The whole grid drawn directly: cards (winning lines glowing), then what moves."""
        self.draw_cards(surface, alpha, self.winning_cells())
        self.board.play.draw_grid_live(surface, alpha)

    def draw_cards(self, surface: pygame.Surface, alpha: float,
                   winning: set[int] | frozenset[int] = frozenset()) -> None:
        """The resting cards; an empty slot where a card is flying."""
        kit, c, board = self.ctx.kit, self.ctx.kit.colours, self.board
        moving = {board.swap[0], board.swap[1]} if board.swap is not None else set()
        glow = 0.5 + kit.motion(0.5 * math.sin((board.ticks + alpha) / 9))
        clip = surface.get_clip()
        for index, obj in enumerate(board.public.grid):
            rect = self.cell_rect(index, alpha)
            if not clip.colliderect(shadowed(rect)):
                continue
            if not clip.colliderect(rect):  # a neighbour in a partial repaint: its shadow alone reaches in
                if index not in moving:  # (an empty slot has no shadow)
                    kit.panel_shadow(surface, rect, radius=22)
                continue
            if index in moving:
                kit.panel(surface, rect, mix(c.panel, c.bg, 0.5), radius=22, shadow=False)
                continue
            border = mix(c.gold, c.accent, glow) if index in winning else None
            self.draw_card(surface, rect, obj, border)

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, obj: str,
                  border: tuple[int, int, int] | None = None, icon_width: int | None = None) -> None:
        """A card: its panel filling ``rect``, its object's pictogram ``icon_width`` wide
        (three quarters of the card's width unless said: a flying card's stays its
        resting size while the card swells, so a swap renders no pictogram afresh)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        neutral = self.board.catalogue.object(obj).neutral
        kit.panel(surface, rect, mix(c.panel_hi, c.panel, 0.5) if neutral else c.panel_hi, radius=22,
                  border=border, border_width=7 if border else 4)
        icon = kit.icon(self.board.catalogue.object(obj).icon, int((icon_width or rect.width) * 0.74))
        surface.blit(icon, icon.get_rect(center=rect.center))

    def winning_cells(self) -> set[int]:
        cells: set[int] = set()
        public = self.board.public
        if self.board.swap is not None:
            return cells
        for line in public.lines:
            if line.kind == "row":
                cells |= {line.index * public.columns + k for k in range(public.columns)}
            else:
                cells |= {k * public.columns + line.index for k in range(public.rows)}
        return cells

    def draw_cross(self, surface: pygame.Surface, center: tuple[int, int], size: float, veil: int = 0) -> None:
        if size <= 1:
            return
        colour = mix(self.ctx.kit.colours.bad, self.ctx.kit.colours.shadow, veil / 255)
        x, y = center
        for dx in (-1, 1):
            pygame.draw.line(surface, self.ctx.kit.colours.shadow, (x - size + 3, y - dx * size + 3),
                             (x + size + 3, y + dx * size + 3), 14)
            pygame.draw.line(surface, colour, (x - size, y - dx * size), (x + size, y + dx * size), 12)

    # --- around the grid ---------------------------------------------------------------------
    def draw_banner(self, surface: pygame.Surface) -> None:
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        board = self.board
        public = board.public
        if public.turn is None:
            return
        seat = self.ctx.seats[public.turn]
        style = kit.seat_style(seat.style)
        box = self.banner_rect()
        kit.panel(surface, box, style.dark, radius=30, border=style.colour)
        kit.seat_token(surface, seat.style, (box.x + 56, box.centery), 32)
        human = public.turn not in board.bots
        room = box.width - 104 - 30
        step_width = min(560, room * 2 // 5) if human else 0
        title = t("ms.turn.yours" if human else "ms.turn.other", name=seat.name)
        size, title = fit_text(kit, title, room - step_width - (30 if human else 0), (48, 44, 40, 36))
        kit.blit_text(surface, title, size, (box.x + 104, box.centery), "midleft", style.light, shadow=True)
        if human:
            step = t("ms.turn.pick" if board.play.selected is None else (
                "ms.turn.second" if public.free_swap else "ms.turn.direction"))
            kit.blit_text(surface, step, fit_wrapped(kit, step, step_width, 2, (30, 28)),
                          (box.right - 30, box.centery), "midright", c.text, max_width=step_width, align="right")

    def draw_seats(self, surface: pygame.Surface) -> None:
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        board = self.board
        accuser = board.accusation.accuser
        panel, rows = self.seats_panel()
        kit.panel(surface, panel, c.panel, radius=30)
        kit.blit_text(surface, t("ms.seats.title"), 36, (panel.centerx, panel.y + 18), "midtop", c.muted)
        clip = surface.get_clip()
        for seat, row in enumerate(rows):
            if not clip.colliderect(row.inflate(8, 8)):  # (a partial repaint: a row draws inside its rect)
                continue
            out = board.public.out[seat]
            turn = seat == board.public.turn
            style = kit.seat_style(self.ctx.seats[seat].style)
            kit.panel(surface, row, style.dark if turn else c.panel_hi, radius=22, shadow=False,
                      border=style.colour if turn else None)
            self.draw_seat_name(surface, seat, row, out)
            revealed = board.public.revealed.get(seat)
            if revealed is not None:  # on the status line, clear of the name
                icon = kit.icon(board.catalogue.character(revealed).icon, 56)
                surface.blit(icon, icon.get_rect(bottomright=(row.right - 12, row.bottom - 6)))
            # the last swapper's row is the legend of the cards marked with its shape (issue 28)
            swapped = self._row_state(board.public, accuser, seat)[-1]
            status = "ms.seats.out" if out else ("ms.seats.accusing" if seat == accuser else
                                                 "ms.seats.turn" if turn else
                                                 "ms.seats.last_swap" if swapped else "ms.seats.in")
            colour = c.bad if out else (c.accent if turn or seat == accuser else c.muted)
            kit.blit_text(surface, t(status), 30, (row.x + 20, row.bottom - 10), "bottomleft", colour)

    def draw_seat_name(self, surface: pygame.Surface, seat: int, row: pygame.Rect, out: bool) -> None:
        """The seat's shape and its name beside it, shrunk (then broken) to fit the row."""
        kit, player = self.ctx.kit, self.ctx.seats[seat]
        token = kit.seat_token(surface, player.style, (row.x + 48, row.y + 44), 30, out)
        size, name = fit_text(kit, player.name, row.right - 12 - token.right - 12, (34, 32, 30))
        colour = kit.colours.muted if out else kit.seat_style(player.style).light
        kit.blit_text(surface, name, size, (token.right + 12, row.y + 44), "midleft", colour, shadow=True)

    def draw_seat_marks(self, surface: pygame.Surface, veil: int = 0) -> None:
        """Over the seat rows: the crosses striking out a seat and the hold-to-accuse arcs.
        Under the reveal's veil their colours are pre-mixed with it (same look, no blend)."""
        board = self.board
        holds = board.accusation.holds
        if not board.struck and not holds:
            return
        _panel, rows = self.seats_panel()
        for seat, struck in board.struck.items():
            row = rows[seat]
            self.draw_cross(surface, (row.x + 48, row.y + 44), 40 * float(struck.value()), veil)
        board.accusation.draw_hold_arcs(surface, rows, veil)

    def draw_recap(self, surface: pygame.Surface) -> None:
        """The printed recap sheet: each character and the object it collects (public)."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        catalogue, lang = self.board.catalogue, self.board.lang()
        panel = self.recap_rect()
        kit.panel(surface, panel, c.panel, radius=30)
        kit.blit_text(surface, t("ms.recap.title"), 36, (panel.centerx, panel.y + 18), "midtop", c.muted)
        free_swap = t("ms.recap.free_swap") if self.board.public.free_swap else ""
        footer = kit.text(free_swap, 30, c.accent, panel.width - 40).get_height() + 24 if free_swap else 0
        row_h = (panel.height - 84 - footer) // max(1, len(catalogue.characters))
        picture = min(92, row_h - 30)
        text_x = panel.x + 28 + picture
        for k, character in enumerate(catalogue.characters):
            y = panel.y + 76 + k * row_h
            icon = kit.icon(character.icon, picture)
            surface.blit(icon, icon.get_rect(center=(panel.x + 16 + picture // 2, y + row_h // 2 - 6)))
            obj = catalogue.object(character.object)
            # the objects it collects along the bottom of its row, its name in what is left above
            image = kit.icon(obj.icon, min(52, (panel.right - 12 - text_x) // max(1, obj.count) - 4))
            for n in range(obj.count):
                surface.blit(image, image.get_rect(bottomleft=(text_x + n * (image.get_width() + 4), y + row_h - 10)))
            name, width = character.name(lang), panel.right - 14 - text_x
            lines = max(1, (row_h - image.get_height() - 14) // kit.font(30).get_linesize())
            kit.blit_text(surface, name, fit_wrapped(kit, name, width, lines, (30, 28)), (text_x, y), "topleft",
                          c.text, max_width=width)
        if free_swap:
            kit.blit_text(surface, free_swap, 30, (panel.centerx, panel.bottom - 14), "midbottom", c.accent,
                          max_width=panel.width - 40, align="center")
