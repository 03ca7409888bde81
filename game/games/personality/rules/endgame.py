"""The endgame at the Suprême Perspicacité (PE-11): the candidate gives cards face up,
one per other player; each receiver accepts or contests; a contested gift is judged by
the others (PE-18) and goes to whom they name, or under the deck. Any contest upheld
against the giver sends it back to the door; else it wins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.actions import Action, IllegalAction
from ....core.engine import Step
from ....core.events import Event
from ....core.values import Ballot
from .events import ContestResolved, EndgameOver, GiftAnswered, GiftGiven, Judged, SentToDoor, Won
from .state import HAND, PEState, drawn, enter, judge_choices, receivers, seat_of, seat_order, with_item, without
from .turns import process_landings
from .view import ContestRecord, Gift, PEPhase

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace


def give(state: PEState, action: Action) -> Step[PEState]:
    """PE-11: the candidate gives its cards, one per other player."""
    seat, card, to = seat_of(action), action.data.get("card"), action.data.get("to")
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", repr(card))
    if to not in receivers(state):
        raise IllegalAction("bad_receiver", repr(to))
    assert isinstance(card, str) and isinstance(to, int)
    new = replace(state, clock=action.tick, hands=with_item(state.hands, seat, without(state.hands[seat], card)),
                  gifts=state.gifts + (Gift(card, to),))
    return Step(new, (GiftGiven(seat, card, to),))


def accept(state: PEState, action: Action) -> Step[PEState]:
    return _answer(state, action, "accept")


def contest(state: PEState, action: Action) -> Step[PEState]:
    return _answer(state, action, "contest")


def _answer(state: PEState, action: Action, answer: str) -> Step[PEState]:
    seat = seat_of(action)
    index = next(i for i, g in enumerate(state.gifts) if g.to == seat)
    gift = replace(state.gifts[index], answer=answer)
    received = state.received
    if answer == "accept":
        received = with_item(received, seat, received[seat] + (gift.card,))
        gift = replace(gift, placed=True)
    new = replace(state, clock=action.tick, gifts=with_item(state.gifts, index, gift), received=received)
    events: list[Event] = [GiftAnswered(seat, answer)]
    if all(g.answer is not None for g in new.gifts):
        new = _next_contest(new, events)
    return Step(new, tuple(events))


def _next_contest(state: PEState, events: list[Event]) -> PEState:
    for index, gift in enumerate(state.gifts):
        if not gift.placed:
            new = replace(state, contest=index,
                          judges=tuple(s for s in seat_order(state) if s not in (state.giver, gift.to)),
                          judging=Ballot.open(state.seats, 1, judge_choices(state)))
            return enter(new, PEPhase.CONTEST, events)
    return _end_endgame(state, events)


def judge(state: PEState, action: Action) -> Step[PEState]:
    """PE-11, PE-18: the contest's vote."""
    seat, choice = seat_of(action), action.data.get("choice")
    if choice not in judge_choices(state):
        raise IllegalAction("bad_choice", repr(choice))
    assert state.judging is not None and state.contest is not None and state.giver is not None
    judging = state.judging.cast(seat, 0, choice)
    new = replace(state, clock=action.tick, judging=judging)
    events: list[Event] = [Judged(seat)]
    if any(judging.rows[s][0] is None for s in new.judges):
        return Step(new, tuple(events))
    gift = new.gifts[state.contest]
    top = judging.leaders(0, voters=new.judges)
    upheld = gift.to in top
    goes_to: int | None
    if upheld:
        goes_to = gift.to
    elif len(top) == 1:
        goes_to = top[0]
    else:
        goes_to = None
    deck, received = new.deck, new.received
    if goes_to is None:
        deck = deck + (gift.card,)
    else:
        received = with_item(received, goes_to, received[goes_to] + (gift.card,))
    record = ContestRecord(state.giver, gift.to, gift.card, dict(sorted(new.judgements().items())), upheld, goes_to)
    events.append(ContestResolved(record))
    new = replace(new, deck=deck, received=received, gifts=with_item(new.gifts, state.contest, replace(gift, placed=True)),
                  failed=new.failed or not upheld, contest_result=record, contest=None, judges=(), judging=None)
    return Step(_next_contest(new, events), tuple(events))


def _end_endgame(state: PEState, events: list[Event]) -> PEState:
    giver = state.giver
    assert giver is not None
    if state.failed:                                             # PE-11: back to the door
        before = state.positions[giver]
        state = replace(state, positions=with_item(state.positions, giver, state.board.door))
        state = drawn(state, giver, HAND - len(state.hands[giver]))
        events.append(SentToDoor(giver, before, state.board.door))
    else:
        state = replace(state, winners=state.winners + (giver,))
        events.append(Won(giver))
    events.append(EndgameOver(giver, not state.failed))
    return process_landings(replace(state, giver=None, gifts=(), gift_count=0, failed=False), events)
