"""The companion on the game thread: phones join, leave and act here, and are told.

:meth:`Companion.pump` runs once a frame in the game thread (the app calls it after
the frame's updates). It drains what the server thread queued and applies it to the
seat table and the match exactly as a pad would: a ``hello`` with a name joins like a
pad's CONFIRM in the lobby, a ``hello`` with a token takes its seat back like a pad
reclaiming a held one, a closed connection holds the seat (``SeatTable.disconnect``),
an ``act`` becomes ``Action(kind, that connection's seat, data)`` submitted through
the board's own ``submit``, so the engine judges it. Then it tells every phone what
changed: its ``view`` (built from ``session.view(seat)`` and ``session.legal(seat)``
only, by the board's ``phone_screen``: nothing else can reach it), the events its seat
may see, or the lobby while no match runs. A view is rebuilt only when the match moved
(its log grew) or the board's say on the table did (``phone_moment``: a reveal ended,
the end screen opened) and sent only when it differs from the last one that phone got.

Building a view is the costly part (~1 ms a seat on a slow laptop: eight after each act
would hold the TV's frame up). A frame's pump builds the views of the phones that did not
act for :data:`VIEW_BUDGET` at most (one at least); the rest are owed, and built in the
app's idle time before the next frame (:meth:`Companion.catch_up`) or, when still owed a
frame later, by the frame's pump, the longest owed first. The phones that acted are
answered first, whatever the budget.

A connection acts for the seat its ``hello`` bound, never another: the seat is found
from the connection's token on every message. A phone lost outside a match keeps its
seat for :data:`LOBBY_GRACE` seconds (a reload, a screen lock), then the seat is freed
as an unplugged pad's is; during a match it is held until the phone comes back.

Leaving the match ends it for the whole table, so the companion times that hold itself
rather than trust the page: a ``quit`` counts only after the same connection's
``quit_hold`` (sent as the press began), at least the hold later and within
:data:`QUIT_WINDOW` (:meth:`Companion._quit_refusal`).
"""

from __future__ import annotations

import json
import time
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable, Mapping

from ..core.actions import Action
from ..core.events import Event, visible
from ..seats import PHONE, Seat, SeatTable
from .crowd import Crowd
from .present import QUIT, QUIT_HOLD, QUIT_HOLD_MS
from .protocol import VERSION, clean_name, encode, event_json
from .room import Door, lan_address, new_room_code, new_token
from .table import MatchLink, Phone, Table, view_key

#: Seconds a phone's seat waits for it outside a match before it is freed.
LOBBY_GRACE = 20.0
#: At most this long (s) the game thread lets the server write the views that answer
#: acts before it builds the other phones' views (bench: ``python -m game bench``).
ANSWER_WAIT = 0.004
#: With ``view_budget`` (the app's companion), the other phones' views are built in the
#: idle time before the next frame; a frame's pump builds them only when the idle time
#: fell behind a whole frame, for at most this long (s; at least one), the rest owed
#: again (bench: ``python -m game bench``).
VIEW_BUDGET = 0.0
#: Refusals the board gives, not the engine, sent as they are (not as ``illegal:``):
#: a value of the wrong type, a choice its screen does not offer yet, a beat the TV plays,
#: a choice only the TV makes ("start only from the TV").
TABLE_REASONS = ("malformed", "not_now", "watch_tv", "tv_only")
#: A phone's ``quit`` counts at least the page's hold less this (s) after its
#: ``quit_hold``: the two messages' trips may differ by a frame or a Wi-Fi hiccup.
QUIT_SLACK = 0.25
#: ... and at most this long (s) after it: a press forgotten long ago is no hold.
QUIT_WINDOW = 5.0


class Companion:
    def __init__(self, port: int, styles: Callable[[int], dict[str, str]], lang: Callable[[], str],
                 host: str = "0.0.0.0", static_dir: Path | None = None, clock: Callable[[], float] = time.monotonic,
                 rate: tuple[float, float] | None = None, audience_rate: tuple[float, float] | None = None,
                 default_name: Callable[[], str] | None = None,
                 texts: Mapping[str, Mapping[str, str]] | None = None, log_file: Path | None = None,
                 view_budget: float | None = None, budget_clock: Callable[[], float] = time.perf_counter) -> None:
        """``styles(i)``: seat style ``i`` as ``{"colour": "#rrggbb", "shape": name}``;
        ``lang()``: the game's language now; ``static_dir``: the phone page (the
        package's); ``rate``: each phone's flood limit (``server.RATE_LIMIT``);
        ``default_name()``: the name of a phone that gave none (a free fun name);
        ``texts``: the game's string tables, for the page's ``strings.json``;
        ``log_file``: the game's log, where the server's library records go;
        ``view_budget``: how long (s, on ``budget_clock``) a frame's pump builds the
        views of phones that did not act once the idle time between frames fell behind
        with them (None: all of them, every frame; see :meth:`_pump`)."""
        from .server import AUDIENCE_RATE, RATE_LIMIT, STATIC_DIR, CompanionServer, Hub  # asyncio: only once phones are on

        self.default_name = default_name or (lambda: "?")
        self.room = new_room_code()
        self.hub = Hub(self.room, clock, rate or RATE_LIMIT, audience_rate or AUDIENCE_RATE)
        self.server = CompanionServer(self.hub, host, port, static_dir or STATIC_DIR, texts, lang, log_file)
        self.styles, self.lang, self.clock = styles, lang, clock
        self.view_budget, self.budget_clock = view_budget, budget_clock
        self.requested_port = port
        #: This machine's LAN address phones open (None: no network is up).
        self.address: str | None = None
        self.phones: dict[int, Phone] = {}
        self._events: list[Event] = []
        self._away_since: dict[Hashable, float] = {}
        #: Views were owed as the last frame's pump began (``_pump``: owed through a frame
        #: and its idle time, the next frame builds some).
        self._owed_last_frame = False
        #: Who may come in (the streaming settings: :meth:`open_door`).
        self.door = Door()
        #: The audience: phones that watch and play along (crowd.py).
        self.crowd = Crowd(self.hub, lang, self.default_name, clock)

    @property
    def port(self) -> int:
        return self.server.port

    # --- life ---------------------------------------------------------------------------
    def start(self, wait: bool = True) -> str | None:
        """Start serving; None, or why phones cannot join (``address.bind_problem``; with
        no network up the server still runs, and :attr:`address` is None). Without
        ``wait`` (the app) it returns at once and :attr:`problem` is known once
        :attr:`ready`."""
        self.address = lan_address()
        return self.server.start(wait)

    @property
    def ready(self) -> bool:
        """The server has bound its port, or failed to."""
        return self.server.ready.is_set()

    @property
    def problem(self) -> str | None:
        return self.server.problem

    @problem.setter
    def problem(self, value: str | None) -> None:
        self.server.problem = value

    def trying_codes(self) -> bool:
        """Whether someone was locked out of trying room codes lately (the lobby says so)."""
        return self.hub.guard.alarm(self.hub.clock())

    def stop(self) -> None:
        self.server.stop()

    def open_door(self, door: Door) -> None:
        """Follow the streaming settings (each frame: cheap): the password the server's
        thread checks, the audience, the seat limit, who starts matches."""
        if door != self.door:
            self.door = door
            self.hub.password = door.password

    def tell(self, events: Iterable[Event]) -> None:
        """The board's hook: every event a change caused (filtered per seat when sent)."""
        self._events.extend(events)

    # --- once a frame -------------------------------------------------------------------
    def pump(self, seats: SeatTable, table: Table, frame: bool = True) -> list[str]:
        """Apply what phones sent, then tell them what changed. Returns the sounds the
        TV should play (``join`` when a phone took a seat). ``frame``: the app's pump
        once a frame, after which the TV draws (the audience is told only then: crowd.py);
        False between frames, where only the seats' messages are served."""
        session = table.match.session if table.match is not None else None
        with session.saves_held() if session is not None else nullcontext():  # the autosave after the answers
            return self._pump(seats, table, frame)

    def _pump(self, seats: SeatTable, table: Table, frame: bool) -> list[str]:
        """Rounds of: what landed, applied; then the phones told, until a message lands
        while the frame's pump builds the other phones' views (``_tell``): then a round
        again, its acts answered first. With a ``view_budget``, a frame's pump leaves the
        views of phones that did not act to the idle time after the frame's draw
        (:meth:`catch_up`), so the TV's frame does not wait for eight phones' screens;
        if views were owed as the last frame began too (the idle time between did not
        keep up: a slow machine), it builds them for ``view_budget``, one at least. Views
        owed since the last frame only are the idle time's still: one after a frame that
        left it little time (the app draws up to 120 frames a second) had put a view into
        2.5 % of the audience bench's frames (issue 30 item 4). Each round tells a phone at
        least, so they end."""
        sounds: list[str] = []
        owed = frame and self.behind()
        lagging = owed and self._owed_last_frame
        if frame:
            self._owed_last_frame = owed
        until = None
        if self.view_budget is not None and frame:
            until = self.budget_clock() + (self.view_budget if lagging else 0.0)
        for _ in range(len(self.phones) + 2):
            self.hub.arrived.clear()
            sounds += self._take(seats, table)
            self._free_lost_seats(seats, table)
            if not self._tell(seats, table, frame, until, at_least_one=until is None or lagging):
                break
        if frame:
            self.crowd.pump(table, lambda: self._lobby_seats(seats))
        self.hub.flush()
        return sounds

    def _take(self, seats: SeatTable, table: Table) -> list[str]:
        """Apply the messages that landed; the sounds the TV should play."""
        sounds: list[str] = []
        for conn, message in self.hub.drain():
            if message is None:
                if not self.crowd.lost(conn):
                    self._lost(conn, seats, table)
            elif conn in self.crowd.members:
                if message["type"] == "leave":
                    self.crowd.leave(conn)
                else:
                    self._error(conn, "not_now")
            elif message["type"] == "hello" and message.get("audience"):
                self.crowd.hello(conn, message, self.door, table, self._lobby_seats(seats))
            elif message["type"] == "hello":
                sounds += self._hello(conn, message, seats, table)
            elif conn not in self.phones or seats.seat_of(self.phones[conn].device) is None:
                self._error(conn, "no_seat")
            elif message["type"] == "leave":
                self._leave(conn, seats, table)
            else:
                self._act(conn, message, seats, table)
        return sounds

    def behind(self) -> bool:
        """Whether a phone's view is owed (a frame's pump ran over its budget; only a
        match's pump leaves one owed, and a pump outside a match clears it)."""
        return any(phone.behind for phone in self.phones.values())

    def catch_up(self, seats: SeatTable, table: Table, seconds: float) -> None:
        """Between two frames, while the app waits for the next: the views a frame's pump
        left owed, the longest owed first, for ``seconds`` at most (none when there is no
        time), and until a message lands (the app serves it first)."""
        if seconds <= 0 or table.match is None or not self.behind():
            return
        with table.match.session.saves_held():
            self._tell(seats, table, True, self.budget_clock() + seconds, at_least_one=False)
        self.hub.flush()

    def serve_audience(self, seats: SeatTable, table: Table) -> None:
        """Between two frames: the audience's guesses, shared message and ``you`` messages (``Crowd.serve``).
        They leave with the next flush (a seat's pump or the next frame's): one wake-up of
        the server's thread fewer, whose hand-over of the interpreter lock a seat would wait for."""
        self.crowd.serve(table, lambda: self._lobby_seats(seats))

    def _hello(self, conn: int, message: dict[str, Any], seats: SeatTable, table: Table) -> list[str]:
        if conn in self.phones and seats.seat_of(self.phones[conn].device) is not None:
            self._error(conn, "not_now")  # this connection already has its seat
            return []
        token = message.get("token")
        if token is not None:
            device: tuple[str, str] = (PHONE, token)
            index = seats.seat_of(device)
            if index is not None:  # the same phone on a new connection: the newest wins
                for old, phone in list(self.phones.items()):
                    if phone.device == device:
                        del self.phones[old]
                        self.hub.close(old, encode("bye", reason="replaced"))
            else:
                index = seats.held_by(device)
                if index is None:
                    self._error(conn, "unknown_token")
                    return []
                seats.reclaim(index, device)
                self._away_since.pop(device, None)
            sound: list[str] = []
        elif table.seating is not None:  # a saved match: the next saved seat, its saved name
            device = (PHONE, new_token())
            claimed = table.seating.phone_claim(device)
            if claimed is None:
                self._error(conn, "table_full")
                return []
            index, sound = claimed, []  # the seating screen plays its own sound
        else:
            if table.lobby is None:
                self._error(conn, "no_lobby")
                return []
            device = (PHONE, new_token())
            seat = seats.join(device, clean_name(message["name"]) or self.default_name()) \
                if len(seats) < self.door.seat_limit else None
            if seat is None:  # the page offers to watch instead when the audience may
                self._send(conn, "error", reason="table_full", audience=self.door.audience)
                return []
            index, sound = seat.index, ["join"]
        self.phones[conn] = Phone(device)
        seat = seats[index]
        # the roster too: a phone reloaded mid-match gets no lobby message, and needs the names
        self._send(conn, "welcome", seat=index, token=device[1], name=seat.name, lang=self.lang(),
                   seats=self._lobby_seats(seats), **self.styles(seat.style))
        return sound

    def _leave(self, conn: int, seats: SeatTable, table: Table) -> None:
        phone = self.phones.pop(conn)
        index = seats.seat_of(phone.device)
        if index is not None:
            if table.match is None:
                seats.remove(index)
            else:
                seats.disconnect(phone.device)
        self.hub.close(conn, encode("bye", reason="left"))

    def _lost(self, conn: int, seats: SeatTable, table: Table) -> None:
        phone = self.phones.pop(conn, None)
        if phone is not None and seats.seat_of(phone.device) is not None:
            seats.disconnect(phone.device)

    def _act(self, conn: int, message: dict[str, Any], seats: SeatTable, table: Table) -> None:
        match = table.match
        if match is None or not table.accepting:  # a refusal too: its id comes back
            self._error(conn, "not_now", message.get("id"))
            return
        phone = self.phones[conn]
        if message["kind"] == QUIT_HOLD:  # the press began: the hold is timed from now
            phone.quit_pressed, phone.ack = self.clock(), message.get("id")
            return
        if message["kind"] == QUIT:
            refusal = self._quit_refusal(phone)
            if refusal is not None:
                self._error(conn, refusal, message.get("id"))
                return
        seat = seats.seat_of(phone.device)
        reason = match.phone_submit(Action(message["kind"], seat, message.get("data", {})))
        if reason is not None:
            self._error(conn, reason if reason in TABLE_REASONS else f"illegal:{reason}", message.get("id"))
        else:
            phone.ack = message.get("id")

    def _quit_refusal(self, phone: Phone) -> str | None:
        """Why this ``quit`` is no hold on "Leave the match" (None: it is): no press of
        this connection's began within :data:`QUIT_WINDOW` (``hold_first``: a lone
        scripted ``quit``, another phone's press, one long forgotten), or the press began
        too short a while ago (``hold_longer``). Either way that press is spent."""
        pressed, phone.quit_pressed = phone.quit_pressed, None
        held = None if pressed is None else self.clock() - pressed
        if held is None or held > QUIT_WINDOW:
            return "hold_first"
        if held < QUIT_HOLD_MS / 1000 - QUIT_SLACK:
            return "hold_longer"
        return None

    def _free_lost_seats(self, seats: SeatTable, table: Table) -> None:
        """Outside a match, a phone's seat held longer than the grace is freed; on "take
        your seats" it stays, held for the next claimer (the saved seats keep their places)."""
        now = self.clock()
        for seat in list(seats):
            if not seat.reconnecting:
                continue
            if table.match is not None:  # held for the whole match; the grace starts after it
                self._away_since[seat.away] = now
            elif now - self._away_since.setdefault(seat.away, now) >= LOBBY_GRACE:
                del self._away_since[seat.away]
                if table.seating is not None:
                    seats.forget(seat.index)
                    continue
                seats.remove(seat.index)
                return  # indexes moved: the rest next frame

    # --- telling ------------------------------------------------------------------------
    def _tell(self, seats: SeatTable, table: Table, frame: bool = True, until: float | None = None,
              at_least_one: bool = True) -> bool:
        """Each phone its events (each encoded once, whoever gets it) and view, or the
        lobby. The phones that just acted go first, and their answers leave before the
        other views are built: that answer is the one a player waits for. Between two
        frames (not ``frame``) in a match only those phones are told: the others' views
        wait for the frame's pump (the TV shows the change then too), so that acts landing
        one after another between frames are not each held up by seven views, and each
        phone's view is built once for them all. At the frame, a message that lands while
        those views are built stops them (the rest are owed): True, the caller serves it.
        So does ``until`` (on the budget clock) once passed, after one view at least
        (``at_least_one``): those phones are ``behind``, told first next time."""
        events, self._events = self._events, []
        texts: dict[int, str] = {}
        roster: list[dict[str, Any]] | None = None
        answering = any(phone.ack is not None for phone in self.phones.values())
        now = view_key(table.match) if table.match is not None else None
        told = stopped = spent = False
        for conn, phone in sorted(self.phones.items(), key=lambda item: (item[1].ack is None, not item[1].behind)):
            if answering and phone.ack is None:
                answering = False
                self.hub.flush(wait=ANSWER_WAIT)
            index = seats.seat_of(phone.device)
            if table.match is not None and index is not None and phone.ack is None:
                stopped = stopped or ((told or not at_least_one) and self.hub.arrived.is_set())
                spent = spent or ((told or not at_least_one) and until is not None and self.budget_clock() >= until)
                told = True
            if index is None:  # its seat was removed on the TV: kicked
                del self.phones[conn]
                self.hub.close(conn, encode("bye", reason="kicked"))
            elif table.match is not None and (not frame or stopped or spent) and phone.ack is None:
                phone.owed.extend(events)
                phone.behind = phone.behind or (frame and (bool(phone.owed) or phone.view_key != now))
            elif table.match is not None:
                phone.sent.pop("lobby", None)  # back in the lobby, it is told again
                phone.behind = False
                owed, phone.owed = phone.owed, []
                for event in visible([*owed, *events], index):
                    text = texts.get(id(event))
                    if text is None:
                        text = texts[id(event)] = encode("event", event=event_json(event))
                    self.hub.send(conn, text)
                self._tell_view(conn, phone, index, table.match, now)
            else:
                phone.view_key, phone.owed, phone.behind = None, [], False
                phone.sent.pop("view", None)
                game = table.lobby if table.seating is None else table.seating.game_id
                roster = self._lobby_seats(seats) if roster is None else roster
                # the room's code and password for a seated player to pass on (the TV may hide them)
                self._send_changed(conn, phone, "lobby", seats=roster, game=game, you=index, room=self.room,
                                   password=self.door.password)
        return stopped

    def _tell_view(self, conn: int, phone: Phone, index: int, match: MatchLink,
                   key: tuple[int, int, Hashable] | None) -> None:
        """``key``: the match's ``_view_key`` now."""
        if phone.view_key == key and phone.ack is None:
            return
        phone.view_key = key
        screen = json.dumps(match.phone_screen(index), ensure_ascii=False, separators=(",", ":"))
        if screen == phone.sent.get("view") and phone.ack is None:
            return
        phone.sent["view"] = screen
        ack = "" if phone.ack is None else f',"ack":{json.dumps(phone.ack)}'
        phone.ack = None
        self.hub.send(conn, f'{{"v":{VERSION},"type":"view"{ack},"screen":{screen}}}')

    def _send_changed(self, conn: int, phone: Phone, kind: str, **fields: object) -> None:
        text = encode(kind, **fields)
        if phone.sent.get(kind) != text:
            phone.sent[kind] = text
            self.hub.send(conn, text)

    def _lobby_seats(self, seats: SeatTable) -> list[dict[str, Any]]:
        return [{"name": seat.name, **self.styles(seat.style), "kind": _kind(seat),
                 "reconnecting": seat.reconnecting} for seat in seats]

    def _send(self, conn: int, kind: str, **fields: object) -> None:
        self.hub.send(conn, encode(kind, **fields))

    def _error(self, conn: int, reason: str, ack: int | str | None = None) -> None:
        if ack is None:
            self._send(conn, "error", reason=reason)
        else:
            self._send(conn, "error", reason=reason, ack=ack)


def _kind(seat: Seat) -> str:
    """A seat's device kind as the lobby message names it."""
    if seat.bot:
        return "bot"
    device = seat.device if seat.connected else seat.away
    kind = device[0] if isinstance(device, tuple) else "pad"
    return {"kb": "keyboard", PHONE: "phone"}.get(kind, "pad")
