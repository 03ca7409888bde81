"""The reveal (IN-5): drawing by drawing, the right tile lights up, the voters' numbers
flip one by one and the points are explained; then the round's scores, where every
seat says it is ready for the next round, or the end of the match (``standings.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ..rules.view import INPhase
from ....ui.fit import fit_words
from .standings import FinalScreen, ScoresScreen
from .screen import Screen

if TYPE_CHECKING:
    from .board import IncognitoBoard

REVEAL_STEP_TICKS = 300


class RevealScreen(Screen):
    name = "reveal"

    def __init__(self, board: IncognitoBoard) -> None:
        super().__init__(board)
        #: The drawing being revealed.
        self.index = 0

    def enter(self) -> None:
        self.board.close_overlays()

    def update(self) -> None:
        super().update()
        if self.ticks >= REVEAL_STEP_TICKS:
            self.next()

    def handle(self, seat: int, event: InputEvent) -> bool:
        if self.press(event) and event.intent is Intent.CONFIRM:
            self.next()
            return True
        return False

    def next(self) -> None:
        """The next drawing, or after the last one the scores (the final ranking at the end)."""
        self.index += 1
        self.ticks = 0
        if self.index >= self.board.n:
            board = self.board
            board.show(ScoresScreen(board) if board.public.phase == INPhase.REVEAL else FinalScreen(board))

    def draw(self, surface: pygame.Surface, public: Any, alpha: float) -> None:
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        record = public.history[-1]
        drawer = min(self.index, board.n - 1)
        seat = board.seat(drawer)
        style = kit.seat_style(seat.style)
        board.top_bar(surface, public, board.text("incognito.reveal.title", name=seat.name))
        # (no drop shadows at the safe area's edge: they would reach into the margin)
        left, top, edge = board.safe.x, board.content.y, board.safe.right
        frame = pygame.Rect(left, top, 820, 676)  # the drawing (760 wide, 4:3) under the badge row
        kit.panel(surface, frame, c.panel, radius=26, border=style.colour, border_width=6, shadow=False)
        kit.draw_seat_badge(surface, seat, (frame.x + 44, frame.y + 36), 48, beside=True, name_size=36)
        place, size = fit_words(kit, board.place_name(record.places[drawer]), 32, 440)
        kit.blit_text(surface, place, size, (frame.right - 24, frame.y + 36), "midright", c.muted, max_width=440)
        image = board.cache(("round", record.round, drawer), record.drawings[drawer], 760)
        surface.blit(image, (frame.x + 30, frame.y + 76))
        answer = record.lineup.index(record.words[drawer]) + 1
        t = self.ticks + alpha
        shown = t >= 60
        for i, word in enumerate(record.lineup):
            rect = pygame.Rect(left + 850, top + i * 82, 380, 72)
            right = shown and i + 1 == answer
            kit.panel(surface, rect, c.good if right else c.panel_hi, radius=18, border=c.gold if right else None,
                      shadow=False)
            kit.draw_shape(surface, "circle", c.gold, (rect.x + 38, rect.centery), 26)
            kit.blit_text(surface, str(i + 1), 34, (rect.x + 38, rect.centery), "center", c.shadow)
            name, size = fit_words(kit, board.word_name(word), 34, rect.width - 90)
            kit.blit_text(surface, name, size, (rect.x + 78, rect.centery), "midleft",
                          c.shadow if right else c.text, max_width=rect.width - 90)
        voters = [v for v in range(board.n) if v != drawer]
        for k, voter in enumerate(voters):
            card = pygame.Rect(left + 1250, top + k * 98, edge - left - 1250, 84)
            flipped = t >= 90 + 24 * k
            found = record.found[voter][drawer]
            border = (c.good if found else c.bad) if flipped else None
            kit.panel(surface, card, c.panel, radius=18, border=border, shadow=False)
            kit.draw_seat_badge(surface, board.seat(voter), (card.x + 36, card.centery), 44, beside=True, name_size=30)
            chip = (card.right - 44, card.centery)
            if flipped:
                kit.draw_shape(surface, "circle", c.good if found else c.bad, chip, 30)
                kit.blit_text(surface, str(record.votes[voter][drawer]), 36, chip, "center", c.shadow)
                if found:
                    kit.blit_text(surface, "+1", 32, (card.right - 90, card.centery), "midright", c.good)
            else:
                kit.draw_shape(surface, "square", c.panel_hi, chip, 28)
                kit.blit_text(surface, "?", 36, chip, "center", c.muted)
        if t >= 90 + 24 * len(voters) + 20:
            finders = sum(record.found[v][drawer] for v in voters)
            if finders == 0:
                key = "incognito.reveal.nobody"
            elif finders == len(voters):
                key = "incognito.reveal.everyone"
            else:
                key = "incognito.reveal.some"
            box = pygame.Rect(left + 850, top + 512, edge - left - 850, 300)
            kit.panel(surface, box, c.panel_hi, radius=26, border=c.gold if finders and finders < len(voters) else None,
                      shadow=False)
            kit.blit_text(surface, board.text(key, name=seat.name, n=finders, total=len(voters)), 40,
                          (box.centerx, box.y + 40), "midtop", c.gold if key.endswith("some") else c.text,
                          max_width=box.width - 60, align="center")
            kit.blit_text(surface, board.text("incognito.reveal.rule"), 30, (box.centerx, box.bottom - 30), "midbottom",
                          c.muted, max_width=box.width - 60, align="center")
        kit.hint_bar(surface, [(Intent.CONFIRM, board.text("incognito.hint.next"))])
