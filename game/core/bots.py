"""Bots: players that see only their own view and answer with one of ``legal``."""

from __future__ import annotations

from typing import Any, Sequence

from .actions import Action
from .engine import SeatView
from .rng import Rng


class Bot:
    """Base bot. Subclasses override :meth:`act`; ``rng`` is the bot's own generator
    (its choices are logged as actions, so the match still replays exactly).

    ``act`` may return None to wait: a seat in ``current`` whose move is optional (an
    accusation "at any moment", a vote it may still change) need not act now. A match
    stalls only if every current seat waits and no countdown runs.
    """

    def __init__(self, seat: int, rng: Rng) -> None:
        self.seat = seat
        self.rng = rng

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action | None:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every game is measured by."""

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))
