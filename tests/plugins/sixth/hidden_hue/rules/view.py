"""What the TV and each seat may know in Hidden Hue.

The colours in play this round are public (the set, in the palette's order, not who
holds which); so are who has guessed, the scores and every round played. A seat's
colour and its guess are its own until the round is scored (HH-1, HH-2: guesses are
blind), then the round's record shows them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class HuePhase(StrEnum):
    """The phases of a match (``rules.game.HiddenHue.phases`` declares them)."""

    DEAL = "deal"    # waiting for the chance action that deals the round's colours
    GUESS = "guess"  # every seat guesses the colour of the seat on its left
    OVER = "over"


@dataclass(frozen=True)
class Round:
    """A scored round, public: each seat's colour, its guess and whether it was right."""

    colours: tuple[str, ...]
    guesses: tuple[str, ...]
    right: tuple[bool, ...]

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(int(right) for right in self.right)


@dataclass(frozen=True)
class HuePublic:
    phase: HuePhase
    rounds: int                      # how many the match has
    round: int                       # the one being played, from 1 (the last once over)
    in_play: tuple[str, ...]         # this round's colours, in the palette's order
    guessed: tuple[bool, ...]        # per seat: it has guessed this round
    scores: tuple[int, ...]
    history: tuple[Round, ...]


@dataclass(frozen=True)
class HuePrivate:
    my_colour: str
    #: The colour it named for the seat on its left this round ("" before it guesses).
    my_guess: str


def left_of(seat: int, seats: int) -> int:
    """The seat whose colour ``seat`` guesses (HH-2)."""
    return (seat + 1) % seats
