"""The act → view round trip (issue 17, item 11): what the game thread does between a
phone's act and its answer. The answer leaves before the other phones' views are built;
an event going to every phone is encoded once; a message landing while the app idles
between frames is pumped at once instead of at the next frame. Real server thread and
bridge, scripted phones over loopback (tests/test_companion_match.py's table)."""

from __future__ import annotations

import json
import time

from game.companion import bridge
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.phone_serving import serve_phones_until
from tests.e2e import brains, think
from tests.test_companion_match import frame, join, table  # noqa: F401  (table: the fixture)


def mission_of_phones(room, companion, crowd, names=("Zoé", "Max", "Ana", "Léo")):
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    phones = [join(room, companion, crowd, name)[0] for name in names]
    room.ctx.stack.top.start()
    room.run(2)
    board = room.find(MatchScene)
    board.peeks.intro.clear()
    for phone in phones:
        phone.next("view", frame(room))
    return board, phones


def test_the_answer_leaves_before_the_other_phones_views_are_built(table, monkeypatch):
    room, companion, crowd = table
    board, phones = mission_of_phones(room, companion, crowd)
    seat = board.public.turn
    action = think(board, brains(room, board.entry, [seat])[seat], seat)
    log: list[tuple[str, object]] = []
    build, flush = board.phone_screen, companion.hub.flush
    monkeypatch.setattr(board, "phone_screen", lambda s: (log.append(("build", s)), build(s))[1])

    def logged_flush(wait: float = 0.0) -> None:
        log.append(("flush", sorted({conn for conn, _, _ in companion.hub._outgoing})))
        flush(wait)

    monkeypatch.setattr(companion.hub, "flush", logged_flush)
    phones[seat].send("act", kind=action.kind, data=dict(action.data), id=5)
    answer = phones[seat].next("view", frame(room))
    assert answer["ack"] == 5
    conn = next(c for c, p in companion.phones.items() if room.ctx.seats.seat_of(p.device) == seat)
    built = [i for i, (what, _) in enumerate(log) if what == "build"]
    assert log[built[0]] == ("build", seat), "the acting phone's view is built first"
    sent = next(i for i, (what, conns) in enumerate(log) if what == "flush" and conn in conns)
    assert built[0] < sent < built[1], f"its answer waited for the other views: {log}"


def test_an_event_every_phone_gets_is_encoded_once(table, monkeypatch):
    room, companion, crowd = table
    board, phones = mission_of_phones(room, companion, crowd)
    seat = board.public.turn
    action = think(board, brains(room, board.entry, [seat])[seat], seat)
    encoded = []
    real = bridge.event_json
    monkeypatch.setattr(bridge, "event_json", lambda event: (encoded.append(event), real(event))[1])
    before = len(board.session.log)
    phones[seat].send("act", kind=action.kind, data=dict(action.data), id=1)
    phones[seat].next("view", frame(room))
    assert len(board.session.log) > before
    assert encoded and len(encoded) == len({id(e) for e in encoded}), "an event was encoded once per phone"
    other = phones[(seat + 1) % 4]  # and every phone got them (in flight still, on a busy machine)
    told = [other.next("event")["event"]["kind"] for _ in encoded]
    assert told == [type(e).__name__ for e in encoded] and not [m for m in other.pending() if m["type"] == "event"]


def test_a_message_landing_between_frames_is_served_at_once(table):
    """The app idles until its next frame (``serve_phones_until``); here the next frame
    falls due only once the phone holds its welcome (the idle loop's clock says so), so the
    welcome can only come from the idle time, whatever the machine's speed. (A loop that
    left it to the next frame would wait for ever: it gives up after a minute.)"""
    room, companion, crowd = table
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    room.run(1)
    phone = crowd.connect()
    give_up, gave_up = time.monotonic() + 60, []

    def clock() -> float:
        """0 until the welcome is in the phone's inbox (1: the next frame is due)."""
        if any(json.loads(text).get("type") == "welcome" for text in list(phone.received)):
            return 1.0
        if time.monotonic() > give_up:
            gave_up.append(True)
            return 1.0
        return 0.0

    phone.send("hello", room=companion.room, name="Zoé")
    serve_phones_until(room.ctx, 1.0, clock)
    assert not gave_up, "the phone waited for the next frame"
    assert phone.next("welcome", timeout=0.1)["name"] == "Zoé"


def test_an_act_refused_because_the_board_is_paused_says_which_act(table):
    """A phone waiting for its act's answer gets it at once, even when the answer is
    "not now" (the bench's phones waited two seconds for it)."""
    room, companion, crowd = table
    board, phones = mission_of_phones(room, companion, crowd)
    seat = board.public.turn
    action = think(board, brains(room, board.entry, [seat])[seat], seat)
    board.open_pause_menu()
    room.run(1)
    phones[seat].send("act", kind=action.kind, data=dict(action.data), id=9)
    refusal = phones[seat].next("error", frame(room))
    assert refusal["reason"] == "not_now" and refusal["ack"] == 9


def test_an_act_landing_while_the_frame_draws_is_answered_before_its_present(table, monkeypatch):
    """Issue 32 item 5: an act that lands during the draw (most of a frame) does not wait
    for the present and the next frame's updates to be pumped."""
    room, companion, crowd = table
    board, phones = mission_of_phones(room, companion, crowd)
    seat = board.public.turn
    action = think(board, brains(room, board.entry, [seat])[seat], seat)
    sent: list[str] = []
    real_send, real_draw = companion.hub.send, room.ctx.stack.draw
    monkeypatch.setattr(companion.hub, "send", lambda conn, text: (sent.append(text), real_send(conn, text))[1])

    def draw_while_an_act_lands(canvas, alpha, kept=False):
        real_draw(canvas, alpha, kept)
        if not any('"ack":5' in text for text in sent) and not companion.hub.arrived.is_set():
            phones[seat].send("act", id=5, kind=action.kind, data=dict(action.data))
            assert companion.hub.arrived.wait(5)

    answered_at_present: list[bool] = []
    monkeypatch.setattr(room.ctx.stack, "draw", draw_while_an_act_lands)
    monkeypatch.setattr(room.app, "present", lambda: answered_at_present.append(any('"ack":5' in t for t in sent)))
    room.run(1)
    assert answered_at_present == [True]
    assert phones[seat].next("view", frame(room))["ack"] == 5


def test_an_act_landing_while_the_frame_builds_the_other_views_is_served_before_the_rest(table, monkeypatch):
    """Issue 32 item 5: the frame's pump builds every phone's view after an act; a message
    that lands meanwhile is taken and answered before the remaining views, not a draw later."""
    room, companion, crowd = table
    board, phones = mission_of_phones(room, companion, crowd)
    seat = board.public.turn
    action = think(board, brains(room, board.entry, [seat])[seat], seat)
    other = next(s for s in range(len(phones)) if s != seat)
    log: list[object] = []
    build, send = board.phone_screen, companion.hub.send

    before = len(board.session.log)

    def logged_build(s):
        screen = build(s)
        log.append(s)
        if len(board.session.log) > before and s != seat and "sent" not in log:  # the act's first other view
            log.append("sent")
            companion.hub.arrived.clear()
            phones[other].send("act", id="late", kind=action.kind, data=dict(action.data))
            assert companion.hub.arrived.wait(5)
        return screen

    monkeypatch.setattr(board, "phone_screen", logged_build)
    monkeypatch.setattr(companion.hub, "send",
                        lambda conn, text: (log.append("late") if '"ack":"late"' in text else None, send(conn, text))[1])
    phones[seat].send("act", id=1, kind=action.kind, data=dict(action.data))
    phones[seat].next("view", frame(room))
    late = log.index("late")
    assert any(isinstance(entry, int) for entry in log[late:]), f"every view was built before the late act's answer: {log}"
