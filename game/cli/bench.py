"""``python -m game bench``: frame costs of every game's busiest scene, start-up, memory.

This module is the command and its report; the scenes and their timing are in
``bench_scenes.py``, start-up, memory and the present step in ``bench_measures.py``.

Each game runs in its own process (so peak RSS is per game). Its busiest scene is
built headless at 1920×1080 with the most seats by the game's own ``shot`` builder,
then its session goes to a new board with a bot in every seat (shots build still
boards), so bots act, animations run and the match plays on from there; a finished
match is built again, untimed. A game's plug-in may drive its scene instead (``bench_driver``):
Incognito's six pads draw strokes with held CONFIRM and a turning stick (the one behind the
curtain draws, IN-2a), so canvases grow and live strokes show.

A frame is what the app does at 60 Hz: one fixed update, one frame update, clearing
the canvas and drawing the stack (the window flip is left out: headless has none).
Costs are CPU time of the main thread (``time.thread_time``), so other programs on a
busy machine do not inflate them; the wall-clock p99 is reported beside. The first
``WARMUP`` frames fill the caches (text, icons, shapes) and are reported apart;
p50/p99/max are over the frames after them. Start-up is the time from process
start to the first drawn title frame, against a bare pygame-ce window drawing one
frame in the same run. Eight phones on loopback (bench_companion.py) give the act →
updated view round trip and the frame cost while they play; with 500 audience members
joined in a process of their own (audience_swarm.py, ``--audience`` alone) the frame's
p99 against the budget, a seat's round trip while the audience votes and the memory
the audience adds. The present step (``App.present``: the canvas scaled into the window
by SDL's renderer, on the GPU, or by SDL's software renderer the bands of it that
changed: game/present.py) is timed in windows of 1280×720, 1920×1080 and 3840×2160,
with a board in play (a card sliding, a countdown ticking), a still canvas and a canvas
changed whole, in a child on a real display: ``DISPLAY``'s, or on Linux without one an
Xvfb the bench starts if it is installed, else the dummy driver (SDL's software
renderer, so not what a GPU costs). The bots' matches per second at each game's most
seats come from ``sim`` children (``--sim-matches``, 0 leaves them out; ``--bots``: those
alone), and the report ends with a verdict: every figure against its target
(``bench_verdict.py``). A plain Python loop is timed before and after the figures, with the
load average, so that two machines' figures can be compared (``bench_calibration.py``).
A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from typing import Any

from ..program import game_command
from .bench_calibration import calibration, calibration_lines, reference_factor, time_loop
from .bench_measures import BUDGET_MS, PRESENT_FRAMES, WARMUP, present_costs, present_report, startup
from .bench_scenes import bench_menus, bench_modes, bench_scene
from .bench_verdict import SIM_MATCHES, SIM_TARGET, sim_rates, sim_rows, verdict, verdict_lines

#: ``--quick``: the phones' timed acts and the audience's members (start-up runs once,
#: with no untimed run before it; each menu opens twice, idle after its first opening
#: only; the present step is timed in one window size, :data:`QUICK_PRESENT_WINDOWS`).
QUICK_PHONE_ACTS = 20
QUICK_MEMBERS = 60
QUICK_PRESENT_WINDOWS = ((1280, 720),)
TARGETS = {"p99_budget_fraction": 0.20, "startup_ratio": 2.0, "peak_rss_mb": 150, "menu_transition_ms": BUDGET_MS,
           "present_4k_over_1080p": 1.25, "present_4k_in_play_over_whole": 0.5, "sim_matches_per_second": SIM_TARGET}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--frames", type=int, default=3000, help="timed frames per scene (default 3000)")
    parser.add_argument("--games", nargs="*", help="only these games (default: every registered one)")
    parser.add_argument("--game", help=argparse.SUPPRESS)  # one game in this process (the children)
    parser.add_argument("--menus", action="store_true", help=argparse.SUPPRESS)  # menu transitions (a child)
    parser.add_argument("--phones", action="store_true", help=argparse.SUPPRESS)  # eight phones (a child)
    parser.add_argument("--audience", action="store_true",
                        help="only the audience's figures: 500 members on loopback while eight phones play (JSON)")
    parser.add_argument("--present", action="store_true",
                        help="only time the present step, in this process, on this display (DISPLAY or "
                             "SDL_VIDEODRIVER); prints JSON")
    parser.add_argument("--quick", action="store_true",
                        help="check that every part runs, not measure: one start-up run, one menu repeat, "
                             f"{QUICK_PHONE_ACTS} phone acts, {QUICK_MEMBERS} audience members, one present window "
                             "size (with --frames 5 and --sim-matches 2, well under half a minute)")
    parser.add_argument("--sim-matches", type=int, default=SIM_MATCHES, metavar="N",
                        help=f"bot matches per game at its most seats for the matches/s figure (default {SIM_MATCHES}; "
                             "0 leaves it out)")
    parser.add_argument("--bots", action="store_true",
                        help="only the bots' matches per second (and the calibration loop): no scenes, menus, "
                             "start-up, present or phones")


# --- the report -------------------------------------------------------------------------
def _child(*args: str) -> dict[str, Any]:
    """Run ``bench`` with ``args`` in a child process; its JSON line, or ``{"error": …}``."""
    proc = subprocess.run(game_command("bench", *args), capture_output=True, text=True,
                          env=dict(os.environ))
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1:]}
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


def report(frames: int, games: list[str] | None = None, driver: str | None = None, sim_matches: int = 0,
           quick: bool = False) -> dict[str, Any]:
    from ..games import all_games
    from ..shots import registry

    loop_runs = 1 if quick else 3
    before = time_loop(loop_runs)
    known, shots, modes = all_games(), registry(), bench_modes()
    scenes, missing = [], []
    for game_id in games or list(modes):
        mode = modes.get(game_id)
        if game_id in known and mode is not None and (mode.bench_scene in shots or mode.bench_driver):
            scenes.append({"game": game_id, "scene": mode.bench_scene} | _child("--game", game_id, "--frames", str(frames)))
        else:
            missing.append(game_id)
    fewer = ("--quick",) if quick else ()
    rep = {"budget_ms": round(BUDGET_MS, 2), "warmup_frames": WARMUP, "scenes": scenes, "missing": missing,
           "menus": _child("--menus", *fewer), "phones": _child("--phones", *fewer),
           "audience": _child("--audience", *fewer),
           "startup": startup(runs=1, warm=False) if quick else startup(runs=5),
           "present": present_report(min(frames, PRESENT_FRAMES), driver, quick), "targets": TARGETS}
    if sim_matches > 0:
        rep["sims"] = sim_rates([game for game in games or list(modes) if game in known], sim_matches,
                                loop_runs=0 if quick else 1)
    rep["calibration"] = calibration(before, loop_runs)
    rep["verdict"] = verdict(rep)
    return rep


def bots_report(games: list[str] | None, sim_matches: int, loop_runs: int = 3) -> dict[str, Any]:
    """``--bots``: the calibration loop (best of ``loop_runs``, before and after) around the
    bots' matches per second alone."""
    from ..games import all_games

    known = all_games()
    before = time_loop(loop_runs)
    chosen = [game for game in games or list(known) if game in known]
    rep: dict[str, Any] = {"sims": sim_rates(chosen, sim_matches or SIM_MATCHES, loop_runs=1), "targets": TARGETS}
    rep["calibration"] = calibration(before, loop_runs)
    rep["verdict"] = sim_rows(rep)
    return rep


def format_table(rep: dict[str, Any]) -> str:
    if "scenes" not in rep:  # --bots
        return "\n".join([*calibration_lines(rep.get("calibration")), *_bots_lines(rep),
                          *verdict_lines(rep["verdict"])])
    lines = calibration_lines(rep.get("calibration"))
    lines += [f"{'scene':30} {'seats':>5} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'p99/16.7':>8} "
             f"{'wall p99':>8} {'1st ms':>7} {'RSS MB':>7} {'between p99/max':>15}"]
    for s in rep["scenes"]:
        if "error" in s:
            lines.append(f"{s['scene']:30} error: {' '.join(s['error'])}")
            continue
        flag = "" if s["p99_budget_fraction"] <= TARGETS["p99_budget_fraction"] else "  > target"
        lines.append(f"{s['scene']:30} {s['seats']:5d} {s['p50_ms']:7.2f} {s['p99_ms']:7.2f} {s['max_ms']:7.2f} "
                     f"{s['p99_budget_fraction']:8.3f} {s['wall_p99_ms']:8.2f} {s['first_frame_ms']:7.1f} {s['peak_rss_mb']:7.1f} "
                     f"{s['between_p99_ms']:7.2f}/{s['between_max_ms']:<7.2f}{flag}")
    if rep["missing"]:
        lines.append(f"not benched yet (no board or shot): {', '.join(rep['missing'])}")
    if rep.get("menus") is not None:
        lines.extend(format_menus(rep["menus"]))
    st = rep["startup"]
    lines.append(f"start-up: first title frame {st['title_s']} s vs bare window {st['bare_window_s']} s "
                 f"-> ratio {st['ratio']} (target <= {TARGETS['startup_ratio']})")
    if "cpu_ratio" in st:
        lines.append(f"  CPU to that frame: {st['title_cpu_s']} s vs {st['bare_window_cpu_s']} s -> ratio {st['cpu_ratio']}")
    lines += _present_lines(rep.get("present"))
    from .bench_companion import companion_lines  # (each command imports only its own modules)

    lines += companion_lines(rep.get("phones"))
    from .bench_audience import audience_lines

    lines += audience_lines(rep.get("audience"))
    lines += _bots_lines(rep)
    lines += verdict_lines(rep["verdict"] if "verdict" in rep else verdict(rep))
    return "\n".join(lines)


def _bots_lines(rep: dict[str, Any]) -> list[str]:
    """Each game's bots: matches a second, and a CPU-second (other programs slow the
    first down far more than the second), and the CPU-second's on the calibration's
    reference machine (issue 32's laptop: the calibration loop's ratio; the loop timed
    around the game's own matches where the report has it, else the report's)."""
    lines: list[str] = []
    report_factor = (rep.get("calibration") or {}).get("reference_factor")
    for game, rate in (rep.get("sims") or {}).items():
        if "error" in rate:
            lines.append(f"bots: {game}: {' '.join(rate['error'])}")
            continue
        shown = f"{rate['matches_per_second']} matches/s at {rate['seats']} seats"
        loops = rate.get("loop_cpu_s")
        factor = reference_factor(sum(loops) / len(loops)) if loops else report_factor
        if "matches_per_cpu_second" in rate:
            shown += f" ({rate['matches_per_cpu_second']} a CPU-second"
            if factor:
                shown += f", ~{rate['matches_per_cpu_second'] / factor:.1f} on the reference machine"
            shown += f"; loop {loops[0]:.3f}, {loops[1]:.3f} s around it)" if loops else ")"
        lines.append(f"bots: {game}: {shown} (target >= {TARGETS['sim_matches_per_second']})")
    return lines


def format_menus(menus: dict[str, Any]) -> list[str]:
    if "error" in menus:
        return [f"menu transitions: error: {' '.join(menus['error'])}"]
    target = TARGETS["menu_transition_ms"]
    lines = [f"menu transitions (push or pop + its frame, CPU ms, {menus['repeats']} each after a first)",
             f"{'screen':30} {'1st':>7} {'push p50':>8} {'push max':>8} {'pop p50':>8} {'pop max':>8}"]
    for m in menus["screens"]:
        flag = "" if max(m["push_max_ms"], m["pop_max_ms"], m.get("after_pop_max_ms", 0)) <= target \
            else f"  > {target:.1f}"
        lines.append(f"{m['screen']:30} {m['first_ms']:7.1f} {m['push_p50_ms']:8.2f} {m['push_max_ms']:8.2f} "
                     f"{m['pop_p50_ms']:8.2f} {m['pop_max_ms']:8.2f}{flag}")
    return lines


def _present_lines(present: dict[str, Any] | None) -> list[str]:
    if present is None:
        return []
    if "error" in present:
        return [f"present: error: {' '.join(present['error'])}"]
    presenter = present.get("presenter", "gpu")
    how = ("the changed bands stretched by the CPU" if presenter == "bands" else "the canvas scaled by SDL's renderer")
    lines = [f"present (main-thread CPU of App.present; {present['driver']} driver, {present['renderer']} renderer"
             f"{', vsync' if present['vsync'] else ''}; display {present.get('display') or 'none'}; {how}):"]
    for row in present["windows"]:
        window = "×".join(map(str, row["window"]))
        shown = "" if row["shown"] == row["window"] else f" (shown {'×'.join(map(str, row['shown']))})"
        others = "".join(f", {name} {row[f'{name}_p50_ms']:.2f}" for name in ("still", "all") if f"{name}_p50_ms" in row)
        lines.append(f"  window {window:>9}{shown}: p50 {row['p50_ms']:.2f} ms, p99 {row['p99_ms']:.2f} ms "
                     f"(whole process {row['process_p50_ms']:.2f} ms, wall {row['wall_p50_ms']:.2f} ms{others})")
    if presenter == "bands":
        share, target = present.get("in_play_over_whole_4k"), TARGETS["present_4k_in_play_over_whole"]
        flag = "" if share is not None and share <= target else "  > target"
        lines.append(f"  3840×2160, a board in play / the whole canvas changed: {share} (target <= {target}){flag}")
        return lines
    ratio = present["ratio_4k_1080p"]
    flag = "" if ratio is not None and ratio <= TARGETS["present_4k_over_1080p"] else "  > target"
    lines.append(f"  3840×2160 / 1920×1080: {ratio} (target <= {TARGETS['present_4k_over_1080p']}){flag}")
    return lines


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the report
    if args.present:
        print(json.dumps(present_costs(args.frames, QUICK_PRESENT_WINDOWS) if args.quick else present_costs(args.frames)))
        return 0
    driver = os.environ.get("SDL_VIDEODRIVER")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.game:
        print(json.dumps(bench_scene(args.game, args.frames)))
        return 0
    if args.menus:
        print(json.dumps(bench_menus(repeats=1, quick=True) if args.quick else bench_menus()))
        return 0
    if args.phones or args.audience:
        from .audience_swarm import MEMBERS
        from .bench_audience import AUDIENCE_ACTS
        from .bench_companion import ACTS, bench_companion

        acts = QUICK_PHONE_ACTS if args.quick else AUDIENCE_ACTS if args.audience else ACTS
        members = QUICK_MEMBERS if args.quick else MEMBERS
        print(json.dumps(bench_companion(acts, audience=members if args.audience else 0)))
        return 0
    if args.bots:
        rep = bots_report(args.games, args.sim_matches)
    else:
        rep = report(args.frames, args.games, driver, args.sim_matches, args.quick)
    print(json.dumps(rep, indent=2) if args.json else format_table(rep))
    return 0
