"""Where the game's files are: shipped data and assets, and the user's own folders."""

from __future__ import annotations

import sys
from pathlib import Path

import platformdirs

APP_NAME = "secret-salon"


def install_root() -> Path:
    """The folder holding ``data/`` and ``assets/``: the bundle when frozen, else the repo."""
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    return install_root() / "data"


def assets_dir() -> Path:
    return install_root() / "assets"


def user_config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
