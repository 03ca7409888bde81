"""The layers, enforced from the imports (every ``import`` in the source, lazy ones too).

- ``game/core`` imports nothing of the game outside ``game.core``.
- The pure side of every game — the package's ``__init__`` (its plug-in), its registry
  entries and every module whose role is rules, state, phases, events, view, bots,
  catalogue, phone screens, audience play-along or lobby deck (by file name, or a folder of that name:
  ``secret_identity/rules/``, ``secret_identity/phone/``) — and every game module they
  import, imports no pygame, pygame_gui, ``game.ui``, ``game.scenes``, ``game.app``,
  ``game.input`` or ``game.context``, and no game UI module (named, or in a folder
  named, ``scenes`` or ``ui``).
- ``game/input`` imports no scene and not the app (the hub calls ``on_seat_lost``, which
  the app wires).
- ``game/companion`` (the phone server runs in its own thread) imports no pygame,
  pygame_gui, scene, UI, input, app or context; only the scenes, the app and the tools
  (``game/cli``: the bench) import it.
- No import cycle, lazy imports included (only those under ``if TYPE_CHECKING:`` are
  left out): the context imports no scene, boards no menu, and only the tools, the
  layout probe and the how-to pictures' maker import the shot registry (``game/shots.py``);
  only the tools import ``game/cli``.

The pure set is found by role, not listed by file, so it follows modules that move.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
PURE_ROLES = {"rules", "state", "phases", "events", "view", "bots", "catalogue", "entries", "phone", "deck",
              "audience"}
#: Shared modules the pure side may use (they import no pygame either).
SHARED_PURE = ("game.catalogue", "game.data_loading", "game.i18n", "game.seats", "game.icons", "game.paths",
               "game.games")
UI_ROLES = {"scenes", "ui"}
FORBIDDEN_FOR_PURE = ("pygame", "pygame_gui", "game.ui", "game.scenes", "game.app", "game.input", "game.context")


@functools.cache  # (the checks below ask for the same modules again and again)
def module_path(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache  # each source parsed once for all the checks of a run
def imported(path: Path, runtime: bool = False) -> frozenset[str]:
    """Absolute names of every module ``path`` imports (``from m import x`` counts ``m.x``
    too when that is a module); ``runtime``: not those under ``if TYPE_CHECKING:``, which
    never run."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(node) for block in ast.walk(tree) if runtime and _type_checking(block)
                   for stmt in block.body for node in ast.walk(stmt)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            out.add(module)
            out |= {f"{module}.{alias.name}" for alias in node.names if module_path(f"{module}.{alias.name}")}
    return frozenset(out)


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def within(name: str, prefixes: tuple[str, ...] | str) -> bool:
    return any(name == p or name.startswith(p + ".") for p in ((prefixes,) if isinstance(prefixes, str) else prefixes))


def role(name: str) -> str | None:
    """A game module's role: ``rules``, ``view``… (its file's or a folder's name), or
    ``entry`` for the package ``__init__``; None for the rest (scenes, boards, widgets)."""
    parts = name.split(".")
    if len(parts) == 3 and parts[:2] == ["game", "games"]:
        return "entry"
    return next((part for part in parts[3:] if part in PURE_ROLES), None)


def pure_roots() -> list[str]:
    games = [module_name(p) for p in (GAME / "games").rglob("*.py")]
    return [n for n in games if role(n) is not None] + [n for n in SHARED_PURE if module_path(n)]


def pure_closure() -> dict[str, str]:
    """Every game module the pure roots reach, with the root that reached it."""
    seen: dict[str, str] = {}
    todo = [(root, root) for root in pure_roots()]
    while todo:
        name, root = todo.pop()
        if name in seen:
            continue
        seen[name] = root
        path = module_path(name)
        if path is not None:
            todo += [(m, root) for m in imported(path) if within(m, "game") and module_path(m)
                     and not pure_offences(name, {m})]  # an offence is told once, at its importer
    return seen


def pure_offences(name: str, imports: set[str]) -> list[str]:
    """Forbidden imports of a pure module: pygame, the app's layers, or a game's UI
    (a module or folder named ``scenes`` or ``ui``). A game helper without a role (say
    Incognito's ``drawing``) is allowed: it is in the closure, so checked the same way."""
    bad = [m for m in imports if within(m, FORBIDDEN_FOR_PURE)
           or (within(m, "game.games") and UI_ROLES & set(m.split(".")[3:]))]
    return [f"{name} imports {m}" for m in sorted(set(bad))]


def test_core_imports_no_game():
    offenders = [f"{module_name(p)} imports {m}" for p in (GAME / "core").rglob("*.py") for m in imported(p)
                 if within(m, ("game", "pygame", "pygame_gui")) and not within(m, "game.core")]
    assert not offenders, offenders


def test_the_pure_side_imports_no_pygame_ui_scenes_app_or_input():
    offenders = []
    for name in pure_closure():
        path = module_path(name)
        if path is not None:
            offenders += pure_offences(name, imported(path))
    assert not offenders, offenders


def test_input_imports_no_scenes():
    offenders = [f"{module_name(p)} imports {m}" for p in (GAME / "input").rglob("*.py") for m in imported(p)
                 if within(m, ("game.scenes", "game.app", "game.context"))]
    assert not offenders, offenders


FORBIDDEN_FOR_COMPANION = ("pygame", "pygame_gui", "game.scenes", "game.ui", "game.input", "game.app", "game.context")
MAY_IMPORT_COMPANION = ("game.companion", "game.scenes", "game.app", "game.cli")


def companion_offences(name: str, imports: set[str]) -> list[str]:
    """What a module may not import about the companion: inside it, pygame and the
    app's layers; outside it, the companion itself unless it is a scene, the app or a tool."""
    if within(name, "game.companion"):
        bad = [m for m in imports if within(m, FORBIDDEN_FOR_COMPANION)]
    elif not within(name, MAY_IMPORT_COMPANION):
        bad = [m for m in imports if within(m, "game.companion")]
    else:
        bad = []
    return [f"{name} imports {m}" for m in sorted(set(bad))]


def test_the_companion_imports_no_pygame_and_only_scenes_and_the_app_import_it():
    offenders = [o for p in GAME.rglob("*.py") for o in companion_offences(module_name(p), imported(p))]
    assert not offenders, offenders
    # Positive controls: the check flags both directions, and sees the real modules.
    assert companion_offences("game.companion.server", {"pygame.display"})
    assert companion_offences("game.companion.bridge", {"game.scenes.match"})
    assert companion_offences("game.games.incognito.rules.game", {"game.companion.bridge"})
    assert not companion_offences("game.scenes.phones", {"game.companion.bridge"})
    assert "game.companion.bridge" in imported(GAME / "scenes" / "phones.py")
    assert "aiohttp" in imported(GAME / "companion" / "server.py")


def test_the_checks_see_what_they_must():
    """Positive controls: the roles find every game's rules and the checks flag a
    forbidden import, including a relative and a lazy one."""
    closure = pure_closure()
    for module in ("game.core.engine", "game.games.mission_secrete.rules.game", "game.games.mission_secrete.rules.events",
                   "game.games.secret_identity.rules.competitive", "game.games.personality.rules.bots",
                   "game.games.incognito.rules.drawing", "game.games.mission_secrete", "game.games.mission_secrete.entries",
                   "game.games.incognito.phone", "game.games.secret_identity.phone.clues", "game.games.secret_identity.deck",
                   "game.games.phone_kit"):
        assert module in closure or within(module, "game.core"), module
    assert "game.games.mission_secrete.ui.board" not in closure
    assert imported(GAME / "games" / "mission_secrete" / "ui" / "play.py") >= {"pygame", "game.scenes.board",
                                                                          "game.games.mission_secrete.rules.view"}
    assert pure_offences("x", {"game.scenes.match"}) and pure_offences("x", {"pygame.draw"})
    assert pure_offences("x", {"game.games.mission_secrete.ui.board"})
    assert not pure_offences("x", {"game.core.engine", "game.games.mission_secrete.rules.view"})


def test_rules_side_pulls_in_no_pygame_transitively():
    """Loading every game's catalogue, rules and bots and playing a match headless
    (what ``sim`` does) must not import pygame, even through a helper module."""
    import subprocess
    import sys

    script = (
        "import sys\n"
        "from game.catalogue import load_catalogue\n"
        "from game.core.playthrough import play_match\n"
        "from game.core.rng import Rng\n"
        "from game.games import all_games\n"
        "catalogue = load_catalogue()\n"
        "for entry in all_games().values():\n"
        "    data = catalogue.game(entry.catalogue_key)\n"
        "    n = entry.min_seats\n"
        "    bots = {s: entry.make_bot(data, s, Rng.from_seed(s)) for s in range(n)}\n"
        "    play_match(entry.make_definition(data), entry.default_config(n), 1, bots)\n"
        "leaks = sorted(m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui'))\n"
        "print(leaks)\n"
        "sys.exit(1 if leaks else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_game_has_one_folder_shape():
    """Every ``game/games/<id>/`` is its plug-in (``__init__.py``), its registry entries
    (``entries.py``), a pure ``rules/`` package, a pygame ``ui/`` package exporting
    ``make_board`` and ``SHOTS``, and the modules its plug-in names (phone screens, the
    audience's play-along, a lobby deck) and the data folder it keeps with its code, if any, nothing else."""
    from game.games import discover

    for plugin in discover():
        assert folder_shape_problems(plugin, GAME / "games" / plugin.name) == [], plugin.name


def folder_shape_problems(plugin, folder: Path) -> list[str]:
    """What in the game package ``folder`` breaks the one folder shape (the test above;
    tests/test_sixth_game.py holds a game outside ``game/games`` to it too)."""
    named = {module.split(".")[0] for module in (plugin.deck, *(mode.phone for mode in plugin.modes),
                                                    *(mode.audience for mode in plugin.modes)) if module}
    own_data = {plugin.data.split("/")[0]} if plugin.data else set()
    allowed = {"__init__.py", "entries.py", "rules", "ui"} | {f"{name}.py" for name in named} | named | own_data
    found = {p.name for p in folder.iterdir() if p.name != "__pycache__"}
    problems = [f"missing {name}" for name in sorted({"__init__.py", "entries.py", "rules", "ui"} - found)]
    problems += [f"unexpected {name}" for name in sorted(found - allowed)]
    problems += [f"{sub} is no package" for sub in ("rules", "ui") if not (folder / sub / "__init__.py").is_file()]
    if (folder / "ui" / "__init__.py").is_file() and not {"make_board", "SHOTS"} <= set(
            ast.literal_eval(_all_of(folder / "ui" / "__init__.py"))):
        problems.append("ui exports no make_board and SHOTS")
    return problems


def _all_of(path: Path) -> str:
    """The source of ``__all__``'s value in a module."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in node.targets):
            return ast.unparse(node.value)
    raise AssertionError(f"{path} has no __all__")


def test_the_companion_imports_no_pygame_scenes_or_ui():
    """``game/companion`` runs in the server's thread and builds phone screens from
    views: it and every game module it reaches import no pygame, scene, UI, app or input."""
    roots = [module_name(p) for p in (GAME / "companion").rglob("*.py")]
    assert "game.companion.present" in roots
    offenders, seen, todo = [], set(), list(roots)
    while todo:
        name = todo.pop()
        path = module_path(name)
        if name in seen or path is None:
            continue
        seen.add(name)
        imports = imported(path)
        offenders += pure_offences(name, imports)
        todo += [m for m in imports if within(m, "game")]
    assert not offenders, offenders


# --- no import cycle -------------------------------------------------------------------------
def runtime_graph() -> dict[str, set[str]]:
    """Every module of ``game/`` -> the game modules it imports when it runs: every import
    statement, function-level ones included, not those under ``if TYPE_CHECKING:``. An
    import names the module it loads (``from m import f`` names ``m``); the packages above
    it are not counted (a package's ``__init__`` exporting its own modules is no cycle)."""
    graph: dict[str, set[str]] = {}
    for path in GAME.rglob("*.py"):
        name, edges = module_name(path), set()
        for target in imported(path, runtime=True):
            while target and not module_path(target):
                target = target.rpartition(".")[0]
            if within(target, "game") and target != name:
                edges.add(target)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next((m for m in edges if m in graph), None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_cycle_lazy_imports_included():
    """Layers point one way even where an import waits inside a function: a cycle is
    named with, for each of its modules, what it imports of the cycle."""
    graph = runtime_graph()
    told = [f"a cycle of {len(c)} modules:" + "".join(f"\n  {m} -> {', '.join(sorted(graph[m] & set(c)))}" for m in c)
            for c in cycles(graph)]
    assert not told, "\n".join(told)


#: Who may import the shot registry (game/shots.py) when it runs: the tools, and the two
#: that draw screens without the command line. The modules that declare shots name its
#: request type under ``TYPE_CHECKING`` only, so the game in play never loads it.
MAY_IMPORT_SHOTS = ("game.cli", "game.ui.layout_probe", "game.scenes.menus.howto_pictures")
#: The shared board and its parts (``scenes/match.py``): like every game's ``ui``, they
#: import no menu.
BOARD_PARTS = ("game.scenes.match", "game.scenes.board", "game.scenes.shows", "game.scenes.bot_driver",
               "game.scenes.phone_link", "game.scenes.save_notice")


def test_the_context_boards_and_picture_making_import_nothing_above_them():
    """The context (built before any scene) imports no scene, app, tool or registry;
    boards (the match scene, every game's ``ui``) import no menu; only the tools import
    ``game.cli``, and only the tools, the layout probe and the how-to pictures' maker
    import the shot registry."""
    offenders = [f"game.context imports {m}" for m in imported(GAME / "context.py")
                 if within(m, ("game.scenes", "game.app", "game.cli", "game.shots"))]
    for path in GAME.rglob("*.py"):
        name, runtime = module_name(path), imported(path, runtime=True)
        board = within(name, BOARD_PARTS) or (within(name, "game.games") and "ui" in name.split(".")[3:])
        offenders += [f"{name} imports {m}" for m in sorted(runtime) if board and within(m, "game.scenes.menus")]
        offenders += [f"{name} imports {m}" for m in sorted(imported(path))
                      if within(m, "game.cli") and not within(name, ("game.cli", "game.__main__"))]
        offenders += [f"{name} imports {m}" for m in sorted(runtime)
                      if within(m, "game.shots") and not within(name, MAY_IMPORT_SHOTS)]
    assert not offenders, offenders
    assert "game.shots" in imported(GAME / "scenes" / "peek.py")  # positive control: its type, for checking only
    assert "game.shots" in imported(GAME / "scenes" / "menus" / "howto_pictures.py", runtime=True)


def test_the_cycle_check_sees_lazy_imports_and_skips_type_checking_ones():
    """Positive controls: a cycle through a function-level import is found; one only
    under ``TYPE_CHECKING`` is not (it never runs)."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    assert "game.ui.music" in runtime_graph()["game.ui.audio"]  # ``from . import music`` in a method
    match = GAME / "scenes" / "match.py"
    assert "game.context" in imported(match) and "game.context" not in imported(match, runtime=True)
