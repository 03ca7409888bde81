"""Mission Secrète's registry entry: its rules, catalogue loader and bots."""

from __future__ import annotations

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry
from .rules.bots import MissionBot
from .rules.catalogue import MSCatalogue, load
from .rules.game import MissionSecrete

#: The lobby options are the ones the rules declare (``MissionSecrete.options``).
ENTRIES: tuple[GameEntry[MSCatalogue], ...] = (
    GameEntry.of_package(
        __package__,
        MissionSecrete,
        load,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: MissionBot(seat, rng, catalogue, level),
    ),
)
