"""A match's time at the table: the session's clock and the bots' turns, one fixed tick
at a time (:class:`MatchDriver`, which a board composes).

Each tick the session's clock moves on (a countdown that expires submits its timeout),
then every bot whose seat must act waits a short, human-like delay and submits an action
chosen from its own view. The delay is counted in fixed ticks and drawn from the bot's
``pace`` generator, which depends only on the bot's seed: never on its view, its secret
or what ``act`` drew, so how long a bot "thinks" tells nothing about its cards. Boards
show it with a thinking bubble (``game/ui/thinking.py``) on the seat while
:meth:`MatchDriver.thinking`. ``sim`` and the test harness play without these delays
(core/playthrough.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Protocol

from ..core.actions import Action
from ..core.bots import Bot

if TYPE_CHECKING:
    from ..core.events import Event
    from ..core.session import Session

#: Fixed ticks a bot "thinks" before acting (0.6–1.5 s at 60 Hz), so a table of bots
#: reads like people playing rather than a flash of results.
BOT_DELAY_TICKS = (36, 90)


class DrivenBoard(Protocol):
    """What the driver needs of its board (``scenes.match.MatchScene``)."""

    session: Session[Any, Any, Any]

    def bots_may_act(self) -> bool: ...

    def bot_legal(self, seat: int) -> list[Action]: ...

    def submit(self, action: Action) -> str | None: ...

    def changed(self, action: Action | None, events: tuple[Event, ...]) -> None: ...


class MatchDriver:
    """The session's clock and the bots' pacing for one board."""

    def __init__(self, board: DrivenBoard, bots: Mapping[int, Bot[Any, Any]],
                 delay: tuple[int, int] = BOT_DELAY_TICKS) -> None:
        self.board = board
        self.bots = bots
        #: (fewest, most) fixed ticks a bot waits before acting.
        self.delay = delay
        self._wait: dict[int, int] = {}
        #: The bots' step of the next tick was taken between frames (:meth:`act_early`).
        self._stepped_early = False

    def tick(self) -> None:
        """One fixed tick: the clock (timeouts reach the board as a change), then the bots
        (unless their step for this tick was taken early: :meth:`act_early`)."""
        session = self.board.session
        if session.outcome() is None:
            events = session.advance(1)
            if events:
                self.board.changed(None, events)
        if self._stepped_early:
            self._stepped_early = False
        else:
            self._drive_bots()

    def act_early(self) -> None:
        """Between two frames (``MatchScene.between_frames``): when a bot's delay ends on
        the next tick, the bots' step of that tick is taken now, so the move, and the
        drawing it needs, are made in the idle time rather than in the next frame. The
        same step on the same waits: the moves are those the tick would make, save that
        the tick's countdown step and the input the next frame brings come after them
        (their actions bear the tick before)."""
        if not self._stepped_early and any(self._wait.get(seat) == 1 for seat in self.bots):
            self._stepped_early = self._drive_bots()

    def _drive_bots(self) -> bool:
        """The bots' step: every bot whose seat must act draws its delay if none runs and
        counts a tick off it; one whose delay is over acts (until the phase moves on).
        Whether the step was taken (the board lets bots act)."""
        board, session = self.board, self.board.session
        if not self.bots or session.outcome() is not None or not board.bots_may_act():
            return False
        current = session.current()
        for seat, bot in self.bots.items():
            if seat not in current:
                self._wait.pop(seat, None)
                continue
            if seat not in self._wait:
                low, high = self.delay
                self._wait[seat] = bot.pace.randint(low, high) if high > low else low
            self._wait[seat] -= 1
            if self._wait[seat] > 0:
                continue
            del self._wait[seat]
            legal = board.bot_legal(seat)
            action = bot.act(session.view(seat), legal) if legal else None
            if action is not None:  # None: the bot waits (an optional move, e.g. accusing)
                board.submit(action)
            if session.current() != current:
                break  # the phase moved on: look again next tick
        return True

    def rethink(self, seat: int) -> None:
        """The bot at ``seat`` takes its time afresh (its decision changed: module doc)."""
        self._wait.pop(seat, None)

    def thinking(self, seat: int) -> bool:
        """A bot at ``seat`` takes its time before acting (its seat is current and its
        delay runs)."""
        return seat in self.bots and self._wait.get(seat, 0) > 0 and self.board.session.outcome() is None
