"""The endgame (PE-11, PE-18): the giver hands out cards in the peek curtain, each
receiver accepts (CONFIRM) or contests (ALT) on the board, and a contested gift goes to
the table's vote on the ring, with the card shown over it."""

from __future__ import annotations

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import PEPhase
from .curtains import hand_curtain
from .partner_screen import seat_ring
from .section import BoardSection, Overlay
from .vote_ring import CardRing
from .widgets import LIGHT_RED, draw_card_text, draw_name

#: The receiver's shape and name, its answer under them.
RECEIVER_WIDTH = 310
ANSWERS = {"accept": "personality.endgame.accepted", "contest": "personality.endgame.contested"}


class EndgameSection(BoardSection):
    name = "endgame"

    def heading(self) -> str:
        board, p = self.board, self.board.public
        if p.phase == PEPhase.GIVE:
            return board.t("personality.endgame.give", name=board.name(p.giver), n=p.gift_count)
        if p.phase == PEPhase.CONTEST and p.contest is not None:
            return board.t("personality.endgame.contest_title", name=board.name(p.gifts[p.contest].to))
        return board.t("personality.endgame.title", name=board.name(p.giver))

    def handle(self, seat: int, event: InputEvent) -> bool:
        board = self.board
        if not event.pressed or board.public.phase != PEPhase.RESPOND or seat not in board.session.current() \
                or board.busy():
            return False
        if event.intent in (Intent.CONFIRM, Intent.ALT):
            board.submit(Action("accept" if event.intent is Intent.CONFIRM else "contest", seat))
            return True
        return False

    def overlay(self, humans: list[int]) -> Overlay | None:
        board = self.board
        if board.public.phase == PEPhase.GIVE:
            seat = humans[0]
            return ("peek", board.serial, seat), lambda: hand_curtain(board, seat)
        if board.public.phase == PEPhase.CONTEST:
            return ("ring", board.serial), lambda: seat_ring(
                board, humans, "judge", board.t("personality.endgame.contest_question"), CardRing,
                card=self._contested_card)
        return None

    def _contested_card(self) -> tuple[str, str] | None:
        """The gift being judged, over the ring: who gave it to whom, and its text."""
        board, p = self.board, self.board.public
        if p.phase != PEPhase.CONTEST or p.contest is None:
            return None
        gift = p.gifts[p.contest]
        return board.t("personality.endgame.gift", giver=board.name(p.giver), to=board.name(gift.to)), \
            board.card_text(gift.card)

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        board = self.board
        kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
        kit.panel(surface, stage, c.panel, radius=30, border=c.gold, shadow=False)
        giver = board.ctx.seats[p.giver or 0]
        kit.seat_token(surface, giver.style, (stage.x + 100, stage.y + 80), 50)
        # (the whole width left of the gifts: "Konstantinos" whole at the largest text size)
        draw_name(kit, surface, giver.name, pygame.Rect(stage.x + 6, stage.y + 136, 188, 80),
                  kit.seat_style(giver.style).light, (34, 32, 30, 28), anchor="center")
        step = (stage.height - 24) // 3
        for i, gift in enumerate(p.gifts):
            box = pygame.Rect(stage.x + 200, stage.y + 16 + i * step, stage.width - 220, step - 12)
            kit.panel(surface, box, c.panel_hi, radius=20, border=c.accent if p.contest == i else None, shadow=False)
            # the receiver (shape and name) over its answer, on the right; the card's text left of them
            column = pygame.Rect(box.right - 20 - RECEIVER_WIDTH, box.y + 6, RECEIVER_WIDTH, box.height - 12)
            to = board.ctx.seats[gift.to]
            line = column.height // 2
            kit.seat_token(surface, to.style, (column.x + 24, column.y + line // 2), TOKEN_RADIUS)
            draw_name(kit, surface, to.name, pygame.Rect(column.x + 54, column.y, column.width - 54, line),
                      kit.seat_style(to.style).light, (30, 28))
            ink = {"accept": c.good, "contest": LIGHT_RED}.get(gift.answer or "", c.muted)
            answer = board.t(ANSWERS.get(gift.answer or "", "personality.endgame.waiting"))
            draw_name(kit, surface, answer, pygame.Rect(column.x + 54, column.y + line, column.width - 54, line), ink,
                      (30, 28))
            draw_card_text(kit, surface, board.card_text(gift.card),
                           pygame.Rect(box.x + 24, box.y + 6, column.x - 16 - box.x - 24, box.height - 12), (30,),
                           c.text)
        if p.phase == PEPhase.RESPOND:
            kit.hint_bar(surface, [(Intent.CONFIRM, board.t("personality.endgame.accept")),
                                   (Intent.ALT, board.t("personality.endgame.contest"))])
        if p.phase == PEPhase.GIVE and len(p.gifts) < p.gift_count:
            kit.blit_text(surface, board.t("personality.endgame.pick_card"), 34,
                          (stage.x + 200 + (stage.width - 220) // 2, stage.y + 16 + len(p.gifts) * step + step // 2),
                          "center", c.muted)
