"""``bench``: the report's shape on a short in-process run (a smoke test, never timed)."""

import pytest

from game.cli import bench
from game.cli.shot import registry

KEYS = {"game", "scene", "seats", "frames", "p50_ms", "p99_ms", "max_ms", "p99_budget_fraction", "wall_p99_ms",
        "first_frame_ms", "warmup_max_ms", "rebuilds", "strokes", "peak_rss_mb"}


def _available() -> list[str]:
    shots = registry()
    return [game for game, scene in bench.BUSIEST.items() if scene in shots or game in bench.DRIVERS]


@pytest.mark.parametrize("game", ["incognito", "personality"])
def test_one_scene_reports_its_frame_costs(game):
    if game not in _available():
        pytest.skip(f"{game} has no board yet")
    result = bench.bench_scene(game, frames=30, warmup=5)
    assert set(result) == KEYS
    assert result["frames"] == 30 and result["seats"] == bench.SEATS[game]
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["p99_budget_fraction"] == pytest.approx(result["p99_ms"] / bench.BUDGET_MS, abs=1e-3)
    assert result["peak_rss_mb"] > 10
    if game == "incognito":  # the six canvases hold drawings
        assert result["strokes"] > 0


def test_every_registered_game_has_a_busiest_scene():
    from game.games import all_games

    assert set(all_games()) <= set(bench.BUSIEST) and set(bench.BUSIEST) == set(bench.SEATS)


def test_the_table_shows_every_scene_start_up_and_what_is_missing():
    row = {k: 1.0 for k in KEYS} | {"scene": "x.y", "seats": 6, "p99_budget_fraction": 0.5}
    report = {"scenes": [row, {"game": "z", "scene": "z.turn", "error": ["boom"]}], "missing": ["w"], "menus": {"error": ["x"]},
              "startup": {"title_s": 0.5, "bare_window_s": 0.1, "ratio": 5.0}, "targets": bench.TARGETS}
    table = bench.format_table(report)
    assert "x.y" in table and "> target" in table and "error: boom" in table and "w" in table
    assert "ratio 5.0" in table


def test_menu_transitions_time_every_screen_opening_and_closing():
    result = bench.bench_menus(repeats=1)
    names = [row["screen"] for row in result["screens"]]
    assert {"games", "settings", "pause", "pause.quit", "lobby.options", "lobby.incognito"} <= set(names)
    for row in result["screens"]:
        assert row["first_ms"] > 0 and 0 < row["push_p50_ms"] <= row["push_max_ms"]
        assert 0 < row["pop_p50_ms"] <= row["pop_max_ms"]
    fast = dict(result["screens"][0], push_max_ms=1.0, pop_max_ms=1.0)
    slow = dict(fast, screen="slow", pop_max_ms=bench.BUDGET_MS + 1)
    table = bench.format_menus({"repeats": 1, "screens": [fast, slow]})
    assert [line.endswith("> 16.7") for line in table[2:]] == [False, True]
    assert bench.format_menus({"error": ["boom"]}) == ["menu transitions: error: boom"]
