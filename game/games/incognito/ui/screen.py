"""One screen of the Incognito board (after Arcade's ``Section``): each part of a round
(the deal, the drawing, the line-up, the vote, the reveal, the scores, the end, the
gallery) draws, updates and takes input on its own; the board coordinates them.

A screen reads the public view and the board's shared helpers (texts, seats, canvas
caches) and submits actions through the board; it never changes the game state. The
screen a phase opens on is the board's table (``IncognitoBoard.OPENS``); a screen
moves on to the next beat of its phase with ``board.show``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....input.intents import InputEvent

if TYPE_CHECKING:  # the board imports the screens
    from .board import IncognitoBoard


class Screen:
    #: The screen's name (``board.stage``; shots and tests jump to it).
    name = ""
    #: Bots play while it shows (False: a beat the table watches must finish first).
    bots_play = False
    #: The drawing pads follow their seats (the drawing and the deal before it).
    pads_live = False
    #: The players draw on it: opening any other screen lets go of every pad's stroke.
    draws = False

    def __init__(self, board: IncognitoBoard) -> None:
        self.board = board
        self.ctx = board.ctx
        #: Fixed ticks since the screen opened (its animations' clock).
        self.ticks = 0

    def enter(self) -> None:
        """The screen opens (after the previous one left)."""

    def update(self) -> None:
        """One fixed tick."""
        self.ticks += 1

    def handle(self, seat: int, event: InputEvent) -> bool:
        """A seat's input (presses, releases, the mouse in its canvas): True if taken."""
        return False

    @staticmethod
    def press(event: InputEvent) -> bool:
        """A fresh press (not a release, not a key repeat): what most screens act on."""
        return event.pressed and not event.repeat

    def draw(self, surface: pygame.Surface, public: Any, alpha: float) -> None:
        raise NotImplementedError
