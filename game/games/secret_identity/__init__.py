"""Secret Identity, competitive and cooperative: both modes share one catalogue.

Besides the options below, the lobby puts the chosen category ids in the config key
``categories`` (None = every category) — see :func:`rules.common.character_pool`.
"""

from __future__ import annotations

from ...core.bots import DEFAULT_LEVEL
from .. import GameEntry, OptionSpec
from .rules.bots import CompetitiveBot, CoopBot
from .rules.catalogue import load_catalogue
from .rules import CompetitiveRules, CoopRules
from .rules.common import character_pool
from .rules.competitive import MIN_CHARACTERS
from .rules.coop import CHARACTERS as COOP_CHARACTERS

#: The same family filter, on by default, as every game with a deck.
FAMILY = OptionSpec("family", True, (True, False))
#: The lobby's deck screen offers this opt-in tile: the less-known characters (fame
#: below 3 in the match's language) join the deck (config key, off by default).
OPT_IN_DECK = "connoisseurs"

ENTRIES = (
    GameEntry.of_package(
        __name__,
        CompetitiveRules,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: CompetitiveBot(seat, rng, catalogue, level),
        options=(
            OptionSpec("replacements_per_round", 3, (0, 1, 2, 3)),  # SI-3
            OptionSpec("catch_up", True, (True, False)),  # SI-8
            FAMILY,
        ),
    ),
    GameEntry.of_package(
        __name__,
        CoopRules,
        load_catalogue,
        make_bot=lambda catalogue, seat, rng, level=DEFAULT_LEVEL: CoopBot(seat, rng, catalogue, level),
        options=(FAMILY,),
    ),
)

#: Fewest characters each mode needs (the lobby refuses a category choice below it).
MIN_POOL = {"secret_identity": MIN_CHARACTERS, "secret_identity_coop": COOP_CHARACTERS}


def enough_characters(catalogue, game_id: str, config) -> bool:
    """Whether the lobby's category and family choices leave enough characters."""
    return len(character_pool(catalogue, config)) >= MIN_POOL[game_id]
