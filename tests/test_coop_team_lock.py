"""Co-op Secret Identity: the team decides together (issue 11, item 6; SC-3).

Real SDL virtual pads and keyboard keys drive the real App. A hold is for the slot the
cursor was on when it began and is dropped when the cursor moves; the lock needs every
human guesser holding at once; bots suggest a slot only until a person takes the cursor
and never lock while a person guesses; with no person guessing, bots still play alone.
"""

import math

import pygame
import pytest

from game.core.rng import Rng
from game.core.session import Session
from game.games.secret_identity.ui.coop_sections import LOCK_HOLD_TICKS
from game.input.intents import Intent

X, Y = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
HOLD_TICKS = LOCK_HOLD_TICKS + 30  # longer than the 1.5 s hold


@pytest.fixture
def room(english_room):
    return english_room


def coop_board(room, bot_seats=()):
    """The co-op board in turn 1's guess phase (seat 0 gave the clue, played by the
    game's own bot brain); bots drive ``bot_seats`` at their usual pace."""
    ctx = room.ctx
    entry = ctx.games["secret_identity_coop"]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), 11)
    brain = entry.make_bot(catalogue, 0, Rng.from_seed("clue"))
    while session.view(None).public.phase != "guess":
        session.submit(brain.act(session.view(0), session.legal(0)))
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"bot{s}")) for s in bot_seats}
    board = entry.scenes().make_board(ctx, entry, session, bots)
    ctx.stack.push(board)
    room.run(1)
    return board


def aim(room, hand, slot):
    """Push the pad's stick at ``slot`` and let it spring back (radially)."""
    rad = math.radians(slot * 45.0)
    for r in (0.5, 1.0):
        hand.vpad.stick(r * math.sin(rad), -r * math.cos(rad))
    room.run(1)
    hand.vpad.stick(0.0, 0.0)
    room.run(1)


def wait(room, ticks):
    """Let ``ticks`` fixed ticks (at least) go by, five a frame (fewer draws)."""
    room.run(math.ceil(ticks / 5), 5)


def locked(board):
    return board.public.phase != "guess"


def bot_actions(board, seat, since=0):
    return [a.kind for a in board.session.log[since:] if getattr(a, "seat", None) == seat]


def test_a_human_hold_locks_the_human_slot_and_the_bot_keeps_off_the_cursor(room):
    """The reported case: a human aims at a slot and holds A; the bot neither moves the
    cursor during the aim or the hold nor locks, and the lock is the human's slot."""
    room.ctx.seats.join(("kb", "left"), "Ana")
    pad = room.attach_pad()
    room.ctx.seats.join(pad.device, "Bo")
    room.ctx.seats.add_bot("Robot")
    board = coop_board(room, bot_seats=(2,))
    wait(room, 150)  # the bot has had time to suggest its favourite, and does not lock
    assert not locked(board)
    target = 7  # slot 8, as reported
    assert board.public.cursor != target  # the bot suggested another slot (slot 5 with this seed)
    aim(room, pad, target)
    assert board.public.cursor == target
    mark = len(board.session.log)
    wait(room, 180)  # a person aimed: the bot leaves the cursor alone
    assert board.public.cursor == target and bot_actions(board, 2, mark) == []
    pad.hold(Intent.CONFIRM)
    wait(room, HOLD_TICKS)
    pad.let_go(Intent.CONFIRM)
    room.run(1)
    assert locked(board)
    assert board.public.history[-1].guess == target + 1
    assert bot_actions(board, 2, mark) == []


def test_the_lock_needs_every_human_guesser_holding_on_the_same_slot(room):
    room.ctx.seats.join(("kb", "left"), "Ana")
    pad = room.attach_pad()
    room.ctx.seats.join(pad.device, "Bo")
    room.ctx.seats.join(("kb", "right"), "Cy")
    keys = room.keyboard("right")
    board = coop_board(room)
    aim(room, pad, 3)
    pad.hold(Intent.CONFIRM)
    wait(room, HOLD_TICKS)
    assert not locked(board)  # Cy has not agreed
    assert sorted(board.section.holding) == [1]
    keys.hold(Intent.CONFIRM)
    wait(room, LOCK_HOLD_TICKS // 2)
    assert not locked(board)  # 1.5 s from the moment everyone holds
    keys.hold(Intent.RIGHT)  # Cy moves the cursor while both hold: both holds are dropped
    keys.let_go(Intent.RIGHT)
    wait(room, HOLD_TICKS)
    assert board.public.cursor == 4 and not locked(board) and board.section.holding == {}
    pad.let_go(Intent.CONFIRM)
    keys.let_go(Intent.CONFIRM)
    room.run(1)
    pad.hold(Intent.CONFIRM)  # both agree on the new slot
    keys.hold(Intent.CONFIRM)
    wait(room, LOCK_HOLD_TICKS + 2)
    assert locked(board) and board.public.history[-1].guess == 5


def test_a_hold_is_dropped_when_its_own_holder_moves_the_cursor(room):
    room.ctx.seats.join(("kb", "left"), "Ana")
    pad = room.attach_pad()
    room.ctx.seats.join(pad.device, "Bo")
    room.ctx.seats.add_bot("Robot")
    board = coop_board(room, bot_seats=(2,))
    pad.hold(Intent.CONFIRM)
    wait(room, LOCK_HOLD_TICKS // 2)
    aim(room, pad, 6)  # still holding A
    wait(room, LOCK_HOLD_TICKS)
    assert not locked(board) and board.public.cursor == 6


def test_bots_alone_still_guess_and_lock(room):
    room.ctx.seats.join(("kb", "left"), "Ana")
    room.ctx.seats.add_bot("Robot 1")
    room.ctx.seats.add_bot("Robot 2")
    board = coop_board(room, bot_seats=(1, 2))
    room.until(lambda: locked(board), limit=200, steps=5)
    assert "lock" in bot_actions(board, 1) + bot_actions(board, 2)


def test_the_tv_shows_who_holds_and_that_everyone_must(room):
    room.ctx.seats.join(("kb", "left"), "Ana")
    pad = room.attach_pad()
    room.ctx.seats.join(pad.device, "Bo")
    room.ctx.seats.join(("kb", "right"), "Cy")
    coop_board(room)
    shown = []
    real = room.ctx.t

    def spy(key, **kw):
        shown.append((key, kw))
        return real(key, **kw)

    room.ctx.t = spy
    try:
        room.run(1)
        assert ("sc.hint.hold_all", {}) in shown
        pad.hold(Intent.CONFIRM)
        shown.clear()
        room.run(1)
    finally:
        room.ctx.t = real
    assert ("sc.phase.hold_together", {"n": 1, "total": 2}) in shown
    assert ("sc.status.holding", {}) in shown  # Bo's panel
    assert ("sc.status.hold_too", {}) in shown  # Cy's: the lock waits for Cy
