"""Secret Identity bots do less work for the same play (issue 18 item 5): the clue
planner skips the softmax of placements whose bound shows they lose, and the voter makes
its assignment once per round. tests/test_secret_identity_sim.py pins whole matches;
these check each shortcut against doing the work in full."""

import math

from game import paths
from game.cli.sim import resolve_entry, simulate
from game.core.rng import Rng
from game.games.secret_identity.rules import bots
from game.games.secret_identity.rules.bots import Bound, LinkRow, most_telling, read_belief


def _every_candidate(rows, base, slot, sharpness):
    """What the planner found before: every placement scored in hand order, the first
    best kept."""
    best = None
    for rank, (row, sign) in enumerate(rows):
        scores = [b + sign * m for b, m in zip(base, row)]
        p = read_belief(scores, slot, sharpness[sign])
        if best is None or p > best[0]:
            best = (p, rank, scores)
    return best


def test_the_planner_picks_what_scoring_every_placement_picks_even_on_ties():
    rng = Rng.from_seed("planner")
    for trial in range(400):
        slot = rng.below(8)
        base = [0.0] * 8 if trial % 3 == 0 else [rng.random() * 6 - 2 for _ in range(8)]
        # Whole numbers make exact ties between placements (and equal rows) common.
        rows = []
        for _ in range(rng.below(20) + 1):
            row = [float(rng.below(4)) if trial % 2 else rng.random() * 9 for _ in range(8)]
            rows += [(row, 1.0), (row, -bots.RED_WEIGHT)]
        sharpness = {1.0: 0.3 + rng.random(), -bots.RED_WEIGHT: 0.3 + rng.random()}
        bound = Bound(base, slot)
        candidates = [(bound.of(LinkRow.of(row, slot), sign, sharpness[sign]), rank, row, sign, sharpness[sign], rank)
                      for rank, (row, sign) in enumerate(rows)]
        p, rank, scores = most_telling(candidates, base, slot)
        assert (p, rank, scores) == _every_candidate(rows, base, slot, sharpness)


def test_a_placement_never_beats_its_bound():
    rng = Rng.from_seed("bound")
    for _ in range(2000):
        slot = rng.below(8)
        base = [rng.random() * 10 - 3 for _ in range(8)]
        row = [rng.random() * 12 - 2 for _ in range(8)]
        sign = 1.0 if rng.below(2) else -bots.RED_WEIGHT
        sharpness = 0.1 + rng.random() * 2
        b = Bound(base, slot).of(LinkRow.of(row, slot), sign, sharpness)
        belief = read_belief([x + sign * m for x, m in zip(base, row)], slot, sharpness)
        assert belief <= 1 / (1 + math.exp(b)) * (1 + 1e-12)


def _counted(monkeypatch, name):
    calls = [0]
    real = getattr(bots, name)

    def counting(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(bots, name, counting)
    return calls


def test_the_bots_of_a_match_score_few_placements_and_assign_votes_once_a_round(monkeypatch):
    """Before: every placement's softmax (about 4,000 a match of eight), and an
    assignment before each of the 224 votes."""
    softmaxes, assignments = _counted(monkeypatch, "read_belief"), _counted(monkeypatch, "assign")
    entry = resolve_entry("secret_identity")
    catalogue, _warnings = entry.load_catalogue(paths.data_dir(), None)
    report = simulate(entry, catalogue, 8, 1, "work")
    assert report["matches"][0]["reason"] in ("score", "cards", "shared")
    assert assignments[0] == 4 * 8  # one per round and bot
    assert softmaxes[0] < 1000
