"""The game registry: every game declares one :class:`GameEntry` here.

``OptionSpec`` lives in :mod:`game.core.options` (the rules declare their options);
it is imported here for the games that still pass their options to the entry.

Entries are pure (no pygame): the board scenes live in ``scenes_module`` and are only
imported by the app and the ``shot`` command.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

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

    @classmethod
    def of_package(cls, package: str, definition: type[GameDefinition],
                   load_catalogue: Callable[[Path, Path | None], tuple[Any, list[str]]],
                   make_bot: Callable[..., Bot],
                   options: tuple[OptionSpec, ...] | None = None) -> "GameEntry":
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
        )

    def default_config(self, seats: int, timer_scale: float = 1.0) -> dict[str, Any]:
        """The config a match starts from: seat count, timer preset, option defaults."""
        config: dict[str, Any] = {"seats": seats, "timer_scale": timer_scale}
        config.update({option.id: option.default for option in self.options})
        return config

    def scenes(self):
        return importlib.import_module(self.scenes_module)


#: Module names of the game packages, in the order the game menu lists them.
GAME_PACKAGES = (
    "secret_identity",
    "personality",
    "mission_secrete",
    "incognito",
)


def all_games() -> dict[str, GameEntry]:
    """Every game that is present, by id (a package exposes ``ENTRIES``)."""
    games: dict[str, GameEntry] = {}
    for package in GAME_PACKAGES:
        try:
            module = importlib.import_module(f"{__name__}.{package}")
        except ModuleNotFoundError as exc:
            if exc.name == f"{__name__}.{package}":
                continue
            raise
        for entry in getattr(module, "ENTRIES", ()):  # a package still being written has none yet
            games[entry.id] = entry
    return games
