"""No module in ``game/`` over 450 lines (issue 13): a module that grows past it is split
by responsibility, not trimmed of its docstrings."""

from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"
MAX_LINES = 450


def oversized(root: Path) -> list[str]:
    """``path: lines`` of every module under ``root`` over the limit, biggest first."""
    found = []
    for path in root.rglob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            found.append((lines, str(path.relative_to(root))))
    return [f"game/{name}: {lines}" for lines, name in sorted(found, reverse=True)]


def test_no_module_in_game_is_over_450_lines():
    offenders = oversized(GAME)
    assert not offenders, "split these modules by responsibility:\n" + "\n".join(offenders)


def test_the_size_check_names_every_offender(tmp_path):
    """Positive control: a module over the limit is found, wherever it sits."""
    (tmp_path / "games" / "incognito").mkdir(parents=True)
    (tmp_path / "small.py").write_text("x = 1\n" * MAX_LINES)
    (tmp_path / "big.py").write_text("x = 1\n" * (MAX_LINES + 1))
    (tmp_path / "games" / "incognito" / "board.py").write_text("x = 1\n" * 900)
    assert oversized(tmp_path) == ["game/games/incognito/board.py: 900", f"game/big.py: {MAX_LINES + 1}"]
