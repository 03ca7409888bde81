"""Which characters may share a board (issue 27 items 3 and 4): never two look-alikes
(the catalogue's ``look_alikes``: the Big Bad Wolf and the Werewolf), and at most
``GENERIC_PER_BOARD`` characters of the generic categories (jobs, creatures), so the
famous characters carry a board.

:func:`draw_fitting` shuffles the pool with the match's generator and takes, in that
order, each character that fits with those already on the board: a deal stays a chance
action whose outcome the log records (old saves replay whatever this module becomes).
When a small pool cannot fill a board so (custom categories, a deck of jobs only), the
cap on generic characters goes first, then the look-alike rule: a board is always dealt.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ....core.rng import Rng
from .catalogue import GENERIC_PER_BOARD, SICatalogue


def fits(catalogue: SICatalogue, character: str, board: Iterable[str], *, look_alikes: bool = True,
         cap: bool = True) -> bool:
    """Whether ``character`` may join ``board`` (ids)."""
    board = list(board)
    if look_alikes and catalogue.look_alikes.get(character, frozenset()) & set(board):
        return False
    if cap and _generic(catalogue, character):
        return sum(_generic(catalogue, other) for other in board) < GENERIC_PER_BOARD
    return True


def draw_fitting(rng: Rng, catalogue: SICatalogue, pool: Sequence[str], count: int, board: Sequence[str] = ()) -> list[str]:
    """``count`` characters of ``pool`` (in a random order) that fit with ``board`` and
    with each other; fewer rules as a last resort (module docstring)."""
    order = rng.shuffled(list(pool))
    chosen: list[str] = []
    for rules in ({}, {"cap": False}, {"cap": False, "look_alikes": False}):
        for character in order:
            if len(chosen) == count:
                return chosen
            if character not in chosen and fits(catalogue, character, [*board, *chosen], **rules):
                chosen.append(character)
    return chosen


def _generic(catalogue: SICatalogue, character: str) -> bool:
    return catalogue.character(character).category in catalogue.generic
