"""The bench's measurements outside a game's scene: memory (peak RSS), start-up (first
title frame against a bare window) and the present step in windows of three sizes; and
the figures every part of the bench shares (the frame budget, warm-up, percentiles).
See ``bench.py`` for what each figure means."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING, Any

from ..program import game_command, python_command

if TYPE_CHECKING:
    import pygame

BUDGET_MS = 1000.0 / 60.0
WARMUP = 60
#: Child programs for start-up: each prints time.time() and its CPU time so far
#: (``time.process_time``) once its first frame is drawn.
BARE_WINDOW = (
    "import pygame, time; pygame.init(); s = pygame.display.set_mode((1280, 720)); "
    "s.fill((20, 20, 40)); pygame.display.flip(); print(time.time(), time.process_time())"
)
TITLE_FRAME = (
    "import time; from game.cli.bench_startup import first_title_frame; first_title_frame(); "
    "print(time.time(), time.process_time())"
)

#: The untimed run before them: the title's first frame and a few more, so that the
#: user's cache holds what an earlier start leaves there (the title keeps its first
#: frame's texts at its first fixed step, after that frame: ``ui/kept_texts.py``).
WARM_UP = (
    "import time; from game.cli.bench_startup import first_title_frame; ctx, app = first_title_frame(); "
    "[time.sleep(1 / 30) or app.frame() for _ in range(3)]; print(time.time(), time.process_time())"
)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def peak_rss_mb() -> float:
    """This process's peak resident memory in MiB. ``resource`` is Unix only (imported
    here, so that importing this module works everywhere); Windows asks psapi."""
    if sys.platform == "win32":
        return _windows_peak_working_set() / 2**20
    import resource

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024  # macOS counts bytes, Linux KiB


def resident_mb() -> float:
    """This process's resident memory now in MiB (Linux: ``/proc/self/statm``); elsewhere
    the peak so far (:func:`peak_rss_mb`), which only grows."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return peak_rss_mb()
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def _windows_peak_working_set() -> int:
    if sys.platform != "win32":  # (and mypy checks the rest on Windows only: ctypes.WinDLL)
        raise OSError("psapi is Windows'")
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
    return int(counters.PeakWorkingSetSize)




# --- start-up ---------------------------------------------------------------------------
def _first_frame_s(code: str) -> tuple[float, float]:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER=os.environ.get("SDL_AUDIODRIVER", "dummy"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    # Our modules' bytecode is cached as an installed or frozen game has it (pygame's is,
    # in site-packages); with PYTHONDONTWRITEBYTECODE each start would compile ~70 modules.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", os.path.join(tempfile.gettempdir(), "secret-salon-bench-pyc"))
    start = time.time()
    out = subprocess.run(python_command(code), env=env, check=True, capture_output=True, text=True).stdout
    shown, cpu = map(float, out.strip().splitlines()[-1].split())
    return shown - start, cpu


def startup(runs: int = 5, warm: bool = True) -> dict[str, Any]:
    """Best of ``runs`` (warm file, user and bytecode caches: one untimed run first, unless
    not ``warm``: ``bench --quick``) for each, alternating so both see the same machine. The title's games' data is parsed after
    that frame (the app preloads it behind the title), so it is not in the figure.
    Beside the wall times, each child's CPU time (``cpu_ratio``): on a machine that other
    programs keep busy, the wall times wait for a core and swing 2-3x between runs."""
    if warm:
        _first_frame_s(WARM_UP)
    bare, ours = [], []
    for _ in range(runs):
        bare.append(_first_frame_s(BARE_WINDOW))
        ours.append(_first_frame_s(TITLE_FRAME))
    wall_bare, wall_ours = min(b[0] for b in bare), min(o[0] for o in ours)
    cpu_bare, cpu_ours = min(b[1] for b in bare), min(o[1] for o in ours)
    return {"bare_window_s": round(wall_bare, 3), "title_s": round(wall_ours, 3),
            "ratio": round(wall_ours / wall_bare, 2), "bare_window_cpu_s": round(cpu_bare, 3),
            "title_cpu_s": round(cpu_ours, 3), "cpu_ratio": round(cpu_ours / cpu_bare, 2)}


# --- the present step -------------------------------------------------------------------
#: Window sizes the present step is timed in, and frames timed in each (at most).
PRESENT_WINDOWS = ((1280, 720), (1920, 1080), (3840, 2160))
PRESENT_FRAMES = 300
#: The screen of the Xvfb the bench starts: room for the largest window.
XVFB_SCREEN = "3840x2160x24"


#: What changes on the canvas between two presents (the software renderer's presenter
#: draws only what changed, game/present.py): ``moving``, a card sliding across the
#: board and a countdown ticking, as a board in play (the figure the target is on);
#: ``still``, nothing (a menu at rest); ``all``, the whole canvas (a transition).
PRESENT_PATTERNS = ("moving", "still", "all")


def _change_canvas(canvas: pygame.Surface, pattern: str, frame: int) -> None:
    import pygame

    if pattern == "all":
        canvas.fill((40 + frame % 2 * 20, 28, 72))
    elif pattern == "moving":
        x = 200 + frame * 8 % 1400
        canvas.fill((40, 28, 72), (x - 8, 470, 248, 140))  # where the card was
        pygame.draw.rect(canvas, (230, 200, 120), (x, 470, 240, 135), border_radius=16)
        canvas.fill((90 + frame % 60, 40, 40), (1660, 60, 200, 60))  # the countdown


def present_costs(frames: int, windows: tuple[tuple[int, int], ...] = PRESENT_WINDOWS) -> dict[str, Any]:
    """In this process: the App's window alone (no scene, no sound, so the whole process's
    CPU time is the present's, a GPU driver's threads included), opened as ``play`` opens
    it, then set to each size in turn; ``frames`` presents timed in each, for each of
    :data:`PRESENT_PATTERNS` (the canvas changed before each present, untimed)."""
    from types import SimpleNamespace

    import pygame

    from ..app import App
    from ..stack import SceneStack
    from ..seats import SeatTable
    from ..settings import Settings

    pygame.display.init()
    ctx = SimpleNamespace(settings=Settings(fullscreen=False), seats=SeatTable(), stack=SceneStack(), input=None)
    # (a window-only context: the present step needs no catalogue, kit nor sound, which
    # would add their own CPU to the process's figure)
    app = App(ctx, clock=lambda: 0.0)  # type: ignore[arg-type]
    app.canvas.fill((40, 28, 72))
    # private, but the only way to name it (not in pygame's stubs)
    renderer, flags = pygame.display._get_renderer_info()  # type: ignore[attr-defined]
    rows: list[dict[str, Any]] = []
    for size in windows:
        app.window.size = size
        row: dict[str, Any] = {"window": list(size)}
        for pattern in PRESENT_PATTERNS:
            app.canvas.fill((40, 28, 72))
            for frame in range(10):  # the resize reaches the renderer; the texture is warm
                pygame.event.pump()
                _change_canvas(app.canvas, pattern, frame)
                app.present()
            cpu, process, wall = [], [], []
            for frame in range(frames):
                pygame.event.pump()
                _change_canvas(app.canvas, pattern, frame)
                start, proc, clock = time.thread_time(), time.process_time(), time.perf_counter()
                app.present()
                cpu.append((time.thread_time() - start) * 1000.0)
                process.append((time.process_time() - proc) * 1000.0)
                wall.append((time.perf_counter() - clock) * 1000.0)
            if pattern == "moving":
                row |= {"shown": list(app.window.size), "frames": frames,
                        "p50_ms": round(percentile(cpu, 0.5), 3), "p99_ms": round(percentile(cpu, 0.99), 3),
                        "process_p50_ms": round(percentile(process, 0.5), 3),
                        "wall_p50_ms": round(percentile(wall, 0.5), 3)}
            else:
                row[f"{pattern}_p50_ms"] = round(percentile(cpu, 0.5), 3)
        rows.append(row)
    app.hub.pads.close_all()
    by_size = {tuple(row["window"]): row for row in rows}
    full_hd, uhd = by_size.get((1920, 1080)), by_size.get((3840, 2160))
    return {"driver": pygame.display.get_driver(), "renderer": renderer,
            "vsync": bool(flags & 0x4),  # SDL_RENDERER_PRESENTVSYNC
            "presenter": app.presenter.kind, "windows": rows,
            "ratio_4k_1080p": round(uhd["p50_ms"] / full_hd["p50_ms"], 2) if full_hd and uhd else None,
            "in_play_over_whole_4k": round(uhd["p50_ms"] / uhd["all_p50_ms"], 2) if uhd else None}


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
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


def present_report(frames: int, driver: str | None, quick: bool = False) -> dict[str, Any]:
    """``present_costs`` in a child on a real display if there is one (see the module's
    docstring); ``driver`` is SDL_VIDEODRIVER as the user set it (None: SDL's choice);
    ``quick``: in one window size (``bench --quick``)."""
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
        proc = subprocess.run(game_command("bench", "--present", "--frames", str(frames), *(["--quick"] if quick else [])),
                              capture_output=True, text=True, env=env)
    finally:
        if server is not None:
            server.terminate()
            server.wait()
    if proc.returncode != 0:
        return {"error": proc.stderr.strip().splitlines()[-1:]}
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    result["display"] = f"Xvfb {display} (started by the bench)" if server is not None else display
    return result


