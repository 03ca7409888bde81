"""Drawing in turns on the shared screen (IN-2a), pure.

The seats that draw on the TV (pads, keyboard sides) cannot draw where the others see
nothing while everyone draws at once on one screen, so they draw one at a time, in seat
order, each behind a curtain; phones and bots draw at once as IN-2 says. Which seats
draw in turns is fixed when the match starts (the config's ``turn_seats``, in the save),
so a replay plays the same turns. A turn *opens* when its drawer says so (the ``start``
move, logged with its tick) and ends with its "done", which is final for a turn: the
screen goes to the next drawer.

:class:`Turns` is what the state keeps of it; a match whose config names no turn seat
keeps None (saves from before IN-2a, bot matches) and plays IN-2 exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ....core.records import replace
from ....core.values import Barrier

#: The config key: the seats that draw in turns (a list of seat indices).
TURN_SEATS = "turn_seats"
#: A turn drawer always gets at least this long before its last call can start (IN-2a),
#: scaled by the timer preset like every countdown.
TURN_FLOOR_SECONDS = 30


@dataclass(frozen=True)
class Turns:
    """The turns of one drawing phase. ``order``: the seats that draw in turns, in seat
    order."""

    order: tuple[int, ...]
    #: Tick the turn under way was opened by its drawer (None: none is open).
    opened: int | None = None
    #: Per seat, the ticks its drawing took, from its start (the deal, or its turn
    #: opening) to its "done" (0 until done): the grace of the last turn (IN-2a).
    took: tuple[int, ...] = ()
    #: The drawing time limit ran out for the seats that draw at once (they are done
    #: and may no longer take their drawing back).
    closed: bool = False

    def fresh(self, seats: int) -> "Turns":
        """The turns of a new drawing phase: none open, nothing taken."""
        return Turns(self.order, None, (0,) * seats, False)

    def current(self, done: Barrier) -> int | None:
        """The turn seat whose turn it is: the first in seat order not done (None: all
        are)."""
        return next((seat for seat in self.order if not done.flags[seat]), None)

    def may_draw(self, seat: int, done: Barrier) -> bool:
        """``seat`` may draw now: unfinished, and either drawing at once or holding the
        open turn."""
        if done.flags[seat]:
            return False
        return seat not in self.order or (self.opened is not None and seat == self.current(done))

    def finished(self, seat: int, took: int) -> "Turns":
        """``seat`` is done after ``took`` ticks; a turn seat's turn is over."""
        took_now = tuple(took if s == seat else t for s, t in enumerate(self.took))
        return replace(self, took=took_now, opened=None if seat in self.order else self.opened)


def turns_from_config(config: Mapping[str, Any], seats: int) -> Turns | None:
    """The match's turns from its config (None: no seat draws in turns). A bad value
    is refused as a bad seat count is: the config comes from a save."""
    raw = config.get(TURN_SEATS) or []
    if (not isinstance(raw, list) or any(type(s) is not int or not 0 <= s < seats for s in raw)
            or len(set(raw)) != len(raw)):
        raise ValueError(f"{TURN_SEATS} must list distinct seats of the table, not {raw!r}")
    return Turns(tuple(sorted(raw)), None, (0,) * seats) if raw else None
