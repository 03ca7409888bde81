"""Phones at a real table: the App on a hand-ticked clock (tests/e2e.py), the companion's
server in its own thread on loopback, scripted phones over TCP (issue 17, items 1, 2, 6,
7, 9). Phones join the lobby like pads, act through the board's own ``submit``, and a
phone that drops out mid-match is held as "reconnecting" while the match goes on.
"""

from __future__ import annotations

import json
import socket

import pygame
import pytest

from game.cli.bench_companion import moves_in
from game.companion.bridge import Companion
from game.companion.client import PhoneCrowd
from game.scenes.disconnect import DisconnectScene
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.phones import draw_reconnecting, keep_companion, style_json
from game.seats import PHONE
from tests.e2e import Room, brains, think


@pytest.fixture
def table():
    room = Room(lang="en")
    # Scripted phones play whole matches at machine speed (an act as soon as the last is
    # answered), far above a person's pace: the flood limit (tests/test_companion_protocol.py)
    # would drop their acts, so this table's is lifted (the audience's too: it pings each frame).
    companion = Companion(0, style_json, lambda: room.ctx.settings.lang, host="127.0.0.1", rate=(1000.0, 2000.0),
                          audience_rate=(1000.0, 2000.0))
    assert companion.start() is None
    room.ctx.companion = companion
    crowd = PhoneCrowd(f"http://127.0.0.1:{companion.port}")
    yield room, companion, crowd
    crowd.close()
    companion.stop()
    room.ctx.companion = None
    room.ctx.stack.clear()
    room.close()


def frame(room: Room):
    return lambda: room.run(1)


def texts_drawn(room: Room) -> list[str]:
    """The texts one frame writes on the TV."""
    shown: list[str] = []
    real = room.ctx.kit.blit_text
    room.ctx.kit.blit_text = lambda surface, text, *a, **k: (shown.append(text), real(surface, text, *a, **k))[1]
    try:
        room.run(1)
    finally:
        room.ctx.kit.blit_text = real
    return shown


def join(room: Room, companion: Companion, crowd: PhoneCrowd, name: str):
    phone = crowd.connect()
    phone.send("hello", room=companion.room, name=name)
    return phone, phone.next("welcome", frame(room))


def test_phones_join_the_lobby_play_through_the_board_and_are_refused_plainly(table):
    room, companion, crowd = table
    entry = room.ctx.games["mission_secrete"]
    lobby = LobbyScene(room.ctx, entry)
    room.ctx.stack.push(lobby)
    phones = [join(room, companion, crowd, name) for name in ("Zoé", "Max", "Ana")]
    room.run(2)
    assert [s.name for s in room.ctx.seats] == ["Zoé", "Max", "Ana"]
    assert all(s.device == (PHONE, w["token"]) for s, (_, w) in zip(room.ctx.seats, phones))
    assert phones[0][0].next("lobby", frame(room))["game"] == "mission_secrete"
    lobby.start()
    board = room.find(MatchScene)
    assert board is not None
    minds = brains(room, entry, [0, 1, 2])
    screens = {seat: phone.next("view", frame(room))["screen"] for seat, (phone, _) in enumerate(phones)}
    assert all(screens[s]["seat"] == s for s in screens)
    seat = min(board.session.current())
    phone = phones[seat][0]
    wrong = phones[(seat + 1) % 3][0]
    action = think(board, minds[seat], seat)
    move = {"kind": action.kind, "data": dict(action.data)}
    assert move in list(moves_in(screens[seat]))
    wrong.send("act", **move)  # the same move from a seat whose turn it is not
    assert wrong.next("error", frame(room))["reason"].startswith("illegal:")
    before = len(board.session.log)
    phone.send("act", **move)
    new_view = phone.next("view", frame(room))
    assert len(board.session.log) > before and board.session.log[before].seat == seat
    assert new_view["screen"] != screens[seat]
    told = [json.loads(text)["event"] for text in phone.received if json.loads(text)["type"] == "event"]
    assert told and all(e["kind"] and e["text"] for e in told)  # the move's events came before its view
    board.open_pause_menu()
    room.run(1)
    nxt = min(board.session.current())
    later = board.session.legal(nxt)[0]
    phones[nxt][0].send("act", kind=later.kind, data=dict(later.data))
    assert phones[nxt][0].next("error", frame(room))["reason"] == "not_now"  # paused: nothing moves


def test_a_phone_that_drops_mid_match_is_reconnecting_and_takes_its_seat_back(table):
    room, companion, crowd = table
    entry = room.ctx.games["mission_secrete"]
    room.ctx.stack.push(LobbyScene(room.ctx, entry))
    phones = [join(room, companion, crowd, name) for name in ("Zoé", "Max")]
    room.ctx.stack.top.start()
    board = room.find(MatchScene)
    away = 1 - min(board.session.current())  # the seat not acting first
    phones[away][0].next("view", frame(room))
    phones[away][0].close()
    room.until_served(lambda: room.ctx.seats[away].reconnecting)
    assert not any(isinstance(s, DisconnectScene) for s in room.ctx.stack)  # the match goes on
    canvas = room.app.canvas
    canvas.fill((0, 0, 0))
    before = pygame.image.tobytes(canvas, "RGB")
    draw_reconnecting(room.ctx, canvas)
    assert pygame.image.tobytes(canvas, "RGB") != before  # the TV marks the seat
    seat = 1 - away
    action = think(board, brains(room, entry, [seat])[seat], seat)
    phones[seat][0].send("act", kind=action.kind, data=dict(action.data))
    room.until_served(lambda: len(board.session.log) > 0 and board.session.log[-1].seat == seat)
    back = crowd.connect()
    back.send("hello", room=companion.room, token=phones[away][1]["token"])
    assert back.next("welcome", frame(room))["seat"] == away
    assert back.next("view", frame(room))["screen"]["seat"] == away  # the view as it is now
    assert room.ctx.seats[away].connected and not room.ctx.seats[away].reconnecting


def test_a_taken_port_is_said_plainly_and_pads_still_work(english_room):
    room = english_room
    with socket.socket() as squatter:
        squatter.bind(("127.0.0.1", 0))
        squatter.listen()
        port = squatter.getsockname()[1]
        room.ctx.settings.companion_port = port
        lobby = LobbyScene(room.ctx, room.ctx.games["personality"])
        room.ctx.stack.push(lobby)
        keep_companion(room.ctx, host="127.0.0.1")
        try:
            companion = room.ctx.companion
            assert companion.server.ready.wait(10)  # the app does not wait for the bind
            assert companion is not None and companion.problem == "port_taken"
            pad = room.attach_pad()
            from game.input.intents import Intent

            pad.tap(Intent.CONFIRM, 2)
            assert pad.seat == 0  # pads join as ever
            shown = texts_drawn(room)
            assert room.ctx.t("companion.port_taken", port=port) in shown
            room.ctx.settings.companion = False
            keep_companion(room.ctx)
            assert room.ctx.companion is None
        finally:
            if room.ctx.companion is not None:
                room.ctx.companion.stop()
                room.ctx.companion = None


def test_an_unplugged_pad_s_overlay_leaves_a_phone_s_seat_to_its_phone(table):
    """A pad and a phone both drop out mid-match: the disconnect overlay is the pad's
    (a free pad takes that seat, not the phone's) and leaves while the phone is still away."""
    from game.input.intents import Intent

    room, companion, crowd = table
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    pad = room.attach_pad()
    pad.tap(Intent.CONFIRM, 2)
    phone, welcome = join(room, companion, crowd, "Zoé")
    room.ctx.stack.top.start()
    phone.close()
    room.until_served(lambda: room.ctx.seats[1].reconnecting)
    pad.unplug()
    room.run(2)
    overlay = room.find(DisconnectScene)
    assert overlay is not None and room.ctx.seats.held() == [0, 1] and room.ctx.seats.held_pads() == [0]
    other = room.attach_pad()
    other.tap(Intent.CONFIRM, 2)
    assert other.seat == 0 and room.find(DisconnectScene) is None
    assert room.ctx.seats[1].reconnecting


def two_phones_at_mission_secrete(room, companion, crowd):
    """Zoé's and Max's phones seated at a Mission Secrète match, each with its first view:
    (phones, board, the seat whose turn it is)."""
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    phones = [join(room, companion, crowd, name)[0] for name in ("Zoé", "Max")]
    room.ctx.stack.top.start()
    board = room.find(MatchScene)
    seat = min(board.session.current())
    for phone in phones:
        phone.next("view", frame(room))
    return phones, board, seat


def test_an_act_s_id_comes_back_on_the_view_that_answers_it_or_on_its_refusal(table):
    """A phone tags its tap; the answer carries the tag even when the view did not change."""
    room, companion, crowd = table
    phones, board, seat = two_phones_at_mission_secrete(room, companion, crowd)
    phones[1 - seat].send("act", id="tap-1", kind="swap", data={"a": 0, "b": 1})
    refused = phones[1 - seat].next("error", frame(room))
    assert refused["ack"] == "tap-1" and refused["reason"].startswith("illegal:")
    move = board.session.legal(seat)[0]
    phones[seat].send("act", id=7, kind=move.kind, data=dict(move.data))
    assert phones[seat].next("view", frame(room))["ack"] == 7
    phones[seat].send("act", id=[1], kind=move.kind, data=dict(move.data))
    assert phones[seat].next("error", frame(room))["reason"] == "malformed"


def test_data_that_fits_no_move_is_refused_and_the_match_goes_on(table):
    """Mission Secrète's accusation names a character by id; a list there is no id. The
    move's declared data refuses it before a rule reads it (it once raised a TypeError
    there): the phone is told, nothing is lost."""
    room, companion, crowd = table
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    phones = [join(room, companion, crowd, name)[0] for name in ("Zoé", "Max")]
    room.ctx.stack.top.start()
    board = room.find(MatchScene)
    state, log = board.session.hash(), len(board.session.log)
    phones[0].send("act", kind="accuse", data={"accused": 1, "character": [1]})
    assert phones[0].next("error", frame(room))["reason"] == "illegal:bad_data"
    assert board.session.hash() == state and len(board.session.log) == log and room.find(MatchScene) is board


def test_back_in_the_lobby_after_a_match_phones_are_told_the_lobby_again(table):
    room, companion, crowd = table
    lobby = LobbyScene(room.ctx, room.ctx.games["mission_secrete"])
    room.ctx.stack.push(lobby)
    phone = join(room, companion, crowd, "Zoé")[0]
    join(room, companion, crowd, "Max")
    phone.next("lobby", frame(room))
    lobby.start()
    phone.next("view", frame(room))
    while room.top is not lobby:  # the match is left (its board and any overlay on it)
        room.ctx.stack.pop()
    assert phone.next("lobby", frame(room))["game"] == "mission_secrete"


def test_with_no_network_the_lobby_says_so_and_pads_still_work(english_room, monkeypatch):
    from game.companion import bridge
    from game.input.intents import Intent

    room = english_room
    monkeypatch.setattr(bridge, "lan_address", lambda: None)  # only loopback is up
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        room.ctx.settings.companion_port = probe.getsockname()[1]
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["personality"]))
    keep_companion(room.ctx, host="127.0.0.1")
    try:
        assert room.ctx.companion.server.ready.wait(10)
        assert room.ctx.companion.problem is None and room.ctx.companion.address is None
        pad = room.attach_pad()
        pad.tap(Intent.CONFIRM, 2)
        assert pad.seat == 0
        shown = texts_drawn(room)
        assert room.ctx.t("companion.no_network") in shown
        assert not any(text.startswith("http://") for text in shown)  # no address that cannot work
    finally:
        room.ctx.companion.stop()
        room.ctx.companion = None


def test_a_server_that_cannot_start_is_said_plainly(english_room, monkeypatch):
    """aiohttp missing or broken in a build: the server thread fails, the lobby says so."""
    from game.companion import server

    def broken(*args, **kwargs):
        raise ImportError("No module named 'aiohttp'")

    monkeypatch.setattr(server, "make_app", broken)
    room = english_room
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        room.ctx.settings.companion_port = probe.getsockname()[1]
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["personality"]))
    keep_companion(room.ctx, host="127.0.0.1")
    try:
        assert room.ctx.companion.server.ready.wait(10)
        assert room.ctx.companion.problem.startswith("failed: ImportError")
        assert any(text.startswith("Phones can't join: the phone server didn't start") for text in texts_drawn(room))
    finally:
        room.ctx.companion.stop()
        room.ctx.companion = None


def test_turning_phones_off_frees_their_seats_in_the_lobby_and_holds_them_in_a_match(table):
    room, companion, crowd = table
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    join(room, companion, crowd, "Zoé")
    join(room, companion, crowd, "Max")
    room.ctx.stack.top.start()
    room.ctx.settings.companion = False
    keep_companion(room.ctx)  # off mid-match
    assert room.ctx.companion is None
    assert [s.reconnecting for s in room.ctx.seats] == [True, True]
    while not isinstance(room.top, LobbyScene):
        room.ctx.stack.pop()
    room.ctx.companion = companion  # the fixture stops it
    from game.scenes.phones import stop_companion

    stop_companion(room.ctx)
    assert len(room.ctx.seats) == 0  # no phone can come back to them: the lobby is clear


def test_a_phone_s_answer_is_handed_to_the_server_before_the_autosave_is_written(table, monkeypatch):
    """The act → view round trip does not wait for the autosave's write and fsync (issue 32
    item 5): the view that answers an act is flushed to the server's thread first."""
    from game.core import session as session_mod

    room, companion, crowd = table
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    phones = [join(room, companion, crowd, name)[0] for name in ("Zoé", "Max")]
    room.ctx.stack.top.start()
    board = room.find(MatchScene)
    assert board.session.save_path is not None
    seat = min(board.session.current())
    for phone in phones:
        phone.next("view", frame(room))
    order: list[str] = []
    real_write, real_flush = session_mod.write_atomic, companion.hub.flush
    monkeypatch.setattr(session_mod, "write_atomic", lambda path, data: (order.append("save"), real_write(path, data)))

    def flush(wait: float = 0.0) -> None:
        if any('"ack":7' in text for _conn, text, _close in companion.hub._outgoing):
            order.append("answer")
        real_flush(wait)

    monkeypatch.setattr(companion.hub, "flush", flush)
    move = board.session.legal(seat)[0]
    phones[seat].send("act", id=7, kind=move.kind, data=dict(move.data))
    assert phones[seat].next("view", frame(room))["ack"] == 7
    assert order[:2] == ["answer", "save"]


def test_between_frames_only_the_acting_phone_is_told_and_the_others_at_the_frame(table):
    """A pump between two frames (``serve_phones_until``) answers the act alone: the other
    phones' views (and the events they may see) come with the next frame's pump, built
    once however many acts landed between the frames (issue 32 item 5)."""
    from game.scenes.phone_serving import pump_companion

    room, companion, crowd = table
    phones, board, seat = two_phones_at_mission_secrete(room, companion, crowd)
    move = board.session.legal(seat)[0]
    companion.hub.arrived.clear()
    phones[seat].send("act", id=7, kind=move.kind, data=dict(move.data))
    assert companion.hub.arrived.wait(5)
    sent: list[str] = []
    real_send = companion.hub.send
    companion.hub.send = lambda conn, text: (sent.append(text), real_send(conn, text))[1]
    try:
        pump_companion(room.ctx, frame=False)
    finally:
        del companion.hub.send
    views = [text for text in sent if '"type":"view"' in text]
    assert len(views) == 1 and '"ack":7' in views[0]
    assert phones[seat].next("view", lambda: None)["ack"] == 7
    told = phones[1 - seat].next("view", frame(room))
    assert "ack" not in told and told["screen"] != {}
