"""The game's version: ``[project] version`` in pyproject.toml, written nowhere else.

It is read from the installed distribution's metadata (``importlib.metadata``): a
``pip install``, editable or not, has it, and so does the frozen build, into which
tools/build.py copies the dist-info (PyInstaller ``--copy-metadata secret-salon``). A
source tree that was never installed reads pyproject.toml beside the package instead.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import metadata
from pathlib import Path

DISTRIBUTION = "secret-salon"
#: Shown when neither the metadata nor pyproject.toml can be found (never a crash).
UNKNOWN = "unknown"


@functools.cache
def version() -> str:
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return source_tree_version(Path(__file__).resolve().parent.parent / "pyproject.toml")


def source_tree_version(pyproject: Path) -> str:
    """The version in ``pyproject`` if it is our project's, else :data:`UNKNOWN`."""
    try:
        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return UNKNOWN
    if project.get("name") != DISTRIBUTION or not isinstance(project.get("version"), str):
        return UNKNOWN
    return project["version"]
