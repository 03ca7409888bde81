"""The layers, enforced from the imports (every ``import`` in the source, lazy ones too).

- ``game/core`` imports nothing of the game outside ``game.core``.
- The pure side of every game — the package's ``__init__`` (its plug-in), its registry
  entries and every module whose role is rules, state, phases, events, view, bots,
  catalogue, phone screens or lobby deck (by file name, or a folder of that name:
  ``secret_identity/rules/``, ``secret_identity/phone/``) — and every game module they
  import, imports no pygame, pygame_gui, ``game.ui``, ``game.scenes``, ``game.app``,
  ``game.input`` or ``game.context``, and no game UI module (named, or in a folder
  named, ``scenes`` or ``ui``).
- ``game/input`` imports no scene and not the app (the hub calls ``on_seat_lost``, which
  the app wires).
- ``game/companion`` (the phone server runs in its own thread) imports no pygame,
  pygame_gui, scene, UI, input, app or context; only the scenes, the app and the tools
  (``game/cli``: the bench) import it.

The pure set is found by role, not listed by file, so it follows modules that move.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
PURE_ROLES = {"rules", "state", "phases", "events", "view", "bots", "catalogue", "entries", "phone", "deck"}
#: Shared modules the pure side may use (they import no pygame either).
SHARED_PURE = ("game.catalogue", "game.data_loading", "game.i18n", "game.seats", "game.icons", "game.paths",
               "game.games")
UI_ROLES = {"scenes", "ui"}
FORBIDDEN_FOR_PURE = ("pygame", "pygame_gui", "game.ui", "game.scenes", "game.app", "game.input", "game.context")


def module_path(name: str) -> Path | None:
    base = ROOT.joinpath(*name.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> set[str]:
    """Absolute names of every module ``path`` imports (``from m import x`` counts ``m.x``
    too when that is a module)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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
    return out


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
    assert imported(GAME / "games" / "mission_secrete" / "ui" / "board.py") >= {"pygame", "game.scenes.match",
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
    ``make_board`` and ``SHOTS``, and the modules its plug-in names (phone screens, a
    lobby deck), nothing else."""
    from game.games import discover

    for plugin in discover():
        folder = GAME / "games" / plugin.name
        named = {module.split(".")[0] for module in (plugin.deck, *(mode.phone for mode in plugin.modes)) if module}
        allowed = {"__init__.py", "entries.py", "rules", "ui"} | {f"{name}.py" for name in named} | named
        found = {p.name for p in folder.iterdir() if p.name != "__pycache__"}
        assert {"__init__.py", "entries.py", "rules", "ui"} <= found <= allowed, (plugin.name, sorted(found))
        for sub in ("rules", "ui"):
            assert (folder / sub / "__init__.py").is_file(), (plugin.name, sub)
        assert {"make_board", "SHOTS"} <= set(ast.literal_eval(_all_of(folder / "ui" / "__init__.py"))), plugin.name


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
