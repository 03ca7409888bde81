"""What the kit keeps between frames: byte-bounded surface caches and full-canvas layers.

Whatever is costly to make (text, icons, shape sprites, shadows, the background) is made
once and cached; drawing then only blits.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Hashable, Iterable, Union

import pygame

#: Bytes of pixels the text cache and the sprite cache may hold (least recently used
#: dropped first). A count alone was no bound: a wrapped card text is 0.5 MB, a panel's
#: shadow up to 1.5 MB. One frame uses at most ~2 MB of texts and ~11 MB of sprites (the
#: soak's five games); at 48 and 96 MB the caches filled over an evening and made most of
#: the process's growth, while 16 and 32 MB re-render about as rarely (docs: Endurance).
TEXT_CACHE_BYTES = 16 << 20
SPRITE_CACHE_BYTES = 32 << 20


def convert(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha when a display exists (faster blits), else the surface as is."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


#: A layer forgets where it changed past this many rectangles (then: everywhere).
MAX_CHANGED = 32


class Layer:
    """A full-canvas picture kept between frames, repainted only when its key changes.

    Boards put what stays still (background, resting cards, side panels) in one and blit
    it each frame (one opaque blit, ~0.2 ms) instead of redrawing dozens of panels;
    moving things are drawn over it. The key must change whenever the picture would:
    ``get(key, paint)`` calls ``paint(surface)`` on a change and returns the picture.

    ``dirty(old_key, new_key)`` may name the rectangles that differ (None: everything);
    ``paint`` then runs once per rectangle with the surface clipped to it, so it must
    draw everything that touches the clip in its usual order (it may skip what does not:
    ``surface.get_clip()``). The result is the same picture, for the cost of the area."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.surface: pygame.Surface | None = None
        self.key: Hashable = None
        #: Full paints and partial repaints so far (tests check a still board does neither).
        self.paints = 0
        self.repaints = 0
        #: Where it changed since :meth:`take_changed` last asked (None: everywhere).
        self._changed: list[pygame.Rect] | None = None

    def get(self, key: Hashable, paint: Callable[[pygame.Surface], object],
            dirty: Callable[[Hashable, Hashable], Iterable[pygame.Rect] | None] | None = None) -> pygame.Surface:
        if self.surface is not None and key == self.key:
            return self.surface
        rects = dirty(self.key, key) if dirty is not None and self.surface is not None else None
        if self.surface is None:
            surface = pygame.Surface(self.size)
            self.surface = surface.convert() if pygame.display.get_surface() is not None else surface
        if rects is None:
            paint(self.surface)
            self.paints += 1
            self._changed = None
        else:
            merged = merge_rects(rects)
            for rect in merged:
                self.surface.set_clip(rect)
                paint(self.surface)
            self.surface.set_clip(None)
            self.repaints += 1
            if self._changed is not None:
                self._changed = self._changed + merged if len(self._changed) < MAX_CHANGED else None
        self.key = key
        return self.surface

    def take_changed(self) -> list[pygame.Rect] | None:
        """Where the picture changed since the last call (None: everywhere, or not known):
        what a copy of it made then lacks (``stage.CanvasCopy``)."""
        changed, self._changed = self._changed, []
        return changed


def merge_rects(rects: Iterable[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined into their union (fewer, larger repaints)."""
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        merged = True
        while merged:
            merged = False
            for other in out:
                if other.colliderect(rect):
                    out.remove(other)
                    rect = rect.union(other)
                    merged = True
                    break
        out.append(rect)
    return out


#: What a surface cache holds: a surface, or a picture in pieces (a tuple of surfaces).
Picture = Union[pygame.Surface, tuple[pygame.Surface, ...]]


class SurfaceCache(OrderedDict[Hashable, Picture]):
    """Surfaces (or tuples of surfaces: a picture in pieces) by key, least recently used
    first; once they hold more than ``budget`` bytes of pixels the oldest are dropped
    (the newest always stays). :meth:`surface` and :meth:`pieces` read one of a kind."""

    def __init__(self, budget: int) -> None:
        super().__init__()
        self.budget = budget
        self.bytes = 0
        #: Pictures read back from the last run (ui/kept_texts.py), by key: one moves
        #: into the cache when first asked for.
        self.kept: dict[Hashable, pygame.Surface] = {}

    def get(self, key: Hashable, default: Any = None) -> Any:
        surface = super().get(key, default)
        if surface is not default:
            self.move_to_end(key)
        elif key in self.kept:
            surface = self[key] = self.kept.pop(key)
        return surface

    def surface(self, key: Hashable) -> pygame.Surface | None:
        """The surface under ``key`` (None: none yet)."""
        found = self.get(key)
        return found if isinstance(found, pygame.Surface) else None

    def pieces(self, key: Hashable) -> tuple[pygame.Surface, ...] | None:
        """The picture in pieces under ``key`` (None: none yet)."""
        found = self.get(key)
        return found if isinstance(found, tuple) else None

    def __setitem__(self, key: Hashable, surface: Picture) -> None:
        old = super().get(key)
        if old is not None:
            self.bytes -= _pixel_bytes(old)
        super().__setitem__(key, surface)
        self.move_to_end(key)
        self.bytes += _pixel_bytes(surface)
        while self.bytes > self.budget and len(self) > 1:
            _, dropped = self.popitem(last=False)
            self.bytes -= _pixel_bytes(dropped)


def _pixel_bytes(picture: pygame.Surface | tuple[pygame.Surface, ...]) -> int:
    """A surface's pixel bytes, or a picture's kept in pieces (a tuple of surfaces)."""
    if isinstance(picture, tuple):
        return sum(_pixel_bytes(piece) for piece in picture)
    return picture.get_pitch() * picture.get_height()

