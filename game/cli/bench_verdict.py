"""Every figure of a bench report against its target: issue 18's "done when" in one list.

``verdict(report)`` turns the report ``bench`` builds into rows of ``figure, value,
target, ok``: each scene's frame p99 (share of the 16.7 ms budget) and peak RSS, every menu
screen's slowest transition (its first opening included: a player sees that hitch too) and
the menu child's peak RSS, the start-up ratio (wall, as the issue words it, and CPU), the
present step's 4K / 1080p ratio (with SDL's software renderer, which does not scale on
the GPU: a 4K frame of a board in play against one where the whole canvas changed), the
phones' round trip and frame p99, the audience's frame p99, a seat's round trip while it
votes and the memory it adds, and, when the report
has them, the bots' matches per second at each game's most seats (``sims``). A part the
report lacks or that failed is a row that is not ok, so a missing figure never passes.
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

from ..program import game_command
from .bench_calibration import time_loop

SIM_MATCHES = 500  # what docs/performance.md's figures use
SIM_TARGET = 83.0  # 10,000 matches in 120 s


def sim_rates(games: list[str], matches: int = SIM_MATCHES, loop_runs: int = 0) -> dict[str, Any]:
    """``sim GAME --seats MAX --matches N --seed 1 --json`` in a child per game, default jobs;
    each game's matches per second, or ``{"error": …}``. Beside it, where the system
    counts its children's CPU time (Unix), the child's and its workers' (``cpu_s``, start-up
    included) and the matches per CPU-second: a figure other programs on a busy machine
    do not lower as much as the wall clock's (issue 32).

    With ``loop_runs`` > 0, the calibration loop's CPU seconds just before and just after
    each child (``loop_cpu_s``, the best of ``loop_runs`` each): a virtual machine's speed
    drifts by half within minutes, so the loop timed around a game's matches is the one
    to scale them by, not the report's, timed before and after every other part."""
    from ..games import all_games

    known = all_games()
    rates: dict[str, dict[str, Any]] = {}
    for game in games:
        entry = known[game]
        loop_before = time_loop(loop_runs)["cpu_s"] if loop_runs > 0 else None
        before = _children_cpu_s()
        proc = subprocess.run(game_command("sim", game, "--seats", str(entry.max_seats), "--matches", str(matches),
                                            "--seed", "1", "--json"), capture_output=True, text=True)
        after = _children_cpu_s()
        loop_after = time_loop(loop_runs)["cpu_s"] if loop_runs > 0 else None
        if proc.returncode != 0:
            rates[game] = {"error": proc.stderr.strip().splitlines()[-1:]}
            continue
        summary = json.loads(proc.stdout.strip().splitlines()[-1])["summary"]
        rates[game] = {"seats": entry.max_seats, "matches": summary["matches"],
                       "matches_per_second": summary["matches_per_second"]}
        if before is not None and after is not None and after > before:
            rates[game] |= {"cpu_s": round(after - before, 2),
                            "matches_per_cpu_second": round(summary["matches"] / (after - before), 1)}
        if loop_before is not None and loop_after is not None:
            rates[game]["loop_cpu_s"] = [loop_before, loop_after]
    return rates


def _children_cpu_s() -> float | None:
    """User and system CPU seconds of the children waited for so far (None on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _row(figure: str, value: object, target: float, *, at_least: bool = False) -> dict[str, Any]:
    ok = isinstance(value, (int, float)) and (value >= target if at_least else value <= target)
    return {"figure": figure, "value": value, "target": f"{'>=' if at_least else '<='} {round(target, 2)}", "ok": ok}


def _failed(figure: str, part: object) -> dict[str, Any]:
    why = " ".join(part["error"]) if isinstance(part, dict) and "error" in part else "not measured"
    return {"figure": figure, "value": why, "target": "measured", "ok": False}


def verdict(rep: dict[str, Any]) -> list[dict[str, Any]]:
    targets = rep["targets"]
    rows = []
    for scene in rep.get("scenes", []):
        name = scene["scene"]
        if "error" in scene:
            rows.append(_failed(f"frame p99 / budget: {name}", scene))
            continue
        rows.append(_row(f"frame p99 / budget: {name}", scene["p99_budget_fraction"], targets["p99_budget_fraction"]))
        rows.append(_row(f"peak RSS MB: {name}", scene["peak_rss_mb"], targets["peak_rss_mb"]))
    rows += [_failed(f"frame p99 / budget: {game}", None) for game in rep.get("missing", [])]
    menus = rep.get("menus")
    if not menus or "error" in menus:
        rows.append(_failed("menu transitions", menus))
    else:
        for m in menus["screens"]:
            slowest = max(m["first_ms"], m["push_max_ms"], m["pop_max_ms"])
            rows.append(_row(f"menu transition ms (first, push, pop): {m['screen']}", slowest,
                             targets["menu_transition_ms"]))
        rows.append(_row("peak RSS MB: menus (every screen and picture)", menus["peak_rss_mb"], targets["peak_rss_mb"]))
    startup = rep.get("startup") or {}
    rows.append(_row("start-up ratio (wall)", startup.get("ratio"), targets["startup_ratio"]))
    rows.append(_row("start-up ratio (CPU)", startup.get("cpu_ratio"), targets["startup_ratio"]))
    present = rep.get("present")
    if present is not None and (present or {}).get("presenter") == "bands":  # SDL's software renderer
        rows.append(_row("present 4K, a board in play / the whole canvas (software renderer)",
                         present.get("in_play_over_whole_4k"), targets["present_4k_in_play_over_whole"]))
    elif present is not None:
        rows.append(_row("present 4K / 1080p", (present or {}).get("ratio_4k_1080p"), targets["present_4k_over_1080p"]))
    phones = rep.get("phones")
    if not phones or "error" in phones:
        rows.append(_failed("phones", phones))
    else:
        for key, target in phones["targets"].items():
            rows.append(_row(f"phones {key}", phones.get(key), target))
    audience = rep.get("audience")
    if "audience" in rep and (not audience or "error" in audience):
        rows.append(_failed("audience", audience))
    elif audience:
        for key, target in audience["targets"].items():
            rows.append(_row(f"audience ({audience['members']}) {key}", audience.get(key), target))
    return rows + sim_rows(rep)


def sim_rows(rep: dict[str, Any]) -> list[dict[str, Any]]:
    """The bots' rows: each game's matches per second at its most seats."""
    rows: list[dict[str, Any]] = []
    for game, rate in (rep.get("sims") or {}).items():
        if "error" in rate:
            rows.append(_failed(f"bot matches/s: {game}", rate))
        else:
            rows.append(_row(f"bot matches/s: {game} ({rate['seats']} seats)", rate["matches_per_second"],
                             rep["targets"]["sim_matches_per_second"], at_least=True))
    return rows


def verdict_lines(rows: list[dict[str, Any]]) -> list[str]:
    missed = [row for row in rows if not row["ok"]]
    lines = [f"verdict: {len(rows) - len(missed)} of {len(rows)} figures inside their targets"]
    lines += [f"  missed: {row['figure']} = {row['value']} (target {row['target']})" for row in missed]
    return lines
