"""Incognito: hide a secret word in a public place by drawing, then find the others'.

3–6 players, 3 rounds (RULES.md IN-1..IN-6). Everyone draws at once on the split
screen with the pad drawing kit (``ui/drawkit.py``); votes go through the ring picker.
This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import GamePlugin, Mode

PLUGIN = GamePlugin(
    __name__,
    order=4,
    modes=(
        Mode("incognito", icon="1F3A8",  # palette
             howto_shots=("incognito.word", "incognito.draw", "incognito.countdown", "incognito.vote",
                          "incognito.scores"),
             # the bench's six pads draw strokes (ui/bench.py): bots would leave the canvases still
             bench_scene="incognito.draw", bench_seats=6, bench_driver="ui.bench", phone="phone"),
    ),
    strings=("incognito", "phone.in"),
)
