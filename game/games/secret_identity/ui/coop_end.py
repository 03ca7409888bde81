"""The cooperative Secret Identity board's end screen (SC-5): the team's score counting
up with the end show, the printed rating band, the ten turns and the whole team."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....input.intents import Intent
from ....ui.fit import fit_text
from .widgets import draw_cross

if TYPE_CHECKING:
    from .board_coop import CoopBoard

#: The team's rows: a seat's token (px across), the gap to its name, the gap between columns.
TOKEN, NAME_GAP, COLUMN_GAP = 48, 12, 32


def draw_end(board: CoopBoard, surface: pygame.Surface) -> None:
    """SC-5: the team's score out of 10, the printed rating band, the ten turns and the team.

    Everything flows top to bottom from the rects actually drawn, so the largest text scale
    pushes rows down instead of stacking them; each seat is told by colour, shape and name."""
    kit, c, t = board.ctx.kit, board.ctx.kit.colours, board.ctx.t
    public = board.public
    box = pygame.Rect(0, 0, 1440, 820)
    box.midtop = (kit.W // 2, kit.H // 2 - 430)
    if board.end_show is not None:  # around the panel, never over its texts
        board.end_show.draw_confetti(surface, keep_out=[box])
    kit.panel(surface, box, c.panel, radius=48, border=c.gold, border_width=6)
    y = kit.blit_text(surface, t("sc.end.title"), 52, (box.centerx, box.y + 28), "midtop", c.muted).bottom
    shown = board.end_show.count(0) if board.end_show is not None else public.team_score
    y = kit.blit_text(surface, t("sc.end.score", n=shown, total=public.turns), 120,
                      (box.centerx, y + 4), "midtop", c.gold, shadow=True).bottom
    y = kit.blit_text(surface, t(f"sc.band.{public.band}"), 44, (box.centerx, y + 8), "midtop", c.text,
                      max_width=box.width - 120, align="center").bottom
    chip_h = kit.scaled(30) + 20
    for band in range(4):
        chip = pygame.Rect(0, 0, 300, chip_h)
        chip.midtop = (box.centerx + int((band - 1.5) * 320), y + 16)
        on = band == public.band
        kit.panel(surface, chip, c.gold if on else c.panel_hi, radius=chip_h // 2, shadow=False)
        kit.blit_text(surface, t(f"sc.band_range.{band}"), 30, chip.center, "center", c.shadow if on else c.text)
    y += 16 + chip_h + 48
    x0 = box.centerx - (public.turns - 1) * 48
    for i, turn in enumerate(public.history):
        centre = (x0 + i * 96, y)
        kit.draw_shape(surface, "circle", c.good if turn.correct else c.bad, centre, 30, outline=c.shadow)
        if turn.correct:
            kit.draw_check(surface, centre, 32, c.text)
        else:
            draw_cross(surface, c.text, centre, 20)
    _draw_team(board, surface, pygame.Rect(box.x + 40, y + 48, box.width - 80, box.bottom - y - 64))
    kit.hint_bar(surface, [(Intent.CONFIRM, t("si.podium.again")), (Intent.BACK, t("si.podium.lobby"))])


def _draw_team(board: CoopBoard, surface: pygame.Surface, area: pygame.Rect) -> None:
    """The whole team, four to a row: each seat's shape in its colour with its name beside it.

    The names share one size, the largest at which the longest fits its cell beside its
    token (28 px at worst, broken with a hyphen past that), so none runs into the next
    seat's token; the columns are as wide as the longest name needs, centred in the panel."""
    kit, seats = board.ctx.kit, board.ctx.seats[:board.seats]
    per_row = min(4, len(seats))
    rows = (len(seats) + per_row - 1) // per_row
    room = area.width // per_row - TOKEN - NAME_GAP - COLUMN_GAP
    size = min(fit_text(kit, seat.name, room, (32, 30, 28))[0] for seat in seats)
    labels = [kit.text(fit_text(kit, seat.name, room, (size,))[1], size, kit.seat_style(seat.style).light,
                       shadow=True) for seat in seats]
    column_w = TOKEN + NAME_GAP + max(label.get_width() for label in labels) + COLUMN_GAP
    row_h = area.height // rows
    for i, (seat, label) in enumerate(zip(seats, labels)):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(seats) - row * per_row)
        left = area.centerx + int((col - in_row / 2) * column_w) + COLUMN_GAP // 2
        cy = area.y + row * row_h + row_h // 2
        token = kit.seat_token(surface, seat.style, (left + TOKEN // 2, cy), TOKEN // 2)
        surface.blit(label, label.get_rect(midleft=(token.right + NAME_GAP, cy)))
