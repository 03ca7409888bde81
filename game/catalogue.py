"""The whole catalogue: UI strings plus every game's data, loaded once at start.

Each game loads its own folder under ``data/`` into frozen dataclasses (its
``load_catalogue``), reporting errors as ``file:line``. Custom decks come from the
user's data folder; a bad one is skipped and its message kept in ``warnings`` for the
screen, never a crash.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from . import paths
from .games import all_games
from .i18n import Strings


@dataclass(frozen=True)
class Catalogue:
    strings: Strings
    games: Mapping[str, Any]
    version: str
    warnings: tuple[str, ...] = ()

    def game(self, key: str) -> Any:
        return self.games[key]


def data_version(data_dir: Path) -> str:
    """A short hash of every shipped data file: saves record it to detect changes."""
    digest = hashlib.sha256()
    for path in sorted(data_dir.rglob("*.yaml")):
        digest.update(path.relative_to(data_dir).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def load_catalogue(data_dir: Path | None = None, custom_dir: Path | None = None, lang: str = "fr") -> Catalogue:
    data_dir = data_dir or paths.data_dir()
    strings = Strings.load(data_dir / "i18n", lang)
    games: dict[str, Any] = {}
    warnings: list[str] = []
    for entry in all_games().values():
        if entry.catalogue_key in games:
            continue
        catalogue, skipped = entry.load_catalogue(data_dir, custom_dir)
        games[entry.catalogue_key] = catalogue
        warnings.extend(skipped)
    return Catalogue(strings=strings, games=games, version=data_version(data_dir), warnings=tuple(warnings))
