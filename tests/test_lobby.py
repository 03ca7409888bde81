"""The lobby: join with CONFIRM, leave with BACK, style and name, bots, options, why
Start is disabled, and starting a match (Session + bots + board)."""

import json

import pytest

from game.games import GameEntry
from game.input.intents import Intent
from game.scenes.base import Scene
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene, option_text
from game.scenes.menus.matches import autosave_path, start_problem

from menu_helpers import KB_LEFT, KB_RIGHT, MOUSE, draw, focused_key, make_ctx, press
from toygame import ENTRY as TOY


@pytest.fixture
def ctx():
    return make_ctx()


def lobby_for(ctx, entry):
    ctx.stack.push(GameChoiceScene(ctx))
    ctx.stack.push(LobbyScene(ctx, entry))
    return ctx.stack.top


def item(scene, key):
    return next(i for i in scene.items if i.key == key)


def test_join_from_pads_and_keyboard_sides_but_not_the_mouse(ctx):
    lobby = lobby_for(ctx, next(iter(ctx.games.values())))
    press(ctx, Intent.CONFIRM, KB_LEFT)
    press(ctx, Intent.CONFIRM, ("pad", 7))
    press(ctx, Intent.CONFIRM, MOUSE)
    seats = ctx.seats.seats
    assert [s.device for s in seats] == [KB_LEFT, ("pad", 7)]
    assert len({s.style for s in seats}) == 2 and len({s.name for s in seats}) == 2
    assert seats[0].name == ctx.t("seat_names.1")
    draw(ctx)
    assert lobby is ctx.stack.top


def test_seated_back_leaves_unseated_back_returns(ctx):
    lobby_for(ctx, next(iter(ctx.games.values())))
    press(ctx, Intent.CONFIRM, KB_LEFT)
    press(ctx, Intent.CONFIRM, KB_RIGHT)
    press(ctx, Intent.BACK, KB_LEFT)
    assert [s.device for s in ctx.seats.seats] == [KB_RIGHT] and ctx.seats.seats[0].index == 0
    press(ctx, Intent.BACK, KB_LEFT)
    assert isinstance(ctx.stack.top, GameChoiceScene)
    assert len(ctx.seats) == 1  # seats stay for the next lobby


def test_alt_cycles_style_and_shoulders_cycle_name(ctx):
    lobby_for(ctx, next(iter(ctx.games.values())))
    press(ctx, Intent.CONFIRM, KB_LEFT)
    press(ctx, Intent.CONFIRM, KB_RIGHT)
    a, b = ctx.seats.seats
    style = a.style
    press(ctx, Intent.ALT, KB_LEFT)
    assert a.style != style and a.style != b.style
    press(ctx, Intent.SHOULDER_R, KB_LEFT)
    assert a.name == ctx.t("seat_names.3")  # seat_names.2 is taken by the other seat
    press(ctx, Intent.SHOULDER_L, KB_LEFT)
    assert a.name == ctx.t("seat_names.1")


def test_bots_added_and_removed_with_the_buttons(ctx):
    lobby = lobby_for(ctx, next(iter(ctx.games.values())))
    assert not item(lobby, "remove_bot").enabled
    lobby.focus_key("add_bot")
    press(ctx, Intent.CONFIRM)  # an unseated keyboard side joins first
    press(ctx, Intent.CONFIRM)
    press(ctx, Intent.CONFIRM)
    assert [s.bot for s in ctx.seats.seats] == [False, True, True]
    assert ctx.seats.seats[1].name == ctx.t("bot_names.1")
    assert item(lobby, "remove_bot").enabled
    press(ctx, Intent.RIGHT)
    assert focused_key(lobby) == "remove_bot"
    press(ctx, Intent.CONFIRM)
    assert [s.bot for s in ctx.seats.seats] == [False, True]
    for _ in range(10):
        lobby.add_bot()
    assert len(ctx.seats) == 8 and not item(lobby, "add_bot").enabled


def test_start_explains_why_it_is_disabled(ctx):
    entry = ctx.games.get("mission_secrete") or next(iter(ctx.games.values()))
    lobby = lobby_for(ctx, entry)
    name = ctx.t(f"games.{entry.id}.name")
    assert start_problem(ctx, entry) == ctx.t("lobby.need_players", game=name, min=entry.min_seats,
                                              max=entry.max_seats)
    assert not item(lobby, "start").enabled
    for _ in range(entry.min_seats):
        lobby.add_bot()
    assert start_problem(ctx, entry) == ctx.t("lobby.need_human")
    ctx.seats.remove(0)
    press(ctx, Intent.CONFIRM, ("pad", 1))
    assert start_problem(ctx, entry) is None and item(lobby, "start").enabled
    while len(ctx.seats) <= entry.max_seats:
        lobby.add_bot()
    assert start_problem(ctx, entry) is not None and not item(lobby, "start").enabled
    lobby.focus_key("start")
    press(ctx, Intent.CONFIRM, ("pad", 1))  # refused: nothing starts
    assert ctx.stack.top is lobby
    draw(ctx)


def test_mission_secrete_reason_reads_well():
    ctx = make_ctx(lang="fr")
    if "mission_secrete" not in ctx.games:
        pytest.skip("Mission Secrète is not registered yet")
    entry = ctx.games["mission_secrete"]
    assert start_problem(ctx, entry) == "Mission Secrète se joue de 2 à 4 joueurs."


def test_option_texts():
    ctx = make_ctx()
    from game.games import OptionSpec

    spec = OptionSpec("nonexistent_option", True, (True, False))
    assert option_text(ctx, spec, True) == ctx.t("common.on")
    assert option_text(ctx, OptionSpec("nonexistent_option", 3, (0, 3)), 3) == "3"


class _Board(Scene):
    pass


def test_start_creates_the_session_bots_and_board(ctx, monkeypatch):
    ctx.games[TOY.id] = TOY
    ctx.catalogue.games[TOY.catalogue_key] = None
    made = {}

    class Scenes:
        @staticmethod
        def make_board(ctx_, entry_, session, bots):
            made.update(entry=entry_, session=session, bots=bots)
            return _Board()

    monkeypatch.setattr(GameEntry, "scenes", lambda self: Scenes)
    lobby = lobby_for(ctx, TOY)
    press(ctx, Intent.CONFIRM, ("pad", 4))
    lobby.add_bot()
    ctx.settings.timer_preset = "extended"
    lobby.focus_key("start")
    press(ctx, Intent.CONFIRM, ("pad", 4))
    assert isinstance(ctx.stack.top, _Board) and list(ctx.stack)[-2] is lobby
    session = made["session"]
    assert session.config["seats"] == 2 and session.config["timer_scale"] == 1.5
    assert session.catalogue_version == ctx.catalogue.version
    assert [s["bot"] for s in session.meta["seats"]] == [False, True]
    assert set(made["bots"]) == {1} and made["bots"][1].seat == 1
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    assert saved["game"] == "toy" and saved["meta"]["seats"][0]["name"] == ctx.seats.seats[0].name


def test_lobby_options_come_from_the_entry(ctx):
    entry = next((e for e in ctx.games.values() if e.options), None)
    if entry is None:
        pytest.skip("no registered game has options yet")
    lobby = lobby_for(ctx, entry)
    spec = entry.options[0]
    row = item(lobby, f"option.{spec.id}")
    lobby.focus_key(row.key)
    press(ctx, Intent.RIGHT)
    index = list(spec.choices).index(spec.default)
    assert lobby.options[spec.id] == spec.choices[(index + 1) % len(spec.choices)]
