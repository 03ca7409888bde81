"""What the companion knows of the TV's table (:class:`Table`: the lobby, the match, "take
your seats") and of each seated phone (:class:`Phone`), and what it needs of the boards
(:class:`MatchLink`, :class:`SeatingLink`); see ``bridge.py``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Hashable, Protocol

from ..core.actions import Action
from ..core.events import Event

if TYPE_CHECKING:
    from ..core.session import Session


class MatchLink(Protocol):
    """What the companion needs of a running board (``scenes.match.MatchScene``)."""

    session: Session[Any, Any, Any]
    entry: Any

    def phone_submit(self, action: Action) -> str | None: ...

    def phone_screen(self, seat: int) -> dict[str, Any]: ...

    def phone_moment(self) -> Hashable: ...

    def audience_ready(self) -> bool: ...

    def audience_book(self) -> Any: ...


class SeatingLink(Protocol):
    """What the companion needs of "take your seats" (``scenes.menus.take_seats.TakeSeatScene``)."""

    @property
    def game_id(self) -> str: ...

    def phone_claim(self, device: Hashable) -> int | None: ...


@dataclass
class Table:
    """What the TV shows now, as the companion needs it: the lobby's game id (phones
    may join; None: no lobby open), the running match, and whether it takes actions
    (False while paused or a pad's seat is held); or "take your seats" resuming a saved
    match (``seating``), where a joining phone claims the next saved seat."""

    lobby: str | None = None
    match: MatchLink | None = None
    accepting: bool = False
    seating: SeatingLink | None = None


@dataclass
class Phone:
    """One connection that has a seat."""

    device: tuple[str, str]
    #: (session, log length, the board's moment) the last view was built at, and the
    #: texts last sent.
    view_key: tuple[int, int, Hashable] | None = None
    sent: dict[str, str] = field(default_factory=dict)
    #: The ``id`` of its last accepted act, answered by the next view (None: none waits).
    ack: int | str | None = None
    #: When (the companion's clock) its press on "Leave the match" began (None: none).
    quit_pressed: float | None = None
    #: Events a pump between two frames left for the next frame's (it told the acting phones only).
    owed: list[Event] = field(default_factory=list)
    #: Its view was left owed by a frame's pump over its budget: told first next time.
    behind: bool = False


def view_key(match: MatchLink) -> tuple[int, int, Hashable]:
    """What a phone's view is built from: the session, its log's length and the board's moment."""
    return id(match.session), len(match.session.log), match.phone_moment()
