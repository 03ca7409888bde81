"""``bench``: the report's shape on a short in-process run (a smoke test, never timed)."""

import shutil
import sys
from pathlib import Path

import pytest

from game.cli import bench, bench_measures, bench_scenes
from game.shots import registry

KEYS = {"game", "scene", "seats", "frames", "p50_ms", "p99_ms", "max_ms", "p99_budget_fraction", "wall_p99_ms",
        "first_frame_ms", "warmup_max_ms", "rebuilds", "peak_rss_mb", "between_p99_ms", "between_max_ms"}


def _available() -> list[str]:
    shots = registry()
    return [game for game, mode in bench_scenes.bench_modes().items() if mode.bench_scene in shots or mode.bench_driver]


@pytest.mark.parametrize("game", ["incognito", "personality"])
def test_one_scene_reports_its_frame_costs(game):
    if game not in _available():
        pytest.skip(f"{game} has no board yet")
    result = bench_scenes.bench_scene(game, frames=30, warmup=5)
    assert set(result) == KEYS | ({"strokes"} if game == "incognito" else set())  # its driver's figure
    assert result["frames"] == 30 and result["seats"] == bench_scenes.bench_modes()[game].bench_seats
    assert 0 < result["p50_ms"] <= result["p99_ms"] <= result["max_ms"]
    assert result["p99_budget_fraction"] == pytest.approx(result["p99_ms"] / bench_measures.BUDGET_MS, abs=1e-3)
    assert result["peak_rss_mb"] > 10
    if game == "incognito":  # the six canvases hold drawings
        assert result["strokes"] > 0


def test_every_registered_game_has_a_busiest_scene():
    from game.games import all_games

    modes = bench_scenes.bench_modes()
    assert list(modes) == list(all_games()) and all(mode.bench_seats >= 2 for mode in modes.values())


def test_the_table_shows_every_scene_start_up_and_what_is_missing():
    row = {k: 1.0 for k in KEYS} | {"scene": "x.y", "seats": 6, "p99_budget_fraction": 0.5}
    report = {"scenes": [row, {"game": "z", "scene": "z.turn", "error": ["boom"]}], "missing": ["w"], "menus": {"error": ["x"]},
              "startup": {"title_s": 0.5, "bare_window_s": 0.1, "ratio": 5.0, "title_cpu_s": 0.12,
                          "bare_window_cpu_s": 0.06, "cpu_ratio": 2.0}, "targets": bench.TARGETS}
    table = bench.format_table(report)
    assert "x.y" in table and "> target" in table and "error: boom" in table and "w" in table
    assert "ratio 5.0" in table and "CPU to that frame: 0.12 s vs 0.06 s -> ratio 2.0" in table


def test_start_up_times_both_children_in_wall_and_cpu_time():
    result = bench_measures.startup(runs=1, warm=False)  # (the untimed run before: not what is checked)
    assert 0 < result["bare_window_cpu_s"] and 0 < result["title_cpu_s"] < 5
    # the times are reported rounded to the millisecond and the ratios to 0.01, so a ratio
    # lies between what the rounded times allow, give or take its own rounding
    for ratio, title, bare in (("cpu_ratio", "title_cpu_s", "bare_window_cpu_s"), ("ratio", "title_s", "bare_window_s")):
        low = (result[title] - 0.0005) / (result[bare] + 0.0005)
        high = (result[title] + 0.0005) / max(result[bare] - 0.0005, 1e-9)
        assert low - 0.005 <= result[ratio] <= high + 0.005, (ratio, result)


def test_menu_transitions_time_every_screen_opening_and_closing(monkeypatch):
    from game import heap

    released = []
    real_release = heap.release_free_memory
    monkeypatch.setattr(heap, "release_free_memory", lambda: released.append(1) or real_release())
    result = bench_scenes.bench_menus(repeats=1, quick=True)  # as ``bench --quick``
    names = [row["screen"] for row in result["screens"]]
    # as App.frame: a frame after a screen closes frees it (else the closed screens'
    # cycles waited for a full GC pass, which struck the 16th co-op lobby opening)
    assert len(released) >= 2 * len(names)
    assert {"games", "settings", "pause", "pause.quit", "lobby.options", "lobby.incognito"} <= set(names)
    for row in result["screens"]:
        assert row["first_ms"] > 0 and 0 < row["push_p50_ms"] <= row["push_max_ms"]
        assert 0 < row["pop_p50_ms"] <= row["pop_max_ms"]
    fast = dict(result["screens"][0], push_max_ms=1.0, pop_max_ms=1.0)
    slow = dict(fast, screen="slow", pop_max_ms=bench_measures.BUDGET_MS + 1)
    table = bench.format_menus({"repeats": 1, "screens": [fast, slow]})
    assert [line.endswith("> 16.7") for line in table[2:]] == [False, True]
    assert bench.format_menus({"error": ["boom"]}) == ["menu transitions: error: boom"]


def test_the_present_step_is_timed_in_each_window_size():
    """In this process, under the dummy driver (SDL's software renderer): the report's
    shape, and each window really at its size."""
    import pygame

    try:
        result = bench_measures.present_costs(frames=5, windows=((640, 360), (1920, 1080), (2560, 1440)))
    finally:
        pygame.display.set_mode((1, 1))  # no app window left for the next tests
    assert result["driver"] == "dummy" and result["renderer"] == "software" and result["presenter"] == "bands"
    assert [row["window"] for row in result["windows"]] == [row["shown"] for row in result["windows"]] == [
        [640, 360], [1920, 1080], [2560, 1440]]
    for row in result["windows"]:  # a board in play, a still canvas, one changed whole
        assert row["frames"] == 5 and 0 < row["p50_ms"] <= row["p99_ms"]
        assert row["still_p50_ms"] > 0 and row["all_p50_ms"] > 0
    assert result["ratio_4k_1080p"] is None and result["in_play_over_whole_4k"] is None  # no 3840×2160 window here


def test_the_table_shows_the_present_step_against_its_target():
    row = {"window": [3840, 2160], "shown": [3840, 2160], "frames": 9, "p50_ms": 9.0, "p99_ms": 9.5,
           "process_p50_ms": 9.0, "wall_p50_ms": 9.1}
    present = {"driver": "x11", "renderer": "opengl", "vsync": True, "display": ":5", "windows": [row],
               "ratio_4k_1080p": 4.5}
    report = {"scenes": [], "missing": [], "startup": {"title_s": 0.2, "bare_window_s": 0.1, "ratio": 2.0},
              "present": present, "targets": bench.TARGETS}
    table = bench.format_table(report)
    assert "opengl renderer" in table and "3840×2160: p50 9.00 ms" in table and "4.5 (target <= 1.25)  > target" in table
    report["present"] = {"error": ["no display"]}
    assert "present: error: no display" in bench.format_table(report)


def test_with_the_software_renderer_the_table_shows_a_board_in_play_against_the_whole_canvas():
    row = {"window": [3840, 2160], "shown": [3840, 2160], "frames": 9, "p50_ms": 5.0, "p99_ms": 6.0,
           "process_p50_ms": 5.0, "wall_p50_ms": 5.1, "still_p50_ms": 1.2, "all_p50_ms": 25.0}
    present = {"driver": "x11", "renderer": "software", "vsync": False, "display": ":5", "presenter": "bands",
               "windows": [row], "ratio_4k_1080p": 3.0, "in_play_over_whole_4k": 0.2}
    report = {"scenes": [], "missing": [], "startup": {"title_s": 0.2, "bare_window_s": 0.1, "ratio": 2.0},
              "present": present, "targets": bench.TARGETS}
    table = bench.format_table(report)
    assert "the changed bands stretched by the CPU" in table and "still 1.20, all 25.00" in table
    assert "a board in play / the whole canvas changed: 0.2 (target <= 0.5)\n" in table + "\n"
    assert "3840×2160 / 1920×1080" not in table


@pytest.mark.skipif(shutil.which("Xvfb") is None or not sys.platform.startswith("linux"), reason="needs Xvfb")
def test_without_a_display_the_bench_presents_in_an_xvfb_it_starts(monkeypatch):
    """A real X window (the renderer SDL picks there: OpenGL through Mesa, or its software
    one), every size shown as asked, and the server gone afterwards."""
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    result = bench_measures.present_report(frames=3, driver=None)
    assert "error" not in result, result
    assert result["driver"] == "x11" and "started by the bench" in result["display"]
    assert [row["shown"] for row in result["windows"]] == [list(size) for size in bench_measures.PRESENT_WINDOWS]
    assert result["ratio_4k_1080p"] > 0
    display = result["display"].split()[1]
    assert not Path(f"/tmp/.X11-unix/X{display[1:]}").exists()  # the server stopped and cleaned up
