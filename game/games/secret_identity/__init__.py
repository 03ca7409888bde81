"""Secret Identity, competitive and cooperative: both modes share one catalogue.

The lobby options are the ones each mode's rules declare (``CompetitiveRules.options``,
``CoopRules.options``). Besides them, the lobby puts the chosen category ids in the
config key ``categories`` (None = every category) — see :func:`rules.common.character_pool`.
"""

from __future__ import annotations

from typing import Any, Mapping

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry
from .rules.bots import CompetitiveBot, CoopBot
from .rules.catalogue import SICatalogue, load_catalogue
from .rules import CompetitiveRules, CoopRules
from .rules.common import CONNOISSEURS, character_pool
from .rules.competitive import MIN_CHARACTERS
from .rules.coop import CHARACTERS as COOP_CHARACTERS

#: The lobby's deck screen offers this opt-in tile: the less-known characters (fame
#: below 3 in the match's language) join the deck (config key, off by default).
OPT_IN_DECK = CONNOISSEURS

ENTRIES = (
    GameEntry.of_package(
        __name__,
        CompetitiveRules,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: CompetitiveBot(seat, rng, catalogue, level),
    ),
    GameEntry.of_package(
        __name__,
        CoopRules,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: CoopBot(seat, rng, catalogue, level),
    ),
)

#: Fewest characters each mode needs (the lobby refuses a category choice below it).
MIN_POOL = {"secret_identity": MIN_CHARACTERS, "secret_identity_coop": COOP_CHARACTERS}


def enough_characters(catalogue: SICatalogue, game_id: str, config: Mapping[str, Any]) -> bool:
    """Whether the lobby's category and family choices leave enough characters."""
    return len(character_pool(catalogue, config)) >= MIN_POOL[game_id]
