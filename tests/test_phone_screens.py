"""The phone screens (each game plug-in's own, framed by ``game.companion.present``): for
real matches of every game, played forward by bots, each seat's screen is plain JSON,
offers every legal move of that seat with its exact kind and data, sends back only moves
the engine accepts, and holds no other seat's secret."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from game import paths
from game.cli.audience_swarm import json_objects
from game.companion.present import phone_screen
from game.core.actions import Action, IllegalAction
from game.core.rng import Rng
from game.core.serial import to_plain
from game.core.session import Session
from game.games import all_games
from game.i18n import Strings

GAMES = {"secret_identity": 4, "secret_identity_coop": 3, "personality": 4, "mission_secrete": 3, "incognito": 3}


@pytest.fixture(scope="module")
def strings() -> Strings:
    return Strings.load(paths.data_dir() / "i18n", "en")


def play(entry_id: str, seats: int, seed: int, every: int) -> Iterator[tuple[Session, Any]]:
    """A bots' match of ``entry_id``; yields (session, definition) every ``every`` moves."""
    entry = all_games()[entry_id]
    catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
    definition = entry.make_definition(catalogue)
    session = Session(definition, entry.default_config(seats), seed)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"{seed}:{s}")) for s in range(seats)}
    order = Rng.from_seed(seed)
    moves = 0
    while session.outcome() is None and moves < 3000:
        if moves % every == 0:
            yield session, catalogue
        action = None
        for seat in order.shuffled(sorted(session.current())):
            action = bots[seat].act(session.view(seat), session.legal(seat))
            if action is not None:
                break
        if action is None:
            assert session.jump_to_deadline()
            continue
        session.submit(action)
        moves += 1
    yield session, catalogue


def moves_in(node: Any) -> Iterator[dict[str, Any]]:
    """Every ``move`` anywhere in a screen."""
    return (item["move"] for item in json_objects(node) if "move" in item)


def key(kind: str, data: Any) -> str:
    return json.dumps([kind, data], sort_keys=True)


def strings_in(value: Any, numbers: bool = False) -> set[str]:
    """Every string in a plain value; with ``numbers``, every whole number as text too."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings_in(v, numbers) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(strings_in(v, numbers) for v in value)) if value else set()
    if numbers and isinstance(value, int) and not isinstance(value, bool):
        return {str(value)}
    return set()


@pytest.mark.parametrize("entry_id", sorted(GAMES))
def test_every_legal_move_is_on_the_phone_and_nothing_else_is_foreign(entry_id, strings):
    seats, checked = GAMES[entry_id], set()
    for session, catalogue in play(entry_id, seats, seed=7, every=5):
        state, definition = session.state, session.definition
        secrets = {s: strings_in(to_plain(dict(definition.secrets(state, s)))) for s in range(seats)}
        for seat in range(seats):
            legal = session.legal(seat)
            screen = phone_screen(all_games()[entry_id], session.view(seat), legal, strings, catalogue)
            text = json.dumps(screen)  # plain JSON or this raises
            assert "[phone." not in text, "a missing string"
            offered = {key(m["kind"], m["data"]) for m in moves_in(screen)}
            for action in legal:
                if action.kind == "stroke":  # free-hand: the drawing sheet makes these
                    assert screen["canvas"]["kind"] == "stroke" and screen["canvas"]["enabled"]
                else:
                    assert key(action.kind, dict(action.data)) in offered, (state.phase, action)
            for offer in moves_in(screen):  # extra moves (take back, unvote) must be accepted
                try:
                    definition.apply(state, Action(offer["kind"], seat, offer["data"], session.tick))
                except IllegalAction as refused:
                    pytest.fail(f"{entry_id} {state.phase}: the phone offers {offer}, refused: {refused}")
            # another seat's secret shows only if this seat's own view or moves hold it too
            # (a character id is also a choice of the accusation, for everyone)
            known = strings_in(to_plain(session.view(seat))) | strings_in([a.to_json() for a in legal])
            foreign = set().union(*(secrets[s] for s in range(seats) if s != seat)) - known
            for secret in foreign:
                assert json.dumps(secret) not in text, f"seat {seat}'s screen shows another's {secret!r}"
            checked.add(str(screen["phase"]))
    assert len(checked) >= 2 and "over" in checked, checked


def test_screens_speak_the_game_language():
    from game.games.mission_secrete.rules.catalogue import load

    catalogue, _ = load(paths.data_dir())
    for lang, word in (("fr", "Tu es"), ("en", "You are")):
        session, _ = next(play("mission_secrete", 3, seed=1, every=1))
        screen = phone_screen(all_games()["mission_secrete"], session.view(0), session.legal(0),
                              Strings.load(paths.data_dir() / "i18n", lang), catalogue)
        assert screen["facts"][0]["label"] == word


@pytest.mark.parametrize("entry_id", sorted(GAMES))
def test_every_how_to_play_ends_with_joining_by_phone(entry_id, strings):
    from types import SimpleNamespace

    from game.scenes.menus.howto import howto_pages

    pages = howto_pages(SimpleNamespace(strings=strings, t=strings.get), entry_id)
    assert pages[-2] == (strings.get("phone.howto.title"), strings.get("phone.howto.body"))
    assert pages[-1] == (strings.get("phone.howto.game_title"), strings.get(f"phone.howto.{entry_id}"))


def test_a_round_start_replacement_asks_first_and_names_the_suspect(strings):
    """Issue 25 item 7: replacing a suspect (SI-3) is public and for the whole table, so
    each such button carries the question the page asks before sending it; "Ready",
    which is only one's own, does not."""
    session, catalogue = next(play("secret_identity", 4, seed=3, every=1))
    view = session.view(0)
    assert view.public.phase == "round_start"
    screen = phone_screen(all_games()["secret_identity"], view, session.legal(0), strings, catalogue)
    buttons = [i for section in screen["sections"] for i in section["items"] if "move" in i]
    replacing = {i["move"]["data"]["slot"]: i for i in buttons if i["move"]["kind"] == "replace"}
    assert sorted(replacing) == list(range(8))
    for slot, button in replacing.items():
        name = catalogue.character(view.public.board[slot]).name("en")
        assert button["confirm"] == f"Replace suspect {slot + 1}, {name}, for everyone?"
    assert [i["move"]["kind"] for i in buttons if "confirm" not in i] == ["ready"]
