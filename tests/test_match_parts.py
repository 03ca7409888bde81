"""tools/match_parts.py (issue 32 item 3): a bot match's CPU by part, per second of the
calibration loop, with the same matches as sim's."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "match_parts.py"
_spec = importlib.util.spec_from_file_location("match_parts", TOOL)
match_parts = sys.modules["match_parts"] = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match_parts)


def test_the_parts_are_timed_on_the_same_matches_as_untimed_and_as_sim_s():
    from game import paths
    from game.cli.sim import play_range, resolve_entry, seat_levels

    found = match_parts.parts("secret_identity_coop", 2)
    assert found["same_matches"] and found["seats"] == 8 and found["matches"] == 2
    entry = resolve_entry("secret_identity_coop")
    catalogue, _ = entry.load_data(paths.data_dir())
    reports = play_range(entry, catalogue, 8, entry.default_config(8), seat_levels(8, []), "1", 3, 5, False)
    assert found["actions"] == [report["actions"] for report in reports]  # sim's matches 3 and 4
    parts = found["parts_per_loop_s"]
    assert set(parts) == {"bots", "views", "rules", "harness"}
    assert all(value > 0 for value in parts.values())
    assert found["ms_per_loop_s"] > 0


def test_a_timed_definition_changes_no_match():
    """The wrappers time and hand on: a bot that records what it saw sees what a plain
    match shows it (the same views, in the same order)."""
    from game.cli.sim import resolve_entry
    from game.core.playthrough import play_match
    from game.core.rng import Rng
    from game import paths

    entry = resolve_entry("secret_identity_coop")
    catalogue, _ = entry.load_data(paths.data_dir())
    definition = entry.make_definition(catalogue)
    clock = match_parts.Clock()

    def play(timed):
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"bot:x:{s}"), "normal") for s in range(4)}
        if timed:
            bots = {s: match_parts.TimedBot(bot, clock) for s, bot in bots.items()}
        chosen = match_parts.TimedDefinition(definition, clock) if timed else definition
        return play_match(chosen, entry.default_config(4), "x", bots).session

    plain, timed = play(False), play(True)
    assert [a.to_json() for a in timed.log] == [a.to_json() for a in plain.log]
    assert timed.hash() == plain.hash()
    assert clock.spent["bots"] > 0 and clock.spent["views"] > 0 and clock.spent["rules"] > 0


def test_the_verdict_says_what_the_bots_may_take():
    budget = match_parts.BUDGET_PER_LOOP_S  # 2 cores * 1000 / 60 / 1.09
    assert round(budget, 2) == 30.58
    assert match_parts.verdict({"ms_per_loop_s": 30.0, "parts_per_loop_s": {"bots": 10.0}}).endswith(": met")
    line = match_parts.verdict({"ms_per_loop_s": 45.87, "parts_per_loop_s": {"bots": 20.0}})
    # the rest takes 25.87: the bots may take 4.71, 4.2x less than their 20
    assert "1.50x short" in line and "the bots may take 4.71 (4.2x less than now)" in line
    line = match_parts.verdict({"ms_per_loop_s": 60.0, "parts_per_loop_s": {"bots": 20.0}})
    assert line.endswith("the rest alone takes 40.00: no time left for the bots")
