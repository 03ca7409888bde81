"""What the scores' and the end's shows share: a section that plays a
:class:`~game.ui.show.Show` (scores counting up, the podium rising, confetti, the
fanfare and a rumble for the seats placed first). While it runs a pad's CONFIRM and a
phone's "Skip" hurry it to its end and the bots wait; it is fed public results only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, TypeVar

import pygame

from ...input.intents import InputEvent
from ...ui.show import Show, Standing
from ..board.section import PhasedView, Section

if TYPE_CHECKING:
    from ..board.phase_board import PhaseBoard

V = TypeVar("V", bound=PhasedView)


def shared_places(scores: Sequence[int]) -> dict[int, int]:
    """Each seat's place by its score: 1 + how many seats scored more (ties share a place)."""
    return {s: 1 + sum(other > score for other in scores) for s, score in enumerate(scores)}


class Celebration(Section[V]):
    def __init__(self, board: PhaseBoard[V], standings: Sequence[Standing] | None, seed: int) -> None:
        super().__init__(board)
        self.seed = seed
        #: The show (None: not started, or none to play).
        self.show: Show | None = None
        if standings is not None:
            self.begin(standings)

    def begin(self, standings: Sequence[Standing]) -> Show:
        """Start the show (a section whose show waits for a last animation starts it later)."""
        self.show = Show(self.ctx, standings, seed=self.seed)
        return self.show

    @property
    def running(self) -> bool:
        """The show has started and not ended."""
        return self.show is not None and not self.show.done

    # --- flags: the table watches the show -------------------------------------------------
    @property
    def bots_play(self) -> bool:
        return not self.running

    @property
    def skippable(self) -> bool:
        return self.running

    def skip(self) -> None:
        if self.show is not None:
            self.show.skip()

    def fixed_update(self) -> None:
        super().fixed_update()
        if self.show is not None:
            self.show.step()

    def handle(self, seat: int, event: InputEvent) -> bool:
        """CONFIRM hurries the show while it runs (the press and its release are taken)."""
        return self.show is not None and self.show.handle(event)

    # --- what the show shows -----------------------------------------------------------------
    def count(self, seat: int, alpha: float = 1.0) -> int:
        """``seat``'s score as the show counts it now."""
        if self.show is None:
            raise LookupError("no show to count: begin() it first")
        return self.show.count(seat, alpha)

    def draw_confetti(self, surface: pygame.Surface, alpha: float, keep_out: Sequence[pygame.Rect] = ()) -> None:
        if self.show is not None:
            self.show.draw_confetti(surface, alpha, keep_out=keep_out)
