"""Which texts a drawn screen shows (:mod:`game.ui.layout_probe` records them): the kit's
texts found on the recording canvas, and the menus' pygame_gui buttons read from their
scenes. A text another drawing hides (its own colour is no longer on most of its glyphs:
a panel over it, a dim veil) is not checked: it is not what the screen shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import pygame

from .layout_rules import Text

if TYPE_CHECKING:  # pragma: no cover
    from ..scenes.base import Scene
    from .layout_probe import Mark, RecordingSurface, TextTag

#: A text is shown when this share of its solid glyph pixels still has its colour.
VISIBLE_SHARE = 0.5

_BaseSurface = pygame.Surface  # (pygame's own, not the recording class that stands in while drawing)


def texts_on(canvas: RecordingSurface) -> tuple[list[Text], list[Mark]]:
    """The canvas's visible texts and its boxes (panels and shapes). A text inside a
    panel drawn after it is hidden, even where the panel's own words in the same colour
    happen to fall on its glyphs."""
    texts, boxes = [], [mark for mark in canvas.marks if mark.kind in ("box", "shape")]
    seen = set()
    for mark in canvas.marks:
        tag, image = mark.tag, mark.image
        if mark.kind != "text" or tag is None or image is None:
            continue
        key = (tag, tuple(mark.rect))
        if key in seen or not tag.text.strip():
            continue
        seen.add(key)
        ink = image.get_bounding_rect().move(mark.rect.topleft)
        if ink.width == 0 or not _shown(canvas, mark, tag, image, ink) or _under_a_panel(mark, ink, boxes):
            continue
        texts.append(Text(tag.text, tag.size, tag.colour, ink, mark.rect, mark.visible,
                          tag.max_width, image, mark.order))
    return texts, boxes


def _under_a_panel(mark: Mark, ink: pygame.Rect, boxes: Sequence[Mark]) -> bool:
    return any(box.kind == "box" and box.order > mark.order and box.visible.contains(ink) for box in boxes)


def _shown(canvas: pygame.Surface, mark: Mark, tag: TextTag, image: pygame.Surface, ink: pygame.Rect) -> bool:
    """Whether most of the text's solid glyph pixels (``image``'s) still show its colour (``tag``'s)."""
    area = ink.clip(mark.visible).clip(canvas.get_rect())
    if area.width <= 0 or area.height <= 0:
        return False
    solid = pygame.mask.from_surface(image, 254)
    piece = _BaseSurface(area.size)
    piece.blit(canvas, (0, 0), area)
    coloured = pygame.mask.from_threshold(piece, tag.colour, (40, 40, 40, 255))
    offset = (mark.rect.x - area.x, mark.rect.y - area.y)
    total = coloured.overlap_area(solid, offset) if solid.count() else 0
    within = pygame.mask.Mask(area.size, fill=True).overlap_area(solid, offset)
    return within > 0 and total >= VISIBLE_SHARE * within


def gui_texts(scenes: Sequence[Scene]) -> list[Text]:
    """Texts of the pygame_gui buttons the visible menu scenes show."""
    out = []
    for scene in scenes:
        for item in getattr(scene, "items", ()):
            element = item.element
            if element is None or not getattr(element, "visible", True) or not getattr(element, "text", ""):
                continue
            rect = pygame.Rect(element.rect)
            width, height = element.font.size(element.text)
            ink = pygame.Rect(0, 0, width, height)
            ink.center = rect.center
            state = "disabled" if not element.is_enabled else "selected" if element.is_selected else "normal"
            colour = tuple(element.colours[f"{state}_text"])[:3]
            pad = int(getattr(element, "text_horiz_alignment_padding", 0)) + 4
            frame = rect.inflate(-2 * pad, 0)
            size = int(element.font.point_size)
            out.append(Text(element.text, size, colour, ink.clip(rect), ink, ink.clip(rect), None, None, 10**9, frame,
                            state == "disabled"))
    return out
