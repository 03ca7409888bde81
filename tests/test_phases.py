"""The core's declared phases, events and shared value types (game/core/phases.py,
events.py, values.py), on a small poll game written the way every game is to be."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

import pytest

from game.core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from game.core.bots import RandomBot
from game.core.engine import Countdown, Outcome, SeatView, Step
from game.core.events import Event, MatchOver, PhaseStarted, PrivateEvent, TimedOut, TurnStarted, visible
from game.core.options import OptionSpec, option
from game.core.phases import Move, Phase, PhasedGame, all_but, all_once, anyone, nobody, one, timeout_data
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.core.schema import Fields, Int
from game.core.serial import state_hash, to_plain
from game.core.session import Session
from game.core.values import Ballot, Barrier, SeatOrder


# --- a poll game: every seat numbers the others 1..n distinctly, then all say ready ----------------
@dataclass(frozen=True)
class PollState:
    seats: int
    rounds: int
    rng: Rng
    phase: str = "vote"
    round: int = 0
    started: int = 0
    ballot: Ballot | None = None
    ready: Barrier | None = None


@dataclass(frozen=True)
class Voted(PrivateEvent):
    target: int
    number: int


#: A vote's data: whom (a seat) and which number.
VOTE = Fields({"target": Int(0, 7), "number": Int(1, 7)})


class Poll(PhasedGame[PollState, dict[str, object], None]):
    id = "poll"
    options = (OptionSpec("rounds", 2, (1, 2, 3)),)
    not_now = "wrong_phase"

    def phases(self) -> Sequence[Phase[PollState]]:
        return (
            Phase("vote", {"vote": Move(self._vote, VOTE, choices=self._votes),
                           TIMEOUT: Move(self._fill, timeout_data("vote"))},
                  active=all_once(lambda s: s.ballot.waiting), refusal="voted", end_if=lambda s: s.ballot.complete,
                  next="ready", countdown=lambda s: Countdown("vote", s.started, 100), begin=self._open_ballot),
            Phase("ready", {"ready": Move(self._ready, choices=lambda s, seat: [{}])},
                  active=all_once(lambda s: s.ready.waiting), end_if=lambda s: s.ready.complete,
                  next=lambda s: "over" if s.round >= s.rounds else "vote", begin=self._open_barrier),
            Phase("over"),
        )

    def setup(self, config: Mapping[str, Any], rng: Rng) -> PollState:
        state = PollState(int(config["seats"]), self.option(config, "rounds"), rng)
        return self._open_ballot(state, 0).state

    def _open_ballot(self, state: PollState, tick: int) -> Step[PollState]:
        ballot = Ballot.open(state.seats, state.seats, range(1, state.seats), distinct=True, skip_self=True, blank=0)
        return Step(replace(state, ballot=ballot, started=tick, round=state.round + 1))

    def _open_barrier(self, state: PollState, tick: int) -> Step[PollState]:
        return Step(replace(state, ready=Barrier.open(state.seats)))

    def _votes(self, state: PollState, seat: int) -> list[dict[str, int]]:
        ballot = state.ballot
        return [{"target": t, "number": n} for t in ballot.missing(seat)[:1] for n in ballot.free(seat)]

    def _vote(self, state: PollState, action: Action) -> Step[PollState]:
        seat, target, number = action.seat, action.data.get("target"), action.data.get("number")
        return Step(replace(state, ballot=state.ballot.cast(seat, target, number)), (Voted(seat, target, number),))

    def _fill(self, state: PollState, action: Action) -> Step[PollState]:
        rng = Rng(state.rng.state)
        return Step(replace(state, ballot=state.ballot.filled(rng), rng=rng))

    def _ready(self, state: PollState, action: Action) -> Step[PollState]:
        return Step(replace(state, ready=state.ready.mark(action.seat)))

    def outcome(self, state: PollState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {s: 0 for s in range(state.seats)}
        return Outcome(scores, tuple(scores), Outcome.ranks_from_scores(scores))

    def view(self, state: PollState, seat: int | None) -> SeatView[dict[str, object], None]:
        return SeatView(seat, {"phase": state.phase, "round": state.round})


def test_a_phased_game_plays_through_the_harness():
    game = Poll()
    for seed in range(5):
        bots = {s: RandomBot(s, Rng(seed * 10 + s)) for s in range(3)}
        result = play_match(game, {"seats": 3}, seed, bots, check=True)
        assert result.session.state.round == 2 and result.actions == 2 * (3 * 2 + 3)


def test_the_base_routes_moves_and_moves_through_phases():
    game = Poll()
    session = Session(game, {"seats": 3, "rounds": 1}, 1)
    assert session.current() == {0, 1, 2}
    assert session.legal(0)[0] == Action("vote", 0, {"target": 1, "number": 1})
    events = session.submit(Action("vote", 0, {"target": 1, "number": 2}))
    assert events == (Voted(0, 1, 2),) and visible(events, None) == () and visible(events, 0) == events
    for action, reason in [(Action("ready", 0), "wrong_phase"), (Action("sing", 0), "unknown_action"),
                           (Action("vote", 3, {"target": 1, "number": 1}), "bad_seat"),
                           (Action("vote", 0, {"target": 2, "number": 2}), "number_used"),
                           (Action("vote", 0, {"target": 0, "number": 1}), "bad_target")]:
        with pytest.raises(IllegalAction) as err:
            session.submit(action)
        assert err.value.reason == reason, str(action)
    for seat, target, number in [(0, 2, 1), (1, 0, 1), (1, 2, 2), (2, 0, 2)]:
        session.submit(Action("vote", seat, {"target": target, "number": number}))
    assert session.current() == {2}
    with pytest.raises(IllegalAction) as err:
        session.submit(Action("vote", 0, {"target": 1, "number": 1}))
    assert err.value.reason == "voted"                     # the phase's refusal: seat 0 is done
    events = session.submit(Action("vote", 2, {"target": 1, "number": 1}))
    assert events[-1] == PhaseStarted("ready") and session.state.phase == "ready"
    for seat in range(3):
        events = session.submit(Action("ready", seat))
    assert events == (PhaseStarted("over"),) and session.outcome() is not None


def test_a_countdown_times_out_through_its_phase():
    session = Session(Poll(), {"seats": 3}, 2)
    session.submit(Action("vote", 0, {"target": 1, "number": 2}))
    assert session.advance(99) == ()
    events = session.advance(1)
    assert events == (TimedOut("vote"), PhaseStarted("ready"))
    assert session.state.ballot.complete and session.state.ballot.rows[0][1] == 2
    with pytest.raises(IllegalAction) as err:
        Poll().apply(session.state, Action(TIMEOUT, None, {"timer": "vote"}))
    assert err.value.reason == "no_timer"
    with pytest.raises(IllegalAction) as err:
        Poll().apply(session.state, Action(CHANCE, None, {"rng": 1}))
    assert err.value.reason == "no_chance"
    replayed = Session.from_json(session.to_json(), lambda _id: Poll())
    assert replayed.hash() == session.hash()


class OpenPoll(Poll):
    """The poll as Incognito votes: a voter who numbered everyone is no longer waited for
    but may still change a number; a vote out of its phase says so; the countdown
    closes the poll straight to "over" (``enter``), its ballot left as it is."""

    def phases(self) -> Sequence[Phase[PollState]]:
        return (
            Phase("vote", {"vote": Move(self._vote, VOTE, choices=self._votes, out_of_phase="not_voting"),
                           TIMEOUT: Move(lambda s, a: self.enter(s, "over", a.tick), timeout_data("vote"))},
                  active=anyone(), awaited=all_once(lambda s: s.ballot.waiting), end_if=lambda s: s.ballot.complete,
                  next="over", countdown=lambda s: Countdown("vote", s.started, 100), begin=self._open_ballot),
            Phase("over"),
        )

    def _open_ballot(self, state: PollState, tick: int) -> Step[PollState]:
        """One number more than the drawings, as Incognito's six tiles: a voter may renumber."""
        ballot = Ballot.open(state.seats, state.seats, range(1, state.seats + 1), distinct=True, skip_self=True)
        return Step(replace(state, ballot=ballot, started=tick, round=state.round + 1))


def test_a_phase_waits_for_fewer_seats_than_may_move_and_a_handler_may_enter_a_phase():
    session = Session(OpenPoll(), {"seats": 3}, 1)
    for target, number in ((1, 1), (2, 2)):
        session.submit(Action("vote", 0, {"target": target, "number": number}))
    assert session.current() == {1, 2}                        # seat 0 is not waited for…
    session.submit(Action("vote", 0, {"target": 1, "number": 3}))    # …but may change its mind
    assert session.state.ballot.rows[0] == (None, 3, 2) and session.current() == {1, 2}
    assert session.advance(100) == (TimedOut("vote"), PhaseStarted("over"))
    assert session.state.phase == "over" and not session.state.ballot.complete
    with pytest.raises(IllegalAction) as err:
        session.submit(Action("vote", 1, {"target": 0, "number": 1}))
    assert err.value.reason == "not_voting"                   # the move's own out-of-phase refusal


def test_who_presets():
    state = PollState(4, 1, Rng(1), ballot=Ballot.open(4, 1, range(4)))
    assert nobody(state) == frozenset()
    assert one(lambda s: 2)(state) == {2} and one(lambda s: None)(state) == frozenset()
    assert anyone()(state) == {0, 1, 2, 3} and anyone(lambda s: (1, 3))(state) == {1, 3}
    assert all_but(lambda s: 1)(state) == {0, 2, 3} and all_but(lambda s: 0, lambda s: (0, 3))(state) == {3}
    assert all_once(lambda s: s.ballot.waiting)(replace(state, ballot=state.ballot.cast(2, 0, 1))) == {0, 1, 3}


# --- value types -----------------------------------------------------------------------------------
def test_ballot_cast_take_back_tally_and_leaders():
    ballot = Ballot.open(4, 1, range(4))                 # "who fits this card best?" (oneself allowed)
    for voter, choice in enumerate((2, 2, 1, 2)):
        ballot = ballot.cast(voter, 0, choice)
    assert ballot.complete and ballot.tally() == {2: 3, 1: 1} and ballot.leaders() == (2,)
    ballot = ballot.take_back(0, 0).take_back(1, 0)
    assert ballot.waiting == {0, 1} and ballot.leaders() == (1, 2) and ballot.leaders(at_least=2) == ()
    assert ballot.leaders(voters=(2,)) == (1,)
    with pytest.raises(IllegalAction) as err:
        ballot.take_back(0, 0)
    assert err.value.reason == "nothing_to_take_back"
    with pytest.raises(IllegalAction) as err:
        ballot.cast(0, 0, 9)
    assert err.value.reason == "bad_number"


def test_ballot_distinct_numbers_per_voter():
    ballot = Ballot.open(3, 3, range(1, 7), distinct=True, skip_self=True, blank=0)
    assert ballot.asked(1) == (0, 2) and ballot.free(1) == (1, 2, 3, 4, 5, 6)
    ballot = ballot.cast(1, 0, 4)
    with pytest.raises(IllegalAction) as err:
        ballot.cast(1, 2, 4)
    assert err.value.reason == "number_used"
    assert ballot.cast(1, 0, 5).rows[1] == (5, None, None)   # a vote may be changed
    assert to_plain(ballot) == [[0, 0, 0], [4, 0, 0], [0, 0, 0]]


def incognito_fill(votes: list[list[int]], numbers: int, rng: Rng) -> list[list[int]]:
    """Incognito's random fill at the end of its last call (IN-4), as written in its rules."""
    out = []
    for voter, row in enumerate(votes):
        mine = list(row)
        free = rng.shuffled([n for n in range(1, numbers + 1) if n not in mine])
        for target in range(len(votes)):
            if target != voter and not mine[target]:
                mine[target] = free.pop()
        out.append(mine)
    return out


@pytest.mark.parametrize("seed", range(20))
def test_ballot_random_fill_draws_as_incognito_does(seed):
    """A game moving onto the ballot keeps its random fills, so its sim figures too."""
    ballot = Ballot.open(5, 5, range(1, 7), distinct=True, skip_self=True, blank=0)
    picker = Rng(seed + 100)
    for _ in range(6):
        voter = picker.below(5)
        if ballot.missing(voter):
            ballot = ballot.cast(voter, picker.choice(ballot.missing(voter)), picker.choice(ballot.free(voter)))
    before = to_plain(ballot)
    filled = ballot.filled(Rng(seed))
    assert to_plain(filled) == incognito_fill(before, 6, Rng(seed))
    assert filled.complete and all(len(set(filled.rows[v]) - {None}) == 4 for v in range(5))


def test_barrier_and_its_plain_form():
    barrier = Barrier.open(3).mark(1)
    assert barrier.waiting == {0, 2} and not barrier.complete
    with pytest.raises(IllegalAction) as err:
        barrier.mark(1)
    assert err.value.reason == "already_ready"
    assert barrier.mark(0).mark(2).complete and barrier.mark(1, ready=False).waiting == {0, 1, 2}
    assert state_hash({"ready": barrier}) == state_hash({"ready": [False, True, False]})


def test_seat_order_skips_seats_that_are_out():
    order = SeatOrder.start(4)
    assert order.passed().turn == 1 and order.still_in == (0, 1, 2, 3)
    order = order.eliminate(1)
    assert order.turn == 0 and order.passed().turn == 2
    order = SeatOrder(3, (False, True, False, False)).eliminate(3)
    assert order.turn == 0 and order.still_in == (0, 2) and order.after(2) == 0


# --- events, actions and options as text ------------------------------------------------------------
def test_events_and_actions_read_as_one_line():
    assert str(TurnStarted(2)) == "seat 2's turn"
    assert str(MatchOver((0, 2), "mission")) == "match over (mission), winners (0, 2)"
    assert str(Voted(1, 2, 3)) == "Voted(to=1, target=2, number=3)"       # no text: the fields
    assert isinstance(Voted(1, 2, 3), Event) and Voted(1, 2, 3).visible_to(1) and not Voted(1, 2, 3).visible_to(None)
    assert str(Action("swap", 1, {"a": 3, "b": 8}, 120)) == "seat 1 swap a=3 b=8 @120"
    assert str(Action(CHANCE, None, {"grid": list(range(30))})).endswith("…")


def test_options_are_read_with_their_declared_default():
    specs = (OptionSpec("rounds", 2, (1, 2, 3)),)
    assert option(specs, {}, "rounds") == 2 and option(specs, {"rounds": 3}, "rounds") == 3
    with pytest.raises(KeyError):
        option(specs, {}, "speed")



class RevisablePoll(Poll):
    """The poll, its votes changeable until everyone has voted (SI-5's way), with a
    spare number to change to."""

    def phases(self) -> Sequence[Phase[PollState]]:
        vote, *rest = super().phases()
        return (replace(vote, open_to=anyone()), *rest)

    def _open_ballot(self, state: PollState, tick: int) -> Step[PollState]:
        ballot = Ballot.open(state.seats, state.seats, range(1, state.seats + 1), distinct=True, skip_self=True)
        return Step(replace(state, ballot=ballot, started=tick, round=state.round + 1))


def test_a_phase_open_to_seats_that_are_done_lets_them_change_their_part():
    session = Session(RevisablePoll(), {"seats": 3, "rounds": 1}, 1)
    for target, number in [(1, 1), (2, 2)]:
        session.submit(Action("vote", 0, {"target": target, "number": number}))
    assert session.current() == {1, 2} and session.legal(0) == []     # done: not waited for, nothing offered
    session.submit(Action("vote", 0, {"target": 2, "number": 3}))     # but it may still change its mind
    assert session.state.ballot.rows[0] == (None, 1, 3) and session.state.phase == "vote"
    closed = Session(Poll(), {"seats": 3, "rounds": 1}, 1)
    for target, number in [(1, 1), (2, 2)]:
        closed.submit(Action("vote", 0, {"target": target, "number": number}))
    with pytest.raises(IllegalAction) as err:                          # a phase not open to it: refused
        closed.submit(Action("vote", 0, {"target": 2, "number": 1}))
    assert err.value.reason == "voted"



def test_a_move_may_offer_the_actions_its_game_keeps_made():
    """A vote offers dozens of actions before every bot move: a game may keep them made
    and hand them to ``legal`` as they are (``Move.actions``) instead of their data."""
    kept = {(t, n): Action("vote", 0, {"target": t, "number": n}) for t in range(1, 4) for n in range(1, 4)}

    class KeptPoll(Poll):
        def phases(self) -> Sequence[Phase[PollState]]:
            vote, *rest = super().phases()
            offer = Move(self._vote, VOTE, actions=lambda s, seat: [kept[t, n] for t in s.ballot.missing(seat)[:1]
                                                              for n in s.ballot.free(seat)])
            return (replace(vote, moves={**vote.moves, "vote": offer}), *rest)

    game, plain = KeptPoll(), Poll()
    state = game.setup({"seats": 4}, Rng(1))
    offered = game.legal(state, 0)
    assert offered == plain.legal(state, 0) and all(any(a is k for k in kept.values()) for a in offered)


def test_the_seats_a_state_waits_for_are_worked_out_once_for_that_state():
    """A bot match asks a state's awaited seats three times an action (the harness, the
    step's check, the session settling chance): the phase shell answers from its last
    state (issue 32), the same seats as working them out each time."""
    game = Poll()
    asked: list[PollState] = []
    vote = game._phases["vote"]
    counted = replace(vote, active=lambda s: asked.append(s) or vote.active(s))
    game._phases = {**game._phases, "vote": counted}
    bots = {s: RandomBot(s, Rng.from_seed(f"b{s}")) for s in range(3)}
    result = play_match(game, {"seats": 3, "timer_scale": 1.0, "rounds": 1}, "once", bots)
    states = list(asked)  # (kept alive here, so two states never share an id)
    assert result.actions > 6 and states and len(states) == len({id(s) for s in states})
    fresh = Poll()
    assert all(game.current(s) == fresh.current(s) for s in states)
