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
