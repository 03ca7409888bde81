"""How-to pages' pictures: each page shows the phase it explains, the ``shot`` of that
screen rendered small.

A picture is drawn from a fresh headless context (``game.cli.shot.prepare``): bots at
the table, default settings in the page's language, no save file; nothing of the
player's own match is shown. That costs ~0.2-0.3 s of CPU (the shots' modules, bots
playing up to the phase, a first draw with empty caches) and ~40 MB at its peak, so a
picture is made once and kept in the user's cache folder (game/disk_cache.py), named
by everything that shapes it: the shot, language, size and pixel format, the game's
version and the size and time of every source and data file (a changed board or deck
makes new pictures). Read back, a picture costs ~1 ms: the how-to page's first visit
fits in a frame once its pictures were made (issue 18). Making one removes the
pictures the same page had from older recipes, so the folder holds one per page."""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from pathlib import Path
from typing import Iterator

import pygame

from ... import disk_cache, paths
from ...heap import release_free_memory
from ...version import version

#: The two pages every game ends with (``phone.howto.*``): joining by phone shows the
#: lobby's join panel; what the phone shows has no TV screen to picture.
PHONE_PAGES: tuple[str | None, ...] = ("lobby.phones", None)
#: Game id -> the shot shown on each of its how-to pages, in page order (None: no picture).
HOWTO_SHOTS: dict[str, tuple[str | None, ...]] = {
    "secret_identity": ("secret_identity.clues", "secret_identity.replace", "secret_identity.vote",
                        "secret_identity.summary") + PHONE_PAGES,
    "secret_identity_coop": ("secret_identity_coop.clue", "secret_identity_coop.guess",
                             "secret_identity_coop.result") + PHONE_PAGES,
    "personality": ("personality.read", "personality.vote", "personality.revote", "personality.debate",
                    "personality.endgame", "personality.portraits") + PHONE_PAGES,
    "mission_secrete": ("mission_secrete.peek", "mission_secrete.peek", "mission_secrete.turn",
                        "mission_secrete.swap", "mission_secrete.accuse", "mission_secrete.win") + PHONE_PAGES,
    "incognito": ("incognito.word", "incognito.draw", "incognito.countdown", "incognito.vote", "incognito.scores") + PHONE_PAGES,
}
#: Fixed ticks a pictured screen runs before it is drawn (its entrance settled).
PICTURE_TICKS = 60


def page_shot(game_id: str, page: int) -> str | None:
    shots = HOWTO_SHOTS.get(game_id, ())
    return shots[page] if 0 <= page < len(shots) else None


#: Bump when :func:`make_picture` draws pictures differently (kept ones are made again).
PICTURE_VERSION = 1


def make_picture(shot: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture of ``shot`` in ``lang`` at ``size``, in the display's pixel format:
    read back from the user's cache, else rendered (a few tenths of a second) and kept."""
    picture = _blank(size)
    recipe = (PICTURE_VERSION, shot, lang, size, picture.get_masks(), picture.get_pitch(), sources_fingerprint())
    name = f"howto-{shot}-{lang}-{size[0]}x{size[1]}"
    folder = disk_cache.cache_dir("pictures")
    path = disk_cache.cache_path(folder, name, recipe, ".pixels")
    if disk_cache.read_into(path, picture.get_view("1")):
        return picture
    picture.blit(render_picture(shot, lang, size), (0, 0))
    release_free_memory()  # the context it was drawn in sits in cycles: ~40 MB
    disk_cache.keep(path, picture.get_view("1"))
    for older in folder.glob(f"{name}-{'?' * 16}.pixels"):
        if older != path:
            older.unlink(missing_ok=True)
    return picture


def render_picture(shot: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """``shot`` drawn in a fresh headless context and scaled down to ``size``."""
    from ...cli.shot import prepare, shot_args
    from ...settings import Settings

    ctx = prepare(shot, shot_args(lang=lang, ticks=PICTURE_TICKS), Settings(lang=lang))
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    ctx.stack.clear()
    return pygame.transform.smoothscale(canvas, size)


def _blank(size: tuple[int, int]) -> pygame.Surface:
    display = pygame.display.get_surface()  # the display's format: blitted without a conversion
    return pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)


@functools.cache
def sources_fingerprint() -> str:
    """A digest of the game's version, pygame's, and the size and modification time of
    every file that shapes a picture: the game's modules, the shipped data, the player's
    decks (~2 ms: stats, no reads; taken once a run, as the modules are loaded once). A
    frozen build's modules are inside its program: its version and the program's stat
    stand for them."""
    files = [*_files(Path(__file__).resolve().parents[2], ".py"), *_files(paths.data_dir(), ".yaml"),
             *_files(paths.user_data_dir() / "decks", ".yaml")]
    if getattr(sys, "frozen", False):
        files.append(_stat(sys.executable))
    return hashlib.sha256(repr((version(), pygame.version.ver, files)).encode()).hexdigest()


def _files(folder: Path, suffix: str) -> Iterator[tuple[str, int, int]]:
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in sorted(entries, key=lambda e: e.name):
        if entry.is_dir(follow_symlinks=False):
            if entry.name != "__pycache__":
                yield from _files(Path(entry.path), suffix)
        elif entry.name.endswith(suffix):
            yield _stat(entry.path)


def _stat(path: str) -> tuple[str, int, int]:
    stat = os.stat(path)
    return path, stat.st_size, stat.st_mtime_ns
