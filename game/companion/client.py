"""Scripted phones: WebSocket clients on their own thread and event loop, for the bench
and the tests, so the game thread runs its frames while phones talk to it as real ones
do (over TCP, through the server thread).

    crowd = PhoneCrowd("http://127.0.0.1:50505")
    phone = crowd.connect()
    phone.send("hello", room="ACDE", name="Zoé")
    ... the game runs frames ...
    welcome = phone.next("welcome")

Every message a phone receives is kept (``received``: JSON texts, in order) and queued
for :meth:`ScriptedPhone.next` with the time it arrived.
"""

from __future__ import annotations

import asyncio
import json
import queue
import threading
import time
from typing import Any, Callable, Coroutine, TypeVar

import aiohttp

#: What a coroutine run on the phones' loop returns.
T = TypeVar("T")


class ScriptedPhone:
    def __init__(self, crowd: "PhoneCrowd", ws: aiohttp.ClientWebSocketResponse) -> None:
        self.crowd, self.ws = crowd, ws
        self.received: list[str] = []
        self.queue: queue.SimpleQueue[tuple[float, dict[str, Any]]] = queue.SimpleQueue()
        self.closed = threading.Event()

    def send_text(self, text: str) -> None:
        self.crowd.run(self.ws.send_str(text))

    def send(self, message_type: str, /, **fields: object) -> None:
        self.send_text(json.dumps({"v": 1, "type": message_type, **fields}))

    def next(self, kind: str | None = None, wait: Callable[[], None] | None = None, timeout: float = 5.0,
             ) -> dict[str, Any]:
        """The next message (of ``kind``; others before it are skipped), calling ``wait``
        (run a game frame) between looks. Raises TimeoutError."""
        return self.next_timed(kind, wait, timeout)[1]

    def next_timed(self, kind: str | None = None, wait: Callable[[], None] | None = None, timeout: float = 5.0,
                   ) -> tuple[float, dict[str, Any]]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                arrived, message = self.queue.get(timeout=0.002 if wait else 0.05)
            except queue.Empty:
                if wait is not None:
                    wait()
                continue
            if kind is None or message.get("type") == kind:
                return arrived, message
        raise TimeoutError(f"no {kind or 'message'} within {timeout} s")

    def pending(self) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                out.append(self.queue.get_nowait()[1])
            except queue.Empty:
                return out

    def close(self) -> None:
        self.crowd.run(self.ws.close())

    async def _read(self) -> None:
        async for frame in self.ws:
            if frame.type == aiohttp.WSMsgType.TEXT:
                self.received.append(frame.data)
                self.queue.put((time.perf_counter(), json.loads(frame.data)))
        self.closed.set()


class PhoneCrowd:
    """Phones sharing one client thread and loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="scripted-phones", daemon=True)
        self.thread.start()
        self.session = self.run(self._session())
        self.phones: list[ScriptedPhone] = []

    async def _session(self) -> aiohttp.ClientSession:
        return aiohttp.ClientSession()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 10.0) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def connect(self) -> ScriptedPhone:
        ws = self.run(self.session.ws_connect(f"{self.url}/ws", max_msg_size=0))
        phone = ScriptedPhone(self, ws)
        self.loop.call_soon_threadsafe(lambda: self.loop.create_task(phone._read()))
        self.phones.append(phone)
        return phone

    def close(self) -> None:
        for phone in self.phones:
            if not phone.ws.closed:
                phone.close()
        self.run(self.session.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
