"""The rules side never imports pygame (DESIGN.md: "the one rule")."""

import ast
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
PURE_NAMES = {"rules.py", "view.py", "bots.py", "catalogue.py", "__init__.py"}


def pure_files():
    yield from (GAME / "core").rglob("*.py")
    for name in ("catalogue.py", "data_loading.py", "i18n.py", "seats.py"):
        if (GAME / name).exists():
            yield GAME / name
    yield GAME / "games" / "__init__.py"
    for folder in (GAME / "games").iterdir():
        if folder.is_dir():
            for path in folder.rglob("*.py"):
                if path.name in PURE_NAMES or path.parent.name in ("rules", "bots"):
                    yield path


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module


def test_rules_side_imports_no_pygame():
    offenders = [
        f"{path.relative_to(GAME.parent)} imports {name}"
        for path in pure_files()
        for name in imported_modules(path)
        if name.split(".")[0] in ("pygame", "pygame_gui")
    ]
    assert not offenders, offenders


def test_the_check_finds_core():
    assert any(p.name == "engine.py" for p in pure_files())


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
    done = subprocess.run([sys.executable, "-c", script], cwd=GAME.parent, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
