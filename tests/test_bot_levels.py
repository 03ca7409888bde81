"""Bot levels (easy / normal / sharp): every game's bots take one, a pad sets it per bot
seat in the lobby, the match keeps it through its save and a resume, ``sim`` takes it."""

import argparse

import pytest

from game import paths
from game.cli.sim import parse_level, seat_levels, simulate
from game.core.bots import LEVELS, Bot
from game.core.rng import Rng
from game.games import all_games
from game.input.intents import Intent
from game.scenes.match import MatchScene
from game.scenes.menus.matches import autosave_path, load_saved, new_match, saved_seats
from game.scenes.menus.take_seats import TakeSeatScene
from tests.e2e import focus_to, room_at_title, title_to_lobby


def test_every_game_makes_its_bots_at_every_level():
    for entry in all_games().values():
        catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
        for level in LEVELS:
            assert entry.make_bot(catalogue, 0, Rng(1), level).level == level, entry.id
        assert entry.make_bot(catalogue, 0, Rng(1)).level == "normal"
    with pytest.raises(ValueError):
        Bot(0, Rng(1), "godlike")


@pytest.mark.parametrize("level", ["easy", "sharp"])
@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_bots_of_every_level_play_whole_matches_under_the_harness_checks(game_id, level):
    entry = all_games()[game_id]
    catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
    seats = max(entry.min_seats, min(4, entry.max_seats))
    report = simulate(entry, catalogue, seats, 1, f"checked {level}", check=True, levels=[level] * seats)
    assert report["matches"][0]["reason"]


def test_sim_takes_a_level_for_every_seat_or_for_one():
    assert seat_levels(3) == ["normal"] * 3
    assert seat_levels(3, [parse_level("easy"), parse_level("1=sharp")]) == ["easy", "sharp", "easy"]
    for bad in ("godlike", "x=easy", "1=godlike"):
        with pytest.raises(argparse.ArgumentTypeError):
            parse_level(bad)
    entry = all_games()["mission_secrete"]
    catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
    easy = simulate(entry, catalogue, 4, 6, "lv", levels=["easy"] * 4)
    sharp = simulate(entry, catalogue, 4, 6, "lv", levels=["sharp"] * 4)
    assert easy["bot_levels"] == ["easy"] * 4
    assert [m["actions"] for m in easy["matches"]] != [m["actions"] for m in sharp["matches"]]


def test_a_pad_sets_each_bot_seat_level_in_the_lobby_and_the_match_gets_it():
    room = room_at_title()
    try:
        pad = room.attach_pad()
        lobby = title_to_lobby(room, pad, "mission_secrete")
        pad.tap(Intent.CONFIRM, 2)
        focus_to(room, pad, "add_bot")
        pad.tap(Intent.CONFIRM, 2)
        pad.tap(Intent.CONFIRM, 2)
        assert [s.level for s in room.ctx.seats if s.bot] == ["normal", "normal"]
        pad.tap(Intent.LEFT)  # from "add a bot" to the last bot's card
        assert lobby.focused().key == "level:2"
        pad.tap(Intent.CONFIRM, 2)  # normal -> sharp
        pad.tap(Intent.LEFT)
        assert lobby.focused().key == "level:1"
        pad.tap(Intent.CONFIRM, 2)  # normal -> sharp
        pad.tap(Intent.CONFIRM, 2)  # sharp -> easy
        assert [s.level for s in room.ctx.seats if s.bot] == ["easy", "sharp"]
        assert lobby.focused().key == "level:1"
        pad.tap(Intent.RIGHT)
        pad.tap(Intent.RIGHT)  # back across the table to the options panel
        assert lobby.focused().key in ("add_bot", "remove_bot", "howto")
        pad.tap(Intent.MENU, 1)  # a seated player starts the match
        board = room.find(MatchScene)
        assert {seat: bot.level for seat, bot in board.bots.items()} == {1: "easy", 2: "sharp"}
        _entry, session = load_saved(room.ctx)
        assert [s["level"] for s in saved_seats(session)] == ["normal", "easy", "sharp"]
    finally:
        room.close()


def test_a_resumed_match_gets_its_bots_back_at_their_levels():
    room = room_at_title()
    try:
        ctx = room.ctx
        ctx.seats.join(("kb", "Ana"), "Ana")
        ctx.seats.add_bot("Bip", "sharp")
        ctx.seats.add_bot("Bop", "easy")
        new_match(ctx, ctx.games["mission_secrete"], {}, seed=5)  # writes the autosave
        assert autosave_path().exists()
        for index in reversed(range(len(ctx.seats))):
            ctx.seats.remove(index)
        pad = room.attach_pad()
        pad.tap(Intent.CONFIRM, 2)  # out of the attract screen
        focus_to(room, pad, "resume")
        pad.tap(Intent.CONFIRM, 2)
        assert isinstance(room.top, TakeSeatScene)
        pad.tap(Intent.CONFIRM, 2)  # Ana's seat; the bots sit down by themselves
        board = room.find(MatchScene)
        assert board is not None
        assert {seat: bot.level for seat, bot in board.bots.items()} == {1: "sharp", 2: "easy"}
        assert [s.level for s in ctx.seats if s.bot] == ["sharp", "easy"]
    finally:
        room.close()


def test_saves_from_before_levels_resume_with_normal_bots():
    class Old:
        config = {"seats": 2}
        meta = {"seats": [{"name": "Ana", "style": 0, "bot": False}, {"name": "Bip", "style": 1, "bot": True}]}

    assert [s["level"] for s in saved_seats(Old())] == ["normal", "normal"]
