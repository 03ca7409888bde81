"""The cooperative Secret Identity board's end (SC-5) as every game's end show
(``game/scenes/shows``), with its own card instead of a podium (the team wins or loses
together): the team's score counting up, the printed rating band — the verdict, written
with its chip lit once the count has reached it —, the ten turns and the whole team. A
hurries it, then A plays again and B goes back to the lobby."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....ui.fit import fit_text
from ....ui.show import Standing
from ..rules.view import CoopPublic
from .board_base import SecretIdentityEnd
from .widgets import draw_cross

if TYPE_CHECKING:
    from .board_coop import CoopBoard

#: The team's rows: a seat's token (px across), the gap to its name, between columns, between rows.
TOKEN, NAME_GAP, COLUMN_GAP, ROW_GAP = 48, 12, 32, 40


class CoopEnd(SecretIdentityEnd[CoopPublic]):
    """Every seat's standing is the team's score: one count, every seat cheered together."""

    board: CoopBoard

    def __init__(self, board: CoopBoard) -> None:
        score = board.public.team_score
        super().__init__(board, [Standing(seat, score) for seat in range(board.seats)], seed=score)

    def verdict(self, view: CoopPublic) -> str:
        """The printed rating band of the team's score."""
        return self.ctx.t(f"sc.band.{view.band}")

    def draw(self, surface: pygame.Surface, view: CoopPublic, alpha: float) -> None:
        """SC-5: the team's score out of 10, the rating band, the ten turns and the team.

        Everything flows top to bottom from the rects actually drawn, so the largest text
        scale pushes rows down instead of stacking them; each seat is told by colour,
        shape and name. The band's line keeps its room while the count runs."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        kit.background(surface)
        box = pygame.Rect(0, 0, 1440, 820)
        box.midtop = (kit.W // 2, kit.H // 2 - 430)
        self.draw_confetti(surface, alpha, keep_out=[box])  # around the panel, never over its texts
        kit.panel(surface, box, c.panel, radius=48, border=c.gold, border_width=6)
        y = kit.blit_text(surface, t("sc.end.title"), 52, (box.centerx, box.y + 28), "midtop", c.muted).bottom
        y = kit.blit_text(surface, t("sc.end.score", n=self.count(0, alpha), total=view.turns), 120,
                          (box.centerx, y + 4), "midtop", c.gold, shadow=True).bottom
        band = kit.text(self.verdict(view), 44, c.text, max_width=box.width - 120, align="center")
        if self.verdict_shown:
            surface.blit(band, band.get_rect(midtop=(box.centerx, y + 8)))
        y += 8 + band.get_height()
        chip_h = kit.scaled(30) + 20
        for rating in range(4):
            chip = pygame.Rect(0, 0, 300, chip_h)
            chip.midtop = (box.centerx + int((rating - 1.5) * 320), y + 16)
            on = rating == view.band and self.verdict_shown
            kit.panel(surface, chip, c.gold if on else c.panel_hi, radius=chip_h // 2, shadow=False)
            kit.blit_text(surface, t(f"sc.band_range.{rating}"), 30, chip.center, "center", c.shadow if on else c.text)
        y += 16 + chip_h + 48
        x0 = box.centerx - (view.turns - 1) * 48
        for i, turn in enumerate(view.history):
            centre = (x0 + i * 96, y)
            kit.draw_shape(surface, "circle", c.good if turn.correct else c.bad, centre, 30, outline=c.shadow)
            if turn.correct:
                kit.draw_check(surface, centre, 32, c.text)
            else:
                draw_cross(surface, c.text, centre, 20)
        _draw_team(self.board, surface, pygame.Rect(box.x + 40, y + 48, box.width - 80, box.bottom - y - 64))
        kit.hint_bar(surface, self.hints())


def _draw_team(board: CoopBoard, surface: pygame.Surface, area: pygame.Rect) -> None:
    """The whole team, four to a row: each seat's shape in its colour with its name beside it.

    The names share one size, the largest at which the longest fits its cell beside its
    token (28 px at worst, broken with a hyphen past that), so none runs into the next
    seat's token; the columns are as wide as the longest name needs, centred in the panel."""
    kit, seats = board.ctx.kit, board.ctx.seats.seats[:board.seats]
    per_row = min(4, len(seats))
    rows = (len(seats) + per_row - 1) // per_row
    room = area.width // per_row - TOKEN - NAME_GAP - COLUMN_GAP
    size = min(fit_text(kit, seat.name, room, (32, 30, 28))[0] for seat in seats)
    labels = [kit.text(fit_text(kit, seat.name, room, (size,))[1], size, kit.seat_style(seat.style).light,
                       shadow=True) for seat in seats]
    column_w = TOKEN + NAME_GAP + max(label.get_width() for label in labels) + COLUMN_GAP
    # the rows sit together in the middle of the room left, not spread over it
    row_h = min(area.height // rows, max(TOKEN, max(label.get_height() for label in labels)) + ROW_GAP)
    top = area.centery - rows * row_h // 2
    for i, (seat, label) in enumerate(zip(seats, labels)):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(seats) - row * per_row)
        left = area.centerx + int((col - in_row / 2) * column_w) + COLUMN_GAP // 2
        cy = top + row * row_h + row_h // 2
        token = kit.seat_token(surface, seat.style, (left + TOKEN // 2, cy), TOKEN // 2)
        surface.blit(label, label.get_rect(midleft=(token.right + NAME_GAP, cy)))
