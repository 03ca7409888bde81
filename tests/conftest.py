"""Test set-up: no screen, no sound card, and user folders inside a temp dir."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


@pytest.fixture(autouse=True)
def _user_dirs(tmp_path, monkeypatch):
    """Every test gets its own config and data folders (XDG on Linux)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_PICTURES_DIR", str(tmp_path / "pictures"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # the crash log
    yield
