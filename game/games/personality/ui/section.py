"""What every section of the Personality board shares (``game/scenes/board``): it is
drawn on the board's chrome — the still layer (background, the top bar reading its
:meth:`BoardSection.heading`, the track's squares), the masks, the seat column and a
special square's banner — around its stage (:meth:`BoardSection.draw_stage`, the area
above the track). It names the overlay its human seats need to act (a ring, a peek
curtain: :meth:`BoardSection.overlay`), and bots play once the board's timeline is
still (the masks' walks and the banners: ``timeline.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable

import pygame

from ....scenes.base import Scene
from ....scenes.board import Section
from ..rules.view import PEPublic
from ....ui.stage import StageItem, draw_stage, layer_part
from .chrome import draw_banner, mask_items, paint_still, seat_column_items, still_key

if TYPE_CHECKING:
    from .board import PersonalityBoard

#: What an overlay is (the board reopens it when the key changes) and how to make it.
Overlay = tuple[Hashable, Callable[[], Scene]]


class BoardSection(Section[PEPublic]):
    board: PersonalityBoard

    @property
    def bots_play(self) -> bool:
        return not self.board.timeline.busy

    def heading(self) -> str:
        """What the top bar reads."""
        return ""

    def overlay(self, humans: list[int]) -> Overlay | None:
        """The overlay ``humans`` (human seats that must act now) need, or None."""
        return None

    def draw(self, surface: pygame.Surface, view: PEPublic, alpha: float) -> None:
        """The chrome around the stage, the stage, then a special square's banner over it."""
        board = self.board
        heading = self.heading()  # the still layer holds the background too
        # the masks, the seat column and a still stage kept on the still layer (game/ui/stage.py)
        items = [*mask_items(board), *seat_column_items(board)]
        if self.draws_behind(alpha):  # behind them all: what follows is drawn afresh
            items.insert(0, StageItem(None, pygame.Rect(0, 0, 0, 0), lambda s: None,
                                      lambda s: self.draw_behind(s, alpha)))
        stage = self.stage_items(board.layout.stage, alpha)
        items += stage or []
        kit = board.ctx.kit
        key = (still_key(board, heading), kit.colours, kit.scaled(100))
        draw_stage(surface, board.kept, key, layer_part(board.still, key, lambda layer: paint_still(board, layer, heading)),
                   items)
        if stage is None:
            self.draw_stage(surface, board.layout.stage, alpha)
        banner = board.timeline.banner
        if banner is not None:
            draw_banner(board, surface, banner)

    def draws_behind(self, alpha: float) -> bool:
        """Whether :meth:`draw_behind` draws anything now."""
        return False

    def stage_items(self, stage: pygame.Rect, alpha: float) -> list[StageItem] | None:
        """The stage as stage items (each keyed on all it shows), or None: drawn each frame."""
        return None

    def draw_behind(self, surface: pygame.Surface, alpha: float) -> None:
        """What shows behind the masks, the seat column and the stage (a cheer's confetti)."""

    def draw_stage(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        """The stage (the bar, the track and the seats are drawn around it)."""
