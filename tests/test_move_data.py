"""Each move's declared data (game/core/schema.py, issue 25 item 3): the engine refuses an
action whose data does not fit its move — an unknown key, a value of the wrong type, out
of range, NaN or infinite, a string with a control character or a lone surrogate, an
over-long one, a bool for an int — before the handler runs, so nothing of it is applied,
logged or saved; a save whose log holds such data does not resume. The schemas are not
too strict: every move the bots make in seeded matches of every game passes them. And
whatever reaches a save, writing it never raises.
"""

from __future__ import annotations

import json
import math
from functools import cache
from typing import Any

import pytest

from game import paths
from game.core.actions import AUDIENCE, CHANCE, TIMEOUT, Action, IllegalAction
from game.core.bots import LEVELS
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.core.schema import NO_DATA, Either, Fields, Int, ListOf, Maybe, OneOf
from game.core.serial import state_hash
from game.core.session import SaveError, Session
from game.games import all_games
from tests.toygame import ToyGame

GAMES = sorted(all_games())
#: Values no move takes in place of any field's (Personality's exchange takes null: no card).
JUNK = [True, 1.5, math.nan, math.inf, -math.inf, 10**9, -1, "\x00", "\ud800", "x" * 100_000, "\u0085", [[]], {}]


@cache
def rules(game_id: str) -> tuple[Any, Any, Any]:
    entry = all_games()[game_id]
    catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
    return entry, catalogue, entry.make_definition(catalogue)


def refusal(check: Any, value: Any) -> str:
    with pytest.raises(IllegalAction) as refused:
        check(value, "")
    return f"{refused.value.reason}: {refused.value.detail}"


# --- the types -------------------------------------------------------------------------------
def test_each_type_takes_what_it_declares_and_says_why_it_refuses():
    seat = Int(0, 7)
    for fine in (0, 7):
        seat.check(fine, "seat")
    for bad, why in [(8, "8 is out of 0..7"), (-1, "-1 is out of 0..7"), (True, "bool, not an integer"),
                     (2.0, "float, not an integer"), (math.nan, "float, not an integer"), ("3", "str, not an integer")]:
        assert refusal(seat.check, bad) == f"bad_data: data: {why}"
    word = OneOf(("green", "red"))
    word.check("red", "")
    for bad in ("blue", "red\x00", "\ud800", "red" * 10_000, ["red"], None, 1):
        why = refusal(word.check, bad)
        assert why.startswith("bad_data: data: ") and why.endswith("is not one of the 2 known values")
        assert len(why) < 120 and why.isprintable()  # short, and escaped: a log line, never a crash
    pairs = ListOf(ListOf(seat, 2, 2), 3, 1)
    pairs.check([[1, 2], [3, 4]], "numbers")
    for bad in ([], [[1, 2]] * 4, [[1]], [[1, 8]], [(1, "2")], "12", [{}]):
        assert refusal(pairs.check, bad).startswith("bad_data:")
    with pytest.raises(IllegalAction, match=r"numbers\[1\]\[0\]: 9 is out of 0..7"):
        pairs.check([[1, 2], [9, 4]], "numbers")
    vote = Fields({"choice": Either(seat, word)}, optional={"bet": Int(1, 3)})
    for fine in ({"choice": 3}, {"choice": "green", "bet": 2}):
        vote.check(fine, "")
    assert refusal(vote.check, {"choice": 3, "junk": "x"}) == "bad_data: data: unknown key 'junk'"
    assert refusal(vote.check, {"bet": 1}) == "bad_data: data: choice is missing"
    assert refusal(vote.check, {"choice": 3, "bet": True}) == "bad_data: bet: bool, not an integer"
    assert refusal(vote.check, {"choice": 9}).startswith("bad_data: choice: choice: 9 is out of 0..7 / choice: ")
    assert refusal(vote.check, [("choice", 3)]) == "bad_data: data: list, not an object"
    Maybe(word).check(None, "card")
    assert refusal(Maybe(word).check, "blue").startswith("bad_data:")
    NO_DATA.check({}, "")
    assert refusal(NO_DATA.check, {"note": "\ud800"}) == "bad_data: data: unknown key 'note'"
    assert refusal(NO_DATA.check, {"\ud800": 1}) == "bad_data: data: unknown key '\\ud800'"


# --- every game's moves ----------------------------------------------------------------------
def declared_moves(definition: Any) -> list[tuple[str, str, Any]]:
    return [(phase.name, kind, move) for phase in definition.phases() for kind, move in phase.moves.items()]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_of_every_game_declares_its_data(game_id):
    """A move declares its data, or takes none (``NO_DATA``, the default, refuses every
    key: a new move that forgets its data has every action with data refused, which its
    tests and the bots' matches below see at once). Chance and timeout moves always carry
    data: theirs is declared (the generator's state; the countdown's name)."""
    _, _, definition = rules(game_id)
    moves = declared_moves(definition)
    assert moves
    for phase, kind, move in moves:
        assert callable(getattr(move.data, "check", None)), f"{game_id} {phase}.{kind}"
        if kind == CHANCE:
            assert "rng" in move.data.required, f"{game_id} {phase}: the chance move declares no outcome"
        if kind == TIMEOUT:
            assert set(move.data.required) == {"timer"}, f"{game_id} {phase}: the timeout names no countdown"


#: Moves the engine takes but ``legal`` does not offer, made from the move they undo.
UNDOING = {"place": ("take_back", "card"), "vote": ("unvote", "target")}


def moves_with_data(game_id: str, seats: int, seed: int) -> list[tuple[Any, Action]]:
    """(state, action) for the first actions of each kind in a seeded bot match: the bots'
    moves, the moves ``legal`` offers, and a take-back of a placed card or a vote."""
    entry, catalogue, definition = rules(game_id)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"data:{seed}:{s}")) for s in range(seats)}
    session = Session(definition, entry.default_config(seats), seed)
    found: dict[str, list[tuple[Any, Action]]] = {}

    def keep(action: Action) -> None:
        if len(found.setdefault(action.kind, [])) < 2:
            found[action.kind].append((session.state, action))

    for _ in range(400):
        if session.outcome() is not None:
            break
        for seat in sorted(session.current()):
            for offered in session.legal(seat):
                keep(offered)
            action = bots[seat].act(session.view(seat), session.legal(seat))
            if action is not None:
                keep(action)
                session.submit(action)
                undo, key = UNDOING.get(action.kind, ("", ""))
                if undo in definition.phase(session.state).moves:
                    keep(Action(undo, action.seat, {key: action.data[key]}))
                break
        else:
            session.jump_to_deadline()
    return [pair for pairs in found.values() for pair in pairs]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_refuses_junk_in_every_field_of_its_moves(game_id):
    entry, _, definition = rules(game_id)
    found = moves_with_data(game_id, entry.max_seats, seed=4)
    with_data = {kind for _, kind, move in declared_moves(definition)
                 if kind not in (CHANCE, TIMEOUT, AUDIENCE) and move.data is not NO_DATA}
    assert with_data <= {action.kind for _, action in found if action.data}, "a move with data is not tried"
    for state, action in found:
        definition.step(state, action)  # as made, it is taken
        before = state_hash(state)
        tries = [{**action.data, "junk": "x"}, {**action.data, "\ud800": 1}]
        tries += [{**action.data, key: junk} for key in action.data for junk in JUNK]
        required = definition.phase(state).moves[action.kind].data.required
        tries += [{k: v for k, v in action.data.items() if k != key} for key in required]
        for data in tries:
            with pytest.raises(IllegalAction) as refused:
                definition.step(state, Action(action.kind, action.seat, data))
            assert refused.value.reason in ("bad_data", "bad_stroke"), (action.kind, data, refused.value)
        assert state_hash(state) == before


def test_the_audience_say_is_checked_like_a_move():
    """The audience's say (an ``AUDIENCE`` move, applied by the session like chance, so
    no bot match above makes it) is held to its declared data too: every junk value in
    every field, and any unknown key, is refused before the handler."""
    says = [move for game_id in GAMES for _, kind, move in declared_moves(rules(game_id)[2]) if kind == AUDIENCE]
    assert says, "no game waits for the audience's say"
    for move in says:
        move.data.check({}, "")  # no say: the rules' default
        for key in [*move.data.required, *move.data.optional]:
            for junk in JUNK:
                with pytest.raises(IllegalAction, match="bad_data"):
                    move.data.check({key: junk}, "")
        with pytest.raises(IllegalAction, match="bad_data"):
            move.data.check({"junk": 1}, "")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_the_bots_make_fits_its_move(game_id):
    """Seeded bot matches of every game at its fewest and most seats, every bot level:
    every action — the players' and chance's and the countdowns' — is checked against its
    move's data as it is applied, and again as the log replays (``check=True``)."""
    entry, catalogue, definition = rules(game_id)
    for seats, seed, level in [(entry.min_seats, 1, LEVELS[0]), (entry.max_seats, 2, LEVELS[-1]),
                               (entry.max_seats, 3, LEVELS[len(LEVELS) // 2])]:
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"fit:{seed}:{s}"), level) for s in range(seats)}
        result = play_match(definition, entry.default_config(seats), seed, bots, check=True)
        assert result.outcome is not None and any(a.data for a in result.session.log if a.seat is not None)


# --- the log and the save ----------------------------------------------------------------------
def bot_session(game_id: str, seats: int, seed: int, path: Any) -> tuple[Session, dict[int, Any]]:
    entry, catalogue, definition = rules(game_id)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"save:{seed}:{s}")) for s in range(seats)}
    return Session(definition, entry.default_config(seats), seed, save_path=path), bots


def next_move(session: Session, bots: dict[int, Any]) -> Action:
    while True:
        for seat in sorted(session.current()):
            action = bots[seat].act(session.view(seat), session.legal(seat))
            if action is not None:
                return action
        session.jump_to_deadline()


def test_junk_keys_do_not_grow_the_autosave(tmp_path):
    """The issue's figure: 60 acts each carrying a 60 KB unknown key grew a save from
    1.7 KB to 3.7 MB. Now each is refused, and the save is the one the same match
    played without them writes, byte for byte."""
    clean, clean_bots = bot_session("secret_identity", 3, 5, tmp_path / "clean.json")
    junk, junk_bots = bot_session("secret_identity", 3, 5, tmp_path / "junk.json")
    for _ in range(60):
        clean.submit(next_move(clean, clean_bots))
        action = next_move(junk, junk_bots)
        with pytest.raises(IllegalAction) as refused:
            junk.submit(Action(action.kind, action.seat, {**action.data, "pad": "x" * 60_000}))
        assert refused.value.reason == "bad_data"
        junk.submit(action)
    assert clean.outcome() is None and len(clean.log) > 60
    assert junk.save_path.read_bytes() == clean.save_path.read_bytes()
    assert junk.save_path.stat().st_size < 20_000


@pytest.mark.parametrize("junk", [{"note": "\ud800"}, {"pad": "x" * 60_000}, {"a": 99}])
def test_a_save_whose_log_holds_junk_data_is_corrupt_not_a_crash(tmp_path, junk):
    """A hand-edited save is refused as corrupt, whether its digest was kept (the
    replay fails first) or dropped: text no player typed when the file is read, a key
    no move declares as the log replays through the same check as a live move."""
    path = tmp_path / "autosave.json"
    session, bots = bot_session("mission_secrete", 3, 6, path)
    while not any(a.kind == "swap" for a in session.log):
        session.submit(next_move(session, bots))
    raw = json.loads(path.read_text(encoding="utf-8"))
    swap = next(a for a in raw["log"] if a["kind"] == "swap")
    swap["data"] = {**swap["data"], **junk}
    for drop_digest in (False, True):
        if drop_digest:
            del raw["digest"]
        path.write_text(json.dumps(raw), encoding="utf-8")
        with pytest.raises(SaveError) as refused:
            Session.load(path, lambda _id: session.definition)
        # the save's strings are checked as the file is read (bad text), the data as it replays
        assert refused.value.reason == "corrupt"
        assert ("bad text" if isinstance(next(iter(junk.values())), str) else "bad_data") in refused.value.detail


def test_a_lone_surrogate_that_slips_past_a_game_fails_the_save_without_raising(tmp_path):
    """Defence in depth: a game that does not check its data (the toy game) may still
    log a lone surrogate. The save reports it (``save_error``; the board tells the
    table) instead of raising out of the frame, and the last good file stays."""
    path = tmp_path / "autosave.json"
    session = Session(ToyGame(), {"seats": 2}, 3, save_path=path)
    good = path.read_bytes()
    session.submit(Action("vote", 0, {"choice": "high", "note": "\ud800"}))
    assert isinstance(session.save_error, ValueError)
    assert path.read_bytes() == good
