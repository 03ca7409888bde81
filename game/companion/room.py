"""The room: its code, seat tokens, the flood limit and the address phones open.

The room code is four letters from an alphabet without look-alikes (no I/L, O/Q, B/8,
S/5, Z/2, G/6), new each time the companion starts, so a phone from an earlier
evening (or the neighbour's) cannot walk in. A seat token is
``secrets.token_urlsafe``: the phone keeps it, and it is the seat's device id
(``("phone", token)``, game/seats.py). Neither is game state: they never reach a save.
"""

from __future__ import annotations

import secrets
import socket
from dataclasses import dataclass, field

#: Letters that cannot be misread on a TV or typed wrong.
ROOM_LETTERS = "ACDEFHJKMNPRTUVWXY"
ROOM_CODE_LENGTH = 4
#: An address that is never contacted: connecting a UDP socket to it only picks the
#: interface (and so the LAN address) the system would route through.
_PROBE = ("192.0.2.1", 9)  # TEST-NET-1 (RFC 5737)


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
