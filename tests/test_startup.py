"""Start-up (issue 18 item 1): the title's first frame is drawn before anything it does
not need is imported or made (the games, the engine, pygame_gui, the match and phone
modules, hashlib's OpenSSL, hyphenation, the rotating log handler), and the game
registry imports a game's package only when it is used."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

from game.games import GameRegistry, all_games, discover
from game.games.plugin import GamePlugin, Mode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: A child process: ``python -m game``'s path to the first title frame (the bench's
#: start-up figure), then which of the modules it should not need were imported.
FIRST_FRAME = textwrap.dedent("""
    import json, sys
    from game.cli.bench_startup import first_title_frame
    first_title_frame()
    assert "game.scenes.phone_serving" in sys.modules  # the app serves phones (or idles) through it
    late = ["pygame_gui", "yaml", "game.core.engine", "game.scenes.match", "game.scenes.board", "game.scenes.phones",
            "game.companion.bridge", "aiohttp", "asyncio", "importlib.metadata", "hashlib", "pyphen", "logging.handlers",
            "socket", "zipfile", "logging", "argparse", "pkgutil"] + [f"game.games.{package}" for package in sys.argv[1:]]
    print(json.dumps([name for name in late if name in sys.modules]))
""")


def test_the_first_title_frame_imports_only_what_it_draws(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT, XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_STATE_HOME=str(tmp_path / "state"))
    for run, parsed in (("first", ["yaml"]), ("next", [])):  # the strings are parsed once, then read back
        out = subprocess.run([sys.executable, "-c", FIRST_FRAME, *(p.name for p in discover())], cwd=ROOT, env=env, check=True,
                             capture_output=True, text=True, timeout=120).stdout
        assert json.loads(out.strip().splitlines()[-1]) == parsed, run


def test_the_registry_knows_every_game_before_importing_its_rules(monkeypatch):
    """Made, it looks for nothing; listed, it imports each game package's manifest
    (``PLUGIN``) and none of its rules; read, a plug-in's entries all at once."""
    imported = []
    real = __import__("importlib").import_module
    monkeypatch.setattr("game.games.importlib.import_module", lambda name: imported.append(name) or real(name))
    games = GameRegistry()
    assert imported == []
    assert list(games) == ["secret_identity", "secret_identity_coop", "personality", "mission_secrete", "incognito"]
    assert "incognito" in games and "chess" not in games and len(games) == 5
    assert games.mode("personality").icon == "1FA9E" and games.mode("chess") == Mode("chess")
    manifests = sorted(f"game.games.{package}" for package in ("secret_identity", "personality", "mission_secrete", "incognito"))
    assert imported == manifests
    assert games["secret_identity_coop"].id == "secret_identity_coop"
    assert games["secret_identity"].catalogue_key == "secret_identity"
    # both entries of the package at once (each entry names its package's plug-in, imported already)
    assert [name for name in imported[len(manifests):] if name not in manifests] == ["game.games.secret_identity.entries"]
    with pytest.raises(KeyError):
        games["chess"]


def test_listing_the_games_imports_their_manifests_only(tmp_path):
    code = ("import sys; from game.games import all_games; games = all_games(); "
            "print(list(games), games.mode('incognito').bench_scene); "
            "print(sorted(m for m in sys.modules if m.startswith('game.games')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120, check=True)
    ids, modules = out.stdout.splitlines()
    assert ids.startswith("['secret_identity'") and ids.endswith("incognito.turn.open")
    assert modules == str(sorted(["game.games", "game.games.plugin", "game.games.secret_identity",
                                  "game.games.personality", "game.games.mission_secrete", "game.games.incognito"]))


def test_a_package_must_declare_the_ids_its_plugin_lists():
    plugin = GamePlugin("game.games.personality", order=2, modes=(Mode("personality"), Mode("personality_duel")))
    games = GameRegistry([plugin])
    assert list(games) == ["personality", "personality_duel"]
    with pytest.raises(LookupError, match="personality_duel"):
        games["personality"]


def test_tests_may_register_a_game_of_their_own():
    from toygame import ENTRY as TOY

    games = all_games()
    games[TOY.id] = TOY
    assert games[TOY.id] is TOY and list(games)[-1] == TOY.id
    del games[TOY.id]
    assert TOY.id not in games


#: A child process: the context and the title, ``settle`` (what ``play`` runs behind the
#: title), then every game's lobby, the settings and the game list opened and closed.
SETTLED = textwrap.dedent("""
    import gc, json, sys
    from game.cli.play import settle
    from game.context import build_context
    from game.scenes.menus.title import TitleScene

    ctx = build_context(headless=True, seats=4)
    ctx.stack.push(TitleScene(ctx, attract=False))
    settle()
    settled = set(sys.modules)
    from game.scenes.menus.games import GameChoiceScene
    from game.scenes.menus.lobby import LobbyScene
    from game.scenes.menus.settings import SettingsScene

    canvas = ctx.kit.canvas()
    screens = [lambda g=g: LobbyScene(ctx, ctx.games[g]) for g in ctx.games]
    for make in screens + [lambda: SettingsScene(ctx), lambda: GameChoiceScene(ctx)]:
        ctx.stack.push(make())
        ctx.stack.draw(canvas, 1.0)
        ctx.stack.pop()
    gc.collect()
    walked = len(gc.get_objects())
    ctx.menu_gui.kept.clear()  # (the last closed screens' buttons, kept for their next opening)
    gc.collect()
    boards = sys.argv[1:]
    print(json.dumps([len(gc.get_objects()), walked, sorted(set(sys.modules) - settled),
                      [b for b in boards if b not in settled]]))
""")


def test_behind_the_title_what_menus_load_on_first_use_is_imported_and_frozen(tmp_path):
    """Opening a menu imports nothing, and the full GC pass run as each screen closes
    walks a few dozen objects, not the thousands of the modules the menus import on
    first use (bench --menus: ~5 ms a closing, and a ~10 ms pass in a lobby's opening)."""
    env = dict(os.environ, PYTHONPATH=ROOT, XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_STATE_HOME=str(tmp_path / "state"))
    boards = [name for plugin in discover() for name in plugin.tv_modules()]
    assert "game.games.secret_identity.deck" in boards  # the lobby's deck: settled too
    out = subprocess.run([sys.executable, "-c", SETTLED, *boards], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    left_to_the_gc, with_kept, imported_later, boards_not_loaded = json.loads(out.strip().splitlines()[-1])
    assert imported_later == [] and boards_not_loaded == []
    assert left_to_the_gc < 500
    # and the two last closed screens' buttons (kept_widgets.py): ~800 objects, a pass ~0.08 ms
    assert with_kept - left_to_the_gc < 1500


#: A child process: ``play``'s start, then a player pressing ENTER every frame while the
#: games' data loads and ``settle`` imports behind the title; which modules the main
#: thread imported meanwhile, how many frames that took, and the top scene once input runs.
PRESSED_WHILE_SETTLING = textwrap.dedent("""
    import json, sys, threading
    import pygame
    from game.cli.bench_startup import first_title_frame
    from game.cli.play import behind_title

    ctx, app = first_title_frame()
    main_thread_imports = []

    class Recorder:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if threading.current_thread() is threading.main_thread():
                main_thread_imports.append(name)
            return None

    sys.meta_path.insert(0, Recorder)
    thread = behind_title(ctx)
    frames = 0
    while thread.is_alive():
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="\\r", scancode=40))
        app.frame()
        frames += 1
    while_settling = list(main_thread_imports)
    for _ in range(3):
        app.frame()
    print(json.dumps([while_settling, frames, type(ctx.stack.top).__name__]))
""")


def test_while_settle_imports_behind_the_title_the_main_thread_imports_nothing(tmp_path):
    """Two threads importing modules of one import cycle (every game's ``rules`` and
    ``ui`` packages import their own modules) can deadlock; so while ``play``'s thread
    behind the title runs, the app keeps a player's presses for later: they open the
    menus (and import them) once it is done, none lost."""
    env = dict(os.environ, PYTHONPATH=ROOT, XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_STATE_HOME=str(tmp_path / "state"))
    out = subprocess.run([sys.executable, "-c", PRESSED_WHILE_SETTLING], cwd=ROOT, env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout
    imported, frames, top = json.loads(out.strip().splitlines()[-1])
    assert frames > 3 and imported == []
    assert top != "TitleScene"  # the presses held meanwhile left the title


#: A child process: ``play``'s title on a clock moved by hand, its first frame drawn
#: ``sys.argv[1]`` s after the app was made, then a few more (the title keeps the first
#: frame's texts and sprites at its first fixed step); prints those the first frame drew.
KEPT_TITLE_TEXTS = textwrap.dedent("""
    import json, sys
    from types import SimpleNamespace
    from game import crash
    from game.cli.play import open_title, prepare_environment
    from game.ui import glyphs, shapes
    from game.ui.text import Text

    rendered = []
    render = Text._render_text
    Text._render_text = lambda self, text, *rest: rendered.append(text) or render(self, text, *rest)
    make_glyph = glyphs.Glyphs._make_glyph
    glyphs.Glyphs._make_glyph = lambda self, name, size: rendered.append(f"glyph {name}") or make_glyph(self, name, size)
    fill = shapes.fill_shape  # the seat tokens' sprites
    shapes.fill_shape = lambda surface, shape, *rest: rendered.append(f"token {shape}") or fill(surface, shape, *rest)
    prepare_environment()
    ctx, app, clock = open_title(SimpleNamespace(fullscreen=False, lang="en", smoke=True), crash.install())
    clock.now = float(sys.argv[1])
    app.frame()
    first = list(rendered)
    for _ in range(3):
        clock.now += 1 / 60
        app.frame()
    print(json.dumps(first))
""")


def test_the_title_s_first_frame_draws_no_text_or_sprite_at_the_next_start(tmp_path):
    """The first frame's texts, pad glyph and seat tokens are read back from the last
    start's (ui/kept_texts.py), whenever that frame is drawn: "press to start" pulses by
    fixed step, so its colour in the first frame does not depend on the time since the
    app was made."""
    env = dict(os.environ, PYTHONPATH=ROOT, XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_STATE_HOME=str(tmp_path / "state"))
    runs = []
    for first_frame_after in ("0.0", "0.012"):
        out = subprocess.run([sys.executable, "-c", KEPT_TITLE_TEXTS, first_frame_after], cwd=ROOT, env=env,
                             check=True, capture_output=True, text=True, timeout=120).stdout
        runs.append(json.loads(out.strip().splitlines()[-1]))
    assert {"Press to start", "glyph A", "token star"} <= set(runs[0]) and runs[1] == []
