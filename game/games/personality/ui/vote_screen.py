"""The secret vote (PE-3, PE-6, PE-9) and the Inversion round before it (PE-9).

On the stage: the read card and how many have voted, or the Inversion cards. A card just
read, or the Inversion cards, stay alone on screen :data:`CARD_TICKS` before the vote
(bots wait, no ring opens). Human voters choose on the vote ring (a choice, then a bet;
no bet on a second vote), where players show colour, shape and name, and cards are the
slots themselves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....core.actions import Action
from ....scenes.ring import RingOption, RingQuestion
from ..rules.view import Candidate, PEPhase, VoteKind
from .curtains import hand_curtain
from .section import BoardSection, Overlay
from .vote_ring import CardRing
from .widgets import draw_card

if TYPE_CHECKING:
    from .board import PersonalityBoard

VOTING = (PEPhase.VOTE, PEPhase.REVOTE)
INVERSION_CARD_SIZES = (32, 30, 28)
#: A card just read (or the Inversion cards) stays alone on screen this long before the vote.
CARD_TICKS = 150


class VoteSection(BoardSection):
    """The vote and the revote."""

    name = "vote"

    def __init__(self, board: PersonalityBoard) -> None:
        super().__init__(board)
        p = board.public
        #: Ticks the cards on the table stay alone first: a card the reader just read (the
        #: board says so, even when a reveal kept this section waiting), the Inversion cards.
        self.hold = CARD_TICKS if p.phase == PEPhase.VOTE and (board.card_read or p.vote_kind == VoteKind.INVERSION) \
            else 0
        board.card_read = False

    @property
    def bots_play(self) -> bool:
        return self.ticks >= self.hold and super().bots_play

    def heading(self) -> str:
        return self.board.t("personality.vote.revote_title" if self.board.public.phase == PEPhase.REVOTE
                            else "personality.vote.title")

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        board, p = self.board, self.board.public
        if p.vote_kind == VoteKind.INVERSION:
            draw_inversion_cards(board, surface, stage)
        elif p.table:
            rect = pygame.Rect(0, 0, min(1150, stage.width - 80), 280)
            rect.midtop = (stage.centerx, stage.y + 8)
            draw_card(board.ctx.kit, surface, board.card_text(p.table[0]),
                      board.t("personality.card.read_by", name=board.name(p.reader)), rect, (48, 44, 40, 36))
        draw_progress(board, surface, stage)

    def overlay(self, humans: list[int]) -> Overlay | None:
        return ("ring", self.board.serial), lambda: self._vote_ring(humans)

    # --- the ring ------------------------------------------------------------------------
    def _vote_ring(self, seats: list[int]) -> CardRing:
        board = self.board
        bets = tuple(RingOption(board.t(f"personality.vote.bet{i + 1}"), number=i + 1) for i in range(3))

        def question(seat: int) -> RingQuestion | None:
            if seat not in board.session.current() or board.public.phase not in VOTING:
                return None  # voted, or the vote is over (the seat may act in the next phase)
            if seat not in board.picks:
                return RingQuestion(self._prompt(), tuple(self._option(seat, c, i)
                                                          for i, c in enumerate(board.public.candidates)))
            return RingQuestion(board.t("personality.vote.bet_question"), bets)

        def choose(seat: int, index: int) -> str | None:
            if seat not in board.picks:
                choices = board.public.candidates
                if index >= len(choices) or choices[index] not in board.session.view(seat).mine.choices:
                    return "personality.refuse.own_card" if board.public.vote_kind == VoteKind.INVERSION \
                        else "personality.refuse.bad_choice"
                if board.public.phase == PEPhase.REVOTE:
                    return board.submit_or_key(Action("vote", seat, {"choice": choices[index], "bet": 1}))
                board.picks[seat] = choices[index]
                return None
            choice = board.picks.pop(seat)
            refusal = board.submit_or_key(Action("vote", seat, {"choice": choice, "bet": index + 1}))
            if refusal is not None:
                board.picks[seat] = choice
            return refusal

        def progress(seat: int) -> tuple[int, int]:
            total = 1 if board.public.phase == PEPhase.REVOTE else 2
            if seat not in board.session.current():
                return total, total
            return (1 if seat in board.picks else 0), total

        return CardRing(board.ctx, seats, question, choose, card=self._voted_card, card_texts=self._card_texts,
                        progress=progress)

    def _option(self, seat: int, choice: Candidate, index: int) -> RingOption:
        """Every candidate, so all seats share one ring (PE-9: one's own Inversion card
        is greyed inside one's own peek and refused, which the TV never shows)."""
        board, p = self.board, self.board.public
        allowed = choice in board.session.view(seat).mine.choices
        if isinstance(choice, int):
            return RingOption(board.name(choice), number=index + 1, seat=choice, used=not allowed)
        number = p.table.index(choice) + 1 if choice in p.table else index + 1
        return RingOption(board.card_text(choice), number=number, used=not allowed)

    def _card_texts(self) -> frozenset[str]:
        p = self.board.public
        return frozenset(self.board.card_text(c) for c in p.candidates if isinstance(c, str))

    def _voted_card(self) -> tuple[str, str] | None:
        """The read card under vote (caption, text), kept readable over the ring."""
        board, p = self.board, self.board.public
        if p.vote_kind == VoteKind.INVERSION or not p.table or p.phase not in VOTING:
            return None
        return board.t("personality.card.read_by", name=board.name(p.reader)), board.card_text(p.table[0])

    def _prompt(self) -> str:
        p = self.board.public
        if p.vote_kind == VoteKind.INVERSION:
            return self.board.t("personality.vote.card_question", name=self.board.name(p.target))
        return self.board.t("personality.vote.question")


class InversionSection(BoardSection):
    """Everyone else lays a card face down for the Inversion player (PE-9)."""

    name = "inversion"

    def heading(self) -> str:
        return self.board.t("personality.inversion.title", name=self.board.name(self.board.public.target))

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        board = self.board
        kit, p = board.ctx.kit, board.public
        kit.blit_text(surface, board.t("personality.inversion.show", name=board.name(p.target)), 36,
                      (stage.centerx, stage.y + 6), "midtop", kit.colours.gold)
        total = len(p.played) + len(board.session.current())
        kit.blit_text(surface, board.t("personality.inversion.played", n=len(p.played), total=total), 40,
                      stage.center, "center", kit.colours.text)

    def overlay(self, humans: list[int]) -> Overlay | None:
        seat = humans[0]
        return ("peek", self.board.serial, seat), lambda: hand_curtain(self.board, seat)


def draw_inversion_cards(board: PersonalityBoard, surface: pygame.Surface, stage: pygame.Rect) -> None:
    kit, p = board.ctx.kit, board.public
    kit.blit_text(surface, board.t("personality.inversion.show", name=board.name(p.target)), 36,
                  (stage.centerx, stage.y + 6), "midtop", kit.colours.gold)
    cards = list(p.table)
    w = min(440, (stage.width - 20) // max(1, len(cards)))
    height = stage.height - 60 - 90
    for i, card in enumerate(cards):
        rect = pygame.Rect(stage.x + 10 + i * w, stage.y + 60, w - 16, height)
        draw_card(kit, surface, board.card_text(card), f"#{i + 1}", rect, INVERSION_CARD_SIZES)


def draw_progress(board: PersonalityBoard, surface: pygame.Surface, stage: pygame.Rect) -> None:
    """How many have voted, and the Tête-à-tête pairs voting together."""
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    kit.blit_text(surface, board.t("personality.vote.voted", n=len(p.voted), total=p.seats), 36,
                  (stage.centerx, stage.bottom - 62), "center", c.text)
    for a, b in p.pairs:
        kit.blit_text(surface, board.t("personality.vote.pair", a=board.name(a), b=board.name(b)), 30,
                      (stage.centerx, stage.bottom - 20), "center", c.accent)
