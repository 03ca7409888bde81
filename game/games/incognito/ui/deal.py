"""The deal (IN-1): every seat's place card flies onto the table, then the drawing
starts. A seat peeks at its secret word (hold PEEK) here and while drawing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....input.intents import InputEvent, Intent
from ....scenes.board import Section
from ....ui.fit import fit_text, fit_words, fit_wrapped, smallest_size
from ..rules.view import IncognitoPublic
from .drawing_screen import DrawSection
from .layout import grid

if TYPE_CHECKING:
    from .board import IncognitoBoard

DEAL_TICKS = 150
#: The room under the cards for "hold Y to see your word".
PEEK_LINE = 64


class DealSection(Section[IncognitoPublic]):
    name = "deal"
    bots_play = False
    board: IncognitoBoard

    def __init__(self, board: IncognitoBoard) -> None:
        super().__init__(board)
        self.tweens = [board.ctx.kit.tween(0.0, 1.0, 36, "out_back", delay=10 + 10 * i) for i in range(board.n)]

    def fixed_update(self) -> None:
        super().fixed_update()
        for tween in self.tweens:
            tween.step()
        if self.ticks >= DEAL_TICKS:
            self.board.show(DrawSection(self.board))

    def handle(self, seat: int, event: InputEvent) -> bool:
        if event.intent is Intent.PEEK and event.pressed:
            self.board.open_curtain(seat, event)
            return True
        if self.press(event) and event.intent is Intent.CONFIRM:
            self.ticks = max(self.ticks, DEAL_TICKS - 20)  # hurry the cards in
            return True
        return False

    def draw(self, surface: pygame.Surface, public: IncognitoPublic, alpha: float) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        board.top_bar(surface, public, board.text("incognito.deal.title"))
        area = board.content.inflate(-24, 0)  # the cards' soft shadows stay in the safe area
        area.height -= PEEK_LINE
        cards = grid(board.n, area, gap=28)
        for i, rect in enumerate(cards):
            t = float(self.tweens[i].value(alpha))
            start = pygame.Rect(0, 0, rect.width // 3, rect.height // 3)
            start.center = (960, 1200)
            box = pygame.Rect(start.x + (rect.x - start.x) * t, start.y + (rect.y - start.y) * t,
                              max(1, start.width + (rect.width - start.width) * t),
                              max(1, start.height + (rect.height - start.height) * t))
            if t <= 0:
                continue
            self.draw_place_card(surface, box, i, public.places[i] if public.places else None)
        hint = kit.rich(board.text("incognito.deal.peek"), 40, c.accent, button=Intent.PEEK)
        surface.blit(hint, hint.get_rect(center=(area.centerx, area.bottom + PEEK_LINE // 2)))
        kit.hint_bar(surface, [(Intent.PEEK, board.text("incognito.hint.word")),
                               (Intent.CONFIRM, board.text("incognito.hint.go"))])

    def draw_place_card(self, surface: pygame.Surface, box: pygame.Rect, seat_index: int, place_id: str | None) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        seat = board.seat(seat_index)
        style = kit.seat_style(seat.style)
        kit.panel(surface, box, c.panel, radius=28, border=style.colour, border_width=6)
        if box.height < 120 or place_id is None:
            return
        token = kit.seat_token(surface, seat.style, (box.x + 50, box.y + 44), 28)
        size, name = fit_text(kit, seat.name, box.right - 20 - token.right - 12, (36, 32))
        kit.blit_text(surface, name, size, (token.right + 12, token.centery), "midleft", style.light, shadow=True)
        place = board.cat.place(place_id)
        size = min(96, (box.width - 60) // len(place.icons) - 12, box.height - 224)  # room for two lines under
        if size < 16:
            return  # still flying in: too small to read
        x0 = box.centerx - (len(place.icons) * (size + 12) - 12) // 2
        for k, code in enumerate(place.icons):
            surface.blit(kit.icon(code, size), (x0 + k * (size + 12), box.y + 92))
        name = board.place_name(place_id)
        kit.blit_text(surface, name, fit_wrapped(kit, name, box.width - 40, 2, (36, 32)),
                      (box.centerx, box.y + 110 + size), "midtop", c.text, max_width=box.width - 40, align="center")


def draw_word(board: IncognitoBoard, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> int:
    """Inside the peek curtain (and beside a drawer's sheet behind its drawing curtain):
    the secret word, its joke, and the place to hide it in, at the largest sizes that fit
    ``rect`` (large text settings shrink them, never under 28 px). Returns where it ends."""
    kit, c = board.ctx.kit, board.ctx.kit.colours
    my_word = board.session.view(seat).mine.my_word
    if my_word is None:
        return rect.y
    word = board.cat.word(my_word)
    lang = board.ctx.settings.lang
    place_id = board.public.places[seat]
    place = board.cat.place(place_id)
    name = board.place_name(place_id)
    hide_in = board.text("incognito.peek.hide_in", place=name[:1].lower() + name[1:])
    floor = smallest_size(kit)
    for shrink in (1.0, 0.85, 0.7, 0.6, 0.5):
        def size(px: int) -> int:
            return max(floor, int(px * shrink))

        shown, word_size = fit_words(kit, word.name(lang), size(120), rect.width)
        lines = [(kit.text(board.text("incognito.peek.your_word"), size(40), c.muted), 6),
                 (kit.text(shown, word_size, c.gold, max_width=rect.width, align="center", shadow=True), 16),
                 (kit.text(board.text("incognito.peek.joke", joke=word.joke(lang)), size(36), c.text,
                           max_width=rect.width - 120, align="center"), int(36 * shrink)),
                 (kit.text(hide_in, size(44), c.accent, max_width=rect.width - 80, align="center"), 16)]
        icon = max(48, int(96 * shrink))
        if 10 + sum(image.get_height() + gap for image, gap in lines) + icon <= rect.height:
            break
    y = rect.y + 10
    for image, gap in lines:
        placed = image.get_rect(midtop=(rect.centerx, y))
        surface.blit(image, placed)
        y = placed.bottom + gap  # (not what blit returns: clipped in a stage's repaint)
    step = icon + 14
    x0 = rect.centerx - (len(place.icons) * step - 14) // 2
    for k, code in enumerate(place.icons):
        surface.blit(kit.icon(code, icon), (x0 + k * step, y))
    return y + icon
