"""``python -m game bench``: frame costs of every game's busiest scene, start-up, memory.

Each game runs in its own process (so peak RSS is per game): the scene is built
headless at 1920×1080 with the most seats, bots acting and animations running, and
``--frames`` frames are timed (fixed updates at 60 Hz plus one draw each). Start-up is
the time from process start to the first title frame, against a bare pygame-ce window
drawing one frame in the same run. A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

BUDGET_MS = 1000.0 / 60.0
#: The busiest scene of each game: the most seats acting at once with the most on screen.
BUSIEST = {
    "secret_identity": "secret_identity.clues",
    "secret_identity_coop": "secret_identity_coop.guess",
    "personality": "personality.vote",
    "mission_secrete": "mission_secrete.turn",
    "incognito": "incognito.draw",
}
SEATS = {"secret_identity": 8, "secret_identity_coop": 8, "personality": 6, "mission_secrete": 4, "incognito": 6}
BARE_WINDOW = (
    "import os, pygame; pygame.init(); s = pygame.display.set_mode((1920, 1080)); "
    "s.fill((20, 20, 40)); pygame.display.flip(); pygame.quit()"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--frames", type=int, default=3000, help="frames per scene (default 3000)")
    parser.add_argument("--game", help="bench one game in this process (used internally)")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_scene(game_id: str, frames: int) -> dict:
    from ..context import build_context
    from .shot import build_scene

    scene_name = BUSIEST[game_id]
    ctx = build_context(headless=True, seats=SEATS[game_id])
    args = argparse.Namespace(seats=SEATS[game_id], seed=7, lang="fr", ticks=0, scene=scene_name)
    build_scene(ctx, scene_name, args)
    canvas = ctx.kit.canvas() if hasattr(ctx.kit, "canvas") else None
    if canvas is None:
        import pygame

        canvas = pygame.Surface((1920, 1080)).convert()
    costs: list[float] = []
    clock = time.perf_counter
    for frame in range(frames):
        start = clock()
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
        ctx.stack.draw(canvas, 1.0)
        costs.append((clock() - start) * 1000.0)
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    p50, p99 = _percentile(costs, 0.5), _percentile(costs, 0.99)
    return {
        "game": game_id, "scene": scene_name, "seats": SEATS[game_id], "frames": frames,
        "p50_ms": round(p50, 3), "p99_ms": round(p99, 3), "max_ms": round(max(costs), 3),
        "p99_budget_fraction": round(p99 / BUDGET_MS, 3), "peak_rss_mb": round(rss_mb, 1),
    }


def _timed(cmd: list[str]) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def startup() -> dict:
    bare = min(_timed([sys.executable, "-c", BARE_WINDOW]) for _ in range(3))
    ours = min(_timed([sys.executable, "-m", "game", "play", "--smoke"]) for _ in range(3))
    return {"bare_window_s": round(bare, 3), "title_s": round(ours, 3), "ratio": round(ours / bare, 2)}


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.game:
        print(json.dumps(bench_scene(args.game, args.frames)))
        return 0
    from ..games import all_games

    scenes = []
    for game_id in BUSIEST:
        if game_id not in all_games():
            continue
        out = subprocess.run([sys.executable, "-m", "game", "bench", "--game", game_id, "--frames", str(args.frames)],
                             check=True, capture_output=True, text=True, env=dict(os.environ)).stdout
        scenes.append(json.loads(out.strip().splitlines()[-1]))
    report = {"budget_ms": round(BUDGET_MS, 2), "scenes": scenes, "startup": startup(),
              "targets": {"p99_budget_fraction": 0.25, "startup_ratio": 2.0, "peak_rss_mb": 200}}
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"{'scene':34} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'p99/budget':>10} {'RSS MB':>8}")
    for s in scenes:
        print(f"{s['scene']:34} {s['p50_ms']:8.2f} {s['p99_ms']:8.2f} {s['max_ms']:8.2f} "
              f"{s['p99_budget_fraction']:10.3f} {s['peak_rss_mb']:8.1f}")
    st = report["startup"]
    print(f"start-up: title {st['title_s']} s vs bare window {st['bare_window_s']} s → ratio {st['ratio']}")
    return 0
