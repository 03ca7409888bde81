"""Declared phases: a game's turn structure as data (after boardgame.io's ``phases``
and ``activePlayers``, and OpenSpiel's ``current_player``).

A :class:`Phase` names its moves (action kind → :class:`Move`), who is active now (a
:data:`Who`: :func:`one` seat, :func:`all_once`, :func:`all_but` one, :func:`anyone`),
its end condition, its countdown, the chance draw it waits for and what comes next. A
game subclasses :class:`PhasedGame`, lists its phases in :meth:`PhasedGame.phases`
and writes only the handlers; the base supplies ``current``, ``legal``, ``chance``,
``countdown``, ``step`` and ``apply``: one routing style for every game.

A handler takes the state and the action and returns a :class:`~game.core.engine.Step`
(the new state, never the input changed, and the events it caused) or raises
:class:`~game.core.actions.IllegalAction`. After each handler the base checks the
phase's ``end_if``: while it holds, the state moves to ``next`` (a
:class:`~game.core.events.PhaseStarted` event each time) and the new phase's
``begin`` runs. The state is a dataclass with a ``phase`` field (a ``StrEnum`` member)
and ``seats`` (:class:`PhasedState`, the bound of a ``PhasedGame``'s state type), that
:func:`game.core.records.replace` can copy (no ``__post_init__``, slots or cached property).

Refusals the base gives before any handler runs: ``bad_seat`` (no such seat),
``unknown_action`` (no phase has that move), the move's ``out_of_phase`` or else
:attr:`PhasedGame.not_now` (another phase's move), the phase's ``refusal`` (the seat is
not active, nor among those the phase is ``open_to``), the move's ``refusal`` (active,
but the move is someone else's: a turn) and ``bad_data`` (the action's data does not
fit the move's declared ``data``, :mod:`game.core.schema`: an unknown key, a value of
the wrong type or out of bounds). Chance and timeout actions are checked against their
moves' ``data`` too, as a save replays them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Mapping, Protocol, Sequence, TypeVar

from .records import make, replace
from .actions import AUDIENCE, CHANCE, TIMEOUT, Action, IllegalAction
from .engine import Countdown, GameDefinition, Priv, Pub, Step, TableState
from .events import Event, PhaseStarted
from .schema import NO_DATA, Fields, OneOf, Schema


class PhasedState(TableState, Protocol):
    """What the phase shell reads of a state: the name of its phase (a ``StrEnum``
    member of the game's) and, as the engine does, its seat count."""

    @property
    def phase(self) -> str: ...


#: A state on declared phases.
S = TypeVar("S", bound=PhasedState)

#: Who is active in a phase, or may make a move: the seats, from the state.
Who = Callable[[S], frozenset[int]]
#: A move's handler: the state and the action → the new state and its events.
Handler = Callable[[S, Action], Step[S]]


# --- who is active (boardgame.io's ActivePlayers presets) -------------------------------------
def every_seat(state: TableState) -> range:
    return range(int(state.seats))


def nobody(state: object) -> frozenset[int]:
    """Nobody acts: the phase waits for chance or a countdown, or the match is over."""
    return frozenset()


def one(seat: Callable[[S], int | None]) -> Who[S]:
    """One seat acts: whose turn it is (None: nobody)."""

    def who(state: S) -> frozenset[int]:
        holder = seat(state)
        return frozenset() if holder is None else frozenset((holder,))

    return who


def anyone(among: Callable[[S], Iterable[int]] = every_seat) -> Who[S]:
    """Every seat ``among`` (default: all; e.g. the seats still in) at any time."""

    def who(state: S) -> frozenset[int]:
        return frozenset(among(state))

    return who


def all_once(waiting: Callable[[S], Iterable[int]]) -> Who[S]:
    """Every seat until it has done its part: those ``waiting`` (a barrier's or a
    ballot's ``waiting``, :mod:`game.core.values`)."""

    def who(state: S) -> frozenset[int]:
        return frozenset(waiting(state))

    return who


def all_but(seat: Callable[[S], int | None], among: Callable[[S], Iterable[int]] = every_seat) -> Who[S]:
    """Every seat ``among`` except one (the clue giver while the others guess)."""

    def who(state: S) -> frozenset[int]:
        left_out = seat(state)
        return frozenset(s for s in among(state) if s != left_out)

    return who


# --- declarations ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Move(Generic[S]):
    """A move of a phase. ``by`` narrows who may make it among the phase's active seats
    (None: any of them); ``choices(state, seat)`` lists the data of its legal instances
    (representative ones for continuous moves; None: not offered by ``legal``). A game
    that keeps its legal actions made gives ``actions(state, seat)`` instead: ``legal``
    runs before every bot move, and a vote offers dozens each time (SI-5). ``data`` is
    what an action of the move may carry (default: nothing, ``{}``), checked before the
    handler runs."""

    handler: Handler[S]
    data: Schema = NO_DATA
    by: Who[S] | None = None
    refusal: str = "not_your_turn"
    choices: Callable[[S, int], Iterable[Mapping[str, Any]]] | None = None
    actions: Callable[[S, int], Iterable[Action]] | None = None
    #: The refusal when the move is tried in another phase (None: the game's ``not_now``).
    out_of_phase: str | None = None


def timeout_data(*timers: str) -> Fields:
    """The data of a ``TIMEOUT`` move: the name of the countdown that ran out, one of ``timers``."""
    return Fields({"timer": OneOf(timers)})


@dataclass(frozen=True)
class Phase(Generic[S]):
    """One phase of a game. Chance, timeout and audience handlers are moves keyed
    ``CHANCE``, ``TIMEOUT`` and ``AUDIENCE`` (a phase with an ``AUDIENCE`` move waits
    for the audience's say, which the session submits at once); ``chance`` draws the chance action the phase waits for (with
    :func:`~game.core.engine.chance_action`); ``countdown`` is the phase's running timer.
    ``next`` is a phase name or a function of the state choosing one; ``begin(state,
    tick)`` sets a phase up when it starts.

    ``active`` seats may move and are waited for (``current``). Two ways to let a seat
    that has done its part change it until the phase closes: ``open_to`` (None: nobody
    else) names seats that may still move though no longer active, so they also drop
    out of ``legal`` (Secret Identity's clues and votes, SI-4, SI-5); ``awaited``
    (default: ``active``) narrows who is waited for while every active seat keeps its
    legal moves (Incognito: a drawer who said "done" may take it back, a voter who
    numbered every drawing may change a number, IN-2, IN-4)."""

    name: str
    moves: Mapping[str, Move[S]] = field(default_factory=dict)
    active: Who[S] = nobody
    awaited: Who[S] | None = None
    refusal: str = "not_active"
    open_to: Who[S] | None = None
    end_if: Callable[[S], bool] | None = None
    next: str | Callable[[S], str] | None = None
    countdown: Callable[[S], Countdown | None] | None = None
    chance: Callable[[S], Action | None] | None = None
    begin: Callable[[S, int], Step[S]] | None = None


def entered(state: S, name: str) -> S:
    """``state`` moved on to phase ``name``: a copy sharing every other field
    (:func:`game.core.records.replace`, which takes frozen and copy-on-write states)."""
    return replace(state, phase=name)


class PhasedGame(GameDefinition[S, Pub, Priv]):
    """A game on declared phases: subclasses define :meth:`phases` and the handlers,
    and call ``super().__init__()`` once what :meth:`phases` needs is set (the phases
    are read once, there)."""

    #: The refusal of a move that belongs to another phase.
    not_now: str = "not_now"

    def __init__(self) -> None:
        self._phases: dict[str, Phase[S]] = {phase.name: phase for phase in self.phases()}
        self._out_of_phase = {kind: move.out_of_phase or self.not_now
                              for phase in self._phases.values() for kind, move in phase.moves.items()}
        #: The last state :meth:`current` answered for, and its answer (see there).
        self._current_of: tuple[S | None, frozenset[int]] = (None, frozenset())

    def phases(self) -> Sequence[Phase[S]]:
        raise NotImplementedError

    def phase(self, state: S) -> Phase[S]:
        return self._phases[state.phase]

    # --- the protocol, from the declarations ----------------------------------------------
    # A bot match runs these several times per action (issue 18 item 5): each reads the
    # phase once, and the seats' checks go cheapest first.
    def current(self, state: S) -> frozenset[int]:
        """The awaited seats. A bot match asks three times per action for the same state
        (the harness, the step's check, the session settling chance), so the last answer
        is kept with its state: states never change (a step makes a new one), and the
        pair is one tuple, replaced whole, so two threads never read half of it."""
        kept = self._current_of
        if kept[0] is state:
            return kept[1]
        phase = self._phases[state.phase]
        seats = (phase.awaited or phase.active)(state)
        self._current_of = (state, seats)
        return seats

    def legal(self, state: S, seat: int) -> list[Action]:
        phase = self._phases[state.phase]
        if seat not in (self.current(state) if phase.awaited is None else phase.active(state)):
            return []
        out: list[Action] = []
        for kind, move in phase.moves.items():
            if move.by is not None and seat not in move.by(state):
                continue
            if move.choices is not None:
                out += [make(Action, kind=kind, seat=seat, data=dict(data), tick=0) for data in move.choices(state, seat)]
            elif move.actions is not None:
                out += move.actions(state, seat)
        return out

    def chance(self, state: S) -> Action | None:
        draw = self._phases[state.phase].chance
        return None if draw is None else draw(state)

    def countdown(self, state: S) -> Countdown | None:
        timer = self._phases[state.phase].countdown
        return None if timer is None else timer(state)

    def awaits_audience(self, state: S) -> bool:
        return AUDIENCE in self._phases[state.phase].moves

    def step(self, state: S, action: Action) -> Step[S]:
        phase = self._phases[state.phase]
        kind = action.kind
        move = phase.moves.get(kind)
        if kind == CHANCE:
            if move is None:
                raise IllegalAction("no_chance", str(phase.name))
        elif kind == AUDIENCE:
            if move is None or action.seat is not None:
                raise IllegalAction("no_audience", str(phase.name))
        elif kind == TIMEOUT:
            running = self.countdown(state)
            if move is None or running is None or running.deadline is None or action.data.get("timer") != running.name:
                raise IllegalAction("no_timer", repr(dict(action.data)))
        else:
            seat = action.seat
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats(state):
                raise IllegalAction("bad_seat", repr(seat))
            if move is None:
                raise IllegalAction(self._out_of_phase.get(kind, "unknown_action"), kind)
            active = self.current(state) if phase.awaited is None else phase.active(state)
            if seat not in active and (phase.open_to is None or seat not in phase.open_to(state)):
                raise IllegalAction(phase.refusal)
            if move.by is not None and seat not in move.by(state):
                raise IllegalAction(move.refusal)
        move.data.check(action.data, "")
        new, events = move.handler(state, action)
        return self._follow(new, events, action.tick)

    def _follow(self, state: S, events: Sequence[Event], tick: int) -> Step[S]:
        """Move on through every phase whose end condition holds."""
        phase = self._phases[state.phase]
        if phase.end_if is None or not phase.end_if(state):
            return Step(state, tuple(events))
        told = list(events)
        for _ in range(len(self._phases) + 1):
            if phase.next is None:
                raise ValueError(f"phase {phase.name} ended with nowhere to go")
            name = phase.next(state) if callable(phase.next) else phase.next
            state, more = self.enter(state, name, tick)
            told += more
            phase = self._phases[state.phase]
            if phase.end_if is None or not phase.end_if(state):
                return Step(state, tuple(told))
        raise ValueError("the phases' end conditions go round in a loop")

    def enter(self, state: S, name: str, tick: int) -> Step[S]:
        """The state in phase ``name`` (its ``begin`` run) and a ``PhaseStarted`` event.
        The base enters phases through ``next``; a handler calls it for a way out its
        phase's ``end_if`` cannot see (a timeout closing a phase that is not complete)."""
        state = entered(state, name)
        events: list[Event] = [PhaseStarted(str(name))]
        begin = self._phases[name].begin
        if begin is not None:
            state, more = begin(state, tick)
            events += more
        return Step(state, tuple(events))
