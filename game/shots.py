"""The shot registry: every screen a tool renders headless, by name.

A module with screens to show declares them in a module-level ``SHOTS`` dict: full
scene name -> ``build(ctx, request)``, which pushes scenes onto ``ctx.stack`` for a
:class:`ShotRequest`; a shared module with a screen per game declares ``GAME_SHOTS``
too (name prefix -> the builder of a game id). :func:`registry` reads the shared scene
modules and every game plug-in's board (its ``ui`` package); a module that does not
exist yet is skipped (games land over time), any other import error is raised. The
modules that declare shots import nothing from here but the request's type (under
``TYPE_CHECKING``): the game in play never loads this module; the tools do
(``game/cli``: ``shot``, ``layout``, ``bench``), and so do the two that draw screens
without the command line: the how-to pictures' maker (``scenes/menus/howto_pictures.py``)
and the layout probe (``ui/layout_probe.py``).

:func:`prepare` builds a shot in a fresh headless context and runs ``ticks`` fixed
ticks (one frame each); :func:`render` then draws it once on the 1920×1080 canvas. Its
menus prepare no next screen while they idle (``AppContext.idle_work``: the title's
warm-up filled caches only, for screens a shot never opens).
Settings are the defaults (not the user's file), so shots are reproducible.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Callable

from .context import build_context, fill_seats, name_seats
from .games import discover
from .games.plugin import BOARD_MODULE
from .settings import Settings

if TYPE_CHECKING:
    import pygame

    from .context import AppContext

#: Shared modules with screens, in listing order; games' modules are added after.
SHARED_MODULES = ("game.scenes.menus", "game.scenes.peek", "game.scenes.ring_shots", "game.scenes.disconnect",
                  "game.scenes.phones", "game.scenes.audience_leaderboard")
DEFAULT_TICKS = 60
#: A request's ``names``: i18n key of the comma-separated seat names each set uses.
NAME_SETS = {"demo": "kit.demo_names", "long": "kit.long_names"}


@dataclass(frozen=True)
class ShotRequest:
    """How one shot is made: ``seats`` players seated (1-8), the builders' ``seed``,
    ``ticks`` fixed ticks before drawing, the language, and the seat names' set
    (:data:`NAME_SETS`: short demo names, or the longest realistic ones)."""

    seats: int = 4
    seed: int = 1
    ticks: int = DEFAULT_TICKS
    lang: str = "fr"
    names: str = "demo"


Builder = Callable[["AppContext", ShotRequest], None]


def _import_optional(name: str) -> ModuleType | None:
    """The module, or None when it (or a package above it) does not exist yet."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise


def registry() -> dict[str, Builder]:
    """Every registered shot, by full scene name: the shared modules', each game's
    board's, and one ``<prefix>.<id>`` for each game of each shared module's
    ``GAME_SHOTS`` (prefix -> the builder of a game id: the menus' ``lobby.<id>``)."""
    plugins = discover()
    game_ids = [mode.id for plugin in plugins for mode in plugin.modes]
    modules = [*SHARED_MODULES, *(plugin.module_name(BOARD_MODULE) for plugin in plugins)]
    shots: dict[str, Builder] = {}
    for name in modules:
        module = _import_optional(name)
        if module is not None:
            shots.update(getattr(module, "SHOTS", {}))
            for prefix, of_game in getattr(module, "GAME_SHOTS", {}).items():
                shots.update({f"{prefix}.{game_id}": of_game(game_id) for game_id in game_ids})
    return shots


def build_scene(ctx: AppContext, name: str, request: ShotRequest) -> None:
    shots = registry()
    if name not in shots:
        raise KeyError(f"unknown scene {name!r}; known: {', '.join(sorted(shots))}")
    shots[name](ctx, request)


def prepare(name: str, request: ShotRequest, settings: Settings | None = None, build: Builder | None = None) -> AppContext:
    """A fresh headless context with the scene built (by ``build`` if given) and ticked:
    ready to draw. ``settings`` default to the defaults (not the user's file)."""
    ctx = build_context(headless=True, lang=request.lang, settings=settings or Settings())
    ctx.idle_work = False  # (its menus prepare no next screen: one frame is drawn, AppContext.idle_work)
    names = NAME_SETS[request.names]
    fill_seats(ctx, request.seats, names)
    if build is None:
        build_scene(ctx, name, request)
    else:
        build(ctx, request)
    if names != NAME_SETS["demo"]:
        name_seats(ctx, names)  # the bots a builder seated get the set's names too
    for _ in range(max(0, request.ticks)):
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
    return ctx


def render(name: str, request: ShotRequest) -> pygame.Surface:
    """Build the scene in a fresh headless context, tick it, draw it: the canvas."""
    ctx = prepare(name, request)
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    return canvas
