"""The window: a first launch opens borderless full screen at the desktop's resolution;
F11 and Alt+Enter toggle it and the choice is kept; ``--windowed`` opens a window for
this run only. The canvas is presented through SDL's renderer, which scales it into the
window letterboxed and maps the mouse back to canvas pixels, in both modes.

What the window shows is read from its own pixels (the dummy driver's renderer is SDL's
software one, which draws into the window's surface), and the mouse is moved by SDL
itself (``SDL_WarpMouseInWindow``), so it goes through the renderer's mapping as a real
mouse does."""

import ctypes
import shutil
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import crash, paths
from game.app import MIN_WINDOW, WINDOW_SIZE, App
from game.context import build_context
from game.i18n import Strings
from game.input.intents import Intent
from game.input.viewport import CANVAS
from game.paths import data_dir
from game.scenes.base import Scene
from game.scenes.toast import ToastScene
from game.settings import default_path, load_settings
from game.ui.kit import Palette
from game.cli.virtual_pads import find_sdl2

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
    if apps:  # SDL keeps the mouse where a test left it: a later window would see it hover there
        move_mouse(apps[-1], (0, 0))
    pygame.display.set_mode((1, 1))  # no full-screen window left for the next tests
    pygame.event.clear()


class _Surface(ctypes.Structure):  # the head of SDL2's SDL_Surface
    _fields_ = [("flags", ctypes.c_uint32), ("format", ctypes.c_void_p), ("w", ctypes.c_int), ("h", ctypes.c_int),
                ("pitch", ctypes.c_int), ("pixels", ctypes.c_void_p)]


def _sdl():
    sdl = ctypes.CDLL(str(find_sdl2()))
    sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
    sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
    sdl.SDL_GetWindowFlags.argtypes = [ctypes.c_void_p]
    sdl.SDL_GetWindowFlags.restype = ctypes.c_uint32
    sdl.SDL_GetWindowSurface.argtypes = [ctypes.c_void_p]
    sdl.SDL_GetWindowSurface.restype = ctypes.POINTER(_Surface)
    sdl.SDL_WarpMouseInWindow.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
    return sdl


def sdl_window(app):
    return _sdl().SDL_GetWindowFromID(app.window.id)


def window_flags(app) -> int:
    return _sdl().SDL_GetWindowFlags(sdl_window(app))


def window_pixels(app) -> pygame.Surface:
    """A copy of what the window shows, at the window's size."""
    surface = _sdl().SDL_GetWindowSurface(sdl_window(app)).contents
    data = ctypes.string_at(surface.pixels, surface.pitch * surface.h)
    assert surface.pitch == surface.w * 4
    return pygame.image.frombuffer(data, (surface.w, surface.h), "BGRA").copy()


def move_mouse(app, pos):
    """The mouse moves to window pixel ``pos``, as SDL sees a real one move."""
    _sdl().SDL_WarpMouseInWindow(sdl_window(app), *pos)


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
    return all(abs(a - b) <= 4 for a, b in zip(colour[:3], wanted))  # linear filtering rounds


def check_letterbox_and_mouse(app, picture, frame):
    """The window shows the canvas scaled into its 16:9 rectangle with black bars, and
    the mouse maps to canvas pixels inside it and to nothing in the bars (events and
    the hover position pygame_gui polls alike)."""
    frame()
    size = app.window.size
    assert app.canvas.get_size() == CANVAS and pygame.display.get_surface() is app.canvas
    shown = window_pixels(app)
    assert shown.get_size() == size
    rect = picture_rect(size)
    for point in (rect.center, rect.topleft, (rect.right - 1, rect.bottom - 1)):
        assert near(shown.get_at(point), FILL), point
    bars = [(size[0] // 2, rect.y // 2)] if rect.y else []
    bars += [(rect.x // 2, size[1] // 2)] if rect.x else []
    for point in bars:
        assert near(shown.get_at(point), (0, 0, 0)), point

    picture.events.clear()
    move_mouse(app, rect.center)
    frame()
    assert app.hub.pointer_pos() == pytest.approx((960, 540), abs=2)
    move_mouse(app, (rect.right - 1, rect.bottom - 1))
    frame()
    for point in bars:
        move_mouse(app, point)
        frame()
        assert app.hub.pointer_pos() is None  # nothing hovered in a bar
    positions = [e.pos for e in picture.events if e.intent is Intent.POINTER]
    assert len(positions) == 2  # the moves into a bar went nowhere
    assert positions[0] == pytest.approx((960, 540), abs=2)
    assert positions[1][0] >= 1916 and positions[1][1] >= 1076


def test_first_launch_is_borderless_full_screen_at_the_desktop_size(start):
    assert not default_path().exists()  # a first launch
    app, picture, frame = start()
    assert app.fullscreen and pygame.display.is_fullscreen()
    assert app.window.size == pygame.display.get_desktop_sizes()[0]
    assert window_flags(app) & SDL_WINDOW_FULLSCREEN_DESKTOP == SDL_WINDOW_FULLSCREEN_DESKTOP
    check_letterbox_and_mouse(app, picture, frame)


def test_f11_and_alt_enter_toggle_and_the_choice_is_kept(start):
    app, picture, frame = start()
    key(pygame.K_F11, pygame.KSCAN_F11)
    frame()
    assert not app.fullscreen and app.window.size == WINDOW_SIZE
    assert stored_fullscreen() is False
    check_letterbox_and_mouse(app, picture, frame)

    picture.events.clear()
    key(pygame.K_RETURN, pygame.KSCAN_RETURN, pygame.KMOD_LALT)
    frame()
    assert app.fullscreen and app.window.size == pygame.display.get_desktop_sizes()[0]
    assert stored_fullscreen() is True
    assert not [e for e in picture.events if e.intent is Intent.CONFIRM]  # Alt+Enter is not Enter
    check_letterbox_and_mouse(app, picture, frame)

    picture.events.clear()
    key(pygame.K_RETURN, pygame.KSCAN_RETURN)  # Enter alone: the right keyboard side's CONFIRM
    frame()
    assert app.fullscreen and [e.intent for e in picture.events] == [Intent.CONFIRM, Intent.CONFIRM]

    app.ctx.settings.fullscreen = False  # the settings screen switched it (and saved it itself)
    frame()
    assert not app.fullscreen and app.window.size == WINDOW_SIZE


@pytest.mark.parametrize("size", [(1280, 1024), (2560, 1080), (640, 360)])
def test_a_window_dragged_to_any_shape_stays_letterboxed_and_mapped(start, size):
    app, picture, frame = start(fullscreen=False)
    assert app.window.minimum_size == MIN_WINDOW  # (the dummy driver cannot make a window resizable)
    app.window.size = size  # as a player drags its border
    check_letterbox_and_mouse(app, picture, frame)


def test_the_canvas_is_scaled_by_the_renderer_not_on_the_cpu(start, monkeypatch):
    """No transform runs for the present, whatever the window's size: the display
    surface is the 1920×1080 canvas and SDL's renderer scales it."""
    app, picture, frame = start(fullscreen=False)
    app.window.size = (3840, 2160)
    for name in ("smoothscale", "scale", "smoothscale_by", "scale_by"):
        monkeypatch.setattr(pygame.transform, name, lambda *a, **k: pytest.fail("scaled on the CPU"))
    frame()
    assert app.canvas.get_size() == CANVAS and near(window_pixels(app).get_at((1920, 1080)), FILL)


def test_the_crash_apology_shows_in_the_app_window(start):
    """After a crash the apology draws on the display surface with plain pygame and
    flips: it reaches the window through the same renderer, full size."""
    app, picture, frame = start(fullscreen=False)
    frame()
    texts = crash.apology_texts(Strings.load(data_dir() / "i18n"))["en"]
    drawn = crash.ApologyScreen(texts, None).draw(pygame.display.get_surface())
    pygame.display.flip()
    assert all(app.canvas.get_rect().contains(rect) for _, _, rect in drawn)
    shown = window_pixels(app)
    scale = WINDOW_SIZE[1] / CANVAS[1]
    title = next(rect for role, _, rect in drawn if role == "title")
    corner = (5, 5)
    assert near(shown.get_at(corner), Palette().bg)
    inked = {tuple(shown.get_at((x, int(title.centery * scale)))[:3])
             for x in range(int(title.left * scale), int(title.right * scale))}
    assert any(near(colour, Palette().gold) for colour in inked)  # the title's letters


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
        "        seen.append([self.fullscreen, list(self.window.size), list(pygame.display.get_desktop_sizes()[0])])\n"
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


#: On a real X display: full screen, F11, a dragged window, the mouse moved by the X
#: server, then the crash apology; prints what it saw. argv: the repo's root.
ON_X = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import pygame
from game import crash
from game.app import App
from game.context import build_context
from game.i18n import Strings
from game.paths import data_dir
from game.scenes.base import Scene
from game.settings import Settings
from tests.test_screen import key, move_mouse


class Pointer(Scene):
    def __init__(self):
        super().__init__()
        self.seen = []

    def handle(self, seat, event):
        if event.pos is not None:
            self.seen.append(list(event.pos))
        return True


class Clock:
    now = 1.0

    def __call__(self):
        return self.now


pygame.display.init()  # on the X display: a headless context keeps it
ctx = build_context(headless=True, settings=Settings())
clock = Clock()
app = App(ctx, clock=clock)
pointer = Pointer()
ctx.stack.push(pointer)
report = {"renderer": pygame.display._get_renderer_info()[0], "desktop": list(pygame.display.get_desktop_sizes()[0])}


def frames(n=1):
    for _ in range(n):
        clock.now += 1 / 60
        app.frame()


def mouse(pos):
    # Where the scene and the hover (pygame_gui's) put the mouse moved to window pos.
    before = app.hub.pointer_pos()
    pointer.seen.clear()
    move_mouse(app, pos)
    for _ in range(200):  # until the X server has sent the motion back
        frames()
        if app.hub.pointer_pos() != before:
            break
        time.sleep(0.005)
    hover = app.hub.pointer_pos()
    return [pointer.seen[-1] if pointer.seen else None, list(hover) if hover else None]


def window():
    return [pygame.display.is_fullscreen(), list(app.window.size), app.window.resizable]


frames(3)
report["full"] = [window(), mouse((app.window.size[0] // 2, app.window.size[1] // 2))]
key(pygame.K_F11, pygame.KSCAN_F11)
frames(3)
report["windowed"] = [window(), mouse((1279, 719)), mouse((640, 360))]
app.window.size = (1280, 1024)
frames(3)
report["tall"] = [window(), mouse((640, 40)), mouse((640, 512))]
key(pygame.K_F11, pygame.KSCAN_F11)
frames(3)
report["full_again"] = [window(), mouse((app.window.size[0] // 2, app.window.size[1] // 2))]
texts = crash.apology_texts(Strings.load(data_dir() / "i18n"))["en"]
crash.ApologyScreen(texts, None).draw(pygame.display.get_surface())
pygame.display.flip()
report["apology"] = True
print(json.dumps(report))
"""


@pytest.mark.skipif(shutil.which("Xvfb") is None or not sys.platform.startswith("linux"), reason="needs Xvfb")
@pytest.mark.parametrize("render_driver", [None, "software"])
def test_on_a_real_x_display_with_its_renderer_or_the_software_one(tmp_path, render_driver):
    """What the dummy driver cannot show: a real window manager protocol, the window made
    resizable, the X server moving the mouse, and SDL's software renderer (a machine with
    no GPU) surviving the toggles that pygame itself works around on X11."""
    from game.cli.bench_measures import _start_xvfb

    server, display = _start_xvfb()
    env = dict(os.environ, PYTHONPATH=str(ROOT), DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               XDG_CONFIG_HOME=str(tmp_path))
    if render_driver:
        env["SDL_RENDER_DRIVER"] = render_driver
    try:
        run = subprocess.run([sys.executable, "-c", ON_X, str(ROOT)], cwd=tmp_path, env=env, capture_output=True,
                             text=True, timeout=120)
    finally:
        server.terminate()
        server.wait()
    assert run.returncode == 0, run.stdout + run.stderr
    seen = json.loads(run.stdout.strip().splitlines()[-1])
    if render_driver:
        assert seen["renderer"] == render_driver
    full, centre = [True, seen["desktop"]], [[960, 540], [960, 540]]
    assert seen["full"][0][:2] == full and seen["full"][1] == centre
    assert seen["windowed"] == [[False, list(WINDOW_SIZE), True], [[1918, 1078], [1918, 1078]], centre]
    assert seen["tall"] == [[False, [1280, 1024], True], [None, None], centre]  # (640, 40) is in the top bar
    assert seen["full_again"][0][:2] == full and seen["full_again"][1] == centre
    assert seen["apology"]
