"""Masks on the track: how a vote's bets move them (PE-4, PE-6), the Gouffre (PE-7) and
the special squares whose landings queue up in seat order from the reader (PE-10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from .state import PEState, drawn, seat_order
from .view import Candidate, MaskMove, Vote

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace

#: The squares whose landing asks for something (PE-8, PE-9, PE-11).
SPECIAL = ("tete_a_tete", "inversion", "summit")


def steps(votes: Mapping[int, Vote], elected: Candidate, first: bool) -> dict[int, int]:
    """Each voter's move: its bet forward if it named the elected one, back if not
    (PE-4); after a second vote only the right voters move, one square (PE-6)."""
    out: dict[int, int] = {}
    for voter, vote in votes.items():
        if first:
            out[voter] = vote.bet if vote.choice == elected else -vote.bet
        elif vote.choice == elected:
            out[voter] = 1
    return out


def move_masks(state: PEState, deltas: Mapping[int, int]) -> tuple[PEState, tuple[MaskMove, ...]]:
    """Move masks by ``deltas`` (PE-4); falls into the Gouffre (PE-7); queue landings
    on special squares in seat order from the reader (PE-10)."""
    board = state.board
    positions, landings = list(state.positions), list(state.landings)
    moves = []
    for seat in seat_order(state):
        delta = deltas.get(seat, 0)
        if delta == 0:
            continue
        start = positions[seat]
        end = start + delta
        fell = end < 0
        if fell:                                                  # PE-7
            end = board.gouffre_restart
            state = drawn(state, seat, board.gouffre_refill - len(state.hands[seat]))
        end = min(end, board.summit)
        positions[seat] = end
        moves.append(MaskMove(seat, start, end, delta, fell))
        kind = board.kind(end)
        if not fell and end != start and kind in SPECIAL:
            landings.append((seat, kind))
    return replace(state, positions=tuple(positions), landings=tuple(landings)), tuple(moves)
