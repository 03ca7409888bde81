"""The audience on the game thread (issue 30): phones that watch and play along.

:class:`Crowd` is the companion's audience side (``bridge.Companion`` calls it). A phone
joins the audience with ``hello {audience: true}`` — when the seats are full, or by
choice — while the settings let it (``room.Door.audience``) and a table is open; its
token brings it back with its picks and score. What it is told:

- ``audience``: one message for every member, encoded once (``Hub.broadcast``): the
  table's roster, the game's audience screen (``audience.AudienceBook.screen``, built
  from the public view only) and the leaderboard. The public view it shows is one the
  TV has drawn: it is taken only while the board says the TV shows all the rules did
  (``MatchLink.audience_ready``: no reveal or show plays), and sent at the next frame,
  after the TV drew it; so a member's reveal never comes before the TV's (AU-1), and a
  question closes as soon as the rules close it (its guesses are refused from then on,
  before the TV shows why).
- ``you``: its own score, rank and picks on the open questions, after it guessed or a
  reveal scored (anyone's score may move its rank; at most :data:`YOU_PER_FRAME`
  members a frame: a reveal's 500 updates spread over half a second).

Guesses come in one batch between two frames (``Hub.take_guesses``, taken by
:meth:`Crowd.serve` in the app's idle time, or by the next frame's pump when none came:
they never wake the game thread, so 500 members cannot starve the seats) and go to the
:class:`~audience.Ledger`. The shared message is built only when the public view it shows
changed, and sent only when its text did. Pure: no pygame, nothing of the server's thread.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Callable

from .audience import AudienceBook, Ledger
from .protocol import clean_name, encode
from .room import Door, new_token

#: The table's seats as the lobby message lists them, asked for only when a shared
#: message may be built (not on every frame's pump: most have nothing to share).
Roster = Callable[[], "list[dict[str, Any]]"]

if TYPE_CHECKING:
    from .table import Table
    from .server import Hub

#: ``you`` messages sent at most this many a frame (the frame's cost stays small; the
#: page shows a pick at once, the ``you`` confirms it: 500 members in half a second).
YOU_PER_FRAME = 16
#: The shared message is sent again for a new member count at most this often (s).
COUNT_EVERY = 1.0
#: The shared screens' fan-out is held to about this many messages a second: with many
#: members a new screen waits until ``members / FANOUT_PER_SECOND`` seconds after the
#: last (500 members: a quarter of a second; a room of ten: no wait), and the newest goes.
#: A busy table changes its public view with every move; the seats' answers share the
#: server's thread with this fan-out (``python -m game bench --audience``).
FANOUT_PER_SECOND = 2000.0


class Crowd:
    def __init__(self, hub: Hub, lang: Callable[[], str], default_name: Callable[[], str],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.hub, self.lang, self.default_name, self.clock = hub, lang, default_name, clock
        self.ledger = Ledger()
        #: Connection -> its member's token, and the connections that asked to watch.
        self.members: dict[int, str] = {}
        #: The other way round: each member's connection (its ``you`` goes there).
        self._conn_of: dict[str, int] = {}
        self._book: AudienceBook | None = None
        self._match: Any = None
        #: (session id, log length) of the public view the audience has, and of the one
        #: the TV drew at the last frame (sent at the next), with that view and whether
        #: the match was over in it.
        self._released: tuple[Any, Any, bool] | None = None
        self._pending: tuple[Any, Any, bool] | None = None
        self._asked_at: Any = None
        self._asked: dict[str, Any] = {}
        #: Tokens whose ``you`` is due, in order.
        self._due: dict[str, None] = {}
        #: The shared message last sent, what it showed, for how many members, and when.
        self._shared: str | None = None
        self._shared_key: Any = None
        self._shared_count = 0
        self._shared_at = float("-inf")
        self._open_key: Any = None
        self._open_asks: dict[str, Any] = {}
        #: The idle time since the last frame took the guesses and sent the ``you`` messages.
        self._served = False

    # --- joining ------------------------------------------------------------------------
    def hello(self, conn: int, message: dict[str, Any], door: Door, table: Table, roster: list[dict[str, Any]]) -> None:
        if not door.audience:
            self._refuse(conn, "no_audience")
            return
        if table.match is None and table.lobby is None and table.seating is None:
            self._refuse(conn, "no_lobby")
            return
        token = message.get("token")
        if token is not None and token not in self.ledger.members:
            self._refuse(conn, "unknown_token")
            return
        if token is None:
            token = new_token()
            self.ledger.join(token, clean_name(message.get("name") or "") or self.default_name())
        old = self._conn_of.get(token)
        if old is not None:  # the same member on a new connection: the newest wins
            del self.members[old]
            self.hub.close(old, encode("bye", reason="replaced"))
        self.members[conn], self._conn_of[token] = token, conn
        member = self.ledger.members[token]
        self.hub.send(conn, encode("welcome", audience=True, token=token, name=member.name, lang=self.lang(),
                                   seats=roster))
        if self._shared is not None:
            self.hub.send(conn, self._shared)
        self._due[token] = None

    def _refuse(self, conn: int, reason: str) -> None:
        self.hub.close(conn, encode("error", reason=reason))

    def lost(self, conn: int) -> bool:
        """A connection closed; whether it was a member's (the member stays, for its token)."""
        token = self.members.pop(conn, None)
        if token is None:
            return False
        del self._conn_of[token]
        return True

    def leave(self, conn: int) -> None:
        token = self.members.pop(conn)
        del self._conn_of[token]
        self.ledger.leave(token)
        self.hub.close(conn, encode("bye", reason="left"))

    # --- once a frame -----------------------------------------------------------------------
    def pump(self, table: Table, roster: Roster) -> None:
        """Once a frame (the TV draws next): follow the match (the view the TV drew last
        is released); the guesses, the shared message and the ``you`` messages too,
        unless the idle time since the last frame dealt with them (:meth:`serve`).
        Nothing to do while nobody watches."""
        if not self.members:
            self.hub.take_guesses()
            return
        self._follow(table)
        served, self._served = self._served, False
        if not served:
            self._take(self.hub.take_guesses())
            self._share(table, roster)
            self._tell_members()

    def serve(self, table: Table, roster: Roster) -> None:
        """Between two frames (the app's idle time: ``phone_serving.serve_phones_until``):
        the guesses since the last, checked against the questions the rules open now, the
        shared message if what it shows changed (the view the last frame's pump released:
        the TV has drawn it) and the ``you`` messages due, off the frame (whose budget is
        the TV's)."""
        if not self.members or table.match is not self._match:
            return  # (a new match: the next frame's pump follows it first)
        if table.match is not None and self._book is not None:
            self._ask(table.match)
        self._take(self.hub.take_guesses())
        self._share(table, roster)
        self._tell_members()
        self._served = True

    def _follow(self, table: Table) -> None:
        """A new match gets a new ledger (the members stay); the public view the TV drew
        at the last frame is released; the one it shows now is kept for the next."""
        match = table.match
        if match is None:
            self._pending = None
            return
        if match is not self._match:
            self._match, self._book = match, match.audience_book()
            self._released = self._pending = None
            self._asked_at, self._asked = None, {}
            members = self.ledger.members
            self.ledger = Ledger()
            for token, member in sorted(members.items(), key=lambda pair: pair[1].order):
                self.ledger.join(token, member.name)
            self._due.update(dict.fromkeys(members))
        if self._book is None:
            return
        now = self._ask(match)
        if self._pending is not None:
            self._release(*self._pending)
            self._pending = None
        if match.audience_ready() and (self._released is None or self._released[0] != now):
            self._pending = (now, match.session.view(None).public, match.session.outcome() is not None)

    def _ask(self, match: Any) -> tuple[int, int]:
        """The questions the rules open now, worked out again when the log moved; where it is."""
        assert self._book is not None
        session = match.session
        now = (id(session), len(session.log))
        if now != self._asked_at:
            self._asked_at, self._asked = now, {a.id: a for a in self._book.asks(session.view(None).public)}
        return now

    def _release(self, at: Any, public: Any, over: bool) -> None:
        assert self._book is not None
        self._released = (at, public, over)
        scored = self.ledger.score(self._book.answers(public))
        if scored:  # those who scored first; every other member's rank may have moved too
            self._due.update(dict.fromkeys(scored))
            self._due.update(dict.fromkeys(self.ledger.members))

    def _open(self) -> dict[str, Any]:
        """The questions a guess may answer: open in the view the audience has and still
        open in the rules (a question closes with the rules, before the TV shows why)."""
        if self._released is None or self._book is None:
            return {}
        key = (self._released[0], self._asked_at)
        if key != self._open_key:
            self._open_key = key
            self._open_asks = {a.id: a for a in self._book.asks(self._released[1]) if a.id in self._asked}
        return self._open_asks

    def _take(self, batch: dict[int, list[dict[str, Any]]]) -> None:
        if not batch:
            return
        book, asks = self._book, self._open()
        self.ledger.open(asks.values())
        checked: dict[tuple[str, Any], str | None] = {}  # a batch repeats a few (question, answer) pairs many times
        for conn, guesses in batch.items():
            token = self.members.get(conn)
            if token is None:
                continue
            for message in guesses:
                pair = (message["question"], message["answer"])
                if pair not in checked:
                    checked[pair] = "closed" if book is None else \
                        book.check({"question": pair[0], "answer": pair[1]}, asks)
                refusal = checked[pair] or self.ledger.guess(token, *pair)
                if refusal is not None:
                    self.hub.send(conn, encode("error", reason=refusal))
            self._due[token] = None

    # --- telling ------------------------------------------------------------------------
    def _tell_members(self) -> None:
        """The ``you`` messages due, :data:`YOU_PER_FRAME` at most."""
        sent = 0
        for token in list(self._due):
            if sent >= YOU_PER_FRAME:
                break
            del self._due[token]
            conn = self._conn_of.get(token)
            member = self.ledger.members.get(token)
            if conn is None or member is None:
                continue
            picks = {q: member.picks[q] for q in self._asked if q in member.picks}
            self.hub.send(conn, encode("you", score=member.score, rank=self.ledger.rank(token),
                                       of=len(self.ledger.members), picks=picks))
            sent += 1

    def _share(self, table: Table, roster: Roster) -> None:
        """The shared message, when what it shows changed (a new member count alone at
        most every :data:`COUNT_EVERY` seconds; with many members, at most
        :data:`FANOUT_PER_SECOND` messages a second in all), encoded once for all, and
        sent only if its text differs from the last."""
        seats = roster()
        released = self._released if table.match is not None else None
        game = table.match.entry.id if table.match is not None else \
            table.lobby or (table.seating.game_id if table.seating is not None else None)
        # the public view itself (its equality), not the log's length: a move that left it as it
        # was builds nothing (the same object is compared by identity: each frame costs nothing)
        content = (None if released is None else released[1:], tuple(self._open()), self.ledger.version,
                   repr(seats), game)
        count, now = len(self.members), self.clock()
        if content == self._shared_key and (count == self._shared_count or now - self._shared_at < COUNT_EVERY):
            return
        if now - self._shared_at < count / FANOUT_PER_SECOND:
            return  # the newest goes at a later frame
        screen = None
        if released is not None and self._book is not None:
            public = released[1]
            screen = self._book.screen(public, list(self._open().values()),
                                       self.ledger.leans(self._book.answers(public)))
        over = released is not None and released[2]  # as the TV shows it: its end, not the rules'
        self._shared_key, self._shared_count, self._shared_at = content, count, now
        text = encode("audience", game=game, screen=screen, seats=seats, board=self.ledger.board(), count=count,
                      over=over)
        if text == self._shared:  # nothing the audience sees changed: nothing to send
            return
        self._shared = text
        self.hub.broadcast(text)

    @property
    def shared(self) -> str | None:
        """The last shared message sent: every member ends with it."""
        return self._shared

    def tally(self, question: str) -> dict[Any, int]:
        return self.ledger.tally(question)
