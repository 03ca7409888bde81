"""How close each object is to a finished line, for the bots (pure, MS-4, MS-5).

An object's potential is that of its best row or column: :data:`WEIGHTS` by how many
of it the line holds, minus one point per step each other one is from the nearest cell
of the line it could take (so moving a card one step toward the line is progress, even
with adjacent swaps). :func:`closable` says whether one swap could finish a line.
Both depend only on where the object lies, and bots ask for the same few sets again
and again (every swap they weigh, every turn), so each is computed once per process.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

#: Potential of a line by how many of one object it holds (0..5).
WEIGHTS = (0.0, 1.0, 3.0, 7.0, 100.0, 100.0)


@lru_cache(maxsize=1 << 14)
def line_potential(rows: int, columns: int, cells: tuple[int, ...]) -> float:
    """:meth:`Board.potential` of an object on ``cells`` (sorted)."""
    coords = [divmod(cell, columns) for cell in cells]
    best = -1e9
    for axis, size, across in ((0, rows, columns), (1, columns, rows)):
        for line in range(size):
            # cells of this line not yet holding the object, by their position along it
            held = {rc[1 - axis] for rc in coords if rc[axis] == line}
            free = [k for k in range(across) if k not in held]
            distance = 0
            for rc in coords:
                if rc[axis] != line:
                    along = rc[1 - axis]
                    distance += abs(rc[axis] - line) + min(abs(along - k) for k in free)
            best = max(best, WEIGHTS[len(held)] - distance)
    return best


@lru_cache(maxsize=1 << 14)
def closable(rows: int, columns: int, cells: tuple[int, ...], need: int, free_swap: bool) -> bool:
    """Whether one swap could finish a line of ``need`` objects lying on ``cells``
    (sorted): a row or column holds ``need - 1`` of them and one from outside it can
    come onto one of its other cells (with the free swap any can; else only from a
    neighbouring cell)."""
    coords = [divmod(cell, columns) for cell in cells]
    for axis, size in ((0, rows), (1, columns)):
        for line in range(size):
            inside = [rc for rc in coords if rc[axis] == line]
            if len(inside) != need - 1:
                continue
            outside = [rc for rc in coords if rc[axis] != line]
            held = {rc[1 - axis] for rc in inside}
            if outside and (free_swap or any(abs(rc[axis] - line) == 1 and rc[1 - axis] not in held
                                             for rc in outside)):
                return True
    return False


@lru_cache(maxsize=1 << 14)
def best_count(rows: int, columns: int, cells: tuple[int, ...]) -> int:
    """:meth:`Board.best_count` of an object on ``cells`` (sorted): each row's and
    column's count in one pass (a bot weighs every swap's, ~a quarter of a match when
    each line was counted apart)."""
    by_row, by_column = [0] * rows, [0] * columns
    for cell in cells:
        row, column = divmod(cell, columns)
        by_row[row] += 1
        by_column[column] += 1
    return max(max(by_row), max(by_column))


class Board:
    """Where each tracked object lies, how close each is to a finished line, and what
    a swap changes (see the module docstring)."""

    def __init__(self, grid: Sequence[str], rows: int, columns: int, objects: Sequence[str]) -> None:
        self.grid, self.rows, self.columns = grid, rows, columns
        self.positions: dict[str, list[int]] = {obj: [] for obj in objects}
        for cell, item in enumerate(grid):  # (one pass: each object's cells in order)
            cells = self.positions.get(item)
            if cells is not None:
                cells.append(cell)
        self._potential = {obj: self.potential(cells) for obj, cells in self.positions.items()}

    def potential(self, cells: Sequence[int]) -> float:
        return line_potential(self.rows, self.columns, tuple(sorted(cells)))

    def moved(self, obj: str, a: int, b: int) -> list[int]:
        """Where ``obj`` lies once cells ``a`` and ``b`` are swapped."""
        return [b if cell == a else a if cell == b else cell for cell in self.positions[obj]]

    def deltas(self, a: int, b: int) -> dict[str, float]:
        """Potential change of each tracked object moved by swapping cells ``a``, ``b``."""
        oa, ob = self.grid[a], self.grid[b]
        out: dict[str, float] = {}
        if oa == ob:
            return out
        for obj, old, new in ((oa, a, b), (ob, b, a)):
            if obj in self.positions:
                moved = [new if cell == old else cell for cell in self.positions[obj]]
                out[obj] = self.potential(moved) - self._potential[obj]
        return out

    def closable(self, obj: str, need: int, free_swap: bool, cells: Sequence[int] | None = None) -> bool:
        """:func:`closable` for ``obj`` where it lies (or on ``cells``)."""
        where = self.positions[obj] if cells is None else cells
        return closable(self.rows, self.columns, tuple(sorted(where)), need, free_swap)

    def best_count(self, obj: str, cells: Sequence[int] | None = None) -> int:
        """The most of ``obj`` any one row or column holds."""
        return best_count(self.rows, self.columns, tuple(sorted(self.positions[obj] if cells is None else cells)))
