"""Personality bot matches pinned: a speed-up of the rules or the bots (issue 18 item 5)
must not change how a seeded match plays. Six seats with every bot level, so the
sharp bot's imagined table and the easy bot's short memory are played too. They are
dealt from the deck of their day (tests/data/personality_saves/deck, the saves' deck),
so a card added to or taken from the family deck does not move the pin."""

from pathlib import Path

from game.cli.sim import resolve_entry, simulate

DECK = Path(__file__).parent / "data" / "personality_saves" / "deck"

LEVELS = ["normal", "normal", "sharp", "normal", "easy", "normal"]
#: (scores, winners, actions, end reason, turns, elections) of matches "pin:0".."pin:19",
#: as the rules and bots played them before the issue 18 speed-up.
PINNED = [
    ([35, 35, 32, 34, 30, 34], [0, 1], 400, 'summit', 11, 22),
    ([29, 24, 35, 24, 31, 22], [2], 258, 'summit', 10, 16),
    ([35, 31, 35, 28, 4, 33], [0, 2], 300, 'summit', 12, 19),
    ([22, 25, 31, 34, 24, 35], [5], 325, 'summit', 9, 20),
    ([35, 30, 35, 30, 12, 28], [0, 2], 413, 'summit', 10, 26),
    ([30, 35, 32, 29, 7, 30], [1], 358, 'summit', 11, 22),
    ([31, 35, 35, 30, 24, 32], [1, 2], 404, 'summit', 11, 22),
    ([33, 35, 30, 33, 13, 27], [1], 361, 'summit', 13, 20),
    ([35, 29, 27, 30, 21, 32], [0], 311, 'summit', 12, 15),
    ([20, 26, 32, 35, 14, 26], [3], 383, 'summit', 7, 25),
    ([28, 34, 24, 27, 35, 33], [4], 212, 'summit', 11, 15),
    ([27, 35, 30, 34, 16, 30], [1], 316, 'summit', 12, 18),
    ([32, 28, 35, 28, 8, 26], [2], 214, 'summit', 10, 14),
    ([31, 30, 35, 30, 24, 25], [2], 231, 'summit', 11, 15),
    ([30, 28, 35, 25, 12, 34], [2], 454, 'summit', 12, 25),
    ([30, 27, 29, 26, 3, 35], [5], 268, 'summit', 9, 17),
    ([28, 29, 35, 32, 15, 28], [2], 281, 'summit', 10, 16),
    ([27, 25, 35, 29, 31, 19], [2], 275, 'summit', 8, 18),
    ([29, 35, 28, 30, 9, 34], [1], 282, 'summit', 12, 17),
    ([32, 26, 35, 27, 14, 29], [2], 240, 'summit', 12, 16),
]


def test_twenty_seeded_matches_of_six_play_as_pinned():
    entry = resolve_entry("personality")
    catalogue, _warnings = entry.load_catalogue(DECK, None)
    report = simulate(entry, catalogue, 6, 20, "pin", levels=LEVELS)
    played = [(m["scores"], m["winners"], m["actions"], m["reason"], int(m["measures"]["turns"]),
               int(m["measures"]["elections"])) for m in report["matches"]]
    assert played == PINNED
