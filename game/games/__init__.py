"""The game registry: every game is a plug-in, a package of this folder (docs/adding-a-game.md).

``OptionSpec`` lives in :mod:`game.core.options` (the rules declare their options).

Each package's ``__init__`` declares ``PLUGIN`` (:class:`~game.games.plugin.GamePlugin`):
plain data, its games' ids, icons, pictures… and the modules that hold the rest. The
registry (:func:`all_games`) finds the packages on first use (:func:`discover`), then
imports a game's ``entries`` (its rules, bots and catalogue loader: ~60 ms for all four)
when one of its entries is first read, so the title shows before any game is imported.
Entries are pure (no pygame): the boards live in each game's ``ui`` package, imported
by the app and the ``shot`` command.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Callable, Generic, Protocol, TypeVar, cast

if TYPE_CHECKING:  # (plugin.py: not before the title's first frame, which lists no game)
    from ..catalogue import Catalogue
    from ..core.bots import Bot
    from ..core.engine import GameDefinition
    from ..core.options import OptionSpec
    from ..core.rng import Rng
    from .plugin import GamePlugin, Mode

#: A game's catalogue (its rules' frozen dataclasses: ``MSCatalogue``…).
C = TypeVar("C")
C_contra = TypeVar("C_contra", contravariant=True)


class BotMaker(Protocol[C_contra]):
    """``make_bot(catalogue, seat, rng, level=DEFAULT_LEVEL)`` (level: one of ``core.bots.LEVELS``)."""

    def __call__(self, catalogue: C_contra, seat: int, rng: Rng, level: str = ...) -> Bot[Any, Any]: ...


@dataclass(frozen=True)
class GameEntry(Generic[C]):
    """A game of the menu: its rules, catalogue loader and bots. Generic in its
    catalogue's type (inferred from its loader), so :meth:`catalogue` gives a board its
    game's catalogue typed: ``entry: GameEntry[MSCatalogue]``."""

    id: str
    min_seats: int
    max_seats: int
    #: Key of this game's part of the catalogue (both Secret Identity modes share one).
    catalogue_key: str
    #: ``load(data_dir, custom_dir) -> (catalogue, warnings)``, ``data_dir`` the folder
    #: of its plug-in's data (:meth:`load_data` finds it); warnings are messages about
    #: custom decks that were skipped, shown on screen.
    load_catalogue: Callable[[Path, Path | None], tuple[C, list[str]]]
    make_definition: Callable[[C], GameDefinition[Any, Any, Any]]
    make_bot: BotMaker[C]
    #: Module with ``make_board(ctx, entry, session, bots) -> Scene`` (the board) and ``SHOTS``.
    scenes_module: str
    #: Lobby options, in the order the lobby lists them.
    options: tuple[OptionSpec, ...] = ()
    #: ``warm(catalogue)``: load what every bot match loads (cached), so the ``sim``
    #: workers a fork makes inherit it instead of each loading its own (None: nothing).
    warm: Callable[[C], None] | None = None
    #: ``table_config(at_tv)``: what the table adds to a match's config, given the seats
    #: that play on the shared screen (neither bots nor phones), fixed for the match
    #: (None: nothing; Incognito's seats drawing in turns, IN-2a).
    table_config: Callable[[list[int]], dict[str, Any]] | None = None
    #: The plug-in of its package (``PLUGIN``); None for an entry made by hand (a test's).
    plugin: GamePlugin | None = None

    @classmethod
    def of_package(cls, package: str, definition: type[GameDefinition[Any, Any, Any]],
                   load_catalogue: Callable[[Path, Path | None], tuple[C, list[str]]],
                   make_bot: BotMaker[C],
                   options: tuple[OptionSpec, ...] | None = None,
                   warm: Callable[[C], None] | None = None,
                   table_config: Callable[[list[int]], dict[str, Any]] | None = None) -> GameEntry[C]:
        """The entry of game package ``package`` (its ``entries`` module passes its
        ``__package__``) playing ``definition``: the id and seat range are the
        definition's, the catalogue key is the package's short name, the scenes module
        its ``ui`` package and the plug-in its ``PLUGIN``. The lobby options are the
        definition's declared ``OptionSpec`` values unless ``options`` is given."""
        from .plugin import BOARD_MODULE

        if options is None:
            options = definition.options if isinstance(definition.options, tuple) else ()
        return cls(
            id=definition.id,
            min_seats=definition.min_seats,
            max_seats=definition.max_seats,
            catalogue_key=package.rpartition(".")[2],
            load_catalogue=load_catalogue,
            make_definition=definition,
            make_bot=make_bot,
            scenes_module=f"{package}.{BOARD_MODULE}",
            options=options,
            warm=warm,
            table_config=table_config,
            plugin=importlib.import_module(package).PLUGIN,
        )

    def load_data(self, data_dir: Path, custom_dir: Path | None = None) -> tuple[C, list[str]]:
        """Its catalogue and the warnings about skipped custom decks, read from its
        plug-in's data folder: ``data_dir`` (the shared one) unless the plug-in keeps its
        own (``GamePlugin.data_dir``)."""
        folder = self.plugin.data_dir(data_dir) if self.plugin is not None else data_dir
        return self.load_catalogue(folder, custom_dir)

    def default_config(self, seats: int, timer_scale: float = 1.0) -> dict[str, Any]:
        """The config a match starts from: seat count, timer preset, option defaults."""
        config: dict[str, Any] = {"seats": seats, "timer_scale": timer_scale}
        config.update({option.id: option.default for option in self.options})
        return config

    def scenes(self) -> ModuleType:
        return importlib.import_module(self.scenes_module)

    def catalogue(self, catalogues: Catalogue) -> C:
        """Its game's catalogue, typed (``catalogues.game(catalogue_key)``, parsed on
        first use). The catalogues are kept by key, whatever their type: the one under
        this entry's key is the one its own ``load_catalogue`` made (``GameCatalogues``)."""
        return cast(C, catalogues.game(self.catalogue_key))

    @property
    def mode(self) -> Mode:
        """What its plug-in declares of it (icon, how-to pictures, bench, phone screens)."""
        from .plugin import Mode

        return self.plugin.mode(self.id) if self.plugin is not None else Mode(self.id)


def discover() -> list[GamePlugin]:
    """Every game's plug-in, in menu order: the ``PLUGIN`` of each package found in this
    package's ``__path__`` (a test may add a folder holding a game package of its own).
    Imports each package's ``__init__`` only (its manifest), none of its rules."""
    import pkgutil  # (not before the title's first frame, which lists no game)

    from .plugin import GamePlugin

    plugins = []
    for found in pkgutil.iter_modules(__path__, prefix=f"{__name__}."):
        if found.ispkg:
            plugin = getattr(importlib.import_module(found.name), "PLUGIN", None)
            if not isinstance(plugin, GamePlugin) or plugin.package != found.name:
                raise LookupError(f"game package {found.name!r} declares no PLUGIN = GamePlugin({found.name!r}, …)")
            plugins.append(plugin)
    ids = [mode.id for plugin in plugins for mode in plugin.modes]
    if len(set(ids)) != len(ids):
        raise LookupError(f"two game packages declare one id: {sorted(ids)}")
    return sorted(plugins, key=lambda plugin: (plugin.order, plugin.name))


class GameRegistry(MutableMapping[str, GameEntry[Any]]):
    """Every game by id, in menu order. The plug-ins are found on first use (the title's
    first frame lists none); a plug-in's entries are imported when one of them is first
    read. Tests may register an entry of their own (``games[id] = entry``)."""

    def __init__(self, plugins: Iterable[GamePlugin] | None = None) -> None:
        #: The plug-ins (None: :func:`discover` them on first use).
        self._plugins = None if plugins is None else tuple(plugins)
        #: id -> plug-in whose entries are still to import (None once in ``_entries``).
        self._pending: dict[str, GamePlugin | None] | None = None
        self._entries: dict[str, GameEntry[Any]] = {}

    def plugins(self) -> tuple[GamePlugin, ...]:
        if self._plugins is None:
            self._plugins = tuple(discover())
        return self._plugins

    def _known(self) -> dict[str, GamePlugin | None]:
        if self._pending is None:
            self._pending = {mode.id: plugin for plugin in self.plugins() for mode in plugin.modes}
        return self._pending

    def __getitem__(self, game_id: str) -> GameEntry[Any]:
        known = self._known()
        plugin = known[game_id]
        if plugin is not None:
            for entry_id, entry in plugin.entries().items():
                self._entries[entry_id] = entry
                known[entry_id] = None
        return self._entries[game_id]

    def mode(self, game_id: str) -> Mode:
        """What the plug-in declares of ``game_id`` (no import); a bare one for an
        entry registered by hand or an unknown id."""
        from .plugin import Mode

        if game_id in self._entries:
            return self._entries[game_id].mode
        plugin = self._known().get(game_id)
        return plugin.mode(game_id) if plugin is not None else Mode(game_id)

    def __setitem__(self, game_id: str, entry: GameEntry[Any]) -> None:
        self._known()[game_id] = None
        self._entries[game_id] = entry

    def __delitem__(self, game_id: str) -> None:
        del self._known()[game_id]
        self._entries.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._known())

    def __len__(self) -> int:
        return len(self._known())

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._known()  # without importing the game


def all_games() -> GameRegistry:
    """Every game, by id (see :class:`GameRegistry`)."""
    return GameRegistry()
