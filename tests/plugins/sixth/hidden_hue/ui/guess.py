"""The guesses (HH-2): the colours in play and every seat's card on the TV; a seat at the
TV holds PEEK to open its curtain, where it sees its own colour and names the colour of
the seat on its left (LEFT/RIGHT, then CONFIRM). Outside the curtain the TV shows who has
guessed, never what: the cursor and the colours it points at live in the curtain. A
seat played on a phone guesses there: its card shows a phone."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.actions import Action
from game.input.intents import InputEvent, Intent
from game.scenes.board import Section
from game.scenes.peek import PeekCurtain
from game.scenes.phone_seats import draw_phone_mark, on_phone

from ..rules.view import HuePublic, left_of

if TYPE_CHECKING:
    from .board import HueBoard

#: Where the seat cards start, and their height.
CARDS_TOP, CARD_H = 500, 340


class GuessSection(Section[HuePublic]):
    name = "guess"
    board: HueBoard

    def handle(self, seat: int, event: InputEvent) -> bool:
        """PEEK opens the seat's curtain while it has a guess to make."""
        board = self.board
        if event.intent is not Intent.PEEK or not self.press(event) or board.curtain is not None:
            return False
        if seat not in board.session.current() or on_phone(self.ctx, seat) or board.stack is None:
            return False
        board.curtain = GuessCurtain(board, seat)
        board.stack.push(board.curtain)
        return True

    def draw(self, surface: pygame.Surface, view: HuePublic, alpha: float) -> None:
        kit, t, board = self.ctx.kit, self.ctx.t, self.board
        kit.background(surface)
        top = board.draw_title(surface, t("hh.round", n=view.round, total=view.rounds), t("hh.guess.ask"))
        step = min(200, kit.safe_rect.width // max(1, len(view.in_play)))
        first = kit.safe_rect.centerx - step * (len(view.in_play) - 1) // 2
        for k, colour in enumerate(view.in_play):
            board.draw_colour(surface, colour, (first + k * step, top + 90), 100)
        for seat, card in enumerate(board.seat_cards(CARDS_TOP, CARD_H)):
            self.draw_card(surface, card, seat, view)
        kit.hint_bar(surface, [(Intent.PEEK, t("hh.hint.peek"))])

    def draw_card(self, surface: pygame.Surface, card: pygame.Rect, seat: int, view: HuePublic) -> None:
        kit, c, t, board = self.ctx.kit, self.ctx.kit.colours, self.ctx.t, self.board
        style = kit.seat_style(self.ctx.seats[seat].style)
        kit.panel(surface, card, c.panel, radius=28, border=style.colour)
        kit.draw_seat_badge(surface, self.ctx.seats[seat], (card.centerx, card.y + 80), 96)
        left = board.name(left_of(seat, board.seats))
        kit.blit_text(surface, t("hh.guess.about", name=left), 28, (card.centerx, card.y + 185), "midtop", c.muted,
                      max_width=card.width - 24, align="center")
        status = (card.centerx, card.bottom - 45)
        if view.guessed and view.guessed[seat]:
            kit.draw_check(surface, status, 56)
        elif not draw_phone_mark(self.ctx, surface, seat, status, 56):
            board.draw_thinking(surface, seat, status, 44)


class GuessCurtain(PeekCurtain):
    """One seat's peek: its colour, and the colours it may name for its left neighbour.
    Letting go of PEEK closes it; a guess made closes it too."""

    def __init__(self, board: HueBoard, seat: int) -> None:
        super().__init__(board.ctx, seat, self.draw_guess, handle_private=self.choose,
                         title=board.ctx.t("hh.peek.title"), on_close=self.closed, close_on_release=True)
        self.board = board
        #: The colour its cursor is on, by its place among the seat's legal guesses.
        self.cursor = 0

    def options(self) -> list[Action]:
        return self.board.session.legal(self.seat)

    def choose(self, event: InputEvent) -> bool:
        if not event.pressed:
            return False
        options = self.options()
        if event.intent in (Intent.LEFT, Intent.RIGHT) and options:
            self.cursor = (self.cursor + (1 if event.intent is Intent.RIGHT else -1)) % len(options)
            self.ctx.audio.play("nav")
            return True
        if event.intent is Intent.CONFIRM and options and not event.repeat:
            if self.board.submit(options[self.cursor % len(options)]) is None:
                self.close()
            else:
                self.ctx.audio.play("buzz")
            return True
        return False

    def closed(self) -> None:
        self.board.curtain = None

    def draw_guess(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Inside the curtain: "you are <colour>", then the colours to name for the seat
        on the left, the cursor's circled."""
        kit, c, t, board = self.ctx.kit, self.ctx.kit.colours, self.ctx.t, self.board
        private = board.session.view(self.seat).private
        if private is None:
            return
        mine = pygame.Rect(rect.x, rect.y, rect.width // 3, rect.height)
        kit.blit_text(surface, t("hh.peek.you_are"), 40, (mine.centerx, mine.y + 10), "midtop", c.muted)
        board.draw_colour(surface, private.my_colour, (mine.centerx, mine.centery), 200)
        choices = pygame.Rect(mine.right + 40, rect.y, rect.right - mine.right - 40, rect.height)
        left = board.name(left_of(self.seat, board.seats))
        kit.blit_text(surface, t("hh.peek.which", name=left), 40, (choices.centerx, choices.y + 10), "midtop", c.text,
                      max_width=choices.width, align="center")
        options = [action.data["colour"] for action in self.options()]
        step = choices.width // max(1, len(options))
        size = min(step - 60, 110)
        for k, colour in enumerate(options):
            center = (choices.x + step * k + step // 2, choices.centery)
            if k == self.cursor % len(options):
                kit.arc(surface, c.gold, center, size // 2 + 14, 8, 0.0, 360.0)
            board.draw_colour(surface, colour, center, size, gap=30)
        kit.blit_text(surface, t("hh.peek.keys"), 32, (choices.centerx, choices.bottom - 10), "midbottom", c.muted)
