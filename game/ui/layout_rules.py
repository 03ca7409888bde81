"""The layout check's rules, judged from a drawn canvas and the texts found on it
(:mod:`game.ui.layout_probe` finds them).

- ``margin``: nothing but background in the safe-area margin; the canvas is compared
  with the background drawn alone (with the same full-screen dims);
- ``small``: no text drawn under :data:`MIN_TEXT` px (the check runs at the largest
  text scale, where a long word may shrink back to 28 px: ``game.ui.fit``);
- ``box``: no text cut by a clip, wider than its ``max_width`` or crossing the border of
  the panel it sits in (the panel on top where it starts, centres or ends);
- ``overlap``: no two visible texts' inked rectangles overlap, and no panel or shape
  drawn after a text covers any of its letters (a seat's name under the next seat's badge);
- ``contrast``: every text's colour against the pixels behind it is at least 4.5:1
  (WCAG relative luminance), taken on the worst quarter of its width; a disabled
  button is exempt, as in WCAG;
- ``tiny`` and ``over`` (the marks: tokens, badges, pictograms, rings) are judged in
  :mod:`game.ui.layout_marks`;
- ``cut`` and ``empty``: :mod:`game.ui.layout_compose`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from .layout_marks import MARK_RULES, Box
from .theme import MIN_TEXT

Colour = tuple[int, int, int]
_BaseSurface = pygame.Surface

#: The rules on how a screen is composed (:mod:`game.ui.layout_compose`).
COMPOSE_RULES = ("cut", "empty")
#: Rules, in report order.
RULES = ("margin", "small", "box", "overlap", "contrast", *MARK_RULES, *COMPOSE_RULES)
MIN_CONTRAST = 4.5
#: A canvas pixel this close (each channel) to the background's counts as background:
#: a panel's soft shadow spilling a little past the safe line stays below it.
MARGIN_TOLERANCE = 10
#: Differing blobs smaller than this (px²) in the margin are anti-aliasing dust.
MARGIN_DUST = 12
#: Overlaps and box crossings under this many px are the fonts' side bearings.
SLACK = 2
#: A text's glyph pixels a shape drawn after it may hide (anti-aliased edges meeting).
HIDDEN_DUST = 4


@dataclass(frozen=True)
class Violation:
    shot: str
    lang: str
    rule: str
    text: str
    rect: tuple[int, int, int, int]
    detail: str = ""

    def __str__(self) -> str:
        x, y, w, h = self.rect
        words = f" {self.text!r}" if self.text else ""
        more = f" ({self.detail})" if self.detail else ""
        return f"{self.shot} [{self.lang}] {self.rule}:{words} at x={x} y={y} w={w} h={h}{more}"



# --- colours --------------------------------------------------------------------------------
def luminance(colour: Sequence[int]) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(c: float) -> float:
        c /= 255.0
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Sequence[int], b: Sequence[int]) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Text:
    """A text as the screen shows it: words, size asked for, colour, where it is inked,
    where it may go (clip and wrap width), and its glyphs (None for pygame_gui's)."""

    text: str
    size: int
    colour: Colour
    ink: pygame.Rect
    rect: pygame.Rect
    visible: pygame.Rect
    max_width: int | None
    image: pygame.Surface | None
    order: int
    #: A pygame_gui button's inner box (its text must fit it).
    frame: pygame.Rect | None = None
    #: A disabled control: WCAG asks no contrast of it (and the look says "not now").
    disabled: bool = False


def check_margin(canvas: pygame.Surface, background: pygame.Surface, safe: pygame.Rect) -> list[pygame.Rect]:
    """Rectangles of what differs from the background outside ``safe``: compared in the
    bands around it only (what is inside is not asked about)."""
    tol = MARGIN_TOLERANCE
    same = pygame.mask.Mask(canvas.get_size())
    for band in _around(canvas.get_rect(), safe):
        differs = pygame.mask.from_threshold(canvas.subsurface(band), (0, 0, 0, 0), (tol, tol, tol, 255),
                                             background.subsurface(band))
        differs.invert()
        same.draw(differs, band.topleft)
    if not same.count():  # (most screens: their pieces are not looked for on the whole
        return []          # canvas' mask, which cost ~10 ms a screen)
    return [r for r in same.get_bounding_rects() if r.width * r.height >= MARGIN_DUST]


def _around(whole: pygame.Rect, safe: pygame.Rect) -> list[pygame.Rect]:
    """The bands of ``whole`` outside ``safe`` (above, below, left, right; none empty)."""
    inner = safe.clip(whole)
    if not inner.width or not inner.height:
        return [whole]
    bands = [pygame.Rect(whole.x, whole.y, whole.width, inner.top - whole.y),
             pygame.Rect(whole.x, inner.bottom, whole.width, whole.bottom - inner.bottom),
             pygame.Rect(whole.x, inner.top, inner.left - whole.x, inner.height),
             pygame.Rect(inner.right, inner.top, whole.right - inner.right, inner.height)]
    return [band for band in bands if band.width > 0 and band.height > 0]


def check_texts(texts: Sequence[Text], boxes: Sequence[Box], canvas: pygame.Surface) -> list[tuple[str, Text, str]]:
    """(rule, text, detail) for every text rule broken."""
    out: list[tuple[str, Text, str]] = []
    for t in texts:
        if t.size < MIN_TEXT:
            out.append(("small", t, f"{t.size} px"))
        problem = _box_problem(t, boxes)
        if problem:
            out.append(("box", t, problem))
        ratio = 21.0 if t.disabled else worst_contrast(canvas, t)
        if ratio < MIN_CONTRAST:
            out.append(("contrast", t, f"{ratio:.2f}:1"))
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            both = a.ink.inflate(-2 * SLACK, -2 * SLACK).clip(b.ink.inflate(-2 * SLACK, -2 * SLACK))
            if both.width > 0 and both.height > 0 and (a.text, a.ink) != (b.text, b.ink):
                out.append(("overlap", b if b.order > a.order else a, f"with {(a if b.order > a.order else b).text!r}"))
        covered = _covered(a, boxes, canvas)
        if covered:
            out.append(("overlap", a, covered))
    return out


def _box_problem(t: Text, boxes: Sequence[Box]) -> str:
    """What is wrong with where ``t`` sits (empty: nothing); ``boxes`` are the probe's box marks."""
    if t.frame is not None:
        if t.frame.contains(t.rect):
            return ""
        if t.rect.width > t.frame.width:
            return f"wider than its button ({t.rect.width} > {t.frame.width} px)"
        return f"taller than its button ({t.rect.height} > {t.frame.height} px)"
    if t.visible != t.rect.clip(t.visible.inflate(0, 0)) or t.ink.clip(t.visible) != t.ink:
        return "cut by a clip"
    if t.max_width is not None and t.ink.width > t.max_width + SLACK:
        return f"wider than its wrap width ({t.ink.width} > {t.max_width} px)"
    points = (t.ink.midleft, t.ink.center, (t.ink.right - 1, t.ink.centery))
    holders = [b for b in boxes if b.order < t.order and any(b.visible.collidepoint(p) for p in points)]
    if holders:
        box = max(holders, key=lambda b: b.order).rect  # the one on top
        if not box.inflate(2 * SLACK, 2 * SLACK).contains(t.ink):
            return f"crosses its panel's border {tuple(box)}"
    return ""


def _covered(t: Text, boxes: Sequence[Box], canvas: pygame.Surface) -> str:
    """The panel or shape drawn after ``t`` that hides some of its letters (empty: none): a
    seat's name running under the next seat's badge. Only the text's solid glyph pixels
    inside the box that no longer show its colour count, so a round badge whose square
    corner merely reaches a text's empty corner does not."""
    if t.image is None:
        return ""
    glyphs = pygame.mask.from_surface(t.image, 254)
    for box in boxes:
        area = box.visible.clip(t.ink).clip(canvas.get_rect())
        if box.order < t.order or area.width <= 0 or area.height <= 0:
            continue
        piece = _BaseSurface(area.size)
        piece.blit(canvas, (0, 0), area)
        hidden = pygame.mask.from_threshold(piece, t.colour, (40, 40, 40, 255))
        hidden.invert()
        if hidden.overlap_area(glyphs, (t.rect.x - area.x, t.rect.y - area.y)) > HIDDEN_DUST:
            return f"under a {'shape' if box.kind == 'shape' else 'panel'} drawn over it {tuple(box.rect)}"
    return ""


def worst_contrast(canvas: pygame.Surface, t: Text) -> float:
    """The text colour's contrast against the average of what is behind it, in the worst
    of up to four slices of its width."""
    area = t.ink.clip(canvas.get_rect())
    if area.width <= 0 or area.height <= 0:
        return 21.0
    piece = _BaseSurface(area.size, pygame.SRCALPHA)
    piece.blit(canvas, (0, 0), area)
    behind = pygame.mask.Mask(area.size, fill=True)
    if t.image is not None:
        glyphs = pygame.mask.from_surface(t.image, 8)
        behind.erase(glyphs, (t.rect.x - area.x, t.rect.y - area.y))
    else:
        tol = 60
        behind.erase(pygame.mask.from_threshold(piece, t.colour, (tol, tol, tol, 255)), (0, 0))
    only = behind.to_surface(setsurface=piece, unsetcolor=(0, 0, 0, 0))
    slices = max(1, min(4, area.width // 40))
    worst = 21.0
    for i in range(slices):
        x0 = area.width * i // slices
        cell = pygame.Rect(x0, 0, area.width * (i + 1) // slices - x0, area.height)
        counted = pygame.mask.Mask(cell.size, fill=True).overlap_area(behind, (-cell.x, 0))
        if counted < 8:
            continue
        average = pygame.transform.average_color(only, cell, True)
        worst = min(worst, contrast(t.colour, average))
    return worst
