"""The layout check's rules on marks (issue 28): what a player reads from a sofa 3 m from a
1080p TV besides the words — seat tokens, badges, markers (shapes the kit draws),
pictograms (kit icons) and the rings that frame a choice (``UiKit.outline``: a focus ring,
a cursor) — judged from the marks :mod:`game.ui.layout_probe` records:

- ``tiny``: no shape (its diameter) or icon (its side) drawn under :data:`MIN_MARK` px;
  confetti (recorded with no size) is decoration, and a mark a panel drawn later hides
  whole is not shown, so not judged;
- ``over`` (shapes over shapes): no ring crosses a text, a shape or an icon drawn before it
  that it does not frame (its band over it: one drawn again over the ring reads whole); no shape or icon straddles two panels side by side (a card's
  badge over the next card); no panel drawn later covers part of a shape or an icon (a
  slot's number half under the title bar).

Each rule allows :data:`TOUCH` px: anti-aliased edges meeting.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Protocol, Sequence

import pygame

from .theme import MIN_MARK

if TYPE_CHECKING:
    from .layout_rules import Text

#: The rules judged here, in report order (after the text rules).
MARK_RULES = ("tiny", "over")
#: Px two marks may meet by without being "over" each other.
TOUCH = 3
#: A pictogram's pixel this opaque is ink (its soft shadow and anti-aliasing are not).
INK_ALPHA = 128
#: The largest shape or icon ``over`` judges (a token, a badge, a pictogram; a picker's
#: disc or a portrait is a backdrop).
MAX_OVER = 128


class Box(Protocol):
    """A panel or a shape the probe found drawn (:class:`game.ui.layout_probe.Mark`): what
    the text rules (``layout_rules``) need of it."""

    @property
    def kind(self) -> str: ...  # "box" (a panel) | "shape" | "icon" | "ring"
    @property
    def rect(self) -> pygame.Rect: ...
    @property
    def visible(self) -> pygame.Rect: ...
    @property
    def order(self) -> int: ...


class Mark(Box, Protocol):
    """A panel, a shape, an icon or a ring the probe found drawn, as the marks' rules
    judge it (its size, an icon's picture)."""

    @property
    def size(self) -> int: ...  # a shape's diameter, an icon's side, a ring's band (0: a panel)
    @property
    def image(self) -> pygame.Surface | None: ...  # an icon's pictogram


def check_sizes(marks: Sequence[Mark]) -> list[tuple[Mark, str]]:
    """(mark, detail) for every shape or icon drawn under :data:`MIN_MARK` px that shows:
    some of it inside the canvas and no panel drawn after it over the whole of it."""
    out = []
    for mark in marks:
        if mark.kind not in ("shape", "icon") or not 0 < mark.size < MIN_MARK or mark.visible.width <= 0:
            continue
        if not _hidden(mark, marks):
            out.append((mark, f"{mark.kind} of {mark.size} px"))
    return out


def check_over(marks: Sequence[Mark], texts: Sequence[Text]) -> list[tuple[pygame.Rect, str, str]]:
    """(rect, text, detail) for every shape over a shape (the module docstring). What a
    full-screen veil covers (a board under a picker, a curtain or a pause) is a backdrop,
    not judged."""
    out: list[tuple[pygame.Rect, str, str]] = []
    veiled = max((m.order for m in marks if m.kind == "veil"), default=0)
    marks = [m for m in marks if m.order > veiled]
    texts = [t for t in texts if t.order > veiled]
    shown = [m for m in marks if m.kind in ("shape", "icon") and 0 < m.size <= MAX_OVER and m.visible.width > 0
             and not _hidden(m, marks) and not _drawn_again(m, marks)]
    panels = [m for m in marks if m.kind == "box"]
    for ring in (m for m in marks if m.kind == "ring"):
        inner = ring.rect.inflate(-2 * ring.size, -2 * ring.size)
        for text in texts:
            if text.order < ring.order and _crosses(ring.rect, inner, text.ink):
                out.append((text.ink, text.text, "a ring over it"))
        for mark in shown:
            if mark.order < ring.order and _crosses(ring.rect, inner, _body(mark)):
                out.append((mark.rect, "", f"a ring over a {mark.kind}"))
    for mark in shown:
        body = _body(mark)
        under = [p for p in panels if p.order < mark.order and _meet(p.visible, body)]
        if any(not a.visible.contains(b.visible) and not b.visible.contains(a.visible)
               for a, b in itertools.combinations(under, 2)):
            out.append((mark.rect, "", f"a {mark.kind} over two panels side by side"))
        if any(p.order > mark.order and _meet(p.visible, body) and not p.visible.contains(mark.visible)
               for p in panels):
            out.append((mark.rect, "", f"a {mark.kind} partly under a panel drawn after it"))
    return out


def _hidden(mark: Mark, marks: Sequence[Mark]) -> bool:
    return any(b.kind == "box" and b.order > mark.order and b.visible.contains(mark.visible) for b in marks)


def _drawn_again(mark: Mark, marks: Sequence[Mark]) -> bool:
    """Whether the same mark is drawn again later, whole over this one."""
    return any(m.order > mark.order and m.kind == mark.kind and m.rect == mark.rect for m in marks)


def _body(mark: Mark) -> pygame.Rect:
    """The drawn part of a shape (its diameter: its box keeps room for a star's points) or
    of an icon (its pictogram's ink, inside its transparent margin), on the canvas."""
    if mark.kind == "icon" and mark.image is not None:
        return mark.image.get_bounding_rect(INK_ALPHA).move(mark.rect.topleft).clip(mark.visible)
    body = pygame.Rect(0, 0, mark.size, mark.size)
    body.center = mark.rect.center
    return body.clip(mark.visible)


def _meet(a: pygame.Rect, b: pygame.Rect) -> bool:
    both = a.clip(b)
    return both.width > TOUCH and both.height > TOUCH


def _crosses(outer: pygame.Rect, inner: pygame.Rect, rect: pygame.Rect) -> bool:
    """Whether ``rect`` lies on the band between ``outer`` and ``inner`` (a ring's)."""
    return _meet(outer, rect) and not inner.inflate(2 * TOUCH, 2 * TOUCH).contains(rect)
