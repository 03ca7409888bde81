"""Full screen: a first launch opens borderless full screen at the desktop's resolution;
F11 and Alt+Enter toggle it and the choice is kept; ``--windowed`` opens a window for
this run only. The canvas stays letterboxed and the mouse mapped in both modes."""

import ctypes
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pygame
import pytest

from game import paths
from game.app import WINDOW_SIZE, App
from game.context import build_context
from game.input.intents import Intent
from game.scenes.base import Scene
from game.scenes.menus.dialogs import ToastScene
from game.settings import default_path, load_settings
from tests.vpad import find_sdl2

ROOT = Path(__file__).resolve().parent.parent
FILL = (200, 40, 90)
SDL_WINDOW_FULLSCREEN_DESKTOP = 0x1001  # SDL_WINDOW_FULLSCREEN | 0x1000: no mode switch


class Picture(Scene):
    """Fills the canvas and records the intents that reach it."""

    def __init__(self):
        super().__init__()
        self.events = []

    def handle(self, seat, event):
        self.events.append(event)
        return True

    def draw(self, surface, alpha):
        surface.fill(FILL)


class Clock:
    now = 10.0

    def __call__(self):
        return self.now


@pytest.fixture
def start():
    """``start(**app_kwargs)``: the app as ``play`` builds it, from the stored settings."""
    apps = []

    def make(**kwargs):
        settings, _ = load_settings()
        ctx = build_context(headless=True, settings=settings)
        pygame.event.clear()
        clock = Clock()
        app = App(ctx, clock=clock, **kwargs)
        picture = Picture()
        ctx.stack.push(picture)
        apps.append(app)

        def frame():
            clock.now += 1 / 60
            app.frame()

        return app, picture, frame

    yield make
    for app in apps:
        app.hub.pads.close_all()
    pygame.display.set_mode((1, 1))  # no full-screen window left for the next tests


def window_flags() -> int:
    sdl = ctypes.CDLL(str(find_sdl2()))
    sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
    sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
    sdl.SDL_GetWindowFlags.argtypes = [ctypes.c_void_p]
    sdl.SDL_GetWindowFlags.restype = ctypes.c_uint32
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # we only read the id
        window_id = pygame.Window.from_display_module().id
    return sdl.SDL_GetWindowFlags(sdl.SDL_GetWindowFromID(window_id))


def key(key_code, scancode, mod=0):
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key_code, scancode=scancode, mod=mod, unicode=""))


def stored_fullscreen():
    return json.loads(default_path().read_text(encoding="utf-8"))["fullscreen"]


def picture_rect(size):
    """Where a 16:9 picture fits in ``size``, worked out here by hand."""
    w, h = size
    scale = min(w / 1920, h / 1080)
    pw, ph = round(1920 * scale), round(1080 * scale)
    return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)


def near(colour, wanted):
    return all(abs(a - b) <= 4 for a, b in zip(colour[:3], wanted))  # smoothscale rounds


def check_letterbox_and_mouse(app, picture, frame):
    """The picture fills its 16:9 rectangle, bars are black, and the mouse maps to
    canvas pixels inside it (and nowhere in the bars)."""
    frame()
    size = app.window.get_size()
    rect = picture_rect(size)
    assert near(app.window.get_at(rect.center), FILL) and near(app.window.get_at(rect.topleft), FILL)
    if rect.y:
        assert near(app.window.get_at((size[0] // 2, rect.y // 2)), (0, 0, 0))
    picture.events.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.right - 1, rect.bottom - 1), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    if rect.y:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rect.centerx, rect.y // 2), rel=(0, 0),
                                             buttons=(0, 0, 0)))
    frame()
    positions = [e.pos for e in picture.events if e.intent is Intent.POINTER]
    assert len(positions) == 2  # the one in the bar went nowhere
    assert abs(positions[0][0] - 960) <= 2 and abs(positions[0][1] - 540) <= 2
    assert positions[1][0] >= 1916 and positions[1][1] >= 1076


def test_first_launch_is_borderless_full_screen_at_the_desktop_size(start):
    assert not default_path().exists()  # a first launch
    app, picture, frame = start()
    assert app.fullscreen and pygame.display.is_fullscreen()
    assert app.window.get_size() == pygame.display.get_desktop_sizes()[0]
    assert window_flags() & SDL_WINDOW_FULLSCREEN_DESKTOP == SDL_WINDOW_FULLSCREEN_DESKTOP
    check_letterbox_and_mouse(app, picture, frame)


def test_f11_and_alt_enter_toggle_and_the_choice_is_kept(start):
    app, picture, frame = start()
    key(pygame.K_F11, pygame.KSCAN_F11)
    frame()
    assert not app.fullscreen and app.window.get_size() == WINDOW_SIZE
    assert stored_fullscreen() is False
    check_letterbox_and_mouse(app, picture, frame)

    picture.events.clear()
    key(pygame.K_RETURN, pygame.KSCAN_RETURN, pygame.KMOD_LALT)
    frame()
    assert app.fullscreen and app.window.get_size() == pygame.display.get_desktop_sizes()[0]
    assert stored_fullscreen() is True
    assert not [e for e in picture.events if e.intent is Intent.CONFIRM]  # Alt+Enter is not Enter
    check_letterbox_and_mouse(app, picture, frame)

    picture.events.clear()
    key(pygame.K_RETURN, pygame.KSCAN_RETURN)  # Enter alone: the right keyboard side's CONFIRM
    frame()
    assert app.fullscreen and [e.intent for e in picture.events] == [Intent.CONFIRM, Intent.CONFIRM]

    app.ctx.settings.fullscreen = False  # the settings screen switched it (and saved it itself)
    frame()
    assert not app.fullscreen and app.window.get_size() == WINDOW_SIZE


def test_a_toggle_that_cannot_be_saved_says_so(start, tmp_path, monkeypatch):
    app, picture, frame = start()
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    monkeypatch.setattr(paths, "user_config_dir", lambda: blocker / "secret-salon")  # cannot be made
    key(pygame.K_F11, pygame.KSCAN_F11)
    frame()
    assert not app.fullscreen
    assert isinstance(app.ctx.stack.top, ToastScene)


def _play(tmp_path, *args):
    """``python -m game ARGS --smoke`` in a child, reporting the window it opened."""
    code = (
        "import json, sys, game.app\n"
        "from game.__main__ import main\n"
        "seen = []\n"
        "class Spy(game.app.App):\n"
        "    def __init__(self, *a, **k):\n"
        "        super().__init__(*a, **k)\n"
        "        import pygame\n"
        "        seen.append([self.fullscreen, list(self.window.get_size()), list(pygame.display.get_desktop_sizes()[0])])\n"
        "game.app.App = Spy\n"
        f"assert main([*{list(args)!r}, '--smoke']) == 0\n"
        "print(json.dumps(seen[0]))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_play_opens_full_screen_and_windowed_opens_a_window_this_time_only(tmp_path):
    fullscreen, size, desktop = _play(tmp_path)
    assert fullscreen and size == desktop
    fullscreen, size, _ = _play(tmp_path, "--windowed")
    assert not fullscreen and tuple(size) == WINDOW_SIZE
    assert load_settings()[0].fullscreen is True  # the setting itself is untouched
