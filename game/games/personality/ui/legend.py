"""The track's legend (issue 28): each special square's pictogram and short name in one row
under the track, right of the Gouffre's name and above the hint bar, so a family on the
sofa reads what the squares are without the rules. Départ (the flag on square 0) and the
Gouffre (named under its pit) need none."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....ui.fit import fit_text
from ....ui.theme import MIN_MARK
from .layout import BOTTOM_ROOM

if TYPE_CHECKING:
    from .board import PersonalityBoard

#: Each square kind's pictogram (OpenMoji), on the track, in its banner and in the legend.
ICONS = {"start": "1F3C1", "tete_a_tete": "1F465", "inversion": "1F504", "door": "1F6AA", "summit": "1F451",
         "gouffre": "1F573"}
#: The squares the legend names, in the order a mask meets them.
KINDS = ("tete_a_tete", "inversion", "door", "summit")
#: Px between a pictogram and its name, and between two entries.
INNER, BETWEEN = 8, 32
#: The row's top, this far under the bottom row of squares.
BELOW_TRACK = 6


def legend_entries(board: PersonalityBoard) -> list[tuple[str, str]]:
    """(pictogram code, short name) of each special square kind on this track."""
    kinds = {board.track.kind(index) for index in range(board.track.length)}
    return [(ICONS[kind], board.t(f"personality.legend.{kind}")) for kind in KINDS if kind in kinds]


def legend_rect(board: PersonalityBoard, left: int) -> pygame.Rect:
    """Where the row goes: centred between ``left`` (the Gouffre's name's right edge) and
    the left part's right edge, under the track."""
    kit, layout = board.ctx.kit, board.layout
    width = sum(MIN_MARK + INNER + kit.font(28).size(name)[0] for _, name in legend_entries(board))
    width += BETWEEN * max(0, len(legend_entries(board)) - 1)
    room = pygame.Rect(left, layout.safe.bottom - BOTTOM_ROOM + BELOW_TRACK, layout.left.right - left, MIN_MARK)
    rect = pygame.Rect(0, 0, min(width, room.width), MIN_MARK)
    rect.center = room.center
    return rect


def draw_legend(board: PersonalityBoard, surface: pygame.Surface, rect: pygame.Rect) -> None:
    kit = board.ctx.kit
    x = rect.x
    for code, name in legend_entries(board):
        icon = kit.icon(code, MIN_MARK)
        surface.blit(icon, icon.get_rect(midleft=(x, rect.centery)))
        size, words = fit_text(kit, name, rect.right - (x + MIN_MARK + INNER), (28,))
        shown = kit.blit_text(surface, words, size, (x + MIN_MARK + INNER, rect.centery), "midleft",
                              kit.colours.text)
        x = shown.right + BETWEEN
