"""Mission Secrète: a 5×5 grid of objects, secret characters, swaps and accusations.

This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import GamePlugin, Mode

PLUGIN = GamePlugin(
    __name__,
    order=3,
    modes=(
        Mode("mission_secrete", icon="1F385",  # Santa
             howto_shots=("mission_secrete.peek", "mission_secrete.peek", "mission_secrete.turn",
                          "mission_secrete.swap", "mission_secrete.accuse", "mission_secrete.win"),
             bench_scene="mission_secrete.turn", bench_seats=4, phone="phone", audience="audience"),
    ),
    strings=("ms", "phone.ms"),
)
