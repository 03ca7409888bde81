"""Secret Identity bot matches pinned: a speed-up of the rules or the bots (issue 18
item 5) must not change how a seeded match plays. Every bot level sits at the table, and
a second table of six links pictograms its own way (``--tag-noise``), so the clue
planner's misreadings, the voter's readings and the varied links are all played."""

from game import paths
from game.cli.sim import resolve_entry, simulate

LEVELS = ["normal", "sharp", "easy", "normal", "normal", "sharp", "easy", "normal"]
#: (scores, winners, actions, end reason, guess accuracy) of matches "pin:0".."pin:9",
#: as the rules and bots played them before the issue 18 speed-up.
PINNED_EIGHT = [
    ([40, 42, 24, 36, 34, 41, 27, 38], [1], 377, 'score', 0.629464),
    ([43, 45, 33, 41, 43, 45, 34, 48], [7], 377, 'score', 0.741071),
    ([39, 46, 30, 37, 35, 48, 41, 40], [5], 366, 'score', 0.705357),
    ([35, 41, 31, 32, 37, 36, 23, 39], [1], 371, 'score', 0.611607),
    ([44, 47, 34, 38, 45, 47, 40, 49], [7], 368, 'score', 0.767857),
    ([44, 42, 34, 37, 38, 42, 33, 38], [0], 370, 'score', 0.6875),
    ([41, 49, 39, 46, 41, 46, 34, 40], [1], 376, 'score', 0.75),
    ([46, 52, 40, 48, 47, 49, 35, 45], [1], 370, 'score', 0.808036),
    ([39, 44, 29, 33, 35, 42, 22, 40], [1], 379, 'score', 0.633929),
    ([37, 46, 36, 46, 39, 44, 33, 43], [1], 371, 'cards', 0.723214),
]
#: The same for six seats with a fifth of each bot's links varied (tag noise 0.2).
PINNED_SIX_NOISY = [
    ([19, 31, 24, 22, 24, 28], [1], 228, 'score', 0.616667),
    ([18, 20, 15, 14, 16, 21], [5], 233, 'score', 0.433333),
    ([16, 25, 13, 11, 21, 24], [1], 231, 'score', 0.458333),
    ([17, 23, 8, 21, 26, 23], [4], 229, 'score', 0.491667),
    ([20, 17, 13, 12, 19, 19], [0], 229, 'score', 0.416667),
    ([19, 16, 17, 22, 20, 16], [3], 229, 'score', 0.458333),
    ([11, 16, 14, 16, 16, 19], [5], 230, 'score', 0.383333),
    ([17, 26, 23, 21, 21, 24], [1], 228, 'score', 0.55),
    ([17, 16, 13, 18, 16, 18], [3], 233, 'cards', 0.408333),
    ([28, 29, 23, 26, 25, 27], [1], 227, 'score', 0.658333),
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

