"""A sixth game through the plug-in path (issue 26 item 7): Hidden Hue, a test-only game
package in its own folder (tests/plugins/sixth/hidden_hue: rules, board, phone screen,
data and strings), plugged in by adding that folder to the games' path, no shared file
edited. The registry, the game menu, the lobby, the how-to pages and the shot list take
it in with no code naming it; bots play it through the harness; a living room plays it
to the end on the TV (the real App, a keyboard guessing behind its curtain, two bots)
and a phone plays a seat to the end through the companion's server; the moves' declared
data guards what a phone sends; no seat's colour or guess reaches the TV outside its
own curtain. docs/adding-a-game.md walks through it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game import paths
from game.core.actions import Action, IllegalAction
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.core.session import Session
from game.input.intents import Intent
from tests.test_companion_match import table  # noqa: F401  (the fixture)

ROOT = Path(__file__).resolve().parent.parent
#: The folder that holds the game's package: what a test adds to ``game.games.__path__``.
PLUGINS = Path(__file__).resolve().parent / "plugins" / "sixth"
GAME = "hidden_hue"
PACKAGE = f"game.games.{GAME}"


@pytest.fixture
def sixth(monkeypatch):
    """The sixth game on the games' path for one test. The contexts' memoised catalogue
    is set aside too: one made before knows the box's games only (and one made now must
    not outlive the test)."""
    import game.context
    import game.games

    monkeypatch.setattr(game.games, "__path__", [*game.games.__path__, str(PLUGINS)])
    monkeypatch.setattr(game.context, "_CATALOGUES", {})
    yield
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def entry_and_catalogue():
    from game.games import all_games

    entry = all_games()[GAME]
    return entry, entry.load_data(paths.data_dir())[0]


# --- the plug-in path ------------------------------------------------------------------------
def test_the_sixth_game_plugs_in_from_its_own_folder_and_no_code_names_it(sixth):
    from game.games import GameRegistry, discover
    from tests.test_plugins import namings

    plugin = discover()[-1]
    assert plugin.package == PACKAGE and plugin.name == GAME and plugin.data == "data"
    assert plugin.data_dir(paths.data_dir()) == PLUGINS / GAME / "data"
    games = GameRegistry()
    assert list(games)[-1] == GAME and games.mode(GAME).icon == "1F3A8"
    entry = games[GAME]
    assert entry.plugin is plugin and entry.scenes_module == f"{PACKAGE}.ui"
    # nothing of it in the shared data folder: its data and strings are its own folder's
    shared = paths.data_dir()
    assert not (shared / GAME).exists() and not list(shared.rglob(f"{GAME}.yaml"))
    offences = [o for path in sorted((ROOT / "game").rglob("*.py")) for o in namings(path, {GAME, "hh"})]
    assert not offences, offences


def test_its_data_and_strings_come_from_its_folder_even_when_found_after_the_strings(sixth):
    """The app reads the shared strings before the title's first frame, when no game is
    looked for: a game's own strings join them once the games are found, and reach every
    ``Strings`` made from them (a language switch's too). Its data counts in the data
    version that saves record."""
    from game.catalogue import data_version, load_catalogue
    from game.i18n import Strings

    catalogue = load_catalogue(eager=False)
    english = Strings(catalogue.strings.tables, "en")
    assert not english.has("games.hidden_hue.name")  # not looked for yet
    assert [c.id for c in catalogue.game(GAME).colours][:2] == ["red", "orange"]  # found: read from its folder
    assert english.get("games.hidden_hue.name") == "Hidden Hue"
    assert catalogue.strings.get("games.hidden_hue.name") == "Couleur cachée"
    assert catalogue.version != data_version(paths.data_dir())


def test_the_menu_the_lobby_the_how_to_and_the_shot_list_take_it_in(sixth):
    from game.context import build_context
    from game.scenes.menus.games import GameChoiceScene
    from game.scenes.menus.howto import howto_pages
    from game.scenes.menus.howto_pictures import all_shots, page_shots
    from game.scenes.menus.lobby import LobbyScene
    from game.shots import ShotRequest, registry, render

    ctx = build_context(headless=True, lang="en", seats=3)
    assert [entry.id for entry in GameChoiceScene(ctx).entries()][-1] == GAME
    lobby = LobbyScene(ctx, ctx.games[GAME])
    ctx.stack.push(lobby)
    assert lobby.problem() is None and lobby.options == {"hue_rounds": 2}
    pages = howto_pages(ctx, GAME)
    assert [title for title, _ in pages][:3] == ["A colour of your own", "Read your neighbour", "Colours up"]
    shots = page_shots(ctx.games.mode(GAME))
    assert shots[:3] == ("hidden_hue.guess", "hidden_hue.reveal", "hidden_hue.end") and set(shots[:3]) <= set(all_shots())
    known = registry()
    assert {"hidden_hue.guess", "hidden_hue.reveal", "hidden_hue.end", "lobby.hidden_hue"} <= set(known)
    for shot in shots[:3]:
        for lang in ("fr", "en"):
            canvas = render(shot, ShotRequest(lang=lang))
            assert canvas.get_size() == (1920, 1080)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_its_strings_are_its_own_in_both_languages(sixth, lang):
    """Every key of its file is under its prefixes or a lobby option's; the same keys in
    both languages; the French in the box's register (tu, elisions)."""
    from game.context import build_context
    from game.games import discover
    from game.i18n import game_strings
    from tests import test_french_words as french

    plugin = discover()[-1]
    own = game_strings(plugin.data_dir(paths.data_dir()) / "i18n", GAME)
    assert set(own["fr"]) == set(own["en"]) and len(own[lang]) > 30
    prefixes = plugin.string_prefixes()
    strays = [k for k in own[lang] if not any(k == p or k.startswith(p + ".") for p in (*prefixes, "options"))]
    assert not strays, strays
    strings = build_context(headless=True, lang=lang).strings
    assert all(strings.get(key) == text for key, text in own[lang].items())
    french.test_one_form_of_address_tu(strings)
    french.test_no_literal_word_misses_its_elision(strings)


# --- the rules -------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_bots_play_it_to_the_end_under_the_harness_checks(sixth, seats):
    """Invariants, no view leaking another seat's colour or guess, replay to the same hash."""
    entry, catalogue = entry_and_catalogue()
    for seed in range(4):
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"{seed}/{s}")) for s in range(seats)}
        result = play_match(entry.make_definition(catalogue), entry.default_config(seats), seed, bots, check=True)
        assert len(result.session.state.history) == 2 and result.outcome.winners


def test_its_move_s_declared_data_guards_what_a_phone_sends(sixth):
    entry, catalogue = entry_and_catalogue()
    schema = entry.plugin.move_schema(GAME, catalogue, "guess")
    schema.check({"colour": "red"}, "")
    for bad in ({"colour": "pink"}, {"colour": 3}, {"colour": ["red"]}, {}, {"colour": "red", "extra": 1}):
        with pytest.raises(IllegalAction):
            schema.check(bad, "")
    session = Session(entry.make_definition(catalogue), entry.default_config(3), 5)
    before, log = session.hash(), len(session.log)
    with pytest.raises(IllegalAction) as refused:
        session.submit(Action("guess", 0, {"colour": "\ud800"}))
    assert refused.value.reason == "bad_data" and session.hash() == before and len(session.log) == log


def test_its_pure_side_imports_no_pygame(sixth):
    """Its manifest, entries, rules and phone screen, loaded and played as ``sim`` does,
    pull in no pygame (tests/test_layers.py's rule for the box's games)."""
    script = (
        "import sys, game.games\n"
        f"game.games.__path__.append({str(PLUGINS)!r})\n"
        "from game import paths\n"
        "from game.core.playthrough import play_match\n"
        "from game.core.rng import Rng\n"
        "from game.games import all_games\n"
        f"entry = all_games()[{GAME!r}]\n"
        "catalogue, _ = entry.load_data(paths.data_dir())\n"
        "entry.plugin.phone_builder(entry.id)\n"
        "bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(s)) for s in range(3)}\n"
        "play_match(entry.make_definition(catalogue), entry.default_config(3), 1, bots)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"


# --- the board -------------------------------------------------------------------------------
def test_its_board_is_a_phase_board_and_its_folder_has_the_games_shape(sixth):
    from game.games import discover
    from tests.test_layers import folder_shape_problems
    from tests.test_phase_board import TABLE_HOOKS, game_boards
    from game.scenes.board import PhaseBoard

    (board,) = game_boards(PACKAGE)
    assert issubclass(board, PhaseBoard) and set(board.SECTIONS) == {"guess", "over"}
    assert not [hook for klass in board.__mro__ if issubclass(klass, PhaseBoard) and klass is not PhaseBoard
                for hook in TABLE_HOOKS if hook in vars(klass)]
    assert folder_shape_problems(discover()[-1], PLUGINS / GAME) == []


def test_a_living_room_plays_it_to_the_end_on_the_tv(sixth):
    """Title → game menu → lobby with the arrows side and two bots; each round the
    keyboard holds PEEK, waits out the look-away, picks a colour and answers behind its
    curtain; every round is read out by the shared reveal, the end is the shared end
    show; B goes back to the lobby."""
    from game.scenes.menus.lobby import LobbyScene
    from game.scenes.shows import EndShow, RevealPacing
    from tests.e2e import curtain_for, room_at_title, seat_table, title_to_lobby

    room = room_at_title(3)
    try:
        arrows = room.keyboard("right")
        title_to_lobby(room, arrows, GAME)
        board = seat_table(room, [arrows], bots=2)
        seat, reveals, guesses = arrows.seat, set(), 0
        for _ in range(2000):
            if board.session.outcome() is not None and not isinstance(board.section, RevealPacing):
                break
            if isinstance(board.section, RevealPacing):
                reveals.add(id(board.section))
                room.fast(1)  # the beats play out by themselves
            elif seat in board.session.current() and room.top is board:
                before = len(board.session.log)
                arrows.hold(Intent.PEEK)
                room.run(1)
                curtain = curtain_for(room, seat)
                assert curtain is not None and not curtain.showing  # the room looks away first
                room.look_away()
                assert curtain.showing
                arrows.tap(Intent.RIGHT)
                arrows.tap(Intent.CONFIRM, 2)
                arrows.let_go(Intent.PEEK)
                room.run(2)
                assert curtain_for(room, seat) is None
                assert [(a.seat, a.kind) for a in board.session.log[before:]].count((seat, "guess")) == 1
                guesses += 1
            else:
                room.fast(1)
        assert board.session.outcome() is not None and guesses == 2 and len(reveals) == 2
        assert isinstance(board.section, EndShow)
        room.until(board.end_choices_open)
        arrows.tap(Intent.BACK, 2)
        assert isinstance(room.top, LobbyScene) and room.top.entry.id == GAME
    finally:
        room.close()


@pytest.fixture
def phone_table(sixth, table):
    """The companion's table (tests/test_companion_match.py), made once the game is on
    the path."""
    return table


def test_a_phone_plays_a_seat_to_the_end_and_its_bad_data_is_refused(phone_table):
    from game.cli.bench_companion import moves_in
    from game.scenes.match import MatchScene
    from game.scenes.menus.lobby import LobbyScene
    from tests.test_companion_si import Phones, seat_phones
    from tests.test_phone_table import LOBBY, SKIP, skip_to_the_end_choices

    room, companion, crowd = phone_table
    lobby = LobbyScene(room.ctx, room.ctx.games[GAME])
    room.ctx.stack.push(lobby)
    phones = seat_phones(room, companion, crowd, ["Zoé"])
    for n in (1, 2):
        room.ctx.seats.add_bot(f"Robot {n}")
    lobby.start()
    board = room.find(MatchScene)
    board.bot_delay = (2, 4)
    (seat, phone), = phones.items()
    players = Phones(room, board, phones)
    players._until(lambda: players.screens.get(seat, {}).get("phase") == "guess", "the guess screen")
    screen = players.screens[seat]
    mine = board.session.view(seat).private.my_colour
    assert room.ctx.catalogue.game(GAME).colour(mine).name("en") in [f["value"] for f in screen["facts"]]
    offered = [move["data"]["colour"] for move in moves_in(screen) if move["kind"] == "guess"]
    assert sorted(offered) == sorted(c for c in board.public.in_play if c != mine)
    log = len(board.session.log)
    for bad in ({"colour": "pink"}, {"colour": ["red"]}, {"colour": mine, "spy": 1}):
        phone.send("act", kind="guess", data=bad)
        assert phone.next("error", lambda: room.run(1))["reason"] == "illegal:bad_data"
    # nothing of them reached the match (the bots play on meanwhile): the seat still has its guess to make
    assert not [a for a in board.session.log[log:] if a.seat == seat] and seat in board.session.current()
    for _ in range(400):
        if board.session.outcome() is not None:
            break
        if not players.step():
            room.skim(6)
    assert board.session.outcome() is not None and players.acts == 2 and players.refused == 0
    assert skip_to_the_end_choices(room, board, players, seat, phone) > 0
    players._until(lambda: LOBBY in moves_in(players.screens.get(seat)) and SKIP not in moves_in(players.screens[seat]),
                   "the end's choices on the phone")
    phone.send("act", **LOBBY)
    room.until(lambda: room.ctx.stack.top is lobby, limit=20)


# --- secrets ---------------------------------------------------------------------------------
@pytest.mark.parametrize("secret", ["guess", "colour"])
def test_a_seat_s_colour_and_guess_show_only_in_its_own_curtain(sixth, secret):
    """The same round played twice from one seed, seat 0 (a pad) answering behind its
    curtain: once naming another colour (``guess``), once dealt another colour
    (``colour``). Every TV frame is the same in both runs up to the reveal, except those
    the curtain shows the seat's own view in (tests/tv_diff.py)."""
    from dataclasses import replace

    from tests.tv_diff import PAD, record, same_tv

    def script(*taps: Intent):
        """Hold PEEK past the look-away, move the cursor (as many frames either way), answer."""
        def play(run):
            hand = run.hands[0]
            hand.hold(Intent.PEEK)
            run.frame(40)
            for intent in taps:
                hand.tap(intent)
            hand.tap(Intent.CONFIRM)
            hand.let_go(Intent.PEEK)
            run.until(lambda: bool(run.board.public.history))
        return play

    def dealt(other: int):
        def prepare(session):
            colours = list(session.state.colours)
            colours[0], colours[other] = colours[other], colours[0]
            session.state = replace(session.state, colours=tuple(colours))
        return prepare

    other, same = script(Intent.RIGHT, Intent.UP), script(Intent.RIGHT, Intent.RIGHT)  # UP moves nothing
    runs = {"guess": [dict(script=same), dict(script=other)],
            "colour": [dict(script=same, prepare=dealt(1)), dict(script=same, prepare=dealt(2))]}[secret]
    frames = [record(GAME, 7, [PAD], 2, 0, stop=lambda run: bool(run.board.public.history), **kwargs)
              for kwargs in runs]
    assert same_tv(*frames) > 0, "the runs' secrets never showed apart in the seat's own curtain"
