"""Seats on phones at a real table (issue 17, item 5): the boards of Personality,
Mission Secrète and Incognito never open a peek curtain for a seat played on a phone —
its phone shows what the curtain would — while a pad's seat keeps its curtain; the TV
shows the phone seat at it instead. Phones play through the companion's real server
thread and bridge (tests/test_companion_match.py's table), the pad seat is a keyboard
side whose moves the test submits on the board.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

import pygame

from game.core.actions import Action
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.peek import PeekCurtain
from game.scenes.ring import RingPicker
from tests.e2e import brains, think
from tests.test_companion_match import frame, join, table, texts_drawn  # noqa: F401  (table: the fixture)

ACK = itertools.count(1)


def seat_table(room, companion, crowd, game: str, phones: list[str], pads: list[str]):
    """A lobby of ``game`` with ``phones`` joined by phone, then ``pads`` as keyboard
    sides; the match started. Returns (board, {seat: phone})."""
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games[game]))
    joined = {seat: join(room, companion, crowd, name)[0] for seat, name in enumerate(phones)}
    for side, name in zip(("left", "right"), pads):
        room.ctx.seats.join(("kb", side), name)
    room.run(2)
    room.ctx.stack.top.start()
    room.run(1)
    board = room.find(MatchScene)
    assert board is not None
    return board, joined


def phone_act(room, phone, action) -> dict:
    """``action`` sent from its seat's phone; the answer (its view or refusal)."""
    ident = next(ACK)
    phone.send("act", kind=action.kind, data=dict(action.data), id=ident)
    while True:
        message = phone.next(None, frame(room))
        if message.get("ack") == ident:
            return message


def everyone_done(room, board, phones, seats=(0, 1, 2)) -> None:
    """Each of ``seats`` hands in its "done": a phone's from the phone, a pad's to the board
    (a seat drawing in turns opens its turn first, IN-2a)."""
    for seat in seats:
        if board.public.turn == seat and not board.public.turn_open:
            assert board.submit(Action("start", seat)) is None
        done = next(a for a in board.session.legal(seat) if a.kind == "done")
        if seat in phones:
            phone_act(room, phones[seat], done)
        else:
            assert board.submit(done) is None


def words_on_tv(room) -> str:
    """Every text one frame writes on the TV, joined."""
    shown: list[str] = []
    kit = room.ctx.kit
    real = kit.text
    kit.text = lambda text, *a, **k: (shown.append(text), real(text, *a, **k))[1]
    try:
        shown += texts_drawn(room)
    finally:
        kit.text = real
    return "\n".join(shown)


def curtains(room) -> list[PeekCurtain]:
    return [scene for scene in room.ctx.stack if isinstance(scene, PeekCurtain)]


def play(room, board, phones, minds, check, moves: int, enough=lambda: False) -> None:
    """Up to ``moves`` moves (or until ``enough()``), each seat's own bot thinking for it:
    a phone seat's from its phone, a pad seat's submitted on the board; ``check()``
    before every move, once the animations have played and the phase's overlay is up."""
    for _ in range(moves):
        while not board.bots_may_act() and board.session.outcome() is None:  # an animation plays
            room.run(1, 30)
        room.run(2)  # the overlay the new phase needs opens
        check()
        if board.session.outcome() is not None or enough():
            return
        for seat in sorted(board.session.current()):
            action = think(board, minds[seat], seat)
            if action is None:
                continue
            if seat in phones:
                assert phone_act(room, phones[seat], action)["type"] == "view"
            else:
                assert board.submit(action) is None
            break


def test_personality_opens_curtains_for_pads_only_and_shows_a_phone_reader_at_it(table):
    room, companion, crowd = table
    board, phones = seat_table(room, companion, crowd, "personality", ["Zoé", "Max"], ["Pat"])
    minds = brains(room, board.entry, [0, 1, 2])
    seen = {"phone reader": 0, "pad curtain": 0, "ring with a phone": 0}

    def check() -> None:
        for curtain in curtains(room):
            assert not room.ctx.seats[curtain.seat].on_phone, "a curtain opened for a phone's seat"
            seen["pad curtain"] += 1
        public = board.public
        if public.phase == "read" and public.reader in phones and not board.busy():
            seen["phone reader"] += 1
            assert room.ctx.t("companion.on_phone", name=room.ctx.seats[public.reader].name) in words_on_tv(room)
        ring = room.find(RingPicker)
        if ring is not None and any(room.ctx.seats[s].on_phone for s in ring.pending()):
            seen["ring with a phone"] += 1
            assert room.ctx.t("companion.on_phone_short") in words_on_tv(room)

    play(room, board, phones, minds, check, moves=400, enough=lambda: all(seen.values()))
    assert all(seen.values()), seen


def test_mission_secrete_asks_no_intro_peek_of_phones_and_shows_no_cursor_for_them(table):
    room, companion, crowd = table
    board, phones = seat_table(room, companion, crowd, "mission_secrete", ["Zoé", "Max"], ["Pat"])
    assert board.peeks.intro == [2]  # only the pad's seat is asked to look at its mission
    assert [c.seat for c in curtains(room)] == [2]
    board.peeks.curtain.close()
    room.run(2)
    assert not curtains(room) and not board.peeks.intro
    minds = brains(room, board.entry, [0, 1, 2])
    turns = {"phone": 0, "pad": 0}

    def check() -> None:
        assert not curtains(room)
        turn = board.public.turn
        if turn is None or board.busy:
            return
        drawn = []
        real = board.play._draw_cursor
        board.play._draw_cursor = lambda *a: (drawn.append(turn), real(*a))
        try:
            room.run(1)
        finally:
            board.play._draw_cursor = real
        turns["phone" if turn in phones else "pad"] += 1
        assert bool(drawn) == (turn not in phones), "the TV's cursor is for the pad's turn only"

    play(room, board, phones, minds, check, moves=12)
    assert turns["phone"] and turns["pad"], turns


def test_incognito_gives_phones_no_pad_no_curtain_and_no_ring(table):
    room, companion, crowd = table
    board, phones = seat_table(room, companion, crowd, "incognito", ["Zoé", "Max"], ["Pat"])
    assert set(board.pads) == {2} and board.session.config["turn_seats"] == [2]  # the TV's seat draws in turns
    room.until(lambda: board.stage == "draw", limit=600, steps=1)
    from game.input.intents import InputEvent, Intent

    board.handle(2, InputEvent(("kb", "left"), Intent.PEEK, True))
    assert [c.seat for c in curtains(room)] == [2]  # the pad's seat still peeks at its word
    board.curtain.close()
    room.run(3)
    assert [c.seat for c in curtains(room)] == [2] and board.turn_curtain is not None  # and draws behind one
    everyone_done(room, board, phones)
    room.until(lambda: board.stage == "vote", limit=600, steps=1)
    assert board.ring is not None and board.ring.seats == [2]  # phones vote on their phones


def test_a_table_of_phones_alone_gets_no_overlay_in_personality(table):
    room, companion, crowd = table
    board, phones = seat_table(room, companion, crowd, "personality", ["Zoé", "Max", "Ana"], [])
    minds = brains(room, board.entry, [0, 1, 2])

    def check() -> None:
        assert board.overlay is None, f"an overlay for a table of phones: {board.overlay!r}"

    play(room, board, phones, minds, check, moves=25)
    assert len(board.session.log) >= 20


def canvas_bytes(room) -> bytes:
    canvas = room.app.canvas
    room.ctx.stack.draw(canvas, 0.0)
    return pygame.image.tobytes(canvas, "RGB")


def test_incognito_tv_shows_nothing_of_a_phone_s_strokes_until_the_line_up(table):
    """The TV's frame during the drawing is the same with and without the phone seat's
    strokes (and, behind the pad seat's open curtain, differs without the pad's: the
    positive control); no other phone is told a stroke; the line-up then shows them."""
    from game.games.incognito.rules.drawing import BRUSH_WIDTHS, make_stroke

    room, companion, crowd = table
    board, phones = seat_table(room, companion, crowd, "incognito", ["Zoé", "Max"], ["Pat"])
    room.until(lambda: board.stage == "draw", limit=600, steps=1)
    colour = board.colour_ids[1]
    path = [(100 + 6 * i, 120 + (i * 37) % 300) for i in range(60)]
    stroke = make_stroke("pen", colour, BRUSH_WIDTHS[-1], path)
    played: list[str] = []
    real_play = room.ctx.audio.play
    room.ctx.audio.play = lambda name, *a, **k: played.append(name)
    try:
        assert phone_act(room, phones[0], Action("stroke", 0, {"stroke": stroke}))["type"] == "view"
        room.run(30)
    finally:
        room.ctx.audio.play = real_play
    assert played == [], "the TV made a sound for the phone's stroke"
    assert board.turn_curtain is not None and board.turn_curtain.seat == 2
    assert board.submit(Action("start", 2)) is None and board.submit(Action("stroke", 2, {"stroke": stroke})) is None
    room.run(2)
    assert board.turn_curtain.is_open
    state = board.session.state

    def frame_with_another(seat: int) -> bytes:
        """The frame had ``seat`` drawn as many strokes, elsewhere on its canvas."""
        moved = tuple(replace(stroke, points=tuple(v // 2 for v in stroke.points)) for stroke in state.strokes[seat])
        board.session.state = state.but(strokes=tuple(moved if i == seat else s for i, s in enumerate(state.strokes)))
        try:
            return canvas_bytes(room)
        finally:
            board.session.state = state

    shown = canvas_bytes(room)
    assert frame_with_another(0) == shown, "the TV shows something of the phone's strokes"
    assert frame_with_another(2) != shown, "positive control: the pad's strokes are behind its open curtain"
    told = [m for m in phones[1].pending() if m["type"] == "event" and m["event"]["kind"] == "StrokeDrawn"]
    assert told == [], "another phone was told a stroke"

    everyone_done(room, board, phones)
    room.until(lambda: board.stage == "lineup", limit=600, steps=1)
    room.until(lambda: board.stage == "vote", limit=600, steps=1)
    state = board.session.state
    assert frame_with_another(0) != canvas_bytes(room), "the vote shows the phone's drawing"
