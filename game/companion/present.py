"""What one seat's phone shows: its private view and the moves it may make.

A first version, by the server side, for the protocol and secrecy tests: the seat's
view as plain data and each legal move as the exact ``{"kind", "data"}`` to send back.
The per-game screens, labelled in the game's language, replace it (issue 17, item 4).
Built from ``session.view(seat)`` and ``session.legal(seat)`` only — never from the
state — so it can hold nothing but what that seat may know.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..core.actions import Action
from ..core.engine import SeatView
from ..core.serial import to_plain
from ..i18n import Strings


def phone_screen(entry_id: str, view: SeatView[Any], legal: Sequence[Action], strings: Strings,
                 catalogue: Any) -> dict[str, Any]:
    return {
        "game": entry_id,
        "seat": view.seat,
        "public": to_plain(view.public),
        "private": to_plain(view.private),
        "moves": [{"kind": action.kind, "data": to_plain(dict(action.data))} for action in legal],
    }
