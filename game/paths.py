"""Where the game's files are: shipped data and assets, and the user's own folders."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import platformdirs

APP_NAME = "secret-salon"


#: The package folder an installed game keeps the top-level files in: pyproject.toml maps
#: ``data/``, ``assets/``, ``CREDITS.md`` and the licences there, tools/build.py too.
SHIPPED = "shipped"


def install_root() -> Path:
    """The folder holding ``data/``, ``assets/`` and ``CREDITS.md``: ``game/shipped`` in a
    wheel, an sdist install or a frozen build; the checkout's top in a source tree (an
    editable install, ``PYTHONPATH``), where ``game/shipped`` does not exist."""
    shipped = resources.files(__package__) / SHIPPED
    if shipped.is_dir():
        return Path(str(shipped))
    return Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    return install_root() / "data"


def assets_dir() -> Path:
    return install_root() / "assets"


def user_config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


#: The match in progress, saved after every action (resumed from the title).
AUTOSAVE = "autosave.json"


def autosave_path() -> Path:
    return user_data_dir() / AUTOSAVE


def user_log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
