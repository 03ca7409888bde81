"""Secret Identity bot matches pinned: a speed-up of the rules or the bots (issue 18
item 5) must not change how a seeded match plays. Every bot level sits at the table, and
a second table of six links pictograms its own way (``--tag-noise``), so the clue
planner's misreadings, the voter's readings and the varied links are all played."""

from game import paths
from game.cli.sim import resolve_entry, simulate

LEVELS = ["normal", "sharp", "easy", "normal", "normal", "sharp", "easy", "normal"]
#: (scores, winners, actions, end reason, guess accuracy) of matches "pin:0".."pin:9",
#: as the rules and bots played them before the issue 18 speed-up, pinned again for issue
#: 27, which deliberately changes what is dealt and played: boards without look-alikes and
#: with at most two jobs or creatures, fame re-graded (the everyday deck), and no clue
#: showing a pictogram that pictures a character on the board.
PINNED_EIGHT = [
    ([43, 48, 36, 41, 42, 46, 39, 41], [1], 368, 'score', 0.75),
    ([41, 51, 32, 41, 44, 45, 32, 40], [1], 371, 'score', 0.727679),
    ([36, 40, 30, 42, 42, 48, 31, 39], [5], 373, 'score', 0.6875),
    ([26, 31, 29, 31, 27, 38, 24, 38], [5], 370, 'cards', 0.544643),
    ([33, 43, 25, 40, 42, 45, 34, 34], [5], 381, 'score', 0.660714),
    ([37, 44, 22, 41, 40, 49, 31, 36], [5], 367, 'score', 0.669643),
    ([38, 45, 32, 34, 46, 40, 31, 38], [4], 374, 'score', 0.678571),
    ([42, 41, 32, 45, 38, 44, 32, 46], [7], 369, 'score', 0.714286),
    ([39, 42, 30, 41, 42, 50, 31, 39], [5], 376, 'score', 0.700893),
    ([42, 45, 42, 49, 50, 45, 37, 40], [4], 371, 'score', 0.78125),
]
#: The same for six seats with a fifth of each bot's links varied (tag noise 0.2).
PINNED_SIX_NOISY = [
    ([15, 23, 14, 19, 20, 17], [1], 232, 'score', 0.45),
    ([19, 20, 13, 12, 18, 22], [5], 233, 'score', 0.433333),
    ([23, 21, 19, 22, 21, 26], [5], 234, 'score', 0.55),
    ([17, 19, 16, 19, 10, 21], [5], 229, 'score', 0.425),
    ([19, 23, 15, 16, 23, 22], [4], 228, 'cards', 0.491667),
    ([23, 25, 15, 23, 17, 21], [1], 228, 'score', 0.516667),
    ([25, 25, 29, 21, 24, 20], [2], 231, 'score', 0.6),
    ([19, 20, 16, 22, 20, 15], [3], 228, 'score', 0.466667),
    ([21, 24, 19, 26, 22, 24], [3], 225, 'score', 0.566667),
    ([26, 25, 16, 20, 20, 23], [0], 233, 'score', 0.541667),
]


def _played(seats: int, tag_noise: float) -> list[tuple]:
    entry = resolve_entry("secret_identity")
    catalogue, _warnings = entry.load_catalogue(paths.data_dir(), None)
    report = simulate(entry, catalogue, seats, 10, "pin", levels=LEVELS[:seats], tag_noise=tag_noise)
    return [(m["scores"], m["winners"], m["actions"], m["reason"], round(m["measures"]["guess_accuracy"], 6))
            for m in report["matches"]]


def test_ten_seeded_matches_of_eight_play_as_pinned():
    assert _played(8, 0.0) == PINNED_EIGHT


def test_ten_seeded_matches_of_six_with_varied_links_play_as_pinned():
    assert _played(6, 0.2) == PINNED_SIX_NOISY

