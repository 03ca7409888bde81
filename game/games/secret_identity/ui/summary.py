"""The round summary (the ``summary`` phase, after the reveal): for every seat the
character it had, how many opponents guessed it, how many of theirs it guessed right,
its points, its SI-8 catch-up cards and the words linking its clue to its character,
with a check once it is ready for the next round. All of it is public once the round is
scored.

The table fills the room between the score track and the hint bar, inside the safe
area whatever its size: its columns share the box's width and its rows its height."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ....ui.fit import fit_text as fit_words
from ....ui.fit import fit_wrapped, smallest_size
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import CompetitivePublic
from .clue_links import draw_clue_links, draw_links_header
from .portrait import portrait
from .widgets import HINT_ROOM, PANEL_INSET, TRACK_ROOM, draw_hand_count, fit_text

#: Column widths (px) left of the clue links: who, character, guessed by, right guesses,
#: points, catch-up cards (only when someone got some).
WHO_W, CHARACTER_W, COUNT_W, POINTS_W, CATCH_UP_W = 290, 300, 150, 110, 130
#: The tallest a row gets (two lines of 28 px words with room around them).
ROW_MAX = 80
#: A box narrower than this (the wide safe area) sizes its who, character and count
#: columns to what they hold (never wider than above), leaving the rest to the clue links,
#: whose words would otherwise break inside a word.
NARROW_BOX = 1700
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

    def widths(self, result: Any, box: pygame.Rect) -> tuple[int, int, int]:
        """The who, character and count columns' widths: WHO_W, CHARACTER_W and COUNT_W,
        or in a narrow box what their words need at 28 px drawn (a seat's name on two
        lines at most broken at a hyphen, a character's at a space, the count headers a
        word a line), no more than those."""
        if box.width >= NARROW_BOX:
            return WHO_W, CHARACTER_W, COUNT_W
        kit, t, lang = self.ctx.kit, self.ctx.t, self.ctx.settings.lang
        font = kit.font(smallest_size(kit))
        seats = len(result.keys)
        who = max(_two_line_width(font, self.name(seat)) for seat in range(seats)) + WHO_FRAME
        names = [self.catalogue.character(result.board[result.keys[seat] - 1]).name(lang) for seat in range(seats)]
        character = max(_two_line_width(font, name, " ") for name in names) + CHARACTER_FRAME
        words = [word for key in ("found_by", "found") for word in t(f"si.summary.{key}").split()]
        count = max(max(font.size(word)[0] for word in words), kit.font(36).size("8/8")[0]) + 12
        return min(WHO_W, who), min(CHARACTER_W, character), min(COUNT_W, count)

    def draw(self, surface: pygame.Surface, public: CompetitivePublic) -> None:
        """Who had whom, who found whom, points, catch-up cards (SI-8)."""
        result = public.last
        if result is None:
            return
        seats = len(public.seats)
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        box = self.box()
        kit.panel(surface, box, (*c.panel, 250), radius=36, border=c.gold)
        title = kit.blit_text(surface, t("si.summary.title", n=result.round), 44, (box.centerx, box.y + 12), "midtop",
                              c.gold)
        x = box.x + 24
        who_w, character_w, count_w = self.widths(result, box)
        columns = {"character": x + who_w, "found_by": x + who_w + character_w,
                   "found": x + who_w + character_w + count_w, "points": x + who_w + character_w + 2 * count_w}
        links_x = columns["points"] + POINTS_W
        if any(result.catch_up):
            columns["catch_up"] = links_x
            links_x += CATCH_UP_W
        header_bottom = title.bottom + 8 + 2 * kit.font(28).get_linesize()
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
        row = min(ROW_MAX, (box.bottom - 12 - header_bottom) // max(1, seats))
        opponents = seats - 1
        for seat in range(seats):
            y = header_bottom + 6 + seat * row + row // 2
            if public.clue_links:  # the words linking each clue to its character (issue 16 item 3)
                draw_clue_links(surface, self.ctx, public.clue_links[seat], pygame.Rect(links_x, y - row // 2, links_w,
                                                                                       row))
            style = self.ctx.seats[seat].style
            if public.seats[seat].ready:
                kit.draw_check(surface, (x + 14, y), 30, c.good)
            kit.seat_token(surface, style, (x + 56, y), TOKEN_RADIUS)
            # a long name in two lines (broken at its hyphen), as the character's beside it
            size, name = fit_words(kit, self.name(seat), who_w - 96, (30, 28))
            kit.blit_text(surface, name, size, (x + 88, y), "midleft", kit.seat_style(style).light)
            character = self.catalogue.character(result.board[result.keys[seat] - 1])
            icon = portrait(kit, self.catalogue.kit, character, min(52, row - 12))
            placed = surface.blit(icon, icon.get_rect(midleft=(columns["character"], y)))
            size, words = fit_words(kit, character.name(self.ctx.settings.lang),
                                    columns["found_by"] - 12 - (placed.right + 8), (28,))
            lines = words.split("\n")
            if len(lines) > 2:  # two lines fit a row; past that, shorten
                words = f"{lines[0]}\n{fit_text(kit, ' '.join(lines[1:]), size, columns['found_by'] - 20 - placed.right)}"
            kit.blit_text(surface, words, size, (placed.right + 8, y), "midleft", c.text)
            for key, value in (("found_by", result.guessed_by[seat]), ("found", result.found[seat])):
                kit.blit_text(surface, f"{value}/{opponents}", 36, (columns[key] + (count_w - 12) // 2, y), "center",
                              c.text)
            kit.blit_text(surface, f"+{result.points[seat]}", 38, (columns["points"] + (POINTS_W - 12) // 2, y),
                          "center", c.gold)
            if result.catch_up[seat]:
                draw_hand_count(surface, self.ctx, result.catch_up[seat], (columns["catch_up"] + 40, y), prefix="+")


def _two_line_width(font: pygame.font.Font, text: str, breaks: str = " -") -> int:
    """The narrowest width ``text`` takes on two lines at most, broken after one of
    ``breaks`` (its width on one line when it has none)."""
    best = font.size(text)[0]
    for cut in (i + 1 for i, ch in enumerate(text[:-1]) if ch in breaks):
        best = min(best, max(font.size(text[:cut].rstrip())[0], font.size(text[cut:])[0]))
    return best
