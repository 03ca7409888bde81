"""Scoring a round of Incognito (IN-5), and the measures ``sim`` reports of a match."""

from __future__ import annotations

from typing import Sequence

from .view import RoundRecord


def score_round(words: Sequence[str], lineup: Sequence[str],
                votes: Sequence[Sequence[int]]) -> tuple[list[list[bool]], list[int], list[int]]:
    """IN-5: a voter scores 1 per drawing whose word they found; a drawer scores 2 if at
    least one voter found their word and at least one did not.

    Returns ``(found, points, drawer_points)``."""
    seats = len(words)
    answer = [lineup.index(word) + 1 for word in words]
    found = [[voter != drawer and votes[voter][drawer] == answer[drawer] for drawer in range(seats)]
             for voter in range(seats)]
    points = [sum(found[voter]) for voter in range(seats)]
    drawer_points = []
    for drawer in range(seats):
        finders = sum(found[voter][drawer] for voter in range(seats))
        bonus = 2 if 0 < finders < seats - 1 else 0
        drawer_points.append(bonus)
        points[drawer] += bonus
    return found, points, drawer_points


def find_rate(history: Sequence[RoundRecord]) -> float:
    """The share of (voter, drawing) pairs where the voter found the drawing's word."""
    pairs = [found for record in history for voter, row in enumerate(record.found)
             for drawer, found in enumerate(row) if voter != drawer]
    return sum(pairs) / len(pairs) if pairs else 0.0


def bonus_rate(history: Sequence[RoundRecord]) -> float:
    """The share of drawings whose drawer scored the 2 points of IN-5 (some voters found
    the word, some did not)."""
    drawings = [points for record in history for points in record.drawer_points]
    return sum(points > 0 for points in drawings) / len(drawings) if drawings else 0.0
