"""Hidden Hue's registry entry: its rules, catalogue loader and bots."""

from __future__ import annotations

from game.core.bots import DEFAULT_LEVEL
from game.games import GameEntry

from .rules.bots import HueBot
from .rules.catalogue import load
from .rules.game import HiddenHue

#: The lobby options are the ones the rules declare (``HiddenHue.options``).
ENTRIES = (
    GameEntry.of_package(
        __package__,
        HiddenHue,
        load,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: HueBot(seat, rng, level),
    ),
)
