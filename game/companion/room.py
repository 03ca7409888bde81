"""The room: its code, the guard against guessing it, the door (password, audience, seat
limit: :class:`Door`), seat tokens, the flood limit and the address phones open.

The room code is four letters from an alphabet without look-alikes (no I/L, O/Q, B/8,
S/5, Z/2, G/6), new each time the companion starts, so a phone from an earlier
evening (or the neighbour's) cannot walk in; :class:`CodeGuard` makes guessing it
hopeless. A seat token is ``secrets.token_urlsafe``: the phone keeps it, and it is the
seat's device id (``("phone", token)``, game/seats.py). Neither is game state: they
never reach a save.
"""

from __future__ import annotations

import math
import secrets
import socket
from dataclasses import dataclass, field
from typing import Any, Mapping

#: Letters that cannot be misread on a TV or typed wrong.
ROOM_LETTERS = "ACDEFHJKMNPRTUVWXY"
ROOM_CODE_LENGTH = 4
#: Wrong room codes one address may send (a guest's typos) before it is locked out.
FREE_TRIES = 5
#: An address's first lock-out (s); every wrong code after it doubles the next one, up to LOCK_MAX.
LOCK_FIRST = 60.0
LOCK_MAX = 3600.0
#: The whole room's allowance of wrong codes from addresses that sent one already: a
#: token bucket of WRONG_PER_MINUTE a minute, in bursts of WRONG_BURST.
WRONG_PER_MINUTE = 12.0
WRONG_BURST = 12.0
#: The TV says someone is trying codes for this long (s) after the last lock-out or refusal.
ALARM_SECONDS = 120.0
#: An address that is never contacted: connecting a UDP socket to it only picks the
#: interface (and so the LAN address) the system would route through.
_PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737)


#: The table's most seats (``game.seats.MAX_SEATS``: the companion imports no seat table here).
MOST_SEATS = 8


@dataclass(frozen=True)
class Door:
    """Who may come in, as the streaming settings say (issue 30 item 3): the room's
    password ("" none), whether phones may join as the audience, the most seats the
    table takes (a phone past it may watch), and whether only the TV starts matches (no
    phone gets "Play again", "Back to the lobby" nor "Leave the match")."""

    password: str = ""
    audience: bool = True
    seat_limit: int = MOST_SEATS
    tv_starts: bool = False


def door_refusal(guard: "CodeGuard", address: str, hello: Mapping[str, Any], room: str, password: str,
                 now: float) -> str | None:
    """Whether a ``hello`` may come in: the room code and, for a new join (a name, not a
    seat's token), the password, both counted by the guard as one guess (a wrong password
    costs what a wrong code does). The refusal (``bad_room``, ``bad_password``,
    ``locked``) or None."""
    code = hello["room"].strip().upper()
    wanted = password if hello.get("token") is None else ""
    given = hello.get("password", "") if wanted else ""
    refusal = guard.check(address, f"{code}\n{given}", f"{room}\n{wanted}", now)
    if refusal == "bad_room" and wanted and secrets.compare_digest(code.encode("utf-8", "replace"), room.encode()):
        return "bad_password"
    return refusal


def new_room_code() -> str:
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(18)


def lan_address() -> str | None:
    """This machine's address on the local network, or None when no network is up
    (only a loopback address)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


@dataclass
class TokenBucket:
    """A connection's flood limit: ``rate`` messages a second, bursts of ``burst``.
    Time is handed in (seconds), so tests need no clock."""

    rate: float = 30.0
    burst: float = 60.0
    tokens: float = field(default=-1.0)
    last: float | None = None

    def take(self, now: float) -> bool:
        """Spend one message; False when the connection is over its limit."""
        if self.last is None:
            self.tokens = self.burst
        else:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


class CodeGuard:
    """Who may still try a room code, per client address and for the whole room (issue 25).

    Each wrong code closes its connection (server.py), so every guess costs a new one.
    An address gets :data:`FREE_TRIES` wrong codes, then is locked out for
    :data:`LOCK_FIRST` seconds, and after each further wrong code for twice as long, up
    to :data:`LOCK_MAX`. An address that sent a wrong code already may try again only
    while the room's bucket holds a token (:data:`WRONG_PER_MINUTE` a minute, bursts of
    :data:`WRONG_BURST`), so many addresses together cannot sweep the codes either. A
    refused address's code is not even looked at (``locked``): the right code cannot be
    found meanwhile. An address's first code is always looked at, so the real phones
    (the right code, typed or from the QR code's ``?room=``) still join while someone
    else is locked out or drains the bucket; a right code clears the address's record.

    Expected time to hit the code, for an attacker with S parallel sockets from A
    addresses (A <= S): in a time T at most A + WRONG_BURST + T * WRONG_PER_MINUTE / 60
    codes are looked at (every address's first, then the bucket's; fewer while its
    addresses are locked out). The code is one of N = len(ROOM_LETTERS) **
    ROOM_CODE_LENGTH, hit on average at the (N + 1) / 2-th distinct guess, so the
    expected time is at least

        ((N + 1) / 2 - A - WRONG_BURST) * 60 / WRONG_PER_MINUTE seconds;

    with 50 sockets from 50 addresses, (52,488.5 - 62) * 5 s = 262,133 s, about 73 hours
    (tests/test_companion_guard.py computes it from these constants). Time is handed
    in (seconds), so tests need no clock; the server's thread alone calls it.
    """

    def __init__(self) -> None:
        self.bucket = TokenBucket(WRONG_PER_MINUTE / 60.0, WRONG_BURST)
        self._strikes: dict[str, int] = {}
        self._locked_until: dict[str, float] = {}
        #: When an address was last locked out or refused (the TV reads it: :meth:`alarm`).
        self.alarm_at = -math.inf

    def check(self, address: str, given: str, room: str, now: float) -> str | None:
        """None when ``given`` is the room's code and ``address`` may try it; else the
        refusal: ``locked`` (the code was not looked at) or ``bad_room``."""
        if now < self._locked_until.get(address, -math.inf):
            self.alarm_at = now
            return "locked"
        strikes = self._strikes.get(address, 0)
        if strikes and not self.bucket.take(now):
            self.alarm_at = now
            return "locked"
        if secrets.compare_digest(given.encode("utf-8", "replace"), room.encode("utf-8")):
            self._strikes.pop(address, None)
            return None
        if not strikes:
            self.bucket.take(now)  # a first wrong code spends from the room's allowance too
        strikes += 1
        self._strikes[address] = strikes
        if strikes >= FREE_TRIES:
            self._locked_until[address] = now + min(LOCK_MAX, LOCK_FIRST * 2 ** min(strikes - FREE_TRIES, 16))
            self.alarm_at = now
        return "bad_room"

    def alarm(self, now: float) -> bool:
        """Whether someone was locked out or refused in the last :data:`ALARM_SECONDS`."""
        return now - self.alarm_at < ALARM_SECONDS
