"""Secret Identity, competitive and cooperative: two games of the menu, one package and
one catalogue (RULES.md SI-1..SI-9, SC-1..SC-5).

This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from ..plugin import Callout, GamePlugin, HowtoPicture, Mode

PLUGIN = GamePlugin(
    __name__,
    order=1,
    modes=(
        Mode("secret_identity", icon="1F575",  # detective
             howto_pictures=(
                 HowtoPicture("secret_identity.clues", (110, 150, 700, 500), (
                     Callout("howto.secret_identity.1.character", (617, 182), (650, 420)),
                     Callout("howto.secret_identity.1.score", (475, 205), (330, 610)))),
                 HowtoPicture("secret_identity.vote", (1120, 560, 700, 500), (
                     Callout("howto.secret_identity.2.is", (1459, 865), (1290, 715)),
                     Callout("howto.secret_identity.2.is_not", (1538, 865), (1560, 1010)))),
                 HowtoPicture("secret_identity.vote", (560, 150, 700, 500), (
                     Callout("howto.secret_identity.3.number", (855, 182), (1140, 385)),
                     Callout("howto.secret_identity.3.hold", (958, 567), (690, 445)))),
                 HowtoPicture("secret_identity.summary", (400, 240, 700, 500), (
                     Callout("howto.secret_identity.4.found_you", (731, 346), (640, 700)),
                     Callout("howto.secret_identity.4.points", (1053, 346), (960, 560)))),
             ),
             phone_picture=HowtoPicture("secret_identity.vote", (100, 160, 700, 500), (
                 Callout("howto.secret_identity.phone.cards", (290, 270), (450, 470)),
                 Callout("howto.secret_identity.phone.vote", (740, 350), (640, 620)))),
             bench_scene="secret_identity.clues", bench_seats=8, phone="phone.competitive",
             audience="audience.competitive"),
        Mode("secret_identity_coop", icon="1F91D",  # handshake
             howto_pictures=(
                 HowtoPicture("secret_identity_coop.clue", (330, 50, 770, 550), (
                     Callout("howto.secret_identity_coop.1.turns", (562, 87), (560, 200)),
                     Callout("howto.secret_identity_coop.1.clue", (900, 560), (700, 430)))),
                 HowtoPicture("secret_identity_coop.guess", (900, 300, 700, 500), (
                     Callout("howto.secret_identity_coop.2.cursor", (1275, 450), (1180, 340)),
                     Callout("howto.secret_identity_coop.2.hold", (1080, 650), (1040, 770)))),
                 HowtoPicture("secret_identity_coop.result", (700, 400, 700, 560), (
                     Callout("howto.secret_identity_coop.3.answer", (960, 850), (1250, 740)),
                     Callout("howto.secret_identity_coop.3.missed", (1280, 500), (1220, 430)))),
             ),
             phone_picture=HowtoPicture("secret_identity_coop.guess", (900, 300, 700, 500), (
                 Callout("howto.secret_identity_coop.phone.cursor", (1275, 450), (1180, 340)),)),
             bench_scene="secret_identity_coop.guess", bench_seats=8, phone="phone.coop",
             audience="audience.coop"),
    ),
    strings=("si", "sc", "phone.si"),
    deck="deck",
)
