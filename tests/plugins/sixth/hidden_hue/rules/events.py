"""What happens in a Hidden Hue match, as events (``game.core.events``).

:class:`ColourDealt` is private to the seat dealt the colour (SS-1); :class:`Guessed`
tells the table that a seat has guessed, never what; :class:`RoundScored` turns the
round's colours and guesses over, once every seat has guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.events import Event, PrivateEvent

from .view import Round


@dataclass(frozen=True)
class ColourDealt(PrivateEvent):
    colour: str
    text: ClassVar[str] = "seat {to} is dealt {colour}"


@dataclass(frozen=True)
class Guessed(Event):
    seat: int
    text: ClassVar[str] = "seat {seat} has guessed"


@dataclass(frozen=True)
class RoundScored(Event):
    """Round ``number`` (from 1) is scored: every colour and guess, now public."""

    number: int
    record: Round
    text: ClassVar[str] = "round {number} scored: {record}"
