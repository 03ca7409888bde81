"""The game registry: every game declares one :class:`GameEntry` here.

``OptionSpec`` lives in :mod:`game.core.options` (the rules declare their options).

Entries are pure (no pygame): the board scenes live in ``scenes_module`` and are only
imported by the app and the ``shot`` command.

The registry (:func:`all_games`) knows every game's id from :data:`GAME_PACKAGES` and
imports a game's package (its rules, bots and catalogue loader: ~60 ms for all four)
when one of its entries is first used, so the title shows before any game is imported.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ..core.bots import Bot
    from ..core.engine import GameDefinition
    from ..core.options import OptionSpec


@dataclass(frozen=True)
class GameEntry:
    id: str
    min_seats: int
    max_seats: int
    #: Key of this game's part of the catalogue (both Secret Identity modes share one).
    catalogue_key: str
    #: ``load(data_dir, custom_dir) -> (catalogue, warnings)``: warnings are messages
    #: about custom decks that were skipped, shown on screen.
    load_catalogue: Callable[[Path, Path | None], tuple[Any, list[str]]]
    make_definition: Callable[[Any], GameDefinition]
    #: ``make_bot(catalogue, seat, rng, level=DEFAULT_LEVEL)`` (level: one of ``core.bots.LEVELS``).
    make_bot: Callable[..., Bot]
    #: Module with ``make_board(ctx, session) -> Scene`` and ``SHOTS``.
    scenes_module: str
    #: Lobby options, in the order the lobby lists them.
    options: tuple[OptionSpec, ...] = ()
    #: ``warm(catalogue)``: load what every bot match loads (cached), so the ``sim``
    #: workers a fork makes inherit it instead of each loading its own (None: nothing).
    warm: Callable[[Any], None] | None = None
    #: ``table_config(at_tv)``: what the table adds to a match's config, given the seats
    #: that play on the shared screen (neither bots nor phones), fixed for the match
    #: (None: nothing; Incognito's seats drawing in turns, IN-2a).
    table_config: Callable[[list[int]], dict[str, Any]] | None = None

    @classmethod
    def of_package(cls, package: str, definition: type[GameDefinition],
                   load_catalogue: Callable[[Path, Path | None], tuple[Any, list[str]]],
                   make_bot: Callable[..., Bot],
                   options: tuple[OptionSpec, ...] | None = None,
                   warm: Callable[[Any], None] | None = None,
                   table_config: Callable[[list[int]], dict[str, Any]] | None = None) -> "GameEntry":
        """The entry of game package ``package`` (pass its ``__name__``) playing ``definition``:
        the id and seat range are the definition's, the catalogue key is the package's
        short name and the scenes module its ``ui`` package. The lobby options are the
        definition's declared ``OptionSpec`` values unless ``options`` is given."""
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
            scenes_module=f"{package}.ui",
            options=options,
            warm=warm,
            table_config=table_config,
        )

    def default_config(self, seats: int, timer_scale: float = 1.0) -> dict[str, Any]:
        """The config a match starts from: seat count, timer preset, option defaults."""
        config: dict[str, Any] = {"seats": seats, "timer_scale": timer_scale}
        config.update({option.id: option.default for option in self.options})
        return config

    def scenes(self):
        return importlib.import_module(self.scenes_module)


#: Each game package and the ids of the entries it declares (``ENTRIES``), in the order
#: the game menu lists them.
GAME_PACKAGES: dict[str, tuple[str, ...]] = {
    "secret_identity": ("secret_identity", "secret_identity_coop"),
    "personality": ("personality",),
    "mission_secrete": ("mission_secrete",),
    "incognito": ("incognito",),
}


class GameRegistry(MutableMapping[str, GameEntry]):
    """Every game by id, in menu order; a game's package is imported when one of its
    entries is first read. Tests may register an entry of their own (``games[id] = entry``)."""

    def __init__(self, packages: dict[str, tuple[str, ...]] = GAME_PACKAGES) -> None:
        #: id -> package still to import (None once its entry is in ``_entries``).
        self._package: dict[str, str | None] = {game_id: package for package, ids in packages.items()
                                                for game_id in ids}
        self._entries: dict[str, GameEntry] = {}

    def __getitem__(self, game_id: str) -> GameEntry:
        package = self._package[game_id]
        if package is not None:
            self._import(package)
        return self._entries[game_id]

    def _import(self, package: str) -> None:
        entries = {entry.id: entry for entry in importlib.import_module(f"{__name__}.{package}").ENTRIES}
        declared = {game_id for game_id, owner in self._package.items() if owner == package}
        if set(entries) != declared:
            raise LookupError(f"game package {package!r} declares {sorted(entries)}, "
                              f"GAME_PACKAGES says {sorted(declared)}")
        for game_id, entry in entries.items():
            self._entries[game_id] = entry
            self._package[game_id] = None

    def __setitem__(self, game_id: str, entry: GameEntry) -> None:
        self._entries[game_id] = entry
        self._package[game_id] = None

    def __delitem__(self, game_id: str) -> None:
        del self._package[game_id]
        self._entries.pop(game_id, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._package)

    def __len__(self) -> int:
        return len(self._package)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._package  # without importing the game


def all_games() -> GameRegistry:
    """Every game, by id (see :class:`GameRegistry`)."""
    return GameRegistry()
