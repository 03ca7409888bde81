"""The win screen: "Mission réussie !" (MS-5) or the last one standing (MS-6).

Once the last swap or verdict has played, the grid slides aside (its winning lines
glowing) for a card naming the winners, their line and every seat's character face up.
A plays again, B goes back to the lobby.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ....input.intents import InputEvent, Intent
from ....ui.tween import Tween
from ..rules.view import Ending

if TYPE_CHECKING:
    from .board import MissionBoard

END_MOVE_TICKS = 40


class WinScreen:
    """The end of the match; until the grid moves, the screen that was showing goes on."""

    def __init__(self, board: MissionBoard) -> None:
        self.board = board
        self.ctx = board.ctx

    def step(self) -> None:
        """Once nothing plays any more, slide the grid aside (with a fanfare)."""
        board = self.board
        if board.busy:
            return
        if board.end_move is None:
            board.end_move = Tween(0.0, 1.0, END_MOVE_TICKS, "in_out_cubic")
            self.ctx.audio.play("victory")
        board.end_move.step()

    def handle(self, seat: int, event: InputEvent) -> bool:
        end_move = self.board.end_move
        if end_move is not None and end_move.done and event.pressed and not event.repeat:
            if event.intent in (Intent.CONFIRM, Intent.BACK):
                self.board.finish(again=event.intent is Intent.CONFIRM)
                return True
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        board = self.board
        if board.end_move is None:  # the last swap or verdict is still on
            (board.reveal_screen if board.reveal is not None else board.play).draw(surface, alpha)
            return
        self.ctx.kit.background(surface)
        board.table.draw_grid(surface, alpha)
        self.draw_card(surface, alpha)

    def draw_card(self, surface: pygame.Surface, alpha: float) -> None:
        """Winners, their line, every card."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        board = self.board
        public, catalogue, lang = board.public, board.catalogue, board.lang()
        assert board.end_move is not None
        shown = float(board.end_move.value(alpha))
        self._draw_confetti(surface, alpha)
        panel = pygame.Rect(980, kit.safe_rect.y + 40, kit.safe_rect.right - 980, 860)
        panel.x += int((1 - shown) * 900)
        kit.panel(surface, panel, c.panel, radius=40, border=c.gold, border_width=6)
        mission = public.end == Ending.MISSION
        title = t("ms.end.shared" if len(public.winners) > 1 else "ms.end.mission") if mission else t("ms.end.last")
        y = kit.blit_text(surface, title, 68, (panel.centerx, panel.y + 26), "midtop", c.gold, shadow=True,
                          max_width=panel.width - 40, align="center").bottom + 16
        for seat in public.winners:
            cid = public.final_characters[seat]
            kit.draw_seat_badge(surface, self.ctx.seats[seat], (panel.x + 90, y + 50), 96, beside=True, name_size=52)
            kit.blit_text(surface, t("ms.end.was", character=board.character_name(cid)), 34, (panel.x + 160, y + 84),
                          "topleft", c.muted)
            icon = kit.icon(catalogue.character(cid).icon, 120)
            surface.blit(icon, icon.get_rect(midright=(panel.right - 40, y + 64)))
            y += 150
        if mission:
            for line in public.lines:
                obj = catalogue.object(catalogue.character(line.character).object)
                key = "ms.end.line_row" if line.kind == "row" else "ms.end.line_column"
                text = t(key, object=obj.plural(lang), n=line.index + 1)
                y = kit.blit_text(surface, text, 40, (panel.centerx, y), "midtop", c.text,
                                  max_width=panel.width - 60, align="center").bottom + 10
        else:
            y = kit.blit_text(surface, t("ms.end.last_body", name=board.name(public.winners[0])), 40,
                              (panel.centerx, y), "midtop", c.text, max_width=panel.width - 60,
                              align="center").bottom + 10
        # every card face up: who was who
        y = max(y + 20, panel.bottom - 250)
        step = (panel.width - 40) // max(1, board.seats)
        for seat, cid in enumerate(public.final_characters):
            x = panel.x + 20 + step * seat + step // 2
            kit.seat_token(surface, self.ctx.seats[seat].style, (x, y + 30), 28, dim=public.out[seat])
            icon = kit.icon(catalogue.character(cid).icon, 96)
            surface.blit(icon, icon.get_rect(midtop=(x, y + 66)))
            kit.blit_text(surface, board.name(seat), 28, (x, y + 170), "midtop", c.muted, max_width=step - 10,
                          align="center")
            if public.out[seat]:
                board.table.draw_cross(surface, (x, y + 114), 34)
        if board.end_move.done:
            kit.hint_bar(surface, [(Intent.CONFIRM, t("ms.end.again")), (Intent.BACK, t("ms.end.lobby"))])

    def _draw_confetti(self, surface: pygame.Surface, alpha: float) -> None:
        """Falling confetti in the winners' colours (deterministic, no generator)."""
        kit, board = self.ctx.kit, self.board
        colours = [kit.seat_style(self.ctx.seats[s].style).colour for s in board.public.winners] or [kit.colours.gold]
        time = board.ticks + alpha
        for i in range(70):
            x = (i * 277 + int(40 * math.sin(time / 30 + i))) % kit.W
            y = (time * (3 + i % 5) + i * 97) % (kit.H + 80) - 40
            size = 10 + i % 4 * 3
            piece = pygame.Rect(int(x), int(y), size, int(size * (0.5 + 0.5 * abs(math.sin(time / 12 + i)))))
            pygame.draw.rect(surface, colours[i % len(colours)], piece, border_radius=3)
