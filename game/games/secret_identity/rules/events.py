"""What happens in a Secret Identity match, as events (``game.core.events``).

The rules return them from ``step``; the boards animate from them (a replaced
character pulses, the round's safes open one by one, the team's answer flashes) and
the phone companion will forward them. Secrets travel only in :class:`PrivateEvent`
values addressed to their owner (SS-1): a seat's key (:class:`KeyDealt`) and the cards
it is dealt (:class:`CardsDealt`). A placed card is told by its visible pictogram only
(SI-4), a vote only by who cast it (SI-5, SS-3: never for whom or which number) until
the round is scored. The shared ones (``PhaseStarted``, ``TurnStarted``, ``Revealed``,
``MatchOver``) come from the core.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....core.events import Event, PrivateEvent
from .view import CoopTurn, RoundResult


# --- both modes -------------------------------------------------------------------------------
@dataclass(frozen=True)
class CardsDealt(PrivateEvent):
    """Picto cards dealt to seat ``to`` (the first hand, or SI-8's catch-up cards)."""

    cards: tuple[str, ...]
    text: ClassVar[str] = "seat {to} is dealt {cards}"


@dataclass(frozen=True)
class KeyDealt(PrivateEvent):
    """Seat ``to``'s mystery key: the slot number of its character (SI-2, SC-2)."""

    key: int
    text: ClassVar[str] = "seat {to}'s key is {key}"


@dataclass(frozen=True)
class CardPlaced(Event):
    """``seat`` put a card on its safe, showing ``pictogram`` on a green or red slot (SI-4)."""

    seat: int
    pictogram: str
    green: bool
    text: ClassVar[str] = "seat {seat} placed {pictogram} (green: {green})"


@dataclass(frozen=True)
class CardTakenBack(Event):
    """``seat`` took a placed card back to its hand."""

    seat: int
    pictogram: str
    green: bool
    text: ClassVar[str] = "seat {seat} took back {pictogram}"


@dataclass(frozen=True)
class ClueGiven(Event):
    """``seat`` confirmed its clue: these pictograms (SI-4; empty for a seat with no cards)."""

    seat: int
    pictograms: tuple[str, ...]
    text: ClassVar[str] = "seat {seat} gave its clue {pictograms}"


@dataclass(frozen=True)
class ClueReopened(Event):
    """``seat`` unconfirmed its clue to change it (until every clue is given)."""

    seat: int
    text: ClassVar[str] = "seat {seat} reopened its clue"


# --- competitive ------------------------------------------------------------------------------
@dataclass(frozen=True)
class BoardDealt(Event):
    """Round ``round``'s eight fresh characters, slot 1 first (SI-1)."""

    round: int
    board: tuple[str, ...]
    text: ClassVar[str] = "round {round}: the board is {board}"


@dataclass(frozen=True)
class ReplacementAsked(Event):
    """``seat`` asked for the character in ``slot`` (0-7) to be replaced (SI-3)."""

    seat: int
    slot: int
    text: ClassVar[str] = "seat {seat} asked to replace slot {slot}"


@dataclass(frozen=True)
class CharacterReplaced(Event):
    """The character in ``slot`` left the match; ``new`` took its place (SI-3, SI-1)."""

    slot: int
    old: str
    new: str
    text: ClassVar[str] = "slot {slot}: {old} replaced by {new}"


@dataclass(frozen=True)
class Ready(Event):
    """``seat`` is ready (to start the clues, or the next round)."""

    seat: int
    text: ClassVar[str] = "seat {seat} is ready"


@dataclass(frozen=True)
class VoteCast(Event):
    """``voter`` cast or changed a vote: blind (SS-3), so neither for whom nor which
    number; ``given`` is how many of its votes are in."""

    voter: int
    given: int
    text: ClassVar[str] = "seat {voter} voted ({given} in)"


@dataclass(frozen=True)
class VoteTakenBack(Event):
    """``voter`` took a vote back (SI-5: votes change until everyone has voted)."""

    voter: int
    given: int
    text: ClassVar[str] = "seat {voter} took a vote back ({given} in)"


@dataclass(frozen=True)
class RoundScored(Event):
    """Every vote is in: the round's keys and votes are public and scored (SI-6), with
    the catch-up cards it owes (SI-8). The board reveals the safes from ``result``."""

    result: RoundResult
    text: ClassVar[str] = "round {result.round} scored: points {result.points}, keys {result.keys}"


@dataclass(frozen=True)
class CatchUpDealt(Event):
    """``seat``, far behind, was dealt ``count`` more cards (SI-8; which ones is its secret)."""

    seat: int
    count: int
    text: ClassVar[str] = "seat {seat} catches up with {count} card(s)"


@dataclass(frozen=True)
class RoundEnded(Event):
    """Round ``round`` is over: its placed cards and characters leave the match (SI-1, SI-4)."""

    round: int
    text: ClassVar[str] = "round {round} ended"


# --- cooperative ------------------------------------------------------------------------------
@dataclass(frozen=True)
class CharactersDealt(Event):
    """The 8 characters on the board and how many wait in the deck (SC-1)."""

    board: tuple[str, ...]
    deck: int
    text: ClassVar[str] = "the board is {board}, {deck} in the deck"


@dataclass(frozen=True)
class GuessProposed(Event):
    """``seat`` moved the team's cursor to ``slot`` (0-7, SC-3)."""

    seat: int
    slot: int
    text: ClassVar[str] = "seat {seat} points the team at slot {slot}"


@dataclass(frozen=True)
class GuessLocked(Event):
    """``seat`` locked the team's answer; ``turn`` tells the answer, the key and whether
    it was right (SC-3): the key is public from here."""

    seat: int
    turn: CoopTurn
    text: ClassVar[str] = "seat {seat} locked slot {turn.guess} for key {turn.key}: right={turn.correct}"


@dataclass(frozen=True)
class CharacterDiscarded(Event):
    """The answer's character left the board; ``new`` came from the deck into ``slot`` (SC-4)."""

    slot: int
    old: str
    new: str
    text: ClassVar[str] = "slot {slot}: {old} discarded, {new} from the deck"
