"""mypy, strict, on all of ``game/`` (pyproject.toml's ``[tool.mypy]``: no ``exclude``)
and on tests/types_probe.py: the types the engine's generics must infer for the code that
knows its game."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def left_out(config: dict, paths: list[str]) -> list[str]:
    """Those of ``paths`` (relative, with ``/``) that the config's ``exclude`` leaves out."""
    return [path for path in paths if any(re.search(pattern, path) for pattern in config.get("exclude", ()))]


def test_mypy_strict_is_clean(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout


def test_mypy_checks_the_whole_game():
    """Issue 26 item 4: nothing under game/ is left out, the boards and shows included."""
    config = mypy_config()
    assert config["strict"] is True
    assert "game" in config["files"], "mypy checks the whole game/ folder"
    assert "exclude" not in config, f"mypy strict leaves nothing of game/ out, yet exclude is {config['exclude']}"
    paths = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "game").rglob("*.py"))
    assert "game/scenes/match.py" in paths and "game/games/incognito/ui/board.py" in paths  # the walk sees them
    assert not left_out(config, paths)
