"""The end of a competitive match: the podium, with the SI-9 explanation of how ties
were settled (most points, then most picto cards left, else a shared victory)."""

from __future__ import annotations

from typing import Any, Callable, Mapping

import pygame

from ....core.engine import Outcome
from ....input.intents import Intent
from ..rules.view import CompetitivePublic
from .widgets import mix


class Podium:
    """Draws the final ranking; ``name(seat)`` names the seats."""

    def __init__(self, ctx: Any, name: Callable[[int], str]) -> None:
        self.ctx = ctx
        self.name = name

    def draw(self, surface: pygame.Surface, public: CompetitivePublic, outcome: Outcome) -> None:
        """Final podium with the SI-9 explanation of how ties were settled."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        ranks = outcome.ranks
        order = sorted(range(len(public.seats)), key=lambda s: (ranks[s], s))
        kit.blit_text(surface, t("si.podium.title"), 72, (kit.W // 2, kit.safe_rect.y + 10), "midtop", c.gold,
                      shadow=True)
        places = {1: (kit.W // 2, 330), 2: (kit.W // 2 - 330, 250), 3: (kit.W // 2 + 330, 190)}
        base_y = 650
        by_rank: dict[int, list[int]] = {}
        for seat in order:
            by_rank.setdefault(ranks[seat], []).append(seat)
        for rank, (x, height) in places.items():
            block = pygame.Rect(0, 0, 300, height)
            block.midbottom = (x, base_y)
            colour = {1: c.gold, 2: mix(c.muted, c.text, 0.4), 3: mix(c.accent, c.shadow, 0.3)}[rank]
            kit.panel(surface, block, colour, radius=20)
            kit.blit_text(surface, str(rank), 80, (x, block.y + 20), "midtop", c.shadow)
            members = by_rank.get(rank, [])
            for k, seat in enumerate(members):
                dx = (k - (len(members) - 1) / 2) * 140
                token_y = block.y - 120
                kit.draw_seat_badge(surface, self.ctx.seats[seat], (int(x + dx), token_y), 84, name_size=34)
                kit.blit_text(surface, t("si.podium.points", n=public.seats[seat].score), 32,
                              (int(x + dx), block.y + 108), "midtop", c.shadow)
        rest = [s for s in order if ranks[s] > 3]
        for k, seat in enumerate(rest):
            x = int(kit.W // 2 + (k - (len(rest) - 1) / 2) * 230)
            kit.draw_seat_badge(surface, self.ctx.seats[seat], (x, base_y + 40), 48, name_size=30)
            kit.blit_text(surface, t("si.podium.rest", rank=ranks[seat], n=public.seats[seat].score), 28,
                          (x, base_y + 112), "midtop", c.muted)
        # the explanation sits just above the hint bar, whatever its number of lines
        kit.blit_text(surface, self.tie_break_text(public, order, ranks), 34, (kit.W // 2, kit.safe_rect.bottom - 84),
                      "midbottom", c.text, max_width=1600, align="center")
        kit.hint_bar(surface, [(Intent.CONFIRM, t("si.podium.again")), (Intent.BACK, t("si.podium.lobby"))])


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
            text = t("si.podium.by_score", name=names, score=score)
        # SI-9 lower down too: the first pair tied on points but split by cards left
        seats = public.seats
        for a, b in zip(order, order[1:]):
            if seats[a].score == seats[b].score and ranks[a] != ranks[b] and ranks[a] > 1:
                text += "\n" + t("si.podium.ahead_by_cards", a=self.name(a), b=self.name(b),
                                  n=seats[a].hand_count, m=seats[b].hand_count)
                break
        return text

