"""The debate after a tied vote (PE-6): the tied choices in full, who is ready to vote
again, and the countdown. CONFIRM on the board says "ready"."""

from __future__ import annotations

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....ui.fit import fit_wrapped
from ..rules.view import VoteKind
from .section import BoardSection
from .widgets import card_size, draw_card, draw_name

COUNTDOWN_WIDTH = 320
CARD_SIZES = (40, 36, 34, 32, 30, 28)


class DebateSection(BoardSection):
    name = "debate"

    def heading(self) -> str:
        return self.board.t("personality.debate.title")

    def handle(self, seat: int, event: InputEvent) -> bool:
        if event.pressed and event.intent is Intent.CONFIRM and seat in self.board.session.current():
            self.board.submit(Action("ready", seat))
            return True
        return False

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        board = self.board
        kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
        kit.panel(surface, stage, c.panel, radius=30, border=c.accent, shadow=False)
        width = stage.width - 80 - COUNTDOWN_WIDTH
        explain = board.t("personality.debate.explain")
        heading = kit.blit_text(surface, explain, fit_wrapped(kit, explain, width, 1, (36, 34, 32, 30)),
                                (stage.x + 40, stage.y + 22), "topleft", c.text, max_width=width)
        ready = kit.blit_text(surface, board.t("personality.debate.ready", n=len(p.ready), total=p.seats), 32,
                              (stage.x + 40, stage.bottom - 22), "bottomleft", c.muted)
        room = pygame.Rect(stage.x + 30, heading.bottom + 16, width + 20, ready.y - 12 - heading.bottom - 16)
        if p.vote_kind == VoteKind.NORMAL:
            self._draw_players(surface, room)
        else:
            self._draw_cards(surface, room, [str(c) for c in p.candidates])
        remaining = board.session.remaining()
        centre = (stage.right - COUNTDOWN_WIDTH // 2, stage.centery)
        if p.debate_ticks > 0 and remaining is not None:
            kit.countdown(surface, centre, remaining / 60, p.debate_ticks / 60, radius=120)
        else:
            kit.blit_text(surface, board.t("personality.debate.no_timer"), 32, centre, "center", c.muted,
                          max_width=COUNTDOWN_WIDTH - 40, align="center")
        kit.hint_bar(surface, [(Intent.CONFIRM, board.t("personality.debate.hint"))])

    def _draw_cards(self, surface: pygame.Surface, room: pygame.Rect, cards: list[str]) -> None:
        kit = self.board.ctx.kit
        w = min(560, room.width // max(1, len(cards)))
        texts = [self.board.card_text(card) for card in cards]
        # the tied cards side by side at one size, the one the longest fits (draw_card's room)
        size = min(card_size(kit, text, pygame.Rect(0, 0, w - 48, room.height - 26), CARD_SIZES) for text in texts)
        for i, text in enumerate(texts):
            draw_card(kit, surface, text, "", pygame.Rect(room.x + i * w, room.y, w - 16, room.height), (size,))

    def _draw_players(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The read card, then the tied players (shape, colour, name)."""
        board, kit = self.board, self.board.ctx.kit
        p = board.public
        card_box = pygame.Rect(room.x, room.y, min(520, room.width // 2), room.height)
        if p.table:
            draw_card(kit, surface, board.card_text(p.table[0]), "", card_box, CARD_SIZES)
        players = [s for s in p.candidates if isinstance(s, int)]
        w = (room.right - card_box.right - 16) // max(1, len(players))
        for i, seat in enumerate(players):
            cell = pygame.Rect(card_box.right + 16 + i * w, room.y, w - 12, room.height)
            kit.seat_token(surface, board.ctx.seats[seat].style, (cell.centerx, cell.y + 56), 48)
            name = pygame.Rect(cell.x, cell.y + 112, cell.width, min(76, cell.height - 112))
            draw_name(kit, surface, board.name(seat), name, kit.seat_style(board.ctx.seats[seat].style).light,
                      anchor="center")
