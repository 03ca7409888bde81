"""Shapes drawn by code: the eight seat shapes, ticks, arcs and the countdown ring.

Shapes are drawn four times larger (:data:`SS`) and smoothly scaled down, so edges are
soft without per-frame anti-aliasing work; each look is made once and kept as a sprite.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

import pygame

from .caches import convert
from .theme import SHAPES, SS, Colour, ColourKey

if TYPE_CHECKING:
    from .kit import UiKit

#: The last seconds' number: a light red (the kit's ``bad`` reads at 4.4:1 on a panel, this at 5:1 and more).
URGENT_INK = (255, 150, 155)


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



def shape_box(center: Sequence[int], radius: int) -> pygame.Rect:
    """Where :meth:`Shapes.draw_shape` puts a shape of ``radius`` centred on ``center``:
    its sprite's rectangle, every pixel it may colour (a star's points and the soft edge
    reach a little past ``radius``)."""
    side = 2 * (radius + max(2, radius // 6))
    return pygame.Rect(0, 0, side, side).move_to(center=(int(center[0]), int(center[1])))


def fill_shape(surface: pygame.Surface, shape: str, colour: ColourKey, cx: float, cy: float, r: float) -> None:
    if shape == "circle":
        pygame.draw.circle(surface, colour, (cx, cy), r)
    else:
        pygame.draw.polygon(surface, colour, shape_points(shape, cx, cy, r))


class Shapes:
    """Seat shapes, ticks, arcs and countdowns, their sprites in ``kit._sprites``."""

    def __init__(self, kit: UiKit) -> None:
        self.kit = kit

    def _sprite(self, shape: str, colour: ColourKey, radius: int, outline: ColourKey | None, gloss: bool) -> pygame.Surface:
        line = self.kit.colours.line
        key = ("shape", shape, tuple(colour), radius, outline, gloss, line)
        sprite = self.kit._sprites.surface(key)
        if sprite is None:
            big_r = radius * SS
            size = shape_box((0, 0), radius).width * SS
            big = pygame.Surface((size, size), pygame.SRCALPHA)
            c = size / 2
            edge = max(SS * 2, big_r // 8) * line
            if outline is not None:
                fill_shape(big, shape, outline, c, c, big_r)
                fill_shape(big, shape, colour, c, c, big_r - edge)
            if outline is not None and gloss:
                # a soft top light makes the token read as a physical piece
                hi = pygame.Surface((size, size), pygame.SRCALPHA)
                fill_shape(hi, shape, (255, 255, 255, 60), c, c - edge * 0.6, big_r - edge * 2.2)
                clip = pygame.Surface((size, size), pygame.SRCALPHA)
                clip.fill((255, 255, 255, 255), pygame.Rect(0, 0, size, int(c - big_r * 0.05)))
                hi.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
                big.blit(hi, (0, 0))
            if outline is None:
                fill_shape(big, shape, colour, c, c, big_r)
            sprite = convert(pygame.transform.smoothscale(big, (size // SS, size // SS)))
            self.kit._sprites[key] = sprite
        return sprite

    def draw_shape(self, surface: pygame.Surface, shape: str, colour: Colour, center: Sequence[int], radius: int,
                   outline: Colour | None = None, gloss: bool = False) -> pygame.Rect:
        """A seat shape, anti-aliased, centred on ``center``; ``outline`` adds a rim and
        ``gloss`` (with an outline) a soft top light, as on a game piece."""
        if shape not in SHAPES:
            raise ValueError(f"unknown shape {shape!r}; expected one of {', '.join(SHAPES)}")
        sprite = self._sprite(shape, tuple(colour), int(radius), tuple(outline) if outline else None, gloss)
        rect = shape_box(center, int(radius))
        surface.blit(sprite, rect)
        return rect

    def draw_check(self, surface: pygame.Surface, center: Sequence[int], size: int, colour: Colour | None = None) -> None:
        """A bold tick mark (the font has no ✓ glyph)."""
        ink: ColourKey = tuple(colour) if colour else self.kit.colours.good
        key = ("check", size, ink)
        sprite = self.kit._sprites.surface(key)
        if sprite is None:
            S = size * SS
            big = pygame.Surface((S, S), pygame.SRCALPHA)
            w = max(SS * 3, S // 6)
            pts = [(S * 0.14, S * 0.52), (S * 0.40, S * 0.78), (S * 0.88, S * 0.24)]
            pygame.draw.lines(big, ink, False, pts, w)
            for p in pts:
                pygame.draw.circle(big, ink, p, w / 2)
            sprite = convert(pygame.transform.smoothscale(big, (size, size)))
            self.kit._sprites[key] = sprite
        surface.blit(sprite, sprite.get_rect(center=(int(center[0]), int(center[1]))))

    def arc(self, surface: pygame.Surface, colour: ColourKey, center: Sequence[float], radius: float, width: float,
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
        colour = self.kit.colours.bad if urgent else self.kit.colours.accent
        ring_w = max(10, r // 5)
        self.kit.arc(surface, colour, (cx, cy), r - ring_w * 0.9, ring_w, 360.0 * (1 - left / total), 360.0 * left / total)
        number = str(int(math.ceil(left - 1e-9)))
        self.kit.blit_text(surface, number, int(r * 0.95), (cx, cy + r * 0.04), "center",
                           URGENT_INK if urgent else self.kit.colours.text)

    def _countdown_body(self, r: int) -> pygame.Surface:
        key = ("cdbody", r)
        body = self.kit._sprites.surface(key)
        if body is None:
            S = r * 2 * SS + 8 * SS
            big = pygame.Surface((S, S), pygame.SRCALPHA)
            c = S / 2
            pygame.draw.circle(big, (*self.kit.colours.shadow, 200), (c, c + SS * 4), r * SS)
            pygame.draw.circle(big, self.kit.colours.panel, (c, c), r * SS)
            ring_w = max(10, r // 5) * SS
            pygame.draw.circle(big, self.kit.colours.bg, (c, c), r * SS - ring_w * 0.4, width=int(ring_w))
            body = convert(pygame.transform.smoothscale(big, (S // SS, S // SS)))
            self.kit._sprites[key] = body
        return body
