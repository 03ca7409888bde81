"""Incognito: hide a secret word in a public place by drawing, then find the others'.

3–6 players, 3 rounds (RULES.md IN-1..IN-6). Everyone draws at once on the split
screen with the pad drawing kit (``ui/drawkit.py``); votes go through the ring picker.
"""

from __future__ import annotations

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry
from .rules.bots import IncognitoBot, warm_caches
from .rules.catalogue import load_catalogue
from .rules.game import Incognito

#: The lobby options are the ones the rules declare (``Incognito.options``).
ENTRIES = (
    GameEntry.of_package(
        __name__,
        Incognito,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: IncognitoBot(seat, rng, catalogue, level),
        warm=warm_caches,
    ),
)
