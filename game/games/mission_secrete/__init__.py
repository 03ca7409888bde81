"""Mission Secrète: a 5×5 grid of objects, secret characters, swaps and accusations.

This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import Callout, GamePlugin, HowtoPicture, Mode

PLUGIN = GamePlugin(
    __name__,
    order=3,
    modes=(
        Mode("mission_secrete", icon="1F385",  # Santa
             howto_pictures=(
                 HowtoPicture("mission_secrete.peek", (230, 430, 760, 540), (
                     Callout("howto.mission_secrete.1.you", (480, 610), (850, 480)),)),
                 HowtoPicture("mission_secrete.peek", (740, 280, 880, 560), (
                     Callout("howto.mission_secrete.2.objects", (1100, 690), (1180, 810)),)),
                 HowtoPicture("mission_secrete.turn", (580, 180, 770, 550), (
                     Callout("howto.mission_secrete.3.card", (960, 440), (760, 560)),
                     Callout("howto.mission_secrete.3.neighbour", (1055, 412), (1180, 250)))),
                 HowtoPicture("mission_secrete.turn", (720, 300, 700, 500), (
                     Callout("howto.mission_secrete.4.last_swap", (1166, 664), (940, 775)),)),
                 HowtoPicture("mission_secrete.accuse", (500, 160, 800, 560), (
                     Callout("howto.mission_secrete.5.pick", (960, 250), (700, 300)),)),
                 HowtoPicture("mission_secrete.win", (980, 330, 830, 600), (
                     Callout("howto.mission_secrete.6.who", (1690, 760), (1390, 560)),)),
             ),
             phone_picture=HowtoPicture("mission_secrete.turn", (580, 180, 770, 550), (
                 Callout("howto.mission_secrete.phone.card", (960, 440), (760, 560)),)),
             bench_scene="mission_secrete.turn", bench_seats=4, phone="phone", audience="audience"),
    ),
    strings=("ms", "phone.ms"),
)
