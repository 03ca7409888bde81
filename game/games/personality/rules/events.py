"""What happens in a Personality match, as events (``game.core.events``).

The rules return them from ``step``; the board animates from them (a reveal, masks
walking, a special square's banner) and the phone companion will forward them. Every
one happens in front of the table: a vote, an exchange or an Inversion card is told
only as done, never with its content (SS-1); what a vote was becomes public with the
reveal (:class:`VoteRevealed`). The shared ones (``PhaseStarted``, ``MatchOver``)
come from the core.

``legacy()`` is the form some of them had in the ``events`` list the state kept before
(the reader's card, landings, the endgame): saves hash that list, so the state writes
it back in its plain form (``PEState.__plain__``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ....core.events import Event
from .view import ContestRecord, MaskMove, VoteRecord


@dataclass(frozen=True)
class PEEvent(Event):
    def legacy(self) -> dict[str, object] | None:
        """The entry the old state's ``events`` list held for it (None: none)."""
        return None


@dataclass(frozen=True)
class CardRead(PEEvent):
    """The reader read ``card`` aloud (PE-2)."""

    seat: int
    card: str
    text: ClassVar[str] = "seat {seat} reads {card}"

    def legacy(self) -> dict[str, object]:
        return {"kind": "read", "seat": self.seat, "card": self.card}


@dataclass(frozen=True)
class InversionStarted(PEEvent):
    """Everyone else plays a card for ``seat`` (PE-9)."""

    seat: int
    text: ClassVar[str] = "inversion round for seat {seat}"

    def legacy(self) -> dict[str, object]:
        return {"kind": "inversion", "seat": self.seat}


@dataclass(frozen=True)
class CardPlayed(PEEvent):
    """``seat`` put an Inversion card face down (which one stays secret)."""

    seat: int
    text: ClassVar[str] = "seat {seat} played a card face down"


@dataclass(frozen=True)
class VoteCast(PEEvent):
    """``seat`` voted (for whom and with what bet stays secret until the reveal)."""

    seat: int
    text: ClassVar[str] = "seat {seat} voted"


@dataclass(frozen=True)
class VoteRevealed(PEEvent):
    """A vote is counted and shown: the record says who voted what and the outcome
    (elected, tie, none: PE-4..PE-6, PE-9)."""

    record: VoteRecord
    text: ClassVar[str] = "vote revealed: {record.outcome}, elected {record.elected}"


@dataclass(frozen=True)
class MaskMoved(PEEvent):
    """A mask moved on the track (PE-4; ``move.fell``: through the Gouffre, PE-7)."""

    move: MaskMove
    text: ClassVar[str] = "seat {move.seat} moved {move.delta:+d}: {move.start} -> {move.end} (fell: {move.fell})"


@dataclass(frozen=True)
class ReadyPressed(PEEvent):
    """``seat`` is ready to vote again (PE-6)."""

    seat: int
    text: ClassVar[str] = "seat {seat} is ready"


@dataclass(frozen=True)
class ExchangeChosen(PEEvent):
    """``seat`` chose whether to exchange a card (which one stays secret, PE-4)."""

    seat: int
    text: ClassVar[str] = "seat {seat} chose its exchange"


@dataclass(frozen=True)
class Exchanged(PEEvent):
    """These seats each swapped a card with the deck (PE-4)."""

    seats: tuple[int, ...]
    text: ClassVar[str] = "seats {seats} exchanged a card"

    def legacy(self) -> dict[str, object]:
        return {"kind": "exchanged", "seats": list(self.seats)}


@dataclass(frozen=True)
class Landed(PEEvent):
    """``seat``'s landing on a special ``square`` resolves now (PE-8..PE-11)."""

    seat: int
    square: str
    text: ClassVar[str] = "seat {seat} lands on {square}"

    def legacy(self) -> dict[str, object]:
        return {"kind": "landing", "seat": self.seat, "square": self.square}


@dataclass(frozen=True)
class Paired(PEEvent):
    """``seat`` chose ``partner`` for the next vote (PE-8)."""

    seat: int
    partner: int
    text: ClassVar[str] = "seat {seat} pairs with seat {partner}"

    def legacy(self) -> dict[str, object]:
        return {"kind": "pair", "seat": self.seat, "partner": self.partner}


@dataclass(frozen=True)
class GiftGiven(PEEvent):
    """The endgame candidate gave ``card`` face up to ``to`` (PE-11)."""

    giver: int
    card: str
    to: int
    text: ClassVar[str] = "seat {giver} gives {card} to seat {to}"


@dataclass(frozen=True)
class GiftAnswered(PEEvent):
    """``seat`` accepted or contested its gift (PE-11)."""

    seat: int
    answer: str
    text: ClassVar[str] = "seat {seat}: {answer}"


@dataclass(frozen=True)
class Judged(PEEvent):
    """``seat`` voted on a contested gift (its choice shows with the result)."""

    seat: int
    text: ClassVar[str] = "seat {seat} judged"


@dataclass(frozen=True)
class ContestResolved(PEEvent):
    """A contested gift is settled (PE-11)."""

    record: ContestRecord
    text: ClassVar[str] = "contest settled: upheld={record.upheld}"


@dataclass(frozen=True)
class SentToDoor(PEEvent):
    """A failed endgame sends ``seat`` back to the door (PE-11)."""

    seat: int
    start: int
    end: int
    text: ClassVar[str] = "seat {seat} goes back to the door ({start} -> {end})"

    def legacy(self) -> dict[str, object]:
        return {"kind": "door", "seat": self.seat, "from": self.start, "to": self.end}


@dataclass(frozen=True)
class Won(PEEvent):
    """``seat`` reached the Suprême Perspicacité (PE-11)."""

    seat: int
    text: ClassVar[str] = "seat {seat} wins"

    def legacy(self) -> dict[str, object]:
        return {"kind": "win", "seat": self.seat}


@dataclass(frozen=True)
class EndgameOver(PEEvent):
    """``seat``'s endgame is over: ``won`` or back to the door (PE-11)."""

    seat: int
    won: bool
    text: ClassVar[str] = "seat {seat}'s endgame is over: won={won}"

    def legacy(self) -> dict[str, object]:
        return {"kind": "endgame", "seat": self.seat, "won": self.won}
