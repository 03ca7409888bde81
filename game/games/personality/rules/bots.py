"""Personality bots: they read the table's taste from the received cards.

Every elected card lies face up in front of its player, so the received piles tell
which players the table links to which tags. A bot scores "card fits player" as the
tags they share, weighted by how often the table gave that player cards with that tag,
plus a small first impression of its own (so a fresh table does not vote in lockstep).
It bets high when its best pick clearly beats the second one.

Levels: a normal bot remembers only each player's latest few received cards (people
forget); an easy one the last two, and trusts its first impressions more (misreads the
table). A sharp bot plays the table rather than its own taste: when voting it imagines
the others voting as normal bots would (their first impressions unknown to it, drawn
afresh :data:`SAMPLES` times), picks the choice most likely to be elected with its own
vote added, and bets by how much that choice is expected to win rather than lose.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence, TypeVar

from ....core.actions import Action
from ....core.bots import DEFAULT_LEVEL, Bot
from ....core.records import make
from ....core.rng import Rng
from .catalogue import PECatalogue
from .view import Candidate, PEPhase, PEPrivate, PEPublic, PEView, VoteKind

#: Weight of one received card's tag against a first impression (0..1).
LEARNED = 1.0
#: By level: the first impression's range, and how many of each player's latest
#: received cards the bot keeps in mind (None: all of them).
IMPRESSION = {"easy": 1.5, "normal": 0.6, "sharp": 0.6}
MEMORY: dict[str, int | None] = {"easy": 2, "normal": 4, "sharp": None}
#: Imagined votes of the table a sharp bot weighs its choice with.
SAMPLES = 40
#: What a bot ranks: candidates, a judge's choices.
K = TypeVar("K")

#: The method that makes a bot's move in each phase.
_MOVES = {PEPhase.READ: "_read", PEPhase.VOTE: "_vote", PEPhase.REVOTE: "_vote", PEPhase.DEBATE: "_ready",
          PEPhase.EXCHANGE: "_exchange", PEPhase.PARTNER: "_partner", PEPhase.PLAY: "_play", PEPhase.GIVE: "_give",
          PEPhase.RESPOND: "_accept", PEPhase.CONTEST: "_judge"}


class PersonalityBot(Bot[PEPublic, PEPrivate]):
    def __init__(self, catalogue: PECatalogue, seat: int, rng: Rng, level: str = DEFAULT_LEVEL) -> None:
        super().__init__(seat, rng, level)
        self.catalogue = catalogue
        self._impression = IMPRESSION[level]
        self._memory = MEMORY[level]
        #: player -> tag -> this bot's first impression (drawn when first needed).
        self._impressions: dict[int, dict[str, float]] = {}
        self._tag_counts: dict[tuple[str, ...], dict[str, int]] = {}
        #: player -> (the player's received pile, card -> the fit judged against it).
        self._fits: dict[int, tuple[tuple[str, ...], dict[str, float]]] = {}
        #: player -> (the same pile, the tag counts of the part of it this bot remembers).
        self._learned: dict[int, tuple[tuple[str, ...], dict[str, int]]] = {}
        #: card -> its tags (the catalogue's).
        self._card_tags: dict[str, tuple[str, ...]] = {}

    # --- judgement -------------------------------------------------------------------------
    def impression(self, player: int, tag: str) -> float:
        impressions = self._impressions.setdefault(player, {})
        if tag not in impressions:
            impressions[tag] = self.rng.random() * self._impression
        return impressions[tag]

    def fit(self, view: PEView, card: str, player: int) -> float:
        """How well ``card`` fits ``player`` in this bot's eyes. Kept per player and card
        until the player's received pile changes: the judgements ask the same few again
        and again, and a first impression, once drawn, never changes (so the rng draws
        as before)."""
        fits = self._fits_of(view, player)
        fit = fits.get(card)
        if fit is None:
            fit = fits[card] = self._judged(card, player, self._learned[player][1])
        return fit

    def _judged(self, card: str, player: int, learned: dict[str, int]) -> float:
        """A fit worked out: each of the card's tags, as often as the remembered pile
        holds it plus the first impression of it (drawn the first time, tag by tag), summed
        in tag order (one ``sum``, as ever) over the count of tags."""
        tags = self._card_tags.get(card)
        if tags is None:
            tags = self._card_tags[card] = self.catalogue.trait(card).tags
        impressions = self._impressions.get(player)
        if impressions is None:
            impressions = self._impressions[player] = {}
        terms = []
        for tag in tags:
            impression = impressions.get(tag)
            if impression is None:
                impression = impressions[tag] = self.rng.random() * self._impression
            terms.append(LEARNED * learned.get(tag, 0) + impression)
        return sum(terms) / len(tags)

    def _fits_of(self, view: PEView, player: int) -> dict[str, float]:
        """The fits judged for ``player`` against its received pile as the view shows it
        (a new, empty dict once the pile has changed, with the remembered pile's tag
        counts made again)."""
        pile = view.public.received[player]
        known = self._fits.get(player)
        if known is None or known[0] is not pile and known[0] != pile:
            known = self._fits[player] = (pile, {})
            self._learned[player] = (pile, self.tag_counts(self._remembered(view, player, self._memory)))
        return known[1]

    def _remembered(self, view: PEView, player: int, memory: int | None) -> list[str]:
        received = view.public.received[player]
        return list(received[-memory:] if memory else received)

    def _table_pick(self, view: PEView) -> tuple[Candidate, float]:
        """Sharp: ``(choice, edge)`` — the choice most likely elected once this bot's vote
        is added, against the table imagined as normal bots, and its chance of being
        elected minus that of another choice being elected (what a bet wins or loses)."""
        public, choices = view.public, list(view.mine.choices)
        learned: dict[Candidate, float] = {}
        tags: dict[Candidate, int] = {}
        for option, (card, player) in self._elections(public, choices).items():
            card_tags = self.catalogue.trait(card).tags
            counts = self.tag_counts(self._remembered(view, player, MEMORY[DEFAULT_LEVEL]))
            learned[option] = sum(LEARNED * counts.get(tag, 0) for tag in card_tags) / len(card_tags)
            tags[option] = len(card_tags)
        spread = IMPRESSION[DEFAULT_LEVEL]
        others = [s for s in range(public.seats) if s != self.seat]
        won = {o: 0 for o in choices}
        lost = {o: 0 for o in choices}
        for _ in range(SAMPLES):
            votes = {o: 0 for o in choices}
            for _voter in others:
                pick = max(choices, key=lambda o: learned[o] + spread * sum(
                    self.rng.random() for _ in range(tags[o])) / tags[o])
                votes[pick] += 1
            for mine in choices:
                votes[mine] += 1
                top = max(votes.values())
                leaders = [o for o, n in votes.items() if n == top]
                if top >= 2 and len(leaders) == 1:
                    if leaders[0] == mine:
                        won[mine] += 1
                    else:
                        lost[mine] += 1
                votes[mine] -= 1
        edge = {o: (won[o] - lost[o]) / SAMPLES for o in choices}
        best = max(choices, key=lambda o: (edge[o], won[o], str(o)))
        return best, edge[best]

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

    def ranked(self, scores: Mapping[K, float]) -> list[tuple[K, float]]:
        return sorted(scores.items(), key=lambda item: (-item[1], str(item[0])))

    def bet(self, ranked: Sequence[tuple[object, float]]) -> int:
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
    def act(self, view: PEView, legal: Sequence[Action]) -> Action | None:
        move = _MOVES.get(view.public.phase)
        return getattr(self, move)(view, legal) if move else self.rng.choice(list(legal))

    # The frequent moves (read, vote, ready, exchange) are made from the view, without
    # listing the legal ones (a vote offers 18); the rarer ones pick from ``legal``.
    def _read(self, view: PEView, legal: Sequence[Action]) -> Action:
        # PE-2: read the card the table will agree on most clearly.
        def clarity(card: str) -> float:
            ranked = self.ranked({p: self.fit(view, card, p) for p in range(view.public.seats)})
            return ranked[0][1] - ranked[1][1]
        return Action("read", self.seat, {"card": max(view.mine.hand, key=clarity)})

    def _vote(self, view: PEView, legal: Sequence[Action]) -> Action:
        public = view.public
        if self.level == "sharp":
            choice, edge = self._table_pick(view)
            bet = (3 if edge > 0.2 else 2 if edge > 0 else 1) if public.phase == "vote" else 1
            return Action("vote", self.seat, {"choice": choice, "bet": bet})
        elections = self._elections(public, view.mine.choices)
        scores = {c: self.fit(view, card, player) for c, (card, player) in elections.items()}
        scores = {c: s + self.rng.random() * 0.05 for c, s in scores.items()}
        ranked = self.ranked(scores)
        choice = ranked[0][0]
        bet = self.bet(ranked) if public.phase == "vote" else 1
        return make(Action, kind="vote", seat=self.seat, data={"choice": choice, "bet": bet}, tick=0)

    @staticmethod
    def _elections(public: PEPublic, choices: Iterable[Candidate]) -> dict[Candidate, tuple[str, int]]:
        """What electing each choice means, ``(card, the player it goes to)``: an
        Inversion vote's candidates are cards for its target, a read card's the players."""
        if public.vote_kind == VoteKind.INVERSION:
            assert public.target is not None, "an Inversion vote has a target"
            return {card: (str(card), public.target) for card in choices}
        return {player: (public.table[0], int(player)) for player in choices}

    def _ready(self, view: PEView, legal: Sequence[Action]) -> Action:
        return Action("ready", self.seat, {})

    def _exchange(self, view: PEView, legal: Sequence[Action]) -> Action:
        # PE-4: swap the card that fits nobody at this table.
        # (each player's fits looked up in place: 42 judgements a move, nearly all kept;
        # the rest judged card after card, player after player, as the rng always drew)
        rows = [self._fits_of(view, p) for p in range(view.public.seats)]
        best_fit = {card: max([row[card] if card in row else self.fit(view, card, p) for p, row in enumerate(rows)])
                    for card in view.mine.hand}
        worst = min(best_fit, key=best_fit.__getitem__)
        return Action("exchange", self.seat, {"card": worst if best_fit[worst] < 0.5 else None})

    def _partner(self, view: PEView, legal: Sequence[Action]) -> Action:
        # PE-8: team up with whoever the table follows (furthest on the track).
        return max(legal, key=lambda a: (view.public.positions[a.data["partner"]], -a.data["partner"]))

    def _play(self, view: PEView, legal: Sequence[Action]) -> Action:
        target = view.public.target
        assert target is not None, "an Inversion card is played for a target"
        return max(legal, key=lambda a: self.fit(view, a.data["card"], target))

    def _give(self, view: PEView, legal: Sequence[Action]) -> Action:
        # PE-11: the gift nobody could reasonably contest.
        seats = range(view.public.seats)
        def sureness(action: Action) -> float:
            card, to = action.data["card"], action.data["to"]
            others = max(self.fit(view, card, p) for p in seats if p != to)
            return self.fit(view, card, to) - others
        return max(legal, key=sureness)

    def _accept(self, view: PEView, legal: Sequence[Action]) -> Action:
        gift = next(g for g in view.public.gifts if g.to == self.seat)
        mine = self.fit(view, gift.card, self.seat)
        others = max(self.fit(view, gift.card, p) for p in range(view.public.seats)
                     if p not in (self.seat, view.public.giver))
        contest = others > mine + 0.3 and self.rng.random() < 0.7
        return next(a for a in legal if a.kind == ("contest" if contest else "accept"))

    def _judge(self, view: PEView, legal: Sequence[Action]) -> Action:
        contest = view.public.contest
        assert contest is not None, "a contest judges one gift"
        gift = view.public.gifts[contest]
        scores = {a.data["choice"]: self.fit(view, gift.card, a.data["choice"]) + self.rng.random() * 0.05
                  for a in legal}
        choice = self.ranked(scores)[0][0]
        return next(a for a in legal if a.data["choice"] == choice)
