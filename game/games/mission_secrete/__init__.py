"""Mission Secrète: a 5×5 grid of objects, secret characters, swaps and accusations."""

from __future__ import annotations

from .. import GameEntry, OptionSpec
from .bots import MissionBot
from .catalogue import load
from .rules import MissionSecrete

ENTRIES = (
    GameEntry(
        id="mission_secrete",
        min_seats=2,
        max_seats=4,
        catalogue_key="mission_secrete",
        load_catalogue=load,
        make_definition=MissionSecrete,
        make_bot=lambda catalogue, seat, rng: MissionBot(seat, rng, catalogue),
        scenes_module="game.games.mission_secrete.scenes",
        options=(OptionSpec("free_swap", False, (False, True)),),  # MS-4
    ),
)
