"""Personality (3–6 players): hand out trait cards to the player they fit, and climb to
the Suprême Perspicacité by reading the table right (RULES.md PE-1..PE-13)."""

from __future__ import annotations

from .. import GameEntry
from .rules.bots import PersonalityBot
from .rules.catalogue import load_catalogue
from .rules.game import PersonalityGame

#: The lobby options are the ones the rules declare (``PersonalityGame.options``).
ENTRIES = (
    GameEntry.of_package(
        __name__,
        PersonalityGame,
        load_catalogue,
        make_bot=PersonalityBot,
    ),
)
