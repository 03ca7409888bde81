"""Headless matches: bots play a session to the end, optionally checking every step.

Used by ``python -m game sim`` and by the test harness that every game registers into.
The checks are the engine's promises: the game ends, a seat that must act has a legal
move, invariants hold, no view leaks another seat's secret, ``apply`` never changes the
state it is given, every action survives a JSON round trip, and the log replays to the
same state hash.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass, fields
from typing import Any, Callable, Generic, Iterable, Iterator, Mapping, Sequence, TypeVar, overload

from .actions import Action
from .bots import Bot
from .engine import Countdown, GameDefinition, Outcome, Priv, Pub, S, SeatView, Step
from .rng import Rng, Shuffler
from .serial import to_plain
from .session import Session

BotFactory = Callable[[int, Rng], Bot[Any, Any]]
#: What a guarded call returns (a state, or a step).
R = TypeVar("R")


class PlaythroughError(AssertionError):
    pass


class LegalOnDemand(Sequence[Action]):
    """A seat's legal actions, listed the first time its bot reads them: many bots
    choose without looking (a Secret Identity vote), and a list is dozens of actions.
    Listed empty, it fails as the eager check does (``check=True`` still checks every
    current seat before any bot moves)."""

    def __init__(self, session: Session[Any, Any, Any], seat: int) -> None:
        self._session = session
        self._seat = seat
        self._actions: list[Action] | None = None

    def _listed(self) -> list[Action]:
        if self._actions is None:
            self._actions = self._session.legal(self._seat)
            if not self._actions:
                raise PlaythroughError(f"seat {self._seat} must act but has no legal action")
        return self._actions

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return self._listed()[index]

    def __len__(self) -> int:
        return len(self._listed())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._listed())

    def __contains__(self, action: object) -> bool:
        return action in self._listed()


@dataclass
class MatchResult(Generic[S, Pub, Priv]):
    session: Session[S, Pub, Priv]
    outcome: Outcome
    actions: int


def _fields_named(value: object, names: frozenset[str]) -> dict[str, list[object]]:
    """Every value held under a key in ``names``, at any depth of plain data (dicts and
    lists), by key. One walk for all the names: a view holding drawings is tens of
    thousands of numbers, and a walk per (secret, viewer) was nine tenths of a checked
    Incognito match."""
    found: dict[str, list[object]] = {name: [] for name in names}
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, item in node.items():
                if key in found:
                    found[key].append(item)
                if isinstance(item, (dict, list)):
                    stack.append(item)
        elif isinstance(node, list):
            stack.extend(item for item in node if isinstance(item, (dict, list)))
    return found


def check_no_leaks(definition: GameDefinition[S, Any, Any], state: S) -> None:
    """Public parts equal for every viewer; no foreign secret field in any view."""
    seats = definition.seats(state)
    tv = definition.view(state, None)
    if tv.private is not None:
        raise PlaythroughError("the public view has a private part")
    public = to_plain(tv.public)
    # Each seat's view but its public part, which must equal the TV's: compared as values
    # first (a seat's view often holds the TV's very object), as plain data when they
    # differ (a tuple and a list of the same numbers are the same plain data).
    views = {}
    for seat in range(seats):
        view = definition.view(state, seat)
        if view.public != tv.public and to_plain(view.public) != public:
            raise PlaythroughError(f"seat {seat}'s view has public data the TV does not")
        views[seat] = {f.name: to_plain(getattr(view, f.name)) for f in fields(view) if f.name != "public"}
    own = {s: [(name, to_plain(value)) for name, value in definition.secrets(state, s)] for s in range(seats)}
    names = frozenset(name for secrets in own.values() for name, _ in secrets)
    # The public part, the same in every view, is walked once for all viewers.
    on_tv = _fields_named({"public": public}, names)
    seen: dict[int | None, dict[str, list[object]]] = {None: on_tv}
    for seat, rest in views.items():
        found = _fields_named(rest, names)
        seen[seat] = {name: on_tv[name] + found[name] for name in names}
    for owner in range(seats):
        for name, secret in own[owner]:
            for viewer in [None, *range(seats)]:
                if viewer == owner or (viewer is not None and (name, secret) in own[viewer]):
                    continue  # two seats may hold equal secrets (both drew a 3): not a leak
                if secret in seen[viewer][name]:
                    raise PlaythroughError(f"seat {owner}'s secret {name}={secret!r} shows in the view of {viewer}")


class InputGuard(GameDefinition[S, Pub, Priv]):
    """A definition whose ``apply`` fails when the wrapped one changes its input state
    (the engine's contract, which a new state sharing the fields it does not change,
    ``records.replace``, relies on). Everything else is the wrapped one's: the protocol
    below, and any other attribute (a game's ``phases``, its ``catalogue``)."""

    def __init__(self, definition: GameDefinition[S, Pub, Priv]) -> None:
        self.definition = definition
        self.id, self.options, self.cooperative = definition.id, definition.options, definition.cooperative
        self.min_seats, self.max_seats = definition.min_seats, definition.max_seats

    def __getattr__(self, name: str) -> Any:
        return getattr(self.definition, name)

    def setup(self, config: Mapping[str, Any], rng: Rng) -> S:
        return self.definition.setup(config, rng)

    def next_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        return self.definition.next_config(config)

    def current(self, state: S) -> frozenset[int]:
        return self.definition.current(state)

    def legal(self, state: S, seat: int) -> list[Action]:
        return self.definition.legal(state, seat)

    def apply(self, state: S, action: Action) -> S:
        return self._guarded(self.definition.apply, state, action)

    def step(self, state: S, action: Action) -> Step[S]:
        """The session applies through ``step`` (``apply`` with its events)."""
        return self._guarded(self.definition.step, state, action)

    def outcome(self, state: S) -> Outcome | None:
        return self.definition.outcome(state)

    def chance(self, state: S) -> Action | None:
        return self.definition.chance(state)

    def countdown(self, state: S) -> Countdown | None:
        return self.definition.countdown(state)

    def view(self, state: S, seat: int | None) -> SeatView[Pub, Priv]:
        return self.definition.view(state, seat)

    def secrets(self, state: S, seat: int) -> Iterable[tuple[str, object]]:
        return self.definition.secrets(state, seat)

    def invariants(self, state: S) -> None:
        self.definition.invariants(state)

    def seats(self, state: S) -> int:
        return self.definition.seats(state)

    @staticmethod
    def _guarded(apply: Callable[[S, Action], R], state: S, action: Action) -> R:
        before = _exact(state)
        new = apply(state, action)
        if _exact(state) != before:
            raise PlaythroughError(f"apply changed the state it was given ({action.kind} by seat {action.seat})")
        return new


def _exact(state: object) -> bytes:
    """The state's plain data (``serial.to_plain``) pickled, for :class:`InputGuard` to
    compare before and after ``apply``: unequal whenever the canonical JSON is (pickle
    keeps every type and float bit, and a set's order is ``to_plain``'s sorted one), and
    a little stricter (a dict of the input emptied and refilled in another order, an
    equal string put in place of one the state shared: both changes to the input).
    Encoding JSON with sorted keys twice an action was a fifth of a checked match."""
    return pickle.dumps(to_plain(state), protocol=pickle.HIGHEST_PROTOCOL)


def play_match(
    definition: GameDefinition[S, Pub, Priv],
    config: Mapping[str, Any],
    seed: int | str,
    bots: Mapping[int, Bot[Pub, Priv]],
    *,
    check: bool = False,
    max_actions: int = 20000,
    catalogue_version: str = "",
) -> MatchResult[S, Pub, Priv]:
    """Play one full match with ``bots`` (one per seat) and return its outcome.

    Each step asks the current seats in a seeded random order; the first bot that does
    not wait (``act`` returning None) moves. When every current seat waits, the clock
    jumps to the running countdown's expiry.
    """
    guarded = InputGuard(definition) if check else definition
    session = Session(guarded, config, seed, catalogue_version=catalogue_version)
    order = Shuffler(Rng.from_seed(f"order:{seed}"))
    actions = 0
    while True:
        if check:
            definition.invariants(session.state)
            check_no_leaks(definition, session.state)
        outcome = session.outcome()
        if outcome is not None:
            break
        current = sorted(session.current())
        if check:
            for seat in current:
                if not session.legal(seat):
                    raise PlaythroughError(f"seat {seat} must act but has no legal action")
        action = None
        for seat in order.shuffled(current):
            action = bots[seat].act(session.view(seat), LegalOnDemand(session, seat))
            if action is not None:
                break
        if action is None:
            if not session.jump_to_deadline():
                raise PlaythroughError("every seat waits (or none may act), no chance, no countdown, "
                                       "and the game is not over")
            continue
        if check and Action.from_json(json.loads(json.dumps(action.to_json()))) != action:
            raise PlaythroughError(f"action does not survive JSON: {action!r}")
        session.submit(action)
        actions += 1
        if actions > max_actions:
            raise PlaythroughError(f"no end after {max_actions} actions")
    if check:
        replayed = Session.from_json(session.to_json(), lambda _id: definition, catalogue_version=catalogue_version)
        if replayed.hash() != session.hash():
            raise PlaythroughError("the log does not replay to the same state")
    return MatchResult(session=session, outcome=outcome, actions=actions)
