"""Hidden Hue, the sixth game: a test-only game plugged in from its own folder.

It is the complete example docs/adding-a-game.md walks through, and what
tests/test_sixth_game.py plugs in (this folder's parent added to ``game.games.__path__``,
no shared file edited) and plays to the end on the TV and from a phone. Everything of
it is here: its manifest (this module), its rules, board, phone screen, data and strings
(``data/``, declared by ``data="data"``: a game that is its own folder).

This module is the game's plug-in (``PLUGIN``: game/games/plugin.py), nothing heavier.
"""

from __future__ import annotations

from game.games.plugin import GamePlugin, Mode

PLUGIN = GamePlugin(
    __name__,
    order=9,
    modes=(
        Mode("hidden_hue", icon="1F3A8",  # the artist's palette
             howto_shots=("hidden_hue.guess", "hidden_hue.reveal", "hidden_hue.end"),
             bench_scene="hidden_hue.guess", bench_seats=6, phone="phone"),
    ),
    strings=("hh", "phone.hh"),
    data="data",
)
