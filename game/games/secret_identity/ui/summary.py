"""The round summary (the ``summary`` phase, after the reveal): for every seat the
character it had, how many found it, how many it found, its points, its SI-8
catch-up cards and the words linking its clue to its character, with a check once it is ready for the next round. All of it is public
once the round is scored."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from ....scenes.ring import RING_CENTER
from ..rules.view import CompetitivePublic
from .clue_links import LINKS_WIDTH, draw_clue_links, draw_links_header
from .portrait import portrait
from .widgets import FALLBACK_ICON, draw_hand_count, fit_text


class RoundSummary:
    """Draws ``public.last`` as a table over the ring; ``name(seat)`` names the seats."""

    def __init__(self, ctx: Any, catalogue: Any, name: Callable[[int], str]) -> None:
        self.ctx = ctx
        self.catalogue = catalogue
        self.name = name

    def draw(self, surface: pygame.Surface, public: CompetitivePublic) -> None:
        """Who had whom, who found whom, points, catch-up cards (SI-8)."""
        result = public.last
        if result is None:
            return
        seats = len(public.seats)
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        result = public.last
        row = 72
        box = pygame.Rect(0, 0, 900 + LINKS_WIDTH, 170 + row * seats)
        box.center = (RING_CENTER[0], RING_CENTER[1] + 6)
        kit.panel(surface, box, (*c.panel, 250), radius=36, border=c.gold)
        kit.blit_text(surface, t("si.summary.title", n=result.round), 44, (box.centerx, box.y + 18), "midtop", c.gold)
        columns = {"found_by": 556, "found": 660, "points": 764}
        kit.blit_text(surface, t("si.summary.character"), 28, (box.x + 270, box.y + 118), "midleft", c.muted)
        if any(result.catch_up):
            columns["catch_up"] = 860
        for key, x in columns.items():
            kit.blit_text(surface, t(f"si.summary.{key}"), 28, (box.x + x, box.y + 136), "midbottom", c.muted,
                          max_width=96, align="center")
        draw_links_header(surface, self.ctx, (box.x + 920, box.y + 136))
        for seat in range(seats):
            y = box.y + 150 + seat * row + row // 2
            if public.clue_links:  # the words linking each clue to its character (issue 16 item 3)
                draw_clue_links(surface, self.ctx, public.clue_links[seat],
                                pygame.Rect(box.x + 920, y - row // 2, LINKS_WIDTH - 40, row))
            style = self.ctx.seats[seat].style
            if public.seats[seat].ready:
                kit.draw_check(surface, (box.x + 26, y), 30, c.good)
            kit.seat_token(surface, style, (box.x + 66, y), 22)
            kit.blit_text(surface, fit_text(kit, self.name(seat), 30, 160), 30, (box.x + 96, y), "midleft",
                          kit.seat_style(style).light)
            character = self.catalogue.character(result.board[result.keys[seat] - 1])
            icon = portrait(kit, character, self.ctx.settings.lang, 52, FALLBACK_ICON)
            surface.blit(icon, icon.get_rect(midleft=(box.x + 262, y)))
            name = character.name(self.ctx.settings.lang)
            if len(kit.wrap(name, 28, 200)) > 2:  # two lines fit a row; past that, shorten
                name = fit_text(kit, name, 28, 200)
            kit.blit_text(surface, name, 28, (box.x + 320, y), "midleft", c.text, max_width=200)
            kit.blit_text(surface, str(result.guessed_by[seat]), 36, (box.x + columns["found_by"], y), "center", c.text)
            kit.blit_text(surface, str(result.found[seat]), 36, (box.x + columns["found"], y), "center", c.text)
            kit.blit_text(surface, f"+{result.points[seat]}", 38, (box.x + columns["points"], y), "center", c.gold)
            if result.catch_up[seat]:
                draw_hand_count(surface, self.ctx, result.catch_up[seat], (box.x + columns["catch_up"], y), prefix="+")

