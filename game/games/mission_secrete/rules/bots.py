"""Mission Secrète bot: works toward its own line without showing it, reads opponents.

Progress is measured by a line "potential": for each object, every row and column adds
a weight that grows steeply with how many of that object it holds (``WEIGHTS``). The
bot's swap is scored by its own progress minus the help it gives to the characters its
opponents probably hold.

Bluffing: people at this table do not swap toward their own line every turn, and
neither do bots. On some turns a bot pushes a decoy character's object (one story,
kept while it is safe), on others it mirrors the push an opponent just made (so two
seats seem to want the same line), and on those turns it avoids moving its own line
(its own line waits). A bluff may build a rival's line to one card short, the
strongest tell there is, but never leaves it one swap from done (someone holds it).
Bluffing fades late in a long match (``PATIENCE``) so the match still ends.

Belief: each public swap is evidence about the seat that made it. A swap that raises a
character's potential by d adds d to that seat's score for the character; the belief is
a softmax of those scores over the characters the seat may still hold (not the bot's
own, not one revealed for someone else, not one a wrong accusation ruled out). The bot
accuses when its belief is strong, and more readily when a line is one swap from done.

Levels (:data:`STYLES`): an easy bot misreads swaps, forgets old ones, accuses on thin
evidence, seldom notices a line about to close and bluffs clumsily; a sharp bot reads
every swap, waits for firmer evidence, always watches for a line about to close and
bluffs the most.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from ....core.actions import Action
from ....core.bots import DEFAULT_LEVEL, Bot
from ....core.engine import SeatView
from ....core.rng import Rng
from .catalogue import MSCatalogue
from .game import ACCUSE, SWAP
from .view import MSPublic

#: Potential of a line by how many of one object it holds (0..5).
WEIGHTS = (0.0, 1.0, 3.0, 7.0, 100.0, 100.0)
#: Softmax sharpness of the belief, per unit of potential gained.
BETA = 0.15
MIN_SWAPS_SEEN = 2
#: Worth of breaking a line one swap from done (times the chance an opponent holds its
#: character).
BLOCK = 3.0
#: Impatience: after this many swaps in the match, the thresholds drop by ``PATIENCE_STEP``
#: a swap (down to ``FLOOR``) and bluffing fades, so two careful bots cannot block each
#: other forever.
PATIENCE = 40
PATIENCE_STEP = 0.01
FLOOR = 0.3


@dataclass(frozen=True)
class Style:
    """How a bot of one level plays (see the module docstring)."""

    #: Share of turns spent pushing the decoy, and mirroring an opponent's last push.
    quiet: float
    mirror: float
    #: Belief needed to accuse: normally, and when that line is one swap from done.
    calm: float
    danger: float
    #: How often it notices a line the next swap could finish (people miss threats).
    vigilance: float
    #: Each swap read is off by up to this much potential per character (misreading).
    misread: float
    #: Share of the evidence kept from one swap to the next (1: forgets nothing).
    memory: float
    #: Random slack added to every swap's score (a hand that is not exact).
    slack: float


STYLES = {
    "easy": Style(quiet=0.2, mirror=0.1, calm=0.6, danger=0.5, vigilance=0.1, misread=3.0, memory=0.8, slack=2.0),
    "normal": Style(quiet=0.35, mirror=0.25, calm=0.75, danger=0.6, vigilance=0.4, misread=0.0, memory=1.0,
                    slack=0.5),
    "sharp": Style(quiet=0.5, mirror=0.2, calm=0.9, danger=0.7, vigilance=1.0, misread=0.0, memory=1.0, slack=0.2),
}


@lru_cache(maxsize=1 << 14)
def line_potential(rows: int, columns: int, cells: tuple[int, ...]) -> float:
    """:meth:`Board.potential` of an object on ``cells`` (sorted). It depends on nothing
    else, and bots ask for the same few sets again and again (every swap they weigh,
    every turn), so it is computed once per process."""
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


class Board:
    """Where each object lies, how close each is to a finished line, and what a swap
    changes. An object's potential is that of its best row or column: ``WEIGHTS`` by
    how many of it the line holds, minus one point per step each other one is from the
    nearest cell of the line it could take (so moving a card one step toward the line
    is progress, even with adjacent swaps)."""

    def __init__(self, grid: Sequence[str], rows: int, columns: int, objects: Sequence[str]) -> None:
        self.grid, self.rows, self.columns = grid, rows, columns
        self.positions = {obj: [cell for cell, item in enumerate(grid) if item == obj] for obj in objects}
        self._potential = {obj: self.potential(cells) for obj, cells in self.positions.items()}

    def potential(self, cells: Sequence[int]) -> float:
        return line_potential(self.rows, self.columns, tuple(sorted(cells)))

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

    def best_count(self, obj: str, cells: Sequence[int] | None = None) -> int:
        """The most of ``obj`` any one row or column holds."""
        coords = [divmod(cell, self.columns) for cell in (self.positions[obj] if cells is None else cells)]
        rows = max(sum(1 for r, _c in coords if r == line) for line in range(self.rows))
        columns = max(sum(1 for _r, c in coords if c == line) for line in range(self.columns))
        return max(rows, columns)


class MissionBot(Bot):
    def __init__(self, seat: int, rng: Rng, catalogue: MSCatalogue, level: str = DEFAULT_LEVEL,
                 style: Style | None = None) -> None:
        super().__init__(seat, rng, level)
        self.style = style or STYLES[level]
        self.catalogue = catalogue
        self.object_of = {c.id: c.object for c in catalogue.characters}
        self.tracked = tuple(self.object_of.values())
        # Evidence read so far: swaps seen, the grid after them, scores per seat.
        self._seen = 0
        self._grid: list[str] | None = None
        self._scores: dict[int, dict[str, float]] = {}
        self._swaps_by: dict[int, int] = {}
        self._decoy: str | None = None
        #: The object the latest opponent swap pushed most (what a mirroring turn pushes).
        self._echo: str | None = None

    # --- reading opponents -------------------------------------------------------------
    def _read(self, public: MSPublic) -> None:
        swaps = public.swaps
        if self._grid is None or len(swaps) < self._seen:
            grid = list(public.grid)
            for swap in reversed(swaps):  # undo every swap to find the dealt grid
                grid[swap.a], grid[swap.b] = grid[swap.b], grid[swap.a]
            self._grid, self._seen, self._scores, self._swaps_by = grid, 0, {}, {}
        grid = self._grid
        style = self.style
        for swap in swaps[self._seen:]:
            if swap.seat != self.seat:
                deltas = Board(grid, public.rows, public.columns, self.tracked).deltas(swap.a, swap.b)
                for scores in self._scores.values():
                    for cid in scores:
                        scores[cid] *= style.memory
                scores = self._scores.setdefault(swap.seat, {})
                for cid, obj in self.object_of.items():
                    seen = deltas.get(obj, 0.0) + style.misread * (2 * self.rng.random() - 1)
                    scores[cid] = scores.get(cid, 0.0) + max(-4.0, min(4.0, seen))
                self._swaps_by[swap.seat] = self._swaps_by.get(swap.seat, 0) + 1
                pushed = max(deltas.items(), key=lambda item: (item[1], item[0]), default=None)
                self._echo = pushed[0] if pushed is not None and pushed[1] > 0 else None
            grid[swap.a], grid[swap.b] = grid[swap.b], grid[swap.a]
        self._seen = len(swaps)

    def belief(self, public: MSPublic, mine: str, seat: int) -> dict[str, float]:
        """Probability of each character ``seat`` may hold, from its swaps."""
        taken = {c for s, c in public.revealed.items() if s != seat} | {mine}
        ruled_out = {a.character for a in public.accusations if a.accused == seat and not a.right}
        candidates = [c.id for c in self.catalogue.characters if c.id not in taken | ruled_out]
        if not candidates:
            return {}
        scores = self._scores.get(seat, {})
        top = max(BETA * scores.get(c, 0.0) for c in candidates)
        weights = {c: math.exp(BETA * scores.get(c, 0.0) - top) for c in candidates}
        total = sum(weights.values())
        return {c: w / total for c, w in weights.items()}

    # --- acting ----------------------------------------------------------------------------
    def act(self, view: SeatView[MSPublic], legal: Sequence[Action]) -> Action | None:
        public: MSPublic = view.public
        mine, my_object = view.private.my_character, view.private.my_object
        self._read(public)
        counts = Board(public.grid, public.rows, public.columns, self.tracked)
        opponents = [s for s in range(len(public.out)) if s != self.seat and not public.out[s]]
        beliefs = {s: self.belief(public, mine, s) for s in opponents}
        swaps = [a for a in legal if a.kind == SWAP]

        win = self._winning_swap(swaps, counts, my_object)
        if win is not None:
            return win
        accusation = self._accusation(legal, beliefs, counts, public)
        if accusation is not None:
            return accusation
        if not swaps:
            return None
        return self._choose_swap(swaps, counts, my_object, beliefs)

    def _winning_swap(self, swaps: Sequence[Action], counts: Board, my_object: str) -> Action | None:
        need = self.catalogue.object(my_object).count
        if counts.best_count(my_object) < need - 1:
            return None
        for action in swaps:
            a, b = action.data["a"], action.data["b"]
            for old, new in ((a, b), (b, a)):
                if counts.grid[old] == my_object and counts.grid[new] != my_object:
                    moved = [new if cell == old else cell for cell in counts.positions[my_object]]
                    if counts.best_count(my_object, moved) >= need:
                        return action
        return None

    def _accusation(self, legal: Sequence[Action], beliefs: dict[int, dict[str, float]], counts: Board,
                    public: MSPublic) -> Action | None:
        best: tuple[float, int, str] | None = None
        for seat, belief in beliefs.items():
            if not belief or self._swaps_by.get(seat, 0) < MIN_SWAPS_SEEN:
                continue
            character, p = max(belief.items(), key=lambda item: (item[1], item[0]))
            need = self.catalogue.object(self.object_of[character]).count
            danger = counts.best_count(self.object_of[character]) >= need - 1
            threshold = self.style.danger if danger else self.style.calm
            threshold = max(FLOOR, threshold - PATIENCE_STEP * max(0, len(public.swaps) - PATIENCE))
            if p >= threshold and (best is None or p > best[0]):
                best = (p, seat, character)
        if best is None:
            return None
        _p, seat, character = best
        wanted = Action(ACCUSE, self.seat, {"accused": seat, "character": character})
        return wanted if wanted in legal else None

    def _choose_swap(self, swaps: Sequence[Action], counts: Board, my_object: str,
                     beliefs: dict[int, dict[str, float]]) -> Action:
        style = self.style
        # How likely each opponent-owned object is in play (sum of beliefs, at most 1).
        danger: dict[str, float] = {}
        for belief in beliefs.values():
            for character, p in belief.items():
                obj = self.object_of[character]
                danger[obj] = min(1.0, danger.get(obj, 0.0) + p)
        decoy = self._decoy_object(my_object, danger)
        late = max(0, self._seen - PATIENCE)
        fade = max(0.0, 1.0 - late / PATIENCE)
        roll = self.rng.random()
        bluff = None  # the object this turn pretends to want, if it bluffs
        if roll < style.mirror * fade and self._echo not in (None, my_object):
            bluff = self._echo
        elif roll < (style.mirror + style.quiet) * fade:
            bluff = decoy
        need = {obj: self.catalogue.object(obj).count for obj in self.tracked}
        # Lines the next swap could finish for an owner who may be in play: worth breaking,
        # when the bot notices.
        threats = set()
        if self.rng.random() < style.vigilance:
            threats = {obj for obj in self.tracked
                       if obj != my_object and danger.get(obj, 0.0) > 0 and counts.best_count(obj) >= need[obj] - 1
                       and any(self._count_after(counts, obj, s.data["a"], s.data["b"]) >= need[obj] for s in swaps)}
        best: tuple[float, Action] | None = None
        for action in swaps:
            a, b = action.data["a"], action.data["b"]
            deltas = counts.deltas(a, b)
            gain = deltas.get(my_object, 0.0)
            story = bluff or decoy
            fake = deltas.get(story, 0.0)
            if fake > 0 and self._count_after(counts, story, a, b) >= need[story] - 1 \
                    and self._closable_after(counts, story, a, b, swaps, need[story]):
                continue  # a bluff never leaves a line one swap from done: someone holds it
            helps = sum(danger.get(obj, 0.0) * d for obj, d in deltas.items()
                        if obj not in (my_object, story) and d > 0)
            blocks = sum(BLOCK * danger[obj] for obj in threats & deltas.keys()
                         if self._count_after(counts, obj, a, b) < need[obj] - 1)
            if bluff is not None:
                if gain < 0:
                    continue
                score = fake - 0.5 * gain - 1.2 * helps + blocks
            else:
                score = gain + 0.4 * fake - 1.2 * helps + blocks
            score += style.slack * self.rng.random()
            if best is None or score > best[0]:
                best = (score, action)
        return best[1] if best is not None else self.rng.choice(list(swaps))

    @staticmethod
    def _closable_after(counts: Board, obj: str, a: int, b: int, swaps: Sequence[Action], need: int) -> bool:
        """Whether, after swapping ``a`` and ``b``, one more swap could finish a line of ``obj``."""
        after = [b if cell == a else a if cell == b else cell for cell in counts.positions[obj]]
        for action in swaps:
            c, d = action.data["a"], action.data["b"]
            if (c in after) != (d in after):
                moved = [d if cell == c else c if cell == d else cell for cell in after]
                if counts.best_count(obj, moved) >= need:
                    return True
        return False

    @staticmethod
    def _count_after(counts: Board, obj: str, a: int, b: int) -> int:
        """The most of ``obj`` in one line after swapping cells ``a`` and ``b``."""
        moved = [b if cell == a else a if cell == b else cell for cell in counts.positions[obj]]
        return counts.best_count(obj, moved)

    def _decoy_object(self, my_object: str, danger: dict[str, float]) -> str:
        """The object of the character the bot pretends to be: the one its opponents
        least likely hold (so the bluff helps nobody), chosen once and kept while safe."""
        others = [c.object for c in self.catalogue.characters if c.object != my_object]
        if self._decoy is None or danger.get(self._decoy, 0.0) > 0.7:
            self._decoy = min(others, key=lambda obj: (round(danger.get(obj, 0.0), 2), self.rng.random()))
        return self._decoy
