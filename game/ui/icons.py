"""OpenMoji pictograms (by file stem, "1F451") rendered at the sizes asked and kept."""

from __future__ import annotations

import pygame

from .. import icons as icon_index
from .caches import convert


class Icons:
    def __init__(self) -> None:
        self._icons: dict[tuple[str, int], pygame.Surface] = {}

    def icon(self, code: str, size: int) -> pygame.Surface:
        """An OpenMoji pictogram by file stem ("1F451"), rendered at ``size`` px and cached.
        Unknown codes raise ``KeyError`` naming the code."""
        key = (code, size)
        image = self._icons.get(key)
        if image is None:
            # one stat, not the index of ~4,500 files (the title's first frame needs icons
            # long before any catalogue is validated); the index names unknown codes
            path = icon_index.svg_dir() / f"{code}.svg"
            if not isinstance(code, str) or "/" in code or "\\" in code or not path.is_file():
                path = icon_index.icon_path(code)
            image = convert(pygame.image.load_sized_svg(str(path), (size, size)))
            self._icons[key] = image
        return image
