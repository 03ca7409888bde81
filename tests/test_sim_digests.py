"""Seeded bot matches of every game pinned to their action log and final state: a
speed-up of the engine, the rules or the bots (issue 32 item 3) must play the same
matches. Each game at its most seats, two matches of a series, then one table of sharp
and one of easy bots; pinned is each match's state hash and the digest of its save (the
action log with every action's tick), both cut to 16 hex digits.

The matches are dealt from today's data (data/): a card, a character or a word added
or changed moves the pin as well. Print the new pins with
``python tests/test_sim_digests.py`` once a change is meant to play differently, and
say so in the commit."""

from __future__ import annotations

import hashlib
import json

import pytest

from game import paths
from game.cli.sim import series_configs
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.games import all_games

#: game -> [(state hash, save digest, actions), ...]: matches "pin:0", "pin:1" of a
#: normal table, then "pin:sharp" and "pin:easy".
PINNED: dict[str, list[tuple[str, str, int]]] = {
    'incognito': [
        ('d65d0a24ae7f8a65', 'e506a51e3a155265', 137),
        ('5066af650a12948d', '27e49fcc3f612fc6', 138),
        ('41245593ae2f12a0', '79811b47a5adb7df', 136),
        ('7b68fc0e71c6b0b5', '30ae0b6d6e2d89b4', 136),
    ],
    'mission_secrete': [
        ('c281253060129606', 'efb2d975346cccdd', 19),
        ('e1e622cd8b9980de', '5de79e68bf287dee', 12),
        ('0db2270d40c3738a', 'ca550969dbca590d', 57),
        ('0a67da3c4fa9f44a', '547555541e9b8f6e', 10),
    ],
    'personality': [
        ('ed6121791c964f1b', '5a0a961e636d660d', 294),
        ('21e6b05e69aa0ead', '5c6f02db29d9dc7e', 338),
        ('b7eee65c097212f3', 'c67153b5b78b4b14', 287),
        ('b2c0cd43fb7ec2f3', '2789c8c6a325dd6f', 564),
    ],
    'secret_identity': [
        ('4f6d0243fffcb28f', 'd9e4cc2c38b5c5b7', 368),
        ('c61af4bdb311e71a', '42563587ee50b4a2', 369),
        ('18f2026a5608874e', 'dd22c331f3d6dc4c', 364),
        ('b1ac66482eb54078', 'e0e68a09882d9976', 386),
    ],
    'secret_identity_coop': [
        ('fa63c1d453adb49c', '4a2b012a0b1140f8', 49),
        ('289bbb6c8f12a180', 'dd2ff60aa2a98683', 60),
        ('4affbf85c1660183', '8c691eb654c202f9', 51),
        ('6816ee7d34e3d134', 'eba38e7d9f313790', 63),
    ],
}


def played(game: str) -> list[tuple[str, str, int]]:
    entry = all_games()[game]
    catalogue, _warnings = entry.load_data(paths.data_dir())
    definition = entry.make_definition(catalogue)
    seats = entry.max_seats
    tables = [("pin:0", "normal"), ("pin:1", "normal"), ("pin:sharp", "sharp"), ("pin:easy", "easy")]
    configs = series_configs(definition, entry.default_config(seats), 0)
    out = []
    for (seed, level), config in zip(tables, configs):
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"bot:{seed}:{s}"), level) for s in range(seats)}
        result = play_match(definition, config, seed, bots)
        save = json.dumps(result.session.to_json(), sort_keys=True, ensure_ascii=False)
        out.append((result.session.hash()[:16], hashlib.sha256(save.encode("utf-8")).hexdigest()[:16],
                    result.actions))
    return out


@pytest.mark.parametrize("game", sorted(PINNED))
def test_seeded_bot_matches_play_as_pinned(game):
    assert played(game) == PINNED[game]


def test_every_game_is_pinned():
    assert sorted(PINNED) == sorted(all_games())


if __name__ == "__main__":
    print("PINNED: dict[str, list[tuple[str, str, int]]] = {")
    for name in sorted(all_games()):
        print(f"    {name!r}: [")
        for row in played(name):
            print(f"        {row!r},")
        print("    ],")
    print("}")
