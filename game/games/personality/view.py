"""What each seat may see of a Personality match.

The public part is what the TV draws: masks on the track, received cards face up, who
has voted (never what), the table, the endgame gifts, and after each vote the full
reveal (``result``). Private parts: the hand, one's own secret vote (a Tête-à-tête
partner sees the pair's vote), one's exchange choice and one's Inversion card.
Inversion cards are shown only once all are down, sorted by id, so the table does not
tell who played which until the reveal names the owners.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # pragma: no cover
    from .rules import PEState, PersonalityGame


@dataclass(frozen=True)
class PEPublic:
    seats: int
    phase: str
    turn: int
    reader: int
    positions: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    received: tuple[tuple[str, ...], ...]
    deck_size: int
    vote_kind: str
    target: int | None
    table: tuple[str, ...]
    played: tuple[int, ...]
    candidates: tuple[Any, ...]
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
    gifts: tuple[dict[str, Any], ...]
    contest: int | None
    judges: tuple[int, ...]
    judged: tuple[int, ...]
    inversions: tuple[int, ...]
    winners: tuple[int, ...]
    result: dict[str, Any] | None
    contest_result: dict[str, Any] | None
    events: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class PEPrivate:
    hand: tuple[str, ...]
    tokens: int
    #: The vote this seat cast (or its Tête-à-tête captain cast for it) this round.
    my_vote: dict[str, Any] | None
    my_exchange: dict[str, Any] | None
    my_played: dict[str, Any] | None
    #: What this seat may vote for now (no own Inversion card).
    choices: tuple[Any, ...]


def public_view(game: "PersonalityGame", state: "PEState") -> PEPublic:
    partners = {partner: captain for captain, partner in state.pairs}
    voted = sorted({s for s in range(state.seats) if s in state.votes or partners.get(s) in state.votes}
                   if state.phase in ("vote", "revote") else set())
    if state.vote_kind == "inversion" and state.phase != "play":
        table = tuple(sorted(state.played.values()))
    else:
        table = tuple(state.table)
    return PEPublic(
        seats=state.seats, phase=state.phase, turn=state.turn, reader=state.reader,
        positions=tuple(state.positions), hand_sizes=tuple(len(h) for h in state.hands),
        received=tuple(tuple(p) for p in state.received), deck_size=len(state.deck),
        vote_kind=state.vote_kind, target=state.target, table=table,
        played=tuple(sorted(state.played)) if state.phase == "play" else (),
        candidates=tuple(state.candidates), voters=tuple(state.voters), voted=tuple(voted),
        pairs=tuple((a, b) for a, b in state.pairs), ready=tuple(state.ready),
        debate_started=state.debate_started, debate_ticks=state.debate_ticks,
        exchangers=tuple(state.exchangers), exchanged=tuple(sorted(state.exchanges)),
        chooser=state.chooser, giver=state.giver, gift_count=state.gift_count,
        gifts=tuple({"card": g["card"], "to": g["to"], "answer": g["answer"]} for g in state.gifts),
        contest=state.contest, judges=tuple(state.judges), judged=tuple(sorted(state.judgements)),
        inversions=tuple(state.inversions), winners=tuple(state.winners),
        result=state.result, contest_result=state.contest_result, events=tuple(state.events),
    )


def _vote_of(state: "PEState", seat: int) -> dict[str, Any] | None:
    """``seat``'s vote this round, or its captain's; the voter's seat is part of the value
    so two voters' equal choices are never the same secret."""
    for captain, partner in state.pairs:
        if partner == seat:
            seat = captain
    vote = state.votes.get(seat) if state.phase in ("vote", "revote") else None
    return None if vote is None else {"seat": seat, "choice": vote["choice"], "bet": vote["bet"]}


def private_view(game: "PersonalityGame", state: "PEState", seat: int) -> PEPrivate:
    exchange = {"seat": seat, "card": state.exchanges[seat]} if seat in state.exchanges else None
    played = {"seat": seat, "card": state.played[seat]} if seat in state.played else None
    choices = tuple(game.choices(state, seat)) if state.phase in ("vote", "revote") else ()
    return PEPrivate(hand=tuple(state.hands[seat]), tokens=state.tokens[seat], my_vote=_vote_of(state, seat),
                     my_exchange=exchange, my_played=played, choices=choices)


def secret_fields(state: "PEState", seat: int) -> Iterator[tuple[str, Any]]:
    yield "hand", tuple(state.hands[seat])
    vote = _vote_of(state, seat)
    if vote is not None:
        yield "my_vote", vote
    if seat in state.exchanges:
        yield "my_exchange", {"seat": seat, "card": state.exchanges[seat]}
    if seat in state.played:
        yield "my_played", {"seat": seat, "card": state.played[seat]}
