"""Peeking at one's mission: the intro peeks (each person in turn, before play) and PEEK
at any time. Characters are only ever drawn inside the owner's peek curtain."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....scenes.peek import PeekCurtain

if TYPE_CHECKING:
    from .board import MissionBoard


class MissionPeek:
    """The peek curtain over the board (one at a time) and the queue of intro peeks."""

    def __init__(self, board: MissionBoard, intro: bool) -> None:
        self.board = board
        self.ctx = board.ctx
        self.curtain: PeekCurtain | None = None
        #: The people at the TV still to see their mission before the first swap (a seat
        #: on a phone sees it there, SS-2: no curtain waits for it).
        self.intro = [s for s in range(board.seats) if s not in board.bots and not board.ctx.seats[s].on_phone
                      ] if intro and not board.public.swaps else []

    def next_intro(self) -> None:
        if self.intro and self.board.stack is not None and self.curtain is None:
            self.open(self.intro[0], intro=True)

    def open(self, seat: int, intro: bool = False) -> PeekCurtain | None:
        stack = self.board.stack
        if stack is None or self.curtain is not None:
            return None
        t = self.ctx.t
        self.curtain = PeekCurtain(self.ctx, seat, lambda surface, rect: self.draw_mission(surface, rect, seat),
                                   title=t("ms.peek.intro") if intro else t("ms.peek.title"),
                                   on_close=lambda: self._closed(seat))
        stack.push(self.curtain)
        return self.curtain

    def _closed(self, seat: int) -> None:
        self.curtain = None
        if self.intro and self.intro[0] == seat:
            self.intro.pop(0)
            self.next_intro()

    def draw_mission(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """Inside the peek curtain: the seat's own character card and goal."""
        kit, c, board = self.ctx.kit, self.ctx.kit.colours, self.board
        private = board.session.view(seat).private
        if private is None:
            return
        lang = board.lang()
        character = board.catalogue.character(private.my_character)
        obj = board.catalogue.object(private.my_object)
        card = pygame.Rect(0, 0, 440, rect.height - 20)
        card.midleft = (rect.x + 80, rect.centery)
        kit.panel(surface, card, c.panel_hi, radius=36, border=c.gold, border_width=6)
        kit.blit_text(surface, self.ctx.t("ms.peek.you_are"), 40, (card.centerx, card.y + 30), "midtop", c.muted)
        icon = kit.icon(character.icon, 260)
        surface.blit(icon, icon.get_rect(center=(card.centerx, card.centery)))
        kit.blit_text(surface, character.name(lang), 52, (card.centerx, card.bottom - 36), "midbottom", c.gold,
                      max_width=card.width - 40, align="center")
        right = pygame.Rect(card.right + 60, rect.y + 40, rect.right - card.right - 120, rect.height - 80)
        kit.blit_text(surface, self.ctx.t("ms.peek.goal", object=obj.plural(lang)), 48, right.topleft,
                      "topleft", c.text, max_width=right.width)
        size = min(150, (right.width - 60) // 4)
        for k in range(obj.count):
            x = right.x + k * (size + 20) + size // 2
            kit.panel(surface, pygame.Rect(x - size // 2, right.centery, size, size), c.panel, radius=20,
                      border=c.gold)
            image = kit.icon(obj.icon, int(size * 0.78))
            surface.blit(image, image.get_rect(center=(x, right.centery + size // 2)))
