"""Panels and what lies under them: the theme background, rounded panels with soft
shadows (remembered with their content when asked), translucent shapes and veils."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import TYPE_CHECKING, Callable, Hashable, Sequence

import pygame

from .. import disk_cache
from .caches import convert
from .shapes import fill_shape
from .theme import SEAT_STYLES, Colour, mix

if TYPE_CHECKING:
    from .kit import UiKit

#: Panels kept with their content: a board of eight (17) and room for changes (a seat panel ~0.6 MB, a card ~0.3 MB).
PANEL_CACHE_SIZE = 24
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


def _ring(size: tuple[int, int], holes: Sequence[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles of a ``size`` picture outside ``holes`` (in its coordinates)."""
    pieces = [pygame.Rect((0, 0), size)]
    for hole in holes:
        pieces = [part for piece in pieces for part in _minus(piece, hole)]
    return pieces


def _blit_pieces(surface: pygame.Surface, origin: tuple[int, int], parts: Sequence[pygame.Rect],
                 pieces: Sequence[pygame.Surface]) -> None:
    """Blit a picture kept as ``pieces`` (copies of its ``parts``) with its top left at ``origin``."""
    ox, oy = origin
    surface.blits([(piece, (ox + part.x, oy + part.y)) for part, piece in zip(parts, pieces)], doreturn=False)


def shadowed(rect: pygame.Rect) -> pygame.Rect:
    """What :meth:`UiKit.panel` touches for ``rect``: the panel and its soft shadow."""
    return pygame.Rect(rect).inflate(PANEL_BLUR * 4, PANEL_BLUR * 4).move(0, PANEL_SHADOW_DROP)



class Panels:
    """The background, panels, remembered panels (``_panels``) and veils of one kit."""

    def __init__(self, kit: UiKit) -> None:
        self.kit = kit
        #: Panels with their content (:meth:`filled_panel`), least recently used first.
        self._panels: OrderedDict[tuple, tuple[pygame.Surface, pygame.Surface]] = OrderedDict()
        self._rounded: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._background: pygame.Surface | None = None

    def background(self, surface: pygame.Surface) -> None:
        """The theme background: a soft navy-to-plum gradient, a warm glow and faint
        confetti of the eight seat shapes. Made once, then blitted."""
        if self._background is None:
            self._background = self._load_background()
        surface.blit(self._background, (0, 0))

    def _load_background(self) -> pygame.Surface:
        """The background from the user's cache, read straight into a surface in the
        display's format (~2 ms), drawn and kept there first (~17 ms of CPU, most of the
        title's first frame: start-up, issue 18). The file is named by what shapes the
        picture, the pixel format included."""
        background = self._blank_background()
        colours = self.kit.colours
        recipe = (BACKGROUND_VERSION, background.get_size(), background.get_masks(), background.get_pitch(),
                  colours.bg, colours.bg2, [(st.shape, st.colour) for st in SEAT_STYLES])
        path = disk_cache.cache_path(disk_cache.cache_dir("pictures"), "background", recipe, ".pixels")
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
        shadow = self.kit._sprites.get(key)
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

    def _blit_shadow_ring(self, surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
        """An opaque panel's shadow: only the parts its fill leaves visible (see
        :func:`_covered`), kept as pieces. A full-HD dialog's whole shadow is ~5 MB of
        pixels, its ring ~0.6 MB: the whole ones filled most of the sprite cache (the
        menus' peak memory, issue 18). Same pixels as blitting the whole shadow."""
        blur = PANEL_BLUR
        size = (rect.width + blur * 4, rect.height + blur * 4)
        origin = (rect.x - blur * 2, rect.y - blur * 2 + PANEL_SHADOW_DROP)
        parts = _ring(size, _covered(rect.move(-origin[0], -origin[1]), radius))
        key = ("shadow ring", rect.size, radius, blur)
        pieces = self.kit._sprites.get(key)
        if pieces is None:
            whole = self.kit._sprites.get(("shadow", rect.size, radius, blur))
            whole = whole if whole is not None else self._draw_shadow(rect.size, radius, blur)
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
                surface.blit(self._shadow(rect.size, radius, blur), (rect.x - blur * 2, rect.y - blur * 2 + PANEL_SHADOW_DROP))
        if not opaque:
            surface.blit(self.rounded(rect.size, colour, radius), rect)
        else:
            pygame.draw.rect(surface, colour[:3], rect, border_radius=radius)
        if border is not None:
            pygame.draw.rect(surface, border, rect, width=border_width, border_radius=radius)

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
        colour = tuple(colour) if colour is not None else self.kit.colours.panel
        full = (key, rect.size, colour, radius, border, border_width, self.kit.scaled(100))
        picture = self._panels.get(full) if key is not None else None
        if picture is None:
            self.kit.panel(surface, rect, colour, radius, border, True, border_width)
            paint()
            if key is not None and surface.get_clip().contains(rect) and surface.get_rect().contains(rect):
                self._remember_panel(full, surface.subsurface(rect), radius)
            return
        self._panels.move_to_end(full)
        self._blit_shadow_ring(surface, rect, radius)
        holes = _covered(rect, radius)
        # all opaque in the two bands: copied without blending; the corners blended
        opaque, corners = picture
        for hole in holes:
            surface.blit(opaque, hole, hole.move(-rect.x, -rect.y))
        _blit_pieces(surface, rect.topleft, _ring(rect.size, _covered(pygame.Rect((0, 0), rect.size), radius)), corners)

    def _remember_panel(self, full: tuple, drawn: pygame.Surface, radius: int) -> None:
        """Keep what was drawn: an opaque copy (blitted over the two bands the shape
        fills, :func:`_covered`) and, in pieces around those bands, what lies inside the
        rounded shape (alpha 255) and nothing outside it (alpha 0); the shape is the one
        ``pygame.draw.rect`` filled."""
        picture = pygame.Surface(drawn.get_size(), pygame.SRCALPHA)
        picture.blit(drawn, (0, 0))
        picture.blit(self._shape_mask(drawn.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        corners = tuple(picture.subsurface(part).copy()
                        for part in _ring(drawn.get_size(), _covered(drawn.get_rect(), radius)))
        # no convert: the copy keeps the canvas's (display) format, and a new SRCALPHA
        # surface has convert_alpha's
        self._panels[full] = (drawn.copy(), corners)
        if len(self._panels) > PANEL_CACHE_SIZE:
            self._panels.popitem(last=False)

    def _shape_mask(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """White, opaque inside a rounded rectangle and transparent outside."""
        key = ("shape mask", size, radius)
        shape = self.kit._sprites.get(key)
        if shape is None:
            shape = pygame.Surface(size, pygame.SRCALPHA)
            shape.fill((255, 255, 255, 0))
            pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=radius)
            self.kit._sprites[key] = shape
        return shape

    def dim(self, surface: pygame.Surface, alpha: int = 170, colour: Colour | None = None) -> None:
        """Darken the whole canvas (behind an overlay)."""
        key = ("dim", alpha, colour)
        veil = self.kit._sprites.get(key)
        if veil is None:
            veil = pygame.Surface((self.kit.W, VEIL_ROWS), pygame.SRCALPHA)
            veil.fill((*(colour or self.kit.colours.shadow), alpha))
            veil = convert(veil)
            self.kit._sprites[key] = veil
        surface.blits([(veil, (0, y)) for y in range(0, surface.get_height(), VEIL_ROWS)], doreturn=False)

    # --- pad glyphs and hints ------------------------------------------------------------
