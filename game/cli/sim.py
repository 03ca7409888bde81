"""``python -m game sim GAME --seats N --matches K --seed S [--bot-level L] [--json]``: bot
matches, headless.

Every seat is played by the game's own bot, at level ``normal`` unless ``--bot-level``
says otherwise: ``--bot-level easy`` for every seat, ``--bot-level 0=sharp`` for one
(repeatable), so one leveled bot can be measured against normal ones. Bots act at once
(no thinking delay: that is the table's, scenes/match.py). ``matches`` depends only on the seed (match
``i`` is seeded ``"S:i"``), so two runs with the same seed print the same matches; only
``matches_per_second`` in the summary changes. ``--tag-noise P`` gives every bot its own copy of the associations it reasons with,
a share P of links changed at random from the bot's own seeded rng (games whose bots
have ``vary_associations``: Secret Identity), as different people think differently.
GAME is a game id, or ``module:ATTR``
naming a :class:`~game.games.GameEntry` (the tests' toy game: ``tests.toygame:ENTRY``).

``--jobs N`` (default: every core) plays the matches in N worker processes, in chunks
of consecutive matches that come back in match order, so the report is the same
whatever N is.

The matches are one table's series, as "Play again" deals them: match ``i + 1`` starts
from the game's ``next_config`` of match ``i``'s (Mission Secrète: the next seat swaps
first), so a seat's win rate is what it wins over a series; ``--no-series`` plays every
match from the same config (a new table's first match each time: the seat order's own
edge).

``--versus A:B`` (e.g. ``sharp:easy``) measures one level against another. At a table
with opponents, the seats alternate A, B, A, … and the pattern moves one seat on every
``seats`` matches (so each seat, and the first seat of a series, is A half the time);
``versus.share`` is the share of matches whose winner is an A bot (a shared victory
counts the share of its winners that are A; 0.5 is a fair game). A cooperative game
(``GameDefinition.cooperative``) has no opponents: every seed is played by a table of A
bots and by a table of B bots, and ``share`` is the share of seeds whose A table scores
more (ties half). ``stderr`` is the share's standard error.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import importlib
import itertools
import json
import math
import multiprocessing
import os
import pickle
import sys
from concurrent.futures import ProcessPoolExecutor
import time
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from .. import paths
from ..core.bots import DEFAULT_LEVEL, LEVELS
from ..core.playthrough import play_match
from ..core.rng import Rng
from ..games import GameEntry, all_games

if TYPE_CHECKING:
    from ..core.engine import GameDefinition
    from ..games import C

#: The young generation's collection threshold while bots play (Python's default: 700).
YOUNG_GC = 50_000


def resolve_entry(name: str) -> GameEntry[Any]:
    """A registered game by id, or a GameEntry named ``module:ATTR``."""
    if ":" in name:
        module_name, attr = name.split(":", 1)
        entry = getattr(importlib.import_module(module_name), attr)
        if not isinstance(entry, GameEntry):
            raise SystemExit(f"{name} is not a GameEntry")
        return entry
    games = all_games()
    if name not in games:
        raise SystemExit(f"unknown game {name!r}; known: {', '.join(sorted(games)) or 'none'}")
    return games[name]


def parse_option(text: str) -> tuple[str, Any]:
    """``key=value`` with JSON values (``free_swap=true``, ``rounds=2``); bare words stay text."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    try:
        return key, json.loads(raw)
    except json.JSONDecodeError:
        return key, raw


def parse_level(text: str) -> tuple[int | None, str]:
    """``LEVEL`` (every seat) or ``SEAT=LEVEL`` (one seat)."""
    seat, sep, level = text.rpartition("=")
    if level not in LEVELS or (sep and not seat.isdigit()):
        raise argparse.ArgumentTypeError(f"expected LEVEL or SEAT=LEVEL with LEVEL one of {', '.join(LEVELS)}")
    return (int(seat) if sep else None), level


def parse_versus(text: str) -> tuple[str, str]:
    """``A:B``: two different levels."""
    first, sep, second = text.partition(":")
    if not sep or first not in LEVELS or second not in LEVELS or first == second:
        raise argparse.ArgumentTypeError(f"expected A:B with two different levels of {', '.join(LEVELS)}")
    return first, second


def noise_share(text: str) -> float:
    """``--tag-noise``: a share between 0 and 1."""
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0.0 <= share <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a share between 0 and 1, got {text!r}")
    return share


def seat_levels(seats: int, levels: Sequence[tuple[int | None, str]] = ()) -> list[str]:
    """Each seat's bot level: ``normal``, then the ``--bot-level`` choices in order."""
    out = [DEFAULT_LEVEL] * seats
    for seat, level in levels:
        if seat is None:
            out = [level] * seats
        elif seat < seats:
            out[seat] = level
        else:
            raise SystemExit(f"--bot-level {seat}={level}: there are only {seats} seats")
    return out


def simulate(entry: GameEntry[C], catalogue: C, seats: int, matches: int, seed: str,
             options: Mapping[str, Any] | None = None, check: bool = False,
             levels: Sequence[str] | None = None, jobs: int = 1, game: str | None = None,
             tag_noise: float = 0.0, versus: tuple[str, str] | None = None,
             series: bool = True) -> dict[str, Any]:
    """Play ``matches`` bot matches; return ``{"matches": [...], "summary": {...}}``.
    ``levels``: each seat's bot level (default: all normal); ``tag_noise``, ``versus``
    (which then sets the levels) and ``series``: see the module docstring.

    With ``jobs > 1`` the matches are played in that many processes, which find the
    entry again by ``game`` (the name :func:`resolve_entry` takes; default ``entry.id``)
    and are sent ``catalogue``."""
    config = entry.default_config(seats)
    config.update(options or {})
    levels = list(levels or [DEFAULT_LEVEL] * seats)
    started = time.perf_counter()
    if jobs > 1 and matches > 1:
        played = play_in_parallel(game or entry.id, catalogue, seats, config, levels, seed, matches, check, jobs,
                                  tag_noise, entry.warm, versus, series)
    else:
        played = play_range(entry, catalogue, seats, config, levels, seed, 0, matches, check, tag_noise,
                            versus, series)
    elapsed = time.perf_counter() - started
    summary = summarise(played, seats, elapsed)
    if versus is not None:
        summary["versus"] = versus_summary(played, versus, entry.make_definition(catalogue).cooperative)
    return {"game": entry.id, "seats": seats, "config": config, "bot_levels": levels, "tag_noise": tag_noise,
            "series": series, "matches": played, "summary": summary}


def series_configs(definition: GameDefinition[Any, Any, Any], config: Mapping[str, Any], start: int) -> Iterator[dict[str, Any]]:
    """The configs of matches ``start``, ``start + 1``, … of a table that plays again
    and again (``GameDefinition.next_config``)."""
    current = dict(config)
    for _ in range(start):
        current = definition.next_config(current)
    while True:
        yield current
        current = definition.next_config(current)


def versus_tables(seats: int, versus: tuple[str, str], index: int, cooperative: bool) -> list[list[str]]:
    """The seats' levels at the table(s) that play match ``index`` (module docstring)."""
    first, second = versus
    if cooperative:
        return [[first] * seats, [second] * seats]
    shift = index // seats
    return [[first if (seat + shift) % 2 == 0 else second for seat in range(seats)]]


def play_range(entry: GameEntry[C], catalogue: C, seats: int, config: Mapping[str, Any], levels: Sequence[str],
               seed: str, start: int, stop: int, check: bool, tag_noise: float = 0.0,
               versus: tuple[str, str] | None = None, series: bool = True) -> list[dict[str, Any]]:
    """Matches ``start`` to ``stop - 1`` of the run seeded ``seed``, one report each
    (two for a cooperative game's ``versus``: its A table's, then its B table's),
    with :func:`fewer_collections`."""
    definition = entry.make_definition(catalogue)
    configs = series_configs(definition, config, start) if series else itertools.repeat(dict(config))
    played: list[dict[str, Any]] = []
    with fewer_collections():
        for index, match_config in zip(range(start, stop), configs):
            tables = [list(levels)] if versus is None else \
                versus_tables(seats, versus, index, definition.cooperative)
            played += [play_one(entry, catalogue, definition, match_config, match_seed(seed, index), table, check,
                                tag_noise, versus is not None) for table in tables]
    return played


def match_seed(seed: str, index: int) -> str:
    """The seed of match ``index`` of the run seeded ``seed``."""
    return f"{seed}:{index}"


def table_bots(entry: GameEntry[C], catalogue: C, seed: str, levels: Sequence[str]) -> dict[int, Any]:
    """The bots of the match seeded ``seed``, a seat each at its level, each with its own rng."""
    return {s: entry.make_bot(catalogue, s, Rng.from_seed(f"bot:{seed}:{s}"), level) for s, level in enumerate(levels)}


def play_one(entry: GameEntry[C], catalogue: C, definition: GameDefinition[Any, Any, Any],
             config: Mapping[str, Any], seed: str, levels: Sequence[str], check: bool, tag_noise: float, tell_levels: bool) -> dict[str, Any]:
    """One match's report (with the seats' levels if ``tell_levels``)."""
    bots = table_bots(entry, catalogue, seed, levels)
    if tag_noise:
        for bot in bots.values():
            vary = getattr(bot, "vary_associations", None)
            if vary is None:
                raise SystemExit(f"--tag-noise: {entry.id} bots reason with no associations to vary")
            vary(tag_noise)
    result = play_match(definition, config, seed, bots, check=check)
    outcome = result.outcome
    return {
        "seed": seed,
        "scores": [outcome.scores.get(s, 0) for s in range(len(levels))],
        "winners": sorted(outcome.winners),
        "actions": result.actions,
        "reason": outcome.reason,
        "measures": dict(outcome.measures),
        **({"levels": list(levels)} if tell_levels else {}),
    }


def versus_summary(played: list[dict[str, Any]], versus: tuple[str, str], cooperative: bool) -> dict[str, Any]:
    """``share`` of the matches (or seeds) level A wins, with its standard error, and
    each level's mean score per seat (module docstring)."""
    first, second = versus
    values: list[float] = []
    if cooperative:
        for mine, theirs in zip(played[::2], played[1::2]):
            ours, other = mine["scores"][0], theirs["scores"][0]
            values.append(1.0 if ours > other else 0.5 if ours == other else 0.0)
    else:
        for match in played:
            winners = match["winners"]
            values.append(sum(match["levels"][w] == first for w in winners) / len(winners) if winners else 0.5)
    count = len(values)
    share = sum(values) / count if count else 0.0
    spread = sum((v - share) ** 2 for v in values) / (count - 1) if count > 1 else 0.0
    scores = {level: [score for match in played for score, seat_level in zip(match["scores"], match["levels"])
                      if seat_level == level] for level in versus}
    return {"levels": [first, second], "share": round(share, 4), "stderr": round(math.sqrt(spread / count), 4),
            "samples": count, "of": "seeds" if cooperative else "matches",
            "mean_scores": {level: round(sum(v) / len(v), 4) if v else None for level, v in scores.items()}}


@contextlib.contextmanager
def fewer_collections() -> Iterator[None]:
    """Bots make and drop many small containers, so the collector ran every few
    hundred microseconds, and its full passes walked everything loaded before the first
    match too: while the matches play, that is set aside (``gc.freeze``) and the young
    generation is collected less often (every :data:`YOUNG_GC` new containers). Both
    are put back after. ~4 % of an Incognito bot match (issue 18 item 5)."""
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(YOUNG_GC, threshold[0]), *threshold[1:])
    try:
        yield
    finally:
        gc.set_threshold(*threshold)
        gc.unfreeze()


def play_in_parallel(game: str, catalogue: C, seats: int, config: Mapping[str, Any], levels: Sequence[str],
                     seed: str, matches: int, check: bool, jobs: int, tag_noise: float = 0.0,
                     warm: Callable[[C], None] | None = None, versus: tuple[str, str] | None = None,
                     series: bool = True) -> list[dict[str, Any]]:
    """:func:`play_range` over ``jobs`` processes: a few chunks per process (so one
    slow chunk does not leave a core idle), gathered in match order. Where processes
    start by fork (Linux up to Python 3.13), ``warm(catalogue)`` (the entry's) first
    fills this process's caches, which the workers then inherit; a worker that starts
    afresh (spawn: Windows, macOS) fills its own as it plays."""
    size = max(1, -(-matches // (jobs * 4)))
    packed = pickle.dumps(catalogue)
    chunks = [(game, packed, seats, config, levels, seed, start, min(matches, start + size), check, tag_noise,
               versus, series) for start in range(0, matches, size)]
    context = multiprocessing.get_context()
    if warm is not None and context.get_start_method() == "fork":
        warm(catalogue)
    with ProcessPoolExecutor(max_workers=min(jobs, len(chunks)), mp_context=context) as pool:
        return [match for chunk in pool.map(_play_chunk, chunks) for match in chunk]


def _play_chunk(task: tuple[Any, ...]) -> list[dict[str, Any]]:
    game, packed, *rest = task
    return play_range(resolve_entry(game), _unpacked(packed), *rest)


@functools.lru_cache(maxsize=2)
def _unpacked(packed: bytes) -> object:
    """The catalogue a worker was sent, one object for all its chunks: what bots build
    from a catalogue once per object (Secret Identity's tag model and its links, ~0.1 s)
    is then built once per worker, not once per chunk."""
    return pickle.loads(packed)


def summarise(played: list[dict[str, Any]], seats: int, elapsed: float) -> dict[str, Any]:
    count = max(1, len(played))
    measures: dict[str, list[float]] = {}
    reasons: dict[str, int] = {}
    for match in played:
        for name, value in match["measures"].items():
            measures.setdefault(name, []).append(float(value))
        reasons[match["reason"]] = reasons.get(match["reason"], 0) + 1
    return {
        "matches": len(played),
        "mean_scores": [round(sum(m["scores"][s] for m in played) / count, 4) for s in range(seats)],
        "win_rates": [round(sum(s in m["winners"] for m in played) / count, 4) for s in range(seats)],
        "measures": {name: round(sum(v) / len(v), 4) for name, v in sorted(measures.items())},
        "reasons": dict(sorted(reasons.items())),
        "actions_per_match": round(sum(m["actions"] for m in played) / count, 2),
        "matches_per_second": round(len(played) / elapsed, 2) if elapsed > 0 else None,
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a registered game's id (a wrong one lists them) or module:ENTRY")
    parser.add_argument("--seats", type=int, default=None, help="number of seats (default: the game's minimum)")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--option", action="append", type=parse_option, default=[], metavar="KEY=VALUE",
                        help="a lobby option, e.g. free_swap=true (repeatable)")
    parser.add_argument("--bot-level", action="append", type=parse_level, default=[], metavar="[SEAT=]LEVEL",
                        help=f"bot level ({', '.join(LEVELS)}) for every seat, or SEAT=LEVEL for one (repeatable)")
    parser.add_argument("--tag-noise", type=noise_share, default=0.0, metavar="P",
                        help="every bot's own associations, a share P (0-1) of links changed at random")
    parser.add_argument("--versus", type=parse_versus, default=None, metavar="A:B",
                        help="level A against level B (e.g. sharp:easy): seats alternate, the levels move round")
    parser.add_argument("--no-series", dest="series", action="store_false",
                        help="every match from the same config (no \"Play again\" passing the first seat on)")
    parser.add_argument("--check", action="store_true", help="also run the harness checks on every step")
    parser.add_argument("--jobs", type=int, default=None, metavar="N",
                        help="worker processes (default: one per core); the matches do not depend on it")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    entry = resolve_entry(args.game)
    seats = args.seats or entry.min_seats
    if not entry.min_seats <= seats <= entry.max_seats:
        print(f"{entry.id} takes {entry.min_seats}–{entry.max_seats} seats", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs is not None else os.cpu_count() or 1
    if jobs < 1:
        print("--jobs takes 1 or more", file=sys.stderr)
        return 2
    catalogue, warnings = entry.load_data(paths.data_dir())
    for warning in warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if args.versus and args.bot_level:
        print("--versus sets every seat's level: leave out --bot-level", file=sys.stderr)
        return 2
    levels = seat_levels(seats, args.bot_level)
    report = simulate(entry, catalogue, seats, args.matches, str(args.seed), dict(args.option), args.check,
                      levels, jobs=jobs, game=args.game, tag_noise=args.tag_noise, versus=args.versus,
                      series=args.series)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    summary = report["summary"]
    noise = f", tag noise {args.tag_noise:g}" if args.tag_noise else ""
    bots = "versus " + ":".join(args.versus) if args.versus else "bots " + " ".join(levels)
    print(f"{entry.id}: {summary['matches']} matches, {seats} seats, seed {args.seed}, {bots}{noise}")
    print(f"  mean scores       {summary['mean_scores']}")
    print(f"  win rates         {summary['win_rates']}")
    print(f"  end reasons       {summary['reasons']}")
    for name, value in summary["measures"].items():
        print(f"  {name:<17} {value}")
    if "versus" in summary:
        versus = summary["versus"]
        print(f"  {versus['levels'][0] + ' wins':<17} {versus['share']} ± {versus['stderr']} of "
              f"{versus['samples']} {versus['of']}, mean scores {versus['mean_scores']}")
    print(f"  actions / match   {summary['actions_per_match']}")
    print(f"  matches / second  {summary['matches_per_second']}")
    return 0
