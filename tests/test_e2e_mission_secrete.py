"""Mission Secrète end to end: title → lobby with two pads and the arrows side, one bot;
each human peeks at their character in the intro curtain, swaps with the cursor on their
turn, accuses by holding ALT and pointing on the ring; midway a pad is unplugged (the
overlay names the seat, the board is frozen), a different pad takes the seat back with A
and the match goes on unchanged to the end card, then back to the lobby and the title."""

import time

import pytest

from game.input.intents import Intent
from game.scenes.disconnect import DisconnectScene
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.title import TitleScene
from tests.e2e import (
    Table,
    room_at_title,
    BIG_STEP,
    curtain_for,
    ring_choose,
    rings_for,
    seat_table,
    think,
    title_to_lobby,
)

GAME = "mission_secrete"


@pytest.fixture
def room():
    room = room_at_title(3)
    yield room
    room.close()


class Players(Table):
    def __init__(self, room, board, hands):
        super().__init__(room, board, hands)
        self.swaps = 0
        self.accusations = 0
        self.peeks = 0
        self.looked = set()

    def step(self) -> bool:
        board = self.board
        if board.public.phase != "play":
            return False
        for seat, hand in self.hands.items():
            curtain = curtain_for(self.room, seat)
            if curtain is not None:  # the intro: look at the card, let go, close the curtain
                hand.hold(Intent.PEEK)
                self.room.look_away()
                assert curtain.showing
                hand.let_go(Intent.PEEK)
                hand.tap(Intent.BACK, 2)
                assert curtain_for(self.room, seat) is None
                self.peeks += 1
                return True
        if board.busy:
            return False
        for seat, hand in self.hands.items():
            if seat not in self.looked and board.public.swaps and board.peeks.curtain is None:
                self.look_again(seat, hand)
                return True
        for seat, hand in self.hands.items():
            if board.public.out[seat] or seat not in board.session.current():
                continue
            action = think(board, self.brains[seat], seat)
            if action is None:
                continue
            if action.kind == "swap":
                self.swap(hand, action.data["a"], action.data["b"])
            else:
                self.accuse(seat, hand, action.data["accused"], action.data["character"])
            return True
        return False

    def look_again(self, seat, hand):
        """Mid-match, Y opens the curtain and, held, shows the card once it has named the
        seat; B closes it."""
        hand.hold(Intent.PEEK)
        self.room.run(1)
        curtain = curtain_for(self.room, seat)
        assert curtain is not None and curtain.peeking and not curtain.showing
        self.room.look_away()
        assert curtain.showing
        hand.let_go(Intent.PEEK)
        self.room.run(1)
        assert not curtain.peeking
        hand.tap(Intent.BACK, 2)
        assert curtain_for(self.room, seat) is None
        self.looked.add(seat)

    def move_cursor(self, hand, cell):
        columns = self.board.public.columns
        for _ in range(12):
            r, c = divmod(self.board.play.cursor, columns)
            tr, tc = divmod(cell, columns)
            if (r, c) == (tr, tc):
                return
            hand.tap(Intent.DOWN if tr > r else Intent.UP if tr < r else Intent.RIGHT if tc > c else Intent.LEFT)
        assert self.board.play.cursor == cell

    def swap(self, hand, a, b):
        board = self.board
        before = len(board.public.swaps)
        columns = board.public.columns
        self.move_cursor(hand, a)
        hand.tap(Intent.CONFIRM)
        assert board.play.selected == a
        (ra, ca), (rb, cb) = divmod(a, columns), divmod(b, columns)
        if abs(ra - rb) + abs(ca - cb) == 1:
            hand.tap({(1, 0): Intent.DOWN, (-1, 0): Intent.UP, (0, 1): Intent.RIGHT, (0, -1): Intent.LEFT}[(rb - ra, cb - ca)])
        else:
            self.move_cursor(hand, b)
            hand.tap(Intent.CONFIRM)
        last = board.public.swaps[-1]
        assert len(board.public.swaps) == before + 1 and {last.a, last.b} == {a, b}
        self.swaps += 1

    def accuse(self, seat, hand, accused, character):
        board = self.board
        before = len(board.public.accusations)
        hand.hold(Intent.ALT)
        self.room.until(lambda: rings_for(self.room, seat) is not None or board.reveal is not None, limit=30)
        hand.let_go(Intent.ALT)
        if rings_for(self.room, seat) is None:
            return  # someone else's accusation came first: its reveal takes the floor
        others = [s for s in range(board.seats) if not board.public.out[s] and s != seat]
        if len(others) > 1:
            ring_choose(self.room, hand, rings_for(self.room, seat), others.index(accused))
        ids = [c.id for c in board.catalogue.characters]
        ring_choose(self.room, hand, rings_for(self.room, seat), ids.index(character))
        made = board.public.accusations[-1]
        assert len(board.public.accusations) == before + 1 and (made.accuser, made.accused) == (seat, accused)
        self.accusations += 1


def test_a_living_room_plays_mission_secrete_and_survives_an_unplugged_pad(room):
    started = time.process_time()
    pad1, pad2 = room.attach_pad("Pad One"), room.attach_pad("Pad Two")
    arrows = room.keyboard("right")
    title_to_lobby(room, arrows, GAME)
    board = seat_table(room, [pad1, pad2, arrows], bots=1)
    seat2, name2 = pad2.seat, room.ctx.seats[pad2.seat].name
    players = Players(room, board, [pad1, pad2, arrows])
    unplugged = False

    for _ in range(3000):
        if board.public.phase == "over":
            break
        if not unplugged and players.swaps + len(board.public.swaps) >= 4 and not board.busy and \
                not board.public.out[seat2] and room.top is board:
            pad2 = unplug_and_reclaim(room, board, pad2, seat2, name2)
            players.hands[seat2] = pad2
            unplugged = True
            continue
        if not players.step():
            room.fast(1)
    assert unplugged, "the match ended before the unplug"
    assert board.public.phase == "over" and board.session.outcome() is not None
    assert players.peeks == 3 and players.swaps + players.accusations >= 1
    room.until(board.end_choices_open)  # the end card moved in, its show over: A and B are on its hint bar
    assert room.top is board  # the end card, nothing over it

    arrows.tap(Intent.BACK, 2)  # back to the lobby with the same table
    assert isinstance(room.top, LobbyScene) and len(room.ctx.seats) == 4
    room.keyboard("left").tap(Intent.BACK, 2)  # an unseated keyboard side goes back
    assert isinstance(room.top, GameChoiceScene)
    room.keyboard("left").tap(Intent.BACK, 2)
    assert isinstance(room.top, TitleScene)
    print(f"mission_secrete e2e: {board.session.tick} ticks, {room.app.frames} frames, "
          f"{time.process_time() - started:.1f} s CPU, {players.swaps} human swaps, "
          f"{players.accusations} human accusations")


def unplug_and_reclaim(room, board, pad, seat, name):
    """Pull ``pad``: the overlay names its seat and freezes the board; a different pad
    takes the seat with A; nothing in the match changed."""
    session = board.session
    digest, log, tick = session.hash(), list(session.log), session.tick
    pad.unplug()
    room.run(1)
    overlay = room.top
    assert isinstance(overlay, DisconnectScene)
    assert room.ctx.seats.held() == [seat]
    drawn = []
    kit = room.ctx.kit
    real = kit.draw_seat_badge
    kit.draw_seat_badge = lambda surface, s, *a, **k: drawn.append(s.name) or real(surface, s, *a, **k)
    try:
        room.run(1)
    finally:
        del kit.draw_seat_badge
    assert name in drawn  # the overlay names the held seat
    room.fast(40)  # 200 ticks: nothing moves underneath, bots included
    assert session.tick == tick and session.log == log and session.hash() == digest
    other = room.attach_pad("Another Pad")
    assert other.device != ("pad", pad.vpad.instance_id)
    other.tap(Intent.CONFIRM, 2)
    assert room.ctx.seats.held() == [] and other.seat == seat and room.ctx.seats[seat].name == name
    assert room.find(DisconnectScene) is None and room.top is board
    assert session.hash() == digest and session.log == log
    room.fast(BIG_STEP)
    return other
