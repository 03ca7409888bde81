"""``python -m game shot NAME --out F.png``: render one registered scene headless.

Scenes register screenshots in a module-level ``SHOTS`` dict: full scene name ->
``build(ctx, args)``, which pushes scenes onto ``ctx.stack``. The registry reads the
shared scene modules and every game plug-in's board (its ``ui`` package), and adds each
game's lobby; a module that does not exist yet is skipped (games land over time), any
other import error is raised.

After building, the stack runs ``--ticks`` fixed ticks (one frame each), then draws once
on the 1920×1080 canvas, which is saved as PNG. Settings are the defaults (not the
user's file), so shots are reproducible.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from ..context import AppContext

#: Shared modules with screens, in listing order; games' modules are added after.
SHARED_MODULES = ("game.scenes.menus", "game.scenes.peek", "game.scenes.ring_shots", "game.scenes.disconnect",
                  "game.scenes.phones")
DEFAULT_TICKS = 60
#: ``--names``: i18n key of the comma-separated seat names each set uses.
NAME_SETS = {"demo": "kit.demo_names", "long": "kit.long_names"}

Builder = Callable[["AppContext", argparse.Namespace], None]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", nargs="?", help="scene name (see --list)")
    parser.add_argument("--out", help="PNG file to write")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    parser.add_argument("--seats", type=int, default=4, help="players seated (1-8, default 4)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ticks", type=int, default=DEFAULT_TICKS, help=f"fixed ticks before drawing (default {DEFAULT_TICKS})")
    parser.add_argument("--names", choices=NAME_SETS, default="demo",
                        help="seat names: short demo names, or the longest realistic ones (layout checks)")
    parser.add_argument("--list", action="store_true", help="list the scene names and exit")


def shot_args(**values: Any) -> argparse.Namespace:
    """The options of a shot, defaults filled in (for tools that render shots)."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args([])
    vars(args).update(values)
    return args


def _import_optional(name: str):
    """The module, or None when it (or a package above it) does not exist yet."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise


def registry() -> dict[str, Builder]:
    """Every registered shot, by full scene name: the shared modules', each game's
    board's, and each game's lobby (``lobby.<id>``)."""
    from ..games import discover
    from ..games.plugin import BOARD_MODULE
    from ..scenes.menus import lobby_shot

    plugins = discover()
    modules = [*SHARED_MODULES, *(plugin.module_name(BOARD_MODULE) for plugin in plugins)]
    shots: dict[str, Builder] = {}
    for name in modules:
        module = _import_optional(name)
        if module is not None:
            shots.update(getattr(module, "SHOTS", {}))
    shots.update({f"lobby.{mode.id}": lobby_shot(mode.id) for plugin in plugins for mode in plugin.modes})
    return shots


def build_scene(ctx: AppContext, name: str, args: argparse.Namespace) -> None:
    shots = registry()
    if name not in shots:
        raise KeyError(f"unknown scene {name!r}; known: {', '.join(sorted(shots))}")
    shots[name](ctx, args)


def prepare(name: str, args: argparse.Namespace, settings: Any = None, build: Builder | None = None) -> Any:
    """A fresh headless context with the scene built (by ``build`` if given) and ticked:
    ready to draw. ``settings`` default to the defaults (not the user's file)."""
    from ..context import build_context, fill_seats, name_seats
    from ..settings import Settings

    ctx = build_context(headless=True, lang=args.lang, settings=settings or Settings())
    names = NAME_SETS[getattr(args, "names", "demo")]
    fill_seats(ctx, args.seats, names)
    if build is None:
        build_scene(ctx, name, args)
    else:
        build(ctx, args)
    if names != NAME_SETS["demo"]:
        name_seats(ctx, names)  # the bots a builder seated get the set's names too
    for _ in range(max(0, args.ticks)):
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
    return ctx


def render(name: str, args: argparse.Namespace):
    """Build the scene in a fresh headless context, tick it, draw it: the canvas."""
    ctx = prepare(name, args)
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    return canvas


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.list:
        for name in sorted(registry()):
            print(name)
        return 0
    if not args.scene or not args.out:
        print("usage: python -m game shot NAME --out FILE.png (or --list)", file=sys.stderr)
        return 2
    if not 1 <= args.seats <= 8:
        print("--seats must be between 1 and 8", file=sys.stderr)
        return 2
    try:
        canvas = render(args.scene, args)
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    import pygame

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(out))
    print(out)
    return 0
