"""Value types the games share: a seat order, a barrier (everyone ready), a ballot.

Each is a frozen value: an update returns a new one, so a state holding it is copied
on write (and what it computes, like who is still ``waiting``, is worked out once). A value a state stores may define ``__plain__`` (its canonical JSON form,
:func:`~game.core.serial.to_plain`), so a game can adopt it without changing the
hash of the states its saves hold (a barrier is the list of flags games stored before).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from .actions import IllegalAction
from .records import kept_property, make
from .rng import Rng

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from .records import replace


@dataclass(frozen=True)
class SeatOrder:
    """Whose turn it is, clockwise (seat order), skipping seats that are out."""

    turn: int
    out: tuple[bool, ...]

    @classmethod
    def start(cls, seats: int, first: int = 0) -> "SeatOrder":
        return cls(first, (False,) * seats)

    @property
    def seats(self) -> int:
        return len(self.out)

    @property
    def still_in(self) -> tuple[int, ...]:
        return tuple(seat for seat, out in enumerate(self.out) if not out)

    def after(self, seat: int) -> int:
        """The next seat still in after ``seat``, clockwise (``seat`` itself if alone)."""
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if not self.out[candidate]:
                return candidate
        return seat

    def passed(self) -> "SeatOrder":
        """The turn moves to the next seat still in."""
        return replace(self, turn=self.after(self.turn))

    def eliminate(self, seat: int) -> "SeatOrder":
        """``seat`` is out; if it held the turn, the turn moves on."""
        order = replace(self, out=tuple(out or s == seat for s, out in enumerate(self.out)))
        return order.passed() if order.turn == seat else order


@dataclass(frozen=True)
class Barrier:
    """Everyone ready: a flag per seat; the phase goes on when every flag is set."""

    flags: tuple[bool, ...]

    @classmethod
    def open(cls, seats: int) -> "Barrier":
        return cls((False,) * seats)

    def mark(self, seat: int, ready: bool = True) -> "Barrier":
        if self.flags[seat] == ready:
            raise IllegalAction("already_ready" if ready else "not_ready")
        return Barrier(tuple(ready if s == seat else flag for s, flag in enumerate(self.flags)))

    @kept_property
    def waiting(self) -> frozenset[int]:
        """(Worked out once per value: the phase shell asks it on every move.)"""
        return frozenset(seat for seat, flag in enumerate(self.flags) if not flag)

    @property
    def complete(self) -> bool:
        return all(self.flags)

    def __plain__(self) -> list[bool]:
        return list(self.flags)


@dataclass(frozen=True)
class Ballot:
    """Secret votes: each voter answers questions (numbered from 0) with one of
    ``choices``. ``rows[voter][question]`` is the answer, None until cast.

    Two shapes cover the games: one question per voter ("which player fits this card",
    Personality) and a question per other seat with ``skip_self`` and ``distinct`` ("give
    every other seat a number, each number once", SI-5 and IN-4). Votes may be taken
    back and changed until the phase closes; at expiry :meth:`filled` places the missing
    ones at random. ``blank`` is how an unanswered question is written in the plain form
    (0 or None, as each game stored it).
    """

    rows: tuple[tuple[int | None, ...], ...]
    choices: tuple[int, ...]
    distinct: bool = False
    skip_self: bool = False
    blank: int | None = None

    @classmethod
    def open(cls, voters: int, questions: int, choices: Iterable[int], *, distinct: bool = False,
             skip_self: bool = False, blank: int | None = None) -> "Ballot":
        return cls(((None,) * questions,) * voters, tuple(choices), distinct, skip_self, blank)

    # --- who is asked what ------------------------------------------------------------
    def asked(self, voter: int) -> tuple[int, ...]:
        """The questions ``voter`` answers."""
        return tuple(q for q in range(len(self.rows[voter])) if not (self.skip_self and q == voter))

    def asks(self, voter: int, question: object) -> bool:
        """Whether ``question`` is one ``voter`` answers (any value: a move's data)."""
        return (isinstance(question, int) and not isinstance(question, bool) and 0 <= question < len(self.rows[voter])
                and not (self.skip_self and question == voter))

    def missing(self, voter: int) -> tuple[int, ...]:
        skip = voter if self.skip_self else -1
        return tuple(q for q, answer in enumerate(self.rows[voter]) if answer is None and q != skip)

    def free(self, voter: int) -> tuple[int, ...]:
        """The answers ``voter`` may still give (all of them unless ``distinct``)."""
        if not self.distinct:
            return self.choices
        used = set(self.rows[voter])
        return tuple(c for c in self.choices if c not in used)

    def finished(self, voter: int) -> bool:
        """No question left for ``voter`` (counted in C: ``waiting`` asks it of every
        voter after every vote)."""
        row = self.rows[voter]
        blanks = row.count(None)
        if self.skip_self and voter < len(row) and row[voter] is None:
            blanks -= 1  # its own question, never asked
        return blanks == 0

    @kept_property
    def waiting(self) -> frozenset[int]:
        """The voters with a question still unanswered (worked out once per value: the
        phase shell asks it on every move)."""
        return frozenset(v for v in range(len(self.rows)) if not self.finished(v))

    @property
    def complete(self) -> bool:
        return not self.waiting

    # --- casting ------------------------------------------------------------------------
    def cast(self, voter: int, question: Any, answer: object) -> "Ballot":
        """``voter`` answers ``question`` (replacing an earlier answer to it). Refusals:
        ``bad_target`` (a question the voter is not asked), ``bad_number`` (not one of
        ``choices``), ``number_used`` (``distinct``: the voter gave it to another question)."""
        if not self.asks(voter, question):
            raise IllegalAction("bad_target", repr(question))
        if not isinstance(answer, int) or isinstance(answer, bool) or answer not in self.choices:
            raise IllegalAction("bad_number", repr(answer))
        row = self.rows[voter]
        if self.distinct and (answer in row[:question] or answer in row[question + 1:]):  # (own entry: None)
            raise IllegalAction("number_used")
        return self._with(voter, question, answer)

    def take_back(self, voter: int, question: Any) -> "Ballot":
        if not self.asks(voter, question):
            raise IllegalAction("bad_target", repr(question))
        if self.rows[voter][question] is None:
            raise IllegalAction("nothing_to_take_back")
        return self._with(voter, question, None)

    def _with(self, voter: int, question: int, answer: int | None) -> "Ballot":
        old = self.rows[voter]
        rows = (*self.rows[:voter], (*old[:question], answer, *old[question + 1:]), *self.rows[voter + 1:])
        ballot = make(Ballot, rows=rows, choices=self.choices, distinct=self.distinct, skip_self=self.skip_self,
                      blank=self.blank)
        waiting = self.__dict__.get("waiting")
        if waiting is not None:  # worked out already: only this voter can have changed
            ballot.__dict__["waiting"] = waiting - {voter} if ballot.finished(voter) else waiting | {voter}
        return ballot

    def filled(self, rng: Rng) -> "Ballot":
        """Every missing answer placed at random (distinct answers stay distinct), voter by
        voter: the voter's free answers shuffled once, then taken from the end, question
        by question. ``rng`` is advanced; pass a copy to keep the original."""
        ballot = self
        for voter in range(len(self.rows)):
            free = rng.shuffled(list(ballot.free(voter)))
            for question in ballot.missing(voter):
                pick = free.pop() if self.distinct else rng.choice(self.choices)
                ballot = ballot._with(voter, question, pick)
        return ballot

    # --- counting ----------------------------------------------------------------------
    def tally(self, question: int = 0, voters: Iterable[int] | None = None) -> Counter[int]:
        """How many voters gave each answer to ``question`` (only ``voters`` if given)."""
        who = range(len(self.rows)) if voters is None else voters
        return Counter(a for v in who if (a := self.rows[v][question]) is not None)

    def leaders(self, question: int = 0, at_least: int = 1, voters: Iterable[int] | None = None) -> tuple[int, ...]:
        """The answers with the most votes (at least ``at_least``), in answer order."""
        counts = self.tally(question, voters)
        top = max(counts.values(), default=0)
        if top < at_least:
            return ()
        return tuple(sorted(a for a, n in counts.items() if n == top))

    def __plain__(self) -> list[list[int | None]]:
        return [[self.blank if a is None else a for a in row] for row in self.rows]
