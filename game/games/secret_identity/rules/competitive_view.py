"""What each seat (and the TV) sees of a competitive match (SI-2, SI-5, SS-1..SS-3).

A bot match asks for a view before every move (~370 a match of eight), and a move
changes little: a vote one seat's row of the ballot, a placed card one hand and one
clue. So each part of the public view is kept with the state's objects it was made
from, and given again while the state holds the same ones (copy-on-write: a handler
gives whatever it changes a new object, never changes one in place): each seat's
record, the table's fields (board, round, replacements, points, clue links) and the
clue links. A kept pair is one tuple, replaced whole, so a view made on another thread
never reads half of one. tests/test_si_bot_work.py checks every view of a match against
one made with nothing kept.
"""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, is_, is_not, ne
from typing import TYPE_CHECKING, Iterator, Sequence

from ....core.engine import SeatView
from ....core.records import make
from .catalogue import SICatalogue
from .common import Placement, seat_secrets, shown
from .competitive_state import ROUNDS, CompetitiveState, can_replace
from .links import ClueLink, clue_links
from .scoring import decided_by
from .view import CompetitivePrivate, CompetitivePublic, CompetitiveView, MyVotes, SeatPublic, SIPhase, track_position

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace

#: Phases after the scoring, while the round's characters are revealed.
REVEALED = (SIPhase.CATCH_UP, SIPhase.SUMMARY, SIPhase.OVER)
#: How a seat's part tells it changed, in :meth:`CompetitiveViews._seats_public`'s order
#: of parts: by value (scores, flags) or by identity (hands, clues, ballot rows).
_DIFFER = (ne, is_not, is_not, is_not, ne, ne)
_card = attrgetter("card")
#: A view's per-seat parts, each a sequence over the seats: scores, hands, clues, ballot
#: rows, confirmed and ready flags.
SeatParts = tuple[Sequence[int], Sequence[Sequence[str]], Sequence[Sequence[Placement]],
                  Sequence[Sequence[int | None]], Sequence[bool], Sequence[bool]]


class CompetitiveViews:
    """The views of one rules object's matches, with the parts it keeps."""

    def __init__(self, catalogue: SICatalogue) -> None:
        self.catalogue = catalogue
        #: (the six per-seat parts of the last view, its seat records).
        self._seats_seen: tuple[SeatParts, tuple[SeatPublic, ...]] | None = None
        #: (what the last public view's table fields were made from, that view).
        self._public_seen: tuple[tuple[object, ...], CompetitivePublic] | None = None
        #: The clue links of the last view, with the (board, keys, clues) they were made from.
        self._links_seen: tuple[tuple[object, ...], tuple[tuple[ClueLink, ...], ...]] | None = None

    def view(self, state: CompetitiveState, seat: int | None) -> CompetitiveView:
        public = self.public(state)
        if seat is None:
            return SeatView(None, public)
        # (secret_key and secret_votes written out: a view before every bot move)
        phase = state.phase
        return SeatView(seat, public, make(
            CompetitivePrivate,
            my_key=state.keys[seat] if state.keys and (phase == SIPhase.VOTE or phase == SIPhase.CLUES) else None,
            hand=tuple(state.hands[seat]) if state.hands else (),
            placed=tuple(map(_card, state.clues[seat])) if state.clues else (),
            my_votes=make(MyVotes, voter=seat, numbers=state.votes.rows[seat]) if phase == SIPhase.VOTE else None,
        ))

    def public(self, state: CompetitiveState) -> CompetitivePublic:
        seats = self._seats_public(state)
        # Everything the table's fields are made from (the podium's ``decided_by`` reads
        # the scores and hands: never kept once the match is over).
        made_from = (state.phase, state.round, state.board, state.replaced, state.pool, state.history,
                     state.keys, state.clues, state.replacements_per_round)
        kept = self._public_seen
        if kept is not None and state.phase != SIPhase.OVER and all(map(is_, kept[0], made_from)):
            public = kept[1] if kept[1].seats is seats else replace(kept[1], seats=seats)
            self._public_seen = (made_from, public)
            return public
        public = make(
            CompetitivePublic,
            phase=state.phase,
            round=state.round,
            rounds=ROUNDS,
            board=tuple(state.board),
            replacements_left=max(0, state.replacements_per_round - len(state.replaced)) if can_replace(state) else 0,
            replaced=tuple(state.replaced),
            seats=seats,
            last=state.history[-1] if state.history else None,
            round_points=tuple(r.points for r in state.history),
            decided_by=decided_by(state) if state.phase == SIPhase.OVER else "",
            clue_links=self._clue_links(state),
        )
        self._public_seen = (made_from, public)
        return public

    def _seats_public(self, state: CompetitiveState) -> tuple[SeatPublic, ...]:
        """What everyone sees of each seat: the records of the last view, but those of
        the seats whose parts changed (a part the state holds as the same object is
        looked at no further: a vote changes only the ballot's rows, one of them)."""
        n = state.seats
        parts: SeatParts = (state.scores, state.hands or ((),) * n, state.clues or ((),) * n,
                            state.votes.rows or ((),) * n, state.confirmed.flags or (False,) * n,
                            state.ready.flags or (False,) * n)
        kept = self._seats_seen
        if kept is None or len(kept[1]) != n:
            out = tuple(_seat_record(parts, seat, None) for seat in range(n))
            self._seats_seen = (parts, out)
            return out
        stale: set[int] = set()
        for was, now, differ in zip(kept[0], parts, _DIFFER):
            if was is not now:
                stale.update(compress(range(n), map(differ, was, now)))
        if not stale:
            self._seats_seen = (parts, kept[1])
            return kept[1]
        records = list(kept[1])
        clues_seen = kept[0][2]
        for seat in stale:
            # (a vote leaves the clue: its record's shown pictograms stay)
            records[seat] = _seat_record(parts, seat, records[seat] if clues_seen[seat] is parts[2][seat] else None)
        out = tuple(records)
        self._seats_seen = (parts, out)
        return out

    def _clue_links(self, state: CompetitiveState) -> tuple[tuple[ClueLink, ...], ...]:
        """Per seat, the words linking its clue to its character, once scored (the
        round's board, keys and clues stay until the next round starts)."""
        if state.phase not in REVEALED or not state.clues:
            return ()
        made_from = (state.board, state.keys, state.clues)
        kept = self._links_seen
        if kept is None or any(a is not b for a, b in zip(kept[0], made_from)):
            links = tuple(clue_links(self.catalogue, shown(state.clues[s]), state.board[state.keys[s] - 1])
                          for s in range(state.seats))
            kept = self._links_seen = (made_from, links)
        return kept[1]


def _seat_record(parts: SeatParts, seat: int, same_clue: SeatPublic | None) -> SeatPublic:
    """``seat``'s public record from the view's parts; ``same_clue``, a record made
    from the same clue object, lends its shown pictograms."""
    scores, hands, clues, rows, confirmed, ready = parts
    tokens, marker = track_position(scores[seat])
    votes = rows[seat]
    return make(SeatPublic, score=scores[seat], tokens=tokens, marker=marker,
                hand_count=len(hands[seat]), confirmed=bool(confirmed[seat]),
                clue=same_clue.clue if same_clue is not None else shown(clues[seat]),
                votes_given=len(scores) - votes.count(None) if votes else 0,  # its own entry is None
                ready=bool(ready[seat]))


def secret_key(state: CompetitiveState, seat: int) -> int | None:
    """SI-2: a seat's key is its own until the round is scored (then it is history)."""
    if state.phase in (SIPhase.CLUES, SIPhase.VOTE) and state.keys:
        return state.keys[seat]
    return None


def secret_votes(state: CompetitiveState, seat: int) -> MyVotes | None:
    if state.phase != SIPhase.VOTE:
        return None
    return make(MyVotes, voter=seat, numbers=state.votes.rows[seat])


def view_secrets(state: CompetitiveState, seat: int) -> Iterator[tuple[str, object]]:
    """What only ``seat`` may know (the rules' ``secrets``: the harness looks for them elsewhere)."""
    yield from seat_secrets(secret_key(state, seat), state.hands, seat)
    votes = secret_votes(state, seat)
    if votes is not None:
        yield "my_votes", votes
