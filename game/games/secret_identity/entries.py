"""Secret Identity's registry entries, competitive and cooperative: both modes share one
catalogue. The lobby options are the ones each mode's rules declare
(``CompetitiveRules.options``, ``CoopRules.options``); besides them, the lobby's deck
(``deck.py``) puts the chosen category ids in the config key ``categories``."""

from __future__ import annotations

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry
from .rules import CompetitiveRules, CoopRules
from .rules.bots import CompetitiveBot, CoopBot
from .rules.catalogue import SICatalogue, load_catalogue

ENTRIES: tuple[GameEntry[SICatalogue], ...] = (
    GameEntry.of_package(
        __package__,
        CompetitiveRules,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: CompetitiveBot(seat, rng, catalogue, level),
    ),
    GameEntry.of_package(
        __package__,
        CoopRules,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: CoopBot(seat, rng, catalogue, level),
    ),
)
