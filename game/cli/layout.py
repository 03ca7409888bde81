"""``python -m game layout [SHOT…]``: the layout check (game/ui/layout_probe.py) on
shots, in both languages by default, with the longest realistic names in every seat and
the largest text scale; prints every violation (shot, rule, text, rectangle)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ..settings import SAFE_AREAS


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shots", nargs="*", help="shot names (default: every shot of `shot --list`)")
    parser.add_argument("--lang", choices=("fr", "en", "both"), default="both")
    parser.add_argument("--safe-area", type=float, choices=SAFE_AREAS, default=SAFE_AREAS[0],
                        help="the margin to keep clear, as a share of the screen (default 0.05)")
    parser.add_argument("--names", choices=("long", "demo"), default="long")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..ui.layout_probe import Probe
    from .shot import registry

    known = sorted(registry())
    unknown = [name for name in args.shots if name not in known]
    if unknown:
        print(f"unknown shot(s): {', '.join(unknown)}; see `shot --list`", file=sys.stderr)
        return 2
    probe = Probe(safe_area=args.safe_area, names=args.names)
    langs = ("fr", "en") if args.lang == "both" else (args.lang,)
    found: list[Any] = []
    for name in args.shots or known:
        for lang in langs:
            for violation in probe.check(name, lang):
                print(violation)
                found.append(violation)
    print(f"{len(found)} violation(s)")
    return 1 if found else 0
