"""The line-up (IN-3) and the vote (IN-4): the six words come up on their tiles, then
every drawing is shown with its seat's progress while the voters number them in the
ring (``vote_ring.py``), which shows only to the seat holding PEEK."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....input.intents import InputEvent, Intent
from ....scenes.board import Section
from ....scenes.phone_seats import draw_phone_mark
from ....ui.fit import fit_words
from ....ui.theme import MIN_MARK
from ..rules.view import IncognitoPublic
from .layout import grid

if TYPE_CHECKING:
    from .board import IncognitoBoard

LINEUP_TICKS = 200


def lineup_explanation(text: Any, public: Any) -> str:
    """What the line-up holds at this table: the decoys fill the 6 tiles beyond the
    players' words, so a full table of 6 has none (IN-3). ``text`` is the board's ``text``."""
    decoys = len(public.lineup) - public.seats
    suffix = "_none" if decoys == 0 else ""
    return str(text(f"incognito.lineup.explain{suffix}", n=decoys))


#: A line-up tile's height, least and most (px).
TILE_HEIGHTS = (300, 460)


def tiles(area: pygame.Rect, count: int, gap: int = 14) -> list[pygame.Rect]:
    """``count`` word tiles side by side across ``area`` (at most 274 px each), centred;
    only their x and width matter."""
    width = min(274, (area.width - 24 - gap * (count - 1)) // max(1, count))
    left = area.centerx - (count * width + gap * (count - 1)) // 2
    return [pygame.Rect(left + i * (width + gap), area.y, width, 0) for i in range(count)]


class LineupSection(Section[IncognitoPublic]):
    name = "lineup"
    bots_play = False
    board: IncognitoBoard

    def fixed_update(self) -> None:
        super().fixed_update()
        if self.ticks >= LINEUP_TICKS:
            self.board.show(VoteSection(self.board))

    def handle(self, seat: int, event: InputEvent) -> bool:
        if self.press(event) and event.intent is Intent.CONFIRM:
            self.board.show(VoteSection(self.board))
            return True
        return False

    def draw(self, surface: pygame.Surface, public: IncognitoPublic, alpha: float) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        board.top_bar(surface, public, board.text("incognito.lineup.title"))
        content = board.content
        said = kit.blit_text(surface, lineup_explanation(board.text, public), 40, (content.centerx, content.y),
                             "midtop", c.text, max_width=content.width - 48, align="center")
        # the tiles as tall as the room under the explanation lets them (a bare band above and
        # under 300 px tiles before), their words as large as a tile's width lets them
        height = max(TILE_HEIGHTS[0], min(TILE_HEIGHTS[1], content.bottom - said.bottom - 48))
        for i, (word, spot) in enumerate(zip(public.lineup, tiles(content, len(public.lineup)))):
            t = kit.cut(min(1.0, max(0.0, (self.ticks + alpha - 10 * i) / 24)))
            rect = pygame.Rect(0, 0, spot.width, int(height * t) or 1)
            rect.center = (spot.centerx, (said.bottom + content.bottom) // 2)
            self.draw_tile(surface, rect, i + 1, word, 52)
        kit.hint_bar(surface, [(Intent.CONFIRM, board.text("incognito.hint.to_votes"))])

    def draw_tile(self, surface: pygame.Surface, rect: pygame.Rect, number: int, word: str, size: int) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        kit.panel(surface, rect, c.panel_hi, radius=22, border=c.gold, border_width=5)
        if rect.height < 60:
            return
        badge = (rect.centerx, rect.y + min(56, rect.height // 3))
        kit.draw_shape(surface, "circle", c.gold, badge, min(40, rect.height // 4))
        kit.blit_text(surface, str(number), min(48, rect.height // 3), badge, "center", c.shadow)
        name, size = fit_words(kit, self.board.word_name(word), size, rect.width - 20)
        kit.blit_text(surface, name, size, (rect.centerx, (badge[1] + rect.bottom) // 2 + 10),
                      "center", c.text, max_width=rect.width - 20, align="center")


class VoteSection(Section[IncognitoPublic]):
    name = "vote"
    board: IncognitoBoard

    def enter(self) -> None:
        self.board.open_ring()

    def draw(self, surface: pygame.Surface, public: IncognitoPublic, alpha: float) -> None:
        board, kit = self.board, self.ctx.kit
        board.top_bar(surface, public, board.text("incognito.vote.title"), alpha)
        # under a peek the ring's slots are the words: the tiles would only be a dim copy under its veil
        if board.ring is None or board.ring.peeker is None:
            self.draw_tiles(surface, public)
        content = board.content
        cells = grid(board.n, pygame.Rect(content.x, content.y + 98, content.width, content.height - 98))
        for seat_index, cell in enumerate(cells):
            self.draw_cell(surface, public, seat_index, cell)
        kit.hint_bar(surface, [(Intent.PEEK, board.text("incognito.hint.vote"))], size=30)

    def draw_tiles(self, surface: pygame.Surface, public: Any) -> None:
        """The line-up's numbered words in a row along the top of the content."""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        for i, (word, spot) in enumerate(zip(public.lineup, tiles(board.content, len(public.lineup)))):
            rect = pygame.Rect(spot.x, board.content.y, spot.width, 88)
            kit.panel(surface, rect, c.panel_hi, radius=20, border=c.gold, border_width=4, shadow=False)
            kit.draw_shape(surface, "circle", c.gold, (rect.x + 44, rect.centery), 30)
            kit.blit_text(surface, str(i + 1), 40, (rect.x + 44, rect.centery), "center", c.shadow)
            name, size = fit_words(kit, board.word_name(word), 32, rect.width - 96)
            kit.blit_text(surface, name, size, (rect.x + 86, rect.centery), "midleft", c.text, max_width=rect.width - 96)

    def draw_cell(self, surface: pygame.Surface, public: Any, seat_index: int, cell: pygame.Rect) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        seat = board.seat(seat_index)
        style = kit.seat_style(seat.style)
        complete = public.voted[seat_index] >= board.n - 1
        kit.panel(surface, cell, c.panel, radius=22, border=c.good if complete else style.colour, border_width=5,
                  shadow=False)
        kit.draw_seat_badge(surface, seat, (cell.x + 38, cell.y + 34), MIN_MARK, beside=True, name_size=30)
        progress = f"{public.voted[seat_index]}/{board.n - 1}"
        shown = kit.blit_text(surface, progress, 30, (cell.right - 20, cell.y + 34), "midright",
                              c.good if complete else c.muted)
        board.draw_thinking(surface, seat_index, (shown.x - 44, shown.centery), 32)
        if not complete:
            draw_phone_mark(self.ctx, surface, seat_index, (shown.x - 44, shown.centery), 36)  # it votes on its phone
        width = min(cell.width - 24, int((cell.height - 110) * 4 / 3))
        drawing = board.cache(("now", seat_index), board.last_drawings(public)[seat_index], width)
        rect = drawing.get_rect(midtop=(cell.centerx, cell.y + 56))
        surface.blit(drawing, rect)
        place = public.places[seat_index] if public.places else None
        if place:
            kit.blit_text(surface, board.place_name(place), 28, (cell.centerx, rect.bottom + 6), "midtop", c.muted,
                          max_width=cell.width - 24, align="center")
