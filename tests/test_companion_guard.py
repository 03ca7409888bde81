"""Closing the room (issue 25, items 1 and 2): another site's page cannot open the
phones' socket, and the room code cannot be guessed — a wrong code closes its
connection, an address that keeps guessing is locked out, and the room's allowance of
wrong codes keeps many addresses from sweeping the codes, while a real phone still joins.

The server's app runs under aiohttp's test server (tests/test_companion_protocol.py's
rig), on a clock the test moves; phones are real aiohttp clients, from several loopback
addresses where a test needs them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from typing import Any

import aiohttp
import pytest

from game.companion import room as guard_rules
from game.companion.room import (ALARM_SECONDS, FREE_TRIES, LOCK_FIRST, ROOM_CODE_LENGTH, ROOM_LETTERS, WRONG_BURST,
                                 WRONG_PER_MINUTE, CodeGuard)
from tests.test_companion_protocol import FakeClock, Rig, run

#: The issue's attack: 50 sockets in parallel.
SOCKETS = 50
#: A long party night.
NIGHT = 6 * 3600


async def closed(ws: Any, timeout: float = 2.0) -> bool:
    """Whether the server closes ``ws`` (the messages before the close are skipped)."""
    while True:
        frame = await asyncio.wait_for(ws.receive(), timeout)
        if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
            return True


async def hello(rig: Rig, ws: Any, code: str, name: str = "Zoé") -> dict[str, Any]:
    """Say hello with ``code``: the answer (``welcome`` or ``error``)."""
    await rig.say(ws, "hello", room=code, name=name)
    return await answer(ws)


async def answer(ws: Any) -> dict[str, Any]:
    """The next ``welcome`` or ``error``."""
    while True:
        message = json.loads((await asyncio.wait_for(ws.receive(), 2.0)).data)
        if message["type"] in ("welcome", "error"):
            return message


def wrong_code(room: str) -> str:
    return next(c * ROOM_CODE_LENGTH for c in ROOM_LETTERS if c * ROOM_CODE_LENGTH != room)


# --- item 1: the socket's Origin -----------------------------------------------------------------
@pytest.mark.parametrize("origin", ["http://evil.example", "null", "https://{host}", "http://{other}",
                                    "http://evil.example:{port}", "not a url"])
def test_a_page_of_another_site_cannot_open_the_socket(origin: str):
    async def test(rig: Rig) -> None:
        host = f"{rig.client.host}:{rig.client.port}"
        foreign = origin.format(host=host, other=f"{rig.client.host}:{rig.client.port + 1}", port=rig.client.port)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await rig.client.ws_connect("/ws", headers={"Origin": foreign})
        assert refused.value.status == 403
        await rig.pump()
        assert len(rig.seats) == 0 and rig.companion.hub.connections == {}

    run(test)


def test_the_game_s_own_page_and_scripted_phones_open_it():
    """The page's Origin is the address it was served from (the request's Host); a
    client that sends none is no browser's page (the tests' and the bench's phones)."""
    async def test(rig: Rig) -> None:
        own = await rig.client.ws_connect("/ws", origin=f"http://{rig.client.host}:{rig.client.port}")
        assert (await hello(rig, own, rig.companion.room))["type"] == "welcome"
        bare = await rig.client.ws_connect("/ws")
        assert (await hello(rig, bare, rig.companion.room, "Max"))["type"] == "welcome"
        assert [seat.name for seat in rig.seats] == ["Zoé", "Max"]

    run(test)


# --- item 2: guessing the room code ---------------------------------------------------------------
def test_a_wrong_code_is_told_then_its_connection_is_closed():
    async def test(rig: Rig) -> None:
        ws = await rig.phone()
        assert (await hello(rig, ws, wrong_code(rig.companion.room)))["reason"] == "bad_room"
        assert await closed(ws)  # the next guess needs a new connection
        hurried = await rig.phone()  # a wrong code, and the right one sent before the answer: not looked at
        for code in (wrong_code(rig.companion.room), rig.companion.room):
            await hurried.send_str(json.dumps({"v": 1, "type": "hello", "room": code, "name": "Max"}))
        await rig.pump()
        assert (await answer(hurried))["reason"] == "bad_room"
        assert await closed(hurried) and len(rig.seats) == 0
        again = await rig.phone()
        assert (await hello(rig, again, rig.companion.room))["type"] == "welcome"  # a typo costs nothing more

    run(test)


def test_an_address_that_keeps_guessing_is_locked_out_even_with_the_right_code():
    clock = FakeClock()

    async def test(rig: Rig) -> None:
        room = rig.companion.room
        for _ in range(FREE_TRIES):
            assert (await hello(rig, await rig.phone(), wrong_code(room)))["reason"] == "bad_room"
        assert rig.companion.trying_codes()  # the lobby says so
        locked = await rig.phone()
        assert (await hello(rig, locked, room))["reason"] == "locked"  # the code is not even looked at
        assert await closed(locked) and len(rig.seats) == 0
        clock.now += LOCK_FIRST
        assert (await hello(rig, await rig.phone(), room))["type"] == "welcome"
        clock.now += ALARM_SECONDS
        assert not rig.companion.trying_codes()

    run(test, clock)


@pytest.mark.skipif(sys.platform != "linux", reason="phones from 127.0.0.2 and on: Linux's loopback takes them all")
def test_many_addresses_cannot_sweep_the_codes_and_a_real_phone_still_joins():
    """50 sockets from 50 addresses: each address's first wrong code is looked at, the
    next ones only as the room's allowance refills; a phone from another address, with
    the code from the TV, joins meanwhile."""
    clock = FakeClock()

    async def test(rig: Rig) -> None:
        room, url = rig.companion.room, rig.client.make_url("/ws")
        async with contextlib.AsyncExitStack() as stack:
            sessions = [await stack.enter_async_context(aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(local_addr=(f"127.0.0.{2 + n}", 0)))) for n in range(SOCKETS + 1)]
            attackers, real = sessions[:SOCKETS], sessions[SOCKETS]

            async def guess(session: aiohttp.ClientSession, code: str) -> str:
                ws = await session.ws_connect(url)
                told = await hello(rig, ws, code)
                await ws.close()
                return told.get("reason", told["type"])

            first = await asyncio.gather(*(guess(s, wrong_code(room)) for s in attackers))
            assert first == ["bad_room"] * SOCKETS
            again = await asyncio.gather(*(guess(s, room) for s in attackers))  # even the right code
            assert again == ["locked"] * SOCKETS
            assert await guess(real, room) == "welcome"
            clock.now += 60 / WRONG_PER_MINUTE  # one more code may be looked at
            assert await guess(attackers[0], room) == "welcome"
            assert await guess(attackers[1], room) == "locked"

    run(test, clock)


def test_guessing_the_code_with_50_sockets_takes_longer_than_a_party_night():
    """The expected time to hit the code with 50 parallel sockets from 50 addresses
    (room.CodeGuard's docstring): the code is hit on average at the (N + 1) / 2-th
    distinct guess; the first code of each address and the room's burst are looked at
    at once, the rest at the room's rate. Then the guard itself, hammered by 50
    addresses for half an hour, looks at no more codes than that bound allows."""
    codes = len(ROOM_LETTERS) ** ROOM_CODE_LENGTH
    expected = ((codes + 1) / 2 - SOCKETS - WRONG_BURST) * 60 / WRONG_PER_MINUTE
    assert codes == 104_976 and expected >= NIGHT
    assert round(expected / 3600, 1) == 72.8

    guard, looked, seconds = CodeGuard(), 0, 1800
    for tick in range(seconds * 4):  # every address tries 4 codes a second
        for address in range(SOCKETS):
            if guard.check(f"10.0.0.{address}", "XXXX", "ACDE", tick / 4) != "locked":
                looked += 1
    assert looked <= SOCKETS + WRONG_BURST + seconds * WRONG_PER_MINUTE / 60
    assert (codes + 1) / 2 / (looked / seconds) >= NIGHT


def test_a_lock_out_doubles_with_each_wrong_code_and_a_right_code_clears_the_record():
    guard, t = CodeGuard(), 0.0
    for _ in range(FREE_TRIES):
        assert guard.check("a", "XXXX", "ACDE", t) == "bad_room"
    assert guard.check("a", "ACDE", "ACDE", t + LOCK_FIRST - 1) == "locked"
    t += LOCK_FIRST
    assert guard.check("a", "XXXX", "ACDE", t) == "bad_room"  # one more try, then twice as long
    assert guard.check("a", "ACDE", "ACDE", t + 2 * LOCK_FIRST - 1) == "locked"
    assert guard.check("a", "ACDE", "ACDE", t + 2 * LOCK_FIRST) is None
    t += 2 * LOCK_FIRST + 60
    assert guard.check("a", "XXXX", "ACDE", t) == "bad_room"  # a fresh start: not locked at once
    assert guard.check("a", "ACDE", "ACDE", t) is None
    assert guard.check("b", "ACD\u00e9", "ACDE", t) == "bad_room"  # any text, no crash
    for _ in range(100):
        guard.check("c", "XXXX", "ACDE", t)
        t = guard._locked_until.get("c", t)
    assert guard._locked_until["c"] - t <= guard_rules.LOCK_MAX


def test_the_lobby_says_someone_is_trying_codes(english_room):
    from game.companion.bridge import Companion
    from game.scenes.menus.lobby import LobbyScene
    from game.scenes.phones import style_json
    from tests.test_companion_match import texts_drawn

    room, clock = english_room, FakeClock()
    companion = Companion(50505, style_json, lambda: "en", clock=clock)  # serves nothing: no port opened
    companion.address = "192.168.1.23"
    companion.server.ready.set()
    room.ctx.companion = companion
    try:
        room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["personality"]))
        notice = room.ctx.t("companion.trying_codes")
        assert notice not in texts_drawn(room)
        for _ in range(FREE_TRIES):
            companion.hub.guard.check("10.0.0.9", "XXXX", companion.room, clock())
        assert notice in texts_drawn(room)
        clock.now += ALARM_SECONDS
        assert notice not in texts_drawn(room)
    finally:
        room.ctx.companion = None
