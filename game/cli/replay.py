"""``python -m game replay FILE [--json] [--log]``: replay a save (its action log) and
print the end; ``--log`` first prints the match move by move, each action and the
events it caused, as readable lines (``str`` of actions and events).

The log is replayed from the seed (chance actions carry their outcomes, so the
generator is not called), the state hash is checked against the saved one, and the
final public view and outcome are printed. A save of the tests' toy game needs
``--game tests.toygame:ENTRY``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterator

from .. import paths
from ..catalogue import GameCatalogues, data_version
from ..core.events import Event, PrivateEvent
from ..core.files import read_text
from ..core.rng import Rng
from ..core.serial import to_plain
from ..core.session import MAX_SAVE_BYTES, SaveError, Session
from .sim import resolve_entry


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a save file (autosave.json) or an exported log")
    parser.add_argument("--game", default=None, help="module:ENTRY for a game outside the registry")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--log", action="store_true", help="print each action and the events it caused")


def _told(event: Event) -> str:
    return f"[to seat {event.to}] {event}" if isinstance(event, PrivateEvent) else str(event)


def play_by_play(session: Session[Any, Any, Any]) -> Iterator[str]:
    """The session's log replayed from its seed: one line per action with its events
    (private ones included, marked with their seat)."""
    definition = session.definition
    state = definition.setup(session.config, Rng.from_seed(session.seed))
    for index, action in enumerate(session.log):
        state, events = definition.step(state, action)
        told = "; ".join(_told(event) for event in events)
        yield f"{index + 1:>4}. {action}" + (f"  ->  {told}" if told else "")


def run(args: argparse.Namespace) -> int:
    try:
        raw = json.loads(read_text(args.file, MAX_SAVE_BYTES))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(f"cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    game_id = args.game or str(raw.get("game") if isinstance(raw, dict) else "")
    try:
        entry = resolve_entry(game_id)
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 2
    catalogue, _warnings = entry.load_data(paths.data_dir())
    definition = entry.make_definition(catalogue)
    shared = paths.data_dir()
    version = data_version(shared, *GameCatalogues(shared, None).own_data_dirs()) if args.game is None else ""
    try:
        session = Session.from_json(raw, lambda gid: definition if gid == definition.id else None,
                                    catalogue_version=version)
    except SaveError as exc:
        print(f"cannot replay {args.file}: {exc}", file=sys.stderr)
        return 1
    outcome = session.outcome()
    report = {
        "game": definition.id,
        "actions": len(session.log),
        "tick": session.tick,
        "hash": session.hash(),
        "public": to_plain(session.view(None).public),
        "outcome": to_plain(outcome) if outcome is not None else None,
    }
    if args.log and not args.json:
        for line in play_by_play(session):
            print(line)
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{definition.id}: {report['actions']} actions replayed, tick {report['tick']}, hash {report['hash']}")
    print("public view:")
    print(json.dumps(report["public"], ensure_ascii=False, indent=2))
    if outcome is None:
        print("outcome: the match is not over")
    else:
        print(f"outcome: {outcome.reason or 'over'} — winners {list(outcome.winners)}, scores {dict(outcome.scores)}")
        for name, value in outcome.measures.items():
            print(f"  {name}: {value}")
    return 0
