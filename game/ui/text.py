"""Text on the canvas: the font at each size (scaled by the text-size setting), word
wrap, rendered and cached lines and lines with pad glyphs in them (``rich``); fitting a
text to its box is :mod:`game.ui.fit`."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Hashable, Sequence

import pygame

from ..input.intents import Intent
from .caches import convert
from .theme import Colour, ColourKey, font_path

if TYPE_CHECKING:
    from .kit import UiKit

#: Lines whose ink :meth:`Text.geometry` keeps (then it starts again).
LINE_INKS = 4096
#: Line widths :meth:`Text.width` keeps (then it starts again): a fit that tries many
#: widths (the Secret Identity hub's) wraps the same words into the same trial lines at
#: each, ~8,000 measures a search where ~500 differ.
LINE_WIDTHS = 16384


def _box(font: pygame.font.Font, line_widths: Sequence[int], max_width: int | None, align: str) -> tuple[int, int]:
    """How wide lines set in ``font`` are laid out (as wide as ``max_width`` unless left
    aligned) and how tall: what :meth:`Text.text` draws and :meth:`Text.geometry` works out."""
    width = max(line_widths, default=0)
    if max_width is not None and align != "left":
        width = max(width, max_width)
    return width, font.get_linesize() * (len(line_widths) - 1) + max(font.get_height(), 1)


def _shadow_offset(px: int) -> int:
    """How far a text ``px`` tall casts its shadow (:meth:`Text._with_shadow`)."""
    return max(2, px // 16)


def _aligned(width: int, line_width: int, align: str) -> int:
    """Where a line ``line_width`` wide starts in a text ``width`` wide."""
    if align == "center":
        return (width - line_width) // 2
    return width - line_width if align == "right" else 0


class Text:
    """The kit's text: fonts by pixel size and the text cache (``kit._text``)."""

    def __init__(self, kit: UiKit) -> None:
        self.kit = kit
        self.font_file = font_path()
        self._fonts: dict[int, pygame.font.Font] = {}
        #: Texts kept from the last run's first frame, by cache key, until first drawn.
        self.kept: dict[Hashable, pygame.Surface] = {}
        #: (line, drawn px) -> the line's rendered width and ink box (:meth:`geometry`).
        self._line_inks: dict[tuple[str, int], tuple[int, pygame.Rect]] = {}
        #: (line, drawn px) -> the line's width as the font measures it (:meth:`width`).
        self._widths: dict[tuple[str, int], int] = {}

    def scaled(self, size: int) -> int:
        return max(1, int(round(size * float(getattr(self.kit.settings, "text_scale", 1.0)))))

    def font(self, size: int) -> pygame.font.Font:
        px = self.scaled(size)
        font = self._fonts.get(px)
        if font is None:
            font = pygame.font.Font(str(self.font_file), px)
            self._fonts[px] = font
        return font

    def width(self, line: str, size: int) -> int:
        """``font(size).size(line)[0]``, remembered."""
        return self._width(line, self.scaled(size), self.font(size))

    def _width(self, line: str, px: int, font: pygame.font.Font) -> int:
        """:meth:`width` of ``line`` in ``font``, which draws ``px`` tall."""
        key = (line, px)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) >= LINE_WIDTHS:
                self._widths.clear()
            width = self._widths[key] = font.size(line)[0]
        return width

    def wrap(self, text: str, size: int, max_width: int | None) -> list[str]:
        """Lines of ``text`` (explicit newlines kept) no wider than ``max_width``."""
        font, px = self.font(size), self.scaled(size)
        lines: list[str] = []
        for paragraph in text.split("\n"):
            if max_width is None:
                lines.append(paragraph)
                continue
            current = ""
            for word in paragraph.split(" "):
                trial = f"{current} {word}" if current else word
                if current and self._width(trial, px, font) > max_width:
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
        kit = self.kit
        shown: ColourKey = tuple(colour) if colour is not None else kit.colours.text
        key = (text, self.scaled(size), shown, max_width, align, shadow)
        surface = kit._text.surface(key)
        if surface is not None:
            return surface
        surface = self.kept.pop(key, None)  # read back from the last run (ui/kept_texts.py)
        if surface is not None:
            kit._text[key] = surface
            return surface
        surface = self._render_text(text, size, shown, max_width, align)
        if shadow:
            surface = self._with_shadow(surface, _shadow_offset(self.scaled(size)))
        surface = convert(surface)
        kit._text[key] = surface
        return surface

    def text_height(self, text: str, size: int, max_width: int | None) -> int:
        """The height :meth:`text` gives ``text`` (no shadow), measured without rendering
        it: a long page is laid out without filling the text cache with what it never
        shows at once (the credits)."""
        font = self.font(size)
        lines = self.wrap(text, size, max_width)
        return font.get_linesize() * (len(lines) - 1) + max(font.get_height(), 1)

    def geometry(self, text: str, size: int, max_width: int | None = None, align: str = "left",
                 shadow: bool = False) -> tuple[tuple[int, int], pygame.Rect]:
        """The size and ink box (``get_bounding_rect``) :meth:`text` would give, worked out
        from its lines' inks without composing the picture: a fit that tries many widths
        (the Secret Identity hub's) renders only the one it keeps. Exact: the lines are
        blitted on a clear picture (their inks' union), and the shadow keeps every inked
        pixel (its alpha times 150/255, rounded up), offset."""
        font, px = self.font(size), self.scaled(size)
        lines = self.wrap(text, size, max_width)
        inks = [self._line_ink(font, line, px) for line in lines]
        step = font.get_linesize()
        width, height = _box(font, [line_width for line_width, _ in inks], max_width, align)
        size_drawn = (max(width, 1), height)
        frame = pygame.Rect((0, 0), size_drawn)  # (a line's ink may reach below the last line's height)
        placed = (ink.move(_aligned(width, line_width, align), i * step).clip(frame)
                  for i, (line_width, ink) in enumerate(inks))
        drawn = [ink for ink in placed if ink.width and ink.height]
        box = drawn[0].unionall(drawn[1:]) if drawn else pygame.Rect(0, 0, 0, 0)
        if shadow:
            offset = _shadow_offset(px)
            size_drawn = (size_drawn[0] + offset * 3, height + offset * 3)
            if drawn:
                box = box.union(box.move(offset, offset * 2))
        return size_drawn, box

    def _line_ink(self, font: pygame.font.Font, line: str, px: int) -> tuple[int, pygame.Rect]:
        key = (line, px)
        found = self._line_inks.get(key)
        if found is None:
            if len(self._line_inks) > LINE_INKS:
                self._line_inks.clear()
            image = font.render(line, True, (255, 255, 255))
            found = self._line_inks[key] = (image.get_width(), image.get_bounding_rect())
        return found

    # (kept_texts.FORMAT: bump it when this or the shadow below draws differently)
    def _render_text(self, text: str, size: int, colour: ColourKey, max_width: int | None, align: str) -> pygame.Surface:
        font = self.font(size)
        lines = self.wrap(text, size, max_width)
        rendered = [font.render(line, True, colour) for line in lines]
        step = font.get_linesize()
        width, height = _box(font, [line.get_width() for line in rendered], max_width, align)
        surface = pygame.Surface((max(width, 1), height), pygame.SRCALPHA)
        for i, line in enumerate(rendered):
            surface.blit(line, (_aligned(width, line.get_width(), align), i * step))
        return surface

    @staticmethod
    def _with_shadow(surface: pygame.Surface, offset: int) -> pygame.Surface:
        w, h = surface.get_size()
        out = pygame.Surface((w + offset * 3, h + offset * 3), pygame.SRCALPHA)
        shade = surface.copy()
        shade.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
        shade.fill((255, 255, 255, 150), special_flags=pygame.BLEND_RGBA_MULT)
        out.blit(shade, (offset, offset * 2))
        out.blit(surface, (0, 0))
        return out

    def blit_text(self, surface: pygame.Surface, text: str, size: int, pos: Sequence[float], anchor: str = "topleft",
                  colour: Colour | None = None, max_width: int | None = None, align: str = "left",
                  shadow: bool = False) -> pygame.Rect:
        """Draw text with its ``anchor`` ("center", "midtop", …) at ``pos``; returns its rect."""
        image = self.kit.text(text, size, colour, max_width, align, shadow)
        rect = image.get_rect(**{anchor: tuple(pos)})
        surface.blit(image, rect)
        return rect

    def rich(self, template: str, size: int, colour: Colour | None = None, **glyphs: Intent | str) -> pygame.Surface:
        """One line of text where ``{name}`` placeholders named in ``glyphs`` become pad
        glyphs: ``kit.rich("Hold {button} to look", 40, button=Intent.PEEK)``."""
        kit = self.kit
        key = ("rich", template, self.scaled(size), tuple(colour) if colour else None, tuple(sorted(
            (k, v if isinstance(v, str) else v.value) for k, v in glyphs.items())))
        surface = kit._sprites.surface(key)
        if surface is None:
            pieces: list[pygame.Surface] = []
            for i, chunk in enumerate(re.split(r"\{(\w+)\}", template)):
                if i % 2 == 1 and chunk in glyphs:
                    pieces.append(kit.button_hint(glyphs[chunk], int(self.scaled(size) * 1.15)))
                elif chunk:
                    pieces.append(kit.text(chunk if i % 2 == 0 else "{" + chunk + "}", size, colour))
            gap = max(4, self.scaled(size) // 6)
            width = sum(p.get_width() for p in pieces) + gap * max(0, len(pieces) - 1)
            height = max((p.get_height() for p in pieces), default=1)
            surface = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
            x = 0
            for piece in pieces:
                surface.blit(piece, piece.get_rect(midleft=(x, height // 2)))
                x += piece.get_width() + gap
            surface = convert(surface)
            kit._sprites[key] = surface
        return surface

