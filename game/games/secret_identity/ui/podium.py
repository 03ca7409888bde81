"""The end of a competitive match as every game's end show (``game/scenes/shows``): the
podium rises beside the ranking, the scores count up from 0, the winners are cheered,
and the verdict is SI-9's explanation of how ties were settled (most points, then most
picto cards left, else a shared victory), written once the count has reached it at the
top (no title over it: its two sentences and eight seats' rows need the height). The
show is fed only the public outcome (places and scores)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....ui.show import Standing
from ..rules.view import CompetitivePublic
from .board_base import SecretIdentityEnd
from .widgets import PANEL_INSET

if TYPE_CHECKING:
    from .board import CompetitiveBoard


class CompetitiveEnd(SecretIdentityEnd[CompetitivePublic]):
    board: CompetitiveBoard

    def __init__(self, board: CompetitiveBoard) -> None:
        public, outcome = board.public, board.session.outcome()
        ranks = outcome.ranks if outcome is not None else {}
        standings = [Standing(seat, public.seats[seat].score, place=ranks.get(seat, 1))
                     for seat in range(len(public.seats))]
        super().__init__(board, standings, seed=sum(s.score for s in public.seats))

    def draw_frame(self, surface: pygame.Surface, view: CompetitivePublic,
                   alpha: float) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The safe area above the hint bar, less the ranking panels' soft shadows."""
        area, kept = super().draw_frame(surface, view, alpha)
        return area.inflate(-2 * PANEL_INSET, 0), kept

    def verdict(self, view: CompetitivePublic) -> str:
        """SI-9: who won and how (points, then cards left, else shared); lower down, the
        first pair tied on points but split by cards left."""
        assert self.show is not None
        t, name = self.ctx.t, self.board.name
        order = [s.seat for s in self.show.standings]  # best place first
        ranks = {s.seat: s.place for s in self.show.standings}
        winners = [s for s in order if ranks[s] == 1]
        names = ", ".join(name(s) for s in winners)
        seats = view.seats
        score = seats[winners[0]].score
        if view.decided_by == "cards":
            text = t("si.podium.by_cards", name=names, score=score, n=seats[winners[0]].hand_count)
        elif view.decided_by == "shared":
            text = t("si.podium.shared", names=names, score=score)
        else:
            text = t("si.podium.by_score", name=names, n=score)
        for a, b in zip(order, order[1:]):
            if seats[a].score == seats[b].score and ranks[a] != ranks[b] and ranks[a] > 1:
                text += "\n" + t("si.podium.ahead_by_cards", a=name(a), b=name(b), n=seats[a].hand_count,
                                  m=seats[b].hand_count)
                break
        return text
