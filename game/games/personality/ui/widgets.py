"""Small drawing pieces the Personality screens share: a card, a seat's name fitted to
its box, ink that reads on a coloured square, and the list picker of the peek curtains."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from ....input.intents import InputEvent, Intent
from ....ui.fit import fit_text, fit_wrapped, remembered, smallest_size

if TYPE_CHECKING:
    from ....ui.kit import UiKit
    from ....ui.theme import Colour

CARD_PAPER = (252, 244, 226)
CARD_INK = (40, 30, 50)
CARD_CAPTION = (120, 96, 70)
#: A contested gift, a move back: the kit's ``bad`` reads at 3.3:1 on a raised panel, this light red at 5:1.
LIGHT_RED = (255, 150, 155)
#: Name sizes tried, largest first; then smaller down to 28 px drawn, then a name wraps at its hyphen.
NAME_SIZES = (36, 34, 32, 30, 28)
#: A list this long or shorter is one column; a longer one (a hand) two.
ONE_COLUMN = 5
OPTION_GAP = 20


def draw_name(kit: UiKit, surface: pygame.Surface, text: str, rect: pygame.Rect, colour: Colour,
              sizes: Sequence[int] = NAME_SIZES, anchor: str = "midleft") -> pygame.Rect:
    """A seat's name fitted into ``rect`` (shrunk down to 28 px drawn, then broken at a
    hyphen: "Marie-" / "Antoinette"), centred vertically in it; returns the rect drawn."""
    size, words = fit_text(kit, text, rect.width, sizes)
    image = kit.text(words, size, colour, shadow=False, align="center" if anchor == "center" else "left")
    if anchor == "center":
        placed = image.get_rect(center=rect.center)
    else:
        placed = image.get_rect(midleft=(rect.x, rect.centery))
    surface.blit(image, placed)
    return placed


@remembered
def card_size(kit: UiKit, text: str, room: pygame.Rect, sizes: Sequence[int]) -> int:
    """The largest of ``sizes`` (then smaller, down to 28 px drawn) at which ``text``,
    wrapped at ``room``'s width, fits its height: a card is read whole, never cut."""
    floor = smallest_size(kit)
    tried: list[int] = [*sizes, *range(min(sizes) - 1, floor - 1, -1)]
    for size in tried:
        font = kit.font(size)
        lines = kit.wrap(text, size, room.width)
        if len(lines) * font.get_linesize() <= room.height and all(font.size(line)[0] <= room.width for line in lines):
            return size
    return floor


def draw_card_text(kit: UiKit, surface: pygame.Surface, text: str, room: pygame.Rect, sizes: Sequence[int],
                   colour: Colour = CARD_INK) -> pygame.Rect:
    """``text`` as large as fits ``room`` (:func:`card_size`), centred in it."""
    return kit.blit_text(surface, text, card_size(kit, text, room, sizes), room.center, "center", colour,
                         max_width=room.width, align="center")


def draw_card(kit: UiKit, surface: pygame.Surface, text: str, caption: str, rect: pygame.Rect,
              sizes: Sequence[int] = (48,)) -> None:
    """A trait card: paper, gold border, caption on top, the text as large as fits."""
    kit.panel(surface, rect, CARD_PAPER, radius=28 if rect.width > 400 else 18, border=kit.colours.gold,
              border_width=6 if rect.width > 400 else 4, shadow=False)
    top = rect.y + 14
    if caption:
        width = rect.width - 32
        size = fit_wrapped(kit, caption, width, 1, (30 if rect.width > 400 else 28,))
        top = kit.blit_text(surface, caption, size, (rect.centerx, rect.y + 12), "midtop", CARD_CAPTION,
                            max_width=width, align="center").bottom + 4
    draw_card_text(kit, surface, text, pygame.Rect(rect.x + 16, top, rect.width - 32, rect.bottom - 12 - top), sizes)


class ListPicker:
    """A cursor over a few labelled options (whole cards, or names), drawn inside a peek
    curtain: in two columns when there are more than :data:`ONE_COLUMN` (a hand of
    seven), filled top to bottom, so DOWN/UP step through them in order and
    LEFT/RIGHT jump to the other column."""

    def __init__(self, title: str, options: list[str], on_pick: Callable[[int], None]) -> None:
        self.title = title
        self.options = options
        self.on_pick = on_pick
        self.cursor = 0

    @property
    def rows(self) -> int:
        n = len(self.options)
        return n if n <= ONE_COLUMN else (n + 1) // 2

    def handle(self, event: InputEvent) -> bool:
        if not event.pressed:
            return False
        n = len(self.options)
        if event.intent is Intent.UP:
            self.cursor = (self.cursor - 1) % n
        elif event.intent is Intent.DOWN:
            self.cursor = (self.cursor + 1) % n
        elif event.intent in (Intent.LEFT, Intent.RIGHT):
            step = self.rows if n > self.rows else 1
            self.cursor = (self.cursor + (step if event.intent is Intent.RIGHT else -step)) % n
        elif event.intent is Intent.CONFIRM and not event.repeat:
            self.on_pick(self.cursor)
        else:
            return False
        return True

    def draw(self, kit: UiKit, surface: pygame.Surface, rect: pygame.Rect) -> None:
        c = kit.colours
        title = fit_wrapped(kit, self.title, rect.width, 1, (40, 36, 32))
        y = kit.blit_text(surface, self.title, title, (rect.centerx, rect.y), "midtop", c.gold, max_width=rect.width,
                          align="center").bottom + 16
        rows = self.rows
        columns = 1 if rows == len(self.options) else 2
        width = (rect.width - 40 - OPTION_GAP * (columns - 1)) // columns
        row_h = min(150, (rect.bottom - y) // max(1, rows))
        room = pygame.Rect(0, 0, width - 40, row_h - 24)
        size = min(card_size(kit, label, room, (32, 30)) for label in self.options)  # one size for all
        for i, label in enumerate(self.options):
            column, row = divmod(i, rows)
            box = pygame.Rect(rect.x + 20 + column * (width + OPTION_GAP), y + row * row_h, width, row_h - 12)
            chosen = i == self.cursor
            kit.panel(surface, box, c.panel_hi if chosen else c.bg, radius=18,
                      border=c.accent if chosen else c.panel_hi, border_width=5 if chosen else 2, shadow=False)
            kit.blit_text(surface, label, size, (box.x + 20, box.centery), "midleft", c.text, max_width=room.width)
