"""How-to pages' pictures: each page shows the phase it explains, the ``shot`` of that
screen rendered small.

A picture is drawn from a fresh headless context (``game.shots.prepare``): bots at
the table, default settings in the page's language, no save file; nothing of the
player's own match is shown. That costs ~0.2-0.3 s of CPU (the shots' modules, bots
playing up to the phase, a first draw with empty caches) and ~40 MB at its peak, so the
game never draws one itself: a child process makes them ahead of time
(``python -m game pictures``, game/cli/pictures.py, started by
:mod:`.picture_maker`) into the user's cache folder (game/disk_cache.py), each named by
everything that shapes it: the shot, language, size and pixel format, the game's version
and the size and time of every source and data file (a changed board or deck makes new
pictures). The game reads a picture back (~1 ms, :func:`read_picture`) once its file is
there. Making one removes the pictures the same page had from older recipes, so the
folder holds one per page."""

from __future__ import annotations

import functools
import hashlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterator

import pygame

from ... import disk_cache, paths
from ...core.files import link_safe_stat
from ...heap import release_free_memory
from ...version import version

if TYPE_CHECKING:
    from ...games.plugin import Mode

#: The two pages every game ends with (``phone.howto.*``): joining by phone shows the
#: lobby's join panel; what the phone shows has no TV screen to picture.
PHONE_PAGES: tuple[str | None, ...] = ("lobby.phones", None)
#: Fixed ticks a pictured screen runs before it is drawn (its entrance settled).
PICTURE_TICKS = 60


def page_shots(mode: Mode) -> tuple[str | None, ...]:
    """The shot shown on each of a game's how-to pages, in page order (None: no picture):
    its plug-in's ``howto_shots``, then the phone pages'."""
    return mode.howto_shots + PHONE_PAGES if mode.howto_shots else ()


def page_shot(mode: Mode, page: int) -> str | None:
    shots = page_shots(mode)
    return shots[page] if 0 <= page < len(shots) else None


def all_shots() -> tuple[str, ...]:
    """Every shot a how-to page shows, each once, in the games' order."""
    from ...games import discover

    return tuple(dict.fromkeys(shot for plugin in discover() for mode in plugin.modes
                               for shot in page_shots(mode) if shot))

#: Bump when :func:`make_picture` draws pictures differently (kept ones are made again).
PICTURE_VERSION = 1


@dataclass(frozen=True)
class PictureFormat:
    """A picture's size and pixel layout: the display's, so the game blits it without a
    conversion (the maker, another process, is told it)."""

    size: tuple[int, int]
    masks: tuple[int, int, int, int]
    bits: int
    pitch: int

    @property
    def byte_count(self) -> int:
        return self.pitch * self.size[1]


def display_format(size: tuple[int, int]) -> PictureFormat:
    """The display's pixel format for a picture of ``size`` (a row's pitch is the picture's)."""
    row = _blank((size[0], 1))
    red, green, blue, alpha = row.get_masks()
    return PictureFormat(size, (red, green, blue, alpha), row.get_bitsize(), row.get_pitch())


def picture_path(folder: Path, shot: str, lang: str, fmt: PictureFormat) -> Path:
    """The file of ``shot``'s picture in ``lang`` and ``fmt``, named by its recipe."""
    recipe = (PICTURE_VERSION, shot, lang, fmt.size, fmt.masks, fmt.pitch, sources_fingerprint())
    return disk_cache.cache_path(folder, _name(shot, lang, fmt.size), recipe, ".pixels")


def _name(shot: str, lang: str, size: tuple[int, int]) -> str:
    return f"howto-{shot}-{lang}-{size[0]}x{size[1]}"


def is_made(path: Path, fmt: PictureFormat) -> bool:
    """Whether ``path`` holds a whole picture (a stat: no read, no pixels)."""
    try:
        return path.stat().st_size == fmt.byte_count
    except OSError:
        return False


def read_picture(path: Path, fmt: PictureFormat) -> pygame.Surface | None:
    """The picture kept in ``path``, in the display's format (~1 ms); None if the file is
    missing or not whole."""
    picture = _blank(fmt.size)
    return picture if disk_cache.read_into(path, picture.get_view("1")) else None


def make_picture(folder: Path, shot: str, lang: str, fmt: PictureFormat) -> bool:
    """Render ``shot``'s picture in ``fmt`` (a few tenths of a second) and keep it in
    ``folder``, removing the page's pictures of older recipes; False if it could not be
    written. The maker's work: the game itself only reads pictures."""
    picture = pygame.Surface(fmt.size, 0, fmt.bits, fmt.masks)
    if picture.get_pitch() != fmt.pitch:
        raise ValueError(f"no {fmt.bits}-bit picture {fmt.size} with a pitch of {fmt.pitch} bytes")
    picture.blit(render_picture(shot, lang, fmt.size), (0, 0))
    release_free_memory()  # the context it was drawn in sits in cycles: ~40 MB
    path = picture_path(folder, shot, lang, fmt)
    return disk_cache.keep(path, picture.get_view("1"))  # which removes its older recipes


def render_picture(shot: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """``shot`` drawn in a fresh headless context and scaled down to ``size``. The shot
    registry is imported here, where a picture is made: the game only reads them."""
    from ...settings import Settings
    from ...shots import ShotRequest, prepare

    ctx = prepare(shot, ShotRequest(lang=lang, ticks=PICTURE_TICKS), Settings(lang=lang))
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
    """A file's size and time; a link that leads nowhere (a deck on a drive since
    unplugged, a loop), the link's own; a file gone since the listing, none."""
    stat = link_safe_stat(path)
    return (path, stat.st_size, stat.st_mtime_ns) if stat is not None else (path, -1, -1)
