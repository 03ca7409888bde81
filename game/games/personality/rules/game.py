"""Personality rules (PE-1..PE-18 in RULES.md and docs/rules.md), pure, on declared
phases (``game.core.phases``).

A turn: the reader plays a card (PE-2), everyone votes in secret for the player it fits
with a bet (PE-3); a unique plurality of at least 2 elects (PE-4), nobody at 2 sends the
card under the deck (PE-5), a tie opens a debate and a second vote without bets (PE-6).
Moves resolve square by square onto the board, which is catalogue data (PE-12); special
landings (PE-7..PE-9) and the endgame (PE-11) follow in seat order from the reader
(PE-10). Where the booklet is silent: PE-14..PE-18.

The definition is the shell; the rules live by responsibility:

- ``state``: the match's frozen state, its secret vote (``VoteBox``) and shared helpers;
- ``phases``: the phases declared, with their moves, active seats and countdown;
- ``reading``: the deal, the reader's card, the exchange (PE-1, PE-2, PE-4, PE-15);
- ``voting``: votes and bets, resolution, debate and second vote (PE-3..PE-6, PE-16);
- ``track``: masks moving, the Gouffre, landings queued (PE-4, PE-7, PE-10);
- ``turns``: landings resolved, Tête-à-tête pairs, the next turn (PE-8..PE-10, PE-14);
- ``inversion``: the Inversion round (PE-9);
- ``endgame``: gifts, answers and contests at the summit (PE-11, PE-18).
Every step copies the state with ``game.core.records.replace`` (``dataclasses.replace``
for mypy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from ....core.actions import CHANCE, Action
from ....core.engine import Outcome, SeatView, Step, seconds_to_ticks
from ....core.options import OptionSpec
from ....core.phases import Phase, PhasedGame
from ....core.rng import Rng
from .catalogue import PECatalogue
from .events import PEEvent
from .phases import make_phases
from .state import HAND, TOKENS, PEState
from .view import PEPhase, PEPrivate, PEPublic, PEView, private_view, public_view, secret_fields

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace

FAMILY, DEBATE_SECONDS = "family", "debate_seconds"
#: The lobby option "Audience breaks ties" (AU-2): a second vote still tied goes to the
#: audience's pick instead of under the deck.
AUDIENCE_TIEBREAK = "audience_breaks_ties"


class PersonalityGame(PhasedGame[PEState, PEPublic, PEPrivate]):
    id = "personality"
    min_seats = 3
    max_seats = 6
    options = (
        OptionSpec(FAMILY, True, (True, False)),
        OptionSpec(DEBATE_SECONDS, 60, (30, 60, 90)),   # PE-6
        OptionSpec(AUDIENCE_TIEBREAK, False, (False, True)),   # AU-2
    )
    not_now = "wrong_phase"

    def __init__(self, catalogue: PECatalogue) -> None:
        self.catalogue = catalogue
        super().__init__()

    def phases(self) -> Sequence[Phase[PEState]]:
        return make_phases((trait.id for trait in self.catalogue.traits), self.max_seats)

    # --- set-up (PE-1) -----------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> PEState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Personality needs {self.min_seats}..{self.max_seats} seats")
        pool = self.catalogue.deck_ids(bool(self.option(config, FAMILY)))
        if len(pool) < HAND * seats + 10:
            raise ValueError("not enough cards for this table")
        seconds = float(self.option(config, DEBATE_SECONDS))
        ticks = seconds_to_ticks(seconds, float(config.get("timer_scale", 1.0)))
        return PEState(seats=seats, rng=rng, board=self.catalogue.board, pool=pool, debate_ticks=ticks,
                       hands=((),) * seats, received=((),) * seats, positions=(0,) * seats,
                       tokens=(TOKENS,) * seats, audience_breaks_ties=bool(self.option(config, AUDIENCE_TIEBREAK)))

    # --- stepping -------------------------------------------------------------------------
    def step(self, state: PEState, action: Action) -> Step[PEState]:
        """The phase shell; the step's events are kept for the plain form (``PEState.told``)."""
        done = super().step(state, action)
        told = tuple(e for e in done.events if isinstance(e, PEEvent))
        if action.kind == CHANCE:        # the deal told nothing new before (its list was kept)
            told = state.told + told
        return Step(replace(done.state, told=told), done.events)

    # --- outcome, views --------------------------------------------------------------------
    def outcome(self, state: PEState) -> Outcome | None:
        if state.phase != PEPhase.OVER:
            return None
        scores = {s: state.positions[s] for s in range(state.seats)}
        bonus = {s: 1 if s in state.winners else 0 for s in range(state.seats)}
        return Outcome(scores=scores, winners=tuple(sorted(state.winners)),
                       ranks=Outcome.ranks_from_scores({s: bonus[s] for s in scores}, scores),
                       reason=state.end_reason,
                       measures={"turns": float(state.turn), "elections": float(state.elections)})

    def view(self, state: PEState, seat: int | None) -> PEView:
        private: PEPrivate | None = None if seat is None else private_view(state, seat)
        return SeatView(seat, public_view(state), private)

    def secrets(self, state: PEState, seat: int) -> Iterator[tuple[str, object]]:
        return secret_fields(state, seat)

    def invariants(self, state: PEState) -> None:
        if state.phase == PEPhase.DEAL:
            return
        places = list(state.deck) + list(state.table) + list(state.played.values())
        for hand in state.hands:
            places += hand
        for pile in state.received:
            places += pile
        places += [g.card for g in state.gifts if not g.placed]
        assert sorted(places) == sorted(state.pool), "cards are not conserved"
        assert all(0 <= p < state.board.length for p in state.positions), "a mask is off the board"
        votes = state.votes()
        for s in range(state.seats):
            staked = votes[s].bet - 1 if s in votes and state.phase == PEPhase.VOTE else 0
            assert state.tokens[s] + staked == TOKENS, f"seat {s} has lost a token"
        assert all(0 <= s < state.seats for s in state.winners)
        assert len({s for pair in state.pairs for s in pair}) == 2 * len(state.pairs), "a seat is in two pairs"
