"""A game as a plug-in: what its package declares in ``PLUGIN`` (docs/adding-a-game.md).

A game package's ``__init__.py`` is its manifest: ``PLUGIN = GamePlugin(...)``, plain
data that imports nothing of the game, so the registry lists every game (ids, menu
order, icons, how-to pictures, bench scenes) without importing any rules. What is heavy
is named by module, relative to the package, and imported on first use:

- ``entries``: ``ENTRIES``, one :class:`~game.games.GameEntry` per mode (rules,
  catalogue loader, bots, options);
- ``ui``: the board (``make_board(ctx, entry, session, bots)``) and its ``SHOTS``;
- each mode's ``phone`` module: ``screen(ctx, view, legal) -> dict``;
- each mode's ``audience`` module: the audience's play-along (``audience_kit``);
- ``deck`` (optional): the lobby's category deck (``game.scenes.menus.deck``);
- a mode's ``bench_driver`` (optional): how the bench keeps its busiest scene busy when
  bots do not (``build``, ``drive``, ``figures``).

Its data and strings are in the shared ``data/`` folder (``data/<name>/``,
``data/i18n/<lang>/<name>.yaml``), or in a folder of its own that ``data`` names (a game
that is its own folder: :meth:`GamePlugin.data_dir`), laid out the same way.

Pure (no pygame): the registry, the companion and the tools read it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.schema import Schema
    from . import GameEntry
    from .phone_kit import PhoneScreen

#: The module of a game package that declares its registry entries (``ENTRIES``), and
#: the one of its board (``make_board`` and ``SHOTS``).
ENTRIES_MODULE, BOARD_MODULE = "entries", "ui"


@dataclass(frozen=True)
class Mode:
    """One game of the menu, as its plug-in declares it: known before its rules are
    imported. An entry registered by hand (a test's) has a bare one: every screen then
    uses its own default icon, and there are no pictures, bench scene nor phone screens."""

    #: The entry's id (its rules' ``id``): ``games.<id>.*`` and ``howto.<id>.<n>.*`` strings.
    id: str
    #: Its pictogram (OpenMoji code): the game menu's card, the lobby's and the how-to's title.
    icon: str | None = None
    #: The shot pictured beside each of its how-to pages, in page order (None: no picture);
    #: the phone pages every game's how-to ends with are the menus' own.
    howto_shots: tuple[str | None, ...] = ()
    #: Its busiest shot (the most seats acting at once with the most on screen), which the
    #: bench times, and the seats it plays it with.
    bench_scene: str | None = None
    bench_seats: int = 0
    #: Module that keeps the bench's scene busy instead of bots (Incognito: pads drawing),
    #: or None: ``build(ctx, entry, seats, seed) -> board``, ``drive(ctx, frame, seats)``
    #: each frame, ``figures(board) -> dict`` added to the report.
    bench_driver: str | None = None
    #: Module whose ``screen(ctx, view, legal) -> dict`` is a seat's phone screen (None: none).
    phone: str | None = None
    #: Module of the audience's play-along (``game.games.audience_kit``: ``answer_schema``,
    #: ``asks``, ``answers``, ``screen``, optionally ``verdict``), or None: none.
    audience: str | None = None


@dataclass(frozen=True)
class GamePlugin:
    """A game package's ``PLUGIN``: everything the shared code knows of the game."""

    #: The package (pass its ``__name__``): ``game.games.<name>``.
    package: str
    #: Its place in the game menu: lower first (then by package name).
    order: int
    #: The games of the menu it plays, in menu order (Secret Identity: competitive, co-op).
    modes: tuple[Mode, ...]
    #: Prefixes of the UI strings it owns besides each mode's ``games.<id>``,
    #: ``howto.<id>`` and ``phone.howto.<id>`` (``si``, ``phone.si``…): all of them live in
    #: ``data/i18n/<lang>/<name>.yaml`` and nowhere else (tests/test_plugins.py).
    strings: tuple[str, ...] = ()
    #: Module of the lobby's category deck (``character_pool``, ``MIN_POOL``, optional
    #: ``OPT_IN_DECK``: game/scenes/menus/deck.py), or None when the lobby has none.
    deck: str | None = None
    #: The folder of its data and strings, relative to its package's folder (``"data"``),
    #: for a game that keeps them with its code; None: the shared ``data/`` folder.
    data: str | None = None

    @property
    def name(self) -> str:
        """The package's own name: the catalogue key, the folder of its data
        (``<data>/<name>/``) and of its strings (``<data>/i18n/<lang>/<name>.yaml``)."""
        return self.package.rpartition(".")[2]

    def data_dir(self, shared: Path) -> Path:
        """The folder holding its data (``<name>/``) and strings (``i18n/<lang>/<name>.yaml``):
        ``shared`` (the game's ``data/`` folder), or its own (:attr:`data`), laid out alike."""
        if self.data is None:
            return shared
        init = importlib.import_module(self.package).__file__  # its manifest: imported already
        assert init is not None, f"{self.package} is a package with an __init__"
        return Path(init).parent / self.data

    def module_name(self, relative: str) -> str:
        return f"{self.package}.{relative}"

    def module(self, relative: str) -> ModuleType:
        return importlib.import_module(self.module_name(relative))

    def mode(self, mode_id: str) -> Mode:
        for mode in self.modes:
            if mode.id == mode_id:
                return mode
        raise KeyError(mode_id)

    def entries(self) -> dict[str, GameEntry[Any]]:
        """Its registry entries by id (importing its rules), in menu order. They must be
        its modes, no more, no fewer."""
        declared = {entry.id: entry for entry in self.module(ENTRIES_MODULE).ENTRIES}
        modes = [mode.id for mode in self.modes]
        if sorted(declared) != sorted(modes):
            raise LookupError(f"game package {self.package!r} declares entries {sorted(declared)}, "
                              f"its PLUGIN's modes are {sorted(modes)}")
        return {mode_id: declared[mode_id] for mode_id in modes}

    def phone_builder(self, mode_id: str) -> PhoneScreen | None:
        """``screen(ctx, view, legal) -> dict`` of ``mode_id``'s phones, or None."""
        phone = self.mode(mode_id).phone
        if phone is None:
            return None
        screen: PhoneScreen = self.module(phone).screen
        return screen

    def audience_play(self, mode_id: str) -> ModuleType | None:
        """``mode_id``'s audience play-along module (``game.games.audience_kit``), or None."""
        audience = self.mode(mode_id).audience
        return None if audience is None else self.module(audience)

    def tv_modules(self) -> tuple[str, ...]:
        """What the TV imports on first use of this game: its board, its lobby's deck."""
        return (self.module_name(BOARD_MODULE),) + ((self.module_name(self.deck),) if self.deck else ())

    def string_prefixes(self) -> tuple[str, ...]:
        """Every prefix of its UI string keys (:attr:`strings` and each mode's)."""
        per_mode = tuple(f"{group}.{mode.id}" for mode in self.modes for group in ("games", "howto", "phone.howto"))
        return self.strings + per_mode

    def move_schema(self, mode_id: str, catalogue: object, kind: str) -> Schema | None:
        """The declared data of ``mode_id``'s move ``kind`` (what a phone may send in an
        ``act``), or None when no phase has it. ``catalogue``: the game's own."""
        definition = self.entries()[mode_id].make_definition(catalogue)
        return player_moves(definition).get(kind)


def player_moves(definition: Any) -> dict[str, Schema]:
    """Each move a player may make in ``definition``'s declared phases -> the data it
    declares (``game.core.schema``); chance, timeouts and the audience's say are the
    table's, not a player's.
    A kind two phases declare differently takes either's data."""
    # (imported here: the registry is imported before the title's first frame, the engine is not)
    from ..core.actions import AUDIENCE, CHANCE, TIMEOUT
    from ..core.schema import Either

    found: dict[str, list[Schema]] = {}
    for phase in definition.phases():
        for kind, move in phase.moves.items():
            if kind not in (CHANCE, TIMEOUT, AUDIENCE) and all(move.data is not known for known in found.get(kind, ())):
                found.setdefault(kind, []).append(move.data)
    return {kind: schemas[0] if len(schemas) == 1 else Either(*schemas) for kind, schemas in found.items()}
