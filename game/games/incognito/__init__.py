"""Incognito: hide a secret word in a public place by drawing, then find the others'.

3–6 players, 3 rounds (RULES.md IN-1..IN-6). Phones and bots draw at once; the seats
at the TV draw in turns behind a curtain with the pad drawing kit (``ui/drawkit.py``,
IN-2a: the seats at the TV when the match starts, the entry's ``table_config``); votes
go through the ring picker. This module is the game's plug-in (``PLUGIN``:
game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import Callout, GamePlugin, HowtoPicture, Mode

PLUGIN = GamePlugin(
    __name__,
    order=4,
    modes=(
        Mode("incognito", icon="1F3A8",  # palette
             howto_pictures=(
                 HowtoPicture("incognito.word", (500, 280, 900, 640), (
                     Callout("howto.incognito.1.word", (800, 450), (680, 800)),
                     Callout("howto.incognito.1.place", (1100, 715), (1230, 880)))),
                 HowtoPicture("incognito.turn.open", (160, 390, 800, 560), (
                     Callout("howto.incognito.2.colours", (500, 845), (560, 560)),)),
                 HowtoPicture("incognito.countdown", (650, 40, 800, 480), (
                     Callout("howto.incognito.3.done", (905, 155), (800, 450)),
                     Callout("howto.incognito.3.seconds", (1000, 88), (1250, 250)))),
                 HowtoPicture("incognito.vote", (100, 110, 800, 560), (
                     Callout("howto.incognito.4.words", (520, 175), (700, 330)),)),
                 HowtoPicture("incognito.scores", (700, 110, 800, 520), (
                     Callout("howto.incognito.5.round", (1360, 168), (880, 168)),)),
             ),
             phone_picture=HowtoPicture("incognito.vote", (100, 110, 800, 560), (
                 Callout("howto.incognito.phone.vote", (520, 400), (330, 470)),)),
             # the pad behind the curtain draws strokes (ui/bench.py): bots would leave the canvases still
             bench_scene="incognito.turn.open", bench_seats=6, bench_driver="ui.bench", phone="phone", audience="audience"),
    ),
    strings=("incognito", "phone.in"),
)
