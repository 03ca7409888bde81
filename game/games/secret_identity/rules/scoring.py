"""Secret Identity, competitive: the end of a round and of the match (SI-6, SI-8, SI-9).

Pure functions of the state: what a round scores once every vote is in, the catch-up
cards it owes, and how the match ranks its players at the end.
"""

from __future__ import annotations

from ....core.engine import Outcome
from .competitive_state import ROUNDS, CompetitiveState
from .view import RoundResult

CATCH_UP_GAP = 10  # SI-8: "more than 10 points behind the leader"
CATCH_UP_CARDS = 2


def score_round(state: CompetitiveState) -> tuple[RoundResult, list[int]]:
    """SI-6: 1 point per opponent who found my character, 1 per character I found; with
    the new scores, the round's result (and the SI-8 cards it owes)."""
    n = state.seats
    rows = state.votes.rows
    guessed_by = [sum(1 for v in range(n) if v != s and rows[v][s] == state.keys[s]) for s in range(n)]
    found = [sum(1 for t in range(n) if t != v and rows[v][t] == state.keys[t]) for v in range(n)]
    points = [guessed_by[s] + found[s] for s in range(n)]
    scores = [state.scores[s] + points[s] for s in range(n)]
    result = RoundResult(
        round=state.round,
        board=tuple(state.board),
        keys=tuple(state.keys),
        votes=rows,
        points=tuple(points),
        guessed_by=tuple(guessed_by),
        found=tuple(found),
        catch_up=tuple(catch_up_owed(state, scores)),
    )
    return result, scores


def catch_up_owed(state: CompetitiveState, scores: list[int]) -> list[int]:
    """SI-8 (option): after rounds 1–3, 2 cards to each seat more than 10 behind, while
    the unused cards last."""
    owed = [0] * state.seats
    if not state.catch_up or state.round >= ROUNDS:
        return owed
    leader = max(scores)
    left = len(state.unused_cards)
    for seat in range(state.seats):
        if leader - scores[seat] > CATCH_UP_GAP and left:
            owed[seat] = min(CATCH_UP_CARDS, left)
            left -= owed[seat]
    return owed


def decided_by(state: CompetitiveState) -> str:
    """SI-9: what separated the winners from the rest — "score", "cards" (most picto
    cards left among the tied leaders) or "shared" (still tied: shared victory)."""
    best = max(state.scores)
    leaders = [s for s in range(state.seats) if state.scores[s] == best]
    if len(leaders) == 1:
        return "score"
    most = max(len(state.hands[s]) for s in leaders)
    return "cards" if sum(1 for s in leaders if len(state.hands[s]) == most) == 1 else "shared"


def catch_up_measures(state: CompetitiveState) -> dict[str, float]:
    """What ``sim`` reports of SI-8: how many times a seat was dealt catch-up cards in
    the match, and the widest gap between the leader and the last after rounds 1–3
    (the catch-up needs more than :data:`CATCH_UP_GAP`)."""
    totals = [0] * state.seats
    widest = 0
    for result in state.history[:ROUNDS - 1]:
        totals = [total + points for total, points in zip(totals, result.points)]
        widest = max(widest, max(totals) - min(totals))
    return {"catch_ups": float(sum(1 for r in state.history for owed in r.catch_up if owed)),
            "widest_gap": float(widest)}


def final_outcome(state: CompetitiveState) -> Outcome:
    """SI-9: ranked by score, then by picto cards left; the share of right guesses and
    the catch-up's measures."""
    scores = {s: state.scores[s] for s in range(state.seats)}
    cards_left = {s: len(state.hands[s]) for s in range(state.seats)}
    ranks = Outcome.ranks_from_scores(scores, cards_left)
    winners = tuple(s for s in scores if ranks[s] == 1)
    guesses = sum(state.seats - 1 for _ in state.history) * state.seats
    correct = sum(sum(r.found) for r in state.history)
    return Outcome(
        scores=scores,
        winners=winners,
        ranks=ranks,
        reason=decided_by(state),
        measures={"guess_accuracy": correct / guesses if guesses else 0.0, **catch_up_measures(state)},
    )
