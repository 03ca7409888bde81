"""The whole catalogue: UI strings plus every game's data.

Each game loads its own folder under ``data/`` (or under the data folder its plug-in
keeps with its code: ``GamePlugin.data``) into frozen dataclasses (its
``load_catalogue``), reporting errors as ``file:line``. Custom decks come from the
user's data folder (``<custom_dir>/<catalogue key>/``); a bad one is skipped and its
message kept in ``warnings`` for the screen, never a crash.

Start-up only needs the strings and the data version (the title and the game menu draw
strings and the registry), so the games' data (~0.3 s of YAML) is parsed on first use:
:meth:`Catalogue.game` loads one game's part, thread-safe, and :meth:`GameCatalogues.preload`
loads the rest in a background thread once the first title frame is on screen. A game
whose custom-deck folder holds files is loaded up front (``load_catalogue(eager=…)``),
so its warnings are known before the first screen.
"""

from __future__ import annotations

import functools
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from . import paths
from .games import all_games
from .i18n import Strings

if TYPE_CHECKING:
    from .games.plugin import GamePlugin


class GameCatalogues:
    """Every registered game's catalogue by key, each parsed on first use.

    ``get`` is safe from any thread: one lock, so a key is parsed once even when the
    background preload and the main thread ask for it together (the main thread then
    waits for the parse in progress). ``loaded`` is the live mapping of what is parsed
    (tests may register a catalogue there by hand)."""

    def __init__(self, data_dir: Path, custom_dir: Path | None, strings: Strings | None = None) -> None:
        self.data_dir, self.custom_dir = data_dir, custom_dir
        #: The games, found on first use (not before the title's first frame): a plug-in's
        #: catalogue key is its package's name (GameEntry.of_package), its loader its
        #: first entry's, imported with its rules.
        self._games = all_games()
        #: The strings the games' own strings join once the games are found (those of a
        #: plug-in that keeps its data in its own folder: ``GamePlugin.data``).
        self._strings = strings
        self._joined = False
        self.loaded: dict[str, object] = {}
        self.warnings: list[str] = []
        self._lock = threading.Lock()
        self._joining = threading.Lock()
        self._thread: threading.Thread | None = None

    def plugins(self) -> tuple[GamePlugin, ...]:
        """The games' plug-ins, found on first use; the strings of those that keep their
        data in their own folder are added to the strings then (the shared folder's were
        read at start, before any game was looked for)."""
        plugins = self._games.plugins()
        with self._joining:
            if not self._joined and self._strings is not None:
                for plugin in plugins:
                    if plugin.data is not None:
                        i18n = plugin.data_dir(self.data_dir) / "i18n"
                        self._strings.add(i18n, plugin.name)
            self._joined = True
        return plugins

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(plugin.name for plugin in self.plugins())

    def own_data_dirs(self) -> tuple[Path, ...]:
        """The data folders of the games that keep theirs apart (``GamePlugin.data``)."""
        return tuple(plugin.data_dir(self.data_dir) for plugin in self.plugins() if plugin.data is not None)

    def _load(self, key: str) -> tuple[object, list[str]]:
        plugin = next((plugin for plugin in self.plugins() if plugin.name == key), None)
        if plugin is None:
            raise KeyError(key)
        return self._games[plugin.modes[0].id].load_data(self.data_dir, self.custom_dir)

    def get(self, key: str) -> object:
        """One game's catalogue (parsed now if it was not; typed by its game's entry:
        ``GameEntry.catalogue``). Unknown keys: ``KeyError``; shipped data errors raise
        ``DataError`` here, in the caller's thread."""
        if key in self.loaded:
            return self.loaded[key]
        with self._lock:
            if key not in self.loaded:
                catalogue, skipped = self._load(key)
                self.warnings.extend(skipped)
                self.loaded[key] = catalogue
            return self.loaded[key]

    def all(self) -> dict[str, object]:
        for key in self.keys:
            self.get(key)
        return self.loaded

    def preload(self, then: Callable[[], None] | None = None) -> threading.Thread:
        """Parse every catalogue in a daemon thread (once); ``then()`` runs after it in
        that thread. A data error is left for the main thread's ``get`` to raise."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._preload, args=(then,), name="catalogues", daemon=True)
            self._thread.start()
        return self._thread

    def _preload(self, then: Callable[[], None] | None) -> None:
        try:
            self.all()
        except Exception:  # noqa: BLE001 - reported where the data is needed, in the main thread
            return
        if then is not None:
            then()


class Catalogue:
    """Strings, the data version and every game's catalogue (``game(key)``, lazy).

    Each app context has its own (its strings switch language live); the parsed games
    are shared (:class:`GameCatalogues`)."""

    def __init__(self, strings: Strings, data_dir: Path, games: GameCatalogues) -> None:
        self.strings = strings
        self.data_dir = data_dir
        self.catalogues = games

    @property
    def version(self) -> str:
        """The data's version (:func:`data_version`: the shipped folder's, and those of
        the games that keep their own), hashed on first use (a save needs it; the
        title's first frame does not)."""
        return data_version(self.data_dir, *self.catalogues.own_data_dirs())

    def game(self, key: str) -> object:
        return self.catalogues.get(key)

    @property
    def games(self) -> dict[str, object]:
        """Every game's catalogue by key (parses what is not yet)."""
        return self.catalogues.all()

    @property
    def warnings(self) -> tuple[str, ...]:
        """Messages about skipped custom decks, for the games parsed so far."""
        return tuple(self.catalogues.warnings)

    def with_strings(self, strings: Strings) -> "Catalogue":
        return Catalogue(strings, self.data_dir, self.catalogues)


@functools.cache
def data_version(data_dir: Path, *more: Path) -> str:
    """A short hash of every data file in ``data_dir`` (the shipped data) and the folders
    ``more`` (the data games keep with their code): saves record it to detect changes."""
    import hashlib  # (it loads OpenSSL: not before the title's first frame)

    digest = hashlib.sha256()
    for folder in (data_dir, *more):
        for path in sorted(folder.rglob("*.yaml")):
            digest.update(path.relative_to(folder).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def custom_keys(games: GameCatalogues) -> list[str]:
    """The games whose custom-deck folder holds YAML files (their warnings matter early).
    Without any deck (the usual start) the games are not looked for: the title's first
    frame finds none."""
    if games.custom_dir is None or next(games.custom_dir.glob("*/*.yaml"), None) is None:
        return []
    return [key for key in games.keys if any((games.custom_dir / key).glob("*.yaml"))]


def load_catalogue(data_dir: Path | None = None, custom_dir: Path | None = None, lang: str = "fr",
                   eager: Iterable[str] | bool = True, strings_cache: Path | None = None) -> Catalogue:
    """The catalogue; ``eager``: every game parsed now (True), none (False) or these keys;
    ``strings_cache``: where the parsed strings are kept between runs (``Strings.load``)."""
    data_dir = data_dir or paths.data_dir()
    strings = Strings.load(data_dir / "i18n", lang, strings_cache)
    games = GameCatalogues(data_dir, custom_dir, strings)
    for key in (games.keys if eager is True else eager or ()):
        games.get(key)
    return Catalogue(strings, data_dir, games)

