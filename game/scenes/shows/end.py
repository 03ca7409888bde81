"""The end of a match as a show (:class:`EndShow`), one for every game: the podium rises
(the first three places; tied seats share a place and stand in rows on its column), the
scores count up, the winners get confetti in their colours, the fanfare and a rumble,
and the verdict (who won, how a tie was settled) is written only once the count has
reached it. A pad's CONFIRM or a phone's "Skip" hurries the show to its end; then the
end's choices are open: CONFIRM plays again, BACK goes back to the lobby, for pads and
phones alike. It is fed public results only (the places and scores of the outcome).

A game gives its standings (``game.ui.show.Standing``: seat, score, where the count
starts, place) and texts: :meth:`EndShow.title` or its own :meth:`EndShow.draw_frame`,
:meth:`EndShow.verdict` and :meth:`EndShow.hints`; :meth:`EndShow.confirm` and
:meth:`EndShow.back` say what the choices do (Incognito's CONFIRM opens its gallery).
The default :meth:`EndShow.draw` lays it out in the room the frame leaves: the verdict
on top, the podium on the left and the ranking of every seat on the right. A game
whose end is not a podium (Mission Secrète's card of who was who) draws its own and
keeps the show's timing, confetti and choices.
"""

from __future__ import annotations

from typing import TypeVar

import pygame

from ...input.intents import InputEvent, Intent
from ...ui.fit import fit_text, fit_wrapped
from ...ui.theme import TOKEN_RADIUS
from ..board.section import PhasedView
from .celebration import Celebration

V = TypeVar("V", bound=PhasedView)

#: The verdict's sizes (the largest whose lines fit), and at most how many lines it takes.
VERDICT_SIZES, VERDICT_LINES = (52, 46, 40, 36, 32), 3
#: Between the verdict and what is under it; between the podium and the ranking.
GAP, RANKING_GAP = 16, 24
#: A ranking row's name sizes, largest first: those whose line with this margin (an
#: accent, the shadow) is taller than the row are left out.
NAME_SIZES, NAME_MARGIN = (40, 36, 32), 8
#: A ranking row's height at most, the larger names a row taller than 100 px may take:
#: three seats' rows stand tall in the middle of the podium's height rather than leave
#: the lower half of the screen's right side bare (the layout check's ``empty``).
ROW_MAX, TALL_NAME_SIZES = 140, (52, 46)
#: How far the default frame keeps from the safe area's sides: the ranking's panels' soft
#: shadows stay inside it.
EDGE = 12


class EndShow(Celebration[V]):
    name = "end"

    # --- flags -----------------------------------------------------------------------------------
    @property
    def bots_play(self) -> bool:
        return False  # the match is over

    @property
    def end_choices(self) -> bool:
        return not self.running

    @property
    def verdict_shown(self) -> bool:
        """The count has reached its end (or was skipped): the verdict is written."""
        return not self.running

    # --- input -----------------------------------------------------------------------------------
    def handle(self, seat: int, event: InputEvent) -> bool:
        if super().handle(seat, event):
            return True
        if not self.press(event) or not self.end_choices:
            return False
        if event.intent is Intent.CONFIRM:
            return self.confirm()
        if event.intent is Intent.BACK:
            return self.back()
        return False

    def confirm(self) -> bool:
        """CONFIRM once the show is over (a phone's "again" finishes the match the same way)."""
        self.board.finish(again=True)
        return True

    def back(self) -> bool:
        """BACK once the show is over (a phone's "lobby")."""
        self.board.finish(again=False)
        return True

    # --- the game's texts ----------------------------------------------------------------------
    def title(self, view: V) -> str:
        """The title over the show (drawn by the default :meth:`draw_frame`)."""
        return ""

    def verdict(self, view: V) -> str:
        """Who won, and how a tie was settled (lines may break with ``\\n``)."""
        return ""

    def hints(self) -> list[tuple[Intent, str]]:
        """The hint bar: skip while the show runs, the choices after."""
        return []

    # --- drawing ------------------------------------------------------------------------------
    def draw_frame(self, surface: pygame.Surface, view: V, alpha: float) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The title (in gold at the top of the safe area); returns the room left above the
        hint bar, :data:`EDGE` in from the safe area's sides, and what the confetti keeps
        out of (the title: no panel behind it)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        safe = kit.safe_rect
        top, kept = safe.y, []
        title = self.title(view)
        if title:
            size, title = fit_text(kit, title, safe.width, (64, 56, 48))
            kept.append(kit.blit_text(surface, title, size, (safe.centerx, safe.y + 10), "midtop", c.gold, shadow=True))
            top = kept[0].bottom + GAP
        return pygame.Rect(safe.x + EDGE, top, safe.width - 2 * EDGE, kit.hint_bar_top() - GAP - top), kept

    def draw(self, surface: pygame.Surface, view: V, alpha: float) -> None:
        """The verdict over the podium (left) and the ranking (right) in the frame's room
        (module doc); the confetti falls from under the verdict past the podium, never
        over or behind a letter, and behind the ranking's rows."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        area, kept = self.draw_frame(surface, view, alpha)
        said = self.verdict(view)
        verdict = kit.text(said, fit_wrapped(kit, said, area.width, VERDICT_LINES, VERDICT_SIZES), c.gold,
                           max_width=area.width, align="center", shadow=True) if said else None
        top = area.y + (verdict.get_height() + GAP if verdict is not None else 0)
        podium = pygame.Rect(area.x, top, area.width // 2, area.bottom - top)
        if self.show is not None:
            kept += self.show.draw_podium(surface, podium, alpha)
        if verdict is not None and self.verdict_shown:
            surface.blit(verdict, verdict.get_rect(midtop=(area.centerx, area.y)))
        # the confetti falls from under the verdict's line (written or not yet): no disc is cut by it
        kept.append(pygame.Rect(0, 0, kit.W, top - GAP))
        self.draw_confetti(surface, alpha, keep_out=kept)
        if self.show is not None:
            self.draw_ranking(surface, pygame.Rect(podium.right + RANKING_GAP, top,
                                                   area.right - podium.right - RANKING_GAP, area.bottom - top), alpha)
        hints = self.hints()
        if hints:
            kit.hint_bar(surface, hints)

    def draw_ranking(self, surface: pygame.Surface, rect: pygame.Rect, alpha: float) -> None:
        """Every seat, best place first: a row each with its place, shape, name and
        counting score (the first places in gold), the rows together in the middle of
        ``rect``'s height; a name's line no taller than its row (eight rows under a long
        verdict at the largest text size are short)."""
        assert self.show is not None
        kit, c = self.ctx.kit, self.ctx.kit.colours
        standings = self.show.standings
        height = min(ROW_MAX, (rect.height - 10 * (len(standings) - 1)) // len(standings))
        offered = (TALL_NAME_SIZES if height > 100 else ()) + NAME_SIZES
        sizes = tuple(size for size in offered if kit.font(size).get_height() + NAME_MARGIN <= height) \
            or NAME_SIZES[-1:]
        top = rect.y + (rect.height - len(standings) * height - 10 * (len(standings) - 1)) // 2
        for k, standing in enumerate(standings):
            row = pygame.Rect(rect.x, top + k * (height + 10), rect.width, height)
            player = self.ctx.seats[standing.seat]
            style = kit.seat_style(player.style)
            first = standing.place == 1
            kit.panel(surface, row, c.panel_hi if first else c.panel, radius=22, border=c.gold if first else style.colour)
            x = kit.blit_text(surface, f"{standing.place}.", 44, (row.x + 20, row.centery), "midleft", c.gold).right + 16
            radius = max(TOKEN_RADIUS, min(40, row.height // 3))  # (48 px at least: issue 28)
            token = kit.seat_token(surface, player.style, (x + radius, row.centery), radius)
            shown = kit.blit_text(surface, str(self.count(standing.seat, alpha)), min(60, row.height // 2),
                                  (row.right - 110, row.centery), "midright", c.gold)
            size, name = fit_text(kit, player.name, shown.x - 24 - token.right - 12, sizes)
            kit.blit_text(surface, name, size, (token.right + 12, row.centery), "midleft", style.light, shadow=True)
