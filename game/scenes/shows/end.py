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
The default :meth:`EndShow.draw` lays it out top to bottom in the room the frame
leaves: the verdict, the podium, the places after the third in a row under it. A game
whose end is not a podium (Mission Secrète's card of who was who) draws its own and
keeps the show's timing, confetti and choices.
"""

from __future__ import annotations

from typing import TypeVar

import pygame

from ...input.intents import InputEvent, Intent
from ...ui.fit import fit_text, fit_wrapped
from ...ui.show import Standing
from .celebration import Celebration

V = TypeVar("V")

#: The verdict's sizes (the largest whose lines fit), and at most how many lines it takes.
VERDICT_SIZES, VERDICT_LINES = (52, 46, 40, 36, 32), 3
#: The places after the third: a seat's shape (radius), its name's sizes, the place and
#: score's size, and the widest cell one takes.
REST_TOKEN, REST_NAME_SIZES, REST_SCORE_SIZE, REST_CELL = 24, (30, 28), 28, 300
#: Between the parts (verdict, podium, the row of the rest).
GAP = 16


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
        hint bar and what the confetti keeps out of (the title: no panel behind it)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        safe = kit.safe_rect
        top, kept = safe.y, []
        title = self.title(view)
        if title:
            size, title = fit_text(kit, title, safe.width, (64, 56, 48))
            kept.append(kit.blit_text(surface, title, size, (safe.centerx, safe.y + 10), "midtop", c.gold, shadow=True))
            top = kept[0].bottom + GAP
        return pygame.Rect(safe.x, top, safe.width, kit.hint_bar_top() - GAP - top), kept

    def draw(self, surface: pygame.Surface, view: V, alpha: float) -> None:
        """Verdict, podium and the rest in the frame's room (module doc); the confetti
        falls past them, never over or behind a letter."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        area, kept = self.draw_frame(surface, view, alpha)
        said = self.verdict(view)
        width = area.width - 40
        verdict = kit.text(said, fit_wrapped(kit, said, width, VERDICT_LINES, VERDICT_SIZES), c.gold,
                           max_width=width, align="center", shadow=True) if said else None
        top = area.y + (verdict.get_height() + GAP if verdict is not None else 0)
        rest = [s for s in self.show.standings if s.place > 3] if self.show is not None else []
        bottom = area.bottom - (self._rest_height() + GAP if rest else 0)
        if self.show is not None:
            kept += self.show.draw_podium(surface, pygame.Rect(area.x, top, area.width, bottom - top), alpha)
            kept += self._draw_rest(surface, rest, bottom + GAP, area, alpha)
        if verdict is not None and self.verdict_shown:
            placed = surface.blit(verdict, verdict.get_rect(midtop=(area.centerx, area.y)))
            kept.append(verdict.get_bounding_rect().move(placed.topleft))  # as wide as its wrap width
        self.draw_confetti(surface, alpha, keep_out=kept)
        hints = self.hints()
        if hints:
            kit.hint_bar(surface, hints)

    def _rest_height(self) -> int:
        kit = self.ctx.kit
        return 2 * REST_TOKEN + 4 + kit.font(REST_NAME_SIZES[0]).get_linesize() + kit.font(REST_SCORE_SIZE).get_linesize()

    def _draw_rest(self, surface: pygame.Surface, rest: list[Standing], y: int, area: pygame.Rect,
                   alpha: float) -> list[pygame.Rect]:
        """The places after the third in a row, each a cell: shape, name, its place (in
        gold) and its counting score. Returns each cell's labels (the confetti's keep-out)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        drawn = []
        cell = min(REST_CELL, area.width // max(1, len(rest)))
        for k, standing in enumerate(rest):
            x = int(area.centerx + (k - (len(rest) - 1) / 2) * cell)
            seat = self.ctx.seats[standing.seat]
            token = kit.seat_token(surface, seat.style, (x, y + REST_TOKEN), REST_TOKEN)
            size, name = fit_text(kit, seat.name, cell - 16, REST_NAME_SIZES)
            named = kit.blit_text(surface, name, size, (x, token.bottom + 2), "midtop", kit.seat_style(seat.style).light,
                                  align="center", shadow=True)
            place = kit.text(f"{standing.place}.", REST_SCORE_SIZE, c.gold)
            score = kit.text(str(self.count(standing.seat, alpha)), REST_SCORE_SIZE, c.text)
            left = x - (place.get_width() + 10 + score.get_width()) // 2
            placed = surface.blit(place, place.get_rect(topleft=(left, named.bottom + 2)))
            scored = surface.blit(score, score.get_rect(topleft=(placed.right + 10, named.bottom + 2)))
            drawn.append(token.unionall([named, placed, scored]))
        return drawn
