"""The lobby's category deck of both Secret Identity modes (game/scenes/menus/deck.py):
which characters a category choice leaves (``character_pool``, which the rules deal
from: config key ``categories``, None = every category) and the fewest each mode needs."""

from __future__ import annotations

from .rules.common import CONNOISSEURS, character_pool
from .rules.competitive import MIN_CHARACTERS
from .rules.coop import CHARACTERS as COOP_CHARACTERS

__all__ = ["MIN_POOL", "OPT_IN_DECK", "character_pool"]

#: The lobby's deck screen offers this opt-in tile: the less-known characters (fame
#: below 3 in the match's language) join the deck (config key, off by default).
OPT_IN_DECK = CONNOISSEURS

#: Fewest characters each mode needs (the lobby refuses a category choice below it).
MIN_POOL = {"secret_identity": MIN_CHARACTERS, "secret_identity_coop": COOP_CHARACTERS}
