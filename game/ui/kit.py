"""The look of Secret Salon: the one object scenes draw with (``ctx.kit``).

Everything is drawn on the 1920×1080 logical canvas. :class:`UiKit` is made of parts,
one module each, and passes every call to the part that does it: text and fonts
(``text.py``), OpenMoji icons (``icons.py``), seat shapes, ticks, arcs and countdowns
(``shapes.py``), seat tokens and badges (``seat_tokens.py``), the background, panels
and veils (``panels.py``), pad glyphs and hint bars (``glyphs.py``); the theme's
constants are in ``theme.py`` and the caches and layers in ``caches.py``. Parts call
one another through the kit, so whatever wraps a kit method sees every call.

Readability from a sofa: nothing meant to be read is drawn under :data:`MIN_TEXT` px,
and every seat is shown with its colour, its shape and its name together.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Sequence

import pygame

from ..input.intents import Intent
from .caches import SPRITE_CACHE_BYTES, TEXT_CACHE_BYTES, Layer, SurfaceCache
from .fit import FIT_MEMO_SIZE, FitMemo
from .glyphs import Glyphs
from .icons import Icons
from .panels import PANEL_BLUR, PANEL_SHADOW_DROP, Panels, shadowed
from .seat_tokens import Badged, SeatTokens
from .shapes import Shapes, ring_positions, shape_points
from .text import Text
from .theme import MIN_TEXT, SEAT_STYLES, SHAPES, Colour, ColourKey, Palette, SeatStyle, font_path, palette_for
from .tween import V, Tween

if TYPE_CHECKING:
    from ..settings import Settings

#: The names scenes and tests import from here (they moved to the part modules).
__all__ = ["MIN_TEXT", "PANEL_BLUR", "PANEL_SHADOW_DROP", "SEAT_STYLES", "SHAPES", "Colour", "Layer", "Palette",
           "SeatStyle", "SurfaceCache", "UiKit", "font_path", "ring_positions", "shadowed", "shape_points"]


class UiKit:
    W, H = 1920, 1080

    def __init__(self, settings: Settings) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self.settings = settings
        self.colours = palette_for(settings)
        #: Rendered texts and sprites (shapes, glyphs, shadows, veils…), bounded in bytes.
        self._text = SurfaceCache(TEXT_CACHE_BYTES)
        self._sprites = SurfaceCache(SPRITE_CACHE_BYTES)
        #: The fit functions' last answers (game/ui/fit.py), as bounded as the caches above.
        self.fits = FitMemo(FIT_MEMO_SIZE)
        self.texts = Text(self)
        self.icons = Icons()
        self.shapes = Shapes(self)
        self.tokens = SeatTokens(self)
        self.panels = Panels(self)
        self.glyphs = Glyphs(self)
        #: Set while scenes under an overlay with its own hint bar draw: theirs is only measured.
        self.hints_muted = False

    def retheme(self) -> None:
        """Take the theme the settings ask for now (high contrast or not): what is drawn
        next uses it (cached sprites and texts are keyed by their colours and widths; the
        background and the remembered panels are drawn again)."""
        self.colours = palette_for(self.settings)
        self.panels.forget()

    # --- motion ---------------------------------------------------------------------------
    @property
    def reduce_motion(self) -> bool:
        """The ``reduce_motion`` setting: no confetti, shakes, swells, bobbing or sliding."""
        return bool(getattr(self.settings, "reduce_motion", False))

    def motion(self, amount: float) -> float:
        """A decorative movement's offset (a bob, a sway, a shake, a pulse): ``amount``,
        or 0 with reduced motion."""
        return 0.0 if self.reduce_motion else amount

    def cut(self, progress: float) -> float:
        """A transition's progress (0..1: a slide, a flip, a column rising) as drawn:
        ``progress``, or with reduced motion its end as soon as it has begun (a cut)."""
        return progress if not self.reduce_motion else (1.0 if progress > 0 else 0.0)

    def tween(self, start: V, end: V, ticks: int, ease: str = "out_cubic", delay: int = 0,
              on_done: Callable[[], None] | None = None) -> Tween[V]:
        """A :class:`Tween` that, with reduced motion, jumps to its end (same timing)."""
        return Tween(start, end, ticks, ease, delay, on_done, still=self.reduce_motion)

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

    def sprite(self, key: tuple[Hashable, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """A surface drawn once by ``make`` and cached under ``key`` (callers start their
        key with a name of their own, e.g. ``("medallion", ...)``)."""
        surface = self._sprites.surface(key)
        if surface is None:
            surface = self._sprites[key] = make()
        return surface

    # --- text (text.py) ----------------------------------------------------------------------
    def scaled(self, size: int) -> int:
        return self.texts.scaled(size)

    def font(self, size: int) -> pygame.font.Font:
        return self.texts.font(size)

    def wrap(self, text: str, size: int, max_width: int | None) -> list[str]:
        return self.texts.wrap(text, size, max_width)

    def text_height(self, text: str, size: int, max_width: int | None) -> int:
        return self.texts.text_height(text, size, max_width)

    def text(self, text: str, size: int, colour: Colour | None = None, max_width: int | None = None,
             align: str = "left", shadow: bool = False) -> pygame.Surface:
        return self.texts.text(text, size, colour, max_width, align, shadow)

    def text_geometry(self, text: str, size: int, max_width: int | None = None, align: str = "left",
                      shadow: bool = False) -> tuple[tuple[int, int], pygame.Rect]:
        return self.texts.geometry(text, size, max_width, align, shadow)

    def blit_text(self, surface: pygame.Surface, text: str, size: int, pos: Sequence[float], anchor: str = "topleft",
                  colour: Colour | None = None, max_width: int | None = None, align: str = "left",
                  shadow: bool = False) -> pygame.Rect:
        return self.texts.blit_text(surface, text, size, pos, anchor, colour, max_width, align, shadow)

    def rich(self, template: str, size: int, colour: Colour | None = None, **glyphs: Intent | str) -> pygame.Surface:
        return self.texts.rich(template, size, colour, **glyphs)

    # --- icons (icons.py) --------------------------------------------------------------------
    def icon(self, code: str, size: int) -> pygame.Surface:
        return self.icons.icon(code, size)

    # --- shapes and seats (shapes.py, seat_tokens.py) ------------------------------------------
    def draw_shape(self, surface: pygame.Surface, shape: str, colour: Colour, center: Sequence[int], radius: int,
                   outline: Colour | None = None, gloss: bool = False) -> pygame.Rect:
        return self.shapes.draw_shape(surface, shape, colour, center, radius, outline, gloss)

    def draw_confetto(self, surface: pygame.Surface, shape: str, colour: Colour, center: Sequence[int],
                      radius: int) -> pygame.Rect:
        """A confetti disc: a shape drawn as decoration, nothing to read (the layout check's
        ``tiny`` rule, which measures what :meth:`draw_shape` draws, leaves it be)."""
        return self.draw_shape(surface, shape, colour, center, radius)

    def outline(self, surface: pygame.Surface, rect: pygame.Rect, colour: ColourKey, width: int,
                radius: int) -> pygame.Rect:
        """A ring around ``rect`` (a focus ring, a cursor: what frames a choice), ``width``
        px inwards from its edge; returns ``rect``. The layout check's ``over`` rule
        measures it: its band crosses nothing it does not frame."""
        pygame.draw.rect(surface, colour, rect, width=width, border_radius=radius)
        return pygame.Rect(rect)

    def draw_check(self, surface: pygame.Surface, center: Sequence[int], size: int, colour: Colour | None = None) -> None:
        self.shapes.draw_check(surface, center, size, colour)

    def arc(self, surface: pygame.Surface, colour: ColourKey, center: Sequence[float], radius: float, width: float,
            start: float, sweep: float) -> None:
        self.shapes.arc(surface, colour, center, radius, width, start, sweep)

    def countdown(self, surface: pygame.Surface, center: Sequence[int], seconds_left: float, total: float,
                  radius: int = 84) -> None:
        self.shapes.countdown(surface, center, seconds_left, total, radius)

    def seat_style(self, style: int) -> SeatStyle:
        return self.tokens.seat_style(style)

    def seat_token(self, surface: pygame.Surface, style: int, center: Sequence[int], radius: int,
                   dim: bool = False) -> pygame.Rect:
        return self.tokens.seat_token(surface, style, center, radius, dim)

    def draw_seat_badge(self, surface: pygame.Surface, seat: Badged, center: Sequence[int], size: int = 64,
                        label: bool = True, dim: bool = False, beside: bool = False,
                        name_size: int | None = None) -> pygame.Rect:
        return self.tokens.draw_seat_badge(surface, seat, center, size, label, dim, beside, name_size)

    # --- background, panels and veils (panels.py) ----------------------------------------------
    def background(self, surface: pygame.Surface) -> None:
        self.panels.background(surface)

    def panel(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int],
              colour: Colour | Sequence[int] | None = None, radius: int = 24, border: Colour | None = None,
              shadow: bool = True, border_width: int = 4) -> None:
        self.panels.panel(surface, rect, colour, radius, border, shadow, border_width)

    def panel_shadow(self, surface: pygame.Surface, rect: pygame.Rect, radius: int = 24) -> None:
        """An opaque panel's soft shadow alone: what :meth:`panel` leaves inside a clip
        its body lies outside of (a neighbour's shadow in a partial repaint)."""
        self.panels.panel_shadow(surface, rect, radius)

    def rounded(self, size: tuple[int, int], colour: Sequence[int], radius: int) -> pygame.Surface:
        return self.panels.rounded(size, colour, radius)

    def filled_panel(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int], key: Hashable | None,
                     paint: Callable[[], None], colour: Colour | None = None, radius: int = 24,
                     border: Colour | None = None, border_width: int = 4) -> None:
        self.panels.filled_panel(surface, rect, key, paint, colour, radius, border, border_width)

    def growing_shadow(self, surface: pygame.Surface, rect: pygame.Rect | Sequence[int], radius: int = 24) -> None:
        self.panels.growing_shadow(surface, rect, radius)

    def dim(self, surface: pygame.Surface, alpha: int = 170, colour: Colour | None = None) -> None:
        self.panels.dim(surface, alpha, colour)

    def darken(self, surface: pygame.Surface, alpha: int) -> None:
        self.panels.darken(surface, alpha)

    # --- pad glyphs and hints (glyphs.py) --------------------------------------------------------
    def button_hint(self, intent: Intent | str, size: int = 40) -> pygame.Surface:
        return self.glyphs.button_hint(intent, size)

    def hint_bar_top(self, size: int = 34) -> int:
        return self.glyphs.hint_bar_top(size)

    def hint_bar(self, surface: pygame.Surface, items: Iterable[tuple[Intent | str, str]], y: int | None = None,
                 size: int = 34) -> pygame.Rect:
        return self.glyphs.hint_bar(surface, items, y, size)
