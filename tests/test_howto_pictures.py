"""The how-to pages' pictures (game/scenes/menus/howto_pictures.py, picture_maker.py,
game/cli/pictures.py): each page shows its phase; a picture is made ahead of time by a
child process and kept in the user's cache, so the game only ever reads one back (~1 ms)
instead of rendering a shot in a fresh context (~0.2 s, ~40 MB) in the frame that opens
the page; while it is being drawn, the page shows its words and says so."""

import argparse
import dataclasses
import logging
import os
import signal
import subprocess
import sys
import time

import pygame
import pytest

from game import disk_cache
from game.cli import pictures as maker_cli
from game.scenes.menus import howto_pictures
from game.scenes.menus.howto import FADE_TICKS, HowToScene
from game.scenes.menus.howto_pictures import display_format, make_picture, picture_path, read_picture
from game.scenes.menus.picture_maker import PictureMaker, PictureOrder, maker_command

from menu_helpers import draw, make_ctx, tick

#: Seconds a test waits at most for a maker child (it takes ~1 s for a picture here).
MAKER_WAIT = 60
FIRST_SHOT = "secret_identity.1"  # (a picture's name: its game and page)


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """The pictures' cache in a temp folder, the pictures rendered so far counted."""
    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    howto_pictures.sources_fingerprint.cache_clear()
    return tmp_path / "pictures"


@pytest.fixture
def renders(folder, monkeypatch):
    made = []
    render = howto_pictures.render_picture

    def counted(name, lang, size):
        made.append(name)
        return render(name, lang, size)

    monkeypatch.setattr(howto_pictures, "render_picture", counted)
    return made


@pytest.fixture
def maker():
    made = PictureMaker()
    yield made
    made.stop()


def opened(ctx, game_id="secret_identity"):
    scene = HowToScene(ctx, game_id)
    ctx.stack.push(scene)
    ctx.stack.update(1 / 60)
    return scene


def page_format(ctx):
    """The pictures' format on a how-to page of ``ctx`` (its size follows the safe area)."""
    scene = HowToScene(ctx, "secret_identity")
    ctx.stack.push(scene)  # (its box is laid out as it enters)
    ctx.stack.clear()
    return display_format(scene.picture_rect().size)


def made_ahead(ctx, shot=FIRST_SHOT, lang="fr"):
    """The page's picture made as the maker makes it (in this process: quicker)."""
    assert make_picture(disk_cache.cache_dir("pictures"), shot, lang, page_format(ctx))


def until(condition, ctx=None):
    """Tick (the app's frames) until ``condition()`` or :data:`MAKER_WAIT` seconds."""
    end = time.monotonic() + MAKER_WAIT
    while not condition():
        assert time.monotonic() < end, "waited too long"
        if ctx is not None:
            tick(ctx)
            ctx.stack.update(1 / 60)
        time.sleep(0.02)


def test_a_howto_page_shows_a_picture_of_its_phase(folder):
    """Issue 14: the pages were words and 60 % empty space; each now shows its phase."""
    ctx = make_ctx()
    made_ahead(ctx)
    scene = opened(ctx)
    frame = scene.picture_rect()
    assert frame.width * frame.height >= 0.25 * scene.box.width * scene.box.height
    canvas = draw(ctx)
    colours = {tuple(canvas.get_at((x, y)))
               for x in range(frame.x, frame.right, 40) for y in range(frame.y, frame.bottom, 40)}
    assert len(colours) > 20  # a screen, not the bare panel


def test_the_maker_writes_the_picture_render_picture_gives(folder):
    """The child, run as the game runs it, in the display's format it is told."""
    fmt = page_format(make_ctx())
    order = PictureOrder("fr", fmt, (FIRST_SHOT,), folder)
    done = subprocess.run(maker_command(order), capture_output=True, text=True, timeout=MAKER_WAIT)
    assert done.returncode == 0, done.stderr
    kept = read_picture(picture_path(folder, FIRST_SHOT, "fr", fmt), fmt)
    here = pygame.Surface(fmt.size, 0, pygame.display.get_surface())
    here.blit(howto_pictures.render_picture(FIRST_SHOT, "fr", fmt.size), (0, 0))
    assert kept is not None and kept.get_view("1").raw == here.get_view("1").raw


def test_a_later_first_visit_reads_the_kept_picture_back_and_draws_the_same(renders):
    """Issue 18: the page's first visit rendered a shot in a fresh context (~0.2 s of CPU,
    ~40 MB at its peak) in the frame that opened it; now the game never renders one."""
    ctx = make_ctx()
    made_ahead(ctx)
    made_ahead(ctx, "secret_identity.2")
    del renders[:]
    first = opened(ctx)
    assert list(first.pictures) == [0]  # the shown page's only
    shown = pygame.image.tobytes(draw(ctx), "RGB")
    ctx.stack.clear()
    again = opened(ctx)
    assert pygame.image.tobytes(draw(ctx), "RGB") == shown
    again.flip(1)
    ctx.stack.update(1 / 60)
    assert sorted(again.pictures) == [0, 1] and renders == []


def test_a_garbled_or_outdated_picture_is_made_again_and_the_old_one_removed(renders, folder, tmp_path, monkeypatch):
    fmt = display_format((720, 405))
    args = argparse.Namespace(names=[FIRST_SHOT], lang="fr", size=fmt.size, masks=fmt.masks, bits=fmt.bits,
                              pitch=fmt.pitch, folder=folder, parent=None)
    assert maker_cli.make_missing(args) == 0
    [kept] = folder.glob(f"howto-{FIRST_SHOT}-*.pixels")
    size = kept.stat().st_size
    assert maker_cli.make_missing(args) == 0 and len(renders) == 1  # kept: not made again
    kept.write_bytes(b"\x07" * 1000)  # cut short
    assert maker_cli.make_missing(args) == 0
    assert len(renders) == 2 and kept.stat().st_size == size
    decks = tmp_path / "decks"
    (decks / "decks").mkdir(parents=True)
    (decks / "decks" / "mine.yaml").write_text("cards: []\n", encoding="utf-8")
    monkeypatch.setattr(howto_pictures.paths, "user_data_dir", lambda: decks)  # a file in the player's deck folder: another recipe
    howto_pictures.sources_fingerprint.cache_clear()  # (taken once a run)
    assert maker_cli.make_missing(args) == 0
    [newer] = folder.glob(f"howto-{FIRST_SHOT}-*.pixels")
    assert len(renders) == 3 and newer != kept


def test_the_page_shows_its_words_and_waits_then_fades_the_picture_in(folder, maker, renders):
    ctx = make_ctx()
    ctx.pictures = maker
    scene = opened(ctx)
    frame = scene.picture_rect()
    words = pygame.Rect(scene.box.x, scene.box.y, frame.x - scene.box.x, scene.box.height)
    assert 0 in scene.waiting and maker.running()
    waiting = draw(ctx)
    until(lambda: 0 in scene.pictures, ctx)
    assert renders == []  # drawn by the child, never here
    picture = scene.pictures[0]
    tick(ctx, FADE_TICKS // 2)
    halfway = draw(ctx)
    tick(ctx, FADE_TICKS)
    shown = draw(ctx)

    def pixels(canvas, rect):
        return pygame.image.tobytes(canvas.subsurface(rect), "RGB")

    assert pixels(waiting, words) == pixels(shown, words)  # the words at once, where they stay
    as_picture = pygame.image.tobytes(picture, "RGB")
    assert pixels(shown, frame) == as_picture
    assert pixels(waiting, frame) != as_picture and pixels(halfway, frame) not in (as_picture, pixels(waiting, frame))


def _bad_shot(order):
    return maker_command(dataclasses.replace(order, names=("no.such_picture",)))


@pytest.mark.parametrize("failure", ["unwritable folder", "bad shot"])
def test_a_failing_maker_leaves_the_page_with_its_words_and_is_not_started_again(failure, folder, caplog, tmp_path):
    if failure == "unwritable folder":
        folder.write_bytes(b"")  # a file where the folder should be: nothing can be written in it
        maker = PictureMaker()
    else:
        maker = PictureMaker(_bad_shot)
    ctx = make_ctx()
    ctx.pictures = maker
    scene = opened(ctx)
    assert 0 in scene.waiting
    with caplog.at_level(logging.WARNING):
        until(lambda: 0 in scene.without, ctx)
    assert "could not be made" in caplog.text and not maker.running()
    frame = scene.picture_rect()
    canvas = draw(ctx)
    assert not scene.pictures and canvas.get_at(frame.center) == canvas.get_at((frame.right - 4, frame.bottom - 4))
    scene.flip(1)
    ctx.stack.update(1 / 60)
    assert 1 in scene.without and not maker.running()  # tried once a run: not started again


def test_one_maker_at_a_time_and_each_order_once_a_run(folder, maker):
    fmt = display_format((720, 405))
    french = PictureOrder("fr", fmt, (FIRST_SHOT,), folder)
    assert maker.start(french)
    assert not maker.start(PictureOrder("en", fmt, (FIRST_SHOT,), folder))  # one runs
    until(lambda: not maker.running())
    assert not maker.start(french)  # that order was made
    assert maker.start(PictureOrder("en", fmt, (FIRST_SHOT,), folder))


def test_the_maker_stops_once_the_game_that_started_it_is_gone(folder):
    fmt = display_format((720, 405))
    command = maker_command(PictureOrder("fr", fmt, (FIRST_SHOT,), folder))
    command[command.index("--parent") + 1] = str(os.getpid() + 1)  # not its parent: as if the game had died
    done = subprocess.run(command, capture_output=True, text=True, timeout=MAKER_WAIT)
    assert done.returncode == 3 and not folder.exists()


def test_quitting_the_game_ends_and_reaps_the_maker(folder, maker):
    from game.app import App

    ctx = make_ctx()
    ctx.pictures = maker
    app = App(ctx)
    assert maker.start(PictureOrder("fr", display_format((720, 405)), howto_pictures.picture_names(), folder))
    child = maker.process
    until(lambda: any(folder.glob("*.pixels")))  # drawing: SDL is started in it
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.run()
    assert child.returncode is not None and not maker.running()
    if os.name == "posix":
        assert child.returncode == -signal.SIGTERM  # ended when asked, not killed after a wait
    with pytest.raises(ChildProcessError):
        os.waitpid(child.pid, os.WNOHANG)  # waited for already: no zombie
    assert not list(folder.glob("*.tmp"))


def test_a_frozen_build_runs_the_maker_as_itself_with_the_pictures_command(folder, monkeypatch):
    """tools/launcher.py hands a frozen program's arguments to ``game.__main__.main``, as
    ``python -m game`` does: the command is the program, then ``pictures`` and its options."""
    from game.__main__ import build_parser

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    order = PictureOrder("en", display_format((676, 380)), (FIRST_SHOT, "incognito.2"), folder)
    program, command, *options = maker_command(order)
    assert (program, command) == (sys.executable, "pictures")
    args = build_parser(command).parse_args(options)
    fmt = order.fmt
    assert (args.names, args.lang, args.size, args.masks, args.bits, args.pitch, args.folder, args.parent) == \
        ([FIRST_SHOT, "incognito.2"], "en", fmt.size, fmt.masks, fmt.bits, fmt.pitch, folder, os.getpid())


def test_the_pictures_recipe_takes_deck_links_that_lead_nowhere(folder):
    """The recipe stats the player's decks: a link to an unplugged drive, or a loop,
    counts by the link itself instead of stopping the title when it asks for pictures."""
    decks = howto_pictures.paths.user_data_dir() / "decks" / "incognito"
    decks.mkdir(parents=True)
    (decks / "usb.yaml").symlink_to(folder / "unplugged" / "deck.yaml")
    (decks / "loop.yaml").symlink_to("loop.yaml")
    first = howto_pictures.sources_fingerprint()
    howto_pictures.sources_fingerprint.cache_clear()
    (decks / "usb.yaml").unlink()
    assert howto_pictures.sources_fingerprint() != first  # the links still count
