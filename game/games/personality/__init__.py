"""Personality (3–6 players): hand out trait cards to the player they fit, and climb to
the Suprême Perspicacité by reading the table right (RULES.md PE-1..PE-13).

This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import GamePlugin, Mode

PLUGIN = GamePlugin(
    __name__,
    order=2,
    modes=(
        Mode("personality", icon="1FA9E",  # mirror
             howto_shots=("personality.read", "personality.vote", "personality.revote", "personality.debate",
                          "personality.endgame", "personality.portraits"),
             bench_scene="personality.vote", bench_seats=6, phone="phone", audience="audience"),
    ),
    strings=("personality", "phone.pe"),
)
