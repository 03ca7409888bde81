"""mypy, strict, on what pyproject.toml's ``[tool.mypy]`` lists (all of ``game/`` but what
its ``exclude`` names), and on tests/types_probe.py: the types the engine's generics must
infer for the code that knows its game."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_strict_is_clean(tmp_path):
    done = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success" in done.stdout
