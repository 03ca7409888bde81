"""The phones' door into a running match (:class:`PhoneLink`, which a board composes).

Phones (game/companion) play through the same door as pads: the companion hands the
board a phone's action (:meth:`PhoneLink.submit`), reads a seat's screen
(:meth:`PhoneLink.screen`, with what the board says of the table: ``board_now``) and is
told every change's events (:meth:`PhoneLink.tell`). Where the board rather than the
rules has the say, phones follow the pads' rule, read from the board's hooks
(``MatchScene.phones_wait`` … ``skip_show``; a phase board's come from its active
section): their moves wait while the TV plays a beat the table watches (a pad's CONFIRM
there only hurries the beat), the end screen's choices (:data:`END_MOVES`, a pad's
CONFIRM and BACK there) are theirs too once the board offers them, and a show a pad's
CONFIRM hurries is theirs to hurry (``SKIP``), so the TV ends in the same state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..companion.present import AGAIN, LOBBY, QUIT, SKIP, phone_screen
from ..games.phone_kit import BoardNow
from ..core.actions import Action

if TYPE_CHECKING:
    from ..context import AppContext
    from ..core.events import Event
    from ..core.session import Session
    from ..games import GameEntry

#: The end screen's choices as a phone sends them (``present.TABLE_MOVES``), each what a
#: pad's press there does: "again" is CONFIRM (play again), "lobby" is BACK. ``QUIT``
#: leaves a match still on for the whole table (held on the phone, as the pause menu
#: asks before quitting, and the hold timed by the companion, which passes on only a
#: ``QUIT`` that ends one): back to the lobby, the match kept in the autosave.
END_MOVES = {AGAIN: True, LOBBY: False}


class LinkedBoard(Protocol):
    """What the link needs of its board (``scenes.match.MatchScene``)."""

    ctx: AppContext
    entry: GameEntry[Any]
    session: Session[Any, Any, Any]

    def submit(self, action: Action) -> str | None: ...

    def finish(self, again: bool) -> None: ...

    def phones_wait(self) -> bool: ...

    def end_choices_open(self) -> bool: ...

    def show_to_skip(self) -> bool: ...

    def skip_show(self) -> None: ...

    def board_now(self) -> BoardNow: ...

    def phones_start(self) -> bool: ...


class PhoneLink:
    def __init__(self, board: LinkedBoard) -> None:
        self.board = board

    def tell(self, events: tuple[Event, ...]) -> None:
        """Hand every event of a change to the companion, which sends each phone the ones
        its seat may see (``events.visible``)."""
        companion = getattr(self.board.ctx, "companion", None)  # test doubles may lack it
        if companion is not None:
            companion.tell(events)

    def submit(self, action: Action) -> str | None:
        """A phone's action: the same path as a pad's (boards that turn a submitted
        action into their own state, like a clue editor, see it through ``on_events``).
        An end choice (:data:`END_MOVES`) finishes the match as a pad's press on the end
        screen does, once that screen offers it (``not_now`` before); ``SKIP`` hurries
        the show that plays as a pad's CONFIRM does (``not_now`` when none does); ``QUIT``
        leaves a match still on for the lobby (a phones-only table has no pause menu it
        can work); any other move waits like a pad's while the TV plays a beat (``watch_tv``).

        A pad's actions are built by the board; a phone's data is any JSON the protocol
        let through, which the move's declared data refuses (``bad_data``,
        ``game.core.schema``). Should a rule still trip over a value (a game not on
        declared phases), the session applies nothing (``apply`` never changes its input;
        the log is untouched), so the phone is told ``malformed`` and the match goes on.
        Past the session, an error is the game's."""
        board = self.board
        if action.kind in (*END_MOVES, QUIT) and not board.phones_start():
            return "tv_only"  # the streaming settings: only the TV starts and ends matches
        if action.kind in END_MOVES:
            if not board.end_choices_open():
                return "not_now"
            board.finish(again=END_MOVES[action.kind])
            return None
        if action.kind == SKIP:
            if not board.show_to_skip():
                return "not_now"
            board.skip_show()
            return None
        if action.kind == QUIT:
            if board.session.outcome() is not None:
                return "not_now"  # over: the end screen's choices say what next
            board.finish(again=False)
            return None
        if board.phones_wait():
            return "watch_tv"
        before = len(board.session.log)
        try:
            return board.submit(action)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):
            if len(board.session.log) != before:
                raise
            return "malformed"

    def screen(self, seat: int) -> dict[str, Any]:
        """What ``seat``'s phone shows: built from its own view and legal moves only (none
        while the TV plays a beat), and what the board says of the table (``board.board_now``)."""
        board = self.board
        legal = [] if board.phones_wait() else board.session.legal(seat)
        return phone_screen(board.entry, board.session.view(seat), legal, board.ctx.strings,
                            board.ctx.catalogue.game(board.entry.catalogue_key), board.board_now())
