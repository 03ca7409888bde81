"""The reader's turn (PE-2) and the exchanges after a vote (PE-4, PE-15): both are
chosen from one's hand inside the peek curtain; the stage says who is at it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....scenes.phone_seats import draw_phone_turn, on_phone
from .curtains import hand_curtain
from .section import BoardSection, Overlay

if TYPE_CHECKING:
    from ....ui.kit import UiKit


def draw_waiting(kit: UiKit, surface: pygame.Surface, stage: pygame.Rect, text: str) -> None:
    kit.blit_text(surface, text, 44, stage.center, "center", kit.colours.text, max_width=stage.width - 160,
                  align="center")


class ReadSection(BoardSection):
    name = "read"

    def heading(self) -> str:
        return self.board.t("personality.read.title", name=self.board.name(self.board.public.reader))

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        board = self.board
        draw_waiting(board.ctx.kit, surface, stage, self.heading())
        reader = board.public.reader
        if reader is not None and on_phone(board.ctx, reader):
            draw_phone_turn(board.ctx, surface, reader, (stage.centerx, stage.centery + 110), stage.width - 160)

    def overlay(self, humans: list[int]) -> Overlay | None:
        seat = humans[0]
        return ("peek", self.board.serial, seat), lambda: hand_curtain(self.board, seat)


class ExchangeSection(BoardSection):
    name = "exchange"

    def heading(self) -> str:
        return self.board.t("personality.exchange.title")

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        p = self.board.public
        draw_waiting(self.board.ctx.kit, surface, stage, self.board.t("personality.exchange.done", n=len(p.exchanged),
                                                        total=len(p.exchangers)))

    def overlay(self, humans: list[int]) -> Overlay | None:
        seat = humans[0]
        return ("peek", self.board.serial, seat), lambda: hand_curtain(self.board, seat)
