"""Phones coming back (issue 17, item 9): a phone reloaded mid-match gets the table's
names with its seat, and "take your seats", resuming a saved match, seats phones as it
seats pads — a joining phone claims the next saved seat, keeps it through a reload, and
the match starts once every saved seat is taken. Real App on a hand-ticked clock, the
companion's real server thread and bridge, scripted phones over loopback."""

from __future__ import annotations

import pytest

from game.companion.bridge import Companion
from game.companion.client import PhoneCrowd
from game.input.intents import Intent
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.matches import load_saved
from game.scenes.menus.take_seats import TakeSeatScene
from game.scenes.phones import style_json
from game.seats import PHONE
from tests.test_companion_match import frame, join, table  # noqa: F401  (table: the fixture)
from tests.test_take_seats import SAVED, room  # noqa: F401  (room: a title with a saved match)


def test_a_phone_reloaded_mid_match_gets_the_names_of_the_table(table):
    room, companion, crowd = table
    room.ctx.stack.push(LobbyScene(room.ctx, room.ctx.games["mission_secrete"]))
    phones = [join(room, companion, crowd, name) for name in ("Zoé", "Max")]
    room.ctx.stack.top.start()
    room.run(2)
    assert room.find(MatchScene) is not None
    old, welcome = phones[1]
    old.close()
    room.until_served(lambda: room.ctx.seats[1].reconnecting)
    again = crowd.connect()  # the page, reloaded: a new connection with the kept token
    again.send("hello", room=companion.room, token=welcome["token"])
    back = again.next("welcome", frame(room))
    assert back["seat"] == 1
    assert [(s["name"], s["kind"]) for s in back["seats"]] == [("Zoé", "phone"), ("Max", "phone")]
    assert again.next("view", frame(room))["screen"]["game"] == "mission_secrete"


@pytest.fixture
def seating(room):  # noqa: F811  (the saved match's room)
    """"Take your seats" for the saved five-seat match, with phones on (on the room's clock)."""
    companion = Companion(0, style_json, lambda: room.ctx.settings.lang, host="127.0.0.1", clock=room.clock)
    assert companion.start() is None
    room.ctx.companion = companion
    crowd = PhoneCrowd(f"http://127.0.0.1:{companion.port}")
    entry, session = load_saved(room.ctx)
    room.ctx.stack.push(TakeSeatScene(room.ctx, entry, session))
    room.run(1)
    yield room, companion, crowd
    crowd.close()
    companion.stop()
    room.ctx.companion = None


def test_take_your_seats_seats_phones_too_and_keeps_a_reloading_phone_s_claim(seating):
    room, companion, crowd = seating
    scene = room.top
    ana, ana_welcome = join(room, companion, crowd, "Whoever")
    assert ana_welcome["seat"] == 0 and ana_welcome["name"] == "Ana"  # the saved seat, its saved name
    assert ana.next("lobby", frame(room))["game"] == "secret_identity"
    pad = room.attach_pad("Pad")
    pad.tap(Intent.CONFIRM, 2)
    assert pad.seat == 1  # Ben's; the bot then sits at 2
    assert room.ctx.seats[2].bot
    ana.close()  # Ana's page reloads: her claim waits for her token, not for the next claimer
    room.until_served(lambda: room.ctx.seats[0].reconnecting)
    assert scene._next_seat() == 3
    back = crowd.connect()
    back.send("hello", room=companion.room, token=ana_welcome["token"])
    assert back.next("welcome", frame(room))["seat"] == 0
    cyd, cyd_welcome = join(room, companion, crowd, "Cyd?")
    assert cyd_welcome["seat"] == 3 and room.top is scene
    dee, dee_welcome = join(room, companion, crowd, "Dee?")
    assert dee_welcome["seat"] == 4
    board = room.find(MatchScene)
    assert board is not None and room.top is board  # every saved seat taken: the match goes on
    assert [(s.name, s.style, s.bot) for s in room.ctx.seats] == SAVED
    assert [room.ctx.seats[i].device[0] for i in (0, 1, 3, 4)] == [PHONE, "pad", PHONE, PHONE]
    assert dee.next("view", frame(room))["screen"]["game"] == "secret_identity"
    late = crowd.connect()
    late.send("hello", room=companion.room, name="Late")
    assert late.next("error", frame(room))["reason"] == "no_lobby"


def test_a_phone_claim_lost_for_good_goes_to_the_next_claimer(seating):
    room, companion, crowd = seating
    ana, _ = join(room, companion, crowd, "Ana's phone")
    ana.close()
    room.until_served(lambda: room.ctx.seats[0].reconnecting)
    room.clock.now += 60  # past the companion's grace
    room.run(2)
    assert len(room.ctx.seats) == 1 and not room.ctx.seats[0].reconnecting  # still Ana's place, held
    pad = room.attach_pad("Pad")
    pad.tap(Intent.CONFIRM, 2)
    assert pad.seat == 0 and room.ctx.seats[0].name == "Ana"
