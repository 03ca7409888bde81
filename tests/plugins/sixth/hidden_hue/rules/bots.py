"""Hidden Hue's bots: each names a colour in play that is not its own (all it knows)."""

from __future__ import annotations

from typing import Any, Sequence

from game.core.actions import Action
from game.core.bots import Bot
from game.core.engine import SeatView


class HueBot(Bot[Any, Any]):
    def act(self, view: SeatView[Any, Any], legal: Sequence[Action]) -> Action | None:
        guesses = [action for action in legal if action.kind == "guess"]
        return self.rng.choice(guesses) if guesses else None
