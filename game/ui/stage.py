"""A board's still picture with its panels on it (:func:`draw_stage`): a
:class:`~game.ui.caches.Layer` holding a base (background, tracks) and the items drawn over it in order (cards, seat panels),
each repainted only when its key changes, so a frame where nothing changed is one opaque
blit instead of a dozen shadowed panels blended (issue 32 item 2).

An item may have an ``over``: what is drawn over it every frame before the next item (a
bot's thinking bubble, a token popping). Drawing items in the layer and their ``over``
after the layer gives the same pixels only while no ``over`` touches a later item: the
stage keeps in the layer the items up to the first ``over`` that does, and draws the
rest directly, in their order. The pixels are those of drawing everything in order.
"""

from __future__ import annotations

from itertools import zip_longest
from typing import Callable, Hashable, NamedTuple, Sequence

import pygame

from .caches import Layer

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


def draw_stage(surface: pygame.Surface, layer: Layer, base_key: Hashable, base: Paint,
               items: Sequence[StageItem]) -> None:
    """The base (``base(surface)``, which depends on nothing but ``base_key`` and covers
    the whole canvas) and ``items`` in order, with their ``over``: those :func:`layered_count`
    allows kept in ``layer`` (repainted where an item's key or area changed), the rest drawn."""
    kept = layered_count(items)
    layered = items[:kept]
    key = (base_key, tuple((item.key, tuple(item.area)) for item in layered))

    def paint(picture: pygame.Surface) -> None:
        clip = picture.get_clip()
        base(picture)
        for item in layered:
            if item.area.colliderect(clip):
                item.paint(picture)

    surface.blit(layer.get(key, paint, _dirty), (0, 0))
    for item in layered:
        if item.over is not None and not item.floats:
            item.over(surface)
    _draw_in_order(surface, items[kept:])
    _draw_floating(surface, items)


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
