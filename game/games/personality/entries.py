"""Personality's registry entry: its rules, catalogue loader and bots."""

from __future__ import annotations

from .. import GameEntry
from .rules.bots import PersonalityBot
from .rules.catalogue import PECatalogue, load_catalogue
from .rules.game import PersonalityGame

#: The lobby options are the ones the rules declare (``PersonalityGame.options``).
ENTRIES: tuple[GameEntry[PECatalogue], ...] = (
    GameEntry.of_package(
        __package__,
        PersonalityGame,
        load_catalogue,
        make_bot=PersonalityBot,
    ),
)
