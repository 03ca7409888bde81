"""``python -m game shot NAME --out F.png``: render one registered scene headless.

The shots and how they are made are the registry's (game/shots.py); this command only
turns its options into a :class:`~game.shots.ShotRequest`, renders it and saves the
1920×1080 canvas as a PNG.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..shots import DEFAULT_TICKS, NAME_SETS, ShotRequest, registry, render


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


def request_of(args: argparse.Namespace) -> ShotRequest:
    """The shot the command line asks for."""
    return ShotRequest(seats=args.seats, seed=args.seed, ticks=args.ticks, lang=args.lang, names=args.names)


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
        canvas = render(args.scene, request_of(args))
    except KeyError as exc:
        print(exc.args[0], file=sys.stderr)
        return 2
    import pygame

    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(canvas, str(out))
    print(out)
    return 0
