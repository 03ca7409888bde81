"""Who sits where: seat index, name, style (colour + shape), bound device, bot flag and
a bot's level.

Pure (no pygame). A seat's ``index`` is its place at the table and the number every
rule and view uses; it stays put during a match. A pad that is unplugged mid-match does
not lose its seat: the seat is *held* (``connected=False``, no device) until any free
device reclaims it, so nothing of the match is lost.

Device ids are hashable keys: ``("pad", instance_id)``, ``("kb", "left")``,
``("kb", "right")``, ``("mouse", 0)``, ``("phone", token)`` (a phone of the companion,
game/companion/: its seat token is its device id, so the same token on a new
connection takes its held seat back with :meth:`SeatTable.held_by`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Hashable, Iterator

from .core.levels import DEFAULT_LEVEL, LEVELS

#: Seats at one table (and seat styles: one colour + shape each).
MAX_SEATS = 8
#: The device kind of a phone seat: ``(PHONE, token)``.
PHONE = "phone"


def is_phone(device: Hashable | None) -> bool:
    return isinstance(device, tuple) and len(device) == 2 and device[0] == PHONE


@dataclass
class Seat:
    index: int
    name: str
    style: int
    device: Hashable | None
    bot: bool = False
    connected: bool = True
    #: A bot's level (``core.levels.LEVELS``); part of the match setup, saved in its meta.
    level: str = DEFAULT_LEVEL
    #: The device a held seat lost (None while connected): a phone takes its seat back
    #: by it, and a held phone seat shows as "reconnecting" rather than unplugged.
    away: Hashable | None = None

    @property
    def reconnecting(self) -> bool:
        """A phone's seat whose connection is lost: the table waits for it only when it
        must act (no overlay, unlike an unplugged pad)."""
        return not self.connected and is_phone(self.away)

    @property
    def on_phone(self) -> bool:
        """Played on a phone, connected or reconnecting: the phone is the seat's private
        screen, so the TV never opens a peek curtain for it (issue 17, item 5)."""
        return is_phone(self.device if self.connected else self.away)


@dataclass
class SeatTable:
    seats: list[Seat] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.seats)

    def __iter__(self) -> Iterator[Seat]:
        return iter(self.seats)

    def __getitem__(self, index: int) -> Seat:
        return self.seats[index]

    # --- joining and leaving -------------------------------------------------------------
    def join(self, device: Hashable, name: str) -> Seat | None:
        """Seat a device at the next place with the next free style.

        None when the table is full or the device already has a seat (a held seat's
        old device is not seated: it reclaims through :meth:`reclaim`)."""
        if device is None or self.seat_of(device) is not None:
            return None
        return self._add(device, name, bot=False)

    def add_bot(self, name: str, level: str = DEFAULT_LEVEL) -> Seat | None:
        seat = self._add(None, name, bot=True)
        if seat is not None:
            seat.level = level
        return seat

    def _add(self, device: Hashable | None, name: str, bot: bool) -> Seat | None:
        style = self._free_style(0)
        if len(self.seats) >= MAX_SEATS or style is None:
            return None
        seat = Seat(index=len(self.seats), name=name, style=style, device=device, bot=bot)
        self.seats.append(seat)
        return seat

    def remove(self, index: int) -> None:
        """Free a seat; the seats after it move up one place (indexes stay 0..n-1)."""
        del self.seats[index]
        for i, seat in enumerate(self.seats):
            seat.index = i

    # --- lookups and edits ---------------------------------------------------------------
    def seat_of(self, device: Hashable) -> int | None:
        """The seat index bound to ``device``; None if it has not joined (or is a bot)."""
        if device is None:
            return None
        for seat in self.seats:
            if seat.device == device:
                return seat.index
        return None

    def rename(self, index: int, name: str) -> None:
        self.seats[index].name = name

    def step_level(self, index: int, delta: int) -> None:
        """Move a bot seat's level ``delta`` steps along ``LEVELS``, wrapping around."""
        seat = self.seats[index]
        if seat.bot:
            seat.level = LEVELS[(LEVELS.index(seat.level) + delta) % len(LEVELS)]

    def next_style(self, index: int) -> None:
        """Cycle the seat to the next style no other seat uses (unchanged if none is free)."""
        seat = self.seats[index]
        style = self._free_style(seat.style + 1)
        if style is not None:
            seat.style = style

    def _free_style(self, start: int) -> int | None:
        used = {seat.style for seat in self.seats}
        for step in range(MAX_SEATS):
            style = (start + step) % MAX_SEATS
            if style not in used:
                return style
        return None

    # --- hot-plug ------------------------------------------------------------------------
    def disconnect(self, device: Hashable) -> int | None:
        """Hold the seat of a device that went away; returns its index (None if unseated)."""
        index = self.seat_of(device)
        if index is None:
            return None
        seat = self.seats[index]
        seat.away = seat.device
        seat.device = None
        seat.connected = False
        return index

    def reclaim(self, index: int, device: Hashable) -> None:
        """Bind a free device to a held seat.

        Raises ValueError if the seat is not held or the device already sits elsewhere."""
        seat = self.seats[index]
        if seat.connected or seat.bot:
            raise ValueError(f"seat {index} is not held")
        if self.seat_of(device) is not None:
            raise ValueError(f"device {device!r} already has a seat")
        seat.device = device
        seat.connected = True
        seat.away = None

    def held(self) -> list[int]:
        """Indexes of seats waiting for their player's device, in table order."""
        return [seat.index for seat in self.seats if not seat.connected]

    def held_pads(self) -> list[int]:
        """Held seats that any free pad or keyboard side may take (the disconnect
        overlay's): not a phone's, which waits for its own token."""
        return [seat.index for seat in self.seats if not seat.connected and not seat.reconnecting]

    def forget(self, index: int) -> None:
        """A held seat stops waiting for the device it lost: any claimer may take it."""
        self.seats[index].away = None

    def held_by(self, device: Hashable) -> int | None:
        """The held seat ``device`` lost, if any (a phone's token coming back)."""
        for seat in self.seats:
            if not seat.connected and seat.away == device:
                return seat.index
        return None
