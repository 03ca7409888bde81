"""Between two votes: the landings that queued up resolve one by one in seat order from
the reader (PE-10) — a Tête-à-tête pairs up (PE-8), an Inversion waits for its round
(PE-9), the summit starts an endgame (PE-11) — then the next turn starts: Inversion
rounds first (PE-9, PE-16), else the next reader's card (PE-2, PE-14)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.actions import Action, IllegalAction
from ....core.engine import Step
from ....core.events import Event
from .events import InversionStarted, Landed, Paired, Won
from .state import MAX_GIFTS, PEState, drawn, enter, partners, seat_of
from .view import PEPhase, VoteKind

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace


def process_landings(state: PEState, events: list[Event]) -> PEState:
    """Resolve queued landings one by one (PE-10); stop when one needs a player's choice."""
    while state.landings:
        (seat, kind), state = state.landings[0], replace(state, landings=state.landings[1:])
        events.append(Landed(seat, kind))
        if kind == "tete_a_tete":                                 # PE-8
            if any(seat in pair for pair in state.pairs) or not partners(state, seat):
                continue
            return enter(replace(state, chooser=seat), PEPhase.PARTNER, events)
        if kind == "inversion":                                   # PE-9: before the next turn
            state = replace(state, inversions=state.inversions + (seat,))
            continue
        if not state.hands[seat]:                                 # PE-11: empty hand wins at once
            state = replace(state, winners=state.winners + (seat,))
            events.append(Won(seat))
            continue
        state = replace(state, giver=seat, gifts=(), failed=False,
                        gift_count=min(MAX_GIFTS, len(state.hands[seat]), state.seats - 1))
        return enter(state, PEPhase.GIVE, events)
    if state.winners:
        return enter(replace(state, end_reason="summit"), PEPhase.OVER, events)
    if state.vote_kind == VoteKind.NORMAL:
        state = replace(state, reader=(state.reader + 1) % state.seats, turn=state.turn + 1)
    return start_turn(state, events)


def start_turn(state: PEState, events: list[Event]) -> PEState:
    state = replace(state, vote_kind=VoteKind.NORMAL, target=None, played={}, table=())
    while state.inversions:                                       # PE-9, PE-16
        target, state = state.inversions[0], replace(state, inversions=state.inversions[1:])
        players = [s for s in range(state.seats) if s != target and state.hands[s]]
        if len(players) >= 2:
            state = enter(replace(state, vote_kind=VoteKind.INVERSION, target=target), PEPhase.PLAY, events)
            events.append(InversionStarted(target))
            return state
    if not state.hands[state.reader]:                            # PE-14: draw one to read
        state = drawn(state, state.reader, 1)
    if not state.hands[state.reader]:
        best = max(state.positions)
        state = replace(state, winners=tuple(s for s in range(state.seats) if state.positions[s] == best),
                        end_reason="deck_out")
        return enter(state, PEPhase.OVER, events)
    return enter(state, PEPhase.READ, events)


def pair(state: PEState, action: Action) -> Step[PEState]:
    """PE-8: the Tête-à-tête player picks its partner for the next vote."""
    seat, partner = seat_of(action), action.data.get("partner")
    if partner not in partners(state, seat):
        raise IllegalAction("bad_partner", repr(partner))
    assert isinstance(partner, int)
    new = replace(state, clock=action.tick, pairs=state.pairs + ((seat, partner),), chooser=None)
    events: list[Event] = [Paired(seat, partner)]
    return Step(process_landings(new, events), tuple(events))
