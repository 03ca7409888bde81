"""The Inversion round (PE-9): everyone else who holds a card plays one face down for
the Inversion player; once all are down, the cards are the candidates of a vote
(``voting.open_vote``), and the ones not elected go back to their hands (PE-16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.actions import Action, IllegalAction
from ....core.engine import Step
from ....core.events import Event
from .events import CardPlayed
from .state import PEState, seat_of, with_item, without
from .view import PEPhase
from .voting import open_vote

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace


def players(state: PEState) -> list[int]:
    """Who plays a card in the Inversion round: everyone else who has one."""
    return [s for s in range(state.seats) if s != state.target and (state.hands[s] or s in state.played)]


def play(state: PEState, action: Action) -> Step[PEState]:
    """PE-9: a card face down for the Inversion player."""
    seat, card = seat_of(action), action.data.get("card")
    if card not in state.hands[seat]:
        raise IllegalAction("not_in_hand", repr(card))
    assert isinstance(card, str)
    new = replace(state, clock=action.tick, hands=with_item(state.hands, seat, without(state.hands[seat], card)),
                  played={**state.played, seat: card})
    events: list[Event] = [CardPlayed(seat)]
    if all(s in new.played for s in players(new)):
        new = open_vote(new, PEPhase.VOTE, sorted(new.played.values()), events)
    return Step(new, tuple(events))
