"""A stick let go springs back to centre, and SDL reports one axis before the other: the
choice stays what the stick pointed at (issue 11, item 3). Real SDL virtual pads drive
the real App; the ring picker's needle and the co-op team cursor are checked after
every diagonal aim let go in either axis order, with both axes home in the same frame
or a frame apart, from a square gate's corner (1, 1) and a round gate's rim (0.7, 0.7).
"""

import math

import pygame
import pytest

from game.core.rng import Rng
from game.core.session import Session
from game.scenes.ring import RingOption, RingPicker, RingQuestion, sector

X, Y = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
DIAGONALS = (45.0, 135.0, 225.0, 315.0)
#: (first axis home, frames before the second one, reach of each axis at the aim)
RELEASES = [(first, gap, reach) for first in (X, Y) for gap in (0, 1) for reach in (1.0, 0.7)]


@pytest.fixture
def room(english_room):
    return english_room


def aim(room, hand, angle, reach):
    """Push the stick to ``angle`` (both axes at ``reach``: a diagonal) and hold it."""
    rad = math.radians(angle)
    hand.vpad.stick(math.copysign(reach, round(math.sin(rad), 6)), -math.copysign(reach, round(math.cos(rad), 6)))
    room.run(1)


def let_go(room, hand, first, gap):
    """The stick springs back: axis ``first`` is home, ``gap`` frames later the other."""
    hand.vpad.axis(first, 0.0)
    room.run(gap)
    hand.vpad.axis(Y if first == X else X, 0.0)
    room.run(3, 5)  # 1/4 s, well past any settling time: what is shown now stays


def name(first):
    return "x" if first == X else "y"


def check_every_release(room, hand, chosen):
    """Aim at each diagonal, let go every way: ``chosen()`` must stay the aimed slot."""
    wrong = []
    for angle in DIAGONALS:
        for first, gap, reach in RELEASES:
            aim(room, hand, angle, reach)
            expected = sector(angle, 8)
            assert chosen() == expected, f"aiming at {angle}° shows {chosen()}"
            let_go(room, hand, first, gap)
            if chosen() != expected:
                wrong.append(f"{angle:.0f}° reach {reach}, {name(first)} home first, gap {gap}: "
                             f"{chosen()} instead of {expected}")
    assert not wrong, "letting go changed the choice:\n" + "\n".join(wrong)


def ring_with(room, seat):
    options = tuple(RingOption(f"option {i + 1}") for i in range(8))
    picker = RingPicker(room.ctx, [seat], lambda s: RingQuestion("Who?", options), lambda s, i: None)
    room.ctx.stack.push(picker)
    return picker


def test_letting_go_of_the_stick_keeps_the_ring_needle(room):
    hand = room.attach_pad()
    seat = room.ctx.seats.join(hand.device, "Ana").index
    picker = ring_with(room, seat)
    check_every_release(room, hand, lambda: picker.pointer[seat] % 8)


def coop_guess(room, pad_seat):
    """A co-op board in its guess phase, the pad's seat guessing (no bots: nobody else
    moves the cursor)."""
    ctx = room.ctx
    entry = ctx.games["secret_identity_coop"]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), 3)
    brain = entry.make_bot(catalogue, 0, Rng.from_seed("clue"))
    while session.view(None).public.phase != "guess":
        active = session.view(None).public.active
        brain.seat = active
        session.submit(brain.act(session.view(active), session.legal(active)))
    assert session.view(None).public.active != pad_seat
    board = entry.scenes().make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    return board


def test_letting_go_of_the_stick_keeps_the_team_cursor(room):
    room.ctx.seats.join(("kb", "left"), "Ana")
    hand = room.attach_pad()
    seat = room.ctx.seats.join(hand.device, "Bo").index
    room.ctx.seats.join(("kb", "right"), "Cy")
    board = coop_guess(room, seat)
    check_every_release(room, hand, lambda: board.public.cursor)


def test_a_stick_rolled_to_a_neighbour_and_held_there_moves_the_needle(room):
    """What a release is told apart from: the stick pulled in to straight up and kept
    there is a real move, reported after a moment."""
    hand = room.attach_pad()
    seat = room.ctx.seats.join(hand.device, "Ana").index
    picker = ring_with(room, seat)
    aim(room, hand, 45.0, 1.0)
    assert picker.pointer[seat] == 1
    hand.vpad.axis(X, 0.0)
    room.run(3, 5)
    assert picker.pointer[seat] == 0
