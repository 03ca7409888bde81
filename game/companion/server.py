"""The companion's web server: aiohttp in a background thread with its own event loop.

It serves the phone page (``static/``) at ``/``, the game's pictograms at
``/picto/<code>.svg`` (pictures.py) and the WebSocket at ``/ws``, and knows nothing of
the game. A WebSocket opened by another site's page is refused
(:func:`same_origin`); each connection's messages are checked (size, JSON, types,
strokes: protocol.py; the room code, whose wrong guesses close the connection and are
limited per address and for the whole room, and a flood limit per connection: room.py)
and the good ones are put on :attr:`Hub.inbox`, a thread-safe queue the game thread drains
once a frame, or as soon as one lands while it idles between frames (bridge.py). The
game thread answers through :meth:`Hub.send` and :meth:`Hub.close` and hands a pump's
messages over in one :meth:`Hub.flush`, which only schedules work on the server's
loop: it never waits on the network. Each connection has its own outbox and writer task, so one slow phone
never holds the others up; one that falls :data:`MAX_OUTBOX` messages behind is
closed (it reconnects and gets a fresh view).

:func:`make_app` builds the aiohttp application on its own (the protocol tests run it
under aiohttp's test server); :class:`CompanionServer` runs it in the thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import queue
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Collection, Mapping

from . import pictures as pictograms
from .address import bind_problem, same_origin
from .protocol import ProtocolError, encode, parse
from .quiet import keep_aiohttp_quiet
from .room import CodeGuard, TokenBucket, door_refusal

if TYPE_CHECKING:  # aiohttp is imported on the server's thread, when it starts
    from aiohttp import web

STATIC_DIR = Path(__file__).resolve().parent / "static"
#: aiohttp closes a connection whose frame exceeds this (1009); up to it, a message
#: over protocol.MAX_MESSAGE is refused with ``too_big`` and the connection stays.
HARD_LIMIT = 1024 * 1024
#: Seconds between WebSocket pings: a phone that sleeps or loses Wi-Fi is noticed
#: within about twice this, and its seat shows as reconnecting.
HEARTBEAT = 5.0
#: Connections the system holds until the server's loop accepts them. A stream's
#: audience comes in together when the code shows; past the usual 128 the system drops
#: the newcomers' first packet and their phones retry 1, 3, then 7 s later (the system
#: may cap it: ``net.core.somaxconn`` on Linux).
LISTEN_BACKLOG = 1024
#: Messages waiting for one phone before it is cut off as too slow.
MAX_OUTBOX = 512
#: A phone's flood limit: a person taps a few times a second, a stroke ends a few
#: times a second; 30 a second with bursts of 60 leaves room for both.
RATE_LIMIT = (30.0, 60.0)
#: At most one ``too_fast`` error a second to a flooding connection.
TOO_FAST_EVERY = 1.0
#: The audience (issue 30): each member's flood limit (a guess or two a second, a few at
#: once), apart from the seats'; at most this many members; at most this many guesses of
#: one member wait for the game thread's next frame (more are dropped: none is lost that
#: the next frame would not overwrite). A member waits for at most one shared screen:
#: a newer one takes the place of the one not written yet (it carries everything).
AUDIENCE_RATE = (2.0, 6.0)
MAX_AUDIENCE = 2000
AUDIENCE_BATCH = 6
#: :meth:`Hub.broadcast`'s connection id: every audience member.
EVERYONE = 0
#: A shared screen's writers are woken this many members at a time, the server's loop
#: turning between two handfuls (``Hub._fan_out``): a seat's message, read or written,
#: waits behind one handful of members' writes at most, not behind all 500.
FANOUT_CHUNK = 16
#: A member's outbox holds this where its shared screen goes: the writer sends the
#: newest one then (``Connection.shared``).
SHARED_SLOT = (b"", False)


@dataclass
class Connection:
    ws: web.WebSocketResponse
    bucket: TokenBucket
    #: The client's address (:class:`room.CodeGuard` counts its wrong codes).
    address: str = "?"
    outbox: asyncio.Queue[tuple[str | bytes, bool] | None] = field(default_factory=asyncio.Queue)
    told_too_fast: float = float("-inf")
    #: Closed for falling :data:`MAX_OUTBOX` messages behind: nothing more is queued.
    cut: bool = False
    #: Its ``hello`` was refused (a wrong code, locked out): closing, nothing more is read.
    refused: bool = False
    #: Came in as the audience: its guesses go to :meth:`Hub.take_guesses`, it gets the
    #: shared screens (:meth:`Hub.broadcast`), under the audience's own flood limit.
    audience: bool = False
    #: The newest shared screen not written to it yet (its outbox holds :data:`SHARED_SLOT`).
    shared: bytes | None = None


class Hub:
    """What the connections share. ``inbox`` holds ``(connection id, message)``;
    ``message`` None: that connection closed."""

    def __init__(self, room: str, clock: Callable[[], float] = time.monotonic, rate: tuple[float, float] = RATE_LIMIT,
                 audience_rate: tuple[float, float] = AUDIENCE_RATE) -> None:
        self.room = room
        self.clock = clock
        #: Each connection's flood limit: messages a second, and the burst allowed; an
        #: audience member's, once it came in as one.
        self.rate, self.audience_rate = rate, audience_rate
        #: Wrong room codes, per address and for the whole room (the server's thread).
        self.guard = CodeGuard()
        self.inbox: queue.SimpleQueue[tuple[int, dict[str, Any] | None]] = queue.SimpleQueue()
        #: Set when something lands on the inbox: the app, idle until its next frame,
        #: wakes and pumps at once (``scenes.phone_serving.serve_phones_until``).
        self.arrived = threading.Event()
        self.connections: dict[int, Connection] = {}
        #: The room's password ("" none: the game thread sets it from the settings).
        self.password = ""
        #: How many connections came in as the audience (the server's thread).
        self.audience = 0
        #: Audience guesses since the game thread last took them: connection -> messages.
        self._guesses: dict[int, list[dict[str, Any]]] = {}
        self._guesses_lock = threading.Lock()
        #: What the game thread queued since its last :meth:`flush` (only it touches this).
        self._outgoing: list[tuple[int, str, bool]] = []
        #: Members with a newer shared screen whose writer is not woken yet, and the task
        #: that wakes them a handful at a time (the server's loop).
        self._waking: deque[Connection] = deque()
        self._fanning: asyncio.Task[None] | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ids = itertools.count(1)

    # --- the game thread's side ----------------------------------------------------------
    def send(self, conn: int, text: str) -> None:
        """Queue ``text`` for connection ``conn``; it leaves at the next :meth:`flush`
        (the game thread's; never waits)."""
        self._outgoing.append((conn, text, False))

    def close(self, conn: int, text: str) -> None:
        """Send ``text`` (a ``bye``) to ``conn``, then close it (at the next flush)."""
        self._outgoing.append((conn, text, True))

    def broadcast(self, text: str) -> None:
        """Queue ``text`` for every audience member: one message, encoded once on the
        server's loop and written to each (a member still waiting for an older one gets
        this one instead, in its place)."""
        self._outgoing.append((EVERYONE, text, False))

    def take_guesses(self) -> dict[int, list[dict[str, Any]]]:
        """The audience's guesses since the last call, by connection, in one batch."""
        with self._guesses_lock:
            batch, self._guesses = self._guesses, {}
        return batch

    def flush(self, wait: float = 0.0) -> None:
        """Hand what was queued to the server's loop in one wake-up. With ``wait``, wait
        up to that many seconds for the loop to take it: the game thread lets go of the
        interpreter lock meanwhile, so the server writes it now rather than once the
        game thread's frame is over (the answer a player waits for)."""
        batch, self._outgoing = self._outgoing, []
        if not batch or self.loop is None or self.loop.is_closed():
            return
        taken = threading.Event() if wait > 0 else None
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the server is gone
            self.loop.call_soon_threadsafe(self._queue_all, batch, taken)
            if taken is not None:
                taken.wait(wait)

    def drain(self) -> list[tuple[int, dict[str, Any] | None]]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    # --- the server's loop ---------------------------------------------------------------
    def _queue_all(self, batch: list[tuple[int, str, bool]], taken: threading.Event | None) -> None:
        for conn, text, last in batch:
            if conn == EVERYONE:
                self._queue_shared(text.encode("utf-8"))
            else:
                self._queue(conn, text, last)
        if taken is not None:
            taken.set()

    def _queue_shared(self, frame: bytes) -> None:
        """Every member's newest shared screen: the same bytes for all; a member's outbox
        holds one slot for it at most, so one that reads slowly still ends with the newest.
        The members' writers are woken a handful at a time (:meth:`_fan_out`)."""
        for connection in self.connections.values():
            if connection.audience and not connection.cut:
                if connection.shared is None:
                    self._waking.append(connection)
                connection.shared = frame
        if self._waking and self._fanning is None:
            with contextlib.suppress(RuntimeError):  # no loop running: a test wakes them itself
                self._fanning = asyncio.get_running_loop().create_task(self._fan_out())

    def _wake_members(self, count: int) -> bool:
        """Give up to ``count`` waiting members their shared screen's slot; whether more wait."""
        for _ in range(min(count, len(self._waking))):
            connection = self._waking.popleft()
            if not connection.cut:
                connection.outbox.put_nowait(SHARED_SLOT)
        return bool(self._waking)

    async def _fan_out(self) -> None:
        """Wake the members' writers :data:`FANOUT_CHUNK` at a time, letting the loop turn
        between two handfuls: the seats' messages that came meanwhile are read and written
        in between (their answer must not wait for 500 members' writes)."""
        try:
            while self._wake_members(FANOUT_CHUNK):
                await asyncio.sleep(0)
        finally:
            self._fanning = None

    def _queue(self, conn: int, text: str, last: bool) -> None:
        connection = self.connections.get(conn)
        if connection is None or connection.cut:
            return
        if connection.outbox.qsize() >= MAX_OUTBOX:  # the phone reads no more: cut it off
            connection.cut = True
            asyncio.get_running_loop().create_task(connection.ws.close(message=b"too slow"))
            return
        connection.outbox.put_nowait((text, last))

    async def websocket(self, request: web.Request) -> web.WebSocketResponse:
        from aiohttp import WSMsgType, web

        self.loop = asyncio.get_running_loop()
        if not same_origin(request.headers.get("Origin"), request.scheme, request.host):
            raise web.HTTPForbidden(text="a page of another site may not join the game")
        ws = web.WebSocketResponse(max_msg_size=HARD_LIMIT, heartbeat=HEARTBEAT)
        await ws.prepare(request)
        conn = next(self._ids)
        connection = self.connections[conn] = Connection(ws, TokenBucket(*self.rate), request.remote or "?")
        writer = asyncio.create_task(self._write(connection))
        try:
            async for frame in ws:
                if frame.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    self._receive(conn, connection, frame.data)
                else:
                    break
        finally:
            del self.connections[conn]
            self.audience -= connection.audience
            self.inbox.put((conn, None))
            self.arrived.set()
            writer.cancel()  # what it still holds was for a phone that is gone
            with contextlib.suppress(asyncio.CancelledError):
                await writer
        return ws

    def _receive(self, conn: int, connection: Connection, data: str | bytes) -> None:
        if connection.refused:
            return
        now = self.clock()
        if not connection.bucket.take(now):
            if now - connection.told_too_fast >= TOO_FAST_EVERY:
                connection.told_too_fast = now
                self._queue(conn, encode("error", reason="too_fast"), False)
            return
        try:
            message = parse(data)
        except ProtocolError as exc:
            self._queue(conn, encode("error", reason=exc.reason), False)
            return
        kind = message["type"]
        if kind == "ping":
            self._queue(conn, encode("pong"), False)
            return
        if kind == "hello":
            refusal = door_refusal(self.guard, connection.address, message, self.room, self.password, now)
            if refusal is None and message.get("audience") and not connection.audience:
                refusal = self._seat_audience(connection)
            if refusal is not None:  # told, then closed: the next guess needs a new connection
                connection.refused = True
                self._queue(conn, encode("error", reason=refusal), True)
                return
        elif kind == "guess" or connection.audience and kind == "act":
            if connection.audience and kind == "guess":
                self._keep_guess(conn, message)
            else:
                self._queue(conn, encode("error", reason="not_audience" if kind == "guess" else "no_seat"), False)
            return
        self.inbox.put((conn, message))
        self.arrived.set()

    def _seat_audience(self, connection: Connection) -> str | None:
        """The connection joins the audience: its own flood limit from now on. None, or
        ``audience_full``."""
        if self.audience >= MAX_AUDIENCE:
            return "audience_full"
        self.audience += 1
        connection.audience = True
        connection.bucket = TokenBucket(*self.audience_rate)
        return None

    def _keep_guess(self, conn: int, message: dict[str, Any]) -> None:
        """An audience guess waits for the game thread's next frame, in its batch; it never
        wakes the game thread (the seats' messages do)."""
        with self._guesses_lock:
            kept = self._guesses.setdefault(conn, [])
            if len(kept) < AUDIENCE_BATCH:
                kept.append(message)

    @staticmethod
    async def _write(connection: Connection) -> None:
        from aiohttp import WSMsgType

        while True:
            item = await connection.outbox.get()
            if item is None:
                return
            if item is SHARED_SLOT:  # the newest shared screen, encoded once for all
                shared, connection.shared = connection.shared, None
                if shared is None:
                    continue
                item = (shared, False)
            text, last = item
            try:
                if isinstance(text, bytes):
                    await connection.ws.send_frame(text, WSMsgType.TEXT)
                else:
                    await connection.ws.send_str(text)
                if last:
                    await connection.ws.close()
                    return
            except (ConnectionError, RuntimeError):  # the phone went away mid-send
                return


def make_app(hub: Hub, static_dir: Path = STATIC_DIR, texts: Mapping[str, Mapping[str, str]] | None = None,
             lang: Callable[[], str] = lambda: "en",
             pictures: Callable[[], Collection[str]] = pictograms.game_pictures) -> web.Application:
    """The aiohttp application: the phone page at ``/``, the WebSocket at ``/ws``, the
    pictograms ``pictures()`` names at ``/picto/<code>.svg`` and, given the game's
    string tables (``texts``), the page's own words at ``/strings.json?lang=xx`` (a
    page has no seat, so no language, before it joins; without ``lang=`` the game's
    language now, ``lang()``).
    (aiohttp is imported here and in the handlers, on the server's thread: the game
    thread never pays for it — a third of a second at start.)"""
    from aiohttp import web

    async def index(request: web.Request) -> web.FileResponse:
        page = static_dir / "index.html"
        if not page.is_file():
            raise web.HTTPNotFound(text="the phone page is not installed")
        return web.FileResponse(page)

    async def close_all(app: web.Application) -> None:
        for connection in list(hub.connections.values()):
            await connection.ws.close(message=b"game closed")

    async def strings(request: web.Request) -> web.Response:
        from ..i18n import Strings
        from .present import page_strings

        tables = texts or {}
        wanted = request.query.get("lang") or lang()
        return web.json_response(page_strings(Strings(tables, wanted if wanted in tables else "en")))

    app = web.Application(client_max_size=64 * 1024)
    app.router.add_get("/ws", hub.websocket)
    app.router.add_get("/", index)
    pictograms.add_route(app, pictures)
    if texts is not None:
        app.router.add_get("/strings.json", strings)
    if static_dir.is_dir():
        app.router.add_static("/", static_dir)
    app.on_shutdown.append(close_all)
    return app


class CompanionServer:
    """The app's server thread. :meth:`start` starts it; once :attr:`ready` is set the
    port is bound, or :attr:`problem` says why not (:func:`bind_problem`). :meth:`stop`
    closes every connection and joins the thread. aiohttp's own records go to
    ``log_file`` (:func:`keep_aiohttp_quiet`)."""

    def __init__(self, hub: Hub, host: str, port: int, static_dir: Path = STATIC_DIR,
                 texts: Mapping[str, Mapping[str, str]] | None = None, lang: Callable[[], str] = lambda: "en",
                 log_file: Path | None = None) -> None:
        self.hub, self.host, self.port, self.static_dir = hub, host, port, static_dir
        self.texts, self.lang, self.log_file = texts, lang, log_file
        self.problem: str | None = None
        self.ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None

    def start(self, wait: bool = True) -> str | None:
        """Start the thread; with ``wait``, until the port is bound (or not): the
        problem. The app does not wait (the lobby reads :attr:`problem` when ready)."""
        self._thread = threading.Thread(target=self._run, name="companion-server", daemon=True)
        self._thread.start()
        if wait:
            self.ready.wait(timeout=30)
        return self.problem

    def _run(self) -> None:
        keep_aiohttp_quiet(self.log_file)
        loop = asyncio.new_event_loop()
        self.hub.loop = loop
        try:
            loop.run_until_complete(self._serve())
        except Exception as exc:  # noqa: BLE001 - aiohttp missing or broken: said on the lobby, never a crash
            self.problem = f"failed: {exc!r}"[:200]
            self.ready.set()
        finally:
            loop.close()

    async def _serve(self) -> None:
        from aiohttp import web

        self._stop = asyncio.Event()
        runner = web.AppRunner(make_app(self.hub, self.static_dir, self.texts, self.lang), access_log=None)
        await runner.setup()
        try:
            site = web.TCPSite(runner, self.host, self.port, backlog=LISTEN_BACKLOG)
            try:
                await site.start()
            except OSError as exc:
                self.problem = bind_problem(exc)
                return
            if self.port == 0:  # tests and the bench: the port the system chose
                self.port = runner.addresses[0][1]
            self.ready.set()
            await self._stop.wait()
        finally:
            self.ready.set()
            await runner.cleanup()

    def stop(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            return
        self.ready.wait(timeout=30)  # stopped while starting: let it finish binding first
        loop, stop = self.hub.loop, self._stop
        if loop is not None and stop is not None:
            with contextlib.suppress(RuntimeError):  # it ended meanwhile (the port was taken)
                loop.call_soon_threadsafe(stop.set)
        self._thread.join(timeout=10)
