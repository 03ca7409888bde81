"""The rules protocol every game implements (after boardgame.io and OpenSpiel).

A game is a :class:`GameDefinition`: pure functions over an immutable-by-convention
state. ``step(state, action)`` never mutates the state it is given: it returns a
:class:`Step`, the new state (every change through :func:`game.core.records.replace`, a
copy sharing every field it does not change) and the :mod:`~game.core.events` the
action caused, or raises :class:`~game.core.actions.IllegalAction`. ``apply`` is the
new state alone. Every game is on declared phases (:class:`~game.core.phases.PhasedGame`
implements ``step``).

Who acts now is ``current(state)``: a frozenset of seats. Several seats at once is a
simultaneous secret phase ("pending seats"). An empty set means nobody: the game is
over, or it waits for chance (``chance`` returns the action to apply) or for a
countdown (``countdown`` returns it; the session submits a timeout when it expires).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Iterable, Mapping, NamedTuple, Protocol, TypeVar

from .actions import CHANCE, Action
from .events import Event
from .options import OptionSpec, option
from .rng import Rng
from .schema import Fields, Int, Schema


class TableState(Protocol):
    """What the engine reads of every game's state itself: how many seats play."""

    @property
    def seats(self) -> int: ...


#: A game's state (a dataclass of its rules).
S = TypeVar("S", bound=TableState)
#: What ``step`` returns a new one of (a state; the tests' toy records too).
T = TypeVar("T")
#: A game's public view (what the TV draws) and a seat's private one.
Pub = TypeVar("Pub")
Priv = TypeVar("Priv")


def chance_action(rng: Rng, draw: Callable[[Rng], Mapping[str, Any]]) -> Action:
    """Build the chance action that settles a random event, without touching ``rng``.

    ``draw`` runs on a copy of the state's generator and returns the outcome (the deal
    itself, as plain data). The action carries that outcome plus the generator's state
    after the draw under ``"rng"``; ``apply`` stores it back with :func:`take_chance`.
    Replaying a log therefore never calls the generator, and the state's generator
    moves on exactly as it did in play.
    """
    copy = Rng(rng.state)
    data = dict(draw(copy))
    data["rng"] = copy.state
    return Action(CHANCE, None, data)


#: A chance action's ``rng``: the generator's state after the draw (64 bits).
RNG_STATE = Int(0, (1 << 64) - 1)


def chance_data(outcome: Mapping[str, Schema], optional: Mapping[str, Schema] | None = None) -> Fields:
    """The data of a chance move: its ``outcome``'s fields and the generator's ``rng``."""
    return Fields({**outcome, "rng": RNG_STATE}, optional)


def take_chance(action: Action) -> Rng:
    """The generator a state holds after applying the chance ``action``."""
    return Rng(int(action.data["rng"]))


class Step(NamedTuple, Generic[T]):
    """What ``step`` returns: the new state and the events the action caused."""

    state: T
    events: tuple[Event, ...] = ()


#: The session clock's fixed ticks per second (the app's fixed 1/60 s step).
TICKS_PER_SECOND = 60


def seconds_to_ticks(seconds: float, timer_scale: float = 1.0) -> int:
    """A countdown's length in ticks: the lobby's timer preset scales every countdown,
    and scale 0 gives 0 ticks, a countdown that never expires."""
    return int(round(seconds * TICKS_PER_SECOND * timer_scale))


@dataclass(frozen=True)
class Countdown:
    """A running timer that belongs to the state.

    It started at the session tick ``started`` and lasts ``ticks`` fixed ticks
    (:data:`TICKS_PER_SECOND`). ``ticks == 0`` means "no limit": it never expires. ``name`` lets the
    timeout action say which countdown ran out.
    """

    name: str
    started: int
    ticks: int

    @property
    def deadline(self) -> int | None:
        return None if self.ticks <= 0 else self.started + self.ticks

    def remaining(self, now: int) -> int | None:
        deadline = self.deadline
        return None if deadline is None else max(0, deadline - now)


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended. ``ranks`` are 1-based with shared ranks for ties."""

    scores: Mapping[int, int]
    winners: tuple[int, ...]
    ranks: Mapping[int, int]
    reason: str = ""
    measures: Mapping[str, float] = field(default_factory=dict)

    @staticmethod
    def ranks_from_scores(scores: Mapping[int, int], tiebreak: Mapping[int, int] | None = None) -> dict[int, int]:
        """Competition ranking ("1224"): equal (score, tiebreak) share a rank."""
        key = {s: (scores[s], (tiebreak or {}).get(s, 0)) for s in scores}
        return {s: 1 + sum(1 for t in scores if key[t] > key[s]) for s in scores}


@dataclass(frozen=True)
class SeatView(Generic[Pub, Priv]):
    """What one seat (or the TV, ``seat=None``) may know.

    ``public`` must be identical for every viewer; everything only ``seat`` may know is
    in ``private`` (None for the TV). The harness checks both properties. Each game's
    view module names its own: ``MSView = SeatView[MSPublic, MSPrivate]``.
    """

    seat: int | None
    public: Pub
    private: Priv | None = None

    @property
    def mine(self) -> Priv:
        """``private``, for code that holds a seat's view once the game has dealt it its
        part (a bot asked to act, a phone's move screen): the TV's view has none."""
        if self.private is None:
            raise LookupError(f"the view of seat {self.seat} has no private part")
        return self.private


class GameDefinition(Generic[S, Pub, Priv]):
    """Base class with the full protocol; games override what they need.

    Generic in the game's state and its views' public and private parts
    (``PhasedGame[MSState, MSPublic, MSPrivate]``), which a :class:`~game.core.session.Session`
    of it carries on: ``session.view(None).public`` is the game's public view."""

    id: str = ""
    min_seats: int = 2
    max_seats: int = 8
    #: Options with their defaults (the lobby shows them; RULES.md gives the ids), read
    #: with :meth:`option`.
    options: tuple[OptionSpec, ...] = ()
    #: Every seat wins or loses together (a team score): ``sim --versus`` then compares
    #: whole tables of each level instead of mixing the levels at one table.
    cooperative: bool = False

    def option(self, config: Mapping[str, Any], name: str) -> Any:
        """Option ``name`` from a match config, or its declared default."""
        return option(self.options, config, name)

    # --- set-up and flow -------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> S:
        raise NotImplementedError

    def next_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """The config of the match "Play again" deals after one played with ``config``:
        the same, unless the game passes something on (Mission Secrète: the next seat
        starts). ``sim`` plays its matches as such a series."""
        return dict(config)

    def current(self, state: S) -> frozenset[int]:
        raise NotImplementedError

    def legal(self, state: S, seat: int) -> list[Action]:
        """Actions ``seat`` may take now. Games with continuous moves (drawing strokes)
        return representative ones; ``apply`` is always the final judge."""
        raise NotImplementedError

    def step(self, state: S, action: Action) -> Step[S]:
        """The new state and the events ``action`` caused; :class:`IllegalAction`, with
        ``state`` untouched, if it may not be taken now."""
        raise NotImplementedError

    def apply(self, state: S, action: Action) -> S:
        """The new state alone (:meth:`step` without its events)."""
        return self.step(state, action).state

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def chance(self, state: S) -> Action | None:
        """If the state waits on a random outcome, the chance action that settles it.

        Build it with :func:`chance_action` (it must not change ``state``): it carries
        the outcome in its data, so the log replays it without calling the generator."""
        return None

    def countdown(self, state: S) -> Countdown | None:
        """The running countdown, if any (the session turns its expiry into a timeout)."""
        return None

    def awaits_audience(self, state: Any) -> bool:
        """Whether the state waits for the audience's say (an ``AUDIENCE`` action, which
        the session submits at once from its ``audience`` source, or with no say)."""
        return False

    # --- information -----------------------------------------------------------------
    def view(self, state: S, seat: int | None) -> SeatView[Pub, Priv]:
        raise NotImplementedError

    def secrets(self, state: S, seat: int) -> Iterable[tuple[str, object]]:
        """The facts only ``seat`` may know right now, as ``(field, value)`` pairs.

        The harness asserts that no other seat's view and no public view holds a field
        of that name with that value. Name the fields as the private view names them.
        """
        return ()

    def invariants(self, state: S) -> None:
        """Raise AssertionError if the state breaks a rule of conservation."""

    def seats(self, state: S) -> int:
        return int(state.seats)
