"""What each seat may see of a Personality match, and the public records it shows.

The public part is what the TV draws: masks on the track, received cards face up, who
has voted (never what), the table, the endgame gifts, and after each vote the full
reveal (``result``). Private parts: the hand, one's own secret vote (a Tête-à-tête
partner sees the pair's vote), one's exchange choice and one's Inversion card.
Inversion cards are shown only once all are down, sorted by id, so the table does not
tell who played which until the reveal names the owners.

The records are frozen; their plain form (``game.core.serial``) is the dict each was
before, so saves keep their hashes.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Iterator, Mapping, Union

from ....core.engine import SeatView

from ....core.records import make

if TYPE_CHECKING:  # pragma: no cover
    from .state import PEState

#: A vote's candidate: a seat (a read card's vote) or a card id (an Inversion vote).
Candidate = Union[int, str]


class PEPhase(StrEnum):
    DEAL = "deal"          # waits for the shuffle (chance)
    READ = "read"          # PE-2
    VOTE = "vote"          # PE-3
    DEBATE = "debate"      # PE-6
    REVOTE = "revote"      # PE-6
    VERDICT = "verdict"    # AU-2: the second vote still tied waits for the audience's say
    EXCHANGE = "exchange"  # PE-4
    PARTNER = "partner"    # PE-8
    PLAY = "play"          # PE-9
    GIVE = "give"          # PE-11
    RESPOND = "respond"    # PE-11
    CONTEST = "contest"    # PE-11
    OVER = "over"


class VoteKind(StrEnum):
    NORMAL = "normal"        # a reader's card; players are the candidates
    INVERSION = "inversion"  # PE-9: cards are the candidates


@dataclass(frozen=True)
class Vote:
    choice: Candidate
    bet: int


@dataclass(frozen=True)
class MaskMove:
    """A mask's move after a vote (``fell``: through the Gouffre, PE-7)."""

    seat: int
    start: int
    end: int
    delta: int
    fell: bool

    def __plain__(self) -> dict[str, object]:
        return {"seat": self.seat, "from": self.start, "to": self.end, "delta": self.delta, "fell": self.fell}


@dataclass(frozen=True)
class VoteRecord:
    """A resolved vote, for the reveal. ``stage``: "vote" or "revote"; ``outcome``:
    "elected", "tie" or "none"; ``owners``: Inversion card -> who played it."""

    kind: VoteKind
    stage: PEPhase
    turn: int
    card: str | None
    target: int | None
    votes: Mapping[int, Vote]
    pairs: tuple[tuple[int, int], ...]
    counts: tuple[tuple[Candidate, int], ...]
    owners: Mapping[str, int]
    moves: tuple[MaskMove, ...] = ()
    outcome: str = ""
    elected: Candidate | None = None
    tied: tuple[Candidate, ...] = ()


@dataclass(frozen=True)
class Gift:
    """An endgame gift (PE-11); ``answer``: None, "accept" or "contest"."""

    card: str
    to: int
    answer: str | None = None
    placed: bool = False


@dataclass(frozen=True)
class PublicGift:
    card: str
    to: int
    answer: str | None


@dataclass(frozen=True)
class ContestRecord:
    """A contested gift once judged (PE-11); ``goes_to`` None: under the deck."""

    giver: int
    receiver: int
    card: str
    judgements: Mapping[int, int]
    upheld: bool
    goes_to: int | None


@dataclass(frozen=True)
class PEPublic:
    seats: int
    phase: PEPhase
    turn: int
    reader: int
    positions: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    received: tuple[tuple[str, ...], ...]
    deck_size: int
    vote_kind: VoteKind
    target: int | None
    table: tuple[str, ...]
    played: tuple[int, ...]
    candidates: tuple[Candidate, ...]
    voters: tuple[int, ...]
    voted: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    ready: tuple[int, ...]
    debate_started: int
    debate_ticks: int
    exchangers: tuple[int, ...]
    exchanged: tuple[int, ...]
    chooser: int | None
    giver: int | None
    gift_count: int
    gifts: tuple[PublicGift, ...]
    contest: int | None
    judges: tuple[int, ...]
    judged: tuple[int, ...]
    inversions: tuple[int, ...]
    winners: tuple[int, ...]
    result: VoteRecord | None
    contest_result: ContestRecord | None
    #: Votes opened so far, this one included (the audience's questions, AU-3).
    ballot: int = 0


@dataclass(frozen=True)
class SeatVote:
    """A vote as its voter (or the voter's partner) sees it; the voter's seat is part
    of the value so two voters' equal choices are never the same secret."""

    seat: int
    choice: Candidate
    bet: int


@dataclass(frozen=True)
class SeatCard:
    """A card one seat chose in secret (its exchange, None: keep; its Inversion card)."""

    seat: int
    card: str | None


@dataclass(frozen=True)
class PEPrivate:
    hand: tuple[str, ...]
    tokens: int
    #: The vote this seat cast (or its Tête-à-tête captain cast for it) this round.
    my_vote: SeatVote | None
    my_exchange: SeatCard | None
    my_played: SeatCard | None
    #: What this seat may vote for now (no own Inversion card).
    choices: tuple[Candidate, ...]


#: What a seat (or the TV: no private part) sees of a match.
PEView = SeatView[PEPublic, PEPrivate]


#: The phases of a secret vote (who has voted shows; what, only to the voter).
_VOTING = (PEPhase.VOTE, PEPhase.REVOTE)


def public_view(state: "PEState") -> PEPublic:
    """The table as everyone sees it. The state's piles are tuples already: the view
    shares them rather than copying them, and the record is made without the frozen
    ``__init__`` (``records.make``: a bot asks for a view at every move)."""
    phase, box = state.phase, state.box
    # who has voted (``state.has_voted``), read off the ballot's rows in one pass
    voted = tuple(s for s, row in enumerate(box.ballot.rows) if row[0] is not None) \
        if phase in _VOTING and box is not None else ()
    if state.vote_kind == VoteKind.INVERSION and phase != PEPhase.PLAY:
        table = tuple(sorted(state.played.values()))
    else:
        table = state.table
    return make(
        PEPublic, seats=state.seats, phase=phase, turn=state.turn, reader=state.reader,
        positions=state.positions, hand_sizes=tuple(map(len, state.hands)),
        received=state.received, deck_size=len(state.deck),
        vote_kind=state.vote_kind, target=state.target, table=table,
        played=tuple(sorted(state.played)) if phase == PEPhase.PLAY else (),
        candidates=state.candidates, voters=state.voters, voted=voted,
        pairs=state.pairs, ready=state.ready,
        debate_started=state.debate_started, debate_ticks=state.debate_ticks,
        exchangers=state.exchangers, exchanged=tuple(sorted(state.exchanges)),
        chooser=state.chooser, giver=state.giver, gift_count=state.gift_count,
        gifts=tuple(make(PublicGift, card=g.card, to=g.to, answer=g.answer) for g in state.gifts),
        contest=state.contest, judges=state.judges,
        judged=tuple(sorted(state.judgements())) if state.judging is not None else (),
        inversions=state.inversions, winners=state.winners,
        result=state.result, contest_result=state.contest_result, ballot=state.ballots,
    )


def _vote_of(state: "PEState", seat: int) -> SeatVote | None:
    """``seat``'s vote this round, or its captain's."""
    for captain, partner in state.pairs:
        if partner == seat:
            seat = captain
    box = state.box
    if state.phase not in _VOTING or box is None or seat not in box.voters:
        return None
    answer = box.ballot.rows[seat][0]  # (``state.votes()[seat]``, without the others')
    return None if answer is None else SeatVote(seat, box.candidates[answer], box.bets[seat])


def private_view(state: "PEState", seat: int) -> PEPrivate:
    exchange = SeatCard(seat, state.exchanges[seat]) if seat in state.exchanges else None
    played = SeatCard(seat, state.played[seat]) if seat in state.played else None
    choices = tuple(state.choices(seat)) if state.phase in _VOTING else ()
    return make(PEPrivate, hand=tuple(state.hands[seat]), tokens=state.tokens[seat], my_vote=_vote_of(state, seat),
                my_exchange=exchange, my_played=played, choices=choices)


def secret_fields(state: "PEState", seat: int) -> Iterator[tuple[str, object]]:
    yield "hand", tuple(state.hands[seat])
    vote = _vote_of(state, seat)
    if vote is not None:
        yield "my_vote", vote
    if seat in state.exchanges:
        yield "my_exchange", SeatCard(seat, state.exchanges[seat])
    if seat in state.played:
        yield "my_played", SeatCard(seat, state.played[seat])
