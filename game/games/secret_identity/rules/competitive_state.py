"""The state of a competitive Secret Identity match, and what the rules read off it.

Copy-on-write: a handler returns a copy (``records.replace``) in which every list it
changes is a new one. "Everyone ready" and "every clue given" are core
:class:`~game.core.values.Barrier` values, the votes a :class:`~game.core.values.Ballot`
(SI-5); all three keep the plain form the lists they replaced had, so saves made before
replay to their hash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ....core.actions import IllegalAction
from ....core.rng import Rng
from ....core.values import Ballot, Barrier
from .common import SLOTS, Placement
from .view import RoundResult, SIPhase

ROUNDS = 4  # SI-9: the match ends after round 4
#: Before the first round: nobody to wait for, no votes.
NOBODY_YET = Barrier(())
NO_VOTES = Ballot((), ())


@dataclass
class CompetitiveState:
    """A match (module docstring: copy-on-write)."""

    seats: int
    rng: Rng
    replacements_per_round: int
    catch_up: bool
    all_cards: list[str]
    #: Characters not dealt yet (SI-1: used ones never come back).
    pool: list[str]
    used: list[str] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    unused_cards: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    clues: list[list[Placement]] = field(default_factory=list)
    #: Who has given its clue (SI-4).
    confirmed: Barrier = NOBODY_YET
    #: Mystery key per seat, 1–8 (0 before the keys are dealt).
    keys: list[int] = field(default_factory=list)
    #: votes.rows[voter][target] = number 1–8, or None (SI-5).
    votes: Ballot = NO_VOTES
    #: Who is ready (to start the clues, or the next round).
    ready: Barrier = NOBODY_YET
    replaced: list[int] = field(default_factory=list)
    pending_replace: int | None = None
    phase: SIPhase = SIPhase.DEAL
    round: int = 0
    scores: list[int] = field(default_factory=list)
    history: list[RoundResult] = field(default_factory=list)
    #: SI-8 cards owed after this round's scoring, per seat (settled by chance).
    owed: list[int] = field(default_factory=list)


def take_characters(pool: Sequence[str], characters: Iterable[str]) -> list[str]:
    """The pool without ``characters`` (a chance naming one not in it is refused)."""
    left = list(pool)
    for character in characters:
        if character not in left:
            raise IllegalAction("bad_chance", f"{character!r} is not in the pool")
        left.remove(character)
    return left


def can_replace(state: CompetitiveState) -> bool:
    """SI-3, up to the cap, and only from characters the later rounds can spare (a pool
    of just 32 with the family filter must still deal 8 every round, SI-1)."""
    spare = len(state.pool) - SLOTS * (ROUNDS - state.round)
    return len(state.replaced) < state.replacements_per_round and spare > 0


def reopened(confirmed: Barrier, seat: int) -> Barrier:
    """``seat``'s clue is no longer given (it changes its clue)."""
    return confirmed.mark(seat, False) if confirmed.flags[seat] else confirmed
