"""Headless matches: bots play a session to the end, optionally checking every step.

Used by ``python -m game sim`` and by the test harness that every game registers into.
The checks are the engine's promises: the game ends, a seat that must act has a legal
move, invariants hold, no view leaks another seat's secret, ``apply`` never changes the
state it is given, every action survives a JSON round trip, and the log replays to the
same state hash.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Mapping, Sequence, overload

from .actions import Action
from .bots import Bot
from .engine import GameDefinition, Outcome
from .rng import Rng, Shuffler
from .serial import canonical_json, to_plain
from .session import Session

BotFactory = Callable[[int, Rng], Bot]


class PlaythroughError(AssertionError):
    pass


class LegalOnDemand(Sequence[Action]):
    """A seat's legal actions, listed the first time its bot reads them: many bots
    choose without looking (a Secret Identity vote), and a list is dozens of actions.
    Listed empty, it fails as the eager check does (``check=True`` still checks every
    current seat before any bot moves)."""

    def __init__(self, session: Session, seat: int) -> None:
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
class MatchResult:
    session: Session
    outcome: Outcome
    actions: int


def _walk_fields(value: Any, name: str, found: list[Any]) -> None:
    if isinstance(value, dict):
        for key, item in value.items():
            if key == name:
                found.append(item)
            _walk_fields(item, name, found)
    elif isinstance(value, list):
        for item in value:
            _walk_fields(item, name, found)


def check_no_leaks(definition: GameDefinition, state: Any) -> None:
    """Public parts equal for every viewer; no foreign secret field in any view."""
    seats = definition.seats(state)
    public_view = definition.view(state, None)
    if public_view.private is not None:
        raise PlaythroughError("the public view has a private part")
    public = to_plain(public_view.public)
    views = {s: to_plain(definition.view(state, s)) for s in range(seats)}
    for seat, plain in views.items():
        if plain["public"] != public:
            raise PlaythroughError(f"seat {seat}'s view has public data the TV does not")
    own = {s: [(name, to_plain(value)) for name, value in definition.secrets(state, s)] for s in range(seats)}
    for owner in range(seats):
        for name, secret in own[owner]:
            for viewer in [None, *range(seats)]:
                if viewer == owner or (viewer is not None and (name, secret) in own[viewer]):
                    continue  # two seats may hold equal secrets (both drew a 3): not a leak
                plain = {"public": public} if viewer is None else views[viewer]
                found: list[Any] = []
                _walk_fields(plain, name, found)
                if secret in found:
                    raise PlaythroughError(f"seat {owner}'s secret {name}={secret!r} shows in the view of {viewer}")


class InputGuard:
    """A definition whose ``apply`` fails when the wrapped one changes its input state
    (the engine's contract, which a new state sharing the fields it does not change,
    ``records.replace``, relies on)."""

    def __init__(self, definition: GameDefinition) -> None:
        self.definition = definition

    def __getattr__(self, name: str) -> Any:
        return getattr(self.definition, name)

    def apply(self, state: Any, action: Action) -> Any:
        return self._guarded(self.definition.apply, state, action)

    def step(self, state: Any, action: Action) -> Any:
        """The session applies through ``step`` (``apply`` with its events)."""
        return self._guarded(self.definition.step, state, action)

    @staticmethod
    def _guarded(apply: Any, state: Any, action: Action) -> Any:
        before = canonical_json(state)
        new = apply(state, action)
        if canonical_json(state) != before:
            raise PlaythroughError(f"apply changed the state it was given ({action.kind} by seat {action.seat})")
        return new


def play_match(
    definition: GameDefinition,
    config: Mapping[str, Any],
    seed: int | str,
    bots: Mapping[int, Bot],
    *,
    check: bool = False,
    max_actions: int = 20000,
    catalogue_version: str = "",
) -> MatchResult:
    """Play one full match with ``bots`` (one per seat) and return its outcome.

    Each step asks the current seats in a seeded random order; the first bot that does
    not wait (``act`` returning None) moves. When every current seat waits, the clock
    jumps to the running countdown's expiry.
    """
    guarded: Any = InputGuard(definition) if check else definition
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
