"""Personality (3–6 players): hand out trait cards to the player they fit, and climb to
the Suprême Perspicacité by reading the table right (RULES.md PE-1..PE-13).

This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import Callout, GamePlugin, HowtoPicture, Mode

PLUGIN = GamePlugin(
    __name__,
    order=2,
    modes=(
        Mode("personality", icon="1FA9E",  # mirror
             howto_pictures=(
                 HowtoPicture("personality.vote", (90, 160, 800, 560), (
                     Callout("howto.personality.1.card", (520, 300), (690, 200)),)),
                 HowtoPicture("personality.vote", (560, 160, 800, 560), (
                     Callout("howto.personality.2.secret", (960, 470), (660, 600)),)),
                 HowtoPicture("personality.revote", (560, 280, 800, 560), (
                     Callout("howto.personality.3.tied", (760, 395), (900, 600)),)),
                 HowtoPicture("personality.debate", (110, 545, 800, 450), (
                     Callout("howto.personality.4.pair", (465, 750), (400, 975)),
                     Callout("howto.personality.4.inversion", (887, 750), (740, 870)))),
                 HowtoPicture("personality.endgame", (330, 50, 860, 580), (
                     Callout("howto.personality.5.given", (715, 300), (715, 570)),)),
                 HowtoPicture("personality.portraits", (90, 170, 800, 540), (
                     Callout("howto.personality.6.portrait", (380, 400), (380, 598)),)),
             ),
             phone_picture=HowtoPicture("personality.vote", (560, 160, 800, 560), (
                 Callout("howto.personality.phone.vote", (1236, 395), (1180, 575)),)),
             bench_scene="personality.vote", bench_seats=6, phone="phone", audience="audience"),
    ),
    strings=("personality", "phone.pe"),
)
