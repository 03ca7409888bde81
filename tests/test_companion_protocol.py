"""The phone companion's protocol through aiohttp's test client (issue 17, items 6, 7, 9).

The server's app runs under ``aiohttp.test_utils.TestServer`` in the test's loop; the
game thread's side (``Companion.pump``) is called by the test between messages, as the
app calls it once a frame. Bad input of every kind gets an ``error`` and leaves the
connection and the table working.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from game.companion.bridge import LOBBY_GRACE, Companion
from game.companion.table import Table
from game.companion.protocol import MAX_MESSAGE, parse
from game.companion.room import ROOM_LETTERS, TokenBucket, new_room_code
from game.companion.server import RATE_LIMIT, make_app
from game.seats import PHONE, SeatTable


def style(index: int) -> dict[str, Any]:
    return {"colour": f"#00000{index}", "shape": f"shape{index}"}


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Rig:
    """A companion whose server runs under aiohttp's test server, a seat table and the
    screen the TV shows (a lobby unless a test says otherwise)."""

    def __init__(self, client: TestClient, companion: Companion) -> None:
        self.client, self.companion = client, companion
        self.seats = SeatTable()
        self.table = Table(lobby="personality")

    async def phone(self) -> Any:
        return await self.client.ws_connect("/ws")

    async def pump(self, rounds: int = 3) -> None:
        """Frames of the game thread, letting the server's loop run between them."""
        for _ in range(rounds):
            await asyncio.sleep(0.01)
            self.companion.pump(self.seats, self.table)
        await asyncio.sleep(0.01)

    async def say(self, ws: Any, message_type: str, /, **fields: Any) -> None:
        await ws.send_str(json.dumps({"v": 1, "type": message_type, **fields}))
        await self.pump()

    async def join(self, name: str = "Zoé") -> tuple[Any, dict[str, Any]]:
        ws = await self.phone()
        await self.say(ws, "hello", room=self.companion.room, name=name)
        return ws, await receive(ws, "welcome")


async def receive(ws: Any, kind: str, timeout: float = 2.0) -> dict[str, Any]:
    """The next message of ``kind`` (others before it are skipped)."""
    while True:
        message = json.loads((await asyncio.wait_for(ws.receive(), timeout)).data)
        assert message["v"] == 1
        if message["type"] == kind:
            return message


def run(test: Callable[[Rig], Awaitable[None]], clock: Any = None) -> None:
    async def main() -> None:
        companion = Companion(0, style, lambda: "fr", default_name=lambda: "Bruno",
                              **({"clock": clock} if clock else {}))
        async with TestClient(TestServer(make_app(companion.hub))) as client:
            await test(Rig(client, companion))

    asyncio.run(main())


def test_a_phone_joins_by_name_and_shows_in_the_lobby_at_once():
    async def test(rig: Rig) -> None:
        ws, welcome = await rig.join("  Zoé\u0007 ")
        assert welcome["seat"] == 0 and welcome["name"] == "Zoé" and welcome["lang"] == "fr"
        assert welcome["colour"] == "#000000" and welcome["shape"] == "shape0"
        assert rig.seats[0].device == (PHONE, welcome["token"]) and len(welcome["token"]) >= 20
        lobby = await receive(ws, "lobby")
        assert lobby["game"] == "personality" and lobby["you"] == 0
        assert lobby["seats"] == [{"name": "Zoé", "colour": "#000000", "shape": "shape0", "kind": "phone",
                                   "reconnecting": False}]
        other, second = await rig.join("Max")
        assert second["seat"] == 1 and second["token"] != welcome["token"]
        assert [s["name"] for s in (await receive(ws, "lobby"))["seats"]] == ["Zoé", "Max"]
        _, third = await rig.join(" \u200b\n ")  # no printable name: a fun one, as a pad gets
        assert third["name"] == "Bruno"

    run(test)


def test_wrong_room_unknown_token_and_no_lobby_are_refused():
    async def test(rig: Rig) -> None:
        ws = await rig.phone()
        await rig.say(ws, "hello", room="ZZZZ", name="Zoé")
        assert (await receive(ws, "error"))["reason"] == "bad_room"  # and closed (tests/test_companion_guard.py)
        ws = await rig.phone()
        await rig.say(ws, "hello", room=rig.companion.room, token="not-a-seat-token")
        assert (await receive(ws, "error"))["reason"] == "unknown_token"
        await rig.say(ws, "act", kind="done", data={})
        assert (await receive(ws, "error"))["reason"] == "no_seat"
        rig.table = Table()  # the title screen: no lobby to join
        await rig.say(ws, "hello", room=rig.companion.room, name="Zoé")
        assert (await receive(ws, "error"))["reason"] == "no_lobby"
        assert len(rig.seats) == 0

    run(test)


@pytest.mark.parametrize("text, reason", [
    ("{not json", "malformed"),
    ("[1, 2]", "malformed"),
    ('{"v": 2, "type": "ping"}', "malformed"),
    ('{"v": 1, "type": "shout"}', "malformed"),
    ('{"v": 1, "type": "hello", "room": 7, "name": "Zoé"}', "malformed"),
    ('{"v": 1, "type": "hello", "room": "ABCD", "name": ["Zoé"]}', "malformed"),
    ('{"v": 1, "type": "act", "kind": 12, "data": {}}', "malformed"),
    ('{"v": 1, "type": "act", "kind": "vote", "data": [1]}', "malformed"),
    ('{"v": 1, "type": "act", "kind": "vote", "data": ' + "[" * 40 + "]" * 40 + "}", "malformed"),
    ("[" * 100000, "too_big"),
])
def test_bad_messages_get_an_error_and_the_connection_goes_on(text: str, reason: str):
    async def test(rig: Rig) -> None:
        ws, _ = await rig.join()
        await ws.send_str(text)
        await rig.pump()
        assert (await receive(ws, "error"))["reason"] == reason
        await rig.say(ws, "ping")
        await receive(ws, "pong")
        assert len(rig.seats) == 1 and rig.seats[0].connected

    run(test)


def test_a_flood_is_cut_to_the_rate_limit_and_told_once():
    """The bucket holds the burst (the hello took one message of it) and refills with the
    hub's clock, a hand-moved one here: the count is exact, whatever the machine's speed."""
    now = [0.0]

    async def test(rig: Rig) -> None:
        ws, _ = await rig.join()
        for _ in range(300):
            await ws.send_str('{"v": 1, "type": "ping"}')
        await rig.pump(5)
        answers = []
        while True:
            try:
                answers.append(json.loads((await asyncio.wait_for(ws.receive(), 0.3)).data))
            except asyncio.TimeoutError:
                break
        pongs = sum(1 for m in answers if m["type"] == "pong")
        assert [m["reason"] for m in answers if m["type"] == "error"] == ["too_fast"]
        assert pongs == RATE_LIMIT[1] - 1, pongs
        await rig.say(ws, "ping")
        with pytest.raises(asyncio.TimeoutError):
            await receive(ws, "pong", timeout=0.3)  # still empty: its clock has not moved
        now[0] += 1.0
        await rig.say(ws, "ping")
        await receive(ws, "pong")  # not stuck: the bucket refills

    run(test, clock=lambda: now[0])


def test_the_same_token_takes_the_seat_over_and_the_old_connection_is_told():
    async def test(rig: Rig) -> None:
        old, welcome = await rig.join()
        new = await rig.phone()
        await rig.say(new, "hello", room=rig.companion.room.lower(), token=welcome["token"])
        again = await receive(new, "welcome")
        assert again["seat"] == 0 and again["token"] == welcome["token"]
        assert (await receive(old, "bye"))["reason"] == "replaced"
        assert len(rig.seats) == 1 and rig.seats[0].connected

    run(test)


def test_a_lost_phone_is_held_then_freed_outside_a_match_and_reclaims_within_the_grace():
    clock = FakeClock()

    async def test(rig: Rig) -> None:
        ws, welcome = await rig.join()
        await ws.close()
        await rig.pump()
        assert rig.seats[0].reconnecting and rig.seats.held_pads() == []
        clock.now += LOBBY_GRACE / 2
        back = await rig.phone()
        await rig.say(back, "hello", room=rig.companion.room, token=welcome["token"])
        assert (await receive(back, "welcome"))["seat"] == 0 and rig.seats[0].connected
        await back.close()
        await rig.pump()
        clock.now += LOBBY_GRACE + 1
        await rig.pump()
        assert len(rig.seats) == 0  # freed, like an unplugged pad in the lobby
        late = await rig.phone()
        await rig.say(late, "hello", room=rig.companion.room, token=welcome["token"])
        assert (await receive(late, "error"))["reason"] == "unknown_token"

    run(test, clock)


def test_leave_frees_the_seat_and_a_kick_on_the_tv_says_bye():
    async def test(rig: Rig) -> None:
        ws, _ = await rig.join("Zoé")
        other, _ = await rig.join("Max")
        await rig.say(ws, "leave")
        assert (await receive(ws, "bye"))["reason"] == "left"
        assert [s.name for s in rig.seats] == ["Max"]
        rig.seats.remove(0)  # the TV frees the seat
        await rig.pump()
        assert (await receive(other, "bye"))["reason"] == "kicked"

    run(test)


def test_a_full_table_says_so():
    async def test(rig: Rig) -> None:
        for n in range(8):
            rig.seats.join(("pad", n), f"P{n}")
        ws = await rig.phone()
        await rig.say(ws, "hello", room=rig.companion.room, name="Zoé")
        assert (await receive(ws, "error"))["reason"] == "table_full"

    run(test)


def test_the_envelope_is_checked_here_and_the_data_left_to_the_engine():
    """The protocol names no game: an act's data is any JSON object of bounded depth
    (each move declares what it holds, tests/test_move_data.py); a stroke off the
    canvas or a lone surrogate passes here, to be refused by the engine."""
    for data in ('{"stroke": {"tool": "pen", "colour": "ink", "width": 6, "points": [1, 2, 900, 4]}}',
                 '{"strokes": {"tool": "pen"}}', '{"a": 0, "b": 1, "note": "\\ud800"}'):
        message = parse('{"v": 1, "type": "act", "kind": "sketch", "data": ' + data + "}")
        assert message["data"] == json.loads(data)
    assert MAX_MESSAGE == 64 * 1024


def test_room_codes_and_the_token_bucket():
    codes = {new_room_code() for _ in range(50)}
    assert all(len(c) == 4 and set(c) <= set(ROOM_LETTERS) for c in codes) and len(codes) > 40
    assert not set("ILOQBSZG0125") & set(ROOM_LETTERS)
    bucket = TokenBucket(rate=10, burst=3)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.take(0.1) and not bucket.take(0.1)


def test_a_phone_that_falls_too_far_behind_is_cut_off_and_its_seat_held(monkeypatch):
    from game.companion import server

    monkeypatch.setattr(server, "MAX_OUTBOX", 20)

    async def test(rig: Rig) -> None:
        ws, _ = await rig.join()
        conn = next(iter(rig.companion.phones))
        for n in range(200):  # queued in one go: the writer has no turn in between
            rig.companion.hub.send(conn, f'{{"v":1,"type":"event","event":{{"n":{n}}}}}')
        rig.companion.hub.flush()
        got = []
        while True:
            frame = await asyncio.wait_for(ws.receive(), 2)
            if frame.type != aiohttp.WSMsgType.TEXT:
                break
            got.append(frame.data)
        assert len(got) < 40 and ws.closed
        await rig.pump()
        assert rig.seats[0].reconnecting  # it comes back with its token for a fresh view

    run(test)


def test_the_game_starts_without_loading_the_server():
    """aiohttp (a third of a second to import) loads on the server's thread once phones
    are on, segno when the lobby draws its code: never on the way to the first frame."""
    import subprocess
    import sys

    code = ("import sys, game.app, game.scenes.menus.lobby\n"
            "print(sorted(m for m in ('aiohttp', 'segno', 'asyncio', 'game.companion.server') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


def test_the_page_gets_its_words_in_the_language_it_asks_for():
    """``strings.json``: the phone page's own words (``phone.page.*``) before it has a
    seat, in the language asked for, else the game's."""
    from aiohttp.test_utils import TestClient, TestServer

    from game import paths
    from game.companion.server import Hub, make_app
    from game.i18n import Strings

    tables = Strings.load(paths.data_dir() / "i18n").tables

    async def fetch() -> tuple[dict, dict]:
        async with TestClient(TestServer(make_app(Hub("ABCD"), texts=tables, lang=lambda: "fr"))) as client:
            english = await (await client.get("/strings.json?lang=en")).json()
            default = await (await client.get("/strings.json")).json()
            return english, default

    english, default = asyncio.run(fetch())
    assert english["lang"] == "en" and default["lang"] == "fr"
    assert english["strings"] and set(english["strings"]) == set(default["strings"])
    assert english["strings"] != default["strings"]
