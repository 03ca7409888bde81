"""Each game's pictogram, shown by the game list, its lobby and its how-to pages."""

#: The menu order, and each game's pictogram (OpenMoji code).
GAME_ICONS = {
    "secret_identity": "1F575",       # detective
    "secret_identity_coop": "1F91D",  # handshake
    "personality": "1FA9E",           # mirror
    "mission_secrete": "1F385",       # Santa
    "incognito": "1F3A8",             # palette
}
