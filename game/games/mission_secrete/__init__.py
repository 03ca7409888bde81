"""Mission Secrète: a 5×5 grid of objects, secret characters, swaps and accusations."""

from __future__ import annotations

from .. import GameEntry
from ...core.bots import DEFAULT_LEVEL
from .rules.bots import MissionBot
from .rules.catalogue import load
from .rules.game import MissionSecrete

#: The lobby options are the ones the rules declare (``MissionSecrete.options``).
ENTRIES = (
    GameEntry.of_package(
        __name__,
        MissionSecrete,
        load,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: MissionBot(seat, rng, catalogue, level),
    ),
)
