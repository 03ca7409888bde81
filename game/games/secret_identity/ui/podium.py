"""The end of a competitive match: the podium, with the SI-9 explanation of how ties
were settled (most points, then most picto cards left, else a shared victory)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

import pygame

from ....core.engine import Outcome
from ....input.intents import Intent
from ..rules.view import CompetitivePublic
from ....ui.fit import fit_text
from ....ui.show import Show, Standing


class Podium:
    """Draws the final ranking as a show (``game/ui/show.py``): the columns rise, the scores
    count up, the winners get confetti, the fanfare and a rumble; A skips. ``name(seat)``
    names the seats. The show is fed only the public outcome (places and scores)."""

    def __init__(self, ctx: Any, name: Callable[[int], str]) -> None:
        self.ctx = ctx
        self.name = name
        self.show: Show | None = None

    @property
    def playing(self) -> bool:
        """True while the show runs (the board's bots wait for it)."""
        return self.show is not None and not self.show.done

    def start(self, public: CompetitivePublic, outcome: Outcome) -> None:
        """The match is over and its last reveal has played: raise the podium."""
        standings = [Standing(seat, public.seats[seat].score, place=outcome.ranks[seat])
                     for seat in range(len(public.seats))]
        self.show = Show(self.ctx, standings, seed=sum(s.score for s in public.seats))

    def draw(self, surface: pygame.Surface, public: CompetitivePublic, outcome: Outcome, alpha: float = 1.0) -> None:
        """Final podium with the SI-9 explanation of how ties were settled."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        show = self.show
        if show is None:
            return  # drawn before the board's first tick: the show starts on that tick
        ranks = outcome.ranks
        order = sorted(range(len(public.seats)), key=lambda s: (ranks[s], s))
        safe = kit.safe_rect
        title = kit.blit_text(surface, t("si.podium.title"), 64, (kit.W // 2, safe.y + 10), "midtop", c.gold,
                              shadow=True)
        rest = [s for s in order if ranks[s] > 3]
        explanation = kit.text(self.tie_break_text(public, order, ranks), 32, c.text, max_width=1560, align="center")
        bottom = safe.bottom - 84 - explanation.get_height() - 16  # above the explanation and the hint bar
        if rest:
            bottom -= kit.scaled(28) * 2 + 100  # the row below: token, name, place
        podium = pygame.Rect(safe.x + 100, title.bottom + 8, safe.width - 200, bottom - title.bottom - 8)
        columns = show.draw_podium(surface, podium, alpha)
        others = self._draw_rest(surface, public, rest, ranks, podium.bottom + 56, show, alpha)
        explained = surface.blit(explanation, explanation.get_rect(midbottom=(kit.W // 2, safe.bottom - 84)))
        # no text here has a panel behind it: the discs fall past the title, the podium, the
        # other places and the explanation, never behind or over their letters
        letters = explanation.get_bounding_rect().move(explained.topleft)  # it is as wide as its wrap width
        show.draw_confetti(surface, alpha, keep_out=[title, *columns, *others, letters])
        kit.hint_bar(surface, [(Intent.CONFIRM, t("si.podium.again")), (Intent.BACK, t("si.podium.lobby"))])

    def _draw_rest(self, surface: pygame.Surface, public: CompetitivePublic, rest: list[int],
                   ranks: Mapping[int, int], y: int, show: Show, alpha: float) -> list[pygame.Rect]:
        """Fourth place and below, in a row: badge, name fitted to its cell, place and counting
        score. Returns each seat's labels (badge to score), the confetti's keep-out."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        if not rest:
            return []
        drawn = []
        cell = min(300, (kit.safe_rect.width - 40) // len(rest))
        for k, seat in enumerate(rest):
            x = int(kit.W // 2 + (k - (len(rest) - 1) / 2) * cell)
            style = self.ctx.seats[seat]
            token = kit.seat_token(surface, style.style, (x, y), 24)
            size, name = fit_text(kit, style.name, cell - 16, (30, 28))
            named = kit.blit_text(surface, name, size, (x, token.bottom + 2), "midtop",
                                  kit.seat_style(style.style).light, align="center", shadow=True)
            placed = kit.blit_text(surface, t("si.podium.rest", rank=ranks[seat], n=show.count(seat, alpha)), 28,
                                   (x, named.bottom + 2), "midtop", c.text)
            drawn.append(token.unionall([named, placed]))
        return drawn

    def tie_break_text(self, public: CompetitivePublic, order: list[int], ranks: Mapping[int, int]) -> str:
        t = self.ctx.t
        winners = [s for s in order if ranks[s] == 1]
        names = ", ".join(self.name(s) for s in winners)
        score = public.seats[winners[0]].score
        decided = public.decided_by
        if decided == "cards":
            text = t("si.podium.by_cards", name=names, score=score, n=public.seats[winners[0]].hand_count)
        elif decided == "shared":
            text = t("si.podium.shared", names=names, score=score)
        else:
            text = t("si.podium.by_score", name=names, n=score)
        # SI-9 lower down too: the first pair tied on points but split by cards left
        seats = public.seats
        for a, b in zip(order, order[1:]):
            if seats[a].score == seats[b].score and ranks[a] != ranks[b] and ranks[a] > 1:
                text += "\n" + t("si.podium.ahead_by_cards", a=self.name(a), b=self.name(b),
                                  n=seats[a].hand_count, m=seats[b].hand_count)
                break
        return text

