"""Character portraits: a person emoji, or a medallion drawn here.

A character's picture must never be a pictogram's picture (catalogue.picture_key), so
most characters have no emoji: they get a medallion — a frame in their category's
colour, a silhouette (a bust; pointed ears for creatures, a crown for myths), and their
initials large enough to read from the sofa. Initials follow the table's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

import pygame

#: Frame colour per shipped category; custom categories take one by their name.
CATEGORY_COLOURS: dict[str, tuple[int, int, int]] = {
    "myths": (232, 178, 58),        # gold
    "tales": (226, 104, 160),       # rose
    "history": (92, 156, 226),      # blue
    "literature": (118, 196, 120),  # green
    "archetypes": (240, 138, 76),   # orange
    "creatures": (168, 112, 232),   # violet
}
SPARE_COLOURS = ((90, 200, 200), (214, 90, 90), (200, 200, 90), (150, 150, 170))
#: Drawn this many times larger, then smoothed down: round edges without jaggies.
SUPERSAMPLE = 3
#: Words left out of initials (articles, titles), lower case.
SKIPPED = {"le", "la", "les", "l", "the", "a", "an", "de", "du", "des", "d", "of", "et", "and", "mr", "dr",
           "miss", "sir", "lady", "saint", "st", "dit", "van", "von", "el", "king", "queen", "roi", "reine",
           "count", "comte", "captain", "capitaine", "professor", "professeur", "inspector", "inspecteur",
           "doctor", "docteur", "master", "maître", "monsieur", "madame", "princess", "princesse", "prince"}


def initials(name: str) -> str:
    """Up to two capital letters: the first letters of the name's first two words
    that are not articles or titles ("Le Comte Dracula" -> "CD", "Zeus" -> "Z")."""
    all_words = re.findall(r"[^\W\d_]+", name.split(",")[0].split("(")[0])
    words = [w for w in all_words if w.lower() not in SKIPPED] or all_words[-1:]
    return "".join(w[0].upper() for w in words[:2]) or "?"


def category_colour(category: str) -> tuple[int, int, int]:
    if category in CATEGORY_COLOURS:
        return CATEGORY_COLOURS[category]
    return SPARE_COLOURS[sum(map(ord, category)) % len(SPARE_COLOURS)]


def mix(a: Sequence[int], b: Sequence[int], t: float) -> tuple[int, int, int]:
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


@dataclass(frozen=True)
class Portrait:
    """A character's picture as a ring option's icon: comparable (the public ring shows
    options only when every seat has the same ones) and drawn on demand."""

    character: Any
    lang: str
    fallback: str

    def __call__(self, kit: Any, size: int) -> pygame.Surface:
        return portrait(kit, self.character, self.lang, size, self.fallback)


def portrait(kit: Any, character: Any, lang: str, size: int, fallback: str) -> pygame.Surface:
    """The character's picture at ``size`` px: its emoji, or its medallion."""
    if character.icon is not None:
        try:
            return kit.icon(character.icon, size)
        except (KeyError, FileNotFoundError, pygame.error):
            return kit.icon(fallback, size)
    letters = initials(character.name(lang))
    key = ("medallion", letters, character.category, size)
    return kit.sprite(key, lambda: medallion(kit, letters, character.category, size))


def medallion(kit: Any, letters: str, category: str, size: int) -> pygame.Surface:
    frame = category_colour(category)
    big = size * SUPERSAMPLE
    art = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big // 2
    r = big // 2 - SUPERSAMPLE
    pygame.draw.circle(art, mix(frame, (0, 0, 0), 0.55), (c, c), r)               # outline
    pygame.draw.circle(art, frame, (c, c), r - 2 * SUPERSAMPLE)                   # frame
    inner = int(r * 0.8)
    pygame.draw.circle(art, mix(frame, (20, 14, 40), 0.78), (c, c), inner)        # field
    _silhouette(art, category, (c, c), inner, mix(frame, (20, 14, 40), 0.35))
    pygame.draw.circle(art, mix(frame, (255, 255, 255), 0.35), (c, c), inner, max(1, SUPERSAMPLE))
    image = pygame.transform.smoothscale(art, (size, size))
    text = kit.text(letters, max(8, int(size * (0.36 if len(letters) > 1 else 0.42))), (255, 250, 240), shadow=True)
    if text.get_width() > size * 0.62:
        scale = size * 0.62 / text.get_width()
        text = pygame.transform.smoothscale(text, (int(text.get_width() * scale), int(text.get_height() * scale)))
    image.blit(text, text.get_rect(center=(size // 2, int(size * 0.64))))  # on the bust's chest
    return image.convert_alpha() if pygame.display.get_surface() is not None else image


def _silhouette(art: pygame.Surface, category: str, centre: tuple[int, int], radius: int,
                colour: tuple[int, int, int]) -> None:
    """A bust inside the field: head and shoulders, cut by the field's circle."""
    cx, cy = centre
    bust = pygame.Surface(art.get_size(), pygame.SRCALPHA)
    head_r = int(radius * 0.27)
    head = (cx, cy - int(radius * 0.4))
    shoulders = pygame.Rect(0, 0, int(radius * 1.6), int(radius * 1.3))
    shoulders.midtop = (cx, head[1] + int(head_r * 1.1))
    pygame.draw.ellipse(bust, colour, shoulders)
    pygame.draw.circle(bust, colour, head, head_r)
    if category == "creatures":  # pointed ears
        for side in (-1, 1):
            base = head[0] + side * int(head_r * 0.55)
            pygame.draw.polygon(bust, colour, [(base - int(head_r * 0.35), head[1] - int(head_r * 0.6)),
                                               (base + int(head_r * 0.35), head[1] - int(head_r * 0.6)),
                                               (base + side * int(head_r * 0.35), head[1] - int(head_r * 1.5))])
    elif category == "myths":  # a crown of three points
        top = head[1] - int(head_r * 0.75)
        w = int(head_r * 0.9)
        pygame.draw.polygon(bust, colour, [(head[0] - w, top + int(head_r * 0.3)), (head[0] - w, top - int(head_r * 0.4)),
                                           (head[0] - w // 2, top), (head[0], top - int(head_r * 0.55)),
                                           (head[0] + w // 2, top), (head[0] + w, top - int(head_r * 0.4)),
                                           (head[0] + w, top + int(head_r * 0.3))])
    mask = pygame.Surface(art.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), centre, radius - 1)
    bust.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    art.blit(bust, (0, 0))
