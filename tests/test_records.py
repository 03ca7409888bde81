"""``game.core.records.replace``: the cheap ``dataclasses.replace`` the game states step with
(issue 18 item 5) gives the same record, and refuses what it cannot copy right."""

import dataclasses
from dataclasses import dataclass
from functools import cached_property

import pytest

from game.core.serial import state_hash
from game.core.records import replace
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
    with pytest.raises(TypeError, match="frozen"):
        replace(Mutable(1), x=2)
    with pytest.raises(TypeError, match="caches"):
        replace(VoteBox.open(3, [0, 1, 2], [0, 1, 2]), voters=(0,))  # its waiting is cached
