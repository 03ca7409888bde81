"""The round summary (the ``summary`` phase, after the reveal): for every seat the
character it had, how many opponents guessed it, how many of theirs it guessed right,
its points, its SI-8 catch-up cards and the words linking its clue to its character,
with a check once it is ready for the next round. All of it is public once the round is
scored.

The table fills the room between the score track and the hint bar, inside the safe
area whatever its size: its columns share the box's width and its rows its height."""

from __future__ import annotations

from functools import partial
from typing import Any, Callable

import pygame

from ....ui.fit import fit_text as fit_words
from ....ui.fit import fit_wrapped, smallest_size
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import CompetitivePublic
from .clue_links import draw_clue_links, draw_links_header, links_width
from .portrait import portrait
from .widgets import HINT_ROOM, PANEL_INSET, TRACK_ROOM, draw_hand_count, fit_text

#: Column widths (px) left of the clue links: who, character, guessed by, right guesses,
#: points, catch-up cards (only when someone got some).
WHO_W, CHARACTER_W, COUNT_W, POINTS_W, CATCH_UP_W = 290, 300, 150, 110, 130
#: The tallest a row gets when there is room to spare (two lines of 28 px words with room
#: around them), and the room a row keeps around its tallest cell.
ROW_MAX, ROW_PAD = 96, 14
#: The title's sizes over the who and character columns' headers (a narrow box).
TITLE_SIZES = (44, 40, 36, 32, 28)
#: A box narrower than this (the wide safe area) sizes its who, character and count
#: columns to what they hold (never wider than above), leaving the rest to the clue links,
#: whose words would otherwise break inside a word.
NARROW_BOX = 1700
#: The clue links' least width when the who and character columns widen to put names on
#: one line (narrow box).
LINKS_MIN = 480
#: Room in a character's column besides its name (portrait, gaps); in the who column
#: besides a seat's name (check, shape, gaps).
CHARACTER_FRAME, WHO_FRAME = 52 + 8 + 12, 96


class RoundSummary:
    """Draws ``public.last`` as a table over the ring; ``name(seat)`` names the seats."""

    def __init__(self, ctx: Any, catalogue: Any, name: Callable[[int], str]) -> None:
        self.ctx = ctx
        self.catalogue = catalogue
        self.name = name

    def box(self) -> pygame.Rect:
        """The table's panel: the safe area's width (less the panels' shadow), between the
        track and the hint bar."""
        safe = self.ctx.kit.safe_rect
        top = safe.y + TRACK_ROOM - 8
        return pygame.Rect(safe.x + PANEL_INSET, top, safe.width - 2 * PANEL_INSET, safe.bottom - HINT_ROOM - top)

    def widths(self, result: Any, box: pygame.Rect, links_need: int = 0) -> tuple[int, int, int]:
        """The who, character and count columns' widths: WHO_W, CHARACTER_W and COUNT_W,
        or in a narrow box what their words need at 28 px drawn (the count headers a word a
        line): a seat's and a character's name on one line where the clue links keep
        ``links_need`` px (what the longest takes on one line; LINKS_MIN at least), the
        layout with the fewest rows of two lines (rows of one line leave the two-line ones
        room to breathe), else on two lines at most, a seat's broken at a hyphen, a
        character's at a space; no more than those widths."""
        if box.width >= NARROW_BOX:
            return WHO_W, CHARACTER_W, COUNT_W
        kit, t, lang = self.ctx.kit, self.ctx.t, self.ctx.settings.lang
        font = kit.font(smallest_size(kit))
        seats = len(result.keys)
        people = [self.name(seat) for seat in range(seats)]
        names = [self.catalogue.character(result.board[result.keys[seat] - 1]).name(lang) for seat in range(seats)]
        words = [word for key in ("found_by", "found") for word in t(f"si.summary.{key}").split()]
        count = min(COUNT_W, max(max(font.size(word)[0] for word in words), kit.font(36).size("8/8")[0]) + 12)
        links = box.width - 48 - 2 * count - POINTS_W - (CATCH_UP_W if any(result.catch_up) else 0)
        two_who = min(WHO_W, max(_two_line_width(font, name) for name in people) + WHO_FRAME)
        two_character = min(CHARACTER_W, max(_two_line_width(font, name, " ") for name in names) + CHARACTER_FRAME)
        one_who = max(two_who, max(font.size(name)[0] for name in people) + WHO_FRAME)
        one_character = max(two_character, max(font.size(name)[0] for name in names) + CHARACTER_FRAME)
        fits = [(who, character) for who, character in ((one_who, one_character), (one_who, two_character),
                                                         (two_who, one_character))
                if links - who - character >= max(LINKS_MIN, links_need)]
        if not fits:
            return two_who, two_character, count

        def rows_of_two(who: int, character: int) -> int:
            return sum(font.size(person)[0] > who - WHO_FRAME or font.size(name)[0] > character - CHARACTER_FRAME
                       for person, name in zip(people, names))
        who, character = min(fits, key=lambda pair: rows_of_two(*pair))  # (the first of the fewest)
        return who, character, count

    def draw(self, surface: pygame.Surface, public: CompetitivePublic) -> None:
        """Who had whom, who found whom, points, catch-up cards (SI-8)."""
        result = public.last
        if result is None:
            return
        seats = len(public.seats)
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        box = self.box()
        kit.panel(surface, box, (*c.panel, 250), radius=36, border=c.gold)
        x = box.x + 24
        links_need = max(map(partial(links_width, self.ctx), public.clue_links), default=0)
        who_w, character_w, count_w = self.widths(result, box, links_need)
        header_lines = 2 * kit.font(28).get_linesize()
        words = t("si.summary.title", n=result.round)
        if box.width >= NARROW_BOX:
            title = kit.blit_text(surface, words, 44, (box.centerx, box.y + 12), "midtop", c.gold)
            header_bottom = title.bottom + 8 + header_lines
        else:  # the title over the who and character columns' headers: its line goes to the rows
            width, line = who_w + character_w - 12, kit.font(28).get_linesize()
            size = next((size for size in TITLE_SIZES if kit.font(size).size(words)[0] <= width
                         and kit.font(size).get_linesize() <= header_lines - line), TITLE_SIZES[-1])
            title = kit.blit_text(surface, words, size, (x, box.y + 12), "topleft", c.gold, max_width=width)
            header_bottom = max(title.bottom + line, box.y + 12 + header_lines)
        columns = {"character": x + who_w, "found_by": x + who_w + character_w,
                   "found": x + who_w + character_w + count_w, "points": x + who_w + character_w + 2 * count_w}
        links_x = columns["points"] + POINTS_W
        if any(result.catch_up):
            columns["catch_up"] = links_x
            links_x += CATCH_UP_W
        for key, left in columns.items():
            words = t(f"si.summary.{key}")
            width = (character_w if key == "character" else links_x - left if key == "catch_up" else
                     POINTS_W if key == "points" else count_w) - 12
            anchor, spot = ("bottomleft", (left, header_bottom)) if key == "character" else \
                ("midbottom", (left + width // 2, header_bottom))
            kit.blit_text(surface, words, fit_wrapped(kit, words, width, 2, (28,)), spot, anchor, c.muted,
                          max_width=width, align="left" if key == "character" else "center")
        links_w = box.right - 24 - links_x
        draw_links_header(surface, self.ctx, (links_x, header_bottom), links_w)
        names = [fit_words(kit, self.name(seat), who_w - 96, (30, 28)) for seat in range(seats)]
        characters = [self.catalogue.character(result.board[result.keys[seat] - 1]) for seat in range(seats)]
        icon_size = 52
        character_words = [self._character_words(character, columns, x + who_w + icon_size + 8)
                           for character in characters]
        needs = [max(icon_size, kit.text("8/8", 36).get_height(), kit.text(name, size).get_height(),
                     kit.text(words, size_c).get_height()) + ROW_PAD
                 for (size, name), (size_c, words) in zip(names, character_words)]
        heights = row_heights(needs, box.bottom - 12 - header_bottom - 6)
        opponents = seats - 1
        top = header_bottom + 6
        for seat in range(seats):
            row = heights[seat]
            y = top + row // 2
            if public.clue_links:  # the words linking each clue to its character (issue 16 item 3)
                draw_clue_links(surface, self.ctx, public.clue_links[seat], pygame.Rect(links_x, top, links_w, row))
            top += row
            style = self.ctx.seats[seat].style
            if public.seats[seat].ready:
                kit.draw_check(surface, (x + 14, y), 30, c.good)
            kit.seat_token(surface, style, (x + 56, y), TOKEN_RADIUS)
            # a long name in two lines (broken at its hyphen), as the character's beside it
            size, name = names[seat]
            kit.blit_text(surface, name, size, (x + 88, y), "midleft", kit.seat_style(style).light)
            icon = portrait(kit, self.catalogue.kit, characters[seat], min(icon_size, row - 12))
            surface.blit(icon, icon.get_rect(midleft=(columns["character"], y)))
            size, words = character_words[seat]
            kit.blit_text(surface, words, size, (x + who_w + icon_size + 8, y), "midleft", c.text)
            for key, value in (("found_by", result.guessed_by[seat]), ("found", result.found[seat])):
                kit.blit_text(surface, f"{value}/{opponents}", 36, (columns[key] + (count_w - 12) // 2, y), "center",
                              c.text)
            kit.blit_text(surface, f"+{result.points[seat]}", 38, (columns["points"] + (POINTS_W - 12) // 2, y),
                          "center", c.gold)
            if result.catch_up[seat]:
                draw_hand_count(surface, self.ctx, result.catch_up[seat], (columns["catch_up"] + 40, y), prefix="+")

    def _character_words(self, character: Any, columns: dict[str, int], left: int) -> tuple[int, str]:
        """``(size, text)``: a character's name from ``left`` to its column's end, two
        lines at most (shortened past that)."""
        kit = self.ctx.kit
        size, words = fit_words(kit, character.name(self.ctx.settings.lang), columns["found_by"] - 12 - left, (28,))
        lines = words.split("\n")
        if len(lines) > 2:  # two lines fit a row; past that, shorten
            words = f"{lines[0]}\n{fit_text(kit, ' '.join(lines[1:]), size, columns['found_by'] - 12 - left)}"
        return size, words


def row_heights(needs: list[int], room: int) -> list[int]:
    """The rows' heights in ``room``: what each needs (its tallest cell and ROW_PAD), the
    room left shared evenly (no row taller than ROW_MAX unless it needs it); when they
    need more than there is, each in proportion to its need."""
    total = sum(needs)
    if total > room:
        return [room * need // total for need in needs]
    spare = room - total
    heights = list(needs)
    while spare > 0:
        growing = [i for i, height in enumerate(heights) if height < ROW_MAX]
        if not growing:
            break
        step = max(1, spare // len(growing))
        for i in growing:
            add = min(step, ROW_MAX - heights[i], spare)
            heights[i] += add
            spare -= add
    return heights


def _two_line_width(font: pygame.font.Font, text: str, breaks: str = " -") -> int:
    """The narrowest width ``text`` takes on two lines at most, broken after one of
    ``breaks`` (its width on one line when it has none)."""
    best = font.size(text)[0]
    for cut in (i + 1 for i, ch in enumerate(text[:-1]) if ch in breaks):
        best = min(best, max(font.size(text[:cut].rstrip())[0], font.size(text[cut:])[0]))
    return best
