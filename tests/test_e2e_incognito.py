"""Incognito end to end: title → lobby with two pads and the arrows side, one bot; three
rounds where a human peeks at the secret word during the deal (held PEEK), then each
human in turn (IN-2a) opens their drawing curtain (CONFIRM), draws a stroke behind it
(held CONFIRM while the stick or the keys move the cursor), steers the cursor to the
"done" button and holds CONFIRM on it, while the bot draws at once; then they number
the other drawings on the ring while peeking, step through the reveal and the scores;
the final ranking, the gallery, back to the lobby and the title."""

import math
import time

import pytest

from game.games.incognito.rules.drawing import CANVAS_H
from game.input.intents import Intent
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.title import TitleScene
from tests.e2e import (
    Table,
    room_at_title,
    PadHand,
    curtain_for,
    ring_choose,
    rings_for,
    seat_table,
    title_to_lobby,
)

GAME = "incognito"
DONE_HOLD_FRAMES = 14  # 70 ticks: more than the 1 s hold on "done"


@pytest.fixture
def room():
    room = room_at_title(8)
    yield room
    room.close()


class Artists(Table):
    def __init__(self, room, board, hands):
        super().__init__(room, board, hands, with_brains=False)
        self.peeked: set[tuple[int, int]] = set()
        self.opened = 0
        self.strokes = 0
        self.dones = 0
        self.votes = 0

    def step(self) -> bool:
        board, room = self.board, self.room
        public = board.public
        stage = board.stage
        if stage == "deal":
            seat, hand = next(iter(self.hands.items()))
            if (public.round, seat) not in self.peeked:
                self.peek(seat, hand)
                return True
            hand.tap(Intent.CONFIRM, 2)  # on with it
            return True
        if stage == "draw" and public.phase == "draw":
            curtain = board.turn_curtain
            if curtain is None or room.top is not curtain:
                return False  # the next drawer is called on the next tick
            seat, hand = curtain.seat, self.hands[curtain.seat]
            assert public.turn == seat and all(public.done[s] for s in self.hands if s < seat)  # in seat order
            if not curtain.is_open:
                hand.tap(Intent.CONFIRM, 2)
                assert curtain.is_open and board.public.turn_open
                self.opened += 1
            elif not public.stroke_counts[seat]:
                self.draw_stroke(seat, hand)
            else:
                self.finish(seat, hand)
            return True
        if stage == "lineup":
            next(iter(self.hands.values())).tap(Intent.CONFIRM, 2)
            return True
        if stage == "vote":
            bot = next(s for s in range(public.seats) if s not in self.hands)
            if public.round == 1 and public.voted[bot] < public.seats - 1 and rings_for(room, 0) is not None:
                # everyone votes at once: the bot numbers the drawings while the humans look
                # at the ring (the board, its bots and its countdowns run under the ring)
                room.until(lambda: board.public.voted[bot] == board.public.seats - 1, limit=100)
                return True
            for seat, hand in self.hands.items():
                ring = rings_for(room, seat)
                if ring is not None:
                    question = ring.question(seat)
                    free = next(i for i, option in enumerate(question.options) if not option.used)
                    ring_choose(room, hand, ring, free)
                    self.votes += 1
                    return True
            return False
        if stage == "reveal":
            next(iter(self.hands.values())).tap(Intent.CONFIRM, 2)
            return True
        if stage == "scores":
            for seat, hand in self.hands.items():
                if public.phase == "reveal" and not public.ready[seat]:
                    hand.tap(Intent.CONFIRM, 2)
                    return True
        return False

    def peek(self, seat, hand):
        """Hold PEEK: the curtain opens, names the seat, then shows the word; letting go
        closes it."""
        hand.hold(Intent.PEEK)
        self.room.run(2)
        curtain = curtain_for(self.room, seat)
        assert curtain is not None and curtain.peeking
        self.room.look_away()
        assert curtain.showing
        hand.let_go(Intent.PEEK)
        self.room.run(3)
        assert curtain_for(self.room, seat) is None
        self.peeked.add((self.board.public.round, seat))

    def draw_stroke(self, seat, hand):
        """Hold CONFIRM and sweep the cursor: the stick on a pad, a held key otherwise."""
        board = self.board
        pad = board.pads[seat]
        if pad.y > CANVAS_H - 200:  # still on the tool bar from last round: back onto the paper
            self.steer(hand, pad, (300, 250), lambda: 200 <= pad.x < 400 and 150 <= pad.y < 350, 60, 60)
        before = board.public.stroke_counts[seat]
        hand.hold(Intent.CONFIRM)
        self.room.run(1)
        if isinstance(hand, PadHand):
            hand.vpad.stick(0.9, -0.3)
            self.room.run(12)
            hand.vpad.stick(0.0, 0.0)
        else:
            hand.hold(Intent.RIGHT)
            self.room.run(30)
            hand.let_go(Intent.RIGHT)
        self.room.run(1)
        hand.let_go(Intent.CONFIRM)
        self.room.run(1)
        assert board.public.stroke_counts[seat] == before + 1, (board.last_refusal, board.stage,
                                                                [type(s).__name__ for s in self.room.ctx.stack])
        assert board.public.drawings[seat] == ()  # face down on the TV until the line-up
        self.strokes += 1

    def finish(self, seat, hand):
        """Steer the cursor (seen on the TV) onto "done" and hold CONFIRM there."""
        board = self.board
        pad = board.pads[seat]
        button = next(b for b in pad.buttons if b.id == "done")
        x, y, w, h = button.rect
        target = (x + w / 2, y + h / 2)
        inside = lambda: x + 10 <= pad.x < x + w - 10 and y + 8 <= pad.y < y + h - 8  # noqa: E731
        self.steer(hand, pad, target, inside, w / 2 - 12, h / 2 - 10,
                   lambda: board.public.done[seat] or board.public.phase != "draw")
        if board.public.phase != "draw" or board.public.done[seat]:
            return  # the last call ran out first: the rules finished the drawing
        assert inside(), (pad.x, pad.y, button.rect)
        assert pad.y >= CANVAS_H  # on the tool bar, not the paper
        hand.hold(Intent.CONFIRM)
        self.room.fast(DONE_HOLD_FRAMES)
        hand.let_go(Intent.CONFIRM)
        self.room.run(1)
        assert board.public.done[seat] or board.public.phase != "draw"
        self.dones += 1

    def steer(self, hand, pad, target, inside, slack_x, slack_y, stop=lambda: False):
        """Move the cursor (as seen on the TV) until ``inside()``: the stick pushed towards
        the target on a pad (gentler when close), held direction keys otherwise."""
        for _ in range(400):
            if inside() or stop():
                break
            dx, dy = target[0] - pad.x, target[1] - pad.y
            if isinstance(hand, PadHand):
                push = 1.0 if math.hypot(dx, dy) > 120 else 0.55
                angle = math.atan2(dx, -dy)
                hand.vpad.stick(push * math.sin(angle), -push * math.cos(angle))
            else:
                self.hold_only(hand, (Intent.RIGHT if dx > 0 else Intent.LEFT) if abs(dx) > slack_x else None,
                               (Intent.DOWN if dy > 0 else Intent.UP) if abs(dy) > slack_y else None)
            self.room.run(1)
        if isinstance(hand, PadHand):
            hand.vpad.stick(0.0, 0.0)
        else:
            self.hold_only(hand, None, None)
        self.room.run(1)

    def hold_only(self, hand, horizontal, vertical):
        want = {i for i in (horizontal, vertical) if i is not None}
        held = getattr(hand, "_held_dirs", set())
        for intent in held - want:
            hand.let_go(intent)
        for intent in want - held:
            hand.hold(intent)
        hand._held_dirs = want


def test_a_living_room_plays_incognito_to_the_gallery(room):
    started = time.process_time()
    pad1, pad2 = room.attach_pad("Pad One"), room.attach_pad("Pad Two")
    arrows = room.keyboard("right")
    title_to_lobby(room, pad1, GAME)
    board = seat_table(room, [pad1, pad2, arrows], bots=1)
    board.bot_delay = (30, 40)  # the bot draws at a human pace: the humans are not always last
    artists = Artists(room, board, [pad1, pad2, arrows])

    for _ in range(4000):
        if board.stage == "final":
            break
        if not artists.step():
            room.fast(1)
    assert board.session.outcome() is not None and board.stage == "final"
    rounds = board.public.rounds
    assert artists.strokes == 3 * rounds and artists.dones >= 2 * rounds and artists.opened == 3 * rounds
    assert artists.votes == 3 * 3 * rounds
    assert room.top is board
    pad2.tap(Intent.CONFIRM, 2)
    assert board.stage == "final" and not board.section.running  # A skipped the end's show
    pad2.tap(Intent.CONFIRM, 2)
    assert board.stage == "gallery"
    pad2.tap(Intent.BACK, 2)
    assert isinstance(room.top, LobbyScene) and len(room.ctx.seats) == 4
    room.keyboard("left").tap(Intent.BACK, 2)
    assert isinstance(room.top, GameChoiceScene)
    room.keyboard("left").tap(Intent.BACK, 2)
    assert isinstance(room.top, TitleScene)
    print(f"incognito e2e: {board.session.tick} ticks, {room.app.frames} frames, "
          f"{time.process_time() - started:.1f} s CPU, {artists.dones} dones by hand")
