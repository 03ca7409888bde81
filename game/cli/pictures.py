"""``python -m game pictures [SHOT ...]``: make the how-to pages' missing pictures.

The game runs this as a child process (game/scenes/menus/picture_maker.py) so that it
never renders a picture itself (~0.2 s of CPU and ~40 MB each: issue 18). It runs at a
low priority, with SDL's dummy video and audio drivers (no window, no sound), and makes
the shots given (every how-to page's by default) in one language, size and pixel format,
skipping those already kept; each is written atomically (disk_cache.keep), so the game
never reads half a picture. It stops between two pictures once the game that started it
(``--parent``) is gone. Exit status: 0 all made, 1 one could not be written, 2 bad
options, 3 the parent is gone.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

#: A picture made by hand (no ``--size``/``--masks``): the page's size at the default
#: safe area, in the usual 32-bit display format.
DEFAULT_SIZE = (676, 380)
DEFAULT_MASKS = (0xFF0000, 0xFF00, 0xFF, 0)


def _pair(text: str) -> tuple[int, int]:
    width, _, height = text.partition("x")
    return int(width), int(height)


def _masks(text: str) -> tuple[int, int, int, int]:
    masks = tuple(int(part) for part in text.split(","))
    if len(masks) != 4:
        raise argparse.ArgumentTypeError("four masks: red,green,blue,alpha")
    return masks


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shots", nargs="*", metavar="SHOT",
                        help="shots to picture, in this order (default: every how-to page's)")
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    parser.add_argument("--size", type=_pair, default=DEFAULT_SIZE, help="WIDTHxHEIGHT (default 676x380)")
    parser.add_argument("--masks", type=_masks, default=DEFAULT_MASKS, help="the pixels' R,G,B,A masks")
    parser.add_argument("--bits", type=int, default=32, help="bits per pixel")
    parser.add_argument("--pitch", type=int, help="bytes per row (default: width x bytes per pixel)")
    parser.add_argument("--folder", type=Path, help="where to keep them (default: the user cache's)")
    parser.add_argument("--parent", type=int, help="stop when this process is gone")


def lower_priority() -> None:
    """Below the game's priority, so its frames come first on a busy machine (Windows:
    the game starts the child in the BELOW_NORMAL class, picture_maker.py)."""
    if hasattr(os, "nice"):
        try:
            os.nice(10)
        except OSError:
            pass


def parent_gone(parent: int | None) -> bool:
    """Whether the process that started this one has ended (POSIX: this one was handed
    to another parent; Windows keeps the number, so there the maker runs to its end)."""
    return parent is not None and os.name == "posix" and os.getppid() != parent


def run(args: argparse.Namespace) -> int:
    lower_priority()
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame is imported
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"  # SIGTERM ends it (SDL would make it a quit event)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ..scenes.menus.howto_pictures import all_shots

    known = all_shots()
    unknown = [shot for shot in args.shots if shot not in known]
    if unknown:
        print(f"not a how-to page's shot: {', '.join(unknown)} (known: {', '.join(known)})", file=sys.stderr)
        return 2
    return make_missing(args)


def make_missing(args: argparse.Namespace) -> int:
    """Make each of ``args.shots`` not kept yet; print what it cost."""
    from .. import disk_cache
    from ..scenes.menus.howto_pictures import PictureFormat, all_shots, is_made, make_picture, picture_path
    from .bench_measures import peak_rss_mb

    width = args.size[0]
    fmt = PictureFormat(tuple(args.size), tuple(args.masks), args.bits,
                        args.pitch if args.pitch is not None else width * ((args.bits + 7) // 8))
    folder = args.folder if args.folder is not None else disk_cache.cache_dir("pictures")
    start, made = time.process_time(), 0
    for shot in dict.fromkeys(args.shots or all_shots()):
        if parent_gone(args.parent):
            return 3
        if is_made(picture_path(folder, shot, args.lang, fmt), fmt):
            continue
        try:
            kept = make_picture(folder, shot, args.lang, fmt)
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
        if not kept:
            print(f"could not write the picture of {shot} in {folder}", file=sys.stderr)
            return 1
        made += 1
    print(f"{made} pictures made in {folder}: {time.process_time() - start:.2f} s of CPU, "
          f"peak RSS {peak_rss_mb():.1f} MB")
    return 0
