"""docs/architecture.md stays a map a maintainer can read and trust (issue 26 item 7): at
most :data:`MAX_LINES` lines, and every file path and module it names exists.

What counts as named: a span in backticks that is a path (``game/scenes/match.py``,
``scenes/match.py``, ``companion/static/``, ``data/i18n/<lang>/*.yaml``) or a dotted
module (``game.core.records``, or a module and a name it defines at its top level:
``game.core.records.replace``), and any path outside backticks that starts at a
top-level folder of the repository (tests/test_layers.py). A path is read from the
repository's top or from ``game/`` (the page drops that prefix); ``<…>`` and ``*``
stand for any one name. Paths on the user's machine (the cache, the save folder) are
written without backticks, so they are not taken for the repository's.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "architecture.md"
MAX_LINES = 800


_SEGMENT = r"[\w.<>*-]+"
PATH = re.compile(rf"{_SEGMENT}(?:/{_SEGMENT})*/(?:{_SEGMENT})?")
MODULE = re.compile(r"game(?:\.[A-Za-z_]\w*)+")
#: A path outside backticks: from a top-level folder of the repository.
BARE_PATH = re.compile(r"(?<![\w/.<>*`-])(?:game|tests|tools|docs|data|assets|\.ci)/[\w./<>*-]*[\w>*/]")


def spans(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


def named_paths(text: str) -> list[str]:
    """Every path the page names: backticked spans that are paths, and bare paths from a
    top-level folder (outside backticks)."""
    quoted = [s for s in spans(text) if PATH.fullmatch(s)]
    bare = BARE_PATH.findall(re.sub(r"`[^`\n]+`", "", text))
    return quoted + [p.rstrip(".") for p in bare]


def named_modules(text: str) -> list[str]:
    """Dotted names from ``game.`` (a file name such as ``game.py`` is not one)."""
    return [s for s in spans(text) if MODULE.fullmatch(s) and not s.endswith(".py")]


def _candidates(path: str) -> list[str]:
    return [path, f"game/{path}"]


def path_exists(path: str, root: Path = ROOT) -> bool:
    """``path`` from the repository's top or from ``game/``; ``<…>`` and ``*`` match any one name."""
    if path.startswith("../"):  # outside the repository
        return False
    for candidate in _candidates(path):
        pattern = re.sub(r"<[^>/]+>", "*", candidate).rstrip("/")
        if any(root.glob(pattern)) if "*" in pattern else (root / pattern).exists():
            return True
    return False


def _module_file(parts: list[str], root: Path) -> Path | None:
    base = root.joinpath(*parts)
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _top_level_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
    return names


def module_exists(dotted: str, root: Path = ROOT) -> bool:
    """A module, or a module and a name defined (or imported) at its top level."""
    parts = dotted.split(".")
    if _module_file(parts, root):
        return True
    path = _module_file(parts[:-1], root)
    return path is not None and parts[-1] in _top_level_names(path)


def missing(text: str, root: Path = ROOT) -> list[str]:
    """What the page names that is not in the tree."""
    gone = [f"path {p}" for p in named_paths(text) if not path_exists(p, root)]
    gone += [f"module {m}" for m in named_modules(text) if not module_exists(m, root)]
    return sorted(set(gone))


def test_the_architecture_page_is_at_most_800_lines():
    lines = len(DOC.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, (f"docs/architecture.md has {lines} lines, at most {MAX_LINES} "
                                "(measurements go to docs/performance.md)")


def test_every_path_and_module_the_architecture_page_names_exists():
    gone = missing(DOC.read_text(encoding="utf-8"))
    assert not gone, "docs/architecture.md names what is not in the tree:\n" + "\n".join(gone)


def test_the_check_finds_what_is_named_and_what_is_gone():
    """Positive controls: paths in and out of backticks, placeholders, prefixes, modules
    and their names, and what the boards' branch will add."""
    text = ("`game/scenes/match.py`, `scenes/match.py`, `companion/static/`, `data/i18n/<lang>/*.yaml`, "
            "`game.core.records.replace`, `game.core.records`, tests/test_layers.py and "
            "`scenes/board/phase_board.py`; gone: `scenes/nowhere.py`, tests/test_nowhere.py, "
            "`game.core.records.nothing`, `game.core.nowhere`, `../shared/DESIGN.md`; "
            "not paths: `/ws`, `http://a/b`, `fr|en`, `user_data_dir()/decks/<id>/`")
    assert missing(text) == ["module game.core.nowhere", "module game.core.records.nothing", "path ../shared/DESIGN.md",
                             "path scenes/nowhere.py", "path tests/test_nowhere.py"]
