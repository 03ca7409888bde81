"""The audience's door and ledger, in pieces (issue 30 items 1-4): the room password
counted by the code guard, audience connections under their own flood limit whose
guesses wait in one batch a frame and never wake the game thread, the shared screen
encoded once for every member, and the ledger's scores, ranks and leans."""

from __future__ import annotations

import pytest

from game.companion.audience import Ledger
from game.companion.protocol import ProtocolError, parse
from game.companion.room import FREE_TRIES, CodeGuard, TokenBucket, door_refusal
from game.companion.server import (AUDIENCE_BATCH, AUDIENCE_RATE, EVERYONE, FANOUT_CHUNK, RATE_LIMIT, SHARED_SLOT,
                                   Connection, Hub)
from game.games.audience_kit import Ask


def hello(**fields):
    return {"v": 1, "type": "hello", "room": "KXTW", **fields}


# --- the door ---------------------------------------------------------------------------------
def test_a_password_is_asked_of_every_new_phone_and_counted_as_a_wrong_code():
    guard = CodeGuard()
    assert door_refusal(guard, "a", hello(name="Zoé"), "KXTW", "", 0.0) is None
    assert door_refusal(guard, "a", hello(name="Zoé"), "KXTW", "4821", 0.0) == "bad_password"
    assert door_refusal(guard, "a", hello(name="Zoé", password="4821"), "KXTW", "4821", 0.0) is None
    assert door_refusal(guard, "a", hello(name="Zoé", password="4821"), "KXTX", "4821", 0.0) == "bad_room"
    # a seat's (or a member's) token came in through the door already: no password asked
    assert door_refusal(guard, "b", hello(token="t" * 24), "KXTW", "4821", 0.0) is None
    # wrong passwords spend the address's tries as wrong codes do, then it is locked out
    for _ in range(FREE_TRIES):
        assert door_refusal(guard, "c", hello(name="x", password="0000"), "KXTW", "4821", 1.0) in ("bad_password",
                                                                                                    "locked")
    assert door_refusal(guard, "c", hello(name="x", password="4821"), "KXTW", "4821", 2.0) == "locked"


def test_the_protocol_checks_a_guess_s_envelope_and_the_hello_s_new_fields():
    assert parse('{"v":1,"type":"guess","question":"r1.s2","answer":3}')["answer"] == 3
    assert parse('{"v":1,"type":"guess","question":"s0","answer":"santa"}')["answer"] == "santa"
    for bad in ('{"v":1,"type":"guess","question":"","answer":3}', '{"v":1,"type":"guess","question":"q","answer":[1]}',
                '{"v":1,"type":"guess","question":"q","answer":1.5}', '{"v":1,"type":"guess","answer":1}',
                '{"v":1,"type":"hello","room":"K","name":"a","audience":"yes"}',
                '{"v":1,"type":"hello","room":"K","name":"a","password":5}'):
        with pytest.raises(ProtocolError):
            parse(bad)


# --- the hub ------------------------------------------------------------------------------------
class Socket:
    async def close(self, **_):
        pass


def hub_with(*audience: bool) -> tuple[Hub, list[Connection]]:
    hub = Hub("KXTW", clock=lambda: 0.0)
    connections = []
    for n, member in enumerate(audience, start=1):
        connection = hub.connections[n] = Connection(Socket(), TokenBucket(*RATE_LIMIT), f"10.0.0.{n}")
        connection.audience = member
        connections.append(connection)
    return hub, connections


def test_the_shared_screen_is_encoded_once_for_every_member_and_only_for_them():
    hub, (one, two, seat) = hub_with(True, True, False)
    hub.broadcast('{"v":1,"type":"audience","screen":"é"}')
    batch, hub._outgoing = hub._outgoing, []
    assert len(batch) == 1 and batch[0][0] == EVERYONE  # one message queued, not one per member
    hub._queue_all(batch, None)
    assert not hub._wake_members(FANOUT_CHUNK)
    assert one.outbox.get_nowait() is SHARED_SLOT and two.outbox.get_nowait() is SHARED_SLOT
    assert isinstance(one.shared, bytes) and one.shared is two.shared  # the same encoded bytes, written to each
    assert seat.outbox.empty() and seat.shared is None


def test_a_member_behind_waits_for_the_newest_shared_screen_only():
    hub, (member,) = hub_with(True)
    for n in range(20):
        hub._queue_all([(EVERYONE, f'{{"n":{n}}}', False)], None)
    hub._wake_members(FANOUT_CHUNK)
    assert member.outbox.qsize() == 1 and member.shared == b'{"n":19}' and not member.cut


class Written:
    """A connection's socket that notes, in one list shared by all, what it was sent."""

    def __init__(self, name, log):
        self.name, self.log = name, log

    async def send_frame(self, data, _kind):
        self.log.append((self.name, data))

    async def send_str(self, text):
        self.log.append((self.name, text))

    async def close(self, **_):
        pass


def test_a_seat_s_answer_goes_before_the_members_backlog_of_a_shared_screen():
    """A shared screen wakes the members' writers a handful at a time: a seat's answer
    queued while 300 members wait for theirs is written within two handfuls, not after
    all 300 (before, every member's writer was woken at once, ahead of the seat's)."""
    import asyncio

    async def play():
        log = []
        hub = Hub("KXTW", clock=lambda: 0.0)
        for n in range(1, 302):
            connection = hub.connections[n] = Connection(Written(n, log), TokenBucket(*RATE_LIMIT))
            connection.audience = n > 1  # connection 1 is a seat
        writers = [asyncio.create_task(hub._write(c)) for c in hub.connections.values()]
        hub._queue_all([(EVERYONE, '{"v":1,"type":"audience"}', False)], None)
        await asyncio.sleep(0)  # the loop turns once: the fan-out began
        hub._queue_all([(1, '{"v":1,"type":"view","ack":7}', False)], None)  # the seat's answer comes
        for _ in range(100):
            await asyncio.sleep(0)
        for writer in writers:
            writer.cancel()
        return log

    log = asyncio.run(play())
    names = [name for name, _ in log]
    assert names.count(1) == 1 and len(names) == 301  # every member got the shared screen once
    assert names.index(1) <= 2 * FANOUT_CHUNK


def test_guesses_wait_in_one_batch_never_wake_the_game_and_keep_their_own_limit():
    hub, (member, seat) = hub_with(True, False)
    member.bucket = TokenBucket(*AUDIENCE_RATE)
    guess = '{"v":1,"type":"guess","question":"r1.s0","answer":2}'
    for _ in range(20):  # a flood: the audience's burst, then too_fast
        hub._receive(1, member, guess)
    batch = hub.take_guesses()
    assert list(batch) == [1] and len(batch[1]) == min(AUDIENCE_BATCH, int(AUDIENCE_RATE[1]))
    assert hub.take_guesses() == {} and not hub.arrived.is_set() and hub.inbox.empty()
    assert any(b'too_fast' in text.encode() for text, _ in list(member.outbox._queue))  # told to slow down
    hub._receive(2, seat, guess)  # a seat guesses nothing: refused by the server
    assert "not_audience" in seat.outbox.get_nowait()[0] and hub.take_guesses() == {}
    # the seat's own messages still get through, woken at once, whatever the audience does
    hub._receive(2, seat, '{"v":1,"type":"act","kind":"ready","data":{}}')
    assert hub.arrived.is_set() and hub.inbox.get_nowait()[1]["type"] == "act"


def test_an_audience_hello_switches_the_connection_to_the_audience_s_limit():
    hub, (connection,) = hub_with(False)
    hub._receive(1, connection, '{"v":1,"type":"hello","room":"KXTW","name":"Fan","audience":true}')
    assert connection.audience and (connection.bucket.rate, connection.bucket.burst) == AUDIENCE_RATE
    assert hub.audience == 1 and hub.inbox.get_nowait()[1]["audience"] is True


def test_the_audience_has_a_ceiling(monkeypatch):
    from game.companion import server

    monkeypatch.setattr(server, "MAX_AUDIENCE", 1)
    hub, (one, two) = hub_with(False, False)
    hub._receive(1, one, '{"v":1,"type":"hello","room":"KXTW","name":"A","audience":true}')
    hub._receive(2, two, '{"v":1,"type":"hello","room":"KXTW","name":"B","audience":true}')
    assert one.audience and not two.audience and two.refused
    assert "audience_full" in two.outbox.get_nowait()[0]


# --- the ledger ---------------------------------------------------------------------------------
def test_the_ledger_scores_right_picks_once_ranks_and_tells_leans_only_once_answered():
    ledger = Ledger()
    for token, name in (("a", "Ana"), ("b", "Bo"), ("c", "Cy")):
        ledger.join(token, name)
    ledger.open([Ask("q1", (1, 2, 3)), Ask("q2", ("x", "y"))])
    assert ledger.guess("a", "q1", 2) is None and ledger.guess("a", "q1", 3) is None  # changed its mind
    assert ledger.guess("b", "q1", 3) is None and ledger.guess("c", "q1", 1) is None
    assert ledger.guess("a", "q2", "x") is None and ledger.guess("b", "q2", "y") is None
    assert ledger.guess("a", "q3", 1) == "closed" and ledger.guess("a", "q1", 9) == "not_offered"
    assert ledger.tally("q1") == {3: 2, 1: 1}
    assert ledger.leans([]) == {} and set(ledger.leans(["q1"])) == {"q1"}
    assert sorted(ledger.score({"q1": 3})) == ["a", "b"]
    assert ledger.score({"q1": 3}) == []  # scored once
    assert ledger.score({"q1": 3, "q2": "x"}) == ["a"]
    assert [(row["name"], row["score"], row["rank"]) for row in ledger.board()] == [("Ana", 2, 1), ("Bo", 1, 2),
                                                                                    ("Cy", 0, 3)]
    ledger.join("d", "Di")
    assert ledger.rank("d") == 3 and ledger.rank("c") == 3 and ledger.rank("a") == 1


def test_members_with_equal_scores_share_their_place():
    ledger = Ledger()
    for n in range(500):
        ledger.join(f"t{n}", f"M{n}")
    ledger.open([Ask("q", (0, 1))])
    for n in range(500):
        ledger.guess(f"t{n}", "q", n % 2)
    assert len(ledger.score({"q": 1})) == 250
    assert {ledger.rank(f"t{n}") for n in range(500)} == {1, 251}



def test_a_member_who_leaves_takes_its_score_and_picks_out_of_the_ranks_and_leans():
    ledger = Ledger()
    for token in "abc":
        ledger.join(token, token.upper())
    ledger.open([Ask("q", (1, 2))])
    ledger.guess("a", "q", 1)
    ledger.guess("b", "q", 1)
    ledger.guess("c", "q", 2)
    ledger.score({"q": 1})
    before = ledger.board()
    ledger.leave("a")
    assert ledger.rank("b") == 1 and ledger.rank("c") == 2 and ledger.tally("q") == {1: 1, 2: 1}
    assert [row["name"] for row in ledger.board()] == ["B", "C"] and before[0]["name"] == "A"


def test_a_big_audience_gets_the_newest_screen_at_a_held_pace():
    """The shared screens' fan-out is held to FANOUT_PER_SECOND messages a second: with 1000
    members a change 0.1 s after the last screen waits, and the newest goes once 0.5 s passed."""
    from game.companion.table import Table
    from game.companion.crowd import FANOUT_PER_SECOND, Crowd
    from game.companion.room import Door

    now = [0.0]
    hub = Hub("KXTW", clock=lambda: now[0])
    crowd = Crowd(hub, lambda: "en", lambda: "Fan", clock=lambda: now[0])
    table = Table(lobby="mission_secrete")
    for conn in range(1, 1001):
        crowd.hello(conn, {"type": "hello", "name": f"F{conn}", "audience": True}, Door(), table, [])
    hub._outgoing.clear()

    def shared(roster):
        crowd.pump(table, lambda: roster)
        sent, hub._outgoing = [text for conn, text, _ in hub._outgoing if conn == EVERYONE], []
        return sent

    assert len(shared([{"name": "Zoé"}])) == 1
    now[0] = 0.1
    assert shared([{"name": "Zoé"}, {"name": "Max"}]) == []  # waits: 1000 members / 2000 a second
    now[0] = 1000 / FANOUT_PER_SECOND + 0.01
    (newest,) = shared([{"name": "Zoé"}, {"name": "Max"}])
    assert '"Max"' in newest


class FakeBook:
    """A play-along of one question ``q`` (answers 1 or 2) while the public view opens it."""

    def __init__(self):
        self.built = 0

    def asks(self, public):
        return tuple(Ask(question, (1, 2)) for question in public.get("open", ()))

    def answers(self, public):
        return {}

    def screen(self, public, asks, leans):
        self.built += 1
        return {"shown": public["shown"]}

    def check(self, data, open_ids):
        return None if data["question"] in open_ids else "closed"


class FakeSession:
    def __init__(self):
        self.log, self.public = [], {"shown": 1}

    def view(self, seat):
        from types import SimpleNamespace

        return SimpleNamespace(public=dict(self.public))

    def outcome(self):
        return None


def audience_at(members):
    """A crowd of ``members`` at a match of a fake play-along, on a clock that moves a second a frame."""
    from types import SimpleNamespace

    from game.companion.table import Table
    from game.companion.crowd import Crowd
    from game.companion.room import Door

    book, session = FakeBook(), FakeSession()
    match = SimpleNamespace(session=session, entry=SimpleNamespace(id="g"), audience_book=lambda: book,
                            audience_ready=lambda: True)
    now = [0.0]
    hub = Hub("KXTW", clock=lambda: now[0])
    crowd = Crowd(hub, lambda: "en", lambda: "Fan", clock=lambda: now[0])
    table = Table(match=match, accepting=True)
    for conn in range(1, members + 1):
        crowd.hello(conn, {"type": "hello", "name": f"F{conn}", "audience": True}, Door(), table, [])

    def frames(count):
        """``count`` frames' pumps; the shared messages they sent."""
        sent = []
        for _ in range(count):
            now[0] += 1.0  # no pace holds anything back
            hub._outgoing.clear()
            crowd.pump(table, list)
            sent += [text for conn, text, _ in hub._outgoing if conn == EVERYONE]
        return sent

    return hub, crowd, table, session, book, frames


def test_a_move_the_audience_cannot_see_sends_no_shared_screen():
    """The shared message goes once per change of what the audience sees: the rules' log
    growing with a move that leaves the public view as it was (a seat's private choice)
    builds and sends nothing; a change of the public view builds one screen, sent once."""
    hub, crowd, table, session, book, frames = audience_at(3)
    assert '"shown":1' in frames(3)[-1]  # the view the TV drew
    built = book.built
    session.log.append("a seat's private choice")
    assert frames(3) == [] and book.built == built  # nothing sent, nothing even built
    session.log.append("a public move")
    session.public = {"shown": 2}
    (newer,) = frames(3)
    assert '"shown":2' in newer and book.built == built + 1  # one change: one screen, encoded once


def test_the_audience_s_picks_are_counted_between_frames_not_in_them():
    """The picks are taken and their ``you`` told in the idle time after a frame
    (``Crowd.serve``: ``serve_phones_until`` calls it), so the frame's pump leaves the
    next batch alone; a frame with no idle time before it (one that overran) takes them."""
    hub, crowd, table, session, book, frames = audience_at(2)
    session.public = {"shown": 1, "open": ("q",)}
    session.log.append("the question opens")
    frames(2)  # the TV drew it: released
    one, two = crowd.members[1], crowd.members[2]
    hub._keep_guess(1, {"type": "guess", "question": "q", "answer": 2})
    hub._outgoing.clear()
    crowd.serve(table, list)
    assert crowd.ledger.members[one].picks == {"q": 2}
    assert any(conn == 1 and '"type":"you"' in text and '"q":2' in text for conn, text, _ in hub._outgoing)
    hub._keep_guess(2, {"type": "guess", "question": "q", "answer": 1})
    frames(1)  # the frame after the idle time: the new pick waits for the next
    assert crowd.ledger.tally("q") == {2: 1} and crowd.ledger.members[two].picks == {}
    frames(1)  # no idle time before this one: it takes the pick itself
    assert crowd.ledger.tally("q") == {2: 1, 1: 1}
