"""Personality bots: they read the table's taste from the received cards.

Every elected card lies face up in front of its player, so the received piles tell
which players the table links to which tags. A bot scores "card fits player" as the
tags they share, weighted by how often the table gave that player cards with that tag,
plus a small first impression of its own (so a fresh table does not vote in lockstep).
It bets high when its best pick clearly beats the second one.
"""

from __future__ import annotations

from typing import Any, Sequence

from ...core.actions import Action
from ...core.bots import Bot
from ...core.engine import SeatView
from ...core.rng import Rng
from .catalogue import PECatalogue

#: Weight of one received card's tag against a first impression (0..1).
LEARNED = 1.0
IMPRESSION = 0.6


class PersonalityBot(Bot):
    def __init__(self, catalogue: PECatalogue, seat: int, rng: Rng) -> None:
        super().__init__(seat, rng)
        self.catalogue = catalogue
        self._impressions: dict[tuple[int, str], float] = {}
        self._tag_counts: dict[tuple[str, ...], dict[str, int]] = {}

    # --- judgement -------------------------------------------------------------------------
    def impression(self, player: int, tag: str) -> float:
        key = (player, tag)
        if key not in self._impressions:
            self._impressions[key] = self.rng.random() * IMPRESSION
        return self._impressions[key]

    def fit(self, view: SeatView, card: str, player: int) -> float:
        """How well ``card`` fits ``player`` in this bot's eyes."""
        tags = self.catalogue.trait(card).tags
        learned = self.tag_counts(view.public.received[player])
        return sum(LEARNED * learned.get(tag, 0) + self.impression(player, tag) for tag in tags) / len(tags)

    def tag_counts(self, pile: Sequence[str]) -> dict[str, int]:
        """How many cards of ``pile`` carry each tag (counted once per pile: a vote asks
        for every card against every player)."""
        key = tuple(pile)
        counts = self._tag_counts.get(key)
        if counts is None:
            counts = self._tag_counts[key] = {}
            for got in pile:
                for tag in self.catalogue.trait(got).tags:
                    counts[tag] = counts.get(tag, 0) + 1
        return counts

    def ranked(self, scores: dict[Any, float]) -> list[tuple[Any, float]]:
        return sorted(scores.items(), key=lambda item: (-item[1], str(item[0])))

    def bet(self, ranked: list[tuple[Any, float]]) -> int:
        """PE-3: 3 when sure, 2 when fairly sure, else neutral."""
        best = ranked[0][1]
        second = ranked[1][1] if len(ranked) > 1 else 0.0
        margin = best - second
        if best >= 1.0 and margin >= 0.6:
            return 3
        if margin >= 0.3:
            return 2
        return 1

    # --- acting ------------------------------------------------------------------------------
    def act(self, view: SeatView, legal: Sequence[Action]) -> Action | None:
        kind = legal[0].kind
        handler = getattr(self, f"_{kind}", None)
        return handler(view, legal) if handler else self.rng.choice(list(legal))

    def _read(self, view: SeatView, legal: Sequence[Action]) -> Action:
        # PE-2: read the card the table will agree on most clearly.
        def clarity(action: Action) -> float:
            ranked = self.ranked({p: self.fit(view, action.data["card"], p) for p in range(view.public.seats)})
            return ranked[0][1] - ranked[1][1]
        return max(legal, key=clarity)

    def _vote(self, view: SeatView, legal: Sequence[Action]) -> Action:
        public = view.public
        if public.vote_kind == "inversion":
            scores = {c: self.fit(view, c, public.target) for c in view.private.choices}
        else:
            card = public.table[0]
            scores = {p: self.fit(view, card, p) for p in view.private.choices}
        scores = {c: s + self.rng.random() * 0.05 for c, s in scores.items()}
        ranked = self.ranked(scores)
        choice = ranked[0][0]
        bet = self.bet(ranked) if public.phase == "vote" else 1
        return next(a for a in legal if a.data["choice"] == choice and a.data["bet"] == bet)

    def _ready(self, view: SeatView, legal: Sequence[Action]) -> Action:
        return legal[0]

    def _exchange(self, view: SeatView, legal: Sequence[Action]) -> Action:
        # PE-4: swap the card that fits nobody at this table.
        seats = range(view.public.seats)
        def best_fit(card: str) -> float:
            return max(self.fit(view, card, p) for p in seats)
        worst = min(view.private.hand, key=best_fit)
        if best_fit(worst) < 0.5:
            return next(a for a in legal if a.data["card"] == worst)
        return next(a for a in legal if a.data["card"] is None)

    def _partner(self, view: SeatView, legal: Sequence[Action]) -> Action:
        # PE-8: team up with whoever the table follows (furthest on the track).
        return max(legal, key=lambda a: (view.public.positions[a.data["partner"]], -a.data["partner"]))

    def _play(self, view: SeatView, legal: Sequence[Action]) -> Action:
        target = view.public.target
        return max(legal, key=lambda a: self.fit(view, a.data["card"], target))

    def _give(self, view: SeatView, legal: Sequence[Action]) -> Action:
        # PE-11: the gift nobody could reasonably contest.
        seats = range(view.public.seats)
        def sureness(action: Action) -> float:
            card, to = action.data["card"], action.data["to"]
            others = max(self.fit(view, card, p) for p in seats if p != to)
            return self.fit(view, card, to) - others
        return max(legal, key=sureness)

    def _accept(self, view: SeatView, legal: Sequence[Action]) -> Action:
        gift = next(g for g in view.public.gifts if g["to"] == self.seat)
        mine = self.fit(view, gift["card"], self.seat)
        others = max(self.fit(view, gift["card"], p) for p in range(view.public.seats)
                     if p not in (self.seat, view.public.giver))
        contest = others > mine + 0.3 and self.rng.random() < 0.7
        return next(a for a in legal if a.kind == ("contest" if contest else "accept"))

    def _judge(self, view: SeatView, legal: Sequence[Action]) -> Action:
        gift = view.public.gifts[view.public.contest]
        scores = {a.data["choice"]: self.fit(view, gift["card"], a.data["choice"]) + self.rng.random() * 0.05
                  for a in legal}
        choice = self.ranked(scores)[0][0]
        return next(a for a in legal if a.data["choice"] == choice)
