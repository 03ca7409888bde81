"""Incognito's registry entry: its rules, catalogue loader, bots and their caches."""

from __future__ import annotations

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry
from .rules.bots import IncognitoBot, warm_caches
from .rules.catalogue import IncognitoCatalogue, load_catalogue
from .rules.game import Incognito
from .rules.turns import TURN_SEATS

#: The lobby options are the ones the rules declare (``Incognito.options``).
ENTRIES: tuple[GameEntry[IncognitoCatalogue], ...] = (
    GameEntry.of_package(
        __package__,
        Incognito,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: IncognitoBot(seat, rng, catalogue, level),
        warm=warm_caches,
        table_config=lambda at_tv: {TURN_SEATS: list(at_tv)},
    ),
)
