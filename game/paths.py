"""Where the game's files are: shipped data and assets, and the user's own folders."""

from __future__ import annotations

from pathlib import Path

import platformdirs

APP_NAME = "secret-salon"


#: The package folder an installed game keeps the top-level files in: pyproject.toml maps
#: ``data/``, ``assets/``, ``CREDITS.md`` and the licences there, tools/build.py too.
SHIPPED = "shipped"


def install_root() -> Path:
    """The folder holding ``data/``, ``assets/`` and ``CREDITS.md``: ``game/shipped`` in a
    wheel, an sdist install or a frozen build; the checkout's top in a source tree (an
    editable install, ``PYTHONPATH``), where ``game/shipped`` does not exist. The package
    folder is looked at first; ``importlib.resources`` (whose import, with tempfile and
    zipfile, costs ~4 ms of the title's first frame) only for a package not in a folder."""
    package = Path(__file__).resolve().parent
    if (package / SHIPPED).is_dir():
        return package / SHIPPED
    if package.is_dir():  # a source tree
        return package.parent
    from importlib import resources  # a package in an archive

    shipped = resources.files(__package__) / SHIPPED
    if shipped.is_dir():
        return Path(str(shipped))
    return package.parent


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
