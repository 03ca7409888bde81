"""Incognito on declared phases: saves made before the conversion replay to the same
states."""

import json
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from game import paths
from game.core.actions import Action
from game.core.session import Session
from game.games.incognito import ENTRIES
from game.games.incognito.rules.game import Incognito

ENTRY = ENTRIES[0]
SAVES = Path(__file__).parent / "data" / "incognito_saves"


@lru_cache(maxsize=None)
def catalogue():
    return ENTRY.load_catalogue(paths.data_dir(), None)[0]


@pytest.mark.parametrize("name", sorted(p.name for p in SAVES.glob("*.json")))
def test_saves_made_before_the_phase_model_replay_to_their_hashes(tmp_path, name):
    """Bot matches (3, 5 and 6 seats; undo, redo, clear, a drawing taken back, a vote
    changed, time limits and last calls that fill votes) saved by the rules before they
    moved onto declared phases. ``meta.checkpoints`` holds the state hash after that many
    actions (every phase change, every edit), so every phase's state is checked, not
    only the final one."""
    path = tmp_path / name
    shutil.copy(SAVES / name, path)
    raw = json.loads(path.read_text())
    assert Session.load(path, lambda _id: Incognito(catalogue())).hash() == raw["hash"]
    replay = Session(Incognito(catalogue()), raw["config"], raw["seed"], _replaying=True)
    checkpoints = raw["meta"]["checkpoints"]
    assert len(checkpoints) >= 10
    for index, item in enumerate(raw["log"]):
        if str(index) in checkpoints:
            assert replay.hash() == checkpoints[str(index)], f"state after {index} actions"
        replay._apply(Action.from_json(item))
    assert replay.outcome() is not None and replay.hash() == raw["hash"]
