"""A scored round read out (HH-3) as every game's reveal pacing (``game/scenes/shows``):
after a drum roll, a beat per seat turns its colour over with the guess it made for the
seat on its left, right or wrong; a last beat shows the scores. A pad's CONFIRM or a
phone's "Skip" moves on a beat; bots and phones wait. Everything in it is public once
the round is scored."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.input.intents import Intent
from game.scenes.shows import RevealPacing

from ..rules.view import HuePublic, Round, left_of
from .guess import CARDS_TOP

if TYPE_CHECKING:
    from .board import HueBoard

#: Fixed ticks of the drum roll, of each seat's beat and of the scores' beat.
INTRO_TICKS, SEAT_TICKS, SCORES_TICKS = 40, 45, 90


class RevealSection(RevealPacing[HuePublic]):
    board: HueBoard

    def __init__(self, board: HueBoard, number: int, record: Round) -> None:
        super().__init__(board, [INTRO_TICKS] + [SEAT_TICKS] * board.seats + [SCORES_TICKS])
        self.number, self.record = number, record
        self.ctx.audio.play("reveal")

    def on_beat(self, beat: int) -> None:
        """Seat ``beat - 1``'s colour turns over: a chime for a right guess, a buzz for a
        wrong one; then the scores."""
        if beat <= self.board.seats:
            self.ctx.audio.play("right" if self.record.right[beat - 1] else "buzz")
        else:
            self.ctx.audio.play("points")

    def draw(self, surface: pygame.Surface, view: HuePublic, alpha: float) -> None:
        kit, c, t, board = self.ctx.kit, self.ctx.kit.colours, self.ctx.t, self.board
        kit.background(surface)
        top = board.draw_title(surface, t("hh.reveal.title", n=self.number), t("hh.reveal.subtitle"))
        top = max(top + 30, CARDS_TOP - 230)
        cards = board.seat_cards(top, kit.hint_bar_top() - 30 - top)
        scores = [sum(r.points[s] for r in view.history[:self.number]) for s in range(board.seats)]
        for seat, card in enumerate(cards):
            style = kit.seat_style(self.ctx.seats[seat].style)
            kit.panel(surface, card, c.panel, radius=28, border=style.colour)
            kit.draw_seat_badge(surface, self.ctx.seats[seat], (card.centerx, card.y + 70), 84)
            if seat < self.beat:
                self.draw_turned(surface, card, seat)
            if self.beat > board.seats:
                kit.blit_text(surface, t("hh.reveal.points", n=scores[seat]), 36, (card.centerx, card.bottom - 20),
                              "midbottom", c.gold)
        kit.hint_bar(surface, [(Intent.CONFIRM, t("hh.hint.skip"))])

    def draw_turned(self, surface: pygame.Surface, card: pygame.Rect, seat: int) -> None:
        """The seat's colour, and what it named for its left neighbour, right or wrong."""
        kit, c, t, board = self.ctx.kit, self.ctx.kit.colours, self.ctx.t, self.board
        board.draw_colour(surface, self.record.colours[seat], (card.centerx, card.y + 225), 100)
        left = board.name(left_of(seat, board.seats))
        kit.blit_text(surface, t("hh.reveal.named", name=left), 26, (card.centerx, card.y + 325), "midtop", c.muted,
                      max_width=card.width - 20, align="center")
        drawn = board.draw_colour(surface, self.record.guesses[seat], (card.centerx, card.y + 435), 64)
        verdict = (card.centerx, drawn.bottom + 34)
        if self.record.right[seat]:
            kit.draw_check(surface, verdict, 48)
        else:
            kit.blit_text(surface, t("hh.reveal.wrong"), 30, verdict, "center", c.bad)
