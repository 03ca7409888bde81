"""The audience's swarm (issue 30 item 4): hundreds of members on loopback, in a process
of their own (real phones are other devices: they do not share the game's interpreter lock).

:func:`swarm_main` runs ``members`` WebSocket clients on one asyncio loop (aiohttp) that
join a room as the audience and play along as the page does: each reads as soon as it is
connected (a connection left unread misses the server's pings and is cut off), each new
shared screen's open questions get a pick each (a seeded random choice), and with
``repick`` a member changes one pick every :data:`REPICK_EVERY` seconds or so while
questions are open (an audience voting all along, within its flood limit). The first
``flooders`` members instead send :data:`FLOOD` picks at once on the first open
question (the flood limit must hold them back). It talks to its parent
(:class:`SwarmChild`) in JSON lines: on stdout ``{"event": "joined"}`` once every member
is welcomed on its present connection, ``{"event": "confirmed", "questions": [...]}``
each time every member's ``you`` confirms its picks of the questions open then, and at
the end ``{"event": "summary", "fans": [...]}``; on stdin ``stop`` ends it.
tests/test_audience_scale.py and the bench (``bench_audience.AudienceRun``) start it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import queue
import random
import subprocess
import sys
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..program import python_command

#: The members a bench or a test brings, and how many of them flood (the test's; the bench's do not).
MEMBERS = 500
FLOODERS = 10
#: Picks a flooder sends at once (the audience's burst is 6).
FLOOD = 40
#: About how often (s) a member changes a pick while questions are open, with ``repick``;
#: the time between two of its first picks (a person taps one after the other; and the
#: flood limit, 2 a second after a burst of 6, would drop an eighth at once).
REPICK_EVERY = 2.0
PICK_GAP = 0.3


def open_questions(screen: Any) -> dict[str, list[Any]]:
    """The questions an audience screen offers: question id -> the answers its picks send."""
    found: dict[str, list[Any]] = {}
    for item in json_objects(screen):
        guess = item.get("guess")
        if isinstance(guess, dict) and "question" in guess:
            found.setdefault(guess["question"], []).append(guess["answer"])
    return found


def json_objects(value: Any) -> Iterator[dict[str, Any]]:
    """Every object in a decoded JSON ``value``, each before those inside it."""
    if isinstance(value, dict):
        yield value
        for inner in value.values():
            yield from json_objects(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from json_objects(inner)


@dataclass
class Fan:
    """One member as the swarm sees it."""

    number: int
    flooder: bool = False
    ws: Any = None
    token: str | None = None
    shared: int = 0
    #: SHA-1 of the last shared message's exact text (every member's must end the same).
    last_shared: str = ""
    open: dict[str, list[Any]] = field(default_factory=dict)
    picks: dict[str, Any] = field(default_factory=dict)
    you: dict[str, Any] = field(default_factory=dict)
    yous: int = 0
    sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    #: How its connections ended before the swarm stopped, each time (it came back with
    #: its token, as the page does).
    drops: list[str] = field(default_factory=list)
    picking: bool = False
    #: Welcomed on its present connection.
    welcomed: bool = False

    def confirmed(self) -> bool:
        """Whether it picked every question its last shared screen opens, each pick told back."""
        told = self.you.get("picks", {})
        return all(question in self.picks and told.get(question) == self.picks[question] for question in self.open)

    def summary(self) -> dict[str, Any]:
        return {"number": self.number, "flooder": self.flooder, "token": self.token, "shared": self.shared,
                "last_shared": self.last_shared, "picks": self.picks, "score": self.you.get("score"),
                "rank": self.you.get("rank"), "yous": self.yous, "sent": self.sent, "errors": dict(self.errors),
                "drops": self.drops, "connected": self.ws is not None and not self.ws.closed}


class Swarm:
    def __init__(self, url: str, room: str, members: int, flooders: int, repick: bool, seed: int = 30) -> None:
        self.url, self.room, self.repick = url, room, repick
        self.fans = [Fan(n, flooder=n < flooders) for n in range(members)]
        self.rng = random.Random(seed)
        self.stopping = asyncio.Event()
        self.told: set[str] = set()
        self._picking: set[asyncio.Task[None]] = set()
        self._seen: dict[str, tuple[str, dict[str, list[Any]]]] = {}

    def say(self, event: str, **fields: Any) -> None:
        print(json.dumps({"event": event, **fields}), flush=True)

    async def run(self) -> None:
        import aiohttp

        connector = aiohttp.TCPConnector(limit=0)  # no pool limit: every member keeps its socket
        async with aiohttp.ClientSession(connector=connector) as session:
            readers = [asyncio.create_task(self._play(session, fan)) for fan in self.fans]
            pickers = [asyncio.create_task(self._repick(fan)) for fan in self.fans if self.repick and not fan.flooder]
            while not all(fan.welcomed for fan in self.fans):
                await asyncio.sleep(0.05)
            self.say("joined", members=len(self.fans))
            await self.stopping.wait()
            for task in [*pickers, *self._picking]:
                task.cancel()
            connected = [fan for fan in self.fans if fan.ws is not None and not fan.ws.closed]
            self.say("summary", fans=[fan.summary() for fan in self.fans], cpu_s=round(time.process_time(), 2))
            closing = asyncio.gather(*(fan.ws.close() for fan in connected), *readers, return_exceptions=True)
            with contextlib.suppress(asyncio.TimeoutError):  # said goodbye, or gone: nothing is waited for
                await asyncio.wait_for(closing, 10.0)

    async def _play(self, session: Any, fan: Fan) -> None:
        """Join, then read at once, as a phone does (a connection left unread misses the
        server's pings and is cut off); cut off, come back with the member's token."""
        import aiohttp

        while True:
            try:
                await self._connect(session, fan)
            except (aiohttp.ClientError, OSError) as exc:  # the game is gone: the summary says so
                fan.drops.append(f"could not {'come back' if fan.token else 'join'} ({exc!r})")
                return
            async for frame in fan.ws:
                if frame.type == aiohttp.WSMsgType.TEXT:
                    self._receive(fan, frame.data)
            if self.stopping.is_set():
                return
            fan.drops.append(f"closed ({fan.ws.close_code})")

    async def _connect(self, session: Any, fan: Fan) -> None:
        """Join the audience, or come back to it with the member's token."""
        fan.welcomed = False
        fan.ws = await session.ws_connect(f"{self.url}/ws", max_msg_size=0)
        hello = {"token": fan.token} if fan.token else {"name": f"Fan {fan.number + 1}"}
        await fan.ws.send_str(json.dumps({"v": 1, "type": "hello", "room": self.room, "audience": True, **hello}))

    def _shared(self, text: str) -> tuple[str, dict[str, list[Any]]]:
        """A shared message's digest and open questions, worked out once for every member
        (they all get the very same text; real phones each have their own processor)."""
        known = self._seen.get(text)
        if known is None:
            if len(self._seen) > 8:
                self._seen.clear()
            known = self._seen[text] = (hashlib.sha1(text.encode("utf-8")).hexdigest(),
                                        open_questions(json.loads(text).get("screen")))
        return known

    def _receive(self, fan: Fan, text: str) -> None:
        if text.startswith('{"v":1,"type":"audience"'):
            fan.shared += 1
            fan.last_shared, fan.open = self._shared(text)
            if not fan.picking:
                fan.picking = True
                task = asyncio.get_running_loop().create_task(self._pick_new(fan))
                self._picking.add(task)
                task.add_done_callback(self._picking.discard)
            return
        message = json.loads(text)
        kind = message.get("type")
        if kind == "welcome":
            fan.token, fan.welcomed = message["token"], True
        elif kind == "you":
            fan.you, fan.yous = message, fan.yous + 1
            if not self.repick:  # (picks that keep changing are never all confirmed: the bench does not ask)
                self._check_confirmed()
        elif kind == "error":
            fan.errors[str(message.get("reason"))] += 1

    async def _pick_new(self, fan: Fan) -> None:
        """Pick every open question not picked yet, one after the other (a new screen
        meanwhile adds its own); a flooder floods its first one."""
        try:
            if fan.flooder:
                fresh = [question for question in fan.open if question not in fan.picks]
                if fresh:
                    answers = fan.open[fresh[0]]
                    for n in range(FLOOD):
                        await self._send(fan, fresh[0], answers[n % len(answers)])
                return
            while fresh := [question for question in fan.open if question not in fan.picks]:
                await self._send(fan, fresh[0], self.rng.choice(fan.open[fresh[0]]))
                await asyncio.sleep(PICK_GAP)
        finally:
            fan.picking = False

    async def _repick(self, fan: Fan) -> None:
        while True:
            await asyncio.sleep(REPICK_EVERY * (0.5 + self.rng.random()))
            if fan.open:
                question = self.rng.choice(sorted(fan.open))
                await self._send(fan, question, self.rng.choice(fan.open[question]))

    async def _send(self, fan: Fan, question: str, answer: Any) -> None:
        """A pick, as the page sends it (lost with its connection: the member picks again on its next screen)."""
        try:
            await fan.ws.send_str(json.dumps({"v": 1, "type": "guess", "question": question, "answer": answer}))
        except ConnectionError:
            return
        fan.picks[question], fan.sent = answer, fan.sent + 1

    def _check_confirmed(self) -> None:
        """Say so once every member (flooders aside) has the same open questions on its last
        shared screen and its picks of them confirmed (the screens reach the members a
        handful at a time: one still behind may not have seen the last question yet)."""
        asked = sorted({question for fan in self.fans for question in fan.open})
        key = ",".join(asked)
        if asked and key not in self.told and all(
                fan.flooder or (sorted(fan.open) == asked and fan.confirmed()) for fan in self.fans):
            self.told.add(key)
            self.say("confirmed", questions=asked)


def swarm_main(url: str, room: str, members: int = MEMBERS, flooders: int = FLOODERS, repick: bool = False) -> None:
    """The swarm's process: run until ``stop`` (or end of input) on stdin."""
    swarm = Swarm(url, room, members, flooders, repick)
    loop = asyncio.new_event_loop()

    def wait_for_stop() -> None:
        for line in sys.stdin:
            if line.strip() == "stop":
                break
        loop.call_soon_threadsafe(swarm.stopping.set)

    threading.Thread(target=wait_for_stop, daemon=True).start()
    loop.run_until_complete(swarm.run())
    loop.close()


class SwarmChild:
    """:func:`swarm_main` in a process of its own, and its JSON lines as they come."""

    def __init__(self, url: str, room: str, members: int = MEMBERS, flooders: int = FLOODERS,
                 repick: bool = False) -> None:
        code = (f"from game.cli.audience_swarm import swarm_main; "
                f"swarm_main({url!r}, {room!r}, {members}, {flooders}, {repick})")
        self.proc = subprocess.Popen(python_command(code), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.lines: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        #: The end of what it wrote on stderr (read all along: a full pipe would stop it).
        self.errors: deque[str] = deque(maxlen=40)
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.errors.extend(self.proc.stderr), daemon=True).start()  # type: ignore[arg-type]

    def _read(self) -> None:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            if line.startswith("{"):
                self.lines.put(json.loads(line))

    def event(self, wait: float = 0.0) -> dict[str, Any] | None:
        """The swarm's next line, if one came (within ``wait`` seconds)."""
        try:
            return self.lines.get(timeout=wait) if wait > 0 else self.lines.get_nowait()
        except queue.Empty:
            return None

    def stop(self, timeout: float = 120.0) -> dict[str, Any]:
        """End the swarm; its summary."""
        self.proc.stdin.write("stop\n")  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                event = self.lines.get(timeout=0.1)
            except queue.Empty:
                if self.proc.poll() is not None and self.lines.empty():
                    break
                continue
            if event["event"] == "summary":
                try:
                    self.proc.wait(timeout=20)
                except subprocess.TimeoutExpired:  # still closing its sockets: its figures are in
                    self.kill()
                return event
        self.kill()
        raise RuntimeError(f"the swarm ended without its summary: {''.join(self.errors)[-2000:]}")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
