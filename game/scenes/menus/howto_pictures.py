"""How-to pages' pictures: each page shows the part of a real screen it explains, as
its game's plug-in declares it (:class:`~game.games.plugin.HowtoPicture`: a shot, a crop,
labels): the crop zoomed to fill the page's frame, never below the TV's own size, so its
text reads from the sofa as on the TV (issue 28), with labels whose arrows point at what
the page explains (:func:`compose`).

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

from ...games.plugin import Callout, HowtoPicture

if TYPE_CHECKING:
    from ...context import AppContext
    from ...games.plugin import Mode

#: The page on joining by phone every game's how-to ends with (before its phone's own
#: page): the lobby's join panel, named :data:`JOIN_NAME` for every game.
JOIN_PICTURE = HowtoPicture("lobby.phones", (120, 615, 830, 440), (
    Callout("howto.labels.qr", (270, 795), (250, 1000)),
    Callout("howto.labels.address", (690, 792), (690, 918)),
))
JOIN_NAME = "phones"
#: Fixed ticks a pictured screen runs before it is drawn (its entrance settled).
PICTURE_TICKS = 60
#: The labels' px: bigger than the smallest text the TV shows.
LABEL_SIZE = 32
#: The radius (px) of the ring a label's arrow ends on, round what it points at.
RING = 30


def page_pictures(mode: Mode) -> tuple[HowtoPicture | None, ...]:
    """The picture of each of a game's how-to pages, in page order (None: no picture):
    its plug-in's ``howto_pictures``, the join page's, its ``phone_picture``."""
    return (*mode.howto_pictures, JOIN_PICTURE, mode.phone_picture) if mode.howto_pictures else ()


def picture_name(mode: Mode, page: int) -> str | None:
    """The name page ``page`` (from 0) of ``mode``'s how-to keeps its picture under
    (``<id>.<n>``, the join page's :data:`JOIN_NAME`), or None: no picture."""
    pictures = page_pictures(mode)
    if not 0 <= page < len(pictures) or pictures[page] is None:
        return None
    return JOIN_NAME if pictures[page] is JOIN_PICTURE else f"{mode.id}.{page + 1}"


def all_pictures() -> dict[str, HowtoPicture]:
    """Every how-to page's picture by name, each once, in the games' order."""
    from ...games import discover

    found: dict[str, HowtoPicture] = {}
    for mode in (mode for plugin in discover() for mode in plugin.modes):
        for page, picture in enumerate(page_pictures(mode)):
            name = picture_name(mode, page)
            if name is not None and picture is not None:
                found.setdefault(name, picture)
    return found


def picture_names() -> tuple[str, ...]:
    """Every how-to picture's name (what the maker is asked to make), in the games' order."""
    return tuple(all_pictures())


def zoom_of(picture: HowtoPicture, size: tuple[int, int]) -> float:
    """How much ``picture``'s crop is enlarged to fill a frame of ``size``."""
    width, height = picture.crop[2:]
    return min(size[0] / width, size[1] / height)


#: Bump when :func:`make_picture` draws pictures differently (kept ones are made again).
PICTURE_VERSION = 2


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


def picture_path(folder: Path, name: str, lang: str, fmt: PictureFormat) -> Path:
    """The file of picture ``name`` in ``lang`` and ``fmt``, named by its recipe."""
    recipe = (PICTURE_VERSION, name, lang, fmt.size, fmt.masks, fmt.pitch, sources_fingerprint())
    return disk_cache.cache_path(folder, _name(name, lang, fmt.size), recipe, ".pixels")


def _name(name: str, lang: str, size: tuple[int, int]) -> str:
    return f"howto-{name}-{lang}-{size[0]}x{size[1]}"


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


def make_picture(folder: Path, name: str, lang: str, fmt: PictureFormat) -> bool:
    """Render picture ``name`` in ``fmt`` (a few tenths of a second) and keep it in
    ``folder``, removing the page's pictures of older recipes; False if it could not be
    written. The maker's work: the game itself only reads pictures."""
    picture = pygame.Surface(fmt.size, 0, fmt.bits, fmt.masks)
    if picture.get_pitch() != fmt.pitch:
        raise ValueError(f"no {fmt.bits}-bit picture {fmt.size} with a pitch of {fmt.pitch} bytes")
    picture.blit(render_picture(name, lang, fmt.size), (0, 0))
    release_free_memory()  # the context it was drawn in sits in cycles: ~40 MB
    path = picture_path(folder, name, lang, fmt)
    return disk_cache.keep(path, picture.get_view("1"))  # which removes its older recipes


def render_picture(name: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """The picture named ``name`` (:func:`all_pictures`): its shot drawn in a fresh
    headless context, cropped, zoomed and labelled to ``size``. The shot registry is
    imported here, where a picture is made: the game only reads them."""
    from ...settings import Settings
    from ...shots import ShotRequest, prepare

    picture = all_pictures()[name]
    ctx = prepare(picture.shot, ShotRequest(lang=lang, ticks=PICTURE_TICKS), Settings(lang=lang))
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    ctx.stack.clear()
    return compose(ctx, canvas, picture, size)


def compose(ctx: AppContext, screen: pygame.Surface, picture: HowtoPicture, size: tuple[int, int]) -> pygame.Surface:
    """``picture``'s crop of ``screen`` zoomed into a frame of ``size`` (centred on the
    panel's colour where its shape differs), with its labels."""
    kit = ctx.kit
    crop = pygame.Rect(picture.crop)
    zoom = zoom_of(picture, size)
    zoomed = pygame.transform.smoothscale(screen.subsurface(crop), (round(crop.width * zoom), round(crop.height * zoom)))
    framed = pygame.Surface(size)
    framed.fill(kit.colours.panel)
    place = framed.blit(zoomed, zoomed.get_rect(center=(size[0] // 2, size[1] // 2)))

    def on_frame(point: tuple[int, int]) -> tuple[int, int]:
        return place.x + round((point[0] - crop.x) * zoom), place.y + round((point[1] - crop.y) * zoom)

    for label in picture.labels:
        draw_callout(ctx, framed, ctx.t(label.key), on_frame(label.to), on_frame(label.at))
    return framed


def draw_callout(ctx: AppContext, surface: pygame.Surface, words: str, to: tuple[int, int], at: tuple[int, int]) -> None:
    """An amber tag of ``words`` centred on ``at`` (kept inside ``surface``), and an arrow
    from it to a ring around ``to``: what a player is shown, outlined dark so it stands
    out on any screen."""
    kit = ctx.kit
    colours = kit.colours
    text = kit.text(words, LABEL_SIZE, colours.bg, max_width=surface.get_width() * 3 // 5, align="center")
    ink = text.get_bounding_rect()  # (a wrapped text's surface is as wide as it may wrap)
    tag = pygame.Rect(0, 0, ink.width + 36, ink.height + 20)
    tag.center = at
    tag.clamp_ip(surface.get_rect().inflate(-8, -8))
    start = pygame.Vector2(min(max(to[0], tag.x + tag.height // 2), tag.right - tag.height // 2),
                           min(max(to[1], tag.y), tag.bottom))
    towards = pygame.Vector2(to) - start
    # the arrow stops at the ring, which circles what it shows without hiding it
    end = start + towards * max(0.0, 1 - RING / towards.length()) if towards.length() > RING else start
    for colour, width in ((colours.shadow, 10), (colours.accent, 5)):
        pygame.draw.line(surface, colour, start, end, width)
        pygame.draw.circle(surface, colour, to, RING + (width - 5) // 2, width)
    kit.panel(surface, tag, colours.accent, radius=tag.height // 2, border=colours.shadow, shadow=False)
    surface.blit(text, (tag.centerx - ink.centerx, tag.centery - ink.centery))


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
