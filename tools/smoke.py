"""Start a built game with ``--smoke`` and judge it by its exit status and its log file.

    python tools/smoke.py dist/secret-salon

A windowed build may have no stdout to read (Windows), so the run must exit 0 and
leave in the crash log (game/crash.py, ``secret-salon.log``) a start header naming the
game's version and build, then ``smoke ok``, and no ``CRITICAL`` record. The game runs
from a temporary folder with the dummy video and audio drivers, its settings, saves,
cache and log in that folder (on Windows the log stays in the user's own log folder:
platformdirs asks Windows for it, whatever the environment says). Prints the log's
lines of this run; exits 1 with the reason when the smoke failed. The CI workflow runs
it on each OS's build, and tests/test_build.py uses its helpers.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import NAME, executable  # noqa: E402  (tools/ on the path)

LOG_NAME = "secret-salon.log"
STARTED = " INFO started: "


def headless_env(home: Path) -> dict[str, str]:
    """This environment without a source tree on the path (data, fonts and icons must
    come from the bundle), with dummy drivers and the user's folders under ``home``."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(home / "cfg"),
               XDG_DATA_HOME=str(home / "share"), XDG_CACHE_HOME=str(home / "cache"),
               XDG_STATE_HOME=str(home / "state"))
    if sys.platform == "darwin":
        env["HOME"] = str(home)
    return env


def log_file(home: Path) -> Path:
    """Where a game run with :func:`headless_env` writes its crash log."""
    if sys.platform == "win32":
        import ctypes
        from ctypes import wintypes

        buffer = ctypes.create_unicode_buffer(wintypes.MAX_PATH)  # CSIDL_LOCAL_APPDATA, as platformdirs asks
        ctypes.windll.shell32.SHGetFolderPathW(None, 28, None, 0, buffer)
        return Path(buffer.value) / NAME / "Logs" / LOG_NAME
    if sys.platform == "darwin":
        return home / "Library" / "Logs" / NAME / LOG_NAME
    return home / "state" / NAME / "log" / LOG_NAME


def last_run(home: Path) -> str:
    """The log from the last start header on (the header's own text first), or ''."""
    try:
        text = log_file(home).read_text(encoding="utf-8")
    except OSError:
        return ""
    return text.rsplit(STARTED, 1)[-1] if STARTED in text else ""


def smoke(bundle: Path, home: Path) -> tuple[subprocess.CompletedProcess[str], str, list[str]]:
    """Run the bundle's game with ``--smoke``; the run, its log and what went wrong."""
    done = subprocess.run([str(executable(bundle)), "--smoke"], cwd=home, env=headless_env(home),
                          capture_output=True, text=True, timeout=300)
    log = last_run(home)
    problems = []
    if done.returncode != 0:
        problems.append(f"exit status {done.returncode}")
    if not log.startswith("Secret Salon "):
        problems.append(f"no start header naming the game in {log_file(home)}")
    if "INFO smoke ok: " not in log:
        problems.append("no 'smoke ok' in the log")
    if "CRITICAL" in log:
        problems.append("a CRITICAL record in the log")
    return done, log, problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="secret-salon-smoke-") as home:
        done, log, problems = smoke(Path(args[0]).resolve(), Path(home))
    print(log.rstrip() or "(no log)")
    for problem in problems:
        print(f"smoke failed: {problem}", file=sys.stderr)
    if problems:
        print(done.stderr[-3000:], file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
