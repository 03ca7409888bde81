"""What each seat (and the TV) may know of an Incognito match.

Places are public (IN-1). A drawing is its drawer's secret until the line-up (the
booklet keeps slates face down, IN-2a): while the drawing lasts, the public view holds no
stroke, only how far along each drawing is (``stroke_counts``), whether it is done and
whose turn it is on the shared screen; a seat's own view holds its own drawing. From the
line-up on every drawing is public. Secret words are private until the round's reveal;
votes are private until the phase closes (SS-3), and the TV sees only how many drawings
each voter has numbered.

How far along a drawing is, is its number of strokes: what a person across the table
sees of a slate turned away, how busy its pen is. It tells when and how much someone
draws, never where or what: any picture can take any number of strokes, and since
everyone draws their public place with the word hidden in it, the count follows the
drawer's pace and the place, not the word.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ....core.engine import SeatView
from .drawing import Stroke


class INPhase(StrEnum):
    """A round: deal → draw → lineup → vote → reveal (→ deal), then over after the last."""

    DEAL = "deal"
    DRAW = "draw"
    LINEUP = "lineup"
    VOTE = "vote"
    REVEAL = "reveal"
    OVER = "over"


class Timer(StrEnum):
    """The countdowns (a timeout action names the one that ran out)."""

    LAST_CALL = "last_call"     # IN-2, IN-4: one seat left
    TIME_LIMIT = "time_limit"   # IN-2 option: the drawing time
    TURN_LIMIT = "turn_limit"   # IN-2a: the drawing time of a turn, from its opening
    GRACE = "grace"             # IN-2a: a turn drawer left last draws this long before its last call


@dataclass(frozen=True)
class RoundRecord:
    """One finished round, public from its reveal on (scoring and the gallery)."""

    round: int
    words: list[str]
    places: list[str]
    drawings: list[tuple[Stroke, ...]]
    lineup: list[str]
    #: votes[voter][drawer]: the tile number 1–6; 0 on the voter's own drawing.
    votes: list[list[int]]
    #: found[voter][drawer]: the voter's number is the tile of the drawer's word.
    found: list[list[bool]]
    #: Round points per seat (IN-5), and how many were for drawing (0 or 2).
    points: list[int]
    drawer_points: list[int]


@dataclass(frozen=True)
class TimerInfo:
    name: Timer
    started: int
    ticks: int


@dataclass(frozen=True)
class IncognitoPublic:
    phase: INPhase
    round: int
    rounds: int
    seats: int
    places: list[str]
    #: Every seat's drawing from the line-up on; while the drawing lasts, none (empty).
    drawings: list[tuple[Stroke, ...]]
    #: How far along each drawing is: its number of strokes (see above).
    stroke_counts: list[int]
    done: list[bool]
    #: The seats that draw in turns on the shared screen (IN-2a), in seat order.
    turn_seats: list[int]
    #: While the drawing lasts: the turn seat whose turn it is (None: none), and whether
    #: it has opened its turn (it draws behind its curtain).
    turn: int | None
    turn_open: bool
    countdown: TimerInfo | None
    lineup: list[str]
    #: How many drawings each voter has numbered (progress only, never which).
    voted: list[int]
    scores: list[int]
    ready: list[bool]
    history: list[RoundRecord]


@dataclass(frozen=True)
class MyVotes:
    """A voter's own numbers; ``voter`` makes two seats' records never look alike."""

    voter: int
    numbers: list[int]


@dataclass(frozen=True)
class MyDrawing:
    """A drawer's own drawing while the drawing lasts, and how many strokes it may redo."""

    strokes: tuple[Stroke, ...]
    redo: int


@dataclass(frozen=True)
class IncognitoPrivate:
    my_word: str | None
    my_votes: MyVotes | None
    my_drawing: MyDrawing | None


#: What a seat (or the TV: no private part) sees of a match.
IncognitoView = SeatView[IncognitoPublic, IncognitoPrivate]
