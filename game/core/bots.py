"""Bots: players that see only their own view and answer with one of ``legal``."""

from __future__ import annotations

from typing import Generic, Sequence

from .actions import Action
from .engine import Priv, Pub, SeatView
from .levels import DEFAULT_LEVEL, LEVELS
from .rng import Rng

__all__ = ["Bot", "DEFAULT_LEVEL", "LEVELS"]  # the levels' usual name for the games and menus


class Bot(Generic[Pub, Priv]):
    """Base bot, generic in the views of its game (``Bot[MSPublic, MSPrivate]``). Subclasses override :meth:`act`; ``rng`` is the bot's own generator
    (its choices are logged as actions, so the match still replays exactly).

    ``pace`` is a second generator derived from the seed alone, for the table's
    "thinking" delays (scenes/match.py): what ``act`` draws from ``rng`` may depend on
    the bot's secrets, so drawing delays from ``rng`` would tie them to the secret
    through its stream position; ``pace`` is never touched by ``act``.

    ``act`` may return None to wait: a seat in ``current`` whose move is optional (an
    accusation "at any moment", a vote it may still change) need not act now. A match
    stalls only if every current seat waits and no countdown runs.
    """

    def __init__(self, seat: int, rng: Rng, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
        self.seat = seat
        self.rng = rng
        self.level = level
        self.pace = Rng.from_seed(f"pace:{rng.state}")

    def act(self, view: SeatView[Pub, Priv], legal: Sequence[Action]) -> Action | None:
        raise NotImplementedError


class RandomBot(Bot[Pub, Priv]):
    """Picks uniformly among the legal actions: the baseline every game is measured by."""

    def act(self, view: SeatView[Pub, Priv], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))
