"""Personality end to end: title → game choice → lobby with two pads and the WASD side,
one bot, a whole match played through buttons, sticks and keys (peek curtains for the
reader's hand, exchanges, Inversion cards and gifts; ring pickers for votes, bets,
partners and contests; CONFIRM for the debate and accepting gifts), the portraits, back
to the lobby and to the title."""

import time

import pytest

from game.input.intents import Intent
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.title import TitleScene
from tests.e2e import (
    Table,
    room_at_title,
    curtain_for,
    ring_choose,
    rings_for,
    same_action,
    seat_table,
    think,
    title_to_lobby,
)

GAME = "personality"
#: Big frames at a time while no human has a move (the last one drawn: ``Room.skim``).
IDLE_FRAMES = 3


@pytest.fixture
def room():
    room = room_at_title(1)
    yield room
    room.close()


class Players(Table):
    """The humans at the table: each reads the TV and, while peeking, its own view."""

    def __init__(self, room, board, hands):
        super().__init__(room, board, hands)
        self.votes = {}      # seat -> (turn, phase, vote action): the bet follows the choice
        self.moves = 0

    def step(self) -> bool:
        """One human move if the screen asks one of someone; True if a button was pressed."""
        board = self.board
        if board.session.outcome() is not None or board.busy():
            return False
        public = board.public
        current = board.session.current()
        for seat, hand in self.hands.items():
            if seat not in current:
                continue
            curtain = curtain_for(self.room, seat)
            if curtain is not None:
                self.peek_pick(seat, hand, public.phase)
                return True
            ring = rings_for(self.room, seat)
            if ring is not None:
                self.ring_pick(seat, hand, ring)
                return True
            if public.phase == "debate" and seat not in public.ready:
                hand.tap(Intent.CONFIRM, 2)
                self.moves += 1
                return True
            if public.phase == "respond":
                action = think(board, self.brains[seat], seat)
                hand.tap(Intent.CONFIRM if action.kind == "accept" else Intent.ALT, 2)
                self.moves += 1
                return True
        return False

    def peek_pick(self, seat, hand, phase):
        """Hold PEEK, step the list to the card (and the receiver), CONFIRM, let go."""
        board = self.board
        action = think(board, self.brains[seat], seat)
        hand.hold(Intent.PEEK)
        self.room.run(1)
        assert curtain_for(self.room, seat).peeking
        self.room.look_away()  # the curtain names the seat, then the hand shows
        assert curtain_for(self.room, seat).showing
        hand_cards = list(board.session.view(seat).private.hand)
        if phase == "exchange":
            index = 0 if action.data["card"] is None else hand_cards.index(action.data["card"]) + 1
        else:
            index = hand_cards.index(action.data["card"])
        before = len(board.session.log)
        for _ in range(index):
            hand.tap(Intent.DOWN)
        hand.tap(Intent.CONFIRM)
        if phase == "give":
            receivers = sorted({a.data["to"] for a in board.session.legal(seat) if a.data["card"] == action.data["card"]})
            for _ in range(receivers.index(action.data["to"])):
                hand.tap(Intent.DOWN)
            hand.tap(Intent.CONFIRM)
        hand.let_go(Intent.PEEK)
        self.room.run(1)
        mine = [a for a in board.session.log[before:] if a.seat == seat]
        assert mine and same_action(mine[0], action), (mine, action)
        self.moves += 1

    def ring_pick(self, seat, hand, ring):
        board, public = self.board, self.board.public
        if public.phase in ("vote", "revote"):
            key = (public.turn, public.phase, public.vote_kind, public.target)
            if seat not in board.picks or self.votes.get(seat, (None,))[0] != key:
                self.votes[seat] = (key, think(board, self.brains[seat], seat))
                index = list(public.candidates).index(self.votes[seat][1].data["choice"])
            else:
                index = self.votes[seat][1].data["bet"] - 1
        else:  # Tête-à-tête partner, contest judge: the ring lists the legal moves in order
            action = think(board, self.brains[seat], seat)
            index = next(i for i, a in enumerate(board.session.legal(seat)) if same_action(a, action))
        ring_choose(self.room, hand, ring, index)
        self.moves += 1


def test_a_living_room_plays_personality_to_the_portraits(room):
    started = time.process_time()
    pad1, pad2 = room.attach_pad("Pad One"), room.attach_pad("Pad Two")
    keys = room.keyboard("left")
    title_to_lobby(room, pad1, GAME)
    board = seat_table(room, [pad1, pad2, keys], bots=1)
    assert board.session.config["seats"] == 4 and set(board.bots) == {3}
    players = Players(room, board, [pad1, pad2, keys])
    room.settle()  # ~100 scene exits in the match, each a collection (tests/e2e.Room.settle)

    for _ in range(6000):
        if board.end_choices_open():  # the end's show is over: the podium takes A and B
            break
        if not players.step():
            room.skim(IDLE_FRAMES)  # nobody at the TV has a move: time flies, drawn once
    outcome = board.session.outcome()
    assert outcome is not None, f"no outcome; phase {board.public.phase}"
    assert board.public.phase == "over" and board.public.winners
    assert players.moves >= 10  # the humans really played
    assert room.top is board and board.stage == "podium"  # no overlay left over it
    pad1.tap(Intent.CONFIRM, 2)
    assert board.stage == "portraits"
    room.fast(2)

    pad2.tap(Intent.BACK, 2)  # back to the lobby, same table
    lobby = room.top
    assert isinstance(lobby, LobbyScene) and len(room.ctx.seats) == 4
    for hand in (pad1, pad2, keys):  # everyone leaves; an unseated pad goes back
        hand.tap(Intent.BACK, 2)
    assert [s.bot for s in room.ctx.seats.seats] == [True]
    pad1.tap(Intent.BACK, 2)
    assert isinstance(room.top, GameChoiceScene)
    pad1.tap(Intent.BACK, 2)
    assert isinstance(room.top, TitleScene)
    print(f"personality e2e: {board.session.tick} ticks, {room.app.frames} frames, "
          f"{time.process_time() - started:.1f} s CPU")
