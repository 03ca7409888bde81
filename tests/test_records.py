"""``game.core.records``: the cheap ``dataclasses.replace`` the game states step with, and
the cheap constructor the views use (issue 18 item 5), give the same records, and refuse
what they cannot copy or make right."""

import dataclasses
from dataclasses import dataclass
from functools import cached_property

import pytest

from game.core.serial import state_hash
from game.core.records import make, replace
from game.games.personality.rules.state import VoteBox
from game.games.personality.rules.view import Gift, PEPhase
from tests.test_personality_rules import fresh, read_first


def test_a_replaced_state_equals_what_dataclasses_replace_gives_and_leaves_the_old_one_alone():
    g, state = fresh(4)
    state = read_first(g, state)
    before = state_hash(state)
    changes = {"phase": PEPhase.DEBATE, "ready": (2, 0), "positions": (3, 1, 4, 1)}
    new = replace(state, **changes)
    assert new == dataclasses.replace(state, **changes) and state_hash(new) == state_hash(
        dataclasses.replace(state, **changes))
    assert state_hash(state) == before and state.phase == PEPhase.VOTE
    assert new.box is state.box and new.hands is state.hands       # what did not change is shared
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.phase = PEPhase.READ                                    # still frozen


def test_an_unknown_field_is_refused_like_dataclasses_replace():
    with pytest.raises(TypeError, match="no field tip"):
        replace(Gift("c", 1), tip=3)


@dataclass(frozen=True)
class Cached:
    x: int

    @cached_property
    def double(self) -> int:
        return 2 * self.x


@dataclass
class Mutable:
    x: int


def test_records_whose_copy_would_be_wrong_are_refused():
    record = Cached(1)
    assert record.double == 2
    with pytest.raises(TypeError, match="caches"):
        replace(record, x=2)                                        # it would keep double == 2
    with pytest.raises(TypeError, match="caches"):
        replace(VoteBox.open(3, [0, 1, 2], [0, 1, 2]), voters=(0,))  # its waiting is cached


def test_a_copy_on_write_state_is_replaced_too_sharing_what_did_not_change():
    """Secret Identity's states are not frozen: a handler replaces the fields it changes
    (``common.changed``), and the phase shell's ``entered`` copies them the same way."""
    from game.core.phases import entered
    from game.games.secret_identity.rules.competitive_state import CompetitiveState
    from game.games.secret_identity.rules.view import SIPhase

    old = CompetitiveState(seats=3, rng=None, replacements_per_round=3, catch_up=True, all_cards=["a"], pool=["x"])
    new = entered(replace(old, board=["x"]), SIPhase.VOTE)
    assert new == dataclasses.replace(old, board=["x"], phase=SIPhase.VOTE)
    assert (old.board, old.phase) == ([], SIPhase.DEAL) and new.pool is old.pool
    assert replace(Mutable(1), x=2) == Mutable(2)


def test_a_record_made_without_init_is_the_dataclass_itself():
    """The views make their records with ``make`` (no frozen ``__init__``): every field
    must be given, so a field added to a class and not to its view fails."""
    from game.games.secret_identity.rules.view import SeatPublic, Shown

    values = dict(score=31, tokens=1, marker=1, hand_count=4, clue=(Shown("p1", True),), confirmed=True,
                  votes_given=3, ready=False)
    fast, made = make(SeatPublic, **values), SeatPublic(**values)
    assert fast == made and hash(fast) == hash(made) and dataclasses.asdict(fast) == dataclasses.asdict(made)
    with pytest.raises(TypeError, match="missing: ready"):
        make(SeatPublic, **{k: v for k, v in values.items() if k != "ready"})
    with pytest.raises(TypeError, match="unknown: tip"):
        make(SeatPublic, **values, tip=1)
    assert make(Cached, x=3).double == 6  # nothing cached yet in a new record


def test_a_state_steps_one_way():
    """``records.replace`` is the one way a state or a value changes: no module of the
    engine nor of a game's rules calls ``dataclasses.replace`` when it runs (they name
    it under ``TYPE_CHECKING``, for mypy to check the fields), and none keeps a
    copy-and-mutate ``clone`` (issue 26 item 6)."""
    import ast
    from pathlib import Path

    game = Path(__file__).resolve().parent.parent / "game"
    offenders = []
    for path in [*(game / "core").rglob("*.py"), *(game / "games").glob("*/rules/*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and ast.unparse(block.test) == "TYPE_CHECKING" for stmt in block.body for n in ast.walk(stmt)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module == "dataclasses" \
                    and any(alias.name == "replace" for alias in node.names):
                offenders.append(f"{path.relative_to(game)}:{node.lineno} imports dataclasses.replace")
            if isinstance(node, ast.Attribute) and node.attr == "replace" and ast.unparse(node.value) == "dataclasses":
                offenders.append(f"{path.relative_to(game)}:{node.lineno} calls dataclasses.replace")
            if isinstance(node, ast.FunctionDef) and node.name == "clone":
                offenders.append(f"{path.relative_to(game)}:{node.lineno} defines clone")
    assert not offenders, offenders
