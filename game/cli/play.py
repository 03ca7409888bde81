"""``python -m game`` / ``secret-salon``: open the window and play.

``--smoke`` starts the whole app (real context, title screen), runs a few frames on a
simulated clock and exits 0: a quick check that a build or install really starts. It
also loads and validates every game's catalogue (an ordinary start parses them behind
the title, where a broken shipped file would only show on first use), as a frozen build
does at every start: a broken file fails with ``file:line`` and exit status 1. It also
starts the phone companion's server on a loopback port and stops it (so a build that
lacks a module the server needs fails here, not in a player's lobby). Its "smoke ok"
line goes to the crash log too, for a windowed build with no stdout to read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import gc
import importlib
import os
import sys
from types import SimpleNamespace

from .. import crash

if TYPE_CHECKING:
    import argparse
    import threading

    from ..app import App
    from ..context import AppContext

#: Frames the smoke run draws (one fixed step each).
SMOKE_FRAMES = 30
#: What the menus, boards and phones import on first use, imported behind the title by
#: :func:`settle` (each game's board and lobby deck too: ``GamePlugin.tv_modules``).
LATER_MODULES = ("pygame_gui", "game.ui.menu_gui", "game.scenes.menus.games", "game.scenes.menus.settings",
                 "game.scenes.menus.credits", "game.scenes.menus.howto", "game.scenes.menus.lobby",
                 "game.scenes.menus.options", "game.scenes.menus.pause", "game.scenes.menus.take_seats", "game.scenes.match",
                 "game.scenes.phones", "game.companion.server")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    screen = parser.add_mutually_exclusive_group()
    # Both set ``fullscreen`` (None: as the settings say) for this run; the setting is kept.
    screen.add_argument("--windowed", dest="fullscreen", action="store_const", const=False,
                        help="play in a window this time (development)")
    screen.add_argument("--fullscreen", dest="fullscreen", action="store_const", const=True,
                        help="play full screen this time")
    parser.add_argument("--lang", choices=("fr", "en"),
                        help="language this time (default: the settings', first the system's)")
    parser.add_argument("--smoke", action="store_true",
                        help="start, show the title for a few frames, exit 0 (build check)")


class PlayOptions(Protocol):
    """What ``play`` reads of its options: the parser's, or :func:`default_args`."""

    fullscreen: bool | None
    lang: str | None
    smoke: bool


def default_args() -> PlayOptions:
    """The options of a start without any (``python -m game``), as the parser gives them
    (tests/test_cli.py checks), without importing it."""
    return SimpleNamespace(fullscreen=None, lang=None, smoke=False)


def run(args: PlayOptions) -> int:
    crash_log = crash.install()  # first, so even a failing import below leaves a log
    try:
        return _play(args, crash_log)
    except Exception as exc:
        # Reported here, not left to escape: the window is still open for the apology,
        # and a frozen windowed build would show PyInstaller's bare dialog on top.
        crash_log.excepthook(type(exc), exc, exc.__traceback__)
        return 1
    finally:
        pygame = sys.modules.get("pygame")
        if pygame is not None:
            pygame.quit()


def _play(args: PlayOptions, crash_log: crash.CrashLog) -> int:
    prepare_environment()
    try:
        importlib.import_module("game.app")  # it checks that pygame is pygame-ce before anything else
    except RuntimeError as exc:
        print(exc, file=sys.stderr)
        return 2
    ctx, app, clock = open_title(args, crash_log)
    try:
        app.frame()  # the first title frame; then the sounds are loaded and the games' data parsed
        gc.enable()
        from ..scenes.menus.picture_maker import PictureMaker

        ctx.pictures = PictureMaker()  # the idle title starts it if a how-to picture is missing
        ctx.audio.start()
        if args.smoke or getattr(sys, "frozen", False):
            problem = _catalogue_problem(ctx)
            if problem is not None:
                print(f"broken data file: {problem}", file=sys.stderr)
                return 1
            settle_and_prune()
        else:
            behind_title(ctx)
        if clock is not None:  # (args.smoke)
            for _ in range(SMOKE_FRAMES):
                clock.now += 1 / 60
                app.frame()
            from ..scenes.phones import smoke_companion

            phones = smoke_companion(ctx)
            if phones is not None:
                print(f"the phone server did not start: {phones}", file=sys.stderr)
                return 1
            done = f"smoke ok: {app.frames} frames, {app.steps} steps, top scene {type(ctx.stack.top).__name__}"
            print(done)
            crash_log.logger.info(done)  # also in the log: a windowed build may have no stdout (Windows)
        else:
            app.run()
    finally:
        ctx.flush_autosaves()  # a quit, a crash (before the apology), the smoke run: the last save lands
        if ctx.companion is not None:  # the phone modules load with the companion, not before the title
            from ..scenes.phones import stop_companion

            stop_companion(ctx)
        if ctx.pictures is not None:
            ctx.pictures.stop()
        app.hub.pads.close_all()
    return 0


def prepare_environment() -> None:
    """SDL's and pygame's settings, before pygame is imported. The cyclic GC is off from
    here to the first frame (the caller turns it back on): pygame, our modules and the
    context make only lasting objects, and its ~40 passes over them cost ~3 ms."""
    gc.disable()
    # Pads keep working while another window has the focus (a TV game is often left so).
    os.environ.setdefault("SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS", "1")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def open_title(args: PlayOptions, crash_log: crash.CrashLog) -> tuple[AppContext, App, _SteppedClock | None]:
    """The context, the window and the title screen, its first frame still to draw:
    everything ``play`` does before that frame (the bench's start-up child runs this
    too, then the frame). Returns the context, the app and the smoke run's clock."""
    from ..app import App
    from ..context import build_context
    from ..scenes.menus.title import TitleScene

    from ..core.autosave_writer import AutosaveWriter

    ctx = build_context(headless=False, lang=args.lang)
    ctx.autosaves = AutosaveWriter()  # the match sessions' saves, written off the game thread
    crash_log.speak(crash.apology_texts(ctx.strings), lambda: ctx.settings.lang)
    ctx.log_file = crash_log.path
    gc.freeze()  # the catalogues live as long as the app: keep them out of every full GC pass
    clock = _SteppedClock() if args.smoke else None
    app = App(ctx, clock=clock, fullscreen=args.fullscreen, companion=not args.smoke)
    ctx.stack.push(TitleScene(ctx))
    return ctx, app, clock


def behind_title(ctx: AppContext) -> threading.Thread:
    """Parse the games' data, then :func:`settle_and_prune`, in a thread behind the title;
    the app keeps input for later while it runs (``AppContext.importing_now``), so that no
    module is imported on two threads at once (a deadlock when both enter one import cycle)."""
    ctx.importing = thread = ctx.catalogue.catalogues.preload(then=settle_and_prune)
    return thread


def settle_and_prune() -> None:
    """:func:`settle`, then delete the files earlier versions left in the user's cache
    (``disk_cache.prune_retired``): behind the title, or after the first frame where the
    data is loaded on the main thread (``--smoke``, a frozen build)."""
    from .. import disk_cache

    settle()
    disk_cache.prune_retired()


def settle() -> None:
    """Once the games' data is parsed (behind the title): import what the menus and
    boards load on first use (:data:`LATER_MODULES`), then freeze every object alive in
    the GC's permanent generation. The frame after a scene leaves runs a full GC pass
    (``heap.release_free_memory``) over every object not frozen: with those modules'
    ~10,000 left out, it took ~5 ms of the frame after each menu closed, and one the
    cyclic GC ran by itself put ~10 ms into a lobby's opening (``bench --menus``); now
    ~0.5 ms. The bench's menu child settles the same way."""
    from ..games import discover

    for name in (*LATER_MODULES, *(name for plugin in discover() for name in plugin.tv_modules())):
        importlib.import_module(name)
    gc.freeze()


def _catalogue_problem(ctx: AppContext) -> str | None:
    """Load every game's catalogue now, in this thread: its ``file:line`` error, or None."""
    from ..data_loading import DataError

    try:
        ctx.catalogue.games
    except DataError as exc:
        return str(exc)
    return None


class _SteppedClock:
    """A clock the smoke run moves by hand, so it never waits."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now
