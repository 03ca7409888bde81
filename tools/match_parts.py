"""Where a bot match's CPU goes, and what 60 matches/s on issue 32's laptop leaves each part.

    python tools/match_parts.py [GAME ...] [--matches 40] [--seed 1]

For each game at its most seats, ``sim``'s matches (the same seeds and series) are played
warm in this process, three first untimed. Each match's CPU time is split into:

- ``bots``: the bots' ``act`` (their thinking; the view they are given is made before);
- ``views``: the rules making each asked seat's view;
- ``rules``: the rules' ``step`` of every action, the chances and timeouts included;
- ``harness``: the rest (the session's bookkeeping, the seat order, setting up the match
  and its bots, the timers' own cost).

The parts are timed by wrappers around the definition and the bots, which change no
match: the same matches are played again untimed, for the whole match's time, and their
state hashes compared. The wrappers' own cost (~0.6 µs a timer read) lands in ``harness``.

The matches are played in chunks with the calibration loop
(``game.cli.bench_calibration``) timed between them: a virtual machine's speed drifts by
half within seconds, so each chunk is set against the loops around it. That gives a
match's CPU per second of the loop, which does not depend on the machine, beside what 60
a second on a 2-core machine whose loop takes 1.09 s needs (each core 30 a second: 33.3
ms a match there), and what the bots may take if everything else stays as it is.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import paths  # noqa: E402
from game.cli.bench_calibration import REFERENCE_S, time_loop  # noqa: E402
from game.cli.sim import match_seed, play_range, resolve_entry, seat_levels, series_configs, table_bots  # noqa: E402
from game.core.playthrough import play_match  # noqa: E402

#: Issue 32 item 3: matches a second on the reference machine, and its cores.
TARGET, CORES = 60.0, 2
PARTS = ("bots", "views", "rules", "harness")


class Clock:
    """CPU seconds spent in each part."""

    def __init__(self) -> None:
        self.spent = dict.fromkeys(PARTS, 0.0)

    def timed(self, part: str, call: Any, *args: Any) -> Any:
        start = time.thread_time()
        try:
            return call(*args)
        finally:
            self.spent[part] += time.thread_time() - start


class TimedDefinition:
    """The game's definition, its ``view`` and ``step`` timed (everything else its own)."""

    def __init__(self, definition: Any, clock: Clock) -> None:
        self.definition, self.clock = definition, clock

    def __getattr__(self, name: str) -> Any:
        return getattr(self.definition, name)

    def view(self, state: Any, seat: int | None) -> Any:
        return self.clock.timed("views", self.definition.view, state, seat)

    def step(self, state: Any, action: Any) -> Any:
        return self.clock.timed("rules", self.definition.step, state, action)


class TimedBot:
    def __init__(self, bot: Any, clock: Clock) -> None:
        self.bot, self.clock = bot, clock

    def act(self, view: Any, legal: Any) -> Any:
        return self.clock.timed("bots", self.bot.act, view, legal)


def parts(game: str, matches: int, seed: str = "1") -> dict[str, Any]:
    """``game``'s matches ``3 .. 3 + matches`` of ``sim``'s run ``seed`` at its most seats:
    CPU ms a match per second of the calibration loop, untimed and each part's (each the
    median over chunks of :data:`CHUNK` matches, a chunk divided by the loop timed just
    before and after it), whether the timed matches are the untimed ones (their
    state hashes), and each untimed match's actions."""
    entry = resolve_entry(game)
    catalogue, _ = entry.load_data(paths.data_dir())
    seats = entry.max_seats
    levels, config = seat_levels(seats, []), entry.default_config(seats)
    definition = entry.make_definition(catalogue)
    if entry.warm is not None:  # what sim does before it forks its workers
        entry.warm(catalogue)
    play_range(entry, catalogue, seats, config, levels, seed, 0, 3, False)  # warm: caches, first rows
    clock = Clock()
    timed_definition = TimedDefinition(definition, clock)
    hashes: dict[bool, list[str]] = {True: [], False: []}
    actions: list[int] = []  # each untimed match's
    #: Per chunk, CPU ms a match per second of the loop: the untimed match's, and each part's.
    whole: list[float] = []
    by_part: dict[str, list[float]] = {part: [] for part in PARTS}
    loop = time_loop(1)["cpu_s"]
    chunks = [range(start, min(start + CHUNK, 3 + matches)) for start in range(3, 3 + matches, CHUNK)]
    for timed in (True, False):  # the same matches, timed by parts, then whole
        for chunk in chunks:
            parts_before = dict(clock.spent)
            started = time.thread_time()
            for index, match_config in zip(chunk, series_configs(definition, config, chunk.start)):
                bots = table_bots(entry, catalogue, match_seed(seed, index), levels)
                if timed:  # (the wrappers are the bots' and the definition's stand-ins: Any)
                    bots = {s: TimedBot(bot, clock) for s, bot in bots.items()}
                chosen: Any = timed_definition if timed else definition
                played = play_match(chosen, match_config, match_seed(seed, index), bots)
                hashes[timed].append(played.session.hash())
                if not timed:
                    actions.append(played.actions)
            spent = time.thread_time() - started
            loop_before, loop = loop, time_loop(1)["cpu_s"]
            scale = 1000 / len(chunk) / ((loop_before + loop) / 2)
            if not timed:
                whole.append(spent * scale)
                continue
            changed = {part: clock.spent[part] - parts_before[part] for part in PARTS}
            changed["harness"] = spent - sum(changed.values())
            for part in PARTS:
                by_part[part].append(changed[part] * scale)
    return {"game": game, "seats": seats, "matches": matches,
            "ms_per_loop_s": round(statistics.median(whole), 2),
            "parts_per_loop_s": {part: round(statistics.median(cpu), 2) for part, cpu in by_part.items()},
            "same_matches": hashes[True] == hashes[False], "actions": actions}


#: Matches played between two timings of the loop (the machine's speed drifts).
CHUNK = 5
#: CPU ms a match may take per second of the loop: 60 a second on the reference machine's
#: two cores is 33.3 ms a match there, whose loop takes 1.09 s.
BUDGET_PER_LOOP_S = CORES * 1000.0 / TARGET / REFERENCE_S


def verdict(found: dict[str, Any]) -> str:
    """What 60/s on the reference machine asks of this game's match."""
    ms, bots = found["ms_per_loop_s"], found["parts_per_loop_s"]["bots"]
    head = f"untimed: {ms:.2f}; 60/s on the reference machine needs {BUDGET_PER_LOOP_S:.2f}"
    if ms <= BUDGET_PER_LOOP_S:
        return head + ": met"
    left = BUDGET_PER_LOOP_S - (ms - bots)  # what the bots may take if the rest stays
    short = f"{head}, {ms / BUDGET_PER_LOOP_S:.2f}x short"
    if left <= 0:
        return short + f"; the rest alone takes {ms - bots:.2f}: no time left for the bots"
    return short + f"; if the rest stays, the bots may take {left:.2f} ({bots / left:.1f}x less than now)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=["secret_identity", "personality", "incognito"])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)
    for game in args.games:
        found = parts(game, args.matches, args.seed)
        spent = found["parts_per_loop_s"]
        shares = ", ".join(f"{part} {spent[part]:.2f}" for part in PARTS)
        print(f"{game} at {found['seats']} seats, {found['matches']} matches; CPU ms a match per second of the "
              f"loop, timed by parts: {shares}")
        print("  " + verdict(found))
        if not found["same_matches"]:
            print("  the timed matches differ from the untimed ones", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
