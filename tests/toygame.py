"""A tiny game that exercises every part of the engine before (and beside) real games.

Two seats. Each round, chance deals each seat a secret number 1..6. Then both seats
vote at once whether the OTHER seat's number is high (4..6) or low; a seat that has
voted may change its vote until the phase closes, which happens when both have voted
or when the vote countdown (10 s × timer_scale) expires. A right guess scores 1.
Three rounds by default.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

from game.core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from game.core.bots import Bot
from game.core.engine import Countdown, GameDefinition, Outcome, SeatView, Step, chance_action, take_chance
from game.core.records import replace
from game.core.rng import Rng
from game.games import GameEntry

VOTE_TICKS = 600
CHOICES = ("high", "low")


@dataclass
class ToyState:
    seats: int
    rounds: int
    vote_ticks: int
    rng: Rng
    round: int = 0
    phase: str = "deal"          # deal | vote | over
    numbers: list[int] = field(default_factory=list)
    votes: dict[int, str] = field(default_factory=dict)
    vote_started: int = 0
    scores: list[int] = field(default_factory=list)
    last_numbers: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class ToyPublic:
    round: int
    phase: str
    voted: tuple[bool, ...]
    scores: tuple[int, ...]
    timed: bool
    last_numbers: tuple[int, ...]


@dataclass(frozen=True)
class ToyPrivate:
    my_number: int | None
    my_vote: str | None


def _truth(number: int) -> str:
    return "high" if number >= 4 else "low"


class ToyGame(GameDefinition):
    id = "toy"
    min_seats = 2
    max_seats = 2

    def setup(self, config: Mapping[str, Any], rng: Rng) -> ToyState:
        seats = int(config["seats"])
        if seats != 2:
            raise ValueError("the toy game has two seats")
        ticks = int(VOTE_TICKS * float(config.get("timer_scale", 1.0)))
        return ToyState(seats=seats, rounds=int(config.get("rounds", 3)), vote_ticks=ticks, rng=rng,
                        scores=[0] * seats)

    def current(self, state: ToyState) -> frozenset[int]:
        # Every seat may act during the vote: the pending ones vote, the others may
        # change their vote until the phase closes.
        return frozenset(range(state.seats)) if state.phase == "vote" else frozenset()

    def legal(self, state: ToyState, seat: int) -> list[Action]:
        if state.phase != "vote":
            return []
        return [Action("vote", seat, {"choice": c}) for c in CHOICES if state.votes.get(seat) != c]

    def chance(self, state: ToyState) -> Action | None:
        if state.phase != "deal":
            return None
        return chance_action(state.rng, lambda rng: {"numbers": [rng.randint(1, 6) for _ in range(state.seats)]})

    def countdown(self, state: ToyState) -> Countdown | None:
        if state.phase != "vote":
            return None
        return Countdown("vote", state.vote_started, state.vote_ticks)

    def step(self, state: ToyState, action: Action) -> Step[ToyState]:
        if action.kind == CHANCE:
            if state.phase != "deal":
                raise IllegalAction("not_dealing")
            return Step(replace(state, rng=take_chance(action), numbers=list(action.data["numbers"]), votes={},
                                phase="vote", vote_started=action.tick))
        if action.kind == TIMEOUT:
            if state.phase != "vote":
                raise IllegalAction("no_countdown")
            return Step(self._close(state))
        if action.kind != "vote":
            raise IllegalAction("unknown_action", action.kind)
        if state.phase != "vote":
            raise IllegalAction("not_voting")
        if action.seat not in range(state.seats):
            raise IllegalAction("bad_seat")
        choice = action.data.get("choice")
        if choice not in CHOICES:
            raise IllegalAction("bad_choice", repr(choice))
        if state.votes.get(action.seat) == choice:
            raise IllegalAction("same_vote")
        new = replace(state, votes={**state.votes, action.seat: choice})
        return Step(self._close(new) if len(new.votes) == new.seats else new)

    def _close(self, state: ToyState) -> ToyState:
        right = [state.votes.get(seat) == _truth(state.numbers[(seat + 1) % state.seats]) for seat in range(state.seats)]
        scores = [score + 1 if guessed else score for score, guessed in zip(state.scores, right)]
        round_ = state.round + 1
        return replace(state, scores=scores, last_numbers=state.numbers, numbers=[], votes={}, round=round_,
                       phase="over" if round_ >= state.rounds else "deal")

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = dict(enumerate(state.scores))
        best = max(scores.values())
        return Outcome(scores=scores, winners=tuple(s for s, v in scores.items() if v == best),
                       ranks=Outcome.ranks_from_scores(scores), reason="rounds",
                       measures={"accuracy": sum(state.scores) / (state.seats * state.rounds)})

    def view(self, state: ToyState, seat: int | None) -> SeatView:
        public = ToyPublic(round=state.round, phase=state.phase,
                           voted=tuple(s in state.votes for s in range(state.seats)),
                           scores=tuple(state.scores), timed=state.vote_ticks > 0,
                           last_numbers=tuple(state.last_numbers))
        if seat is None:
            return SeatView(None, public)
        number = state.numbers[seat] if state.phase == "vote" else None
        return SeatView(seat, public, ToyPrivate(my_number=number, my_vote=state.votes.get(seat)))

    def secrets(self, state: ToyState, seat: int):
        if state.phase == "vote":
            yield "my_number", state.numbers[seat]
            if seat in state.votes:
                yield "my_vote", state.votes[seat]

    def invariants(self, state: ToyState) -> None:
        assert state.phase in ("deal", "vote", "over")
        assert 0 <= state.round <= state.rounds
        assert all(0 <= s <= state.round for s in state.scores)
        assert set(state.votes) <= set(range(state.seats))
        if state.phase == "vote":
            assert len(state.numbers) == state.seats and all(1 <= n <= 6 for n in state.numbers)


class ToyBot(Bot):
    """Guesses, sometimes waits (so countdowns expire), sometimes changes its mind."""

    def act(self, view: SeatView, legal: Sequence[Action]) -> Action | None:
        voted = view.private.my_vote is not None
        if voted:
            return self.rng.choice(list(legal)) if self.rng.random() < 0.2 else None
        if view.public.timed and self.rng.random() < 0.3:
            return None
        return self.rng.choice(list(legal))


def play_on(session, bots: dict[int, ToyBot], moves: int | None = None) -> None:
    """The bots play ``session`` on, the lowest current seat first (a waiting bot: the
    clock jumps to the next deadline), ``moves`` times or to the end."""
    done = 0
    while session.outcome() is None and (moves is None or done < moves):
        seat = min(session.current(), default=None)
        action = bots[seat].act(session.view(seat), session.legal(seat)) if seat is not None else None
        if action is None:
            session.jump_to_deadline()
        else:
            session.submit(action)
        done += 1


ENTRY = GameEntry(
    id="toy",
    min_seats=2,
    max_seats=2,
    catalogue_key="toy",
    load_catalogue=lambda data_dir, custom_dir: (None, []),
    make_definition=lambda catalogue: ToyGame(),
    make_bot=lambda catalogue, seat, rng, level="normal": ToyBot(seat, rng, level),
    scenes_module="",
)


def resolve(game_id: str) -> GameDefinition | None:
    """A resolver for Session.load that knows the toy game."""
    return ToyGame() if game_id == "toy" else None
