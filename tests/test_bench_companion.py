"""The bench's phone figures (issue 17, item 11): a short run of eight phones on loopback
reports its round trips and frame costs, and the report shows them against the targets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from game.cli import bench
from game.cli.bench_companion import TARGETS, Driver, companion_lines, moves_in


def test_eight_phones_play_and_their_round_trips_and_frames_are_timed():
    # in a process of its own, as `bench` runs it: tests before this one leave pygame and
    # SDL state behind in this process (an App shut down, a window opened in an Xvfb)
    code = "import json; from game.cli.bench_companion import bench_companion; print(json.dumps(bench_companion(acts=12)))"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert "error" not in result, result
    assert result["phones"] == 8 and result["acts"] == 12 and result["frames"] > 0
    assert 0 < result["round_trip_p50_ms"] <= result["round_trip_p99_ms"] <= result["round_trip_max_ms"]
    assert 0 < result["frame_p50_ms"] <= result["frame_p99_ms"] and result["ping_p50_ms"] > 0
    # the real App's loop (issue 32 item 5): its frames' gaps, acts served between frames, the loop beside
    assert 0 < result["gap_p99_ms"] <= result["gap_max_ms"] and result["loop_s"] > 0
    assert 0 < result["serve_p50_ms"] <= result["serve_p99_ms"]
    lines = "\n".join(companion_lines(result))
    assert "act -> updated view" in lines and f"target p99 <= {TARGETS['round_trip_p99_ms']:.0f}" in lines
    assert "the TV's frame gaps: p99" in lines and "calibration loop" in lines


def test_the_report_flags_figures_over_their_targets():
    result = {"phones": 8, "game": "g", "acts": 5, "refused": 0, "round_trip_p50_ms": 9.0, "round_trip_p99_ms": 80.0,
              "round_trip_max_ms": 90.0, "ping_p50_ms": 0.2, "ping_p99_ms": 1.0, "load_average": 1.0, "frames": 9,
              "frame_p50_ms": 5.0, "frame_p99_ms": 6.0}
    lines = companion_lines(result)
    assert lines[1].endswith("> target") and not lines[3].endswith("> budget")
    report = {"scenes": [], "missing": [], "startup": {"title_s": 0.2, "bare_window_s": 0.1, "ratio": 2.0},
              "phones": {"error": ["the companion could not start: port_taken"]}, "targets": bench.TARGETS}
    assert "phones: error: the companion could not start: port_taken" in bench.format_table(report)


def test_moves_are_found_wherever_a_screen_puts_them():
    screen = {"hand": [{"label": "x", "move": {"kind": "place", "data": {"card": "a"}}}],
              "moves": [{"kind": "ready", "data": {}}], "kind": "not a move"}
    assert list(moves_in(screen)) == [{"kind": "place", "data": {"card": "a"}}, {"kind": "ready", "data": {}}]


class _RefusingOncePhone:
    """A phone whose first act is refused (it came from a stale screen) and whose next one
    is answered; after the refusal the table sends no new view (nothing moved)."""

    def __init__(self) -> None:
        self.sent: list[dict] = []
        self.inbox = [{"type": "view", "screen": {"moves": [{"kind": "ready", "data": {}}]}}]

    def pending(self):
        out, self.inbox = self.inbox, []
        return out

    def send(self, message_type, /, **fields):
        self.sent.append(fields)
        answer = {"type": "error", "reason": "illegal:no_replacements"} if len(self.sent) == 1 else {"type": "view", "screen": {}}
        self.inbox.append({**answer, "ack": fields["id"]})

    def next_timed(self, timeout):
        return time.perf_counter(), self.inbox.pop(0)


def test_a_refused_phone_keeps_its_screen_and_acts_again():
    """The stall of a competitive table of eight phones (issue 17): a phone whose move was
    refused dropped its screen, and when it was the last seat to act no new view ever came."""
    phone = _RefusingOncePhone()
    driver = Driver([phone], acts=1, patience=2.0)
    driver.run()
    assert driver.refused == 1 and len(driver.trips) == 1 and len(phone.sent) == 2
