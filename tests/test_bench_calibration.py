"""``bench``'s yardstick (issue 32 item 1): the same plain Python loop timed beside the
figures, with the load average before and after, and a note on how each target scales."""

import pytest

from game.cli import bench, bench_calibration
from game.cli.bench_calibration import LOOP, calibration, calibration_lines, time_loop


def test_the_loop_is_timed_before_and_after_with_the_load_average():
    before = time_loop(runs=1)
    cal = calibration(before, runs=1)
    assert cal["loop"] == LOOP == "sum(i * i for i in range(10**7))"
    assert cal["before"] is before
    for part in (cal["before"], cal["after"]):
        assert part["cpu_s"] > 0 and part["wall_s"] > 0
        assert part["load"] is None or (len(part["load"]) == 3 and min(part["load"]) >= 0)  # (Windows has none)
    # how much slower the laptop is: its time over our better CPU time
    ours = min(before["cpu_s"], cal["after"]["cpu_s"])
    assert cal["reference_factor"] == pytest.approx(1.09 / ours, abs=0.01)


def test_the_table_opens_with_the_loop_and_says_how_each_target_scales():
    cal = {"loop": LOOP, "before": {"wall_s": 0.7, "cpu_s": 0.69, "load": [1.0, 0.5, 0.25]},
           "after": {"wall_s": 0.72, "cpu_s": 0.7, "load": None}, "reference_s": 1.09, "reference_factor": 1.58,
           "scaling": list(bench_calibration.SCALING)}
    report = {"scenes": [], "missing": [], "startup": {"title_s": 0.2, "bare_window_s": 0.1, "ratio": 2.0},
              "calibration": cal, "targets": bench.TARGETS, "verdict": []}
    lines = bench.format_table(report).splitlines()
    assert lines[0] == ("calibration: sum(i * i for i in range(10**7)) took 0.700 s (CPU 0.690 s), "
                        "load average 1.0 0.5 0.25 before the figures,")
    assert lines[1].startswith("  0.720 s (CPU 0.700 s), load average unknown after; "
                               "a machine whose loop takes 1.09 s is ~1.58x slower.")
    note = "\n".join(lines[2:5])
    assert "bot matches/s" in note and "about linearly" in note and "round trip: partly" in note
    assert "peak RSS: not at all" in note
    assert calibration_lines(None) == []


def test_bots_alone_report_the_loop_and_the_bots_rows_only():
    rep = bench.bots_report(["secret_identity_coop"], sim_matches=2, loop_runs=1)
    assert set(rep) == {"sims", "targets", "calibration", "verdict"}
    assert [row["figure"] for row in rep["verdict"]] == ["bot matches/s: secret_identity_coop (8 seats)"]
    table = bench.format_table(rep)
    assert table.startswith("calibration: ") and "bots: secret_identity_coop: " in table
    assert "verdict: " in table and "first title frame" not in table and "scene " not in table
