"""Incognito: hide a secret word in a public place by drawing, then find the others'.

3–6 players, 3 rounds (RULES.md IN-1..IN-6). Everyone draws at once on the split
screen with the pad drawing kit (``drawkit.py``); votes go through the ring picker.
"""

from __future__ import annotations

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry, OptionSpec
from .rules.bots import IncognitoBot
from .rules.catalogue import load_catalogue
from .rules.game import DRAW_LIMIT_OPTION, FAMILY_OPTION, Incognito

ENTRIES = (
    GameEntry.of_package(
        __name__,
        Incognito,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: IncognitoBot(seat, rng, catalogue, level),
        options=(
            OptionSpec(DRAW_LIMIT_OPTION, 0, (0, 60, 90, 120)),  # IN-2, seconds, 0 = off
            OptionSpec(FAMILY_OPTION, True, (True, False)),
        ),
    ),
)
