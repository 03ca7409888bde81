"""The look of Secret Salon: theme colours, fonts, cached text, icons, seat styles, widgets.

Everything is drawn on the 1920×1080 logical canvas. Whatever is costly to make (text,
icons, shape sprites, shadows, the background) is made once and cached; drawing then
only blits. Shapes and glyphs are drawn four times larger and smoothly scaled down, so
edges are soft without per-frame anti-aliasing work.

Readability from a sofa: nothing meant to be read is drawn under :data:`MIN_TEXT` px,
and every seat is shown with its colour, its shape and its name together.
"""

from __future__ import annotations

import math
import random
import re
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Sequence

import pygame

from .. import icons as icon_index
from ..input.intents import Intent

Colour = tuple[int, int, int]

#: Smallest size (px on the 1080p canvas) for text meant to be read from the sofa.
MIN_TEXT = 28
#: Supersampling factor for shapes and glyphs drawn by code.
SS = 4
#: Bytes of pixels the text cache and the sprite cache may hold (least recently used
#: dropped first). A count alone was no bound: a wrapped card text is 0.5 MB, a panel's
#: shadow up to 1.5 MB. One frame uses at most ~2 MB of texts and ~11 MB of sprites (the
#: soak's five games); at 48 and 96 MB the caches filled over an evening and made most of
#: the process's growth, while 16 and 32 MB re-render about as rarely (docs: Endurance).
TEXT_CACHE_BYTES = 16 << 20
SPRITE_CACHE_BYTES = 32 << 20
#: Panels kept with their content: a board of eight (17) and room for changes (a seat panel ~0.6 MB, a card ~0.3 MB).
PANEL_CACHE_SIZE = 24
#: Translucent rounded shapes kept (a pulsing card's glow takes a new size each frame: not worth more).
ROUNDED_CACHE_SIZE = 16
#: Rows of the strip a dim veil is tiled from: the same pixels as a full-screen veil
#: for 1/18 of its 8 MB (a full-HD buffer per look filled the sprite cache and, once
#: dropped, fragmented the heap).
VEIL_ROWS = 60
#: A panel's shadow: blur radius and drop (px); it spreads ``2 * PANEL_BLUR`` around.
PANEL_BLUR, PANEL_SHADOW_DROP = 14, 8


def font_path() -> Path:
    import font_fredoka_one

    return Path(font_fredoka_one.__file__).parent / "files" / "FredokaOne-Regular.ttf"


@dataclass(frozen=True)
class Palette:
    bg: Colour = (22, 19, 48)           # deep navy-plum, top of the background
    bg2: Colour = (52, 26, 70)          # plum, bottom of the background
    panel: Colour = (40, 36, 78)
    panel_hi: Colour = (62, 56, 112)
    text: Colour = (250, 246, 238)
    muted: Colour = (184, 176, 214)
    accent: Colour = (255, 170, 60)     # warm amber: focus, highlights, "now"
    good: Colour = (88, 214, 132)       # "is" / right
    bad: Colour = (246, 92, 100)        # "is not" / wrong
    gold: Colour = (255, 210, 90)
    shadow: Colour = (8, 6, 20)


@dataclass(frozen=True)
class SeatStyle:
    index: int
    colour: Colour
    light: Colour
    dark: Colour
    shape: str
    #: i18n key of the colour's name ("kit.style.coral" → "Corail" / "Coral").
    name_key: str


SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "heart")

#: (name, colour): hues a colour-blind player can still tell apart by lightness, and
#: every one is paired with its own shape, so colour is never the only cue.
_STYLE_COLOURS: tuple[tuple[str, Colour], ...] = (
    ("coral", (242, 96, 76)),
    ("sky", (92, 184, 240)),
    ("sun", (250, 224, 72)),
    ("mint", (40, 178, 132)),
    ("orange", (246, 146, 34)),
    ("orchid", (214, 118, 206)),
    ("snow", (238, 238, 246)),
    ("violet", (140, 112, 255)),
)


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


SEAT_STYLES: tuple[SeatStyle, ...] = tuple(
    SeatStyle(i, colour, _mix(colour, (255, 255, 255), 0.55), _mix(colour, (10, 6, 24), 0.55), SHAPES[i], f"kit.style.{name}")
    for i, (name, colour) in enumerate(_STYLE_COLOURS)
)

#: Pad glyphs: intent -> (label, fill colour, letter colour). Xbox layout names.
_BUTTONS: dict[str, tuple[str, Colour, Colour]] = {
    "A": ("A", (76, 190, 96), (255, 255, 255)),
    "B": ("B", (230, 72, 80), (255, 255, 255)),
    "X": ("X", (64, 140, 240), (255, 255, 255)),
    "Y": ("Y", (246, 200, 40), (40, 30, 10)),
}
_INTENT_GLYPH = {
    Intent.CONFIRM: "A", Intent.BACK: "B", Intent.ALT: "X", Intent.PEEK: "Y",
    Intent.MENU: "START", Intent.SHOULDER_L: "LB", Intent.SHOULDER_R: "RB",
    Intent.TRIGGER_L: "LT", Intent.TRIGGER_R: "RT",
    Intent.UP: "DPAD_V", Intent.DOWN: "DPAD_V", Intent.LEFT: "DPAD_H", Intent.RIGHT: "DPAD_H",
    Intent.STICK: "STICK",
}


def ring_positions(n: int, center: Sequence[float], radius: float) -> list[tuple[int, int]]:
    """``n`` points on a circle, the first at 12 o'clock, then clockwise.

    The ring picker and every board's seat ring use this one geometry, so option k on a
    picker sits where slot k sits on the board."""
    cx, cy = center
    out = []
    for i in range(n):
        a = math.radians(360.0 * i / n)
        out.append((int(round(cx + radius * math.sin(a))), int(round(cy - radius * math.cos(a)))))
    return out


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Outline of a polygonal seat shape fitting a circle of radius ``r`` (visually
    balanced: each shape looks about as big as the circle)."""
    if shape == "square":
        h = r * 0.86
        return [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)]
    if shape == "triangle":
        R = r * 1.18
        cy2 = cy + r * 0.14
        return [(cx + R * math.sin(math.radians(a)), cy2 - R * math.cos(math.radians(a))) for a in (0, 120, 240)]
    if shape == "diamond":
        R = r * 1.08
        return [(cx, cy - R), (cx + R * 0.82, cy), (cx, cy + R), (cx - R * 0.82, cy)]
    if shape == "star":
        pts = []
        for i in range(10):
            R = r * (1.12 if i % 2 == 0 else 0.5)
            a = math.radians(36 * i)
            pts.append((cx + R * math.sin(a), cy + r * 0.08 - R * math.cos(a)))
        return pts
    if shape == "hexagon":
        return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i))) for i in range(6)]
    if shape == "cross":
        a, b = r * 0.95, r * 0.36
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b), (cx + a, cy + b),
                (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a), (cx - b, cy + b), (cx - a, cy + b),
                (cx - a, cy - b), (cx - b, cy - b)]
    if shape == "heart":
        pts = []
        for i in range(72):
            t = 2 * math.pi * i / 72
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((cx + x * r / 15.5, cy - (y + 2.5) * r / 15.5))
        return pts
    raise ValueError(f"unknown shape {shape!r}; expected one of {', '.join(SHAPES)}")


def _convert(surface: pygame.Surface) -> pygame.Surface:
    """convert_alpha when a display exists (faster blits), else the surface as is."""
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


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
        self.key: Any = None
        #: Full paints and partial repaints so far (tests check a still board does neither).
        self.paints = 0
        self.repaints = 0

    def get(self, key: Any, paint: Any, dirty: Any = None) -> pygame.Surface:
        if self.surface is not None and key == self.key:
            return self.surface
        rects = dirty(self.key, key) if dirty is not None and self.surface is not None else None
        if self.surface is None:
            surface = pygame.Surface(self.size)
            self.surface = surface.convert() if pygame.display.get_surface() is not None else surface
        if rects is None:
            paint(self.surface)
            self.paints += 1
        else:
            for rect in merge_rects(rects):
                self.surface.set_clip(rect)
                paint(self.surface)
            self.surface.set_clip(None)
            self.repaints += 1
        self.key = key
        return self.surface


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


def _blit_around(surface: pygame.Surface, image: pygame.Surface, origin: tuple[int, int],
                 holes: Sequence[pygame.Rect]) -> None:
    """Blit ``image`` at ``origin`` except over ``holes``, which the caller paints
    opaquely next: the same pixels as a whole blit, without blending what is hidden
    (most of a panel's shadow lies under the panel)."""
    ox, oy = origin
    pieces = [image.get_rect(topleft=origin)]
    for hole in holes:
        pieces = [part for piece in pieces for part in _minus(piece, hole)]
    for part in pieces:
        surface.blit(image, part.topleft, part.move(-ox, -oy))


def shadowed(rect: pygame.Rect) -> pygame.Rect:
    """What :meth:`UiKit.panel` touches for ``rect``: the panel and its soft shadow."""
    return pygame.Rect(rect).inflate(PANEL_BLUR * 4, PANEL_BLUR * 4).move(0, PANEL_SHADOW_DROP)


class SurfaceCache(OrderedDict):
    """Surfaces by key, least recently used first; once they hold more than ``budget``
    bytes of pixels the oldest are dropped (the newest always stays)."""

    def __init__(self, budget: int) -> None:
        super().__init__()
        self.budget = budget
        self.bytes = 0

    def get(self, key: Any, default: Any = None) -> Any:
        surface = super().get(key, default)
        if surface is not default:
            self.move_to_end(key)
        return surface

    def __setitem__(self, key: Any, surface: pygame.Surface) -> None:
        old = super().get(key)
        if old is not None:
            self.bytes -= _pixel_bytes(old)
        super().__setitem__(key, surface)
        self.move_to_end(key)
        self.bytes += _pixel_bytes(surface)
        while self.bytes > self.budget and len(self) > 1:
            _, dropped = self.popitem(last=False)
            self.bytes -= _pixel_bytes(dropped)


def _pixel_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


class UiKit:
    W, H = 1920, 1080

    def __init__(self, settings: Any) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.settings = settings
        self.colours = Palette()
        self._font_file = font_path()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._text = SurfaceCache(TEXT_CACHE_BYTES)
        self._icons: dict[tuple[str, int], pygame.Surface] = {}
        self._sprites = SurfaceCache(SPRITE_CACHE_BYTES)
        #: Panels with their content (:meth:`filled_panel`), least recently used first.
        self._panels: OrderedDict[tuple, tuple[pygame.Surface, pygame.Surface]] = OrderedDict()
        self._rounded: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._background: pygame.Surface | None = None
        #: Set while scenes under an overlay with its own hint bar draw: theirs is only measured.
        self.hints_muted = False

    # --- geometry -------------------------------------------------------------------------
    @property
    def safe_rect(self) -> pygame.Rect:
        """The canvas minus the safe-area margin (TVs crop their edges)."""
        m = float(getattr(self.settings, "safe_area", 0.05))
        mx, my = int(self.W * m), int(self.H * m)
        return pygame.Rect(mx, my, self.W - 2 * mx, self.H - 2 * my)

    @staticmethod
    def ring_positions(n: int, center: Sequence[float], radius: float) -> list[tuple[int, int]]:
        return ring_positions(n, center, radius)

    def layer(self) -> Layer:
        """A cached full-canvas :class:`Layer` (one per board and purpose)."""
        return Layer((self.W, self.H))

    def canvas(self) -> pygame.Surface:
        """A fresh 1920×1080 drawing surface."""
        surface = pygame.Surface((self.W, self.H))
        return surface.convert() if pygame.display.get_surface() is not None else surface

    # --- text ----------------------------------------------------------------------------
    def scaled(self, size: int) -> int:
        return max(1, int(round(size * float(getattr(self.settings, "text_scale", 1.0)))))

    def font(self, size: int) -> pygame.font.Font:
        px = self.scaled(size)
        font = self._fonts.get(px)
        if font is None:
            font = pygame.font.Font(str(self._font_file), px)
            self._fonts[px] = font
        return font

    def wrap(self, text: str, size: int, max_width: int | None) -> list[str]:
        """Lines of ``text`` (explicit newlines kept) no wider than ``max_width``."""
        font = self.font(size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            if max_width is None:
                lines.append(paragraph)
                continue
            current = ""
            for word in paragraph.split(" "):
                trial = f"{current} {word}" if current else word
                if current and font.size(trial)[0] > max_width:
                    lines.append(current)
                    current = word
                else:
                    current = trial
            lines.append(current)
        return lines

    def text(self, text: str, size: int, colour: Colour | None = None, max_width: int | None = None,
             align: str = "left", shadow: bool = False) -> pygame.Surface:
        """Rendered text (cached): wrapped to ``max_width``, lines aligned left/center/right.
        ``shadow`` adds a soft drop shadow for text over busy backgrounds."""
        colour = tuple(colour) if colour is not None else self.colours.text
        key = (text, self.scaled(size), colour, max_width, align, shadow)
        surface = self._text.get(key)
        if surface is not None:
            return surface
        surface = self._render_text(text, size, colour, max_width, align)
        if shadow:
            surface = self._with_shadow(surface, max(2, self.scaled(size) // 16))
        surface = _convert(surface)
        self._text[key] = surface
        return surface

    def _render_text(self, text: str, size: int, colour: Colour, max_width: int | None, align: str) -> pygame.Surface:
        font = self.font(size)
        lines = self.wrap(text, size, max_width)
        rendered = [font.render(line, True, colour) for line in lines]
        step = font.get_linesize()
        width = max((r.get_width() for r in rendered), default=0)
        if max_width is not None and align != "left":
            width = max(width, max_width)
        height = step * (len(rendered) - 1) + max(font.get_height(), 1)
        surface = pygame.Surface((max(width, 1), height), pygame.SRCALPHA)
        for i, line in enumerate(rendered):
            if align == "center":
                x = (width - line.get_width()) // 2
            elif align == "right":
                x = width - line.get_width()
            else:
                x = 0
            surface.blit(line, (x, i * step))
        return surface

    def _with_shadow(self, surface: pygame.Surface, offset: int) -> pygame.Surface:
        w, h = surface.get_size()
        out = pygame.Surface((w + offset * 3, h + offset * 3), pygame.SRCALPHA)
        shade = surface.copy()
        shade.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
        shade.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(shade, (offset, offset * 2))
        out.blit(surface, (0, 0))
        return out

    def blit_text(self, surface: pygame.Surface, text: str, size: int, pos: Sequence[int], anchor: str = "topleft",
                  colour: Colour | None = None, max_width: int | None = None, align: str = "left",
                  shadow: bool = False) -> pygame.Rect:
        """Draw text with its ``anchor`` ("center", "midtop", …) at ``pos``; returns its rect."""
        image = self.text(text, size, colour, max_width, align, shadow)
        rect = image.get_rect(**{anchor: tuple(pos)})
        surface.blit(image, rect)
        return rect

    def rich(self, template: str, size: int, colour: Colour | None = None, **glyphs: Intent | str) -> pygame.Surface:
        """One line of text where ``{name}`` placeholders named in ``glyphs`` become pad
        glyphs: ``kit.rich("Hold {button} to look", 40, button=Intent.PEEK)``."""
        key = ("rich", template, self.scaled(size), tuple(colour) if colour else None, tuple(sorted(
            (k, v if isinstance(v, str) else v.value) for k, v in glyphs.items())))
        surface = self._sprites.get(key)
        if surface is None:
            pieces: list[pygame.Surface] = []
            for i, chunk in enumerate(re.split(r"\{(\w+)\}", template)):
                if i % 2 == 1 and chunk in glyphs:
                    pieces.append(self.button_hint(glyphs[chunk], int(self.scaled(size) * 1.15)))
                elif chunk:
                    pieces.append(self.text(chunk if i % 2 == 0 else "{" + chunk + "}", size, colour))
            gap = max(4, self.scaled(size) // 6)
            width = sum(p.get_width() for p in pieces) + gap * max(0, len(pieces) - 1)
            height = max((p.get_height() for p in pieces), default=1)
            surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
            x = 0
            for piece in pieces:
                surface.blit(piece, piece.get_rect(midleft=(x, height // 2)))
                x += piece.get_width() + gap
            surface = _convert(surface)
            self._sprites[key] = surface
        return surface

    # --- icons -----------------------------------------------------------------------------
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
            image = _convert(pygame.image.load_sized_svg(str(path), (size, size)))
            self._icons[key] = image
        return image

    def sprite(self, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A surface drawn once by ``make`` and cached under ``key`` (callers start their
        key with a name of their own, e.g. ``("medallion", ...)``)."""
        surface = self._sprites.get(key)
        if surface is None:
            surface = self._sprites[key] = make()
        return surface

    # --- seats -------------------------------------------------------------------------------
    def seat_style(self, style: int) -> SeatStyle:
        return SEAT_STYLES[style % len(SEAT_STYLES)]

    def _sprite(self, shape: str, colour: Colour, radius: int, outline: Colour | None, gloss: bool) -> pygame.Surface:
        key = ("shape", shape, tuple(colour), radius, outline, gloss)
        sprite = self._sprites.get(key)
        if sprite is None:
            pad = max(2, radius // 6)
            big_r = radius * SS
            size = (radius + pad) * 2 * SS
            big = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size / 2
            edge = max(SS * 2, big_r // 8)
            if outline is not None:
                self._fill_shape(big, shape, outline, c, c, big_r)
                self._fill_shape(big, shape, colour, c, c, big_r - edge)
            if outline is not None and gloss:
                # a soft top light makes the token read as a physical piece
                hi = pygame.Surface((size, size), pygame.SRCALPHA)
                self._fill_shape(hi, shape, (255, 255, 255, 60), c, c - edge * 0.6, big_r - edge * 2.2)
                clip = pygame.Surface((size, size), pygame.SRCALPHA)
                clip.fill((255, 255, 255, 255), pygame.Rect(0, 0, size, int(c - big_r * 0.05)))
                hi.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
                big.blit(hi, (0, 0))
            if outline is None:
                self._fill_shape(big, shape, colour, c, c, big_r)
            sprite = _convert(pygame.transform.smoothscale(big, (size // SS, size // SS)))
            self._sprites[key] = sprite
        return sprite

    @staticmethod
    def _fill_shape(surface: pygame.Surface, shape: str, colour, cx: float, cy: float, r: float) -> None:
        if shape == "circle":
            pygame.draw.circle(surface, colour, (cx, cy), r)
        else:
            pygame.draw.polygon(surface, colour, shape_points(shape, cx, cy, r))

    def draw_shape(self, surface: pygame.Surface, shape: str, colour: Colour, center: Sequence[int], radius: int,
                   outline: Colour | None = None, gloss: bool = False) -> pygame.Rect:
        """A seat shape, anti-aliased, centred on ``center``; ``outline`` adds a rim and
        ``gloss`` (with an outline) a soft top light, as on a game piece."""
        if shape not in SHAPES:
            raise ValueError(f"unknown shape {shape!r}; expected one of {', '.join(SHAPES)}")
        sprite = self._sprite(shape, tuple(colour), int(radius), tuple(outline) if outline else None, gloss)
        rect = sprite.get_rect(center=(int(center[0]), int(center[1])))
        surface.blit(sprite, rect)
        return rect

    def seat_token(self, surface: pygame.Surface, style: int, center: Sequence[int], radius: int,
                   dim: bool = False) -> pygame.Rect:
        """The seat's shape in its colour with a dark rim (no name)."""
        st = self.seat_style(style)
        colour = _mix(st.colour, self.colours.panel, 0.6) if dim else st.colour
        return self.draw_shape(surface, st.shape, colour, center, radius, outline=st.dark, gloss=True)

    def draw_seat_badge(self, surface: pygame.Surface, seat: Any, center: Sequence[int], size: int = 64,
                        label: bool = True, dim: bool = False, beside: bool = False,
                        name_size: int | None = None) -> pygame.Rect:
        """Seat shape in its colour and, with ``label``, its name under it (or ``beside``).

        ``seat`` is anything with ``.name`` and ``.style`` (a ``game.seats.Seat``)."""
        cx, cy = int(center[0]), int(center[1])
        st = self.seat_style(seat.style)
        rect = self.seat_token(surface, seat.style, (cx, cy), size // 2, dim)
        if not label:
            return rect
        size_px = name_size or max(MIN_TEXT, int(size * 0.5))
        colour = self.colours.muted if dim else st.light
        if beside:
            name_rect = self.blit_text(surface, seat.name, size_px, (rect.right + size // 5, cy), "midleft", colour,
                                       shadow=True)
        else:
            name_rect = self.blit_text(surface, seat.name, size_px, (cx, rect.bottom + 2), "midtop", colour,
                                       shadow=True)
        return rect.union(name_rect)

    # --- panels and background -------------------------------------------------------------
    def background(self, surface: pygame.Surface) -> None:
        """The theme background: a soft navy-to-plum gradient, a warm glow and faint
        confetti of the eight seat shapes. Drawn once, then blitted."""
        if self._background is None:
            self._background = self._make_background()
        surface.blit(self._background, (0, 0))

    def _make_background(self) -> pygame.Surface:
        # Part of the title's first frame (start-up): made in the display's format (no
        # convert copy), the gradient row by row, each confetto on its own small layer.
        display = pygame.display.get_surface()
        bg = pygame.Surface((self.W, self.H), 0, display) if display is not None else pygame.Surface((self.W, self.H))
        top, bottom = self.colours.bg, self.colours.bg2
        column = pygame.Surface((1, 64))
        for y in range(64):
            column.set_at((0, y), _mix(top, bottom, (y / 63) ** 1.4))
        column = pygame.transform.smoothscale(column, (1, self.H))
        for y in range(self.H):
            bg.fill(column.get_at((0, y)), (0, y, self.W, 1))
        glow = pygame.Surface((self.W // 8, self.H // 8), pygame.SRCALPHA)
        for i in range(24, 0, -1):
            pygame.draw.ellipse(glow, (120, 70, 160, 5), glow.get_rect().inflate(-i * 8, -i * 5).move(0, -self.H // 40))
        bg.blit(pygame.transform.smoothscale(glow, (self.W, self.H)), (0, 0))
        rng = random.Random(2718)  # fixed: the same pattern on every start
        for i in range(70):
            st = SEAT_STYLES[i % len(SEAT_STYLES)]
            r = rng.randint(10, 26)
            x, y = rng.randint(0, self.W), rng.randint(0, self.H)
            pad = r * 2  # room for the shapes drawn a little past r (star, triangle)
            confetto = pygame.Surface((pad * 2, pad * 2), pygame.SRCALPHA)
            self._fill_shape(confetto, st.shape, (*st.colour, 16), pad, pad, r)
            bg.blit(confetto, (x - pad, y - pad))
        return bg

    def _shadow(self, size: tuple[int, int], radius: int, blur: int) -> pygame.Surface:
        key = ("shadow", size, radius, blur)
        shadow = self._sprites.get(key)
        if shadow is None:
            # blurred at a quarter size and scaled up: as soft, and cheap for big panels
            w, h = size
            q = 4
            small = pygame.Surface(((w + blur * 4) // q + 1, (h + blur * 4) // q + 1), pygame.SRCALPHA)
            pygame.draw.rect(small, (*self.colours.shadow, 150), pygame.Rect(blur * 2 // q, blur * 2 // q, w // q, h // q),
                             border_radius=max(1, radius // q))
            small = pygame.transform.gaussian_blur(small, max(1, blur // q))
            shadow = _convert(pygame.transform.smoothscale(small, (w + blur * 4, h + blur * 4)))
            self._sprites[key] = shadow
        return shadow

    def panel(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int], colour: Colour | Sequence[int] | None = None,
              radius: int = 24, border: Colour | None = None, shadow: bool = True, border_width: int = 4) -> None:
        """A rounded panel with a soft drop shadow; ``colour`` may carry alpha."""
        rect = pygame.Rect(rect)
        colour = tuple(colour) if colour is not None else self.colours.panel
        opaque = len(colour) == 3 or colour[3] == 255
        if shadow and rect.width > 0 and rect.height > 0:
            blur = PANEL_BLUR
            s = self._shadow(rect.size, radius, blur)
            origin = (rect.x - blur * 2, rect.y - blur * 2 + PANEL_SHADOW_DROP)
            if opaque:
                _blit_around(surface, s, origin, _covered(rect, radius))
            else:
                surface.blit(s, origin)
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
        colour = tuple(colour) if colour is not None else self.colours.panel
        full = (key, rect.size, colour, radius, border, border_width, self.scaled(100))
        picture = self._panels.get(full) if key is not None else None
        if picture is None:
            self.panel(surface, rect, colour, radius, border, True, border_width)
            paint()
            if key is not None and surface.get_clip().contains(rect) and surface.get_rect().contains(rect):
                self._remember_panel(full, surface.subsurface(rect), radius)
            return
        self._panels.move_to_end(full)
        blur = PANEL_BLUR
        shadow = self._shadow(rect.size, radius, blur)
        holes = _covered(rect, radius)
        _blit_around(surface, shadow, (rect.x - blur * 2, rect.y - blur * 2 + PANEL_SHADOW_DROP), holes)
        # all opaque in the two bands: copied without blending; the corners blended
        opaque, shaped = picture
        for hole in holes:
            surface.blit(opaque, hole, hole.move(-rect.x, -rect.y))
        _blit_around(surface, shaped, rect.topleft, holes)

    def _remember_panel(self, full: tuple, drawn: pygame.Surface, radius: int) -> None:
        """Keep what was drawn inside the rounded shape (alpha 255) and nothing outside
        it (alpha 0); the shape is the one ``pygame.draw.rect`` filled."""
        picture = pygame.Surface(drawn.get_size(), pygame.SRCALPHA)
        picture.blit(drawn, (0, 0))
        picture.blit(self._shape_mask(drawn.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        # no convert: the copy keeps the canvas's (display) format, and a new SRCALPHA
        # surface has convert_alpha's
        self._panels[full] = (drawn.copy(), picture)
        if len(self._panels) > PANEL_CACHE_SIZE:
            self._panels.popitem(last=False)

    def _shape_mask(self, size: tuple[int, int], radius: int) -> pygame.Surface:
        """White, opaque inside a rounded rectangle and transparent outside."""
        key = ("shape mask", size, radius)
        shape = self._sprites.get(key)
        if shape is None:
            shape = pygame.Surface(size, pygame.SRCALPHA)
            shape.fill((255, 255, 255, 0))
            pygame.draw.rect(shape, (255, 255, 255, 255), shape.get_rect(), border_radius=radius)
            self._sprites[key] = shape
        return shape

    def dim(self, surface: pygame.Surface, alpha: int = 170, colour: Colour | None = None) -> None:
        """Darken the whole canvas (behind an overlay)."""
        key = ("dim", alpha, colour)
        veil = self._sprites.get(key)
        if veil is None:
            veil = pygame.Surface((self.W, VEIL_ROWS), pygame.SRCALPHA)
            veil.fill((*(colour or self.colours.shadow), alpha))
            veil = _convert(veil)
            self._sprites[key] = veil
        surface.blits([(veil, (0, y)) for y in range(0, surface.get_height(), VEIL_ROWS)], doreturn=False)

    # --- pad glyphs and hints ------------------------------------------------------------
    def button_hint(self, intent: Intent | str, size: int = 40) -> pygame.Surface:
        """A pad-style glyph: A/B/X/Y coloured discs, Start, LB/RB/LT/RT, D-pad, stick."""
        name = intent.upper() if isinstance(intent, str) else _INTENT_GLYPH[intent]
        key = ("glyph", name, size)
        glyph = self._sprites.get(key)
        if glyph is None:
            glyph = _convert(self._make_glyph(name, size))
            self._sprites[key] = glyph
        return glyph

    def _make_glyph(self, name: str, size: int) -> pygame.Surface:
        S = size * SS
        if name in ("LB", "RB", "LT", "RT", "START"):
            width = int(S * (1.9 if name == "START" else 1.5))
        else:
            width = S
        big = pygame.Surface((width, S), pygame.SRCALPHA)
        rim = (16, 12, 30)
        if name in _BUTTONS:
            label, fill, ink = _BUTTONS[name]
            pygame.draw.circle(big, rim, (S / 2, S / 2), S / 2)
            pygame.draw.circle(big, fill, (S / 2, S / 2), S / 2 - S / 14)
            pygame.draw.circle(big, _mix(fill, (255, 255, 255), 0.25), (S / 2, S / 2 - S / 40), S / 2 - S / 7)
            pygame.draw.circle(big, fill, (S / 2, S / 2 + S / 40), S / 2 - S / 7)
            letter = pygame.font.Font(str(self._font_file), int(S * 0.62)).render(label, True, ink)
            big.blit(letter, letter.get_rect(center=(S / 2, S / 2 + S * 0.02)))
        elif name in ("LB", "RB", "LT", "RT", "START"):
            body = big.get_rect().inflate(-S // 12, -S // 6)
            pygame.draw.rect(big, rim, big.get_rect().inflate(0, -S // 12), border_radius=S // 3)
            pygame.draw.rect(big, (222, 218, 236), body, border_radius=S // 3)
            if name == "START":
                for dy in (-S * 0.16, 0, S * 0.16):
                    pygame.draw.line(big, rim, (width / 2 - S * 0.26, S / 2 + dy), (width / 2 + S * 0.26, S / 2 + dy),
                                     max(2, S // 12))
            else:
                letter = pygame.font.Font(str(self._font_file), int(S * 0.5)).render(name, True, rim)
                big.blit(letter, letter.get_rect(center=(width / 2, S / 2 + S * 0.02)))
        elif name in ("DPAD", "DPAD_V", "DPAD_H"):
            pygame.draw.polygon(big, rim, shape_points("cross", S / 2, S / 2, S / 2 * 0.98))
            pygame.draw.polygon(big, (222, 218, 236), shape_points("cross", S / 2, S / 2, S / 2 * 0.82))
            if name != "DPAD":  # the arms that act lit: up/down (move) apart from left/right (change)
                arm = pygame.Rect(0, 0, S * 0.22, S * 0.3)
                ends = ((S / 2, S * 0.2), (S / 2, S * 0.8)) if name == "DPAD_V" else ((S * 0.2, S / 2), (S * 0.8, S / 2))
                for end in ends:
                    lit = arm if name == "DPAD_V" else pygame.Rect(0, 0, arm.height, arm.width)
                    lit.center = end
                    pygame.draw.rect(big, self.colours.accent, lit, border_radius=S // 20)
        elif name == "STICK":
            pygame.draw.circle(big, rim, (S / 2, S / 2), S / 2)
            pygame.draw.circle(big, (150, 144, 176), (S / 2, S / 2), S / 2 - S / 14)
            pygame.draw.circle(big, (222, 218, 236), (S / 2, S / 2), S * 0.3)
        else:
            raise ValueError(f"no pad glyph for {name!r}")
        return pygame.transform.smoothscale(big, (width // SS, S // SS))

    def hint_bar(self, surface: pygame.Surface, items: Iterable[tuple[Intent | str, str]], y: int | None = None,
                 size: int = 34) -> pygame.Rect:
        """"(A) Confirm   (B) Back" centred near the bottom of the safe area."""
        parts = [(self.button_hint(intent, int(size * 1.3)), self.text(label, size, self.colours.text))
                 for intent, label in items]
        if not parts:
            return pygame.Rect(0, 0, 0, 0)
        gap, inner = int(size * 1.2), int(size * 0.35)
        width = sum(g.get_width() + inner + t.get_width() for g, t in parts) + gap * (len(parts) - 1)
        height = int(size * 1.3)
        box = pygame.Rect(0, 0, width + size * 2, height + size // 2)
        cy = y if y is not None else self.safe_rect.bottom - box.height // 2 - 4
        box.center = (self.W // 2, cy)
        if self.hints_muted:
            return box
        self.panel(surface, box, (*self.colours.shadow, 170), radius=box.height // 2, shadow=False)
        x = box.x + size
        for glyph, label in parts:
            surface.blit(glyph, glyph.get_rect(midleft=(x, cy)))
            x += glyph.get_width() + inner
            surface.blit(label, label.get_rect(midleft=(x, cy)))
            x += label.get_width() + gap
        return box

    # --- widgets ----------------------------------------------------------------------------
    def draw_check(self, surface: pygame.Surface, center: Sequence[int], size: int, colour: Colour | None = None) -> None:
        """A bold tick mark (the font has no ✓ glyph)."""
        colour = tuple(colour) if colour else self.colours.good
        key = ("check", size, colour)
        sprite = self._sprites.get(key)
        if sprite is None:
            S = size * SS
            big = pygame.Surface((S, S), pygame.SRCALPHA)
            w = max(SS * 3, S // 6)
            pts = [(S * 0.14, S * 0.52), (S * 0.40, S * 0.78), (S * 0.88, S * 0.24)]
            pygame.draw.lines(big, colour, False, pts, w)
            for p in pts:
                pygame.draw.circle(big, colour, p, w / 2)
            sprite = _convert(pygame.transform.smoothscale(big, (size, size)))
            self._sprites[key] = sprite
        surface.blit(sprite, sprite.get_rect(center=(int(center[0]), int(center[1]))))

    def arc(self, surface: pygame.Surface, colour, center: Sequence[float], radius: float, width: float,
            start: float, sweep: float) -> None:
        """A thick arc with round ends: ``start`` degrees clockwise from 12 o'clock,
        ``sweep`` degrees clockwise. Drawn as a polygon with anti-aliased end caps."""
        if sweep <= 0:
            return
        cx, cy = center
        steps = max(2, int(sweep / 3))
        outer, inner = radius + width / 2, radius - width / 2
        pts_out, pts_in = [], []
        for i in range(steps + 1):
            a = math.radians(start + sweep * i / steps)
            s, c = math.sin(a), math.cos(a)
            pts_out.append((cx + outer * s, cy - outer * c))
            pts_in.append((cx + inner * s, cy - inner * c))
        pygame.draw.polygon(surface, colour, pts_out + pts_in[::-1])
        for a in (start, start + sweep):
            r = math.radians(a)
            pygame.draw.aacircle(surface, colour, (cx + radius * math.sin(r), cy - radius * math.cos(r)), width / 2)
            pygame.draw.circle(surface, colour, (cx + radius * math.sin(r), cy - radius * math.cos(r)), width / 2)

    def countdown(self, surface: pygame.Surface, center: Sequence[int], seconds_left: float, total: float,
                  radius: int = 84) -> None:
        """A ring that empties clockwise around the whole seconds left; amber, then red
        and pulsing in the last 3 s. Nothing is drawn when there is no limit (total 0)."""
        if total <= 0:
            return
        left = max(0.0, min(seconds_left, total))
        urgent = left <= 3.0
        pulse = 1.0
        if urgent and left > 0:
            frac = left - math.floor(left)  # 1 → 0 within each second
            pulse = 1.0 + 0.14 * max(0.0, frac - 0.6) / 0.4
        r = int(radius * pulse)
        cx, cy = int(center[0]), int(center[1])
        body = self._countdown_body(r)
        surface.blit(body, body.get_rect(center=(cx, cy)))
        colour = self.colours.bad if urgent else self.colours.accent
        ring_w = max(10, r // 5)
        self.arc(surface, colour, (cx, cy), r - ring_w * 0.9, ring_w, 360.0 * (1 - left / total), 360.0 * left / total)
        number = str(int(math.ceil(left - 1e-9)))
        self.blit_text(surface, number, int(r * 0.95), (cx, cy + r * 0.04), "center",
                       self.colours.bad if urgent else self.colours.text)

    def _countdown_body(self, r: int) -> pygame.Surface:
        key = ("cdbody", r)
        body = self._sprites.get(key)
        if body is None:
            S = r * 2 * SS + 8 * SS
            big = pygame.Surface((S, S), pygame.SRCALPHA)
            c = S / 2
            pygame.draw.circle(big, (*self.colours.shadow, 200), (c, c + SS * 4), r * SS)
            pygame.draw.circle(big, self.colours.panel, (c, c), r * SS)
            ring_w = max(10, r // 5) * SS
            pygame.draw.circle(big, self.colours.bg, (c, c), r * SS - ring_w * 0.4, width=int(ring_w))
            body = _convert(pygame.transform.smoothscale(big, (S // SS, S // SS)))
            self._sprites[key] = body
        return body
