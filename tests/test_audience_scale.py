"""Five hundred audience phones on loopback during a match (issue 30 item 4), black box:
the game itself (the App's frames on a hand-ticked clock, its companion started from the
settings on a free port, Secret Identity's board with four bots) and 500 WebSocket
clients in a process of their own (``game.cli.audience_swarm.swarm_main``: aiohttp,
one asyncio loop), ten of which flood.

It checks correctness, never speed (the bench measures that): every member is welcomed
and ends with the very same shared message the game last sent (the match's end); the
first round's picks, made while the bots wait, are every member's in the game's
ledger, taken in batches of many members a frame and never more than the batch allows
of one member; the flooders are told to slow down and most of their flood is dropped;
every member was told its final score; every member is connected at the end and the
match played to its end."""

from __future__ import annotations

import hashlib
import json
import socket
import threading
from typing import Any

import pytest

from game.cli.audience_swarm import FLOOD, FLOODERS, MEMBERS, SwarmChild
from game.companion.server import AUDIENCE_BATCH
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.matches import new_match
from game.scenes.phones import stop_companion
from tests.e2e import Room

pytest.importorskip("aiohttp")
pytestmark = pytest.mark.timeout(600)


def until(room: Room, child: SwarmChild, wanted: str, limit: int = 6000) -> dict[str, Any]:
    """Frames until the swarm says ``wanted``, the TV idle for up to a frame's time after
    each, as the app's loop is (``serve_phones_until``). Frames back to back would starve
    the server's thread of the interpreter lock: each of its system calls would wait a
    switch interval to take it back, and 500 handshakes took a minute."""
    for _ in range(limit):
        room.run(1, 1)
        event = child.event(wait=1 / 60)
        if event is not None and event["event"] == wanted:
            return event
        assert child.proc.poll() is None, "".join(child.errors)
    raise AssertionError(f"the swarm never said {wanted}")


@pytest.fixture
def stage():
    room = Room(lang="en")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    room.ctx.settings.companion, room.ctx.settings.companion_port = True, port
    room.app.serves_phones = True
    lobby = LobbyScene(room.ctx, room.ctx.games["secret_identity"])
    room.ctx.stack.push(lobby)
    for _ in range(4):
        lobby.add_bot()
    room.until_served(lambda: room.ctx.companion is not None and room.ctx.companion.ready)
    yield room, lobby, f"http://127.0.0.1:{port}"
    stop_companion(room.ctx)
    room.ctx.stack.clear()
    room.close()


def test_five_hundred_members_get_the_shared_state_and_their_picks_are_counted_in_batches(stage):
    room, lobby, url = stage
    companion = room.ctx.companion
    crowd, hub = companion.crowd, companion.hub
    child = SwarmChild(url, companion.room)
    try:
        joined = until(room, child, "joined")
        assert joined["members"] == MEMBERS
        room.run(5)
        assert len(crowd.members) == MEMBERS and len(crowd.ledger.members) == MEMBERS

        batches: list[dict[int, list[dict[str, Any]]]] = []
        take = hub.take_guesses
        hub.take_guesses = lambda: (batches.append(take()), batches[-1])[1]  # type: ignore[method-assign]
        room.ctx.stack.push(new_match(room.ctx, lobby.entry, lobby.options, extra=lobby.extra))
        board = room.find(MatchScene)
        board.bot_delay = (2, 4)
        book = board.audience_book()
        while not book.asks(board.session.view(None).public):
            room.run(1, 4)
        bots, board.bots = board.bots, {}  # the table waits while the audience picks round 1
        while not board.audience_ready():  # (held first: a slow companion thread let round 1 go by)
            room.run(1, 4)
        confirmed = until(room, child, "confirmed")
        assert confirmed["questions"] == [f"r1.s{seat}" for seat in range(4)]
        board.bots = bots
        room.until(lambda: board.session.outcome() is not None and board.end_choices_open(), limit=20000, steps=4)
        last, still = crowd.shared, 0
        while still < 40:  # until the last shared message has gone, and it and the scores reach everyone
            room.run(1)
            threading.Event().wait(0.02)
            still, last = (still + 1, last) if crowd.shared == last else (0, crowd.shared)
        assert '"over":true' in last
        names = {f"Fan {n + 1}" for n in range(FLOODERS)}
        flooders = {conn for conn, token in crowd.members.items() if crowd.ledger.members[token].name in names}
        summary = child.stop()
    finally:
        child.kill()

    fans = summary["fans"]
    final = hashlib.sha1(last.encode("utf-8")).hexdigest()
    assert len(fans) == MEMBERS and all(fan["token"] for fan in fans)
    # every member is still there (one dropped by a starved heartbeat on a loaded machine
    # comes back with its token, as the page does: its picks and score are kept)
    assert all(fan["connected"] for fan in fans)
    assert {fan["last_shared"] for fan in fans} == {final}  # every member ends with the game's last state
    ledger = crowd.ledger
    for fan in fans:
        member = ledger.members[fan["token"]]
        assert (fan["score"], fan["rank"]) == (member.score, ledger.rank(fan["token"]))  # told its standing
        if fan["flooder"]:
            assert fan["errors"].get("too_fast", 0) >= 1 and fan["sent"] >= FLOOD
            continue
        assert set(fan["errors"]) <= {"closed"}, fan  # a pick that came as its question closed, at worst
        round_one = {q: a for q, a in fan["picks"].items() if q.startswith("r1.")}
        assert {q: a for q, a in member.picks.items() if q.startswith("r1.")} == round_one

    # taken in batches: many members a frame, at most AUDIENCE_BATCH of one member
    assert max(len(batch) for batch in batches) >= 100
    assert max(len(picks) for batch in batches for picks in batch.values()) <= AUDIENCE_BATCH
    # the flood limit: each flood of 40 gives a burst (6) and what refills meanwhile, no more
    taken = sum(len(batch.get(conn, ())) for batch in batches for conn in flooders)
    flooded = sum(fan["sent"] for fan in fans if fan["flooder"])
    assert len(flooders) == FLOODERS and 0 < taken <= flooded / 2


def test_the_bench_reports_the_audience_s_figures():
    """``bench --audience``, shortened: sixty members join a match of eight phones in a
    process of their own; the report has every figure against its target (the figures
    themselves are the bench's to judge, not a test's)."""
    import os
    import subprocess
    import sys

    from game.cli.bench_audience import TARGETS, audience_lines

    code = ("import json; from game.cli.bench_companion import bench_companion; "
            "print(json.dumps(bench_companion(acts=12, audience=60)))")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert "error" not in result, result
    assert result["members"] == result["connected"] == 60 and result["acts"] == 12 and result["frames"] > 0
    assert result["guesses"] > 0 and result["shared_per_member"] >= 1 and result["rss_before_mb"] > 0
    assert result["targets"] == TARGETS
    lines = "\n".join(audience_lines(result))
    assert "60 members on loopback" in lines and "while the audience votes" in lines and "memory they add" in lines
    assert "the audience's own work" in lines and result["crowd_p99_ms"] >= result["crowd_p50_ms"] > 0
