"""Secret Identity, competitive and cooperative: two games of the menu, one package and
one catalogue (RULES.md SI-1..SI-9, SC-1..SC-5).

This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import GamePlugin, Mode

PLUGIN = GamePlugin(
    __name__,
    order=1,
    modes=(
        Mode("secret_identity", icon="1F575",  # detective
             howto_shots=("secret_identity.clues", "secret_identity.replace", "secret_identity.vote",
                          "secret_identity.summary"),
             bench_scene="secret_identity.clues", bench_seats=8, phone="phone.competitive",
             audience="audience.competitive"),
        Mode("secret_identity_coop", icon="1F91D",  # handshake
             howto_shots=("secret_identity_coop.clue", "secret_identity_coop.guess", "secret_identity_coop.result"),
             bench_scene="secret_identity_coop.guess", bench_seats=8, phone="phone.coop",
             audience="audience.coop"),
    ),
    strings=("si", "sc", "phone.si"),
    deck="deck",
)
