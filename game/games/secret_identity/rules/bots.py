"""Secret Identity bots: a clue giver and a guesser sharing one "listener" model
(listener.py).

The listener scores a character against a clue by the tags its pictograms share with
the character, each shared tag weighted by its rarity in the catalogue (a rare tag says
more), plus :data:`HOOK_STRENGTH` when the pictogram is one of the character's hooks:
green pictograms add, red ones subtract. The clue bot picks the 1–3 placements
that make a loose listener most sure of its character (SI-4): each pictogram is read
give or take :data:`NOISE`, so it favours a few strong links that survive another
reading over many weak ones; the voting bot turns listener
scores into probabilities and gives each opponent a distinct number with the best total
(SI-5), by an exact assignment over at most 8 slots.

Levels: an easy bot misjudges which of its pictograms says most about its character
(``CLUE_NOISE``) and reads others' clues loosely (``READ_NOISE``); a sharp bot plans
its clue on the exact links and reads clues closely (in the cooperative mode too, where
the team used to read every clue at :data:`NOISE` whatever the guessers' level).
"""

from __future__ import annotations

import math
from heapq import heapify, heappop
from typing import Sequence

from ....core.actions import Action
from ....core.bots import DEFAULT_LEVEL, Bot
from ....core.engine import Priv, Pub
from ....core.records import make
from ....core.rng import Rng
from .assignment import assign
from .common import MAX_CLUE_CARDS, own_slot
from .catalogue import SICatalogue
from .listener import NOISE, RED_WEIGHT, SHARPNESS, TagModel, tag_model
from .view import CompetitivePrivate, CompetitivePublic, CompetitiveView, CoopPrivate, CoopPublic, CoopView

#: By level: a guesser's :data:`NOISE`, and how far off a clue giver sees each
#: pictogram–character link while planning (same units).
READ_NOISE = {"easy": 8.0, "normal": NOISE, "sharp": 2.0}
CLUE_NOISE = {"easy": 3.0, "normal": 1.0, "sharp": 0.0}
#: The belief a card beyond the first must add to be placed: within the round's share
#: of the hand, and beyond it (cards are not replaced, SI-4).
CARD_COST = (0.06, 0.2)


def plan_clue(model: TagModel, hand: Sequence[str], board: Sequence[str], slot: int,
              budget: float, misread: float = 0.0, rng: Rng | None = None) -> list[tuple[str, str, bool]]:
    """Greedy clue: add the placement that most raises the listener's belief in
    ``slot`` while the gain is worth a card (cards are not replaced, SI-4).

    The belief is the one a loose reader reaches (:func:`blurred_sharpness`): every
    placed pictogram blurs the reading, so a pictogram whose link is weaker than that blur
    lowers it, and one strong link (a hook) beats a pile of small tag coincidences.

    ``budget`` is how many cards a round can spend on average; ``misread`` > 0 (with
    ``rng``) has the giver see each link off by up to that much. Returns
    ``[(card, pictogram, green), ...]`` with 1–3 entries (empty for an empty hand)."""
    links = _plan_rows(model, hand, board, misread, rng)
    # Every placement in hand order (its rank), with its sign applied to its pictogram's
    # link with the slot and to their sum, once per plan; none showing a pictogram that
    # pictures a character on the board (the rules refuse it).
    depicting = model.depicting
    placements = [(card, (card, picto, green), green, sign, links[picto][0], sign * links[picto][0][slot],
                   sign * links[picto][1])
                  for card in hand for picto in model.card_pictos[card]
                  if depicting.get(picto, frozenset()).isdisjoint(board)
                  for green, sign in ((True, 1.0), (False, -RED_WEIGHT))]
    chosen: list[tuple[str, str, bool]] = []
    base = [0.0] * len(board)
    belief = 1.0 / len(board)
    blur = 0.0  # the placed pictograms' reading noise, in green-pictogram units
    others = len(board) - 1
    log_others = math.log(others) if others else 0.0
    while len(chosen) < 3:
        used_cards = {c for c, _, _ in chosen}
        sharp_green, sharp_red = blurred_sharpness(blur + 1.0), blurred_sharpness(blur + RED_WEIGHT * RED_WEIGHT)
        base_total, base_own = math.fsum(base), base[slot]
        # The bound (most_telling): the belief is at most 1 / (1 + exp(bound)), as the
        # softmax's sum over the other slots is at least their count times the term of
        # their mean score (exp is convex). (One comprehension: a loop's appends cost
        # ~10 % of a plan.)
        candidates: list[Candidate] = [
            ((sharp := sharp_green if green else sharp_red)
             * ((base_total + total_link - (own := base_own + own_link)) / others - own) + log_others,
             rank, matches, sign, sharp, placement)
            for rank, (card, placement, green, sign, matches, own_link, total_link) in enumerate(placements)
            if card not in used_cards] if others else [
            (-math.inf, rank, matches, sign, sharp_green if green else sharp_red, placement)
            for rank, (card, placement, green, sign, matches, _, _) in enumerate(placements)
            if card not in used_cards]
        best = most_telling(candidates, base, slot)
        if best is None:
            break
        gain = best[0] - belief
        # The first card is always placed; later ones must be worth their cost.
        cost = 0.0 if not chosen else CARD_COST[len(chosen) >= budget]
        if chosen and gain <= cost:
            break
        chosen.append(best[1])
        belief, base = best[0], best[2]
        blur += 1.0 if best[1][2] else RED_WEIGHT * RED_WEIGHT
    return chosen


def _plan_rows(model: TagModel, hand: Sequence[str], board: Sequence[str], misread: float,
               rng: Rng | None) -> dict[str, tuple[list[float], float]]:
    """For :func:`plan_clue`: each pictogram in ``hand``'s link with each board
    character, as the giver sees them, and their sum. A pictogram is read once per plan,
    in hand order, its misreads (``misread`` > 0 with ``rng``) drawn then: all of them in
    one draw of the rng, the same numbers as one draw per pictogram."""
    pictos = list(dict.fromkeys(p for card in hand for p in model.card_pictos[card]))
    n = len(board)
    links = [strengths.get(character, 0.0) for strengths in map(model.links, pictos) for character in board]
    if misread and rng is not None:
        links = rng.jittered(links, misread)
    rows = [links[i:i + n] for i in range(0, len(links), n)] if n else [[] for _ in pictos]
    return {picto: (row, math.fsum(row)) for picto, row in zip(pictos, rows)}


#: A placement the planner weighs: (the bound on its belief, its rank in the hand, its
#: pictogram's links, their sign, the sharpness it is read with, (card, pictogram, green)).
Candidate = tuple[float, int, list[float], float, float, tuple[str, str, bool]]


def most_telling(candidates: list[Candidate], base: list[float],
                 slot: int) -> tuple[float, tuple[str, str, bool], list[float]] | None:
    """``(belief, placement, scores)`` of the candidate :func:`read_belief` rates
    highest, the first in the hand on a tie: what scoring every candidate in hand order
    finds. A candidate's belief is at most ``1 / (1 + exp(bound))``: they are scored
    lowest bound first, and the rest are left once their bound shows they cannot reach
    the best belief. The test is loosened by far more than the softmax's rounding (1e-10
    of the belief), so only candidates that would lose the comparison anyway are left."""
    best: tuple[float, tuple[str, str, bool], list[float]] | None = None
    best_rank = 0
    beyond = math.inf
    # Lowest bound first, then hand order (ranks differ: never a tie), from a heap: the
    # order a sort gives, but only the few scored before the rest are left are ordered.
    heapify(candidates)
    while candidates:
        bound, rank, matches, sign, sharpness, placement = heappop(candidates)
        if bound > beyond:
            break
        scores = [b + sign * m for b, m in zip(base, matches)]
        p = read_belief(scores, slot, sharpness)
        if best is None or p > best[0] or (p == best[0] and rank < best_rank):
            best, best_rank = (p, placement, scores), rank
            beyond = math.log(1.0 / (p * (1.0 - 1e-10)) - 1.0) if p > 0 else math.inf
    return best


def blurred_sharpness(blur: float) -> float:
    """:data:`SHARPNESS` for a listener reading ``blur`` pictograms each give or take
    :data:`NOISE` (in green-pictogram units: a red one weighs ``RED_WEIGHT`` squared):
    the probit approximation of a noisy softmax, the score differences' variance
    dividing the sharpness, so a pictogram that adds less than its noise lowers the
    belief."""
    variance = blur * 2 * NOISE * NOISE / 3  # two uniform readings per pictogram
    return SHARPNESS / math.sqrt(1 + math.pi * SHARPNESS * SHARPNESS * variance / 8)


def read_belief(scores: Sequence[float], slot: int, sharpness: float) -> float:
    """How sure a listener reading ``scores`` with ``sharpness`` is of ``slot`` (the
    softmax of :meth:`TagModel.probabilities`)."""
    top = max(scores)
    raw = [math.exp(sharpness * (s - top)) for s in scores]
    return raw[slot] / sum(raw)


def _next_placement(seat: int, plan: Sequence[tuple[str, str, bool]], hand: Sequence[str], placed: Sequence[str],
                    legal: Sequence[Action]) -> Action:
    """The plan's next card, or confirm once it is all placed (or no longer fits: a bot
    made afresh after a resume finds cards already on its safe). Made from the view, as
    the rules would offer them (a card in hand, room on the safe; confirm once a card
    is on it, SI-4), without listing the 80 legal placements."""
    for card, picto, green in plan:
        if card not in placed:
            if card in hand and len(placed) < MAX_CLUE_CARDS:
                return Action("place", seat, {"card": card, "pictogram": picto, "colour": "green" if green else "red"})
            break
    return Action("confirm", seat, {}) if placed else legal[0]


def my_numbers(private: CompetitivePrivate) -> tuple[int | None, ...]:
    """A voter's numbers so far (``MyVotes.numbers``), which its view holds while it votes."""
    assert private.my_votes is not None, "a voter's view holds its votes"
    return private.my_votes.numbers


class AssociatingBot(Bot[Pub, Priv]):
    """A bot that links pictograms to characters through its own :class:`TagModel`."""

    model: TagModel

    def vary_associations(self, share: float) -> None:
        """Think a little differently from the catalogue (and from every other bot):
        ``share`` of this bot's links are changed at random, from its own rng."""
        self.model = self.model.varied(share, self.rng)


class CompetitiveBot(AssociatingBot[CompetitivePublic, CompetitivePrivate]):
    """Plays SI: ready at once, a planned clue, then consistent distinct votes."""

    def __init__(self, seat: int, rng: Rng, catalogue: SICatalogue, level: str = DEFAULT_LEVEL) -> None:
        super().__init__(seat, rng, level)
        self.model = tag_model(catalogue)
        self._plan: list[tuple[str, str, bool]] = []
        self._plan_for: tuple[int, int | None] | None = None
        self._reading: dict[tuple[int, int], list[float]] = {}
        self._logp: dict[tuple[int, int], list[float]] = {}
        #: round -> the number this bot gives each opponent (see ``_vote_action``).
        self._votes: dict[int, dict[int, int]] = {}

    def act(self, view: CompetitiveView, legal: Sequence[Action]) -> Action:
        public, private = view.public, view.mine
        if public.phase == "clues":
            return self._clue_action(public, private, legal)
        if public.phase == "vote":
            return self._vote_action(public, private, legal)
        if public.phase in ("round_start", "summary"):
            return Action("ready", self.seat, {})  # offered to every seat it waits for
        return legal[0]

    def _clue_action(self, public: CompetitivePublic, private: CompetitivePrivate, legal: Sequence[Action]) -> Action:
        key = (public.round, private.my_key)
        if self._plan_for != key:
            rounds_left = public.rounds - public.round + 1
            budget = len(private.hand) / rounds_left
            self._plan = plan_clue(self.model, private.hand, public.board, own_slot(private.my_key), budget,
                                   CLUE_NOISE[self.level], self.rng)
            self._plan_for = key
        return _next_placement(self.seat, self._plan, private.hand, private.placed, legal)

    def _vote_action(self, public: CompetitivePublic, private: CompetitivePrivate, legal: Sequence[Action]) -> Action:
        """The next number of this round's best assignment. The assignment is made once,
        when the round's first vote is due, and kept while the votes cast follow it: the
        rest of a best assignment is the best for what is left (the voter reads each
        clue once per round), so it is not made again at every vote."""
        mine = my_numbers(private)
        plan = self._votes.get(public.round)
        seat = self.seat
        if plan is None or any([n is not None and n != plan[o] for o, n in enumerate(mine) if o != seat]):
            plan = self._votes[public.round] = self._assignment(public, private)
        target = next(o for o, n in enumerate(mine) if n is None and o != seat)
        # (made without the frozen __init__: one a vote, the equal record)
        return make(Action, kind="vote", seat=self.seat, data={"target": target, "number": plan[target]}, tick=0)

    def _assignment(self, public: CompetitivePublic, private: CompetitivePrivate) -> dict[int, int]:
        """Each opponent without a vote yet given a distinct free number, with the best
        total log-probability (:func:`assign`); the votes already cast stay."""
        seats = len(public.seats)
        opponents = [s for s in range(seats) if s != self.seat]
        mine = my_numbers(private)
        given = {o: number for o in opponents if (number := mine[o]) is not None}
        taken = {number - 1 for number in given.values()}
        own = own_slot(private.my_key)
        free = [c for c in range(len(public.board)) if c != own and c not in taken]
        todo = [o for o in opponents if mine[o] is None]
        allowed = [c != own for c in range(len(public.board))]
        # The clues not read yet this round, read in one go, in the order the log-odds
        # below would read them one by one (the same draws: the rng does nothing between).
        unread = [o for o in todo if (public.round, o) not in self._reading]
        if unread:
            readings = self.model.perceived_many([public.seats[o].clue for o in unread], public.board, self.rng,
                                                 READ_NOISE[self.level])
            self._reading.update(((public.round, o), reading) for o, reading in zip(unread, readings))
        logp = [[row[c] for c in free] for row in (self._log_odds(public, o, allowed) for o in todo)]
        plan = dict(given)
        plan.update((o, free[c] + 1) for o, c in zip(todo, assign(logp)))
        return plan

    def _log_odds(self, public: CompetitivePublic, target: int, allowed: Sequence[bool]) -> list[float]:
        """Log-probability of each slot being ``target``'s, fixed for the round (as its
        reading is), so each of this bot's votes reuses it."""
        key = (public.round, target)
        logp = self._logp.get(key)
        if logp is None:
            log = math.log
            logp = self._logp[key] = [log(p + 1e-9) for p in self.model.probabilities(self._read(public, target), allowed)]
        return logp

    def _read(self, public: CompetitivePublic, target: int) -> list[float]:
        """This bot's reading of ``target``'s clue, fixed for the round."""
        key = (public.round, target)
        if key not in self._reading:
            self._reading[key] = self.model.perceived(public.seats[target].clue, public.board, self.rng,
                                                      READ_NOISE[self.level])
        return self._reading[key]


class CoopBot(AssociatingBot[CoopPublic, CoopPrivate]):
    """Plays the cooperative mode: the same clue planner; as a guesser, moves the team
    cursor to the listener's favourite and locks once it is there — as far as ``legal``
    allows: while people guess, the board keeps the lock for them (and takes the moves
    away once a person has the cursor), and the bot waits."""

    def __init__(self, seat: int, rng: Rng, catalogue: SICatalogue, level: str = DEFAULT_LEVEL) -> None:
        super().__init__(seat, rng, level)
        self.model = tag_model(catalogue)
        self._plan: list[tuple[str, str, bool]] = []
        self._plan_for: int | None = None
        #: The turn in which it last moved the team's cursor.
        self._moved_in: int | None = None

    def act(self, view: CoopView, legal: Sequence[Action]) -> Action | None:
        public, private = view.public, view.mine
        if public.phase == "clue":
            if self._plan_for != public.turn:
                turns_left = max(1, (public.turns - public.turn) // len(public.hand_counts) + 1)
                self._plan = plan_clue(self.model, private.hand, public.board, own_slot(private.my_key),
                                       len(private.hand) / turns_left, CLUE_NOISE[self.level], self.rng)
                self._plan_for = public.turn
            return _next_placement(self.seat, self._plan, private.hand, private.placed, legal)
        if public.phase == "guess":
            # One reading for the team (seeded by the turn), read as closely as the bot's
            # level reads; a bot moves the cursor at most once a turn, then goes along
            # with it, so bots of two levels never fight over it.
            scores = self.model.perceived(public.clue, public.board, Rng.from_seed(f"team:{public.turn}"),
                                          READ_NOISE[self.level])
            best = max(range(len(scores)), key=lambda c: (scores[c], -c))
            kinds = {action.kind for action in legal}
            if public.cursor != best and "move" in kinds and self._moved_in != public.turn:
                self._moved_in = public.turn
                return Action("move", self.seat, {"slot": best})
            if "lock" in kinds and (public.cursor == best or self._moved_in == public.turn):
                return Action("lock", self.seat)
            return None  # the people at the table decide
        return next((a for a in legal if a.kind == "next"), legal[0])
