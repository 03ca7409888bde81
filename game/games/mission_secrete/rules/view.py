"""What the TV and each seat may know in Mission Secrète.

The grid, every swap and every accusation are public (they happen in front of
everyone). A seat's character is private until it is revealed: by a right accusation
(MS-6), by completing its mission (MS-5), or when the match is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from ....core.engine import SeatView


class MSPhase(StrEnum):
    """The phases of a match (``rules.MissionSecrete.phases`` declares them)."""

    DEAL = "deal"   # waiting for the chance action that deals characters and grid
    PLAY = "play"   # swaps in turn; accusations at any moment
    OVER = "over"


class Ending(StrEnum):
    """How a match ended (MS-7): the outcome's ``reason``."""

    MISSION = "mission"
    RIGHT_ACCUSATION = "right_accusation"
    WRONG_ACCUSATION = "wrong_accusation"


@dataclass(frozen=True)
class Swap:
    seat: int
    a: int
    b: int


@dataclass(frozen=True)
class Accusation:
    accuser: int
    accused: int
    #: The character the accuser named (said aloud: public).
    character: str
    right: bool


@dataclass(frozen=True)
class Line:
    """A completed line: ``kind`` is "row" or "column", ``index`` from 0."""

    character: str
    kind: str
    index: int


@dataclass(frozen=True)
class MSPublic:
    phase: MSPhase
    rows: int
    columns: int
    grid: tuple[str, ...]            # object ids, row by row
    free_swap: bool
    turn: int | None                 # the seat that must swap
    out: tuple[bool, ...]
    #: seat -> character, for the characters shown face up (accused rightly, winners).
    revealed: dict[int, str]
    swaps: tuple[Swap, ...]
    accusations: tuple[Accusation, ...]
    winners: tuple[int, ...]
    lines: tuple[Line, ...]          # the completed lines that won
    end: Ending | Literal[""]        # "" until the match is over
    #: Every seat's character once the match is over (cards turned face up), else empty.
    final_characters: tuple[str, ...]


@dataclass(frozen=True)
class MSPrivate:
    my_character: str
    my_object: str


#: What a seat (or the TV) sees of a match: no private part for the TV, nor for a
#: seat before the deal.
MSView = SeatView[MSPublic, MSPrivate]
