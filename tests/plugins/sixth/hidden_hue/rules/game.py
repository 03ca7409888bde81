"""Hidden Hue's rules, pure, on declared phases (``game.core.phases``).

- HH-1 Each round every seat is secretly dealt a colour, all different, from the
  palette; the colours in play are shown (not who holds which).
- HH-2 Every seat guesses, blind, the colour of the seat on its left, among the colours
  in play but its own. Guesses stay hidden until every seat has guessed.
- HH-3 A right guess scores 1 point for the guesser; the round's colours and guesses are
  then turned over.
- HH-4 After the last round (option ``hue_rounds``, default 2) most points wins; equal
  points share the place.

``deal`` waits for the chance action that deals the round; ``guess`` takes one guess
per seat, and the last one scores the round (the state then goes back to ``deal`` for
the next round, or to ``over``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from game.core.actions import CHANCE, Action, IllegalAction
from game.core.engine import Outcome, SeatView, Step, chance_action, chance_data, take_chance
from game.core.events import Event, MatchOver
from game.core.options import OptionSpec
from game.core.phases import Move, Phase, PhasedGame, all_once, nobody
from game.core.rng import Rng
from game.core.schema import Fields, ListOf, OneOf

from .catalogue import HueCatalogue
from .events import ColourDealt, Guessed, RoundScored
from .view import HuePhase, HuePrivate, HuePublic, Round, left_of

if TYPE_CHECKING:
    from dataclasses import replace
else:
    from game.core.records import replace

GUESS = "guess"
ROUNDS = "hue_rounds"


@dataclass(frozen=True)
class HueState:
    seats: int
    rounds: int
    rng: Rng
    phase: HuePhase = HuePhase.DEAL
    colours: tuple[str, ...] = ()        # per seat, this round (secret)
    guesses: tuple[str, ...] = ()        # per seat, "" until it guesses (secret until scored)
    scores: tuple[int, ...] = ()
    history: tuple[Round, ...] = ()


class HiddenHue(PhasedGame[HueState, HuePublic, HuePrivate]):
    id = "hidden_hue"
    min_seats = 3
    max_seats = 6
    options = (OptionSpec(ROUNDS, 2, (1, 2, 3)),)  # HH-4

    def __init__(self, catalogue: HueCatalogue) -> None:
        self.catalogue = catalogue
        super().__init__()

    def phases(self) -> Sequence[Phase[HueState]]:
        colour = OneOf(self.catalogue.ids)
        deal = chance_data({"colours": ListOf(colour, self.max_seats)})
        return (
            Phase(HuePhase.DEAL, {CHANCE: Move(self._deal, deal)}, active=nobody, chance=self._draw,
                  end_if=lambda s: bool(s.colours), next=HuePhase.GUESS),
            Phase(HuePhase.GUESS, {GUESS: Move(self._guess, Fields({"colour": colour}), choices=self._choices)},
                  active=all_once(lambda s: [seat for seat in range(s.seats) if not s.guesses[seat]]),
                  refusal="guessed", end_if=lambda s: not s.colours,
                  next=lambda s: HuePhase.OVER if len(s.history) >= s.rounds else HuePhase.DEAL),
            Phase(HuePhase.OVER),
        )

    def setup(self, config: Mapping[str, Any], rng: Rng) -> HueState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Hidden Hue takes {self.min_seats}–{self.max_seats} seats")
        return HueState(seats=seats, rounds=int(self.option(config, ROUNDS)), rng=rng, scores=(0,) * seats)

    # --- the deal (HH-1) -------------------------------------------------------------------
    def _draw(self, state: HueState) -> Action:
        return chance_action(state.rng, lambda rng: {"colours": rng.shuffled(list(self.catalogue.ids))[:state.seats]})

    def _deal(self, state: HueState, action: Action) -> Step[HueState]:
        colours = tuple(action.data["colours"])
        if len(colours) != state.seats or len(set(colours)) != state.seats:
            raise IllegalAction("bad_deal", "one colour per seat, all different")
        new = replace(state, rng=take_chance(action), colours=colours, guesses=("",) * state.seats)
        return Step(new, tuple(ColourDealt(seat, colour) for seat, colour in enumerate(colours)))

    # --- the guesses (HH-2, HH-3) ----------------------------------------------------------
    def _choices(self, state: HueState, seat: int) -> Iterator[dict[str, str]]:
        return ({"colour": c} for c in self.in_play(state) if c != state.colours[seat])

    def _guess(self, state: HueState, action: Action) -> Step[HueState]:
        seat, colour = action.seat, action.data["colour"]
        assert seat is not None  # the phase shell checked the seat
        if colour not in state.colours:
            raise IllegalAction("not_in_play")
        if colour == state.colours[seat]:
            raise IllegalAction("own_colour")
        guesses = tuple(colour if s == seat else g for s, g in enumerate(state.guesses))
        new = replace(state, guesses=guesses)
        events: list[Event] = [Guessed(seat)]
        if all(guesses):
            record = Round(state.colours, guesses,
                           tuple(guesses[s] == state.colours[left_of(s, state.seats)] for s in range(state.seats)))
            scores = tuple(score + point for score, point in zip(state.scores, record.points))
            new = replace(new, colours=(), guesses=(), scores=scores, history=(*state.history, record))
            events.append(RoundScored(len(new.history), record))
            if len(new.history) >= state.rounds:
                outcome = self._outcome(new)
                events.append(MatchOver(outcome.winners, "points"))
        return Step(new, tuple(events))

    # --- the end (HH-4) --------------------------------------------------------------------
    def outcome(self, state: HueState) -> Outcome | None:
        return self._outcome(state) if state.phase == HuePhase.OVER else None

    @staticmethod
    def _outcome(state: HueState) -> Outcome:
        scores = dict(enumerate(state.scores))
        best = max(scores.values())
        return Outcome(scores=scores, winners=tuple(s for s, score in scores.items() if score == best),
                       ranks=Outcome.ranks_from_scores(scores), reason="points",
                       measures={"right_guesses": float(sum(scores.values()))})

    # --- information -----------------------------------------------------------------------
    def in_play(self, state: HueState) -> tuple[str, ...]:
        """This round's colours in the palette's order: who holds which stays hidden."""
        return tuple(c for c in self.catalogue.ids if c in state.colours)

    def view(self, state: HueState, seat: int | None) -> SeatView[HuePublic, HuePrivate]:
        public = HuePublic(phase=state.phase, rounds=state.rounds, round=min(len(state.history) + 1, state.rounds),
                           in_play=self.in_play(state), guessed=tuple(bool(g) for g in state.guesses),
                           scores=tuple(state.scores), history=tuple(state.history))
        if seat is None or not state.colours:
            return SeatView(seat, public)
        return SeatView(seat, public, HuePrivate(state.colours[seat], state.guesses[seat]))

    def secrets(self, state: HueState, seat: int) -> Iterator[tuple[str, Any]]:
        if state.colours:
            yield "my_colour", state.colours[seat]
            if state.guesses[seat]:
                yield "my_guess", state.guesses[seat]

    def invariants(self, state: HueState) -> None:
        assert len(state.scores) == state.seats and all(score >= 0 for score in state.scores)
        assert sum(state.scores) == sum(sum(r.points) for r in state.history), "every point comes from a round"
        assert len(state.history) <= state.rounds
        if state.phase == HuePhase.GUESS:
            assert len(set(state.colours)) == len(state.colours) == state.seats, "one colour each, all different"
            assert all(g != state.colours[s] for s, g in enumerate(state.guesses)), "nobody names their own colour"
        if state.phase == HuePhase.OVER:
            assert len(state.history) == state.rounds and not state.colours
