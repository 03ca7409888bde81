"""Incognito: hide a secret word in a public place by drawing, then find the others'.

3–6 players, 3 rounds (RULES.md IN-1..IN-6). Phones and bots draw at once; the seats
at the TV draw in turns behind a curtain with the pad drawing kit (``ui/drawkit.py``,
IN-2a: the seats at the TV when the match starts, ``table_config``); votes go through
the ring picker.
"""

from __future__ import annotations

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry
from .rules.bots import IncognitoBot, warm_caches
from .rules.catalogue import load_catalogue
from .rules.game import Incognito
from .rules.turns import TURN_SEATS

#: The lobby options are the ones the rules declare (``Incognito.options``).
ENTRIES = (
    GameEntry.of_package(
        __name__,
        Incognito,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: IncognitoBot(seat, rng, catalogue, level),
        warm=warm_caches,
        table_config=lambda at_tv: {TURN_SEATS: list(at_tv)},
    ),
)
