"""Events: what an action caused, told as typed facts (after boardgame.io's log and
OpenSpiel's readable action strings).

``step(state, action)`` returns the new state with the events the action caused (a
swap, an accusation, a phase starting). Boards animate from them instead of working
out what changed by comparing views, and the phone companion will forward them.

An event is a frozen dataclass. It is public unless it is a :class:`PrivateEvent`,
which only its seat ``to`` may see; a public event must never carry a secret
(RULES.md SS-1). ``str(event)`` is one readable line for logs and test failures:
subclasses set ``text``, a format string over their fields.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Iterable


@dataclass(frozen=True)
class Event:
    """Base of every event. ``text`` formats the fields into one readable line."""

    text: ClassVar[str] = ""

    def visible_to(self, seat: int | None) -> bool:
        """May ``seat`` (None: the TV) see this event? Public events: everyone."""
        return True

    def __str__(self) -> str:
        fields = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if self.text:
            return self.text.format(**fields)
        inner = ", ".join(f"{name}={value!r}" for name, value in fields.items())
        return f"{type(self).__name__}({inner})"


@dataclass(frozen=True)
class PrivateEvent(Event):
    """An event only seat ``to`` may see (a card dealt to it, its own vote)."""

    to: int

    def visible_to(self, seat: int | None) -> bool:
        return seat == self.to


def visible(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    """The events ``seat`` may see (None: what the TV may show)."""
    return tuple(event for event in events if event.visible_to(seat))


# --- events every game shares ---------------------------------------------------------------
@dataclass(frozen=True)
class PhaseStarted(Event):
    """The match entered ``phase`` (declared phases emit it on every change)."""

    phase: str
    text: ClassVar[str] = "phase {phase} started"


@dataclass(frozen=True)
class TurnStarted(Event):
    """It is now ``seat``'s turn."""

    seat: int
    text: ClassVar[str] = "seat {seat}'s turn"


@dataclass(frozen=True)
class TimedOut(Event):
    """The countdown ``timer`` ran out (the session emits it before the rules' events)."""

    timer: str
    text: ClassVar[str] = "countdown {timer} ran out"


@dataclass(frozen=True)
class Revealed(Event):
    """``seat``'s secret ``what`` is now public: ``value``."""

    seat: int
    what: str
    value: str
    text: ClassVar[str] = "seat {seat}'s {what} revealed: {value}"


@dataclass(frozen=True)
class Eliminated(Event):
    seat: int
    text: ClassVar[str] = "seat {seat} is out"


@dataclass(frozen=True)
class AudienceDecided(Event):
    """The audience's say settled what the rules left open: ``choice`` (a tie broken,
    docs/rules.md AU-2). Not sent when the audience said nothing."""

    choice: int | str
    text: ClassVar[str] = "the audience chose {choice}"


@dataclass(frozen=True)
class MatchOver(Event):
    """The match ended: ``winners`` and why (the outcome's ``reason``)."""

    winners: tuple[int, ...]
    reason: str
    text: ClassVar[str] = "match over ({reason}), winners {winners}"
