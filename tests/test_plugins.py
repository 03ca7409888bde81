"""Games as plug-ins (issue 26 item 1): each game package's ``PLUGIN`` holds what the
shared code knows of it, the registry finds the packages in ``game/games/``, and no game
is named outside its own package.

What "named" means here: a string literal (not a docstring) or an import, in the game's
code (``game/**/*.py``). Left out, on purpose: docstrings and comments (documentation:
no behaviour depends on them); ``data/`` (the catalogue's folders and the UI strings,
whose keys a game namespaces with its own id: data, read by the game's own code);
``tests/`` and ``docs/``; ``tools/`` (developer scripts, some about one game by purpose:
``si_tag_check.py``); ``pyproject.toml``'s package and mypy lists (packaging, which
tests/test_packaging.py checks against the folders).
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from pathlib import Path

import pytest

from game import paths
from game.core.actions import CHANCE, TIMEOUT
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.core.schema import Either, Int, OneOf
from game.games import GameRegistry, discover
from game.games.plugin import player_moves

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"


def _names_of(plugin) -> set[str]:
    """What names a game: its package's name and its entries' ids."""
    return {plugin.name, *(mode.id for mode in plugin.modes)}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (a module's, class's, function's)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def namings(path: Path, names: set[str], source: str | None = None) -> list[str]:
    """Where ``path`` (its text, or ``source``) names one of ``names``: in a string literal
    (as a whole word: ``"secret_identity.clues"`` names ``secret_identity``,
    ``"secret_identity_coop"`` names only itself) or by importing ``game.games.<name>``."""
    word = re.compile(r"(?<![A-Za-z0-9_])(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True))
                      + r")(?![A-Za-z0-9_])")
    tree = ast.parse(path.read_text(encoding="utf-8") if source is None else source)
    docstrings = _docstrings(tree)
    module = _module_of(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {match!r}" for match in word.findall(node.value)]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join([*parts[:len(parts) - node.level + 1], *([base] if base else [])])
                modules = [base] + [f"{base}.{alias.name}" for alias in node.names]
            else:
                modules = [alias.name for alias in node.names]
            named = [m for m in modules if m.split(".")[:3] in (["game", "games", name] for name in names)]
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: imports {named[0]}"] if named else []
    return found


def test_no_game_is_named_outside_its_own_package():
    plugins = discover()
    assert len(plugins) >= 4
    offences = []
    for path in sorted(GAME.rglob("*.py")):
        inside = path.relative_to(GAME / "games").parts[0] if path.is_relative_to(GAME / "games") else None
        others = set().union(*(_names_of(p) for p in plugins if p.name != inside))
        offences += namings(path, others)
    assert not offences, "\n".join(offences)


def test_the_check_sees_a_literal_an_import_and_not_a_docstring():
    """Positive controls, as if in a module of the shared code (nothing is written there)."""
    names = {"secret_identity", "secret_identity_coop", "incognito"}
    source = textwrap.dedent('''\
        """The incognito docstring names incognito: documentation."""
        from ..games.incognito.rules import drawing
        from ..games import secret_identity_coop
        import game.games.secret_identity.ui
        SHOTS = {"secret_identity.clues": 1, "lobby.secret_identity_coop": 2}
        HELP = f"{drawing} or secret_identity_coop"
        ICONS = ("secret_identityx", "incognitos", "Incognito")  # none of them a name
        ''')
    seen = namings(GAME / "scenes" / "a_shared_module.py", names, source)
    assert sorted(line.split(": ", 1)[1] for line in seen) == sorted([
        "imports game.games.incognito.rules", "imports game.games.secret_identity_coop",
        "imports game.games.secret_identity.ui", "'secret_identity'", "'secret_identity_coop'",
        "'secret_identity_coop'"]), seen


# --- discovery -----------------------------------------------------------------------------
#: The box's games, in the game menu's order.
BOX = ["secret_identity", "personality", "mission_secrete", "incognito"]


def test_the_registry_lists_the_plugins_in_menu_order():
    plugins = discover()
    assert [p.name for p in plugins if p.name in BOX] == BOX
    assert [mode.id for p in plugins for mode in p.modes] == list(GameRegistry())
    for plugin in plugins:
        entries = plugin.entries()
        assert list(entries) == [mode.id for mode in plugin.modes]
        for entry in entries.values():
            assert entry.plugin is plugin and entry.catalogue_key == plugin.name and entry.mode.icon
            assert callable(plugin.phone_builder(entry.id)) and callable(entry.scenes().make_board)


TOY_PLUGIN = '''\
from game.games.plugin import GamePlugin, Mode

PLUGIN = GamePlugin(__name__, order=99, modes=(Mode("toy_plugged", icon="1F9F8"),))
'''
TOY_ENTRIES = '''\
from game.games import GameEntry
from tests.toygame import ToyBot, ToyGame


class PluggedToy(ToyGame):
    id = "toy_plugged"

    def __init__(self, catalogue):  # rules are made from their catalogue (the toy has none)
        super().__init__()


ENTRIES = (GameEntry.of_package(__package__, PluggedToy, lambda data_dir, custom_dir: (None, []),
                                make_bot=lambda catalogue, seat, rng, level="normal": ToyBot(seat, rng, level),
                                options=()),)
'''


def test_a_game_package_in_a_folder_added_to_the_path_plugs_in(tmp_path, monkeypatch):
    """The hook a test-only game uses: a folder holding a game package, added to
    ``game.games.__path__``; no shared file is edited."""
    import game.games

    package = tmp_path / "toy_plugged"
    package.mkdir()
    (package / "__init__.py").write_text(TOY_PLUGIN)
    (package / "entries.py").write_text(TOY_ENTRIES)
    monkeypatch.setattr(game.games, "__path__", [*game.games.__path__, str(tmp_path)])
    monkeypatch.syspath_prepend(str(ROOT))
    try:
        plugins = discover()
        assert plugins[-1].name == "toy_plugged" and plugins[-1].package == "game.games.toy_plugged"
        games = GameRegistry()
        assert list(games)[-1] == "toy_plugged" and games.mode("toy_plugged").icon == "1F9F8"
        entry = games["toy_plugged"]
        assert entry.plugin is plugins[-1] and entry.catalogue_key == "toy_plugged"
        assert entry.scenes_module == "game.games.toy_plugged.ui"
        bots = {seat: entry.make_bot(None, seat, Rng.from_seed(seat)) for seat in range(2)}
        assert play_match(entry.make_definition(None), entry.default_config(2), 1, bots).outcome.scores
    finally:
        for name in [m for m in sys.modules if m == "game.games.toy_plugged" or m.startswith("game.games.toy_plugged.")]:
            del sys.modules[name]


def test_a_package_without_a_plugin_is_refused_by_name(tmp_path, monkeypatch):
    import game.games

    (tmp_path / "half_a_game").mkdir()
    (tmp_path / "half_a_game" / "__init__.py").write_text('"""No PLUGIN here."""\n')
    monkeypatch.setattr(game.games, "__path__", [*game.games.__path__, str(tmp_path)])
    try:
        with pytest.raises(LookupError, match="half_a_game"):
            discover()
    finally:
        sys.modules.pop("game.games.half_a_game", None)


# --- what a plug-in declares ------------------------------------------------------------------
def _flat(node: dict, prefix: str = "") -> list[str]:
    out = []
    for key, value in node.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        out += _flat(value, full) if isinstance(value, dict) else [full]
    return out


def _under(key: str, prefixes: tuple[str, ...]) -> bool:
    return any(key == p or key.startswith(p + ".") for p in prefixes)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_game_s_strings_live_in_its_own_file_under_its_namespace(lang):
    """A plug-in's strings (its ``strings`` prefixes and each mode's ``games.<id>``,
    ``howto.<id>``, ``phone.howto.<id>``) are all in ``<data>/i18n/<lang>/<name>.yaml``
    (``<data>`` the shared ``data/`` folder, or the plug-in's own) and in no other file;
    that file holds nothing else but the lobby options' labels."""
    import yaml

    plugins = discover()
    shared = paths.data_dir()
    files = {*(shared / "i18n" / lang).glob("*.yaml"),
             *(plugin.data_dir(shared) / "i18n" / lang / f"{plugin.name}.yaml" for plugin in plugins)}
    keys = {path.stem: _flat(yaml.safe_load(path.read_text(encoding="utf-8"))) for path in files}
    for plugin in plugins:
        prefixes = plugin.string_prefixes()
        assert plugin.name in keys, plugin.name
        strays = [k for k in keys[plugin.name] if not _under(k, prefixes) and not k.startswith("options.")]
        assert not strays, (plugin.name, strays)
        for stem, found in keys.items():
            if stem != plugin.name:
                assert not [k for k in found if _under(k, prefixes)], (plugin.name, stem)
        for mode in plugin.modes:
            assert f"games.{mode.id}.name" in keys[plugin.name] and f"howto.{mode.id}.1.title" in keys[plugin.name]


@pytest.mark.parametrize("plugin", discover(), ids=lambda p: p.name)
def test_each_move_s_data_is_read_from_the_plugin(plugin):
    """``move_schema``: what a phone may send for a move, from the rules' declared phases,
    without naming the game; every move the bots make in a match fits it."""
    for mode in plugin.modes:
        entry = plugin.entries()[mode.id]
        catalogue, _ = entry.load_catalogue(paths.data_dir(), None)
        seats = entry.min_seats
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(s)) for s in range(seats)}
        log = play_match(entry.make_definition(catalogue), entry.default_config(seats), 3, bots).session.log
        moves = [a for a in log if a.seat is not None and a.kind not in (CHANCE, TIMEOUT)]
        schemas = {kind: plugin.move_schema(mode.id, catalogue, kind) for kind in {a.kind for a in moves}}
        assert schemas and None not in schemas.values(), (mode.id, schemas)
        for action in moves:
            schemas[action.kind].check(dict(action.data), "")
        assert plugin.move_schema(mode.id, catalogue, "no_such_move") is None
        assert plugin.move_schema(mode.id, catalogue, CHANCE) is None  # the table's, not a player's


def test_a_move_two_phases_declare_differently_takes_either_s_data():
    from types import SimpleNamespace as Obj

    seat, word = Int(0, 3), OneOf(("a", "b"))
    same = OneOf(("x",))
    phases = [Obj(moves={"vote": Obj(data=seat), "ready": Obj(data=same), CHANCE: Obj(data=word)}),
              Obj(moves={"vote": Obj(data=word), "ready": Obj(data=same)})]
    moves = player_moves(Obj(phases=lambda: phases))
    assert set(moves) == {"vote", "ready"} and moves["ready"] is same
    assert isinstance(moves["vote"], Either)
    moves["vote"].check(2, "")
    moves["vote"].check("b", "")
