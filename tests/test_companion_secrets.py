"""No message to a phone ever holds another seat's secret (issue 17, item 8), and none to
an audience phone holds any seat's secret (issue 30 item 2).

Random matches of every game, some seats on phones (scripted WebSocket clients over
loopback, through the real server thread and the bridge), the others bots. Every move
is a bot's choice from its own view; a phone seat's move goes over its WebSocket as an
``act``. After each step the phones' messages are collected up to a ping barrier (the
pong is queued behind everything the game sent before it), so each message is checked
against the secrets of that moment: ``definition.secrets(state, j)`` of every other
seat j, by value. A secret string that the TV shows (public) is not a leak; nor is a
value the seat itself holds as a secret (two seats may share one). An audience phone
watches every match (it guesses each question it is shown) and is checked the same way as
a viewer with no seat: every seat's secret is foreign to it.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest

from game.catalogue import load_catalogue
from game.companion.audience import AudienceBook
from game.companion.bridge import Companion
from game.companion.table import Table
from game.companion.client import PhoneCrowd, ScriptedPhone
from game.companion.present import phone_screen
from game.core.actions import Action, IllegalAction
from game.core.rng import Rng
from game.core.serial import to_plain
from game.core.session import Session
from game.games import all_games
from game.seats import SeatTable

#: (game, seats, how many of them are phones).
TABLES = [("secret_identity", 4, 3), ("secret_identity_coop", 4, 4), ("personality", 4, 3),
          ("mission_secrete", 3, 2), ("incognito", 3, 3)]
#: Steps before a match is called stuck.
MAX_STEPS = 3000


class SessionLink:
    """The bridge's view of a match without a board: phones' actions go to the session,
    and every change's events to the companion, as ``MatchScene`` does."""

    def __init__(self, companion: Companion, entry: Any, session: Session, catalogue: Any) -> None:
        self.companion, self.entry, self.session, self.catalogue = companion, entry, session, catalogue

    def phone_submit(self, action: Action) -> str | None:
        try:
            events = self.session.submit(action)
        except IllegalAction as exc:
            return exc.reason
        self.companion.tell(events)
        return None

    def phone_moment(self) -> None:
        return None

    def audience_ready(self) -> bool:
        return True  # no board: nothing plays on a TV

    def audience_book(self) -> AudienceBook | None:
        return AudienceBook.of(self.entry, self.catalogue.strings, self.catalogue.game(self.entry.catalogue_key),
                               self.session.config)

    def phone_screen(self, seat: int) -> dict[str, Any]:
        return phone_screen(self.entry, self.session.view(seat), self.session.legal(seat), self.catalogue.strings,
                            self.catalogue.game(self.entry.catalogue_key))


# --- the checker ------------------------------------------------------------------------------
def strings_in(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item)


def values_in(value: Any) -> Iterator[str]:
    """The strings a secret holds (its values, not the names of its fields)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, (dict, list)):
        for item in value.values() if isinstance(value, dict) else value:
            yield from values_in(item)


class Told:
    """One message taken apart once: its strings (keys too), its fields by name, and
    its containers (the places a secret value could sit whole)."""

    def __init__(self, message: Any) -> None:
        self.texts: set[str] = set()
        self.fields: dict[str, list[Any]] = {}
        self.containers: list[Any] = []
        self._walk(message)
        self.blob = "\n".join(self.texts)

    def _walk(self, value: Any) -> None:
        if isinstance(value, str):
            self.texts.add(value)
        elif isinstance(value, dict):
            self.containers.append(value)
            for key, item in value.items():
                self.texts.add(key)
                self.fields.setdefault(key, []).append(item)
                self._walk(item)
        elif isinstance(value, list) and not all(type(v) is int for v in value):  # not a stroke's points
            self.containers.append(value)
            for item in value:
                self._walk(item)


def _word(text: str) -> str:
    """``text`` as a whole word in a longer string (an id inside a readable line)."""
    return rf"(?<![\w]){re.escape(text)}(?![\w])"


class Moment:
    """The secrets at one moment of a match, as each seat's phone must not see them."""

    def __init__(self, definition: Any, state: Any) -> None:
        seats = definition.seats(state)
        self.own = {s: [(name, to_plain(value)) for name, value in definition.secrets(state, s)] for s in range(seats)}
        self.public = set(strings_in(to_plain(definition.view(state, None).public)))
        # What every acting seat may name in its moves is no one's secret: the
        # candidates of an accusation (every character) are on the TV's rules panel.
        named = [set(strings_in(to_plain([dict(a.data) for a in legal])))
                 for legal in (definition.legal(state, s) for s in range(seats)) if legal]
        if len(named) >= 2:
            self.public |= set.intersection(*named)

    def leaks(self, seat: int | None, message: Any) -> list[str]:
        """Every other seat's secret that ``message`` (to ``seat``'s phone; None: an
        audience phone's) holds."""
        mine = self.own[seat] if seat is not None else []
        allowed = self.public | {text for _, value in mine for text in values_in(value)}
        told_here = Told(message)
        found = []
        for owner, secrets in self.own.items():
            for name, value in secrets:
                if owner == seat or (name, value) in mine:
                    continue
                told = value in told_here.fields.get(name, ())
                told = told or (isinstance(value, (dict, list)) and bool(value) and value in told_here.containers)
                for secret in set(values_in(value)) - allowed:
                    told = told or secret in told_here.texts or (
                        len(secret) >= 4 and re.search(_word(secret), told_here.blob) is not None)
                if told:
                    found.append(f"seat {owner}'s {name}={value!r} reached seat {seat}'s phone")
        return found


# --- the matches ------------------------------------------------------------------------------
def guess_all(fan: ScriptedPhone, message: dict[str, Any], guessed: set[str]) -> None:
    """The audience phone picks the first answer of every question it is shown, once."""
    if message["type"] != "audience" or not message.get("screen"):
        return
    todo = [message["screen"]]
    while todo:
        value = todo.pop()
        if isinstance(value, dict):
            if "ask" in value and value["ask"] not in guessed:
                guessed.add(value["ask"])
                fan.send_text(json.dumps({"v": 1, "type": "guess", **value["choices"]["items"][0]["guess"]}))
            todo += list(value.values())
        elif isinstance(value, list):
            todo += value


def barrier(phones: dict[int | None, ScriptedPhone]) -> dict[int | None, list[dict[str, Any]]]:
    """Every message each phone got up to now: each pings, and waits for its pong."""
    for phone in phones.values():
        phone.send("ping")
    got: dict[int, list[dict[str, Any]]] = {}
    for seat, phone in phones.items():
        got[seat] = []
        while True:
            message = phone.next(timeout=10)
            if message["type"] == "pong":
                break
            got[seat].append(message)
    return got


@pytest.fixture(scope="module")
def catalogue() -> Any:
    """Every game's data, parsed once for the module's matches (they only read it)."""
    return load_catalogue()


def play(catalogue: Any, game_id: str, seats: int, phone_count: int,
         seed: int) -> tuple[int, list[tuple[Moment, int | None, Any]]]:
    entry = all_games()[game_id]
    data = catalogue.game(entry.catalogue_key)
    companion = Companion(0, lambda i: {"colour": "#000000", "shape": "circle"}, lambda: "fr", host="127.0.0.1",
                          rate=(10000.0, 10000.0), audience_rate=(10000.0, 10000.0))
    assert companion.start() is None
    crowd = PhoneCrowd(f"http://127.0.0.1:{companion.port}")
    try:
        table, checked = SeatTable(), []
        phones: dict[int, ScriptedPhone] = {}
        for seat in range(seats):
            if seat < phone_count:
                phone = crowd.connect()
                phone.send("hello", room=companion.room, name=f"P{seat}")
                phone.next("welcome", lambda: companion.pump(table, Table(lobby=game_id)))
                phones[seat] = phone
            else:
                table.add_bot(f"B{seat}")
        assert [s.index for s in table if not s.bot] == list(phones)
        fan = crowd.connect()
        fan.send("hello", room=companion.room, name="Fan", audience=True)
        fan.next("welcome", lambda: companion.pump(table, Table(lobby=game_id)))
        guessed: set[str] = set()
        session = Session(entry.make_definition(data), entry.default_config(seats), seed)
        link = SessionLink(companion, entry, session, catalogue)
        running = Table(match=link, accepting=True)
        bots = {s: entry.make_bot(data, s, Rng.from_seed(f"{seed}/{s}")) for s in range(seats)}
        order = Rng.from_seed(f"order/{seed}")
        definition = session.definition
        steps = 0
        while True:
            companion.pump(table, running)
            moment = Moment(definition, session.state)
            got = barrier({**phones, None: fan})
            for seat, messages in got.items():
                checked += [(moment, seat, message) for message in messages]
            for message in got[None]:
                guess_all(fan, message, guessed)
            if session.outcome() is not None:
                break
            steps += 1
            assert steps < MAX_STEPS, f"{game_id}: no end after {MAX_STEPS} steps"
            action = None
            for seat in order.shuffled(sorted(session.current())):
                legal = session.legal(seat)
                action = bots[seat].act(session.view(seat), legal) if legal else None
                if action is not None:
                    break
            if action is None:
                events = session.jump_to_deadline()
                assert events, f"{game_id}: every seat waits and no countdown runs"
                companion.tell(events)
            elif action.seat in phones:
                phones[action.seat].send("act", kind=action.kind, data=to_plain(dict(action.data)))
                barrier({action.seat: phones[action.seat]})  # the act is in the inbox
            else:
                assert link.phone_submit(action) is None
        return steps, checked
    finally:
        crowd.close()
        companion.stop()


@pytest.mark.parametrize("game_id, seats, phone_count", TABLES, ids=[t[0] for t in TABLES])
def test_no_phone_ever_gets_another_seat_s_secret(catalogue: Any, game_id: str, seats: int, phone_count: int):
    steps, checked = play(catalogue, game_id, seats, phone_count, seed=17)
    views = [(m, s, msg) for m, s, msg in checked if msg["type"] == "view"]
    assert steps > 5 and len(views) > steps // 2, (steps, len(views))
    watched = [msg for _m, s, msg in checked if s is None and msg["type"] == "audience" and msg["screen"]]
    refused = {msg["reason"] for _m, s, msg in checked if s is None and msg["type"] == "error"}
    assert len(watched) > 5 and refused <= {"closed"}, (game_id, len(watched), refused)
    problems = [leak for moment, seat, message in checked for leak in moment.leaks(seat, message)]
    assert not problems, problems[:5]
    # The positive control: the checker catches another seat's secret slipped into a real message.
    for moment, seat, message in views:
        foreign = [(o, name, value) for o, secrets in moment.own.items() if o != seat for name, value in secrets
                   if (name, value) not in moment.own[seat]]
        if foreign:
            owner, name, value = foreign[0]
            planted = json.loads(json.dumps(message))
            planted["screen"]["extra"] = {name: value}
            assert moment.leaks(seat, planted), (name, value)
            hidden = [text for text in values_in(value) if text not in moment.public]
            if hidden:
                planted = json.loads(json.dumps(message))
                planted["screen"]["label"] = f"look: {hidden[0]}"
                assert moment.leaks(seat, planted), hidden[0]
            break
    else:
        pytest.fail("no moment with a foreign secret to plant")
