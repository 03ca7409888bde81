"""The phone server's life (issue 25, items 5 and 6): a malformed request never prints
on the game's console (its record goes to the game's log, quietly), the server listens
only once a lobby or "take your seats" opens and stays up for the phones seated there,
and a port the system refuses says to pick another port, not that there is no network.
"""

from __future__ import annotations

import errno
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.companion.quiet import QUIET_RECORDS
from game.companion.server import bind_problem
from tests.test_take_seats import room  # noqa: F401  (a title with a saved match)

ROOT = Path(__file__).resolve().parent.parent

#: Requests aiohttp cannot parse: a line that is no HTTP, an unknown version, a header
#: without a colon, a TLS hello on the plain port.
BAD_REQUESTS = (b"GARBAGE\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"GET / HTTP/1.1\r\nBad Header\r\n\r\n",
                b"\x16\x03\x01\x00\x05hello\r\n\r\n")

#: A child process: the phone server as the game runs it (no logging set up by anyone),
#: the bad requests over raw sockets, each answered, then the server stopped.
SERVE_BAD_REQUESTS = textwrap.dedent("""
    import socket, sys
    from pathlib import Path
    from game.companion.server import CompanionServer, Hub

    extra = {"log_file": Path(sys.argv[2])} if len(sys.argv) > 2 else {}
    server = CompanionServer(Hub("ACDE"), "127.0.0.1", 0, **extra)
    assert server.start() is None, server.problem
    for _ in range(int(sys.argv[1])):
        for raw in BAD_REQUESTS:
            with socket.create_connection(("127.0.0.1", server.port), timeout=10) as phone:
                phone.sendall(raw)
                assert phone.recv(100).startswith(b"HTTP/1.")
    server.stop()
    print("answered")
""").replace("BAD_REQUESTS", repr(BAD_REQUESTS))


def serve_bad_requests(rounds: int, *log: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", SERVE_BAD_REQUESTS, str(rounds), *map(str, log)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


# --- item 5: a malformed request --------------------------------------------------------------------
def test_a_malformed_request_prints_nothing_on_the_console():
    done = serve_bad_requests(1)
    assert done.returncode == 0 and done.stdout.strip() == "answered", done.stderr
    assert done.stderr == ""


def test_a_malformed_request_is_kept_in_the_game_s_log_quietly_and_a_flood_of_them_is_not(tmp_path):
    log = tmp_path / "secret-salon.log"
    done = serve_bad_requests(1, log)
    assert done.returncode == 0 and done.stderr == ""
    lines = log.read_text(encoding="utf-8").splitlines()
    records = [line for line in lines if "Error handling request" in line]
    assert records and all(" DEBUG aiohttp.server: " in line for line in records)
    assert not any(" ERROR " in line for line in lines)
    rounds = QUIET_RECORDS // len(records) + 2  # aiohttp tells some of them only at DEBUG level: not kept
    done = serve_bad_requests(rounds, log)
    assert done.returncode == 0 and done.stderr == ""
    text = log.read_text(encoding="utf-8")
    assert text.count("Error handling request") <= len(records) + QUIET_RECORDS
    assert text.count(f"the last of {QUIET_RECORDS} such records") == 1


# --- item 6: when the server listens ----------------------------------------------------------------
def listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=2):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def title_room():
    """The game as ``play`` runs it (the App starts the companion as the settings say),
    on the title screen, its phone port a free one."""
    from tests.e2e import room_at_title

    room = room_at_title()
    room.ctx.settings.companion, room.ctx.settings.companion_port = True, free_port()
    room.app.serves_phones = True
    yield room
    if room.ctx.companion is not None:
        from game.scenes.phones import stop_companion

        stop_companion(room.ctx)
    room.ctx.stack.clear()
    room.close()


def test_the_server_listens_from_the_lobby_not_the_title_and_its_phones_keep_it_up(title_room):
    """No socket on the title; the lobby opens it; a phone seated there keeps its seat
    and the same room through a match and back to the lobby, and on the title; the
    title with no phone seat closes it."""
    from game.companion.client import PhoneCrowd
    from game.scenes.match import MatchScene
    from game.scenes.menus.lobby import LobbyScene
    from game.scenes.menus.title import TitleScene

    room = title_room
    port = room.ctx.settings.companion_port
    room.run(10)
    assert room.ctx.companion is None and not listening(port)
    lobby = LobbyScene(room.ctx, room.ctx.games["mission_secrete"])
    room.ctx.stack.push(lobby)
    room.until_served(lambda: room.ctx.companion is not None and room.ctx.companion.ready)
    companion = room.ctx.companion
    assert companion.problem is None and listening(port)
    crowd = PhoneCrowd(f"http://127.0.0.1:{port}")
    try:
        phone = crowd.connect()
        phone.send("hello", room=companion.room, name="Zoé")
        phone.next("welcome", lambda: room.run(1))
        lobby.add_bot()
        lobby.start()
        assert room.find(MatchScene) is not None
        phone.next("view", lambda: room.run(1))
        while room.top is not lobby:  # the match is over: back to the lobby
            room.ctx.stack.pop()
        assert phone.next("lobby", lambda: room.run(1))["game"] == "mission_secrete"
        assert room.ctx.companion is companion and room.ctx.seats[0].connected
        room.ctx.stack.pop()  # the games' list, then the title, with a phone still seated
        room.run(5)
        assert isinstance(room.top, TitleScene) and room.ctx.companion is companion and listening(port)
        phone.send("leave")
        phone.next("bye", lambda: room.run(1))
        room.run(2)
        assert room.ctx.companion is None and not listening(port)
    finally:
        crowd.close()


def test_take_your_seats_opens_it_too(room):  # noqa: F811  (a title with a saved match)
    from game.scenes.menus.matches import load_saved
    from game.scenes.menus.take_seats import TakeSeatScene
    from game.scenes.phones import stop_companion

    room.ctx.settings.companion, room.ctx.settings.companion_port = True, free_port()
    room.app.serves_phones = True
    try:
        room.run(3)
        assert room.ctx.companion is None
        entry, session = load_saved(room.ctx)
        room.ctx.stack.push(TakeSeatScene(room.ctx, entry, session))
        room.until_served(lambda: room.ctx.companion is not None and room.ctx.companion.ready)
        assert room.ctx.companion.problem is None and listening(room.ctx.settings.companion_port)
    finally:
        stop_companion(room.ctx)


# --- item 6: a port the system refuses --------------------------------------------------------------
class WindowsError10013(OSError):
    """What Windows raises for a port it keeps for itself (Hyper-V's excluded ranges,
    a security tool): WSAEACCES, errno EACCES."""

    winerror = 10013


@pytest.mark.parametrize("error, problem", [
    (WindowsError10013(errno.EACCES, "forbidden by its access permissions"), "port_refused"),
    (OSError(10013, "error while attempting to bind on address: forbidden"), "port_refused"),  # asyncio re-raised it
    (OSError(errno.EACCES, "permission denied"), "port_refused"),
    (OSError(errno.EADDRINUSE, "address already in use"), "port_taken"),
    (OSError(10048, "only one usage of each socket address"), "port_taken"),
    (OSError(errno.EADDRNOTAVAIL, "cannot assign requested address"), "no_network"),
    (OSError(errno.EINVAL, "invalid argument"), "failed: OSError(22, 'invalid argument')"),
])
def test_a_bind_error_is_told_for_what_it_is(error: OSError, problem: str):
    assert bind_problem(error) == problem


def test_a_refused_port_says_pick_another_port_not_no_network(english_room, monkeypatch):
    from aiohttp import web

    from game.scenes.menus.lobby import LobbyScene
    from game.scenes.phones import keep_companion
    from tests.test_companion_match import texts_drawn

    async def refused(self):
        raise OSError(10013, "error while attempting to bind on address ('127.0.0.1', 50505): an attempt was "
                             "made to access a socket in a way forbidden by its access permissions")

    monkeypatch.setattr(web.TCPSite, "start", refused)
    room = english_room
    room.ctx.settings.companion_port = 50505
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["personality"]))
    keep_companion(room.ctx, host="127.0.0.1")
    try:
        assert room.ctx.companion.server.ready.wait(10)
        assert room.ctx.companion.problem == "port_refused"
        shown = texts_drawn(room)
        assert room.ctx.t("companion.port_refused", port=50505) in shown
        assert room.ctx.t("companion.no_network") not in shown
    finally:
        room.ctx.companion.stop()
        room.ctx.companion = None
