"""A crash leaves a log (issue 12, item 5): hooks, faulthandler, rotation, an unwritable
log folder, the apology screen, and a crash in the middle of a match that Resume undoes.

The hooks change process-wide state (sys.excepthook, faulthandler), so they are
installed in child processes only."""

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import crash
from game.i18n import Strings
from game.paths import data_dir
from game.version import version

ROOT = Path(__file__).resolve().parent.parent

#: Installs the crash log in argv[2], then fails as argv[3] says.
HOOKED = r"""
import sys, threading
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from game import crash

log = crash.install(Path(sys.argv[2]))
mode = sys.argv[3]
if mode == "raise":
    worker = threading.Thread(target=lambda: 1 / 0, name="music-render")
    worker.start()
    worker.join()
    raise RuntimeError("the original error")
if mode == "segfault":
    import faulthandler
    if sys.platform == "win32":  # no crash dialog waiting for a click (SEM_NOGPFAULTERRORBOX)
        import ctypes
        ctypes.windll.kernel32.SetErrorMode(0x0002)
    faulthandler._sigsegv()
if mode == "disk-full":
    class Full:
        def write(self, text):
            raise OSError(28, "No space left on device")
        def flush(self):
            pass
    log.logger.handlers[0].stream = Full()
    raise RuntimeError("the original error")
"""


def hooked(folder: Path, mode: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", HOOKED, str(ROOT), str(folder), mode], capture_output=True,
                          text=True, timeout=60)


def test_main_and_worker_thread_exceptions_go_to_the_log_and_the_console(tmp_path):
    done = hooked(tmp_path / "logs", "raise")
    assert done.returncode == 1
    log = (tmp_path / "logs" / crash.LOG_NAME).read_text(encoding="utf-8")
    # The header names the game's version and build first (a checkout's build is "source").
    assert f"started: Secret Salon {version()} (build source), Python {platform.python_version()} on" in log
    worker, main = log.split("unhandled exception in thread music-render")[1].split("unhandled exception\n")
    assert "Traceback (most recent call last)" in worker and "ZeroDivisionError" in worker
    assert "Traceback (most recent call last)" in main and "RuntimeError: the original error" in main
    # The previous hooks still print both tracebacks to the console.
    assert "ZeroDivisionError" in done.stderr and "RuntimeError: the original error" in done.stderr


def test_a_hard_crash_is_written_to_the_log_by_faulthandler(tmp_path):
    done = hooked(tmp_path / "logs", "segfault")
    assert done.returncode != 0
    log = (tmp_path / "logs" / crash.LOG_NAME).read_text(encoding="utf-8")
    assert "most recent call first" in log and 'File "<string>"' in log


def test_an_unwritable_log_folder_does_not_hide_the_original_error(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the log folder should be")  # unwritable even for root
    done = hooked(blocker / "logs", "raise")
    assert done.returncode == 1
    assert "no crash log" in done.stderr
    assert "Traceback (most recent call last)" in done.stderr
    assert done.stderr.rstrip().endswith("RuntimeError: the original error")


def test_a_log_that_fails_at_crash_time_does_not_hide_the_original_error(tmp_path):
    done = hooked(tmp_path / "logs", "disk-full")
    assert done.returncode == 1
    assert done.stderr.rstrip().endswith("RuntimeError: the original error")


def test_the_log_rolls_over_at_start_up_once_it_is_big(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    old = "x" * crash.ROLL_AT
    (folder / crash.LOG_NAME).write_text(old)
    done = hooked(folder, "raise")
    assert done.returncode == 1
    assert (folder / f"{crash.LOG_NAME}.1").read_text() == old
    log = (folder / crash.LOG_NAME).read_text(encoding="utf-8")
    assert "x" * 100 not in log and "the original error" in log


# --- the apology ---------------------------------------------------------------------------
def texts(lang: str) -> dict[str, str]:
    return crash.apology_texts(Strings.load(data_dir() / "i18n"))[lang]


@pytest.fixture
def window():
    pygame.init()
    return pygame.display.set_mode((1280, 720))  # the App's window size


WINDOWS_PATH = r"C:\Users\Camille Dupont-Moreau\AppData\Local\secret-salon\Logs\secret-salon.log"


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_apology_is_large_and_fits_the_window(window, lang):
    drawn = crash.ApologyScreen(texts(lang), WINDOWS_PATH).draw(window)
    roles = [role for role, _, _ in drawn]
    assert roles[0] == "title" and roles[-1] == "dismiss" and "path" in roles
    for role, font, rect in drawn:
        assert font.point_size >= 28, role
        assert window.get_rect().contains(rect), role
    path_rows = [rect for role, _, rect in drawn if role == "path"]
    assert len(path_rows) == 2  # the long path wraps after a separator instead of overflowing


def test_without_a_log_the_apology_says_so(window):
    lines = crash.ApologyScreen(texts("en"), None).lines()
    assert ("log", texts("en")["crash.no_log"]) in lines and "path" not in [role for role, _ in lines]


class SteppedClock:
    """A quarter of a second per reading; posts ``event`` once it reaches ``post_at``."""

    def __init__(self, event=None, post_at=0.0):
        self.now, self.event, self.post_at = 0.0, event, post_at

    def __call__(self):
        self.now += 0.25
        if self.event is not None and self.now >= self.post_at:
            pygame.event.post(self.event)
            self.event = None
        return self.now


def test_the_apology_ignores_a_press_from_before_it_and_closes_by_itself(window, monkeypatch):
    monkeypatch.setattr(crash, "APOLOGY_SECONDS", 2.0)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, scancode=44, mod=0, unicode=" "))
    assert crash.ApologyScreen(texts("fr"), None, clock=SteppedClock()).run() == "timeout"


def test_a_press_during_the_grace_is_ignored_and_one_after_it_closes_the_apology(window, monkeypatch):
    monkeypatch.setattr(crash, "APOLOGY_SECONDS", 2.0)
    early = SteppedClock(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)), post_at=0.2)
    assert crash.ApologyScreen(texts("en"), None, clock=early).run() == "timeout"
    late = SteppedClock(pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=0),
                        post_at=crash.APOLOGY_GRACE + 0.2)
    assert crash.ApologyScreen(texts("en"), None, clock=late).run() == "input"
    assert late.now < 1.5


# --- a crash in the middle of a match --------------------------------------------------------
#: Plays the real ``play`` command in English: the title starts a bots' match of
#: Personality at once, the board raises at its second action, and the apology prints
#: its title and how it closed. argv: root, log folder, user data folder.
MID_MATCH = r"""
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from game import crash, paths
from game.__main__ import main
from game.games.personality.ui import vote_screen
from game.scenes.match import MatchScene
from game.scenes.menus import matches, title

paths.user_log_dir = lambda: Path(sys.argv[2])
paths.user_data_dir = lambda: Path(sys.argv[3])
crash.APOLOGY_SECONDS = 0.5
vote_screen.CARD_TICKS = 2  # (the card read stays alone on screen ~2 s before the vote: not here)


class StraightToAMatch(title.TitleScene):
    def enter(self, previous):
        super().enter(previous)
        if not len(self.ctx.seats):
            for name in ("Ada", "Bea", "Cyd"):
                self.ctx.seats.add_bot(name)
            board = matches.new_match(self.ctx, self.ctx.games["personality"], {}, seed=7)
            board.bot_delay = (1, 2)  # (not the human-like ~1 s a move: the crash comes sooner)
            self.stack.push(board)


submit = MatchScene.submit
submitted = []


def submit_then_crash(self, action):
    refused = submit(self, action)
    submitted.append(action)
    if len(submitted) == 2:
        raise RuntimeError(f"injected crash with {len(self.session.log)} actions in the log")
    return refused


shown = crash.ApologyScreen.run


def show_and_tell(self):
    closed = shown(self)
    print("apology:", self.texts["crash.title"], "/", closed, flush=True)
    return closed


MatchScene.submit = submit_then_crash
title.TitleScene = StraightToAMatch
crash.ApologyScreen.run = show_and_tell
sys.exit(main(["--windowed", "--lang", "en"]))
"""


def test_a_crash_mid_match_leaves_a_log_and_a_save_that_resumes(tmp_path, monkeypatch):
    logs, data = tmp_path / "logs", tmp_path / "userdata"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", MID_MATCH, str(ROOT), str(logs), str(data)], capture_output=True,
                          text=True, timeout=120, env=env)
    assert done.returncode == 1, done.stderr
    log = (logs / crash.LOG_NAME).read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in log and "submit_then_crash" in log
    crashed_at = int(log.split("injected crash with ")[1].split()[0])
    assert "injected crash" in done.stderr  # the console too
    assert f"apology: {texts('en')['crash.title']} / timeout" in done.stdout

    from game import paths
    from game.context import build_context
    from game.scenes.menus.matches import load_saved
    from game.scenes.menus.title import TitleScene
    from game.settings import Settings

    monkeypatch.setattr(paths, "user_data_dir", lambda: data)
    ctx = build_context(headless=True, settings=Settings(lang="en"))
    title = TitleScene(ctx, attract=False)
    ctx.stack.push(title)
    assert "resume" in [item.key for item in title.items]
    entry, session = load_saved(ctx)
    assert entry.id == "personality" and len(session.log) == crashed_at
    saved = json.loads((data / "autosave.json").read_text(encoding="utf-8"))
    assert len(saved["log"]) == crashed_at
