"""``python -m game layout [SHOT…]``: the layout check (game/ui/layout_probe.py) on
shots, in both languages by default, with the longest realistic names in every seat and
the largest text scale; prints every violation (shot, rule, text, rectangle).

``--known`` prints instead the ``KNOWN`` / ``KNOWN_WIDE`` / ``KNOWN_WIDE_TEXT`` /
``KNOWN_VIEWS`` dicts of tests/test_layout.py for the shots' current failures (both safe
areas, a show's last frame, the default view), to paste over a screen owner's lines rather
than edit them by hand."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Iterable

from ..settings import SAFE_AREAS

if TYPE_CHECKING:
    from ..ui.layout_probe import Probe
    from ..ui.layout_rules import Violation

LANGS = ("fr", "en")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shots", nargs="*", help="shot names (default: every shot of `shot --list`)")
    parser.add_argument("--lang", choices=("fr", "en", "both"), default="both")
    parser.add_argument("--safe-area", type=float, choices=SAFE_AREAS, default=SAFE_AREAS[0],
                        help="the margin to keep clear, as a share of the screen (default 0.05)")
    parser.add_argument("--names", choices=("long", "demo"), default="long")
    parser.add_argument("--known", action="store_true",
                        help="print the KNOWN / KNOWN_WIDE / KNOWN_WIDE_TEXT / KNOWN_VIEWS dicts of tests/test_layout.py for "
                             "the current failures (both languages, the 5 %% and 10 %% safe areas, a show's last frame, "
                             "the default view)")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the report (--known pastes it)
    from ..shots import registry
    from ..ui.layout_probe import DEFAULT_VIEW, Probe

    known = sorted(registry())
    unknown = [name for name in args.shots if name not in known]
    if unknown:
        print(f"unknown shot(s): {', '.join(unknown)}; see `shot --list`", file=sys.stderr)
        return 2
    shots = args.shots or known
    if args.known:
        print(known_dicts(Probe(names=args.names), Probe(safe_area=SAFE_AREAS[-1], names=args.names),
                          {"default": Probe(**DEFAULT_VIEW)}, shots))
        return 0
    probe = Probe(safe_area=args.safe_area, names=args.names)
    langs = LANGS if args.lang == "both" else (args.lang,)
    found: list[Violation] = []
    for name in shots:
        for lang in langs:
            for violation in probe.check(name, lang):
                print(violation)
                found.append(violation)
    print(f"{len(found)} violation(s)")
    return 1 if found else 0


def known_dicts(probe: Probe, wide_probe: Probe, views: dict[str, Probe], shots: Iterable[str]) -> str:
    """The source of ``KNOWN`` ((shot, rule) -> languages failing it), ``KNOWN_WIDE``
    (shot -> languages drawing in the wide area's margin), ``KNOWN_WIDE_TEXT`` ((shot,
    rule) -> languages failing another rule in the wide area) and ``KNOWN_VIEWS`` ((view,
    shot, rule) -> languages failing it: ``probe``'s show's last frame, "last", and each of
    ``views``), in the order and form tests/test_layout.py keeps them."""
    from ..ui.layout_rules import RULES

    known: dict[tuple[str, str], list[str]] = {}
    wide: dict[str, list[str]] = {}
    wide_text: dict[tuple[str, str], list[str]] = {}
    in_views: dict[tuple[str, str, str], list[str]] = {}
    for name in sorted(shots):
        for lang in LANGS:
            tick, last = probe.check_then_last(name, lang)
            for rule in sorted({v.rule for v in tick}, key=RULES.index):
                known.setdefault((name, rule), []).append(lang)
            others = {"last": last} | {view: view_probe.check(name, lang) for view, view_probe in views.items()}
            for view, found in others.items():
                for rule in sorted({v.rule for v in found}, key=RULES.index):
                    in_views.setdefault((view, name, rule), []).append(lang)
            wide_rules = {v.rule for v in wide_probe.check(name, lang)}
            if "margin" in wide_rules:
                wide.setdefault(name, []).append(lang)
            for rule in sorted(wide_rules - {"margin"}, key=RULES.index):
                wide_text.setdefault((name, rule), []).append(lang)

    def ordered(found: dict[tuple[str, str], list[str]]) -> list[tuple[tuple[str, str], list[str]]]:
        return sorted(found.items(), key=lambda item: (item[0][0], RULES.index(item[0][1])))

    return "\n".join([
        "KNOWN: dict[tuple[str, str], tuple[str, ...]] = {",
        *(f'    ("{name}", "{rule}"): {tuple(langs)!r},' for (name, rule), langs in ordered(known)),
        "}",
        "KNOWN_WIDE: dict[str, tuple[str, ...]] = {",
        *(f'    "{name}": {tuple(langs)!r},' for name, langs in wide.items()),
        "}",
        "KNOWN_WIDE_TEXT: dict[tuple[str, str], tuple[str, ...]] = {",
        *(f'    ("{name}", "{rule}"): {tuple(langs)!r},' for (name, rule), langs in ordered(wide_text)),
        "}",
        "KNOWN_VIEWS: dict[tuple[str, str, str], tuple[str, ...]] = {",
        *(f'    ("{view}", "{name}", "{rule}"): {tuple(langs)!r},' for (view, name, rule), langs in in_views.items()),
        "}",
    ])
