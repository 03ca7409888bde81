"""The lobby: join with CONFIRM, leave with BACK, style and name, bots, options, why
Start is disabled, and starting a match (Session + bots + board)."""

import json

import pytest

from game.games import GameEntry
from game.input.intents import Intent
from game.scenes.base import Scene
from game.scenes.menus.games import GameChoiceScene
from game.scenes.menus.lobby import LobbyScene
from game.scenes.menus.matches import autosave_path, start_problem
from game.scenes.menus.options import option_text

from game.context import build_context
from menu_helpers import KB_LEFT, KB_RIGHT, MOUSE, draw, focused_key, make_ctx, press, tick, with_toy_game
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
    press(ctx, Intent.MENU, ("pad", 1))  # refused: nothing starts
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
    from game.core.options import OptionSpec

    spec = OptionSpec("nonexistent_option", True, (True, False))
    assert option_text(ctx, spec, True) == ctx.t("common.on")
    assert option_text(ctx, OptionSpec("nonexistent_option", 3, (0, 3)), 3) == "3"


class _Board(Scene):
    pass


def test_start_creates_the_session_bots_and_board(ctx, monkeypatch):
    with_toy_game(ctx)
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
    press(ctx, Intent.MENU, ("pad", 4))
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


# --- Secret Identity's deck categories -------------------------------------------------------
def _si_lobby(ctx, game_id="secret_identity"):
    if game_id not in ctx.games:
        pytest.skip("Secret Identity is not registered")
    lobby = lobby_for(ctx, ctx.games[game_id])
    for device in (KB_LEFT, KB_RIGHT, ("pad", 3)):
        press(ctx, Intent.CONFIRM, device)
    return lobby


def _open_deck(ctx, lobby):
    from game.scenes.menus.deck import DeckScene

    lobby.focus_key("deck")
    press(ctx, Intent.CONFIRM, ("pad", 3))
    assert isinstance(ctx.stack.top, DeckScene)
    return ctx.stack.top


def test_chosen_categories_reach_the_session_config(ctx):
    lobby = _si_lobby(ctx)
    assert lobby.config()["categories"] is None  # all on by default
    deck = _open_deck(ctx, lobby)
    first, second = deck.deck.all_ids()[:2]
    deck.focus_key(f"cat.{first}")
    press(ctx, Intent.CONFIRM, ("pad", 3))  # off
    deck.focus_key(f"cat.{second}")
    press(ctx, Intent.CONFIRM, ("pad", 3))  # off
    press(ctx, Intent.CONFIRM, ("pad", 3))  # on again
    draw(ctx)
    press(ctx, Intent.BACK, ("pad", 3))
    assert ctx.stack.top is lobby
    chosen = [c for c in deck.deck.all_ids() if c != first]
    assert lobby.extra["categories"] == chosen
    assert item(lobby, "deck").element.text == lobby.deck.summary(lobby.config())
    press(ctx, Intent.MENU, ("pad", 3))
    board = ctx.stack.top
    assert board is not lobby and board.session.config["categories"] == chosen


def test_start_says_to_pick_more_categories(ctx):
    lobby = _si_lobby(ctx)
    deck = _open_deck(ctx, lobby)
    for category in deck.deck.all_ids():
        deck.toggle(category)
    assert lobby.extra["categories"] == []
    press(ctx, Intent.BACK, ("pad", 3))
    assert not item(lobby, "start").enabled
    assert lobby.problem() == ctx.t("lobby.need_categories", need=32, n=0)
    assert "0 personnage choisi," in lobby.problem()  # French counts 0 as one
    en = make_ctx(lang="en")
    assert en.t("lobby.need_categories", need=32, n=21) == "Pick more categories: 21 characters chosen, 32 needed."
    assert en.t("lobby.need_categories", need=32, n=1) == "Pick more categories: 1 character chosen, 32 needed."
    press(ctx, Intent.MENU, ("pad", 3))
    assert ctx.stack.top is lobby  # refused
    deck = _open_deck(ctx, lobby)
    deck.focus_key("all")
    press(ctx, Intent.CONFIRM, ("pad", 3))
    assert lobby.extra["categories"] is None
    press(ctx, Intent.BACK, ("pad", 3))
    assert lobby.problem() is None and item(lobby, "start").enabled


CUSTOM_DECK = """\
categories:
  office: {fr: Le bureau, en: The office}
characters:
  - id: my_boss
    name: {fr: Mon patron, en: My boss}
    category: office
    icon: '1F9D1-200D-1F4BC'
  - id: the_intern
    name: {fr: Le stagiaire, en: The intern}
    category: office
    icon: '1F9D1'
"""


def test_a_custom_deck_is_a_custom_category():
    from game import paths

    folder = paths.user_data_dir() / "decks" / "secret_identity"
    folder.mkdir(parents=True)
    (folder / "office.yaml").write_text(CUSTOM_DECK, encoding="utf-8")
    ctx = make_ctx(lang="en")
    lobby = _si_lobby(ctx, "secret_identity_coop")
    categories = {c.id: c for c in lobby.deck.categories(lobby.config())}
    assert categories["office"].custom and categories["office"].count == 2
    assert categories["office"].name == "The office"
    assert not any(c.custom for cid, c in categories.items() if cid != "office")
    assert list(categories)[-1] == "office"  # custom decks listed after the shipped ones
    deck = _open_deck(ctx, lobby)
    for category in deck.deck.all_ids():
        if category != "office":
            deck.toggle(category)
    assert lobby.extra["categories"] == ["office"]
    assert lobby.problem() == "Pick more categories: 2 characters chosen, 17 needed."
    draw(ctx)


# --- option rows never collide ------------------------------------------------------------------
@pytest.mark.parametrize("scale, safe", [(1.0, 0.05), (1.3, 0.1)])
def test_every_lobby_fits_its_panel_without_overlap(scale, safe):
    from game.settings import Settings
    from game.ui.fit import label_fit

    settings = Settings(text_scale=scale, safe_area=safe)
    for lang in ("fr", "en"):
        ctx = build_context(headless=True, lang=lang, settings=settings, seats=8)
        for entry in ctx.games.values():
            lobby = lobby_for(ctx, entry)
            rects = [i.rect for i in lobby.items]
            assert all(lobby.panel_rect.contains(r) for r in rects), (lang, entry.id)
            assert not any(a.colliderect(b) for n, a in enumerate(rects) for b in rects[n + 1:]), (lang, entry.id)
            for row in (i for i in lobby.items if i.label):
                box = row.label_box
                assert not box.colliderect(row.element.relative_rect), (lang, row.key)
                size, lines = label_fit(ctx.kit, row.label, box.width - 40)
                assert row.label_size >= 28 and lines * ctx.kit.font(row.label_size).get_linesize() <= box.height
                value_width = max(ctx.kit.font(34).size(f"‹  {t}  ›")[0] for t in _choice_texts(ctx, entry, row))
                assert value_width <= row.element.relative_rect.width - 20, (lang, row.key)
            if scale == 1.0:
                assert not any(i.key == "options" for i in lobby.items), (lang, entry.id)  # rows shown inline
            draw(ctx)
            ctx.stack.pop()
            ctx.stack.pop()


def _choice_texts(ctx, entry, row):
    spec = next(s for s in entry.options if f"option.{s.id}" == row.key)
    return [option_text(ctx, spec, v) for v in spec.choices]


def test_connoisseurs_tile_opts_in_the_less_known_characters(ctx):
    """The everyday deck is the table language's fame-3 characters; the deck screen's
    connoisseurs tile adds the others (issue 15 item 3)."""
    lobby = _si_lobby(ctx)
    assert lobby.config()["connoisseurs"] is False and lobby.config()["deck_lang"] == ctx.settings.lang
    everyday = lobby.deck.count(lobby.config())
    deck = _open_deck(ctx, lobby)
    tile = deck.deck.opt_in_tile(lobby.config())
    assert tile.id == "connoisseurs" and tile.count > 0
    deck.focus_key("cat.connoisseurs")
    draw(ctx)
    press(ctx, Intent.CONFIRM, ("pad", 3))
    assert lobby.extra["connoisseurs"] is True
    assert lobby.deck.count(lobby.config()) == everyday + tile.count
    deck.focus_key("all")
    press(ctx, Intent.CONFIRM, ("pad", 3))  # every category: the opt-in stays as it is
    assert lobby.extra["connoisseurs"] is True
    press(ctx, Intent.BACK, ("pad", 3))
    press(ctx, Intent.MENU, ("pad", 3))
    assert ctx.stack.top.session.config["connoisseurs"] is True


def test_a_lobby_frame_fits_no_text_when_nothing_changed():
    """Seat names, device words, the join prompt, level chips and the phone panel's lines
    are fitted once (the fit memo answers every later frame), not searched on every frame."""
    import pygame

    from game.shots import ShotRequest, prepare

    ctx = prepare("lobby.phones", ShotRequest(seats=3, names="long"))
    ctx.seats.add_bot("Robot", "sharp")
    canvas = pygame.Surface((1920, 1080))
    tick(ctx, 2)  # the table changed: refreshed
    ctx.stack.draw(canvas, 0.0)
    searched = ctx.kit.fits.misses
    tick(ctx, 1)
    ctx.stack.draw(canvas, 0.0)
    assert ctx.kit.fits.misses == searched
    ctx.seats.add_bot("Robota", "easy")
    tick(ctx, 1)
    ctx.stack.draw(canvas, 0.0)
    assert ctx.kit.fits.misses > searched  # a new name is fitted
