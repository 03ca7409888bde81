"""The invariants an Incognito state keeps between any two actions (IN-1..IN-6), which
the test harness checks after every step (``Incognito.invariants``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .scoring import score_round
from .view import INPhase

if TYPE_CHECKING:
    from .game import IncognitoState


def check_invariants(state: IncognitoState, tiles: int) -> None:
    """Fails (AssertionError) on a state no sequence of legal actions reaches; ``tiles``:
    the line-up's size (IN-3)."""
    n = state.seats
    assert len(state.scores) == n
    used = set(state.words)
    assert len(state.words) in (0, n) and len(used) == len(state.words), "each seat its own word"
    assert len(set(state.places)) == len(state.places), "each seat its own place"
    assert not used & set(state.word_deck), "a dealt word is still in the deck"
    if state.phase == INPhase.VOTE:
        assert len(state.lineup) == tiles and len(set(state.lineup)) == tiles, "lineup of distinct words"
        assert used <= set(state.lineup), "every player's word is on a tile"
    for record in state.history:
        assert len(record.lineup) == tiles and len(set(record.lineup)) == tiles
        assert set(record.words) <= set(record.lineup)
        for voter, row in enumerate(record.votes):
            numbers = [row[t] for t in range(n) if t != voter]
            assert row[voter] == 0 and all(1 <= x <= tiles for x in numbers), "a vote for every other drawing"
            assert len(set(numbers)) == len(numbers), "a voter's numbers are distinct"
        assert score_round(record.words, record.lineup, record.votes)[1] == record.points
    for voter, row in enumerate(state.numbers()):
        numbers = [x for x in row if x]
        assert row[voter] == 0 and len(set(numbers)) == len(numbers), "a voter's numbers are distinct"
    totals = [sum(r.points[s] for r in state.history) for s in range(n)]
    assert totals == state.scores, "scores are the sum of the rounds' points"
