"""The reveal (IN-5), paced as every game's reveal (``game/scenes/shows``: a beat of
:data:`REVEAL_STEP_TICKS` per drawing; A or a phone's "Skip" moves on to the next):
drawing by drawing, the right tile lights up, the voters' numbers flip one by one and
the points are explained; then the round's scores, where every seat says it is ready for
the next round, or the end of the match (``standings.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....input.intents import Intent
from ....scenes.shows import RevealPacing
from ....ui.fit import fit_text, fit_words, fit_wrapped
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import INPhase, IncognitoPublic
from .standings import FinalSection, ScoresSection

if TYPE_CHECKING:
    from .board import IncognitoBoard

REVEAL_STEP_TICKS = 300
#: Panels keep this far from the content's sides (their soft shadows stay in the safe
#: area); the gap between the columns.
EDGE, GAP = 12, 16


class IncognitoReveal(RevealPacing[IncognitoPublic]):
    board: IncognitoBoard

    def __init__(self, board: IncognitoBoard) -> None:
        super().__init__(board, [REVEAL_STEP_TICKS] * board.n)

    def enter(self) -> None:
        self.board.close_overlays()

    def finish(self) -> None:
        """After the last drawing: the scores (the final ranking at the end)."""
        board = self.board
        board.show(ScoresSection(board) if board.public.phase == INPhase.REVEAL else FinalSection(board))

    def draw(self, surface: pygame.Surface, public: IncognitoPublic, alpha: float) -> None:
        """Three columns in the content area: the drawing (its artist above, its place
        under it), the line-up with the right word lighting up, the voters' numbers
        flipping; under the last two, who found it and the rule. (No drop shadows at the
        safe area's edge: they would reach into the margin.)"""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        record = public.history[-1]
        drawer = min(self.beat, board.n - 1)
        seat = board.seat(drawer)
        board.top_bar(surface, public, board.text("incognito.reveal.title", name=seat.name))
        area = board.content.inflate(-2 * EDGE, 0)
        frame = pygame.Rect(area.x, area.y, min(820, int(area.width * 0.46)), area.height)
        words = pygame.Rect(frame.right + GAP, area.y, 330, 0)
        cards = pygame.Rect(words.right + GAP, area.y, area.right - words.right - GAP, 0)
        self.draw_drawing(surface, frame, record, drawer)
        t = self.tick + alpha
        answer = record.lineup.index(record.words[drawer]) + 1
        # (a row holds its number's 48 px badge: issue 28)
        row = max(2 * TOKEN_RADIUS + 6, min(72, (area.height // 2 - 10 * (len(record.lineup) - 1)) // len(record.lineup)))
        for i, word in enumerate(record.lineup):
            rect = pygame.Rect(words.x, words.y + i * (row + 10), words.width, row)
            right = t >= 60 and i + 1 == answer
            kit.panel(surface, rect, c.good if right else c.panel_hi, radius=18, border=c.gold if right else None)
            kit.draw_shape(surface, "circle", c.gold, (rect.x + 36, rect.centery), TOKEN_RADIUS)
            kit.blit_text(surface, str(i + 1), 30, (rect.x + 36, rect.centery), "center", c.shadow)
            name, size = fit_words(kit, board.word_name(word), 34, rect.width - 90)
            kit.blit_text(surface, name, size, (rect.x + 74, rect.centery), "midleft",
                          c.shadow if right else c.text, max_width=rect.width - 90)
            words.height = rect.bottom - words.y
        voters = [v for v in range(board.n) if v != drawer]
        card_h = min(84, (area.height // 2 - 10 * (len(voters) - 1)) // max(1, len(voters)))
        for k, voter in enumerate(voters):
            card = pygame.Rect(cards.x, cards.y + k * (card_h + 10), cards.width, card_h)
            self.draw_voter(surface, card, record, voter, drawer, flipped=t >= 90 + 24 * k)
            cards.height = card.bottom - cards.y
        if t >= 90 + 24 * len(voters) + 20:
            top = max(words.bottom, cards.bottom) + GAP
            self.draw_verdict(surface, pygame.Rect(words.x, top, area.right - words.x, area.bottom - top), record,
                              drawer, voters)
        kit.hint_bar(surface, [(Intent.CONFIRM, board.text("incognito.hint.next"))])

    def draw_drawing(self, surface: pygame.Surface, frame: pygame.Rect, record: Any, drawer: int) -> None:
        """The drawing in its artist's colours: shape and name above, the place under it."""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        seat = board.seat(drawer)
        style = kit.seat_style(seat.style)
        kit.panel(surface, frame, c.panel, radius=26, border=style.colour, border_width=6, shadow=False)
        token = kit.seat_token(surface, seat.style, (frame.x + 44, frame.y + 40), 24)
        size, name = fit_text(kit, seat.name, frame.right - 24 - token.right - 12, (36, 32))
        kit.blit_text(surface, name, size, (token.right + 12, token.centery), "midleft", style.light, shadow=True)
        width = min(frame.width - 48, (frame.height - 80 - 64) * 4 // 3)
        image = board.cache(("round", record.round, drawer), record.drawings[drawer], width)
        spot = image.get_rect(midtop=(frame.centerx, frame.y + 80))
        surface.blit(image, spot)
        size, place = fit_text(kit, board.place_name(record.places[drawer]), frame.width - 48, (32, 30))
        kit.blit_text(surface, place, size, (frame.centerx, spot.bottom + 12), "midtop", c.muted, align="center")

    def draw_voter(self, surface: pygame.Surface, card: pygame.Rect, record: Any, voter: int, drawer: int,
                   flipped: bool) -> None:
        """A voter by shape and name, and once flipped the number it gave (+1 if right)."""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        found = record.found[voter][drawer]
        kit.panel(surface, card, c.panel, radius=18, border=(c.good if found else c.bad) if flipped else None,
                  shadow=False)
        player = board.seat(voter)
        token = kit.seat_token(surface, player.style, (card.x + 36, card.centery), TOKEN_RADIUS)
        chip = (card.right - 40, card.centery)
        room = card.right - 140 - token.right - 10
        size, name = fit_text(kit, player.name, room, (30, 28))
        kit.blit_text(surface, name, size, (token.right + 10, card.centery), "midleft",
                      kit.seat_style(player.style).light, shadow=True)
        radius = max(TOKEN_RADIUS, min(28, card.height // 2 - 6))
        if flipped:
            kit.draw_shape(surface, "circle", c.good if found else c.bad, chip, radius)
            kit.blit_text(surface, str(record.votes[voter][drawer]), 30, chip, "center", c.shadow)
            if found:
                kit.blit_text(surface, "+1", 32, (card.right - 84, card.centery), "midright", c.good)
        else:
            kit.draw_shape(surface, "square", c.panel_hi, chip, radius)
            kit.blit_text(surface, "?", 30, chip, "center", c.text)

    def draw_verdict(self, surface: pygame.Surface, box: pygame.Rect, record: Any, drawer: int,
                     voters: list[int]) -> None:
        """How many found it and what the artist gets; the scoring rule under it."""
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        finders = sum(record.found[v][drawer] for v in voters)
        key = ("incognito.reveal.nobody" if finders == 0 else
               "incognito.reveal.everyone" if finders == len(voters) else "incognito.reveal.some")
        kit.panel(surface, box, c.panel_hi, radius=26, border=c.gold if 0 < finders < len(voters) else None,
                  shadow=False)
        said = board.text(key, name=board.seat(drawer).name, n=finders, total=len(voters))
        width = box.width - 48
        size = fit_wrapped(kit, said, width, 2, (40, 36, 32))
        said_at = kit.blit_text(surface, said, size, (box.centerx, box.y + 18), "midtop",
                                c.gold if key.endswith("some") else c.text, max_width=width, align="center")
        rule = board.text("incognito.reveal.rule")
        lines = max(1, (box.bottom - 14 - said_at.bottom - 10) // kit.font(28).get_linesize())
        kit.blit_text(surface, rule, fit_wrapped(kit, rule, width, lines, (30, 28)), (box.centerx, said_at.bottom + 10),
                      "midtop", c.text, max_width=width, align="center")
