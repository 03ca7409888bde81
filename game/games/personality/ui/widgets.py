"""Small drawing pieces the Personality screens share: a card, a seat's name fitted to
its box, ink that reads on a coloured square, and the list picker of the peek curtains."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from ....input.intents import InputEvent, Intent

CARD_PAPER = (252, 244, 226)
CARD_INK = (40, 30, 50)
CARD_CAPTION = (120, 96, 70)
DARK_INK = (24, 18, 36)
#: Name sizes tried, largest first; below the last, a name wraps at its hyphen.
NAME_SIZES = (36, 34, 32, 30, 28)


def ink_on(colour: Sequence[int], light: Sequence[int]) -> Sequence[int]:
    """``light`` text, or dark ink on a light square (a gold summit, a green Départ)."""
    r, g, b = colour[:3]
    return DARK_INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else light


def fit_lines(kit: Any, text: str, width: int, sizes: Sequence[int] = NAME_SIZES) -> tuple[list[str], int]:
    """``text`` on one line at the largest of ``sizes`` that fits ``width``; failing
    that, at the smallest size, broken at spaces and after hyphens ("Marie-" /
    "Antoinette"), and a part still too long cut with a hyphen: never wider than ``width``."""
    for size in sizes:
        if kit.font(size).size(text)[0] <= width:
            return [text], size
    size = sizes[-1]
    font = kit.font(size)

    def fits(line: str) -> bool:
        return bool(font.size(line)[0] <= width)

    breaks = [i + 1 for i, ch in enumerate(text) if ch in " -"] + [len(text)]
    lines: list[str] = []
    start = 0
    while start < len(text):
        end = max((b for b in breaks if b > start and fits(text[start:b].rstrip())), default=None)
        if end is None:
            end = start + 1
            while end < len(text) and fits(text[start:end + 1] + "-"):
                end += 1
            lines.append(text[start:end] + "-")
        else:
            lines.append(text[start:end].rstrip())
        start = end
    return lines, size


def draw_name(kit: Any, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: Sequence[int],
              sizes: Sequence[int] = NAME_SIZES, anchor: str = "midleft") -> pygame.Rect:
    """A seat's name fitted into ``rect`` (shrunk, then wrapped at a hyphen), centred
    vertically in it; returns the rect drawn."""
    lines, size = fit_lines(kit, text, rect.width, sizes)
    image = kit.text("\n".join(lines), size, colour, shadow=False)
    if anchor == "center":
        placed = image.get_rect(center=rect.center)
    else:
        placed = image.get_rect(midleft=(rect.x, rect.centery))
    surface.blit(image, placed)
    return placed


def draw_card(kit: Any, surface: pygame.Surface, text: str, caption: str, rect: pygame.Rect,
              sizes: Sequence[int] = (48,)) -> None:
    """A trait card: paper, gold border, caption on top, the text as large as fits."""
    kit.panel(surface, rect, CARD_PAPER, radius=28 if rect.width > 400 else 18, border=kit.colours.gold,
              border_width=6 if rect.width > 400 else 4, shadow=False)
    top = rect.y + 14
    if caption:
        top = kit.blit_text(surface, caption, 30 if rect.width > 400 else 28, (rect.centerx, rect.y + 12), "midtop",
                            CARD_CAPTION, max_width=rect.width - 32, align="center").bottom + 4
    room = pygame.Rect(rect.x + 16, top, rect.width - 32, rect.bottom - 12 - top)
    size = next((s for s in sizes if len(kit.wrap(text, s, room.width)) * kit.font(s).get_linesize() <= room.height),
                sizes[-1])
    kit.blit_text(surface, text, size, room.center, "center", CARD_INK, max_width=room.width, align="center")


class ListPicker:
    """A cursor over a few labelled options, drawn inside a peek curtain."""

    def __init__(self, title: str, options: list[str], on_pick: Callable[[int], None]) -> None:
        self.title = title
        self.options = options
        self.on_pick = on_pick
        self.cursor = 0

    def handle(self, event: InputEvent) -> bool:
        if not event.pressed:
            return False
        if event.intent in (Intent.UP, Intent.LEFT):
            self.cursor = (self.cursor - 1) % len(self.options)
        elif event.intent in (Intent.DOWN, Intent.RIGHT):
            self.cursor = (self.cursor + 1) % len(self.options)
        elif event.intent is Intent.CONFIRM and not event.repeat:
            self.on_pick(self.cursor)
        else:
            return False
        return True

    def draw(self, kit: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
        c = kit.colours
        y = kit.blit_text(surface, self.title, 40, (rect.centerx, rect.y), "midtop", c.gold).bottom + 16
        row_h = min(86, (rect.bottom - y) // max(1, len(self.options)))
        for i, label in enumerate(self.options):
            box = pygame.Rect(rect.x + 40, y + i * row_h, rect.width - 80, row_h - 10)
            chosen = i == self.cursor
            kit.panel(surface, box, c.panel_hi if chosen else c.bg, radius=18, border=c.accent if chosen else None,
                      shadow=False)
            kit.blit_text(surface, label, 32, (box.x + 24, box.centery), "midleft", c.text if chosen else c.muted,
                          max_width=box.width - 48)
