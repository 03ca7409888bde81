"""Menu screens share one pygame_gui theme (``ctx.menu_gui``) and free their widgets when
they leave (but the last two closed, kept for their next opening): sixty settings round
trips from the title no longer grow the process."""

import os
import subprocess
import sys
import textwrap

import i18n
import pygame

from game.input.intents import Intent
from game.scenes.menus.dialogs import ConfirmScene
from game.scenes.menus.settings import SettingsScene, StreamingScene
from game.scenes.menus.title import TitleScene

from menu_helpers import focused_key, make_ctx, press, tick

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: A child process (its RSS is its own): title, one warm-up round trip to the settings,
#: then sixty more with pad presses, printing RSS (MB) after the warm-up and at the end.
#: After each, memory is released as the app does in the frame after a scene leaves.
ROUND_TRIPS = textwrap.dedent("""
    import sys
    sys.path.insert(0, "tests")
    import pygame
    from menu_helpers import make_ctx, press, tick
    from game.input.intents import Intent
    from game.scenes.menus.settings import SettingsScene
    from game.scenes.menus.title import TitleScene
    from game.cli.soak import rss_mb
    from game.heap import release_free_memory

    ctx = make_ctx()
    canvas = pygame.Surface((1920, 1080))
    ctx.stack.push(TitleScene(ctx, attract=False))
    press(ctx, Intent.DOWN)

    def round_trip():
        press(ctx, Intent.CONFIRM)
        assert isinstance(ctx.stack.top, SettingsScene)
        ctx.stack.draw(canvas, 0.0)
        press(ctx, Intent.BACK)
        assert isinstance(ctx.stack.top, TitleScene)
        ctx.stack.draw(canvas, 0.0)
        release_free_memory()

    round_trip()
    warm = rss_mb()
    for _ in range(60):
        round_trip()
    print(warm, rss_mb())
""")


def test_sixty_settings_round_trips_keep_rss_flat():
    env = dict(os.environ, PYTHONPATH=ROOT)
    out = subprocess.run([sys.executable, "-c", ROUND_TRIPS], cwd=ROOT, env=env, check=True, capture_output=True,
                         text=True, timeout=120).stdout
    warm, end = map(float, out.split()[-2:])
    assert end - warm <= 20, f"RSS {warm:.0f} -> {end:.0f} MB over 60 round trips"


def test_screens_share_one_theme_and_free_their_widgets():
    ctx = make_ctx()
    ctx.stack.push(TitleScene(ctx, attract=False))
    title = ctx.stack.top
    press(ctx, Intent.DOWN)
    assert focused_key(title) == "settings"
    paths = len(set(i18n.load_path))
    press(ctx, Intent.CONFIRM)
    settings = ctx.stack.top
    assert isinstance(settings, SettingsScene)
    ctx.stack.push(ConfirmScene(ctx, "?", lambda: None))
    confirm = ctx.stack.top
    managers = {id(scene.manager) for scene in (title, settings, confirm)}
    assert len(managers) == 3  # each screen's widgets, hover and drawing stay its own
    assert title.manager.get_theme() is settings.manager.get_theme() is confirm.manager.get_theme()
    # pygame_gui adds its folder to python-i18n's global path per manager: once is enough
    assert len(i18n.load_path) <= paths and len(set(i18n.load_path)) == len(i18n.load_path)
    root, first_closed = settings.manager.get_root_container(), confirm.manager.get_root_container()
    ctx.stack.pop()
    ctx.stack.pop()
    assert settings.manager is None and settings.items == [] and confirm.manager is None
    assert title.manager is not None
    # the two last closed keep their buttons for their next opening (kept_widgets.py);
    # a third closing kills the oldest's
    assert len(ctx.menu_gui.kept) == 2 and root.alive() and first_closed.alive()
    ctx.stack.push(StreamingScene(ctx))
    ctx.stack.pop()
    assert len(ctx.menu_gui.kept) == 2 and root.alive() and not first_closed.alive()


def test_a_text_size_change_builds_a_new_theme():
    ctx = make_ctx()
    ctx.stack.push(TitleScene(ctx, attract=False))
    title = ctx.stack.top
    ctx.stack.push(SettingsScene(ctx))
    settings = ctx.stack.top
    before = settings.manager.get_theme()
    assert settings.focus_key("text_scale")
    press(ctx, Intent.RIGHT)
    assert ctx.settings.text_scale != 1.0
    assert settings.manager.get_theme() is not before
    press(ctx, Intent.BACK)
    assert title.manager.get_theme() is ctx.menu_gui.manager().get_theme() is not before


def test_a_menu_seen_before_draws_no_button_shape(monkeypatch):
    """pygame_gui drew every new button's rounded shape at 4× and scaled it down (cached
    only under 40,000 px²); the kit draws each size and look once (issue 18 item 2)."""
    from game.scenes.backdrop import TableBackdrop
    from game.scenes.menus.pause import PauseScene

    ctx = make_ctx(seats=4)
    canvas = pygame.Surface((1920, 1080))
    ctx.stack.push(TableBackdrop(ctx))
    entry = ctx.games["secret_identity"]

    def visit() -> None:
        ctx.stack.push(PauseScene(ctx, entry))
        press(ctx, Intent.DOWN, ticks=3)  # a hovered-to-selected change draws new states
        ctx.stack.draw(canvas, 0.0)
        ctx.stack.pop()

    visit()
    scaled = []
    real = pygame.transform.smoothscale
    monkeypatch.setattr(pygame.transform, "smoothscale", lambda *a, **k: scaled.append(a[1]) or real(*a, **k))
    visit()
    assert scaled == []


def test_menu_buttons_show_the_theme_colours_in_a_rounded_shape():
    ctx = make_ctx()
    ctx.stack.push(TitleScene(ctx, attract=False))
    canvas = pygame.Surface((1920, 1080))
    tick(ctx, 2)  # pygame_gui draws a state's picture in the update after it changes
    ctx.stack.top.draw(canvas, 0.0)
    title = ctx.stack.top
    play, settings = title.items[0].rect, title.items[-1].rect  # the last: clear of the focus ring
    assert canvas.get_at((play.x + 40, play.centery))[:3] == (0xFF, 0xAA, 0x3C)  # selected fill
    assert canvas.get_at((settings.x + 40, settings.y + 2))[:3] == (0x4E, 0x48, 0x90)  # normal rim
    assert canvas.get_at((settings.x + 40, settings.centery))[:3] == (0x28, 0x24, 0x4E)  # normal fill
    assert canvas.get_at(settings.topleft)[:3] != (0x4E, 0x48, 0x90)  # a rounded corner: no rim there
