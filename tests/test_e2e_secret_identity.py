"""Secret Identity end to end, both modes, through pads and keys only.

Competitive: title → lobby with two pads and both keyboard sides, one bot; a pad
points at a slot with the stick and asks for a replacement; everyone builds clues in
their peek curtain, votes on the ring, reads the summary; the podium, back to the lobby
and the title.

Cooperative: two pads and the WASD side, one bot; clues in the curtain, the shared team
cursor moved with the stick or keys and locked by every person guessing holding CONFIRM. Midway the process
quits (the App is dropped, the autosave stays); a fresh context and App resume it from
the title, the humans take their seats again with new pads, and the match is finished.
"""

import time

import pytest

from game.input.intents import Intent
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.matches import autosave_path
from game.scenes.menus.take_seats import TakeSeatScene
from game.scenes.menus.title import TitleScene
from game.scenes.match import MatchScene
from tests.e2e import (
    Table,
    room_at_title,
    PadHand,
    curtain_for,
    focus_to,
    ring_choose,
    rings_for,
    seat_table,
    think,
    title_to_lobby,
)

LOCK_HOLD_FRAMES = 20  # 100 ticks: more than the 1.5 s hold-to-lock
#: Big frames at a time while no human has a move (the last one drawn: ``Room.skim``).
IDLE_FRAMES = 3


@pytest.fixture
def rooms():
    made = []
    yield lambda seed=5: made.append(room_at_title(seed)) or made[-1]
    for room in made:
        room.close()


class Clues(Table):
    """Building a clue in the peek curtain's editor, as the seat's own hands do."""

    def __init__(self, room, board, hands):
        super().__init__(room, board, hands)
        self.placed = 0

    def build(self, seat, hand):
        """Hold PEEK (the editor opens), place the planned cards face by face, confirm."""
        room, board = self.room, self.board
        hand.hold(Intent.PEEK)
        room.run(1)
        curtain = curtain_for(room, seat)
        assert curtain is not None, "PEEK did not open the clue editor"
        assert curtain.peeking and not curtain.showing  # the press that opened it counts: named first
        room.look_away()
        assert curtain.showing
        editor = curtain.handle_private.__self__
        for _ in range(8):
            action = think(board, self.brains[seat], seat)
            private = board.session.view(seat).private
            items = [("placed", c) for c in private.placed] + [("hand", c) for c in private.hand] + [("done", "")]
            target = ("done", "") if action.kind == "confirm" else ("hand", action.data["card"])
            self.focus(hand, editor, items.index(target), len(items))
            if action.kind == "confirm":
                hand.tap(Intent.CONFIRM)
                break
            card = editor._card(action.data["card"])
            face = card.pictograms.index(action.data["pictogram"])
            for _ in range((face - editor.faces.get(card.id, 0)) % 4):
                hand.tap(Intent.DOWN)
            hand.tap(Intent.CONFIRM if action.data["colour"] == "green" else Intent.ALT)
            assert action.data["card"] in board.session.view(seat).private.placed, editor.message
            self.placed += 1
        hand.let_go(Intent.PEEK)
        room.run(1)
        assert curtain_for(room, seat) is None  # confirming closed the curtain

    def focus(self, hand, editor, index, count):
        for _ in range(count):
            if editor.focus == index:
                return
            hand.tap(Intent.RIGHT)
        assert editor.focus == index


# --- competitive ---------------------------------------------------------------------------------
class Competitors(Clues):
    def __init__(self, room, board, hands):
        super().__init__(room, board, hands)
        self.replaced = 0
        self.votes = 0

    def step(self) -> bool:
        board = self.board
        public = board.public
        if board.stage == "reveal" or public.phase == "over":
            return False
        for seat, hand in self.hands.items():
            me = public.seats[seat]
            if public.phase == "round_start" and not me.ready and seat in board.session.current():
                if isinstance(hand, PadHand) and public.replacements_left and not self.replaced:
                    self.replace(seat, hand, 2)
                hand.tap(Intent.CONFIRM, 2)
                return True
            if public.phase == "clues" and not me.confirmed and board.curtain is None:
                self.build(seat, hand)
                return True
            ring = rings_for(self.room, seat)
            if public.phase == "vote" and ring is not None:
                action = think(board, self.brains[seat], seat)
                before = len(board.session.log)
                ring_choose(self.room, hand, ring, action.data["number"] - 1)
                mine = [a for a in board.session.log[before:] if a.seat == seat]
                assert mine and mine[0].kind == "vote" and mine[0].data == action.data, (mine, action)
                self.votes += 1
                return True
            if public.phase == "summary" and not me.ready and board.bots_may_act():
                hand.tap(Intent.CONFIRM, 2)
                return True
        return False

    def replace(self, seat, hand, slot):
        """SI-3: point at a slot with the stick, ALT asks for it to be replaced."""
        board = self.board
        hand.point(slot * 45.0)
        markers = board.section.markers
        assert markers.get(seat) == slot, f"stick aimed at slot {slot}, marker on {markers.get(seat)}"
        before = board.public.board[slot]
        hand.tap(Intent.ALT, 2)
        assert slot in board.public.replaced and board.public.board[slot] != before
        self.replaced += 1


def test_a_living_room_plays_secret_identity_to_the_podium(rooms):
    room = rooms(5)
    started = time.process_time()
    pad1, pad2 = room.attach_pad("Pad One"), room.attach_pad("Pad Two")
    wasd, arrows = room.keyboard("left"), room.keyboard("right")
    title_to_lobby(room, wasd, "secret_identity")
    board = seat_table(room, [pad1, pad2, wasd, arrows], bots=1)
    players = Competitors(room, board, [pad1, pad2, wasd, arrows])
    room.settle()  # a curtain leaves at each clue: each a collection (tests/e2e.Room.settle)

    for _ in range(5000):
        if board.public.phase == "over" and board.stage != "reveal":
            break
        if not players.step():
            room.skim(IDLE_FRAMES)  # nobody at the TV has a move: time flies, drawn once
    assert board.session.outcome() is not None and board.public.phase == "over"
    assert players.replaced == 1 and players.votes == 4 * 4 * board.public.rounds and players.placed >= 4
    assert room.top is board  # the podium
    room.fast(2)

    pad1.tap(Intent.BACK, 2)
    assert room.top is board and board.section.running  # the end's choices wait for its show
    pad1.tap(Intent.CONFIRM, 2)  # A hurries it
    pad1.tap(Intent.BACK, 2)
    assert isinstance(room.top, LobbyScene) and len(room.ctx.seats) == 5
    for hand in (pad1, pad2, wasd, arrows):
        hand.tap(Intent.BACK, 2)
    pad2.tap(Intent.BACK, 2)
    assert isinstance(room.top, GameChoiceScene)
    pad2.tap(Intent.BACK, 2)
    assert isinstance(room.top, TitleScene)
    print(f"secret_identity e2e: {board.session.tick} ticks, {room.app.frames} frames, "
          f"{time.process_time() - started:.1f} s CPU")


# --- cooperative ---------------------------------------------------------------------------------
class Team(Clues):
    def __init__(self, room, board, hands):
        super().__init__(room, board, hands)
        self.moves = 0
        self.locks = 0

    def step(self) -> bool:
        board = self.board
        public = board.public
        if public.phase == "over" or not board.bots_may_act():
            return False
        for seat, hand in self.hands.items():
            if public.phase == "clue" and seat == public.active and board.curtain is None \
                    and not public.clue_confirmed:
                self.build(seat, hand)
                return True
            if public.phase == "guess" and seat != public.active:
                action = think(board, self.brains[seat], seat)
                if action.kind == "move":
                    self.move(hand, action.data["slot"])
                else:
                    self.lock_together(public.active)
                return True
            if public.phase == "result":
                hand.tap(Intent.CONFIRM, 2)
                return True
        return False

    def lock_together(self, active):
        """The team decides together: every person guessing holds CONFIRM at once."""
        guessing = [hand for seat, hand in self.hands.items() if seat != active]
        for hand in guessing:
            hand.hold(Intent.CONFIRM)
        self.room.fast(LOCK_HOLD_FRAMES)
        for hand in guessing:
            hand.let_go(Intent.CONFIRM)
        self.room.run(1)
        self.locks += 1

    def move(self, hand, slot):
        """The shared cursor: a pad aims the stick at the slot, a keyboard steps to it."""
        board = self.board
        if isinstance(hand, PadHand):
            hand.point(slot * 45.0)
        else:
            for _ in range(8):
                if board.public.cursor == slot:
                    break
                hand.tap(Intent.RIGHT)
        assert board.public.cursor == slot, f"aimed at slot {slot}, the team cursor is on {board.public.cursor}"
        self.moves += 1


def play_coop(room, board, hands, until):
    team = Team(room, board, hands)
    for _ in range(5000):
        if until():
            return team
        if not team.step():
            room.skim(IDLE_FRAMES)  # nobody at the TV has a move: time flies, drawn once
    raise AssertionError(f"stuck in phase {board.public.phase}, turn {board.public.turn}")


def test_secret_identity_coop_quits_midway_and_resumes_from_the_title(rooms):
    room = rooms(6)
    started = time.process_time()
    pad1, pad2 = room.attach_pad("Pad One"), room.attach_pad("Pad Two")
    wasd = room.keyboard("left")
    title_to_lobby(room, pad2, "secret_identity_coop")
    board = seat_table(room, [pad1, pad2, wasd], bots=1)
    seats = [(s.name, s.style, s.bot) for s in room.ctx.seats.seats]
    team = play_coop(room, board, [pad1, pad2, wasd], lambda: board.public.turn >= 3)
    assert team.moves + team.locks >= 1
    digest, log = board.session.hash(), list(board.session.log)
    assert autosave_path().exists()

    # The process quits: the App and its context go, the autosave stays.
    room.close()
    room = rooms(None)
    title = room.top
    new1, new2 = room.attach_pad("New Pad One"), room.attach_pad("New Pad Two")
    keys = room.keyboard("left")
    new1.tap(Intent.CONFIRM, 2)
    assert not title.attract
    focus_to(room, new1, "resume")
    new1.tap(Intent.CONFIRM, 2)
    assert isinstance(room.top, TakeSeatScene)
    for hand in (new2, new1, keys):  # the saved seats are taken in table order
        hand.tap(Intent.CONFIRM, 2)
    board = room.top
    assert isinstance(board, MatchScene) and board.entry.id == "secret_identity_coop"
    assert [(s.name, s.style, s.bot) for s in room.ctx.seats.seats] == seats
    assert board.session.hash() == digest and board.session.log == log
    assert set(board.bots) == {3}
    board.bot_delay = (2, 4)

    play_coop(room, board, [new2, new1, keys], lambda: board.public.phase == "over")
    assert board.session.outcome() is not None
    room.until(lambda: board.stage == "end")
    assert room.top is board  # the end screen
    keys.tap(Intent.CONFIRM, 2)  # A hurries its show: then B goes back to the lobby
    keys.tap(Intent.BACK, 2)
    assert isinstance(room.top, LobbyScene) and room.top.entry.id == "secret_identity_coop"
    print(f"secret_identity_coop e2e: {board.session.tick} ticks, {time.process_time() - started:.1f} s CPU")
