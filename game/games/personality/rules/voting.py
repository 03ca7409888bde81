"""The secret vote and its bets (PE-3), how it resolves (PE-4, PE-5), the tie's debate
and second vote without bets (PE-6) and, with the lobby's "Audience breaks ties", the
audience's say when it ties again (AU-2), an Inversion vote's cards (PE-9, PE-16), and
who may exchange a card afterwards (PE-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from ....core.actions import Action, IllegalAction
from ....core.engine import Step
from ....core.events import AudienceDecided, Event
from .events import MaskMoved, ReadyPressed, VoteCast, VoteRevealed
from .state import (BETS, PEState, VoteBox, drawn, enter, leaders, played_back, seat_of, seat_order,
                    team, tokens_back, with_item)
from .track import move_masks, steps
from .turns import process_landings
from .view import Candidate, PEPhase, VoteKind, VoteRecord

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace


def open_vote(state: PEState, phase: PEPhase, candidates: Iterable[Candidate], events: list[Event]) -> PEState:
    """Start a secret vote: partners do not vote (their captain does, PE-8), and a seat
    with nothing it may choose (only its own Inversion cards) sits it out."""
    state = replace(enter(state, phase, events), candidates=tuple(candidates), ballots=state.ballots + 1)
    paired = {partner for _captain, partner in state.pairs}
    voters = [s for s in range(state.seats) if s not in paired and state.choices(s)]
    state = replace(state, box=VoteBox.open(state.seats, state.candidates, voters))
    return state if voters else resolve(state, events)


def vote(state: PEState, action: Action) -> Step[PEState]:
    """PE-3, and the second round of PE-6 (no bets)."""
    seat = seat_of(action)
    choice, bet = action.data.get("choice"), action.data.get("bet", 1)
    if choice not in state.choices(seat):
        raise IllegalAction("bad_choice", repr(choice))
    allowed = BETS if state.phase == PEPhase.VOTE else (1,)
    if bet not in allowed:
        raise IllegalAction("bad_bet", repr(bet))
    assert state.box is not None and isinstance(choice, (int, str))  # a vote phase always has its box
    box = state.box.cast(team(state, seat), choice, bet)
    new = replace(state, clock=action.tick, box=box, tokens=with_item(state.tokens, seat, state.tokens[seat] - (bet - 1)))
    events: list[Event] = [VoteCast(seat)]
    if not box.waiting:
        new = resolve(new, events)
    return Step(new, tuple(events))


def ready(state: PEState, action: Action) -> Step[PEState]:
    """PE-6: a seat is done debating; when all are, the second vote starts."""
    new = replace(state, clock=action.tick, ready=state.ready + (seat_of(action),))
    events: list[Event] = [ReadyPressed(seat_of(action))]
    if len(new.ready) == new.seats:                      # PE-6: consensus skips the debate
        new = open_vote(new, PEPhase.REVOTE, new.candidates, events)
    return Step(new, tuple(events))


def debate_over(state: PEState, action: Action) -> Step[PEState]:
    """PE-6: the debate's countdown ran out."""
    events: list[Event] = []
    new = open_vote(replace(state, clock=action.tick), PEPhase.REVOTE, state.candidates, events)
    return Step(new, tuple(events))


def resolve(state: PEState, events: list[Event]) -> PEState:
    box = state.box
    assert box is not None
    first = state.phase == PEPhase.VOTE
    counts = box.counts()
    top, tied = leaders(counts)
    record = _record(state, counts)
    if first and top < 2 or not first and top == 0:                       # PE-5
        return _no_election(state, record, first, events)
    if len(tied) > 1 and first:                                           # PE-6
        state = _reveal(state, replace(record, outcome="tie", tied=tuple(tied)), events)
        state = enter(tokens_back(state), PEPhase.DEBATE, events)
        return replace(state, candidates=tuple(tied), ready=(), debate_started=state.clock)
    if len(tied) > 1:                                                     # PE-6: still tied
        if state.audience_breaks_ties:                                    # AU-2
            return replace(enter(state, PEPhase.VERDICT, events), candidates=tuple(tied))
        return _no_election(state, record, first, events)
    return _elect(state, record, tied[0], first, events)                  # PE-4


def verdict(state: PEState, action: Action) -> Step[PEState]:
    """AU-2: the audience's say on a second vote still tied. A tied player it names gets
    the card as the second vote's winner (PE-6: those who named them move 1); no say,
    or anyone else, and the card goes under the deck as PE-6 has it. The record is the
    second vote's, its tie kept in ``tied``."""
    assert state.box is not None
    events: list[Event] = []
    record = replace(_record(state, state.box.counts(), PEPhase.REVOTE), tied=state.candidates)
    choice = action.data.get("choice")
    if choice not in state.candidates:
        return Step(_no_election(state, record, False, events), tuple(events))
    assert isinstance(choice, (int, str))
    events.append(AudienceDecided(choice))
    return Step(_elect(state, record, choice, False, events), tuple(events))


def _no_election(state: PEState, record: VoteRecord, first: bool, events: list[Event]) -> PEState:
    """PE-5, PE-6 still tied: the card goes under the deck (the reader draws after a first vote)."""
    state = _discard_table(state, reader_draws=first and state.vote_kind == VoteKind.NORMAL)
    if first:
        state = tokens_back(state)
    state = _reveal(state, replace(record, outcome="none"), events)
    return finish_vote(state, events)


def _elect(state: PEState, record: VoteRecord, elected: Candidate, first: bool, events: list[Event]) -> PEState:
    """PE-4 (a first vote) and PE-6 (a second one): ``elected`` gets the card, masks move."""
    box = state.box
    assert box is not None
    state = _give_elected_card(state, elected)
    deltas = {s: step for voter, step in steps(box.votes(), elected, first).items() for s in team(state, voter)}
    state, moves = move_masks(state, deltas)
    state = _reveal(state, replace(record, outcome="elected", elected=elected, moves=moves), events)
    events += [MaskMoved(m) for m in moves]
    if first:
        state = tokens_back(state)
    state = replace(state, elections=state.elections + 1)
    if first:                                                             # PE-15: not after a second vote
        exchangers = tuple(s for s in seat_order(state) if deltas.get(s, 0) > 0 and state.hands[s] and state.deck)
        state = replace(state, exchangers=exchangers, exchanges={})
        if exchangers:
            return enter(state, PEPhase.EXCHANGE, events)
    return finish_vote(state, events)


def finish_vote(state: PEState, events: list[Event]) -> PEState:
    """After a vote: pairs are spent (PE-8, PE-17), landings resolve (PE-10)."""
    return process_landings(replace(state, pairs=(), box=None, candidates=(), ready=()), events)


def _reveal(state: PEState, record: VoteRecord, events: list[Event]) -> PEState:
    events.append(VoteRevealed(record))
    return replace(state, result=record)


def _record(state: PEState, counts: tuple[tuple[Candidate, int], ...], stage: PEPhase | None = None) -> VoteRecord:
    return VoteRecord(
        kind=state.vote_kind, stage=stage or state.phase, turn=state.turn,
        card=state.table[0] if state.vote_kind == VoteKind.NORMAL else None,
        target=state.target, votes=dict(sorted(state.votes().items())),
        pairs=state.pairs, counts=counts,
        owners={card: s for s, card in sorted(state.played.items())},
    )


def _give_elected_card(state: PEState, elected: Candidate) -> PEState:
    if state.vote_kind == VoteKind.NORMAL:
        assert isinstance(elected, int)
        received = with_item(state.received, elected, state.received[elected] + state.table[-1:])
        return replace(state, received=received, table=state.table[:-1])
    assert state.target is not None and isinstance(elected, str)
    received = with_item(state.received, state.target, state.received[state.target] + (elected,))   # PE-9
    return replace(state, received=received, hands=played_back(state, keep=elected), played={})     # PE-16


def _discard_table(state: PEState, reader_draws: bool) -> PEState:
    if state.vote_kind == VoteKind.NORMAL:
        state = replace(state, deck=state.deck + state.table, table=())
        return drawn(state, state.reader, 1) if reader_draws else state   # PE-5
    return replace(state, hands=played_back(state), played={})           # PE-16
