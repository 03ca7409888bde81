"""A Personality match's state, its secret vote, and the small pure helpers every phase's
handlers share (PE-1, PE-3, PE-8, PE-9, PE-10).

The state is frozen: each step returns a new one (``replace``) with the events it caused
(``events.py``), sharing every pile it did not change (piles are tuples). Votes are a
core :class:`~game.core.values.Ballot`, counted in one place (:meth:`VoteBox.counts`, and
the contest's ballot the same way). The state's plain form is the one older saves hashed
(:meth:`PEState.__plain__`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence, TypeVar

from ....core.actions import Action
from ....core.events import Event, MatchOver, PhaseStarted
from ....core.rng import Rng
from ....core.records import kept_property
from ....core.values import Ballot
from .catalogue import Board
from .events import PEEvent
from .view import Candidate, ContestRecord, Gift, PEPhase, Vote, VoteKind, VoteRecord

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace

HAND = 7              # PE-1
TOKENS = 2            # PE-1: two bet tokens, all back after each vote (PE-3)
BETS = (1, 2, 3)      # PE-3: neutral, one token, both tokens
MAX_GIFTS = 3         # PE-11
T = TypeVar("T")


@dataclass(frozen=True)
class VoteBox:
    """A secret vote (PE-3, PE-6, PE-9): a ballot whose answers are the positions of
    ``candidates``, and each seat's bet. A Tête-à-tête captain's vote is cast on its
    partner's row too, so the tally counts the pair twice (PE-8)."""

    candidates: tuple[Candidate, ...]
    voters: tuple[int, ...]
    ballot: Ballot
    bets: tuple[int, ...]

    @classmethod
    def open(cls, seats: int, candidates: Sequence[Candidate], voters: Sequence[int]) -> "VoteBox":
        ballot = Ballot.open(seats, 1, range(len(candidates)))
        return cls(tuple(candidates), tuple(voters), ballot, (1,) * seats)

    def voted(self, seat: int) -> bool:
        return self.ballot.rows[seat][0] is not None

    @kept_property
    def waiting(self) -> frozenset[int]:
        """The voters still to vote (asked several times per move: who is active)."""
        return frozenset(s for s in self.voters if not self.voted(s))

    def cast(self, team: Iterable[int], choice: Candidate, bet: int) -> "VoteBox":
        ballot, bets = self.ballot, list(self.bets)
        for seat in team:
            ballot = ballot.cast(seat, 0, self.candidates.index(choice))
            bets[seat] = bet
        return VoteBox(self.candidates, self.voters, ballot, tuple(bets))

    def votes(self) -> dict[int, Vote]:
        """The voters' votes (a partner's is its captain's, so it is not listed)."""
        out: dict[int, Vote] = {}
        for seat in self.voters:
            answer = self.ballot.rows[seat][0]
            if answer is not None:
                out[seat] = Vote(self.candidates[answer], self.bets[seat])
        return out

    def counts(self) -> tuple[tuple[Candidate, int], ...]:
        """Votes per candidate, in candidate order (PE-4; a pair counts twice, PE-8)."""
        tally = self.ballot.tally(0)
        return tuple((c, tally[i]) for i, c in enumerate(self.candidates))


def leaders(counts: Sequence[tuple[T, int]]) -> tuple[int, list[T]]:
    """The highest count and who has it, in the counts' order."""
    top = max((n for _c, n in counts), default=0)
    return top, [c for c, n in counts if n == top]


@dataclass(frozen=True)
class PEState:
    """A match. Frozen: each step returns a new state (``replace``) sharing every part it
    did not change; piles are tuples, and the two per-seat choices are dicts that are
    only ever replaced, never changed."""

    seats: int
    rng: Rng
    board: Board
    pool: tuple[str, ...]                      # every card of this match (family filter applied)
    debate_ticks: int
    phase: PEPhase = PEPhase.DEAL
    deck: tuple[str, ...] = ()                 # top is deck[0]
    hands: tuple[tuple[str, ...], ...] = ()
    received: tuple[tuple[str, ...], ...] = ()
    positions: tuple[int, ...] = ()
    tokens: tuple[int, ...] = ()               # free tokens per seat
    reader: int = 0
    turn: int = 0
    vote_kind: VoteKind = VoteKind.NORMAL
    table: tuple[str, ...] = ()                # the read card (normal turns)
    target: int | None = None                  # the Inversion player
    played: Mapping[int, str] = field(default_factory=dict)    # Inversion: seat -> card
    candidates: tuple[Candidate, ...] = ()
    #: The vote under way, or the last one until the turn's vote is over.
    box: VoteBox | None = None
    #: Tête-à-tête pairs for the next vote: (captain, partner) (PE-8).
    pairs: tuple[tuple[int, int], ...] = ()
    debate_started: int = 0
    #: Seats ready to end the debate, in the order they said so. Not a core Barrier:
    #: saves hash this order.
    ready: tuple[int, ...] = ()
    exchangers: tuple[int, ...] = ()
    exchanges: Mapping[int, str | None] = field(default_factory=dict)
    landings: tuple[tuple[int, str], ...] = ()  # (seat, square) queue (PE-10)
    inversions: tuple[int, ...] = ()            # targets waiting for their round
    chooser: int | None = None                  # who picks a partner now
    giver: int | None = None                    # the endgame candidate (PE-11)
    gifts: tuple[Gift, ...] = ()
    gift_count: int = 0
    contest: int | None = None                  # index in gifts being voted
    judges: tuple[int, ...] = ()
    judging: Ballot | None = None               # the contest's vote (PE-11)
    failed: bool = False
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    #: Public record of the last resolved vote, for the reveal.
    result: VoteRecord | None = None
    contest_result: ContestRecord | None = None
    elections: int = 0
    #: Session tick of the last action applied (countdowns start from it).
    clock: int = 0
    #: The events of the action that made this state: only for the plain form, as the
    #: ``events`` list older states kept (the board reads the events ``step`` returns).
    told: tuple[PEEvent, ...] = ()
    #: AU-2 (the lobby's "Audience breaks ties"): a second vote still tied waits for the
    #: audience's say (phase ``verdict``).
    audience_breaks_ties: bool = False
    #: Votes opened so far (the public view's ``ballot``: the audience's questions are
    #: told apart by it, AU-3). Follows from the log; not in the plain form older saves hashed.
    ballots: int = 0

    # --- reading ---------------------------------------------------------------------------
    @property
    def voters(self) -> tuple[int, ...]:
        return () if self.box is None else self.box.voters

    def votes(self) -> dict[int, Vote]:
        return {} if self.box is None else self.box.votes()

    def has_voted(self, seat: int) -> bool:
        """``seat`` voted this round, itself or through its captain (PE-8)."""
        return self.box is not None and self.box.voted(seat)

    def choices(self, seat: int) -> list[Candidate]:
        """What ``seat`` may vote for now: any candidate, but never one's own (or one's
        partner's) Inversion card (PE-9)."""
        if self.vote_kind != VoteKind.INVERSION:
            return list(self.candidates)
        own = {self.played.get(s) for s in team(self, seat)}
        return [c for c in self.candidates if c not in own]

    def judgements(self) -> dict[int, int]:
        if self.judging is None:
            return {}
        return {s: answer for s in self.judges if (answer := self.judging.rows[s][0]) is not None}

    def __plain__(self) -> dict[str, object]:
        """The form older saves hashed: ``votes``/``voters``/``judgements`` as the dicts
        and lists they were, and the ``events`` list of the last action."""
        plain = {f.name: getattr(self, f.name) for f in fields(self)
                 if f.name not in ("box", "judging", "told", "ballots")}
        if not self.audience_breaks_ties:  # (the option's default: as older saves hashed it)
            del plain["audience_breaks_ties"]
        plain["votes"] = self.votes()
        plain["voters"] = self.voters
        plain["judgements"] = self.judgements()
        plain["events"] = [entry for event in self.told if (entry := event.legacy()) is not None]
        return plain


# --- who may do what (the phases' choices, the views and the handlers share them) ------------
def partners(state: PEState, seat: int) -> list[int]:
    """Whom ``seat`` may pair with on a Tête-à-tête: anyone not paired yet (PE-8)."""
    paired = {s for pair in state.pairs for s in pair}
    return [s for s in range(state.seats) if s != seat and s not in paired]


def receivers(state: PEState) -> list[int]:
    """Who may still get an endgame gift: one per other player (PE-11)."""
    given = {g.to for g in state.gifts}
    return [s for s in range(state.seats) if s != state.giver and s not in given]


def judge_choices(state: PEState) -> list[int]:
    """Whom a contest's judges may name: anyone but the giver (PE-11, PE-18)."""
    return [s for s in range(state.seats) if s != state.giver]


def team(state: PEState, seat: int) -> list[int]:
    """The seats a vote by ``seat`` speaks for: itself, plus its partner if it captains a pair (PE-8)."""
    for captain, partner in state.pairs:
        if captain == seat:
            return [seat, partner]
    return [seat]


def seat_order(state: PEState) -> list[int]:
    """Seats in table order starting from the reader (PE-10)."""
    return [(state.reader + i) % state.seats for i in range(state.seats)]


def seat_of(action: Action) -> int:
    assert action.seat is not None  # the phase shell checked the seat
    return action.seat


# --- moving on --------------------------------------------------------------------------------
def enter(state: PEState, phase: PEPhase, events: list[Event]) -> PEState:
    """``state`` in ``phase``, told as a ``PhaseStarted`` event (and ``MatchOver`` at the
    end). Where a phase leads is decided by what resolves in it, so handlers call this
    rather than declaring ``next``."""
    events.append(PhaseStarted(phase))
    if phase == PEPhase.OVER:
        events.append(MatchOver(tuple(sorted(state.winners)), state.end_reason))
    return replace(state, phase=phase)


# --- piles (each returns a new tuple or state; nothing is changed in place) --------------------
def with_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced (the copy-on-write of a step)."""
    return items[:index] + (value,) + items[index + 1:]


def without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def draw(deck: tuple[str, ...], hand: tuple[str, ...], count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(deck, hand) after ``count`` cards from the top of the deck to the hand (fewer if it runs out)."""
    count = max(0, min(count, len(deck)))
    return deck[count:], hand + deck[:count]


def drawn(state: PEState, seat: int, count: int) -> PEState:
    deck, hand = draw(state.deck, state.hands[seat], count)
    return replace(state, deck=deck, hands=with_item(state.hands, seat, hand))


def played_back(state: PEState, keep: str | None = None) -> tuple[tuple[str, ...], ...]:
    """The hands once the Inversion cards go back to their players, but ``keep`` (PE-16)."""
    hands = list(state.hands)
    for seat, card in sorted(state.played.items()):
        if card != keep:
            hands[seat] += (card,)
    return tuple(hands)


def tokens_back(state: PEState) -> PEState:
    """Every bet token back to its owner after a vote (PE-3)."""
    return replace(state, tokens=(TOKENS,) * state.seats)
