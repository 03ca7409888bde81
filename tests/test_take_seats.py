"""Resuming a match ("take your seats") with real SDL virtual pads through the real App:
a claimer who unplugs frees only their own claim; everyone else keeps their own saved
seat, and the freed one goes to the next pad that presses CONFIRM."""

import pytest

from game.input.intents import Intent
from game.scenes.match import MatchScene
from game.scenes.menus.matches import autosave_path, new_match
from game.scenes.menus.take_seats import TakeSeatScene
from tests.e2e import focus_to, room_at_title

GAME = "secret_identity"
#: The saved table: four humans and a bot at seat 2 (it sits down by itself).
SAVED = [("Ana", 3, False), ("Ben", 6, False), ("Bip", 1, True), ("Cyd", 0, False), ("Dee", 5, False)]


@pytest.fixture
def room():
    """A room at the title with an autosave of a five-seat match in it."""
    room = room_at_title()
    ctx = room.ctx
    for name, style, bot in SAVED:
        seat = ctx.seats.add_bot(name) if bot else ctx.seats.join(("kb", name), name)
        seat.style = style
    new_match(ctx, ctx.games[GAME], {}, seed=11)  # writes the autosave
    assert autosave_path().exists()
    for index in reversed(range(len(ctx.seats))):
        ctx.seats.remove(index)
    yield room
    room.close()


def take_seats_screen(room, hand):
    hand.tap(Intent.CONFIRM, 2)  # out of the attract screen
    focus_to(room, hand, "resume")
    hand.tap(Intent.CONFIRM, 2)
    assert isinstance(room.top, TakeSeatScene)
    return room.top


def saved_seat(room, hand):
    """(seat index, name, style) of the seat the hand's device sits at."""
    seat = room.ctx.seats[hand.seat]
    return seat.index, seat.name, seat.style


def expected(index):
    name, style, _ = SAVED[index]
    return index, name, style


@pytest.mark.parametrize("leaver", [0, 1, 2], ids=["first claimer", "middle claimer", "last claimer"])
def test_an_unplugged_claimer_frees_only_their_own_seat(room, leaver):
    pads = [room.attach_pad(f"Pad {i}") for i in range(5)]
    take_seats_screen(room, pads[4])
    claimers, seats = pads[:3], [0, 1, 3]  # the bot took seat 2 after the second claim
    for hand, index in zip(claimers, seats):
        hand.tap(Intent.CONFIRM, 2)
        assert saved_seat(room, hand) == expected(index)

    claimers[leaver].unplug()
    room.run(2)
    assert isinstance(room.top, TakeSeatScene)
    for hand, index in zip(claimers, seats):
        if hand is not claimers[leaver]:
            assert saved_seat(room, hand) == expected(index), "a player moved into another player's saved seat"
    assert room.ctx.seats[2].bot

    late, last = pads[3], pads[4]
    late.tap(Intent.CONFIRM, 2)
    assert saved_seat(room, late) == expected(seats[leaver])  # the freed seat, and only it
    assert isinstance(room.top, TakeSeatScene)
    last.tap(Intent.CONFIRM, 2)
    board = room.top
    assert isinstance(board, MatchScene)
    players = [hand for hand in claimers if hand is not claimers[leaver]] + [late, last]
    assert sorted(saved_seat(room, hand) for hand in players) == [expected(i) for i in (0, 1, 3, 4)]
    assert [(s.name, s.style, s.bot) for s in room.ctx.seats] == SAVED
    assert room.app.hub.on_device_removed is None  # the lobby after the match frees seats again


def test_back_undoes_the_last_claim_still_standing(room):
    from game.scenes.menus.title import TitleScene

    pads = [room.attach_pad(f"Pad {i}") for i in range(3)]
    take_seats_screen(room, pads[0])
    for hand in pads:
        hand.tap(Intent.CONFIRM, 2)
    pads[1].unplug()  # Ben's claim is freed: Ana, (Ben), Bip, Cyd
    room.run(2)
    pads[0].tap(Intent.BACK, 2)
    assert [(s.name, s.connected) for s in room.ctx.seats] == [("Ana", True), ("Ben", False), ("Bip", True)]
    pads[2].tap(Intent.BACK, 2)  # Ana's is the last claim standing: the freed one goes with it
    assert len(room.ctx.seats) == 0 and isinstance(room.top, TakeSeatScene)
    pads[2].tap(Intent.BACK, 2)
    assert isinstance(room.top, TitleScene)
