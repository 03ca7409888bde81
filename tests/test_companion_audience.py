"""The audience at a real table (issue 30 items 1-3): the App on a hand-ticked clock, the
companion's server thread on loopback, scripted phones over TCP (tests/e2e.py,
tests/test_companion_match.py's fixture).

- A phone joins as the audience when the seats are full (the page is told it may), or by
  choice; not while the settings keep the audience out; a room password is asked of it.
- It plays along a whole match on the game's own board: it sees the TV's public view
  only (no seat's secret, checked against every seat's secrets of that frame), never
  before the TV — a round's answers reach it only once the TV's reveal of that round is
  over —, its guesses are refused once a question closes, and its score counts its right
  picks. Two members get the very same shared message.
- "Start only from the TV": no phone gets the end's choices nor "Leave the match".
"""

from __future__ import annotations

from typing import Any

import pytest

from game.cli.audience_swarm import json_objects
from game.cli.bench_companion import moves_in
from game.companion.room import Door
from game.core.serial import to_plain
from game.games.secret_identity.ui.reveal import CompetitiveReveal
from game.scenes.match import MatchScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.matches import new_match
from tests.test_audience_play import audience_leaks
from tests.test_companion_match import frame, join, table  # noqa: F401  (the fixture)
from tests.test_companion_secrets import Moment


def watch(room, companion, crowd, name: str, **more):
    """A phone that joins as the audience; its welcome (or refusal)."""
    phone = crowd.connect()
    phone.send("hello", room=companion.room, name=name, audience=True, **more)
    return phone, phone.next(None, frame(room))


def barrier(phone) -> list[dict[str, Any]]:
    """Everything ``phone`` got up to now (a ping's pong is queued behind it)."""
    phone.send("ping")
    got = []
    while (message := phone.next(timeout=10))["type"] != "pong":
        got.append(message)
    return got


def lobby_of(room, game: str, bots: int = 0) -> LobbyScene:
    lobby = LobbyScene(room.ctx, room.ctx.games[game])
    room.ctx.stack.push(lobby)
    for _ in range(bots):
        lobby.add_bot()
    return lobby


def test_a_phone_watches_when_the_seats_are_full_or_by_choice_and_not_when_the_audience_is_off(table):
    room, companion, crowd = table
    lobby_of(room, "mission_secrete")
    companion.open_door(Door(seat_limit=2))
    join(room, companion, crowd, "Zoé")
    fan, welcome = watch(room, companion, crowd, "Fan")  # by choice, seats free
    assert welcome["type"] == "welcome" and welcome["audience"] is True and "seat" not in welcome
    join(room, companion, crowd, "Max")
    late = crowd.connect()
    late.send("hello", room=companion.room, name="Ana")
    refused = late.next("error", frame(room))
    assert refused["reason"] == "table_full" and refused["audience"] is True  # the page offers to watch
    assert [s.name for s in room.ctx.seats] == ["Zoé", "Max"]
    shared = fan.next("audience", frame(room))
    while len(shared["seats"]) < 2:  # the one sent when Max sat down
        shared = fan.next("audience", frame(room))
    assert shared["game"] == "mission_secrete" and shared["screen"] is None
    assert [s["name"] for s in shared["seats"]] == ["Zoé", "Max"] and shared["count"] == 1
    # a member's token brings it back with its place in the ledger
    again = crowd.connect()
    again.send("hello", room=companion.room, token=welcome["token"], audience=True)
    assert again.next("welcome", frame(room))["name"] == "Fan"
    assert fan.next("bye", frame(room))["reason"] == "replaced"
    companion.open_door(Door(audience=False))
    _, refused = watch(room, companion, crowd, "Nope")
    assert refused == {"v": 1, "type": "error", "reason": "no_audience"}


def test_a_room_password_is_asked_of_seats_and_audience(table):
    room, companion, crowd = table
    lobby_of(room, "mission_secrete")
    companion.open_door(Door(password="4821"))
    _, refused = watch(room, companion, crowd, "Fan")
    assert refused["reason"] == "bad_password"
    phone = crowd.connect()
    phone.send("hello", room=companion.room, name="Zoé")
    assert phone.next("error", frame(room))["reason"] == "bad_password"
    _, welcome = watch(room, companion, crowd, "Fan", password="4821")
    assert welcome["type"] == "welcome"
    seat, welcome = join_with(room, companion, crowd, "Zoé", password="4821")
    told = seat.next("lobby", frame(room))
    assert told["room"] == companion.room and told["password"] == "4821"  # a seated player may pass them on


def join_with(room, companion, crowd, name, **more):
    phone = crowd.connect()
    phone.send("hello", room=companion.room, name=name, **more)
    return phone, phone.next("welcome", frame(room))


def secret_key(board: MatchScene, seat: int) -> int:
    return dict(board.session.definition.secrets(board.session.state, seat))["my_key"]


def test_the_audience_plays_along_blind_never_before_the_tv_and_scores_its_right_picks(table):
    room, companion, crowd = table
    lobby = lobby_of(room, "secret_identity", bots=3)
    fan, _ = watch(room, companion, crowd, "Fan")
    other, _ = watch(room, companion, crowd, "Other")
    room.ctx.stack.push(new_match(room.ctx, lobby.entry, lobby.options, extra=lobby.extra))  # bots alone
    board = room.find(MatchScene)
    board.bot_delay = (2, 4)
    #: Round -> the first frame that ended with the TV's reveal of it over, and started.
    shown_at: dict[int, int] = {}
    revealing: set[int] = set()
    first_told: dict[int, int] = {}
    right = 0
    guessed: set[str] = set()
    messages = 0
    for number in range(6000):
        room.run(1, 3)
        reveal = board.section if isinstance(board.section, CompetitiveReveal) else None
        if reveal is not None:
            revealing.add(reveal.result.round)
        last = board.public.last
        if reveal is None and last is not None and last.round in revealing:
            shown_at.setdefault(last.round, number)
        moment = Moment(board.session.definition, board.session.state)
        for message in barrier(fan):
            messages += 1
            problems = audience_leaks(moment, message)
            assert not problems, problems[:3]
            assert message["type"] != "error", message  # every pick was on an open question
            if message["type"] != "audience" or message["screen"] is None:
                continue
            for title in (item.get("title", "") for item in message["screen"]["sections"]):
                if title.endswith(": who was who"):
                    told = int(title.split()[1].rstrip(":"))
                    first_told.setdefault(told, number)
            for item in json_objects(message["screen"]):
                if "label" in item and "ask" in item and item["ask"] not in guessed:  # one pick a question: right for seats 0 and 1
                    guessed.add(item["ask"])
                    seat = int(item["ask"].split(".s")[1])
                    key = secret_key(board, seat)
                    answer = key if seat < 2 else key % 8 + 1
                    right += seat < 2
                    fan.send("guess", question=item["ask"], answer=answer)
        if board.session.outcome() is not None and board.end_choices_open() and len(first_told) == 4:
            break
    else:
        pytest.fail(f"the match did not end: rounds told {sorted(first_told)}")
    assert messages > 30 and sorted(first_told) == [1, 2, 3, 4] and len(guessed) == 3 * 4
    for round_number, told_at in first_told.items():  # never before the TV: its reveal was over first
        assert round_number in shown_at and shown_at[round_number] < told_at, (round_number, shown_at, told_at)
    # a question closed with the rules: a late pick on it is refused, its score unchanged
    fan.send("guess", question="r1.s0", answer=1)
    assert fan.next("error", frame(room)) == {"v": 1, "type": "error", "reason": "closed"}  # frames until it is taken
    final = companion.crowd.ledger.members
    assert [m.score for m in final.values() if m.name == "Fan"] == [right] == [2 * 4]
    assert companion.crowd.ledger.board()[0] == {"name": "Fan", "score": 8, "rank": 1}
    # two members got the very same shared message, byte for byte
    mine = [text for text in fan.received if '"type":"audience"' in text]
    theirs = [text for text in other.received if '"type":"audience"' in text]
    assert mine[-1] == theirs[-1] and '"over":true' in mine[-1] and '"Fan"' in mine[-1]


def test_only_the_tv_starts_when_the_settings_say_so(table):
    room, companion, crowd = table
    room.ctx.settings.tv_starts = True
    lobby = lobby_of(room, "mission_secrete", bots=1)
    phone, welcome = join(room, companion, crowd, "Zoé")
    lobby.start()
    board = room.find(MatchScene)
    screen = phone.next("view", frame(room))["screen"]
    assert not [m for m in moves_in(screen) if m["kind"] in ("quit", "quit_hold", "again", "lobby")]
    phone.send("act", id=1, kind="quit_hold", data={})
    phone.send("act", id=2, kind="again", data={})
    assert phone.next("error", frame(room)) == {"v": 1, "type": "error", "reason": "tv_only", "ack": 2}
    assert room.find(MatchScene) is board and to_plain(board.session.config)["seats"] == 2
