"""Panels and what lies under them: the theme background, rounded panels with soft
shadows (remembered with their content when asked), translucent shapes and veils."""

from __future__ import annotations

import random
from collections import OrderedDict
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Hashable, Sequence

import pygame

from .. import disk_cache
from .caches import convert
from .shapes import fill_shape
from .theme import SEAT_STYLES, Colour, ColourKey, mix

if TYPE_CHECKING:
    from pathlib import Path

    from .kit import UiKit

#: Panels kept with their content: a board of eight (17) and room for changes (a seat panel ~0.6 MB, a card ~0.3 MB).
PANEL_CACHE_SIZE = 24
#: Panels drawn and not yet remembered (:meth:`Panels.settle`) kept at most: a frame draws a board's eight at once.
PENDING_PANELS = 12
#: Bump when :meth:`Panels._draw_background` draws another picture (the copy kept in the
#: user's cache is then drawn again).
BACKGROUND_VERSION = 1
#: Translucent rounded shapes kept (a pulsing card's glow takes a new size each frame: not worth more).
ROUNDED_CACHE_SIZE = 16
#: Rows of the strip a dim veil is tiled from: the same pixels as a full-screen veil
#: for 1/18 of its 8 MB (a full-HD buffer per look filled the sprite cache and, once
#: dropped, fragmented the heap).
VEIL_ROWS = 60
#: A panel's shadow: blur radius and drop (px); it spreads ``2 * PANEL_BLUR`` around.
PANEL_BLUR, PANEL_SHADOW_DROP = 14, 8
#: Shadows whose visible part (alpha above 0) is remembered: every panel size on screen.
SHADOW_BOUNDS_SIZE = 64
#: Whole opaque panels' shadows kept while their pieces are cut (a ring, then its remembered copy).
RECENT_SHADOWS = 2
#: A growing panel's shadow is the one of its size rounded down to this many px (:meth:`Panels.growing_shadow`).
GROWING_SHADOW_STEP = 8


def _covered(rect: pygame.Rect, radius: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Two bands of ``rect`` that an opaque rounded rectangle of ``radius`` paints over
    entirely: the rows clear of the corners and the columns clear of them (a pixel in
    from each side)."""
    r = max(0, min(radius, rect.width // 2, rect.height // 2))
    return rect.inflate(-2, -2 * r - 2), rect.inflate(-2 * r - 2, -2)


def _minus(piece: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """``piece`` without ``hole``, as up to four rectangles."""
    inside = hole.clip(piece)
    if inside.width <= 0 or inside.height <= 0:
        return [piece]
    parts = (pygame.Rect(piece.x, piece.y, piece.width, inside.y - piece.y),
             pygame.Rect(piece.x, inside.bottom, piece.width, piece.bottom - inside.bottom),
             pygame.Rect(piece.x, inside.y, inside.x - piece.x, inside.height),
             pygame.Rect(inside.right, inside.y, piece.right - inside.right, inside.height))
    return [part for part in parts if part.width > 0 and part.height > 0]


@lru_cache(maxsize=64)
def _pieces(bounds: tuple[int, int, int, int], holes: tuple[tuple[int, int, int, int], ...]) -> tuple[pygame.Rect, ...]:
    """The rectangles of an image's ``bounds`` outside ``holes`` (in the image's own
    coordinates): the same few shapes come back every frame (a panel's size and radius)."""
    pieces = [pygame.Rect(bounds)]
    for hole in holes:
        pieces = [part for piece in pieces for part in _minus(piece, pygame.Rect(hole))]
    return tuple(pieces)


def _blit_pieces(surface: pygame.Surface, origin: tuple[int, int], parts: Sequence[pygame.Rect],
                 pieces: Sequence[pygame.Surface]) -> None:
    """Blit a picture kept as ``pieces`` (copies of its ``parts``) with its top left at ``origin``."""
    ox, oy = origin
    surface.blits([(piece, (ox + part.x, oy + part.y)) for part, piece in zip(parts, pieces)], doreturn=False)


def _bands(rect: pygame.Rect, radius: int) -> tuple[pygame.Rect, ...]:
    """The two bands of :func:`_covered` as rectangles that do not overlap (each opaque
    pixel copied once): the columns band and the rows band's two ends."""
    rows, columns = _covered(rect, radius)
    return (columns, *_minus(rows, columns))


#: What ``Surface.blits`` takes: a picture and where (and which part of it).
Blit = tuple[pygame.Surface, tuple[int, int]] | tuple[pygame.Surface, tuple[int, int], pygame.Rect]


class RememberedPanel:
    """A panel kept with its content (:meth:`Panels.filled_panel`), as one blit list: the
    visible pieces of its shadow ``around`` the panel (copies: a kept panel holds no whole
    shadow, ~5 MB for a full-HD dialog) blended, its ``edges`` (the shadow with the
    panel's corners and outer line over it, one small picture each) blended, and its
    opaque ``bands`` copied from the panel as drawn (``opaque``). The list for where it
    was last drawn is kept."""

    def __init__(self, opaque: pygame.Surface, bands: tuple[pygame.Rect, ...],
                 around: list[tuple[pygame.Surface, pygame.Rect]], edges: list[tuple[pygame.Surface, pygame.Rect]]) -> None:
        self.opaque, self.bands, self.around, self.edges = opaque, bands, around, edges
        self._placed: tuple[tuple[int, int], list[Blit]] | None = None

    def blits(self, topleft: tuple[int, int]) -> list[Blit]:
        if self._placed is None or self._placed[0] != topleft:
            x, y = topleft
            ox, oy = x - PANEL_BLUR * 2, y - PANEL_BLUR * 2 + PANEL_SHADOW_DROP
            self._placed = (topleft, [*((piece, (ox + part.x, oy + part.y)) for piece, part in self.around),
                                      *((edge, (x + part.x, y + part.y)) for edge, part in self.edges),
                                      *((self.opaque, (x + band.x, y + band.y), band) for band in self.bands)])
        return self._placed[1]


def shadowed(rect: pygame.Rect) -> pygame.Rect:
    """What :meth:`UiKit.panel` touches for ``rect``: the panel and its soft shadow."""
    return pygame.Rect(rect).inflate(PANEL_BLUR * 4, PANEL_BLUR * 4).move(0, PANEL_SHADOW_DROP)



class Panels:
    """The background, panels, remembered panels (``_panels``) and veils of one kit."""

    def __init__(self, kit: UiKit) -> None:
        self.kit = kit
        #: Panels with their content (:meth:`filled_panel`), least recently used first.
        self._panels: OrderedDict[Hashable, RememberedPanel] = OrderedDict()
        #: Panels drawn in a frame, as drawn (a copy) with their radius, to remember after it (:meth:`settle`).
        self._pending: OrderedDict[Hashable, tuple[pygame.Surface, int]] = OrderedDict()
        self._rounded: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        #: Each shadow's visible part (:meth:`_shadow_bounds`).
        self._bounds: OrderedDict[Hashable, pygame.Rect] = OrderedDict()
        self._recent_shadows: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._background: pygame.Surface | None = None
        self._read_straight = False

    def forget(self) -> None:
        """Drop the background and the remembered panels (the theme changed)."""
        self._background = None
        self._read_straight = False
        self._panels.clear()
        self._pending.clear()

    def background(self, surface: pygame.Surface) -> None:
        """The theme background: a soft navy-to-plum gradient, a warm glow and faint
        confetti of the eight seat shapes. Made once, then blitted. The first time it is
        drawn on the display, the cached picture is read straight into the display's
        pixels instead (~1 ms: no new 8 MB surface to fault in and fill, no blit: ~4 ms
        less in the title's first frame, start-up, issue 18); the next frame loads it."""
        if self._background is None:
            if not self._read_straight and self._read_into_display(surface):
                return
            self._background = self._load_background()
        surface.blit(self._background, (0, 0))

    def _read_into_display(self, surface: pygame.Surface) -> bool:
        """Once: the cached picture read into ``surface`` if it is the display, in the
        background's own size and format (the same bytes a blit would copy)."""
        self._read_straight = True
        if surface is not pygame.display.get_surface() or surface.get_size() != (self.kit.W, self.kit.H):
            return False
        return disk_cache.read_into(self._background_path(surface), surface.get_view("1"))

    def _background_path(self, background: pygame.Surface) -> Path:
        """The cached picture's file, named by what shapes it, the pixel format included."""
        colours = self.kit.colours
        recipe = (BACKGROUND_VERSION, background.get_size(), background.get_masks(), background.get_pitch(),
                  colours.bg, colours.bg2, [(st.shape, st.colour) for st in SEAT_STYLES])
        return disk_cache.cache_path(disk_cache.cache_dir("pictures"), "background", recipe, ".pixels")

    def _load_background(self) -> pygame.Surface:
        """The background from the user's cache, read straight into a surface in the
        display's format (~2 ms), drawn and kept there first (~17 ms of CPU, most of the
        title's first frame: start-up, issue 18)."""
        background = self._blank_background()
        path = self._background_path(background)
        if disk_cache.read_into(path, background.get_view("1")):
            return background
        self._draw_background(background)
        disk_cache.keep(path, background.get_view("1"))
        return background

    def _blank_background(self) -> pygame.Surface:
        display = pygame.display.get_surface()  # the display's format: no convert copy
        if display is not None:
            return pygame.Surface((self.kit.W, self.kit.H), 0, display)
        return pygame.Surface((self.kit.W, self.kit.H))

    def _draw_background(self, bg: pygame.Surface) -> None:
        # The gradient row by row, each confetto on its own small layer.
        top, bottom = self.kit.colours.bg, self.kit.colours.bg2
        column = pygame.Surface((1, 64))
        for y in range(64):
            column.set_at((0, y), mix(top, bottom, (y / 63) ** 1.4))
        column = pygame.transform.smoothscale(column, (1, self.kit.H))
        for y in range(self.kit.H):
            bg.fill(column.get_at((0, y)), (0, y, self.kit.W, 1))
        glow = pygame.Surface((self.kit.W // 8, self.kit.H // 8), pygame.SRCALPHA)
        for i in range(24, 0, -1):
            pygame.draw.ellipse(glow, (120, 70, 160, 5), glow.get_rect().inflate(-i * 8, -i * 5).move(0, -self.kit.H // 40))
        bg.blit(pygame.transform.smoothscale(glow, (self.kit.W, self.kit.H)), (0, 0))
        rng = random.Random(2718)  # fixed: the same pattern on every start
        for i in range(70):
            st = SEAT_STYLES[i % len(SEAT_STYLES)]
            r = rng.randint(10, 26)
            x, y = rng.randint(0, self.kit.W), rng.randint(0, self.kit.H)
            pad = r * 2  # room for the shapes drawn a little past r (star, triangle)
            confetto = pygame.Surface((pad * 2, pad * 2), pygame.SRCALPHA)
            fill_shape(confetto, st.shape, (*st.colour, 16), pad, pad, r)
            bg.blit(confetto, (x - pad, y - pad))

    def _shadow(self, size: tuple[int, int], radius: int, blur: int) -> pygame.Surface:
        """The whole soft shadow of a ``size`` panel (a translucent panel shows all of it)."""
        key = ("shadow", size, radius, blur)
        shadow = self.kit._sprites.surface(key)
        if shadow is None:
            shadow = self.kit._sprites[key] = convert(self._draw_shadow(size, radius, blur))
        return shadow

    def _draw_shadow(self, size: tuple[int, int], radius: int, blur: int) -> pygame.Surface:
        # blurred at a quarter size and scaled up: as soft, and cheap for big panels
        w, h = size
        q = 4
        small = pygame.Surface(((w + blur * 4) // q + 1, (h + blur * 4) // q + 1), pygame.SRCALPHA)
        pygame.draw.rect(small, (*self.kit.colours.shadow, 150), pygame.Rect(blur * 2 // q, blur * 2 // q, w // q, h // q),
                         border_radius=max(1, radius // q))
        small = pygame.transform.gaussian_blur(small, max(1, blur // q))
        return pygame.transform.smoothscale(small, (w + blur * 4, h + blur * 4))

    def _whole_shadow(self, size: tuple[int, int], radius: int, blur: int) -> pygame.Surface:
        """The whole shadow to cut pieces from: a translucent panel's (kept in the sprite
        cache), else one of the few last drawn (an opaque panel's ring and its remembered
        copy are cut from the same drawing, without the sprite cache holding it)."""
        key = ("shadow", size, radius, blur)
        shadow = self.kit._sprites.surface(key)
        if shadow is None:
            shadow = self._recent_shadows.get(key)
            if shadow is None:
                shadow = self._recent_shadows[key] = convert(self._draw_shadow(size, radius, blur))
                if len(self._recent_shadows) > RECENT_SHADOWS:
                    self._recent_shadows.popitem(last=False)
        return shadow

    def _shadow_bounds(self, size: tuple[int, int], radius: int, blur: int) -> pygame.Rect:
        """Where the shadow is not fully transparent (blending the rest changes nothing)."""
        key = (size, radius, blur)
        bounds = self._bounds.get(key)
        if bounds is None:
            bounds = self._bounds[key] = self._whole_shadow(size, radius, blur).get_bounding_rect()
            if len(self._bounds) > SHADOW_BOUNDS_SIZE:
                self._bounds.popitem(last=False)
        else:
            self._bounds.move_to_end(key)
        return bounds

    def _blit_shadow_ring(self, surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
        """An opaque panel's shadow: only the parts that are not fully transparent and
        that its fill leaves visible (see :func:`_covered`), kept as pieces. A full-HD
        dialog's whole shadow is ~5 MB of pixels, its ring ~0.6 MB: the whole ones filled
        most of the sprite cache (the menus' peak memory, issue 18). Same pixels as
        blitting the whole shadow."""
        blur = PANEL_BLUR
        origin = (rect.x - blur * 2, rect.y - blur * 2 + PANEL_SHADOW_DROP)
        local = tuple(tuple(hole.move(-origin[0], -origin[1])) for hole in _covered(rect, radius))
        parts = _pieces(tuple(self._shadow_bounds(rect.size, radius, blur)), local)
        key = ("shadow ring", rect.size, radius, blur)
        pieces = self.kit._sprites.pieces(key)
        if pieces is None:
            whole = self._whole_shadow(rect.size, radius, blur)
            pieces = self.kit._sprites[key] = tuple(convert(whole.subsurface(part).copy()) for part in parts)
        _blit_pieces(surface, origin, parts, pieces)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int], colour: Colour | Sequence[int] | None = None,
              radius: int = 24, border: Colour | None = None, shadow: bool = True, border_width: int = 4) -> None:
        """A rounded panel with a soft drop shadow; ``colour`` may carry alpha."""
        rect = pygame.Rect(rect)
        colour = tuple(colour) if colour is not None else self.kit.colours.panel
        opaque = len(colour) == 3 or colour[3] == 255
        if shadow and rect.width > 0 and rect.height > 0:
            if opaque:
                self._blit_shadow_ring(surface, rect, radius)
            else:
                blur = PANEL_BLUR
                bounds = self._shadow_bounds(rect.size, radius, blur)
                origin = (rect.x - blur * 2 + bounds.x, rect.y - blur * 2 + PANEL_SHADOW_DROP + bounds.y)
                surface.blit(self._shadow(rect.size, radius, blur), origin, bounds)
        if not opaque:
            surface.blit(self.rounded(rect.size, colour, radius), rect)
        else:
            pygame.draw.rect(surface, colour[:3], rect, border_radius=radius)
        if border is not None:
            pygame.draw.rect(surface, border, rect, width=border_width * self.kit.colours.line, border_radius=radius)

    def touched(self, rect: pygame.Rect, radius: int) -> pygame.Rect:
        """Every pixel :meth:`panel` (opaque, shadowed) touches for ``rect``: the panel and
        its shadow's visible part (tighter than :func:`shadowed`)."""
        origin = (rect.x - PANEL_BLUR * 2, rect.y - PANEL_BLUR * 2 + PANEL_SHADOW_DROP)
        return self._shadow_bounds(rect.size, radius, PANEL_BLUR).move(origin).union(rect)

    def panel_shadow(self, surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
        """:meth:`panel`'s shadow for an opaque panel, without the panel."""
        if rect.width > 0 and rect.height > 0:
            self._blit_shadow_ring(surface, rect, radius)

    def growing_shadow(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int], radius: int = 24) -> None:
        """The shadow of an opaque panel changing size every frame (a swelling card): its
        size's rounded down to ``GROWING_SHADOW_STEP`` px, centred under it (a few shadows
        an animation, not one a frame at ~0.3 ms), its soft edge up to 4 px further in."""
        rect = pygame.Rect(rect)
        under = pygame.Rect(0, 0, rect.width - rect.width % GROWING_SHADOW_STEP,
                            rect.height - rect.height % GROWING_SHADOW_STEP)
        under.center = rect.center
        if under.width > 0 and under.height > 0:
            self._blit_shadow_ring(surface, under, radius)

    def rounded(self, size: tuple[int, int], colour: Sequence[int], radius: int) -> pygame.Surface:
        """A rounded rectangle of ``size`` in ``colour`` (which may carry alpha) on a
        transparent surface, to blit: made once per look (translucent panels, veils)."""
        key = (tuple(size), tuple(colour), radius)
        shape = self._rounded.get(key)
        if shape is None:
            shape = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(shape, colour, shape.get_rect(), border_radius=radius)
            self._rounded[key] = shape
            if len(self._rounded) > ROUNDED_CACHE_SIZE:
                self._rounded.popitem(last=False)
        else:
            self._rounded.move_to_end(key)
        return shape

    def filled_panel(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int], key: Hashable | None,
                     paint: Callable[[], None], colour: Colour | None = None, radius: int = 24,
                     border: Colour | None = None, border_width: int = 4) -> None:
        """:meth:`panel` (opaque, shadowed) and then ``paint()``, which draws the panel's
        content on ``surface``. The content must stay inside the panel's rounded shape
        and depend on nothing but ``key`` (None: never remembered): the panel with its
        content is then kept as one picture, with the pixels outside the shape left
        transparent, and a later call with the same key and look blits it over the
        shadow: the same pixels as drawing it all again, for two blits."""
        rect = pygame.Rect(rect)
        fill: ColourKey = tuple(colour) if colour is not None else self.kit.colours.panel
        full = (key, rect.size, fill, radius, border, border_width * self.kit.colours.line, self.kit.scaled(100))
        picture = self._remembered(full) if key is not None else None
        if picture is None and key is not None and not surface.get_clip().contains(rect) and surface.get_rect().contains(rect):
            picture = self._remember_whole(surface, rect, full, paint, fill, radius, border, border_width)
        if picture is None:
            self.kit.panel(surface, rect, fill, radius, border, True, border_width)
            paint()
            if key is not None and surface.get_clip().contains(rect) and surface.get_rect().contains(rect):
                self._pending[full] = (surface.subsurface(rect).copy(), radius)
                if len(self._pending) > PENDING_PANELS:
                    self._settle_oldest()
            return
        # the shadow and the corners blended around the two bands, copied without blending
        surface.blits(picture.blits(rect.topleft), doreturn=False)

    def _remember_whole(self, surface: pygame.Surface, rect: pygame.Rect, full: Hashable, paint: Callable[[], None],
                        fill: ColourKey, radius: int, border: Colour | None, border_width: int) -> RememberedPanel:
        """A panel out of the LRU that a partial repaint reaches (a card swelling over it)
        drawn whole once, its pixels put back, and remembered: else every frame of the
        swell painted it afresh (clipped, it could not be remembered)."""
        clip, kept = surface.get_clip(), surface.subsurface(rect).copy()
        surface.set_clip(rect)
        self.kit.panel(surface, rect, fill, radius, border, False, border_width)
        paint()
        drawn = surface.subsurface(rect).copy()
        surface.blit(kept, rect)
        surface.set_clip(clip)
        self._remember_panel(full, drawn, radius)
        return self._panels[full]

    def _remembered(self, full: Hashable) -> RememberedPanel | None:
        """The panel kept under ``full`` (one drawn and not yet settled is remembered now)."""
        pending = self._pending.pop(full, None)
        if pending is not None:
            self._remember_panel(full, *pending)
        picture = self._panels.get(full)
        if picture is not None:
            self._panels.move_to_end(full)
        return picture

    def settle(self) -> None:
        """Remember the panels drawn since the last call (the app's idle time after a frame):
        cutting a panel's edges and shadow takes ~0.17 ms, which a board's eight seat panels
        changing at once had put into one frame (issue 30 item 4, issue 32 item 2)."""
        while self._pending:
            self._settle_oldest()

    def _settle_oldest(self) -> None:
        full, (drawn, radius) = self._pending.popitem(last=False)
        self._remember_panel(full, drawn, radius)

    def _remember_panel(self, full: Hashable, drawn: pygame.Surface, radius: int) -> None:
        """Keep the panel as drawn (its two opaque bands are copied from it) and, around
        the bands, the shadow with what was drawn inside the rounded shape over it (alpha
        255), so the shadow and the corners blend in one pass. The shape is the one
        ``pygame.draw.rect`` filled. Only the panel's edge and corners are masked and laid on the shadow, one small
        picture each (a change of content costs less, and a kept panel holds little more
        than its pixels)."""
        size, frame = drawn.get_size(), drawn.get_rect()
        mask, shadow = self._shape_mask(size, radius), self._whole_shadow(size, radius, PANEL_BLUR)
        inset = (PANEL_BLUR * 2, PANEL_BLUR * 2 - PANEL_SHADOW_DROP)  # where the panel lies on its shadow
        edges = []
        for piece in _pieces(tuple(frame), tuple(tuple(band) for band in _covered(frame, radius))):
            edge = shadow.subsurface(piece.move(inset)).copy()
            masked = pygame.Surface(piece.size, pygame.SRCALPHA)
            masked.blit(drawn, (0, 0), piece)
            masked.blit(mask, (0, 0), piece, special_flags=pygame.BLEND_RGBA_MIN)
            edge.blit(masked, (0, 0))
            edges.append((edge, piece))
        around = [(shadow.subsurface(part).copy(), part)
                  for part in _pieces(tuple(self._shadow_bounds(size, radius, PANEL_BLUR)), (tuple(frame.move(inset)),))]
        # no convert: the copy keeps the canvas's (display) format, and the pieces the shadow's
        self._panels[full] = RememberedPanel(drawn, _bands(frame, radius), around, edges)
        if len(self._panels) > PANEL_CACHE_SIZE:
            self._panels.popitem(last=False)

    def _shape_mask(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """White, opaque inside a rounded rectangle and transparent outside."""
        key = ("shape mask", size, radius)
        shape = self.kit._sprites.surface(key)
        if shape is None:
            shape = pygame.Surface(size, pygame.SRCALPHA)
            shape.fill((255, 255, 255, 0))
            pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=radius)
            self.kit._sprites[key] = shape
        return shape

    def dim(self, surface: pygame.Surface, alpha: int = 170, colour: Colour | None = None) -> None:
        """Darken the whole canvas (behind an overlay)."""
        key = ("dim", alpha, colour)
        veil = self.kit._sprites.surface(key)
        if veil is None:
            veil = pygame.Surface((self.kit.W, VEIL_ROWS), pygame.SRCALPHA)
            veil.fill((*(colour or self.kit.colours.shadow), alpha))
            veil = convert(veil)
            self.kit._sprites[key] = veil
        surface.blits([(veil, (0, y)) for y in range(0, surface.get_height(), VEIL_ROWS)], doreturn=False)

    def darken(self, surface: pygame.Surface, alpha: int) -> None:
        """:meth:`dim` towards black (without the shadow colour's few levels of blue) as a
        multiply, half its cost (~0.3 ms at 1080p): for a veil changing every frame (a swap's)."""
        if alpha > 0:
            keep = 255 - alpha
            surface.fill((keep, keep, keep), special_flags=pygame.BLEND_RGB_MULT)

    # --- pad glyphs and hints ------------------------------------------------------------
