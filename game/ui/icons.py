"""OpenMoji pictograms (by file stem, "1F451") rendered at the sizes asked and kept."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import pygame

from .. import disk_cache
from .. import icons as icon_index
from .caches import SurfaceCache, convert

#: Bump when :meth:`Icons.icon` renders differently (kept strips are then made again).
STRIP_VERSION = 1
#: Bytes of pixels the rendered icons may hold (least recently used dropped first). They
#: were all kept: an evening of Incognito shows hundreds of places' and words'
#: pictograms at several sizes, ~1 MB more every few matches (the soak's creep, issue
#: 18); a frame draws at most ~1 MB of them (the soak's games), one made again costs ~1 ms.
ICON_CACHE_BYTES = 4 << 20


class Icons:
    def __init__(self) -> None:
        self._icons = SurfaceCache(ICON_CACHE_BYTES)

    def icon(self, code: str, size: int) -> pygame.Surface:
        """An OpenMoji pictogram by file stem ("1F451"), rendered at ``size`` px and cached.
        Unknown codes raise ``KeyError`` naming the code."""
        key = (code, size)
        image = self._icons.surface(key)
        if image is None:
            image = self._icons[key] = convert(pygame.image.load_sized_svg(str(self._path(code)), (size, size)))
        return image

    @staticmethod
    def _path(code: str) -> Path:
        # one stat, not the index of ~4,500 files (the title's first frame needs icons
        # long before any catalogue is validated); the index names unknown codes
        path = icon_index.svg_dir() / f"{code}.svg"
        if not isinstance(code, str) or "/" in code or "\\" in code or not path.is_file():
            path = icon_index.icon_path(code)
        return path

    def keep(self, name: str, keys: Sequence[tuple[str, int]]) -> None:
        """Have the icons ``keys`` (code, size) in memory from one strip kept in the
        user's cache as ``name`` (rendered and kept there the first time). The title's
        six floating pictograms took ~5 ms of SVG rendering from its first frame
        (start-up, issue 18); read back, ~0.3 ms. Without a display, nothing is kept."""
        if pygame.display.get_surface() is None or all(key in self._icons for key in keys):
            return
        width, height = max(size for _, size in keys), sum(size for _, size in keys)
        strip = pygame.Surface((width, height), pygame.SRCALPHA).convert_alpha()
        svgs = [self._path(code).stat() for code, _ in keys]
        recipe = (STRIP_VERSION, list(keys), [(stat.st_size, stat.st_mtime_ns) for stat in svgs], strip.get_masks(),
                  strip.get_pitch())
        path = disk_cache.cache_path(disk_cache.cache_dir("pictures"), name, recipe, ".pixels")
        if disk_cache.read_into(path, strip.get_view("1")):
            y = 0
            for code, size in keys:
                self._icons[(code, size)] = strip.subsurface((0, y, size, size)).copy()
                y += size
            return
        y = 0
        for code, size in keys:
            strip.blit(self.icon(code, size), (0, y), special_flags=pygame.BLEND_RGBA_MAX)  # a copy, unblended
            y += size
        disk_cache.keep(path, strip.get_view("1"))
