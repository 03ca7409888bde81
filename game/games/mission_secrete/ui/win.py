"""The end: "Mission réussie !" (MS-5) or the last one standing (MS-6), as every game's
end show (``game/scenes/shows``) drawn Mission Secrète's way.

Once the last swap has played (the last verdict is read before this section opens), the
grid slides aside (its winning lines glowing) for a card naming the winners, their line
and every seat's character face up, and the show celebrates the winners: the fanfare,
confetti in their colours, a rumble on their pads. There are no scores to count up, so
the card says who won as it slides in. A skips the show; once it is over A plays again
and B goes back to the lobby. Who won is public at this point, so nothing in it is a
secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....input.intents import Intent
from ....scenes.shows import EndShow
from ....ui.fit import fit_size, fit_text
from ....ui.show import Show, Standing
from ..rules.view import Ending, MSPublic

if TYPE_CHECKING:
    from .board import MissionBoard

END_MOVE_TICKS = 40
#: A face's picture at most (px), and what its seat's shape and name (two lines) take around it.
FACE_MAX, FACE_FRAME = 150, 156
#: Between the grid, moved aside, and the card; a winner's name's sizes, largest first.
CARD_GAP, WINNER_NAME_SIZES = 32, (52, 48, 44, 40, 36)


class WinSection(EndShow[MSPublic]):
    """The end of the match; until the grid moves, the play goes on showing (a swap flies)."""

    name = "win"
    board: MissionBoard

    def __init__(self, board: MissionBoard) -> None:
        # the show starts with the grid's move (none for a match loaded over: it was
        # celebrated when it ended)
        super().__init__(board, None, seed=board.seats * 97 + sum(board.public.winners))

    def celebrate(self) -> Show:
        """The show for the winners (place 1; everyone else shares place 2)."""
        winners = self.board.public.winners
        return self.begin([Standing(seat, int(seat in winners), place=1 if seat in winners else 2)
                           for seat in range(self.board.seats)])

    def fixed_update(self) -> None:
        """Once nothing plays any more, slide the grid aside and start the show."""
        board = self.board
        if board.busy:
            return
        if board.end_move is None:
            board.end_move = self.ctx.kit.tween(0.0, 1.0, END_MOVE_TICKS, "in_out_cubic")
            self.celebrate()
        board.end_move.step()
        super().fixed_update()

    @property
    def choices_open(self) -> bool:
        """The grid has moved aside: "again" and "back to the lobby" are taken once the
        show is over (for phones too)."""
        end_move = self.board.end_move
        return end_move is not None and end_move.done

    @property
    def end_choices(self) -> bool:
        return self.choices_open and not self.running

    def draw(self, surface: pygame.Surface, view: MSPublic, alpha: float) -> None:
        board = self.board
        if board.end_move is None:  # the last swap is still flying
            board.play.draw(surface, view, alpha)
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
        self.draw_confetti(surface, alpha)
        safe = kit.safe_rect
        # the card from the grid's side (a little room for the winning line's glow) to the
        # safe area's: the faces' names then fit whole under their faces
        left = board.table.end_grid_right() + CARD_GAP
        panel = pygame.Rect(left, safe.y + 20, safe.right - 12 - left, safe.bottom - safe.y - 120)
        panel.x += int((1 - shown) * 900)
        kit.panel(surface, panel, c.panel, radius=40, border=c.gold, border_width=6)
        mission = public.end == Ending.MISSION
        title = t("ms.end.shared" if len(public.winners) > 1 else "ms.end.mission") if mission else t("ms.end.last")
        y = kit.blit_text(surface, title, 68, (panel.centerx, panel.y + 26), "midtop", c.gold, shadow=True,
                          max_width=panel.width - 40, align="center").bottom + 16
        for seat in public.winners:
            cid = public.final_characters[seat]
            # the name as large as leaves room for the character's picture at the card's end
            name_room = panel.right - 40 - 120 - 16 - (panel.x + 90 + 48 + 96 // 5)
            name_size = fit_size(kit, self.ctx.seats[seat].name, name_room, WINNER_NAME_SIZES)
            kit.draw_seat_badge(surface, self.ctx.seats[seat], (panel.x + 90, y + 50), 96, beside=True,
                                name_size=name_size)
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
        # every card face up: who was who, in the middle of the room under the lines, the
        # pictures as large as it and the seats' share of the width let them (before, they
        # stood at the card's foot under a ~200 px bare band)
        step = (panel.width - 24) // max(1, board.seats)
        room = pygame.Rect(panel.x, y + 20, panel.width, panel.bottom - 24 - (y + 20))
        size_icon = max(64, min(FACE_MAX, step - 16, room.height - FACE_FRAME))
        y = room.y + max(0, (room.height - FACE_FRAME - size_icon) // 2)
        for seat, cid in enumerate(public.final_characters):
            x = panel.x + 12 + step * seat + step // 2
            kit.seat_token(surface, self.ctx.seats[seat].style, (x, y + 30), 28, dim=public.out[seat])
            icon = kit.icon(catalogue.character(cid).icon, size_icon)
            surface.blit(icon, icon.get_rect(midtop=(x, y + 66)))
            size, name = fit_text(kit, board.name(seat), step - 8, (32, 30))
            colour = c.muted if public.out[seat] else kit.seat_style(self.ctx.seats[seat].style).light
            kit.blit_text(surface, name, size, (x, y + 74 + size_icon), "midtop", colour, align="center")
            if public.out[seat]:
                board.table.draw_cross(surface, (x, y + 66 + size_icon // 2), 34)
        if self.end_choices:
            kit.hint_bar(surface, [(Intent.CONFIRM, t("ms.end.again")), (Intent.BACK, t("ms.end.lobby"))])
