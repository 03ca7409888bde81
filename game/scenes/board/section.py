"""One screen of a phase board (after Arcade's sections and Tuxemon's states): the deal,
a turn, a vote, a reveal, the end. A :class:`Section` draws, updates and takes input on
its own, and says with its flags what the table may do while it shows; the board
(:class:`~game.scenes.board.phase_board.PhaseBoard`) routes to the active one and
answers the phones and the bots from those flags.

A section reads the public view (``draw`` is handed it) and the board's helpers and
submits actions through the board; it never changes the game state. The section a phase
opens on is the board's table (``PhaseBoard.SECTIONS``); a section moves on to a
sub-beat of its phase with ``board.show(next_section)``, and a sub-beat goes back to its
phase's section with ``board.open_phase()``.

The flags (class attributes or properties in a subclass):

- ``bots_play``: bots act while it shows (False: a beat the table watches first);
- ``phones_wait``: phones' moves wait (``watch_tv``), as a pad's CONFIRM there only
  hurries the beat;
- ``skippable``: a show plays that a pad's CONFIRM hurries; a phone's "Skip" calls
  :meth:`Section.skip`, which a pad's CONFIRM calls too, so both end in the same state;
- ``end_choices``: the end screen takes "play again" and "back to the lobby" now;
- ``holds``: it plays a beat the next phase's section waits for (a reveal read out while
  the rules have moved on): a phase that starts meanwhile opens once it calls
  ``board.open_phase()``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

import pygame

from ...core.actions import Action
from ...core.events import Event
from ...input.intents import InputEvent

if TYPE_CHECKING:
    from ...games.phone_kit import BoardNow
    from .phase_board import PhaseBoard

class PhasedView(Protocol):
    """A game's public view: it names the phase the match is in."""

    @property
    def phase(self) -> str: ...


#: The game's public view type (what ``draw`` is handed).
V = TypeVar("V", bound=PhasedView)


class Section(Generic[V]):
    #: Its name (``board.stage``: shots and tests ask which section shows).
    name = ""

    def __init__(self, board: PhaseBoard[V]) -> None:
        self.board = board
        self.ctx = board.ctx
        #: Fixed ticks since it opened (its animations' clock).
        self.ticks = 0

    # --- flags (module doc) ------------------------------------------------------------------
    @property
    def bots_play(self) -> bool:
        return True

    @property
    def phones_wait(self) -> bool:
        return False

    @property
    def skippable(self) -> bool:
        return False

    @property
    def end_choices(self) -> bool:
        return False

    @property
    def holds(self) -> bool:
        return False

    # --- life --------------------------------------------------------------------------------
    def enter(self) -> None:
        """It opens (after the previous section left)."""

    def exit(self) -> None:
        """It leaves (before the next one opens)."""

    def fixed_update(self) -> None:
        """One fixed tick."""
        self.ticks += 1

    def between_frames(self) -> None:
        """In the idle time after a frame (``PhaseBoard.between_frames``): what it may make
        ahead of the frames that will show it (words it will fit)."""

    def next_tick_redraws(self) -> bool:
        """Whether its next tick changes much of what it draws at once (a reveal's new
        beat): the board then takes that tick between frames (``PhaseBoard.between_frames``)."""
        return False

    def skip(self) -> None:
        """Hurry the show it plays, as a pad's CONFIRM does (while :attr:`skippable`)."""

    # --- what happens ---------------------------------------------------------------------------
    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """What just happened, as the TV may see it (``action`` None: a timeout), before
        the board opens the section of a phase that started."""

    def handle(self, seat: int, event: InputEvent) -> bool:
        """A seated player's input (presses, releases, the stick): True if taken."""
        return False

    def bot_legal(self, seat: int) -> list[Action]:
        """What a bot may choose from now: the rules' legal actions, narrowed where the
        table rather than the rules has the say (empty: the bot waits)."""
        return self.board.session.legal(seat)

    def board_now(self, now: BoardNow) -> BoardNow:
        """What it adds to what the board tells the phones of the table (``now``)."""
        return now

    def draw(self, surface: pygame.Surface, view: V, alpha: float) -> None:
        """Draw it from the public ``view``; ``alpha`` interpolates cosmetic motion."""
        raise NotImplementedError

    @staticmethod
    def press(event: InputEvent) -> bool:
        """A fresh press (not a release, not a key repeat): what most sections act on."""
        return event.pressed and not event.repeat
