"""What happens in a Mission Secrète match, as events (``game.core.events``).

The rules return them from ``step``; the board animates from them (a swap flies, an
accusation is read out) and the phone companion will forward them. Only
:class:`CharacterDealt` is private (to the seat dealt the character, SS-1); the
others happen in front of everyone. The shared ones (``TurnStarted``, ``Eliminated``,
``Revealed``, ``MatchOver``, ``PhaseStarted``) come from the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....core.events import Event, PrivateEvent
from .view import Line


@dataclass(frozen=True)
class Dealt(Event):
    """The grid is dealt face up (``deals``: how many deals MS-3 took)."""

    deals: int
    text: ClassVar[str] = "the grid is dealt ({deals} deal(s))"


@dataclass(frozen=True)
class CharacterDealt(PrivateEvent):
    character: str
    text: ClassVar[str] = "seat {to} is dealt {character}"


@dataclass(frozen=True)
class Swapped(Event):
    """``seat`` swapped cells ``a`` < ``b`` (MS-4)."""

    seat: int
    a: int
    b: int
    text: ClassVar[str] = "seat {seat} swapped cells {a} and {b}"


@dataclass(frozen=True)
class Accused(Event):
    """``accuser`` named ``accused`` as ``character`` (said aloud, MS-6); ``right``
    is the verdict, which the board reads out after a drum roll."""

    accuser: int
    accused: int
    character: str
    right: bool
    text: ClassVar[str] = "seat {accuser} accused seat {accused} of being {character}: right={right}"


@dataclass(frozen=True)
class MissionCompleted(Event):
    """A swap completed these lines; their owners still in win together (MS-5)."""

    winners: tuple[int, ...]
    lines: tuple[Line, ...]
    text: ClassVar[str] = "mission completed by seats {winners}: {lines}"
