"""The cards in hand: the deal (PE-1), the reader's card that opens a vote (PE-2), and
the exchange with the deck that moving forward earns (PE-4, PE-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.actions import Action, IllegalAction
from ....core.engine import Step, take_chance
from ....core.events import Event
from .events import CardRead, ExchangeChosen, Exchanged
from .state import HAND, PEState, draw, seat_of, with_item, without
from .turns import start_turn
from .view import PEPhase, VoteKind
from .voting import finish_vote, open_vote

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace


def deal(state: PEState, action: Action) -> Step[PEState]:
    """PE-1: seven cards each from the shuffled pool; the rest is the deck."""
    deck = tuple(action.data.get("deck", []))
    if sorted(deck) != sorted(state.pool):
        raise IllegalAction("bad_deal", "the deal is not a shuffle of the pool")
    new = replace(state, clock=action.tick, rng=take_chance(action), deck=deck[HAND * state.seats:],
                  hands=tuple(deck[HAND * s:HAND * (s + 1)] for s in range(state.seats)))
    events: list[Event] = []
    return Step(start_turn(new, events), tuple(events))


def read(state: PEState, action: Action) -> Step[PEState]:
    """PE-2: the reader reads a card of its hand aloud; everyone votes (PE-3)."""
    seat, card = seat_of(action), action.data.get("card")
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", repr(card))
    assert isinstance(card, str)
    new = replace(state, clock=action.tick, hands=with_item(state.hands, seat, without(state.hands[seat], card)),
                  table=(card,), vote_kind=VoteKind.NORMAL)
    events: list[Event] = [CardRead(seat, card)]
    return Step(open_vote(new, PEPhase.VOTE, range(new.seats), events), tuple(events))


def exchange(state: PEState, action: Action) -> Step[PEState]:
    """PE-4: each voter who moved forward may swap a card with the deck; the swaps
    happen together once all have chosen, in seat order from the reader."""
    seat, card = seat_of(action), action.data.get("card")
    if card is not None and card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", repr(card))
    assert card is None or isinstance(card, str)
    exchanges = {**state.exchanges, seat: card}
    new = replace(state, clock=action.tick, exchanges=exchanges)
    events: list[Event] = [ExchangeChosen(seat)]
    if len(exchanges) < len(new.exchangers):
        return Step(new, tuple(events))
    swapped = []
    hands, deck = list(new.hands), new.deck
    for s in new.exchangers:
        out = exchanges[s]
        if out is None:
            continue
        deck, hands[s] = draw(deck + (out,), without(hands[s], out), 1)
        swapped.append(s)
    events.append(Exchanged(tuple(swapped)))
    new = replace(new, hands=tuple(hands), deck=deck, exchangers=(), exchanges={})
    return Step(finish_vote(new, events), tuple(events))
