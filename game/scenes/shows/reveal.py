"""A reveal's pacing (:class:`RevealPacing`): the beats of a reveal the table watches
together (drawing after drawing, the claim then the verdict of an accusation), each
timed in fixed ticks, so it lasts the same on every machine and in every test. While it
plays the bots wait and so do the phones' moves (a game whose phones play on under it
says so); a pad's CONFIRM or a phone's "Skip" moves on to the next beat. It holds the
floor: a phase the rules start meanwhile opens when the last beat is over.

A game gives the beats' lengths and draws them (:attr:`RevealPacing.beat`, and
:attr:`RevealPacing.tick` into it); :meth:`RevealPacing.on_beat` marks a beat's start
(its sound, what it turns over), :meth:`RevealPacing.finish` what comes after the last
(by default the section of the phase the match is in).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, TypeVar

from ...input.intents import InputEvent, Intent
from ..board.section import PhasedView, Section

if TYPE_CHECKING:
    from ..board.phase_board import PhaseBoard

V = TypeVar("V", bound=PhasedView)


class RevealPacing(Section[V]):
    name = "reveal"

    def __init__(self, board: PhaseBoard[V], beats: Sequence[int]) -> None:
        super().__init__(board)
        #: Each beat's length in fixed ticks.
        self.beats = tuple(beats)
        #: The beat playing (``len(beats)``: over) and the ticks it has played.
        self.beat = 0
        self.tick = 0

    @property
    def done(self) -> bool:
        return self.beat >= len(self.beats)

    # --- flags: a beat the table watches ---------------------------------------------------------
    @property
    def bots_play(self) -> bool:
        return False

    @property
    def phones_wait(self) -> bool:
        return True

    @property
    def skippable(self) -> bool:
        return not self.done

    @property
    def holds(self) -> bool:
        return not self.done

    # --- time -------------------------------------------------------------------------------------
    def fixed_update(self) -> None:
        super().fixed_update()
        if self.done:
            return
        self.tick += 1
        if self.tick >= self.beats[self.beat]:
            self.next_beat()

    def next_tick_redraws(self) -> bool:
        """A new beat starts on the next tick (what the board shows changes at once)."""
        return not self.done and self.tick + 1 >= self.beats[self.beat]

    def next_beat(self) -> None:
        """On to the next beat (after the last: :meth:`finish`)."""
        self.beat += 1
        self.tick = 0
        if self.done:
            self.finish()
        else:
            self.on_beat(self.beat)

    def skip(self) -> None:
        """What a pad's CONFIRM and a phone's "Skip" do: the next beat now."""
        if not self.done:
            self.next_beat()

    def handle(self, seat: int, event: InputEvent) -> bool:
        if self.press(event) and event.intent is Intent.CONFIRM:
            self.skip()
            return True
        return False

    # --- the game's part -----------------------------------------------------------------------
    def on_beat(self, beat: int) -> None:
        """Beat ``beat`` (after the first) starts."""

    def finish(self) -> None:
        """The last beat is over."""
        self.board.open_phase()
