"""The game's version: ``[project] version`` in pyproject.toml, written nowhere else.

Read where it is cheapest, as the title shows it on its first frame: a source tree (a
checkout, installed editable or not) reads pyproject.toml beside the package; a wheel
install and the frozen build (tools/build.py copies the dist-info: PyInstaller
``--copy-metadata secret-salon``) read the ``Version:`` line of the dist-info beside the
package. ``importlib.metadata`` finds any other kind of install, but importing it costs
~10 ms, a fifth of a bare window's start (issue 18), so it comes last; for the same
reason pyproject.toml's two plain lines are read without tomllib when they can be.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

from .core.files import read_text

DISTRIBUTION = "secret-salon"
#: Shown when no version can be found (never a crash).
UNKNOWN = "unknown"
#: The folder holding the ``game`` package (a checkout's top, site-packages, a frozen build's).
ROOT = Path(__file__).resolve().parent.parent
#: The largest pyproject.toml or METADATA read (ours: 3 KB and 7 KB).
MAX_BYTES = 1024 * 1024
#: What tools/build.py writes into a frozen build beside its data (``game/shipped``): one
#: line naming the build, ``<platform> <commit> <date>``.
BUILD_FILE = "BUILD.txt"


@functools.cache
def version() -> str:
    return version_at(ROOT)


@functools.cache
def build() -> str:
    """Which build of :func:`version` this is: a frozen build's line (``linux-x86_64
    a89e2ed0c1 2026-12-02``), else ``source`` for a checkout, else ``installed``."""
    return build_at(ROOT)


def build_at(root: Path) -> str:
    try:
        line = read_text(root / "game" / "shipped" / BUILD_FILE, MAX_BYTES).strip()
    except (OSError, UnicodeDecodeError):
        line = ""
    if line:
        return line
    return "source" if (root / "pyproject.toml").is_file() else "installed"


def version_at(root: Path) -> str:
    """The version of the game whose package is in ``root`` (see the module's docstring)."""
    readers: tuple[Callable[[], str], ...] = (lambda: source_tree_version(root / "pyproject.toml"),
                                              lambda: dist_info_version(root))
    for read in readers:
        found = read()  # in turn: a source tree's version is found without listing the folder
        if found != UNKNOWN:
            return found
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return UNKNOWN


def source_tree_version(pyproject: Path) -> str:
    """The version in ``pyproject`` if it is our project's, else :data:`UNKNOWN`."""
    try:
        text = read_text(pyproject, MAX_BYTES)
    except (OSError, UnicodeDecodeError):
        return UNKNOWN
    project = plain_project(text)
    if project is None:
        import tomllib  # ~5 ms to import and parse: only for a file not written plainly

        try:
            project = tomllib.loads(text).get("project", {})
        except tomllib.TOMLDecodeError:
            return UNKNOWN
    if project.get("name") != DISTRIBUTION or not isinstance(project.get("version"), str):
        return UNKNOWN
    return project["version"]


def plain_project(text: str) -> dict[str, str] | None:
    """``name`` and ``version`` from the ``[project]`` table when both are written as
    ours are, ``key = "value"`` alone on a line; None for any other form (tomllib then
    reads the file: this only saves its cost on the title's first frame)."""
    table, found = None, {}
    for line in (raw.strip() for raw in text.splitlines()):
        if line.startswith("["):
            if table == "[project]":
                break
            table = line
        elif table == "[project]":
            key, equals, value = (part.strip() for part in line.partition("="))
            if key in ("name", "version"):
                if not equals or len(value) < 2 or value[0] != '"' or value[-1] != '"' or '"' in value[1:-1] \
                        or "\\" in value or key in found:
                    return None
                found[key] = value[1:-1]
    return found if len(found) == 2 else None


def dist_info_version(root: Path) -> str:
    """The ``Version:`` of our dist-info in ``root`` (``secret_salon-<version>.dist-info``),
    else :data:`UNKNOWN`."""
    for info in root.glob(DISTRIBUTION.replace("-", "_") + "-*.dist-info"):
        try:
            lines = read_text(info / "METADATA", MAX_BYTES).splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for line in lines:
            if line.startswith("Version:"):
                return line.partition(":")[2].strip() or UNKNOWN
            if not line:  # the headers end at the first empty line
                break
    return UNKNOWN
