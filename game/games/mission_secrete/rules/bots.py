"""Mission Secrète bot: works toward its own line without showing it, reads opponents.

Progress is measured by a line "potential" (``lines.py``): for each object, every row
and column adds a weight that grows steeply with how many of that object it holds. The
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
accuses when its belief is strong, and more readily when a line is one swap from done;
of two equal reads it names the seat that plays sooner after it (scores are sums of
whole steps, so equal reads are common, and naming the lower seat number favoured the
last seats).

Levels (:data:`STYLES`): an easy bot misreads swaps, forgets old ones, accuses on thin
evidence, seldom notices a line about to close and bluffs clumsily; a normal bot reads
every swap and bluffs often. A sharp bot plays carefully (issue 27): it reads the table
as a whole (no two seats hold one character: :meth:`MissionBot.joint_beliefs`), keeps
its cover instead of bluffing at random (each swap weighs how sure a plain reader would
become of its character, and it pushes others' objects as much as needed to stay under
``Style.cover``), never leaves a line one swap from done when its owner may be in,
names the likely owner of a line that will be finished before its next turn, and
accuses by the odds (``calm``; ``duel`` when a right guess wins at once). Against easy
bots it wins over 80 % of matches (``sim mission_secrete --versus sharp:easy``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import permutations
from typing import Sequence

from ....core.actions import Action
from ....core.bots import DEFAULT_LEVEL, Bot
from ....core.rng import Rng
from .catalogue import MSCatalogue
from .game import ACCUSE, SWAP
from .lines import Board
from .view import MSPrivate, MSPublic, MSView

MIN_SWAPS_SEEN = 2
#: Worth of breaking a line one swap from done (times the chance an opponent holds its
#: character).
BLOCK = 3.0
#: Impatience: after this many swaps in the match, the thresholds drop by ``PATIENCE_STEP``
#: a swap (down to ``FLOOR``), bluffing fades and a careful bot's cover loosens by as
#: much, so two careful bots cannot block each other forever.
PATIENCE = 40
PATIENCE_STEP = 0.01
FLOOR = 0.3
#: Careful play: the cost of each unit of belief a swap lets a plain reader reach above
#: ``Style.cover`` (a swap's own progress is worth 1 to 7 units of potential), and of
#: leaving a line one swap from done (times the chance its owner is still in).
COVER = 100.0
THREAT = 50.0


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
    #: Softmax sharpness of the belief, per unit of potential gained.
    beta: float = 0.15
    #: Plays carefully (sharp; module docstring): then ``quiet``, ``mirror``,
    #: ``danger`` and ``vigilance`` are not read (it always watches for lines about to
    #: close), but these are: the belief a plain reader may reach of its character
    #: before it swaps to cover, the belief it accuses on when only two are left in (a
    #: right guess wins), and the one it names a line's owner on when that line will be
    #: finished before its next turn (a wrong guess loses no more than the line would).
    careful: bool = False
    cover: float = 1.0
    duel: float = 1.0
    last_resort: float = 1.0


STYLES = {
    "easy": Style(quiet=0.2, mirror=0.1, calm=0.6, danger=0.5, vigilance=0.1, misread=3.0, memory=0.8, slack=2.0),
    "normal": Style(quiet=0.35, mirror=0.25, calm=0.75, danger=0.6, vigilance=0.4, misread=0.0, memory=1.0,
                    slack=0.5),
    "sharp": Style(quiet=0.0, mirror=0.0, calm=0.8, danger=0.7, vigilance=1.0, misread=0.0, memory=1.0, slack=0.2,
                   beta=0.25, careful=True, cover=0.35, duel=0.6, last_resort=0.25),
}


class MissionBot(Bot[MSPublic, MSPrivate]):
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
        #: What its own swaps showed, as a plain reader scores them.
        self._shown: dict[str, float] = {}
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
            self._grid, self._seen, self._scores, self._swaps_by, self._shown = grid, 0, {}, {}, {}
        grid = self._grid
        style = self.style
        for swap in swaps[self._seen:]:
            own = swap.seat == self.seat
            if not own or style.careful:
                deltas = Board(grid, public.rows, public.columns, self.tracked).deltas(swap.a, swap.b)
            if own and style.careful:
                self._shown = self._evidence(self._shown, deltas)
            elif not own:
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

    def _evidence(self, scores: dict[str, float], deltas: dict[str, float]) -> dict[str, float]:
        """``scores`` after a swap of ``deltas`` as a plain reader adds it up."""
        return {cid: scores.get(cid, 0.0) + max(-4.0, min(4.0, deltas.get(obj, 0.0)))
                for cid, obj in self.object_of.items()}

    def exposure(self, shown: dict[str, float], mine: str, public: MSPublic) -> float:
        """How sure of ``mine`` the surest plain reader would be from ``shown``: each
        reader leaves out its own character (any of the others')."""
        gone = {c for s, c in public.revealed.items() if s != self.seat}
        beta = STYLES[DEFAULT_LEVEL].beta
        worst = 0.0
        for reader in self.object_of:
            if reader == mine or reader in gone:
                continue
            weights = {c: math.exp(beta * shown.get(c, 0.0)) for c in self.object_of if c not in gone | {reader}}
            worst = max(worst, weights[mine] / sum(weights.values()))
        return worst

    def belief(self, public: MSPublic, mine: str, seat: int) -> dict[str, float]:
        """Probability of each character ``seat`` may hold, from its swaps."""
        taken = {c for s, c in public.revealed.items() if s != seat} | {mine}
        ruled_out = {a.character for a in public.accusations if a.accused == seat and not a.right}
        candidates = [c.id for c in self.catalogue.characters if c.id not in taken | ruled_out]
        if not candidates:
            return {}
        scores = self._scores.get(seat, {})
        beta = self.style.beta
        top = max(beta * scores.get(c, 0.0) for c in candidates)
        weights = {c: math.exp(beta * scores.get(c, 0.0) - top) for c in candidates}
        total = sum(weights.values())
        return {c: w / total for c, w in weights.items()}

    def joint_beliefs(self, public: MSPublic, mine: str, opponents: Sequence[int]) -> dict[int, dict[str, float]]:
        """Each opponent's belief, read together: every way of giving the seats whose
        character is hidden (out ones too) distinct characters is weighed by all their
        swaps at once, so a seat that plainly holds one character clears it from the
        others' beliefs."""
        hidden = [s for s in range(len(public.out)) if s != self.seat and s not in public.revealed]
        shown = set(public.revealed.values()) | {mine}
        free = [c.id for c in self.catalogue.characters if c.id not in shown]
        ruled_out = {(a.accused, a.character) for a in public.accusations if not a.right}
        beta = self.style.beta
        weighed: list[tuple[float, tuple[str, ...]]] = []
        for deal in permutations(free, len(hidden)):
            if not any((s, c) in ruled_out for s, c in zip(hidden, deal)):
                weighed.append((beta * sum(self._scores.get(s, {}).get(c, 0.0) for s, c in zip(hidden, deal)), deal))
        if not weighed:
            return {s: {} for s in opponents}
        top = max(w for w, _deal in weighed)
        out: dict[int, dict[str, float]] = {s: {} for s in opponents}
        total = 0.0
        for w, deal in weighed:
            weight = math.exp(w - top)
            total += weight
            for s, c in zip(hidden, deal):
                if s in out:
                    out[s][c] = out[s].get(c, 0.0) + weight
        return {s: {c: w / total for c, w in belief.items()} for s, belief in out.items()}

    # --- acting ----------------------------------------------------------------------------
    def act(self, view: MSView, legal: Sequence[Action]) -> Action | None:
        public = view.public
        mine, my_object = view.mine.my_character, view.mine.my_object
        self._read(public)
        counts = Board(public.grid, public.rows, public.columns, self.tracked)
        opponents = [s for s in range(len(public.out)) if s != self.seat and not public.out[s]]
        if self.style.careful:
            beliefs = self.joint_beliefs(public, mine, opponents)
        else:
            beliefs = {s: self.belief(public, mine, s) for s in opponents}
        swaps = [a for a in legal if a.kind == SWAP]

        win = self._winning_swap(swaps, counts, my_object)
        if win is not None:
            return win
        if self.style.careful:
            return self._careful(legal, swaps, counts, mine, beliefs, public)
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
        best: tuple[tuple[float, int], int, str] | None = None
        for seat, belief in beliefs.items():
            if not belief or self._swaps_by.get(seat, 0) < MIN_SWAPS_SEEN:
                continue
            character, p = max(belief.items(), key=lambda item: (item[1], item[0]))
            need = self.catalogue.object(self.object_of[character]).count
            danger = counts.best_count(self.object_of[character]) >= need - 1
            threshold = self.style.danger if danger else self.style.calm
            threshold = max(FLOOR, threshold - PATIENCE_STEP * max(0, len(public.swaps) - PATIENCE))
            read = (p, -self._distance(seat, public))  # equal reads are common: scores are sums of whole steps
            if p >= threshold and (best is None or read > best[0]):
                best = (read, seat, character)
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

    # --- careful play (sharp) ----------------------------------------------------------------
    def _careful(self, legal: Sequence[Action], swaps: Sequence[Action], counts: Board, mine: str,
                 beliefs: dict[int, dict[str, float]], public: MSPublic) -> Action | None:
        """A line an opponent may finish before this bot swaps again is broken by its
        swap, if it has the turn and a swap does it; else its likeliest owner is named
        (a wrong guess loses no more than the line would). Otherwise it accuses when
        the odds say so, and swaps (:meth:`_careful_swap`)."""
        owners: dict[str, dict[int, float]] = {}
        for seat, belief in beliefs.items():
            for character, p in belief.items():
                owners.setdefault(self.object_of[character], {})[seat] = p
        my_object = self.object_of[mine]
        need = {obj: self.catalogue.object(obj).count for obj in self.tracked}
        move = self._careful_swap(swaps, counts, my_object, owners, need, mine, public) if swaps else None
        if move is None or move[1] > 0:
            threats = [obj for obj, seats in owners.items()
                       if obj != my_object and seats and counts.closable(obj, need[obj], public.free_swap)]
            suspects = [(p, -self._distance(seat, public), seat, obj) for obj in threats
                        for seat, p in owners[obj].items()]
            if suspects:
                p, _soon, seat, obj = max(suspects)
                character = next(c for c, o in self.object_of.items() if o == obj)
                wanted = Action(ACCUSE, self.seat, {"accused": seat, "character": character})
                if p >= self.style.last_resort and wanted in legal:
                    return wanted
        accusation = self._odds_accusation(legal, beliefs, public)
        if accusation is not None:
            return accusation
        return move[0] if move is not None else None

    def _odds_accusation(self, legal: Sequence[Action], beliefs: dict[int, dict[str, float]],
                         public: MSPublic) -> Action | None:
        """The surest read, named when it is sure enough: ``calm`` with three or four
        in, ``duel`` with two (a right guess then wins)."""
        reads = [(p, -self._distance(seat, public), seat, character)
                 for seat, belief in beliefs.items() for character, p in belief.items()]
        if not reads:
            return None
        p, _soon, seat, character = max(reads)
        threshold = self.style.duel if sum(not out for out in public.out) == 2 else self.style.calm
        threshold = max(FLOOR, threshold - PATIENCE_STEP * max(0, len(public.swaps) - PATIENCE))
        wanted = Action(ACCUSE, self.seat, {"accused": seat, "character": character})
        return wanted if p >= threshold and wanted in legal else None

    def _distance(self, seat: int, public: MSPublic) -> int:
        """How many turns after this bot ``seat`` plays (seats out included): of two
        equal reads, the one who swaps sooner is named, never the lower seat number
        (which favoured the last seats)."""
        return (seat - self.seat) % len(public.out)

    def _careful_swap(self, swaps: Sequence[Action], counts: Board, my_object: str,
                      owners: dict[str, dict[int, float]], need: dict[str, int], mine: str,
                      public: MSPublic) -> tuple[Action, float]:
        """The swap with the best own progress, less the help it gives likely owners,
        the lines it leaves one swap from done (by the chance their owner is in) and
        the cover it gives away; with the chance of such a line that it leaves."""
        in_play = {obj: sum(seats.values()) for obj, seats in owners.items() if obj != my_object}
        cover = self.style.cover + PATIENCE_STEP * max(0, len(public.swaps) - PATIENCE)
        best: tuple[float, Action, float] | None = None
        for action in swaps:
            a, b = action.data["a"], action.data["b"]
            deltas = counts.deltas(a, b)
            moved = {counts.grid[a], counts.grid[b]}
            risk = sum(p for obj, p in in_play.items() if p > 0 and counts.closable(
                obj, need[obj], public.free_swap, counts.moved(obj, a, b) if obj in moved else None))
            helps = sum(in_play.get(obj, 0.0) * d for obj, d in deltas.items() if obj != my_object and d > 0)
            exposed = self.exposure(self._evidence(self._shown, deltas), mine, public)
            score = deltas.get(my_object, 0.0) - 1.2 * helps - THREAT * risk \
                - COVER * max(0.0, exposed - cover) + self.style.slack * self.rng.random()
            if best is None or score > best[0]:
                best = (score, action, risk)
        assert best is not None
        return best[1], best[2]

    @staticmethod
    def _closable_after(counts: Board, obj: str, a: int, b: int, swaps: Sequence[Action], need: int) -> bool:
        """Whether, after swapping ``a`` and ``b``, one more swap could finish a line of ``obj``."""
        after = counts.moved(obj, a, b)
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
        return counts.best_count(obj, counts.moved(obj, a, b))

    def _decoy_object(self, my_object: str, danger: dict[str, float]) -> str:
        """The object of the character the bot pretends to be: the one its opponents
        least likely hold (so the bluff helps nobody), chosen once and kept while safe."""
        others = [c.object for c in self.catalogue.characters if c.object != my_object]
        if self._decoy is None or danger.get(self._decoy, 0.0) > 0.7:
            self._decoy = min(others, key=lambda obj: (round(danger.get(obj, 0.0), 2), self.rng.random()))
        return self._decoy
