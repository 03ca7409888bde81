"""A board's still picture with its panels on it (:func:`draw_stage`): a
:class:`~game.ui.caches.Layer` holding a base (background, tracks) and the items drawn over it in order (cards, seat panels),
each repainted only when its key changes, so a frame where nothing changed is one opaque
blit instead of a dozen shadowed panels blended (issue 32 item 2).

An item may have an ``over``: what is drawn over it every frame before the next item (a
bot's thinking bubble, a token popping). Drawing items in the layer and their ``over``
after the layer gives the same pixels only while no ``over`` touches a later item: the
stage keeps in the layer the items up to the first ``over`` that does, and draws the
rest directly, in their order. The pixels are those of drawing everything in order.

Copying the layer over the whole canvas costs ~0.4 ms a frame (a third of a still board's
frame). A board drawn alone on a canvas that still holds its last frame (the app's, the
stack vouches for it: ``SceneStack.canvas_kept``) copies it back only where that frame drew
over it and where the layer changed since (:class:`CanvasCopy`): the board names every
rectangle it draws over the stage, and a frame where it cannot (an ``over`` that may draw
anywhere) leaves the next one a whole copy.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Callable, Hashable, NamedTuple, Sequence

import pygame

from .caches import Layer, merge_rects

#: What draws on a surface (the layer, clipped to a repainted rectangle, or the canvas).
Paint = Callable[[pygame.Surface], object]


class StageItem(NamedTuple):
    """One thing drawn over a stage's base: ``paint(surface)`` draws it, touching nothing
    outside ``area`` (a panel's shadow included) and depending on nothing but ``key``;
    ``over`` (with what it may touch: ``over_area``, None for anywhere) is drawn over it
    every frame."""

    key: Hashable
    area: pygame.Rect
    paint: Paint
    over: Paint | None = None
    over_area: pygame.Rect | None = None
    #: Its ``over`` floats over the whole stage, drawn after every item (a bot's thinking
    #: bubble, over a neighbour's shadow too): it never keeps later items out of the layer.
    floats: bool = False


def layered_count(items: Sequence[StageItem]) -> int:
    """How many of ``items`` (from the first) can be kept in a layer: up to and including
    the first whose ``over`` touches a later item (:mod:`module doc <game.ui.stage>`)."""
    for i, item in enumerate(items):
        if item.over is None or item.floats:
            continue
        if item.over_area is None:
            return i + 1
        if item.over_area.collidelist([later.area for later in items[i + 1:]]) >= 0:
            return i + 1
    return len(items)


def _dirty(old: Hashable, new: Hashable) -> list[pygame.Rect] | None:
    """The rectangles where two stages' keys differ: every item's area that changed (a
    new base: None, everything)."""
    if not isinstance(old, tuple) or not isinstance(new, tuple) or old[0] != new[0]:
        return None
    rects = []
    for before, after in zip_longest(old[1], new[1]):
        if before != after:
            rects += [pygame.Rect(one[1]) for one in (before, after) if one is not None]
    return rects


class CanvasCopy:
    """What a board's last frame left on the canvas over its stage's layer, so that the
    next frame copies the layer back there only (module doc). Each frame: :meth:`begin`,
    the stage (:func:`draw_stage`), every rectangle drawn over it (:meth:`drew`), then
    :meth:`complete` once the board has drawn all it draws; anything drawn after that
    (:meth:`spoil`), or not named, and the next frame copies the whole layer."""

    def __init__(self) -> None:
        #: The frame in hand: (the canvas, the stack's draw number), or None (not drawn alone).
        self._frame: tuple[int, int] | None = None
        #: What the frame in hand drew over the layer so far (None: not known).
        self._drew: list[pygame.Rect] | None = None
        #: The last complete frame: (the canvas, its draw number, what it drew over the layer).
        self._done: tuple[int, int, list[pygame.Rect]] | None = None
        #: What the frame before this one drew over the layer, while this one may copy it back there only.
        self._over: list[pygame.Rect] | None = None

    def begin(self, surface: pygame.Surface, draw: int, alone: bool, kept: bool) -> None:
        """A frame of the board: the stack's ``draw`` number; ``alone``: no other scene
        draws on the canvas in it; ``kept``: the canvas holds what the stack's last draw
        left on it."""
        done = self._done
        self._over = done[2] if alone and kept and done is not None and done[:2] == (id(surface), draw - 1) else None
        self._frame = (id(surface), draw) if alone else None
        self._drew = [] if alone else None
        self._done = None

    def restore(self, changed: list[pygame.Rect] | None) -> list[pygame.Rect] | None:
        """Where the stage's layer is copied this frame (``changed``: where it changed since
        its last copy; None: everywhere), or None for all of it (a second stage in the
        same frame too: what the first drew over it is not known here)."""
        over, self._over = self._over, None
        return merge_rects([*over, *changed]) if over is not None and changed is not None else None

    def drew(self, *areas: pygame.Rect | None) -> None:
        """Things drawn over the stage this frame, each within its area (None: anywhere;
        an empty one: nothing drawn)."""
        for area in areas:
            if self._drew is None:
                return
            if area is None:
                self._drew = None
            elif area.width and area.height:
                self._drew.append(pygame.Rect(area))

    def complete(self) -> None:
        """The board drew nothing over the stage but what :meth:`drew` named."""
        if self._frame is not None and self._drew is not None:
            self._done = (*self._frame, self._drew)

    def spoil(self) -> None:
        """Something was drawn that no rectangle names: the next frame copies it all."""
        self._done, self._drew = None, None


def draw_stage(surface: pygame.Surface, layer: Layer, base_key: Hashable, base: Paint,
               items: Sequence[StageItem], copy: CanvasCopy | None = None) -> None:
    """The base (``base(surface)``, which depends on nothing but ``base_key`` and covers
    the whole canvas) and ``items`` in order, with their ``over``: those :func:`layered_count`
    allows kept in ``layer`` (repainted where an item's key or area changed), the rest drawn.
    With ``copy``, the layer is copied only where the canvas lacks it (:class:`CanvasCopy`),
    and what is drawn over it is named there."""
    kept = layered_count(items)
    layered = items[:kept]
    key = (base_key, tuple((item.key, tuple(item.area)) for item in layered))

    def paint(picture: pygame.Surface) -> None:
        clip = picture.get_clip()
        base(picture)
        for item in layered:
            if item.area.colliderect(clip):
                item.paint(picture)

    picture = layer.get(key, paint, _dirty)
    rects = copy.restore(layer.take_changed()) if copy is not None else None
    if rects is None:
        surface.blit(picture, (0, 0))
    else:
        surface.blits([(picture, rect.topleft, rect) for rect in rects], doreturn=False)
    for item in layered:
        if item.over is not None and not item.floats:
            item.over(surface)
    _draw_in_order(surface, items[kept:])
    _draw_floating(surface, items)
    if copy is not None:
        copy.drew(*(item.over_area for item in items if item.over is not None), *(item.area for item in items[kept:]))


def layer_part(still: Layer, key: Hashable, paint: Paint) -> Paint:
    """A stage's base that is itself a kept layer (``still``, painted by ``paint`` when
    ``key`` changes): a repaint copies its part of it (the clip's) instead of painting it."""
    def base(surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.blit(still.get(key, paint), clip.topleft, clip)
    return base


def draw_items(surface: pygame.Surface, items: Sequence[StageItem]) -> None:
    """``items`` drawn directly, in order, each with its ``over`` (those that float after
    every item)."""
    _draw_in_order(surface, items)
    _draw_floating(surface, items)


def _draw_in_order(surface: pygame.Surface, items: Sequence[StageItem]) -> None:
    for item in items:
        item.paint(surface)
        if item.over is not None and not item.floats:
            item.over(surface)


def _draw_floating(surface: pygame.Surface, items: Sequence[StageItem]) -> None:
    for item in items:
        if item.over is not None and item.floats:
            item.over(surface)
