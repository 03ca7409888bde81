"""Incognito: hide a secret word in a public place by drawing, then find the others'.

3–6 players, 3 rounds (RULES.md IN-1..IN-6). Phones and bots draw at once; the seats
at the TV draw in turns behind a curtain with the pad drawing kit (``ui/drawkit.py``,
IN-2a: the seats at the TV when the match starts, the entry's ``table_config``); votes
go through the ring picker. This module is the game's plug-in (``PLUGIN``:
game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import GamePlugin, Mode

PLUGIN = GamePlugin(
    __name__,
    order=4,
    modes=(
        Mode("incognito", icon="1F3A8",  # palette
             howto_shots=("incognito.word", "incognito.turn.open", "incognito.countdown", "incognito.vote",
                          "incognito.scores"),
             # the pad behind the curtain draws strokes (ui/bench.py): bots would leave the canvases still
             bench_scene="incognito.turn.open", bench_seats=6, bench_driver="ui.bench", phone="phone", audience="audience"),
    ),
    strings=("incognito", "phone.in"),
)
