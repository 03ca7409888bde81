"""What every scene is handed when it is made (no globals: DESIGN.md).

The app builds one :class:`AppContext`; ``shot`` and the tests build a headless one
with :func:`build_context`. The context sits under the scenes: it holds their stack
(game/stack.py) and the menus' shared theme (game/ui/menu_theme.py), and imports no
scene, menu or tool; what the layers above put in it (the companion, the pictures'
maker) is typed ``Any`` here: the layers' check (tests/test_layers.py) keeps even their
types out of the context.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .catalogue import Catalogue
from .core.files import link_safe_stat
from .games import GameRegistry
from .stack import SceneStack
from .ui.menu_theme import MenuGui

if TYPE_CHECKING:  # types only: the kit, audio and hub import pygame when the context is built
    import threading
    from pathlib import Path

    from .core.autosave_writer import AutosaveWriter

    from .i18n import Strings
    from .input.hub import InputHub
    from .seats import SeatTable
    from .settings import Settings
    from .ui.audio import Audio
    from .ui.kit import UiKit


@dataclass
class AppContext:
    catalogue: Catalogue
    #: Language, volumes, text scale, safe area, timers…
    settings: Settings
    #: Fonts, text cache, icons, seat styles, theme colours.
    kit: UiKit
    #: Who sits where, with which device.
    seats: SeatTable
    #: ``play(name)``, volumes from settings.
    audio: Audio
    #: Every game by id (its rules imported on first use), and what each plug-in declares
    #: of its games (``mode(id)``: icon, pictures… without importing the game).
    games: GameRegistry
    #: The pygame_gui theme every menu screen shares.
    menu_gui: MenuGui
    stack: SceneStack = field(default_factory=SceneStack)
    #: The input hub in a real app (rumble, pad names); None headless.
    input: InputHub | None = None
    headless: bool = False
    #: Messages to show on screen once (corrupt settings, skipped custom decks…).
    notices: list[str] = field(default_factory=list)
    #: ``game.companion.bridge.Companion``: the phone companion while it runs (the app
    #: starts it from the settings); None headless and when it is off.
    companion: Any = None
    #: The game's log file (crash.py), where the phone server's library records go;
    #: None headless or when it cannot be written.
    log_file: Path | None = None
    #: ``game.scenes.menus.picture_maker.PictureMaker``: the child process that makes the
    #: how-to pages' pictures (``play`` gives one; None headless: tools and tests draw no
    #: picture they did not make).
    pictures: Any = None
    #: The thread that parses the games' data and imports the menus' modules behind the
    #: title (``play``'s :func:`~game.cli.play.behind_title`); see :meth:`importing_now`.
    importing: threading.Thread | None = None
    #: The thread that writes the match sessions' autosaves off the game thread
    #: (``core/autosave_writer.py``): ``play`` gives one, which every match session the
    #: menus and boards make is handed; None headless (tools and tests save on their own
    #: thread). See :meth:`flush_autosaves`.
    autosaves: AutosaveWriter | None = None
    #: Whether idle menus prepare what may be opened next (the title's warm-up, warm.py; a
    #: screen built ahead, ahead.py; the how-to pictures asked for): see
    #: :meth:`prepares_ahead`. A shot's context (game/shots.py) prepares nothing: it draws
    #: one frame and opens nothing, and what is prepared fills caches only (no pixel of that
    #: frame changes), which cost most of a title shot's making (a warm-up step a frame).
    idle_work: bool = True

    def flush_autosaves(self) -> bool:
        """Wait until the saves handed to :attr:`autosaves` are on disk (at most
        ``SETTLE_SECONDS``): whatever reads, offers or tidies the autosave calls it first
        (the title, resuming, the app's end). False if the disk took longer."""
        if self.autosaves is None:
            return True
        from .core.autosave_writer import SETTLE_SECONDS

        return self.autosaves.flush(SETTLE_SECONDS)

    def importing_now(self) -> bool:
        """Whether that thread runs. Meanwhile the main thread must import nothing: two
        threads importing modules of one import cycle (a package whose ``__init__``
        imports its own modules: every game's ``rules`` and ``ui``) can deadlock on the
        per-module import locks. So the app keeps input for later and serves no phones,
        and the title prepares no menu (``warm.py``), until it is done."""
        return self.importing is not None and self.importing.is_alive()

    def prepares_ahead(self) -> bool:
        """Whether an idle menu may prepare what it may open next: :attr:`idle_work`, and
        no import behind the title (:meth:`importing_now`)."""
        return self.idle_work and not self.importing_now()

    @property
    def strings(self) -> Strings:
        return self.catalogue.strings

    def t(self, key: str, **fmt: object) -> str:
        return self.catalogue.strings.get(key, **fmt)


def _init_pygame(headless: bool) -> None:
    """Start pygame. Headless: dummy video and audio drivers and a 1×1 hidden display,
    so ``convert_alpha`` works for the kit's caches (tests, ``shot``, ``bench``)."""
    import os

    if headless:
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        if not _display_ready():
            os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    pygame.init()
    if headless and pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def _display_ready() -> bool:
    import sys

    pygame = sys.modules.get("pygame")
    return pygame is not None and pygame.display.get_init()


#: The YAML files of some folders, each by (path, modification time, size).
Fingerprint = tuple[tuple[str, int, int], ...]
#: Catalogues by the fingerprint of their files: tests and tools build many contexts in
#: one process and should parse the YAML once. Each context gets its own ``Strings``
#: (its language can switch live); the games' data is shared and frozen.
_CATALOGUES: dict[tuple[str, Fingerprint], Catalogue] = {}


def _fingerprint(*folders: Path) -> Fingerprint:
    """The YAML files in ``folders`` by name, time and size. A link that leads nowhere (a
    deck on a drive since unplugged) counts by its own: its loader skips it, with a notice."""
    out = []
    for folder in folders:
        if folder.is_dir():
            for path in sorted(folder.rglob("*.yaml")):
                stat = link_safe_stat(path)
                if stat is not None:
                    out.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(out)


def _load_catalogue(data_dir: Path, custom_dir: Path, lang: str, lazy: bool) -> Catalogue:
    """The memoised catalogue. ``lazy`` (the app): only games with custom decks are parsed
    now, the rest on first use or by the preload after the first frame; otherwise (tests,
    tools) every game is parsed now, as a failure there should show at once."""
    from . import disk_cache
    from .catalogue import GameCatalogues, custom_keys, load_catalogue

    key = (str(data_dir), _fingerprint(data_dir, custom_dir))  # an empty custom folder is no folder
    catalogue = _CATALOGUES.get(key)
    if catalogue is None:
        eager = custom_keys(GameCatalogues(data_dir, custom_dir)) if lazy else True
        strings_cache = disk_cache.cache_dir("strings") if lazy else None  # the app's start reads them back
        catalogue = _CATALOGUES[key] = load_catalogue(data_dir, custom_dir, lang, eager=eager,
                                                      strings_cache=strings_cache)
    elif not lazy:
        catalogue.catalogues.all()
    return catalogue.with_strings(catalogue.strings.in_language(lang))


def _names(ctx: AppContext, key: str) -> list[str]:
    return [n.strip() for n in ctx.t(key).split(",") if n.strip()]


def fill_seats(ctx: AppContext, count: int, names_key: str = "kit.demo_names") -> None:
    """Seat ``count`` players with distinct names (from the comma-separated list at
    ``names_key``) and styles: the two keyboard sides first, then pads (fake instance
    ids 100, 101, …). For shots and tests."""
    names = _names(ctx, names_key)
    devices = [("kb", "left"), ("kb", "right")] + [("pad", 100 + i) for i in range(8)]
    for i in range(min(count, 8)):
        name = names[i] if i < len(names) else ctx.t("kit.bot_name", n=i + 1)
        ctx.seats.join(devices[i], name)


def name_seats(ctx: AppContext, names_key: str) -> None:
    """Give every seat its name from the list at ``names_key`` (seat k the k-th name):
    a shot's bots, seated by the scene's builder, named like the players."""
    for seat, name in zip(list(ctx.seats), _names(ctx, names_key)):
        ctx.seats.rename(seat.index, name)


def build_context(*, headless: bool, lang: str | None = None, settings: Settings | None = None, seats: int = 0,
                  config_dir: str | Path | None = None, data_dir: str | Path | None = None) -> AppContext:
    """Everything a scene needs: settings, catalogue, UI kit, audio, seats, games.

    The app's (not headless) catalogue parses the games' data lazily: call
    ``ctx.catalogue.catalogues.preload()`` once the first frame is shown.

    ``settings`` overrides the stored settings (read from ``config_dir`` or the user's
    config folder); ``lang`` overrides the language; ``seats=N`` pre-fills N seats."""
    from pathlib import Path

    from . import paths
    from .games import all_games
    from .seats import SeatTable
    from .settings import FILE_NAME, load_settings

    notice = None
    if settings is None:
        path = Path(config_dir) / FILE_NAME if config_dir is not None else None
        settings, notice = load_settings(path)
    if lang is not None:
        settings.lang = lang
    _init_pygame(headless)
    from .ui.audio import Audio
    from .ui.kit import UiKit

    catalogue = _load_catalogue(Path(data_dir) if data_dir is not None else paths.data_dir(),
                                paths.user_data_dir() / "decks", settings.lang, lazy=not headless)
    ctx = AppContext(catalogue=catalogue, settings=settings, kit=UiKit(settings), seats=SeatTable(),
                     audio=Audio(settings, headless), games=all_games(), headless=headless,
                     menu_gui=MenuGui(settings))
    if notice:
        ctx.notices.append(ctx.t(notice))
    ctx.notices.extend(ctx.t("notices.deck_skipped", error=warning) for warning in catalogue.warnings)
    fill_seats(ctx, seats)
    return ctx
