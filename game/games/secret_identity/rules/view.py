"""What each seat (and the TV) may know in Secret Identity, as typed views.

``public`` parts are identical for every viewer; ``private`` parts hold one seat's
secrets (SS-1): its mystery key (``my_key``), its hand (``hand``) and, while voting,
its votes (``my_votes``). Placed cards are public, but only their visible pictogram and
its colour (:class:`Shown`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from ....core.engine import SeatView

if TYPE_CHECKING:
    from .links import ClueLink

#: SI-7: the score track runs 0–30.
TRACK = 30


def track_position(score: int) -> tuple[int, int]:
    """SI-7: ("30" tokens held, marker position on the 0–30 track) for a true score.

    A marker that passes 30 takes a token and goes on from the bottom, so 30 is still
    on the track and 31 is one token plus 1."""
    tokens = max(0, (score - 1) // TRACK)
    return tokens, score - tokens * TRACK


class SIPhase(StrEnum):
    """The phases of a competitive round (``competitive.py`` declares them)."""

    DEAL = "deal"
    BOARD = "board"
    ROUND_START = "round_start"
    REPLACE = "replace"
    KEYS = "keys"
    CLUES = "clues"
    VOTE = "vote"
    SCORING = "scoring"
    CATCH_UP = "catch_up"
    SUMMARY = "summary"
    OVER = "over"


class CoopPhase(StrEnum):
    """The phases of a cooperative turn (``coop.py`` declares them)."""

    DEAL = "deal"
    KEY = "key"
    CLUE = "clue"
    GUESS = "guess"
    RESULT = "result"
    OVER = "over"


@dataclass(frozen=True)
class Shown:
    """A placed card as everybody sees it: the visible pictogram and its slot colour
    only (the card's three hidden pictograms are not public, SI-4)."""

    pictogram: str
    green: bool


@dataclass(frozen=True)
class SeatPublic:
    score: int
    tokens: int
    marker: int
    hand_count: int
    clue: tuple[Shown, ...]
    confirmed: bool
    #: How many opponents this seat has voted for so far (SS-3: never for what).
    votes_given: int
    ready: bool


@dataclass(frozen=True)
class RoundResult:
    """One scored round, public once scored (SI-6)."""

    round: int
    board: tuple[str, ...]
    #: keys[seat] = slot number 1–8 of that seat's character.
    keys: tuple[int, ...]
    #: votes[voter][target] = number given (None for the voter itself).
    votes: tuple[tuple[int | None, ...], ...]
    points: tuple[int, ...]
    #: points[seat] = guessed_by[seat] + found[seat].
    guessed_by: tuple[int, ...]
    found: tuple[int, ...]
    #: SI-8: cards dealt to each seat after this round.
    catch_up: tuple[int, ...]


@dataclass(frozen=True)
class CompetitivePublic:
    phase: SIPhase
    round: int
    rounds: int
    #: Character id per slot (index 0 = number 1); empty before the first deal.
    board: tuple[str, ...]
    replacements_left: int
    #: Slots replaced this round (SI-3: a replacement is public).
    replaced: tuple[int, ...]
    seats: tuple[SeatPublic, ...]
    #: The round scored last (shown by the reveal and the summary), None before.
    last: RoundResult | None
    #: Points of every scored round, per seat (the podium's table).
    round_points: tuple[tuple[int, ...], ...]
    #: SI-9 explanation for the podium: "score", "cards" or "shared" (empty until over).
    decided_by: str
    #: Once the round is scored: per seat, what links each pictogram of its clue to its
    #: character (``rules.links.ClueLink``); empty before (it would give them away).
    clue_links: tuple[tuple[ClueLink, ...], ...] = ()


@dataclass(frozen=True)
class MyVotes:
    """A voter's own votes: numbers[target] (None: not yet, or the voter itself)."""

    voter: int
    numbers: tuple[int | None, ...]


@dataclass(frozen=True)
class CompetitivePrivate:
    my_key: int | None
    hand: tuple[str, ...]
    #: Card ids of this seat's own placed cards (to take one back).
    placed: tuple[str, ...]
    my_votes: MyVotes | None


@dataclass(frozen=True)
class CoopTurn:
    """One cooperative turn once locked (SC-3), public."""

    turn: int
    active: int
    character: str
    key: int
    guess: int
    correct: bool
    clue: tuple[Shown, ...]


@dataclass(frozen=True)
class CoopPublic:
    phase: CoopPhase
    turn: int
    turns: int
    active: int
    board: tuple[str, ...]
    deck_left: int
    hand_counts: tuple[int, ...]
    clue: tuple[Shown, ...]
    clue_confirmed: bool
    #: Slot index (0–7) of the shared team cursor (SC-3).
    cursor: int
    team_score: int
    history: tuple[CoopTurn, ...]
    #: SC-5 band index 0–3 (0–2, 3–5, 6–8, 9–10 correct); -1 until the end.
    band: int


@dataclass(frozen=True)
class CoopPrivate:
    my_key: int | None
    hand: tuple[str, ...]
    placed: tuple[str, ...]


#: What a seat (or the TV: no private part) sees of a match, in each mode.
CompetitiveView = SeatView[CompetitivePublic, CompetitivePrivate]
CoopView = SeatView[CoopPublic, CoopPrivate]
