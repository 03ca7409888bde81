"""With a view budget (``Companion(view_budget=...)``, issue 30 item 4 and issue 32 items
2 and 5), a frame's pump answers the acting phone and leaves the other phones' views to
the idle time after the frame (``Companion.catch_up``, called by ``serve_phones_until``),
so the TV's frame does not wait for them; a frame that finds views owed since before the
last frame (no idle time kept up) builds them within the budget, one at least, those owed
longest first. The
budget's clock here counts its readings, so a zero budget lets exactly one view through
such a frame."""

from __future__ import annotations

import itertools
import json

import pytest

from game.companion.bridge import Companion
from game.companion.client import PhoneCrowd
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.phone_serving import serve_phones_until, table_now
from game.scenes.phones import style_json
from tests.e2e import Room

NAMES = ("Zoé", "Max", "Ana", "Léo")


@pytest.fixture
def table():
    room = Room(lang="en")
    ticks = itertools.count()
    companion = Companion(0, style_json, lambda: room.ctx.settings.lang, host="127.0.0.1", rate=(1000.0, 2000.0),
                          view_budget=0.0, budget_clock=lambda: float(next(ticks)))
    assert companion.start() is None
    room.ctx.companion = companion
    crowd = PhoneCrowd(f"http://127.0.0.1:{companion.port}")
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    phones = []
    for name in NAMES:
        phone = crowd.connect()
        phone.send("hello", room=companion.room, name=name)
        phone.next("welcome", lambda: room.run(1))
        phones.append(phone)
    room.ctx.stack.top.start()
    board = room.find(MatchScene)
    for phone in phones:  # the first views: one a frame, the longest owed first
        phone.next("view", lambda: room.run(1))
    yield room, companion, phones, board
    crowd.close()
    companion.stop()
    room.ctx.companion = None
    room.ctx.stack.clear()
    room.close()


def act(room, companion, phones, board):
    """The seat whose turn it is plays its first legal move from its phone: (that seat, the
    views sent by the frame's pump that follows, in order, as (seat, message))."""
    seat = min(board.session.current())
    move = board.session.legal(seat)[0]
    companion.hub.arrived.clear()
    phones[seat].send("act", id=7, kind=move.kind, data=dict(move.data))
    assert companion.hub.arrived.wait(5)
    return seat, sent_views(room, lambda: room.run(1))


def sent_views(room, work):
    """The views ``work`` has the room's companion send: [(seat, message)]."""
    companion = room.ctx.companion
    sent: list[tuple[int | None, str]] = []
    real_send = companion.hub.send

    def send(conn, text):
        phone = companion.phones.get(conn)
        sent.append((None if phone is None else room.ctx.seats.seat_of(phone.device), text))
        real_send(conn, text)

    companion.hub.send = send
    try:
        work()
    finally:
        del companion.hub.send
    return [(seat, json.loads(text)) for seat, text in sent if '"type":"view"' in text]


def test_a_frame_answers_the_act_and_leaves_the_other_views_to_the_idle_time(table):
    room, companion, phones, board = table
    seat, views = act(room, companion, phones, board)
    assert [(s, view["ack"]) for s, view in views] == [(seat, 7)], "the acting phone only"
    assert companion.behind()
    caught = sent_views(room, lambda: companion.catch_up(room.ctx.seats, table_now(room.ctx), 1e9))
    assert sorted(s for s, _ in caught) == sorted(set(range(len(NAMES))) - {seat})
    assert not companion.behind()
    for index, screen in [*views, *caught]:  # each phone's own seat's view of the match now
        assert screen["screen"] == board.phone_screen(index)


def test_with_no_idle_time_each_frame_tells_the_phones_owed_longest_first(table):
    room, companion, phones, board = table
    seat, views = act(room, companion, phones, board)
    assert len(views) == 1  # the answer: the others are owed
    assert sent_views(room, lambda: room.run(1)) == []  # owed since the last frame only: still the idle time's
    told: list[int | None] = []
    for _ in range(len(NAMES) - 1):  # no idle time came: each frame builds one (a zero budget)
        told += [s for s, _ in sent_views(room, lambda: room.run(1))]
    assert sorted(told) == sorted(set(range(len(NAMES))) - {seat})
    assert not companion.behind()
    assert sent_views(room, lambda: room.run(1)) == []  # nothing owed: nothing built again


def test_the_app_s_idle_time_builds_the_owed_views_and_leaves_none_when_it_has_no_time(table):
    room, companion, phones, board = table
    seat, views = act(room, companion, phones, board)
    readings = itertools.count()
    clock = lambda: next(readings) * 0.05  # the app's clock: each reading 50 ms on  # noqa: E731
    assert sent_views(room, lambda: serve_phones_until(room.ctx, 0.0, clock=clock)) == []
    assert companion.behind()
    companion.budget_clock = lambda: 0.0  # the views take no time: all are built before the next frame
    readings = itertools.count()
    caught = sent_views(room, lambda: serve_phones_until(room.ctx, 0.2, clock=clock))
    assert len(caught) == len(NAMES) - 1 and not companion.behind()
