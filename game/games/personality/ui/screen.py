"""One phase's part of the Personality board, after Arcade's ``Section``.

A screen says what the top bar reads, draws the stage (the area above the track), names
the overlay the human seats who must act need (a ring, a peek curtain) and takes the
board input of its phase. The board keeps one per phase (``PersonalityBoard.screens``)
and draws the chrome around it: the bar, the track, the seat column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable

import pygame

from ....input.intents import InputEvent
from ....scenes.base import Scene

if TYPE_CHECKING:
    from .board import PersonalityBoard

#: What an overlay is (the board reopens it when the key changes) and how to make it.
Overlay = tuple[Hashable, Callable[[], Scene]]


class Screen:
    def __init__(self, board: PersonalityBoard) -> None:
        self.board = board

    def title(self) -> str:
        return ""

    def draw(self, surface: pygame.Surface, stage: pygame.Rect, alpha: float) -> None:
        """Draw the stage (the bar, track and seats are the board's)."""

    def overlay(self, humans: list[int]) -> Overlay | None:
        """The overlay ``humans`` (human seats that must act now) need, or None."""
        return None

    def handle(self, seat: int, event: InputEvent) -> bool:
        """A pressed intent from a seated player, before the board's own handling."""
        return False
