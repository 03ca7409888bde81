"""The texts of the title's first frame, kept in the user's cache between runs.

Rendering them (the 190 px logo and its shadow, the tagline, "press to start", the keys
line, the version) took ~6 ms of that frame (start-up, issue 18); read back, ~0.5 ms.
:meth:`KeptTexts.read` fills the kit's text cache from the file before the frame, and
:meth:`KeptTexts.keep` writes what the frame rendered after it, when the file lacked any
of it (the first run, another language or text size: the file is then written anew).

The file is a header (``marshal``: each text's cache key and size) and the pixels, in
the display's format, one surface after the other. It is named by a digest of what
shapes the pixels (the font file, pygame's and SDL's versions, the pixel format); a
file cut short or garbled is simply not used.
"""

from __future__ import annotations

import marshal
import sys
from typing import Any

import pygame

from .. import disk_cache

#: Bump when the file's layout changes.
FORMAT = 1
#: Bytes before the header: its length.
LENGTH_BYTES = 4
#: Texts a file keeps at most, the newest (a first frame draws five; "press to start"
#: pulses, so a slow start may draw it in a colour of its own, kept beside the others).
MOST = 12


class KeptTexts:
    """The kept texts of one screen's first frame, named ``name`` in the cache. Only the
    run's first screen keeps them (the kit has no text yet): the file then holds that
    frame's texts and nothing else."""

    def __init__(self, kit: Any, name: str) -> None:
        self.kit = kit
        self.path = None
        self.read_keys: set = set()
        if pygame.display.get_surface() is None or len(kit._text):  # headless (tests, shots), or not the first
            return
        font = kit.texts.font_file.stat()
        probe = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
        self.masks = probe.get_masks()
        recipe = (FORMAT, font.st_size, font.st_mtime_ns, pygame.version.ver, pygame.get_sdl_version(),
                  self.masks, probe.get_bitsize(), sys.version_info[:2], marshal.version)
        self.path = disk_cache.cache_path(disk_cache.cache_dir("pictures"), name, recipe, ".texts")

    def read(self) -> None:
        """Put the kept texts in the kit's text cache (nothing when the file is missing,
        cut short or garbled)."""
        if self.path is None:
            return
        try:
            data = self.path.read_bytes()
            length = int.from_bytes(data[:LENGTH_BYTES], "little")
            entries = marshal.loads(data[LENGTH_BYTES:LENGTH_BYTES + length])
            at = LENGTH_BYTES + length
            texts = []
            for key, width, height in entries:
                surface = pygame.Surface((width, height), pygame.SRCALPHA).convert_alpha()
                pixels = memoryview(surface.get_view("1")).cast("B")
                if len(data) < at + len(pixels):
                    return
                pixels[:] = data[at:at + len(pixels)]
                texts.append((key, surface))
                at += len(pixels)
        except (OSError, ValueError, EOFError, TypeError, pygame.error):
            return
        if at != len(data):
            return
        for key, surface in texts:
            self.kit._text[key] = surface
            self.read_keys.add(key)

    def keep(self) -> None:
        """Write the texts the kit has rendered so far, unless all were read back."""
        if self.path is None or set(self.kit._text) <= self.read_keys:
            return
        surfaces = [(key, surface) for key, surface in self.kit._text.items()
                    if surface.get_masks() == self.masks and surface.get_pitch() == 4 * surface.get_width()][-MOST:]
        try:
            header = marshal.dumps([(key, *surface.get_size()) for key, surface in surfaces])
        except ValueError:  # a key marshal cannot write: nothing is kept
            return
        pixels = b"".join(surface.get_view("1").raw for _, surface in surfaces)
        disk_cache.keep(self.path, len(header).to_bytes(LENGTH_BYTES, "little") + header + pixels)
