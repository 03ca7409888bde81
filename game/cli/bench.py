"""``python -m game bench``: frame costs of every game's busiest scene, start-up, memory.

Each game runs in its own process (so peak RSS is per game). Its busiest scene is
built headless at 1920×1080 with the most seats by the game's own ``shot`` builder,
then its session goes to a new board with a bot in every seat (shots build still
boards), so bots act, animations run and the match plays on from there; a finished
match is built again, untimed. Incognito is driven instead through its pads: six seats draw strokes
with held CONFIRM and a turning stick, so six canvases grow and six live strokes show.

A frame is what the app does at 60 Hz: one fixed update, one frame update, clearing
the canvas and drawing the stack (the window flip is left out: headless has none).
Costs are CPU time of the main thread (``time.thread_time``), so other programs on a
busy machine do not inflate them; the wall-clock p99 is reported beside. The first
``WARMUP`` frames fill the caches (text, icons, shapes) and are reported apart;
p50/p99/max are over the frames after them. Start-up is the time from process
start to the first drawn title frame, against a bare pygame-ce window drawing one
frame in the same run. Eight phones on loopback (bench_companion.py) give the act →
updated view round trip and the frame cost while they play. The present step
(``App.present``: the canvas handed to SDL's renderer, which scales it into the
window) is timed in windows of 1280×720, 1920×1080
and 3840×2160, in a child on a real display: ``DISPLAY``'s, or on Linux without one an
Xvfb the bench starts if it is installed, else the dummy driver (SDL's software
renderer, so not what a GPU costs). A benchmark, not a test: it prints figures.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import Any

BUDGET_MS = 1000.0 / 60.0
WARMUP = 60
#: Timed openings and closings of each menu screen (after one that fills the caches).
MENU_REPEATS = 20
#: The busiest scene of each game: the most seats acting at once with the most on screen.
BUSIEST = {
    "secret_identity": "secret_identity.clues",
    "secret_identity_coop": "secret_identity_coop.guess",
    "personality": "personality.vote",
    "mission_secrete": "mission_secrete.turn",
    "incognito": "incognito.draw",
}
SEATS = {"secret_identity": 8, "secret_identity_coop": 8, "personality": 6, "mission_secrete": 4, "incognito": 6}
TARGETS = {"p99_budget_fraction": 0.20, "startup_ratio": 2.0, "peak_rss_mb": 150, "menu_transition_ms": BUDGET_MS,
           "present_4k_over_1080p": 1.25}
#: Incognito's stroke driver: each seat draws for STROKE_TICKS, rests, draws again.
STROKE_TICKS, STROKE_CYCLE = 90, 100
#: Child programs for start-up: each prints time.time() once its first frame is drawn.
BARE_WINDOW = (
    "import pygame, time; pygame.init(); s = pygame.display.set_mode((1280, 720)); "
    "s.fill((20, 20, 40)); pygame.display.flip(); print(time.time())"
)
TITLE_FRAME = (
    "import time; from game.cli.bench import first_title_frame; first_title_frame(); print(time.time())"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--frames", type=int, default=3000, help="timed frames per scene (default 3000)")
    parser.add_argument("--games", nargs="*", help="only these games (default: every registered one)")
    parser.add_argument("--game", help=argparse.SUPPRESS)  # one game in this process (the children)
    parser.add_argument("--menus", action="store_true", help=argparse.SUPPRESS)  # menu transitions (a child)
    parser.add_argument("--phones", action="store_true", help=argparse.SUPPRESS)  # eight phones (a child)
    parser.add_argument("--present", action="store_true",
                        help="only time the present step, in this process, on this display (DISPLAY or "
                             "SDL_VIDEODRIVER); prints JSON")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


# --- driving a scene --------------------------------------------------------------------
def _board(ctx: Any):
    from ..scenes.match import MatchScene

    return next((scene for scene in ctx.stack if isinstance(scene, MatchScene)), None)


def _build_shot(ctx: Any, game_id: str, seed: int) -> Any:
    """The game's busiest shot, its session then handed to a new board with a bot in
    every seat (a shot builds a still board, with overlays for human seats)."""
    from ..core.rng import Rng
    from .shot import build_scene

    scene = BUSIEST[game_id]
    build_scene(ctx, scene, argparse.Namespace(seats=SEATS[game_id], seed=seed, lang="fr", ticks=0, scene=scene))
    session, entry = _board(ctx).session, _board(ctx).entry
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    players = int(session.config["seats"])
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"bench:{seed}:{s}")) for s in range(players)}
    ctx.stack.clear()
    board = entry.scenes().make_board(ctx, entry, session, bots)
    ctx.stack.push(board)
    return board


def _build_drawing(ctx: Any, game_id: str, seed: int) -> Any:
    """Incognito: a fresh match of six with a picture already on every canvas, past the
    deal (every seat pressed CONFIRM), no bots: the pads draw."""
    from ..core.actions import Action
    from ..core.rng import Rng
    from ..core.session import Session
    from ..games.incognito.rules.bots import IncognitoBot
    from ..input.intents import InputEvent, Intent

    entry = ctx.games[game_id]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    players = SEATS[game_id]
    session = Session(entry.make_definition(catalogue), entry.default_config(players), seed)
    rng = Rng.from_seed(f"bench:{seed}")
    for seat in range(players):
        painter = IncognitoBot(seat, rng, catalogue)
        for stroke in painter.plan(session.state.places[seat], session.state.words[seat]):
            session.submit(Action("stroke", seat, {"stroke": stroke}))
    board = entry.scenes().make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    for seat in range(players):
        ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, Intent.CONFIRM, True))
        ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, Intent.CONFIRM, False))
    return board


def _draw_strokes(ctx: Any, frame: int, players: int) -> None:
    """One frame of six players drawing: hold CONFIRM and turn the stick in loops."""
    from ..input.intents import InputEvent, Intent

    for seat in range(players):
        device = ctx.seats[seat].device
        t = (frame + seat * 17) % STROKE_CYCLE
        if t == 0:
            ctx.stack.handle(seat, InputEvent(device, Intent.CONFIRM, True))
        if t < STROKE_TICKS:
            angle = (frame * (4 + seat) + seat * 60) % 360
            ctx.stack.handle(seat, InputEvent(device, Intent.STICK, True, angle=angle,
                                              magnitude=0.55 + 0.3 * math.sin(frame / 23 + seat)))
        elif t == STROKE_TICKS:
            ctx.stack.handle(seat, InputEvent(device, Intent.STICK, False))
            ctx.stack.handle(seat, InputEvent(device, Intent.CONFIRM, False))


#: How each game is built and kept busy: (builder, per-frame input driver or None).
DRIVERS = {"incognito": (_build_drawing, _draw_strokes)}


def bench_scene(game_id: str, frames: int, warmup: int = WARMUP) -> dict:
    """Run one game's busiest scene for ``warmup + frames`` frames in this process."""
    from ..context import build_context
    from ..settings import Settings

    build, drive = DRIVERS.get(game_id, (_build_shot, None))
    ctx = build_context(headless=True, settings=Settings(), seats=SEATS[game_id])
    seed = 7
    board = build(ctx, game_id, seed)
    gc.freeze()  # as ``play`` does after loading
    canvas = ctx.kit.canvas()
    costs: list[float] = []
    walls: list[float] = []
    rebuilds = 0
    for frame in range(warmup + frames):
        if board.session.outcome() is not None or board.stack is None:
            ctx.stack.clear()  # the match is over: a new one from the same moment, untimed
            seed += 1
            rebuilds += 1
            board = build(ctx, game_id, seed)
        start, wall = time.thread_time(), time.perf_counter()
        if drive is not None:
            drive(ctx, frame, SEATS[game_id])
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
        canvas.fill((0, 0, 0))
        ctx.stack.draw(canvas, 1.0)
        costs.append((time.thread_time() - start) * 1000.0)
        walls.append((time.perf_counter() - wall) * 1000.0)
    warm, timed = costs[:warmup], costs[warmup:]
    p50, p99 = _percentile(timed, 0.5), _percentile(timed, 0.99)
    return {
        "game": game_id, "scene": BUSIEST[game_id], "seats": SEATS[game_id], "frames": frames,
        "p50_ms": round(p50, 3), "p99_ms": round(p99, 3), "max_ms": round(max(timed), 3),
        "p99_budget_fraction": round(p99 / BUDGET_MS, 3), "wall_p99_ms": round(_percentile(walls[warmup:], 0.99), 3),
        "first_frame_ms": round(warm[0], 1) if warm else None,
        "warmup_max_ms": round(max(warm), 1) if warm else None, "rebuilds": rebuilds,
        "strokes": sum(len(s) for s in board.session.view(None).public.drawings) if game_id == "incognito" else None,
        "peak_rss_mb": round(peak_rss_mb(), 1),
    }


def peak_rss_mb() -> float:
    """This process's peak resident memory in MiB. ``resource`` is Unix only (imported
    here, so that importing this module works everywhere); Windows asks psapi."""
    if sys.platform == "win32":
        return _windows_peak_working_set() / 2**20
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024  # macOS counts bytes, Linux KiB


def _windows_peak_working_set() -> int:
    import ctypes
    from ctypes import wintypes

    class ProcessMemoryCounters(ctypes.Structure):  # PROCESS_MEMORY_COUNTERS (psapi.h)
        _fields_ = [("cb", wintypes.DWORD), ("PageFaultCount", wintypes.DWORD),
                    *((name, ctypes.c_size_t) for name in (
                        "PeakWorkingSetSize", "WorkingSetSize", "QuotaPeakPagedPoolUsage", "QuotaPagedPoolUsage",
                        "QuotaPeakNonPagedPoolUsage", "QuotaNonPagedPoolUsage", "PagefileUsage", "PeakPagefileUsage"))]

    kernel32, psapi = ctypes.WinDLL("kernel32", use_last_error=True), ctypes.WinDLL("psapi", use_last_error=True)
    kernel32.GetCurrentProcess.restype = wintypes.HANDLE
    psapi.GetProcessMemoryInfo.argtypes = (wintypes.HANDLE, ctypes.POINTER(ProcessMemoryCounters), wintypes.DWORD)
    psapi.GetProcessMemoryInfo.restype = wintypes.BOOL
    counters = ProcessMemoryCounters(cb=ctypes.sizeof(ProcessMemoryCounters))
    if not psapi.GetProcessMemoryInfo(kernel32.GetCurrentProcess(), ctypes.byref(counters), counters.cb):
        raise ctypes.WinError(ctypes.get_last_error())
    return counters.PeakWorkingSetSize


# --- menu transitions -------------------------------------------------------------------
def _menu_screens(ctx: Any) -> dict[str, tuple[Any, Any]]:
    """Screen name -> (what lies under it, how to make it): the menus a player opens."""
    from ..scenes.backdrop import TableBackdrop
    from ..scenes.menus import SHOT_GAME
    from ..scenes.menus.credits import CreditsScene
    from ..scenes.menus.dialogs import ConfirmScene
    from ..scenes.menus.games import GameChoiceScene
    from ..scenes.menus.howto import HowToScene
    from ..scenes.menus.lobby import LobbyScene
    from ..scenes.menus.options import OptionsScene
    from ..scenes.menus.pause import PauseScene
    from ..scenes.menus.settings import SettingsScene
    from ..scenes.menus.title import TitleScene

    def title() -> list:
        return [TitleScene(ctx, attract=False)]

    def paused() -> list:
        return [TableBackdrop(ctx), PauseScene(ctx, ctx.games[SHOT_GAME])]

    def lobby(game_id: str) -> Any:
        return lambda: [*title(), LobbyScene(ctx, ctx.games[game_id])]

    screens = {
        "games": (title, lambda under: GameChoiceScene(ctx)),
        "settings": (title, lambda under: SettingsScene(ctx)),
        "credits": (title, lambda under: CreditsScene(ctx)),
        "howto": (title, lambda under: HowToScene(ctx, SHOT_GAME)),
        "pause": (lambda: [TableBackdrop(ctx)], lambda under: PauseScene(ctx, ctx.games[SHOT_GAME])),
        "pause.settings": (paused, lambda under: SettingsScene(ctx)),
        "pause.quit": (paused, lambda under: ConfirmScene(ctx, ctx.t("pause.quit_confirm"), lambda: None)),
        "lobby.options": (lobby(SHOT_GAME), lambda under: OptionsScene(ctx, under)),
    }
    for game_id in BUSIEST:
        if game_id in ctx.games:
            screens[f"lobby.{game_id}"] = (title, lambda under, g=game_id: LobbyScene(ctx, ctx.games[g]))
    return screens


def bench_menus(repeats: int = MENU_REPEATS) -> dict:
    """Each menu screen opened and closed ``1 + repeats`` times over what lies under it.
    A push (or pop) is timed with the frame that follows it (fixed update, update, draw),
    as the app does it: that frame is the transition's hitch. The first opening fills the
    caches and is reported apart (``first_ms``)."""
    from ..context import build_context
    from ..settings import Settings

    ctx = build_context(headless=True, settings=Settings(), seats=4)
    gc.freeze()  # as ``play`` does after loading
    canvas = ctx.kit.canvas()

    def frame() -> None:
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
        ctx.stack.draw(canvas, 1.0)

    def timed(step: Any) -> float:
        start = time.thread_time()
        step()
        frame()
        return (time.thread_time() - start) * 1000.0

    rows = []
    for name, (under, make) in _menu_screens(ctx).items():
        ctx.stack.clear()
        for scene in under():
            ctx.stack.push(scene)
        below = ctx.stack.top
        frame()
        pushes, pops = [], []
        for _ in range(1 + repeats):
            pushes.append(timed(lambda: ctx.stack.push(make(below))))
            pops.append(timed(ctx.stack.pop))
        rows.append({"screen": name, "first_ms": round(pushes[0], 1),
                     "push_p50_ms": round(_percentile(pushes[1:], 0.5), 2), "push_max_ms": round(max(pushes[1:]), 2),
                     "pop_p50_ms": round(_percentile(pops[1:], 0.5), 2), "pop_max_ms": round(max(pops[1:]), 2)})
    ctx.stack.clear()
    return {"repeats": repeats, "screens": rows,
            "peak_rss_mb": round(peak_rss_mb(), 1)}


# --- start-up ---------------------------------------------------------------------------
def first_title_frame() -> None:
    """What ``play`` does up to its first frame: real context, window, title, one frame."""
    from ..app import App
    from ..context import build_context
    from ..scenes.menus.title import TitleScene

    ctx = build_context(headless=False)
    app = App(ctx, clock=lambda: 1 / 60)
    ctx.stack.push(TitleScene(ctx))
    app.frame()


def _first_frame_s(code: str) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    # Our modules' bytecode is cached as an installed or frozen game has it (pygame's is,
    # in site-packages); with PYTHONDONTWRITEBYTECODE each start would compile ~70 modules.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "secret-salon-bench-pyc"))
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True).stdout
    return float(out.strip().splitlines()[-1]) - start


def startup(runs: int = 5) -> dict:
    """Best of ``runs`` (warm file and bytecode caches: one untimed run first) for each,
    alternating so both see the same machine. The title's games' data is parsed after
    that frame (the app preloads it behind the title), so it is not in the figure."""
    _first_frame_s(TITLE_FRAME)
    bare, ours = [], []
    for _ in range(runs):
        bare.append(_first_frame_s(BARE_WINDOW))
        ours.append(_first_frame_s(TITLE_FRAME))
    return {"bare_window_s": round(min(bare), 3), "title_s": round(min(ours), 3),
            "ratio": round(min(ours) / min(bare), 2)}


# --- the present step -------------------------------------------------------------------
#: Window sizes the present step is timed in, and frames timed in each (at most).
PRESENT_WINDOWS = ((1280, 720), (1920, 1080), (3840, 2160))
PRESENT_FRAMES = 300
#: The screen of the Xvfb the bench starts: room for the largest window.
XVFB_SCREEN = "3840x2160x24"


def present_costs(frames: int, windows: tuple[tuple[int, int], ...] = PRESENT_WINDOWS) -> dict:
    """In this process: the App's window alone (no scene, no sound, so the whole process's
    CPU time is the present's, a GPU driver's threads included), opened as ``play`` opens
    it, then set to each size in turn; ``frames`` presents timed in each."""
    from types import SimpleNamespace

    import pygame

    from ..app import App
    from ..scenes.base import SceneStack
    from ..seats import SeatTable
    from ..settings import Settings

    pygame.display.init()
    ctx = SimpleNamespace(settings=Settings(fullscreen=False), seats=SeatTable(), stack=SceneStack(), input=None)
    app = App(ctx, clock=lambda: 0.0)
    app.canvas.fill((40, 28, 72))
    renderer, flags = pygame.display._get_renderer_info()  # private, but the only way to name it
    rows = []
    for size in windows:
        app.window.size = size
        for _ in range(10):  # the resize reaches the renderer; the texture is warm
            pygame.event.pump()
            app.present()
        cpu, process, wall = [], [], []
        for _ in range(frames):
            pygame.event.pump()
            start, proc, clock = time.thread_time(), time.process_time(), time.perf_counter()
            app.present()
            cpu.append((time.thread_time() - start) * 1000.0)
            process.append((time.process_time() - proc) * 1000.0)
            wall.append((time.perf_counter() - clock) * 1000.0)
        rows.append({"window": list(size), "shown": list(app.window.size), "frames": frames,
                     "p50_ms": round(_percentile(cpu, 0.5), 3), "p99_ms": round(_percentile(cpu, 0.99), 3),
                     "process_p50_ms": round(_percentile(process, 0.5), 3),
                     "wall_p50_ms": round(_percentile(wall, 0.5), 3)})
    app.hub.pads.close_all()
    by_size = {tuple(row["window"]): row for row in rows}
    full_hd, uhd = by_size.get((1920, 1080)), by_size.get((3840, 2160))
    return {"driver": pygame.display.get_driver(), "renderer": renderer,
            "vsync": bool(flags & 0x4),  # SDL_RENDERER_PRESENTVSYNC
            "windows": rows,
            "ratio_4k_1080p": round(uhd["p50_ms"] / full_hd["p50_ms"], 2) if full_hd and uhd else None}


def _start_xvfb() -> tuple[subprocess.Popen, str]:
    """An Xvfb on a free display number (it writes the number it took to ``-displayfd``)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", XVFB_SCREEN, "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        server.kill()
        raise RuntimeError("Xvfb did not start")
    return server, f":{number}"


def present_report(frames: int, driver: str | None) -> dict:
    """``present_costs`` in a child on a real display if there is one (see the module's
    docstring); ``driver`` is SDL_VIDEODRIVER as the user set it (None: SDL's choice)."""
    env = dict(os.environ)
    server, display = None, env.get("DISPLAY")
    headless_linux = sys.platform.startswith("linux") and not display and not env.get("WAYLAND_DISPLAY")
    if driver is None and headless_linux and shutil.which("Xvfb"):
        try:
            server, display = _start_xvfb()
            env["DISPLAY"] = display
        except (OSError, RuntimeError):  # then the dummy driver, as without Xvfb
            server, display = None, None
    if driver is not None:
        env["SDL_VIDEODRIVER"] = driver
    elif headless_linux and server is None:
        env["SDL_VIDEODRIVER"] = "dummy"
    else:
        env.pop("SDL_VIDEODRIVER", None)
    try:
        proc = subprocess.run([sys.executable, "-m", "game", "bench", "--present", "--frames", str(frames)],
                              capture_output=True, text=True, env=env)
    finally:
        if server is not None:
            server.terminate()
            server.wait()
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1:]}
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    result["display"] = f"Xvfb {display} (started by the bench)" if server is not None else display
    return result


# --- the report -------------------------------------------------------------------------
def _child(*args: str) -> dict:
    """Run ``bench`` with ``args`` in a child process; its JSON line, or ``{"error": …}``."""
    proc = subprocess.run([sys.executable, "-m", "game", "bench", *args], capture_output=True, text=True,
                          env=dict(os.environ))
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1:]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def report(frames: int, games: list[str] | None = None, driver: str | None = None) -> dict:
    from ..games import all_games
    from .shot import registry

    known, shots = all_games(), registry()
    scenes, missing = [], []
    for game_id in games or list(BUSIEST):
        if game_id in known and (BUSIEST[game_id] in shots or game_id in DRIVERS):
            scenes.append({"game": game_id, "scene": BUSIEST[game_id]} | _child("--game", game_id, "--frames", str(frames)))
        else:
            missing.append(game_id)
    return {"budget_ms": round(BUDGET_MS, 2), "warmup_frames": WARMUP, "scenes": scenes, "missing": missing,
            "menus": _child("--menus"), "phones": _child("--phones"), "startup": startup(), "present": present_report(min(frames, PRESENT_FRAMES), driver),
            "targets": TARGETS}


def format_table(rep: dict) -> str:
    lines = [f"{'scene':30} {'seats':>5} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'p99/16.7':>8} "
             f"{'wall p99':>8} {'1st ms':>7} {'RSS MB':>7}"]
    for s in rep["scenes"]:
        if "error" in s:
            lines.append(f"{s['scene']:30} error: {' '.join(s['error'])}")
            continue
        flag = "" if s["p99_budget_fraction"] <= TARGETS["p99_budget_fraction"] else "  > target"
        lines.append(f"{s['scene']:30} {s['seats']:5d} {s['p50_ms']:7.2f} {s['p99_ms']:7.2f} {s['max_ms']:7.2f} "
                     f"{s['p99_budget_fraction']:8.3f} {s['wall_p99_ms']:8.2f} {s['first_frame_ms']:7.1f} {s['peak_rss_mb']:7.1f}{flag}")
    if rep["missing"]:
        lines.append(f"not benched yet (no board or shot): {', '.join(rep['missing'])}")
    if rep.get("menus") is not None:
        lines.extend(format_menus(rep["menus"]))
    st = rep["startup"]
    lines.append(f"start-up: first title frame {st['title_s']} s vs bare window {st['bare_window_s']} s "
                 f"-> ratio {st['ratio']} (target <= {TARGETS['startup_ratio']})")
    lines += _present_lines(rep.get("present"))
    from .bench_companion import companion_lines  # (each command imports only its own modules)

    lines += companion_lines(rep.get("phones"))
    return "\n".join(lines)


def format_menus(menus: dict) -> list[str]:
    if "error" in menus:
        return [f"menu transitions: error: {' '.join(menus['error'])}"]
    target = TARGETS["menu_transition_ms"]
    lines = [f"menu transitions (push or pop + its frame, CPU ms, {menus['repeats']} each after a first)",
             f"{'screen':30} {'1st':>7} {'push p50':>8} {'push max':>8} {'pop p50':>8} {'pop max':>8}"]
    for m in menus["screens"]:
        flag = "" if max(m["push_max_ms"], m["pop_max_ms"]) <= target else f"  > {target:.1f}"
        lines.append(f"{m['screen']:30} {m['first_ms']:7.1f} {m['push_p50_ms']:8.2f} {m['push_max_ms']:8.2f} "
                     f"{m['pop_p50_ms']:8.2f} {m['pop_max_ms']:8.2f}{flag}")
    return lines


def _present_lines(present: dict | None) -> list[str]:
    if present is None:
        return []
    if "error" in present:
        return [f"present: error: {' '.join(present['error'])}"]
    lines = [f"present (main-thread CPU of App.present; {present['driver']} driver, {present['renderer']} renderer"
             f"{', vsync' if present['vsync'] else ''}; display {present.get('display') or 'none'}):"]
    for row in present["windows"]:
        window = "×".join(map(str, row["window"]))
        shown = "" if row["shown"] == row["window"] else f" (shown {'×'.join(map(str, row['shown']))})"
        lines.append(f"  window {window:>9}{shown}: p50 {row['p50_ms']:.2f} ms, p99 {row['p99_ms']:.2f} ms "
                     f"(whole process {row['process_p50_ms']:.2f} ms, wall {row['wall_p50_ms']:.2f} ms)")
    ratio = present["ratio_4k_1080p"]
    flag = "" if ratio is not None and ratio <= TARGETS["present_4k_over_1080p"] else "  > target"
    lines.append(f"  3840×2160 / 1920×1080: {ratio} (target <= {TARGETS['present_4k_over_1080p']}){flag}")
    return lines


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the report
    if args.present:
        print(json.dumps(present_costs(args.frames)))
        return 0
    driver = os.environ.get("SDL_VIDEODRIVER")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.game:
        print(json.dumps(bench_scene(args.game, args.frames)))
        return 0
    if args.menus:
        print(json.dumps(bench_menus()))
        return 0
    if args.phones:
        from .bench_companion import bench_companion

        print(json.dumps(bench_companion()))
        return 0
    rep = report(args.frames, args.games, driver)
    print(json.dumps(rep, indent=2) if args.json else format_table(rep))
    return 0
