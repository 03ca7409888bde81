"""The texts (and sprites) of the title's first frame, kept in the user's cache between runs.

Rendering them (the 190 px logo and its shadow, the tagline, "press to start", the keys
line, the version) took ~6 ms of that frame (start-up, issue 18); read back, ~1 ms.
:meth:`KeptTexts.read` hands the file's texts to the kit (``Text.kept``: a text drawn
is taken from there instead of rendered), and :meth:`KeptTexts.keep`, after the frame,
writes the texts it drew when it had to render any (the first run, another language or
text size, or "press to start" caught in another colour of its pulse).

The file is a header (``marshal``: each text's cache key and size) and the pixels, in
the display's format, one surface after the other. It is named by a digest of what
shapes the pixels (the font file, pygame's and SDL's versions, the pixel format); a
file cut short or garbled is simply not used.

:class:`KeptSprites` keeps the frame's sprites the same way (the CONFIRM glyph and the
eight seat tokens, ~3 ms to draw), handed to the kit's sprite cache; their file is
also named by the size and time of the modules that draw them, so an edited drawing is
drawn again, never shown stale (without those files, as in some frozen builds, none is kept).
"""

from __future__ import annotations

import marshal
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Hashable

import pygame

from .. import disk_cache
from ..core.files import open_regular

if TYPE_CHECKING:
    from .caches import SurfaceCache
    from .kit import UiKit

#: Bump when the file's layout changes or ``Text.text`` draws differently (a kept file
#: would otherwise show the old drawing; its name then changes, and it is made again).
FORMAT = 1
#: Bytes before the header: its length.
LENGTH_BYTES = 4


class KeptTexts:
    """The kept texts of one screen's first frame, named ``name`` in the cache. Only the
    run's first screen keeps them (the kit has no text yet): the file then holds that
    frame's texts and nothing else."""

    def __init__(self, kit: UiKit, name: str) -> None:
        self.kit = kit
        self.path: Path | None = None
        #: The pictures the file held.
        self.read_keys: set[Hashable] = set()
        #: The keys of the pictures the first frame drew (:meth:`frame_drawn`).
        self.first_frame: set[Hashable] | None = None
        if pygame.display.get_surface() is None or len(self._drawn()):  # headless (tests, shots), or not the first
            return
        try:
            sources = self._sources()
        except (OSError, AttributeError, TypeError):  # a drawing module without its file: nothing is kept
            return
        font = kit.texts.font_file.stat()
        probe = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
        self.masks = probe.get_masks()
        recipe = (FORMAT, font.st_size, font.st_mtime_ns, pygame.version.ver, pygame.get_sdl_version(),
                  self.masks, probe.get_bitsize(), sys.version_info[:2], marshal.version, *sources)
        self.path = disk_cache.cache_path(disk_cache.cache_dir("pictures"), name, recipe, ".texts")

    def _drawn(self) -> SurfaceCache:
        """The cache the frame draws into, by key (what :meth:`keep` writes)."""
        return self.kit._text

    def _into(self) -> dict[Hashable, pygame.Surface]:
        """Where :meth:`read` hands the kept pictures (the text kit takes them from there)."""
        return self.kit.texts.kept

    def _sources(self) -> tuple[object, ...]:
        """What else names the file: the files of the code that draws the pictures."""
        return ()

    def read(self) -> None:
        """Hand the kept texts to the kit (none when the file is missing, cut short or
        garbled, or not one ``core.files.open_regular`` reads). The pixels are read
        straight into the surfaces."""
        if self.path is None:
            return
        texts: list[tuple[Hashable, pygame.Surface]] = []
        try:
            with open_regular(self.path, disk_cache.MAX_READ_BYTES) as handle:
                length = int.from_bytes(handle.read(LENGTH_BYTES), "little")
                # what the file holds past the header: a garbled header asks for no more
                left = os.fstat(handle.fileno()).st_size - LENGTH_BYTES - length
                if left < 0:
                    return
                for key, width, height in marshal.loads(handle.read(length)):
                    left -= 4 * width * height
                    if left < 0:
                        return
                    surface = pygame.Surface((width, height), pygame.SRCALPHA).convert_alpha()
                    # (a BufferProxy has the buffer protocol; pygame's stubs do not say so)
                    pixels = memoryview(surface.get_view("1")).cast("B")  # type: ignore[arg-type]
                    if handle.readinto(pixels) != len(pixels):
                        return
                    texts.append((key, surface))
                if handle.read(1):
                    return
        except (OSError, ValueError, EOFError, TypeError, pygame.error):
            return
        self._into().update(texts)
        self.read_keys = {key for key, _ in texts}

    def frame_drawn(self) -> None:
        """Called as the screen's first frame ends: what the kit's cache holds now is that
        frame's (what scenes draw later, before :meth:`keep`, is not kept)."""
        if self.first_frame is None:
            self.first_frame = set(self._drawn())

    def keep(self) -> None:
        """After the first frame: write the pictures it drew, unless the file holds
        exactly those (it is written when one was drawn anew, or it holds others)."""
        self._into().clear()
        if self.path is None or self.first_frame is None:
            return
        surfaces = [(key, surface) for key, surface in self._drawn().items()
                    if key in self.first_frame and isinstance(surface, pygame.Surface)
                    and surface.get_masks() == self.masks
                    and surface.get_pitch() == 4 * surface.get_width()]
        if {key for key, _ in surfaces} == self.read_keys:  # else drawn anew, or the file holds others
            return
        try:
            header = marshal.dumps([(key, *surface.get_size()) for key, surface in surfaces])
        except ValueError:  # a key marshal cannot write: nothing is kept
            return
        pixels = b"".join(surface.get_view("1").raw for _, surface in surfaces)
        disk_cache.keep(self.path, len(header).to_bytes(LENGTH_BYTES, "little") + header + pixels)


class KeptSprites(KeptTexts):
    """The kept sprites of one screen's first frame (the kit's sprite cache: pad glyphs,
    seat tokens), handed to that cache (``SurfaceCache.kept``)."""

    def _drawn(self) -> SurfaceCache:
        return self.kit._sprites

    def _into(self) -> dict[Hashable, pygame.Surface]:
        return self.kit._sprites.kept

    def _sources(self) -> tuple[object, ...]:
        from . import glyphs, shapes, theme

        files = [module.__file__ for module in (glyphs, shapes, theme)]
        if None in files:  # as in some frozen builds: nothing is kept
            raise TypeError("a drawing module has no file")
        return tuple((stat.st_size, stat.st_mtime_ns) for stat in (Path(str(file)).stat() for file in files))
