"""The voting bot's exact assignment (SI-5): each opponent a distinct slot, with the best
total log-probability, by dynamic programming over subsets of the slots (at most 8)."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence


def assign(logp: Sequence[Sequence[float]]) -> list[int]:
    """Exact best assignment of rows (opponents) to distinct columns (slots), given
    finite log-probabilities (the voter's are at least log 1e-9), by
    dynamic programming over subsets of the columns (at most 8 of them). Each layer
    keeps, per subset, the best value and the step that reached it: the first one on a
    tie, steps tried in :func:`_layers`' order; the picks are read back from the last
    layer's best subset (the first of its subsets on a tie)."""
    rows, cols = len(logp), len(logp[0]) if logp else 0
    layers, last = _layers(rows, cols)
    if not last:
        return []
    values: list[float] = [0.0] * (1 << cols)
    steps: list[list[tuple[int, int]]] = []
    for row, layer in zip(logp, layers):
        nxt = [-math.inf] * (1 << cols)  # every step's value is finite, so it beats this
        step: list[tuple[int, int]] = [(0, 0)] * (1 << cols)
        for mask, c, key in layer:
            candidate = values[mask] + row[c]
            if candidate > nxt[key]:
                nxt[key] = candidate
                step[key] = (mask, c)
        values = nxt  # (only reached subsets are read)
        steps.append(step)
    mask = max(last, key=values.__getitem__)
    picks: list[int] = []
    for step in reversed(steps):
        mask, c = step[mask]
        picks.append(c)
    return picks[::-1]


@lru_cache(maxsize=64)
def _layers(rows: int, cols: int) -> tuple[list[list[tuple[int, int, int]]], list[int]]:
    """The steps of :func:`assign`'s layers, as ``(subset, column, subset with it)``:
    each subset reached by the layer before, in the order first reached, then each
    column not in it in column order; and the subsets the last layer reaches, in that
    order. The order depends on the sizes only, so it is made once."""
    reached = [0]
    layers = []
    for _ in range(rows):
        layer = [(mask, c, mask | 1 << c) for mask in reached for c in range(cols) if not mask & 1 << c]
        layers.append(layer)
        reached = list(dict.fromkeys(key for _mask, _c, key in layer))
    return layers, reached
