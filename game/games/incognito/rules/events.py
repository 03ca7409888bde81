"""What happens in an Incognito match, as events (``game.core.events``).

The rules return them from ``step``; the board moves from screen to screen and plays
its beats from them, and the phone companion forwards them. A drawing is its drawer's
secret until the line-up (the booklet keeps slates face down, IN-2a), so a stroke and an
edit are private events to their drawer: the table learns how far along a drawing is
from the public view's stroke counts, and that it is done. A seat's word and its votes
are secret until the round's reveal (SS-1, SS-3): the word is a private event to its
seat, a vote is told to the table only as "cast" (who, not what) and in full to its
voter only. The reveal makes words and votes public. The shared ones (``PhaseStarted``, ``Revealed``, ``TimedOut``, ``MatchOver``) come from the
core.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....core.events import Event, PrivateEvent
from .drawing import Stroke


@dataclass(frozen=True)
class Dealt(Event):
    """Round ``round`` is dealt: each seat's public place (IN-1)."""

    round: int
    places: tuple[str, ...]
    text: ClassVar[str] = "round {round} dealt, places {places}"


@dataclass(frozen=True)
class WordDealt(PrivateEvent):
    """Seat ``to``'s secret word for the round (IN-1)."""

    word: str
    text: ClassVar[str] = "seat {to} is dealt the word {word}"


@dataclass(frozen=True)
class StrokeDrawn(PrivateEvent):
    """Seat ``to`` drew ``stroke`` (the ``count``-th of its drawing): its eyes only."""

    count: int
    stroke: Stroke
    text: ClassVar[str] = "seat {to} drew stroke {count} ({stroke.tool}, {stroke.colour})"


@dataclass(frozen=True)
class DrawingEdited(PrivateEvent):
    """Seat ``to`` took back (``undo``), redrew (``redo``) or wiped (``clear``) strokes;
    its drawing now has ``count`` (its eyes only)."""

    edit: str
    count: int
    text: ClassVar[str] = "seat {to} used {edit}: {count} stroke(s) left"


@dataclass(frozen=True)
class TurnOpened(Event):
    """``seat``, whose turn it is to draw on the shared screen, opened it (IN-2a)."""

    seat: int
    text: ClassVar[str] = "seat {seat} opened its drawing turn"


@dataclass(frozen=True)
class DrawingFinished(Event):
    """``seat`` said its drawing is done (``done``), or took that back (IN-2)."""

    seat: int
    done: bool
    text: ClassVar[str] = "seat {seat} finished drawing: {done}"


@dataclass(frozen=True)
class LastCall(Event):
    """Only ``seat`` is left (drawing or voting): its countdown starts (IN-2, IN-4)."""

    seat: int
    text: ClassVar[str] = "last call for seat {seat}"


@dataclass(frozen=True)
class LineupDealt(Event):
    """The six words on tiles 1 to 6 (IN-3)."""

    words: tuple[str, ...]
    text: ClassVar[str] = "line-up: {words}"


@dataclass(frozen=True)
class VoteCast(Event):
    """``voter`` numbered a drawing (``numbered`` of them so far): who, not what (SS-3)."""

    voter: int
    numbered: int
    text: ClassVar[str] = "seat {voter} voted ({numbered} numbered)"


@dataclass(frozen=True)
class NumberGiven(PrivateEvent):
    """What seat ``to`` gave: tile ``number`` to ``drawer``'s drawing (its own eyes only)."""

    drawer: int
    number: int
    text: ClassVar[str] = "seat {to} gave number {number} to seat {drawer}'s drawing"


@dataclass(frozen=True)
class VotesFilled(Event):
    """The last call ran out: the missing numbers were placed at random (IN-4)."""

    voters: tuple[int, ...]
    text: ClassVar[str] = "missing votes of seats {voters} filled at random"


@dataclass(frozen=True)
class VotesRevealed(Event):
    """The round's votes, public once the vote closes: ``votes[voter][drawer]``."""

    round: int
    votes: tuple[tuple[int, ...], ...]
    text: ClassVar[str] = "round {round} votes: {votes}"


@dataclass(frozen=True)
class Scored(Event):
    """The round's points per seat, of which ``drawer_points`` for drawing, and the
    totals (IN-5)."""

    round: int
    points: tuple[int, ...]
    drawer_points: tuple[int, ...]
    totals: tuple[int, ...]
    text: ClassVar[str] = "round {round} scored {points} (drawing {drawer_points}), totals {totals}"


@dataclass(frozen=True)
class Ready(Event):
    """``seat`` is ready for the next round."""

    seat: int
    text: ClassVar[str] = "seat {seat} is ready"
