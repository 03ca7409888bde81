"""What each seat (and the TV) may know of an Incognito match.

Drawings are public: every canvas is on the shared screen. Places are public (IN-1).
Secret words are private until the round's reveal; votes are private until the phase
closes (SS-3), and the TV sees only how many drawings each voter has numbered.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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
    drawings: list[tuple[Stroke, ...]]
    redo_counts: list[int]
    done: list[bool]
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
class IncognitoPrivate:
    my_word: str | None
    my_votes: MyVotes | None
