"""Secret Identity saves recorded before the rules moved onto declared phases and typed
events (competitive at 3, 4, 5 and 8 seats, co-op at 3, 5 and 8; full matches and
matches stopped mid-clue, mid-vote and mid-guess, with replacements, catch-up cards,
clues taken back and votes changed): they replay to the state hash they were saved
with. They deal from a frozen deck kept beside them (``deck/``), so they stay valid
whatever becomes of ``data/secret_identity``."""

import json
import shutil
from pathlib import Path

import pytest

from game.core.session import Session
from game.games.secret_identity.entries import ENTRIES
from game.games.secret_identity.rules.catalogue import load_catalogue

SAVES = Path(__file__).parent / "data" / "si_saves"


@pytest.fixture(scope="module")
def definitions():
    """Each entry's definition over the frozen deck, by entry id: made when this module's
    tests run, not when it is collected (every xdist worker collects every module)."""
    catalogue = load_catalogue(SAVES / "deck")[0]
    return {entry.id: entry.make_definition(catalogue) for entry in ENTRIES}


@pytest.mark.parametrize("name", sorted(p.name for p in SAVES.glob("*.json")))
def test_saves_made_before_the_phase_model_replay_to_their_hash(tmp_path, definitions, name):
    path = tmp_path / name
    shutil.copy(SAVES / name, path)
    saved = json.loads(path.read_text())
    assert saved["hash_at"] == len(saved["log"])          # hashed at the state it stopped in
    session = Session.load(path, definitions.get)
    assert session.hash() == saved["hash"]
