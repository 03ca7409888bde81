"""Mission Secrète rules (MS-1..MS-7 in RULES.md), pure.

Flow: ``setup`` leaves the state waiting for chance; one chance action deals the
characters and the grid (re-dealing until MS-3 holds). Then seats swap in turn,
clockwise, skipping eliminated seats (MS-4). ``current`` holds every seat still in:
the active seat must swap, and everyone still in may accuse at any moment (MS-6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterable, Mapping

from ...core.actions import CHANCE, Action, IllegalAction
from ...core.engine import GameDefinition, Outcome, SeatView, chance_action, clone, take_chance
from ...core.rng import Rng
from .catalogue import MSCatalogue
from .view import Accusation, Line, MSPrivate, MSPublic, Swap

SWAP = "swap"
ACCUSE = "accuse"
ENDS = ("mission", "right_accusation", "wrong_accusation")


@dataclass
class MSState:
    seats: int
    free_swap: bool
    rng: Rng
    phase: str = "deal"                                   # deal | play | over
    grid: list[str] = field(default_factory=list)
    characters: list[str] = field(default_factory=list)  # per seat (secret)
    deals: int = 0                                        # how many deals MS-3 took
    out: list[bool] = field(default_factory=list)
    revealed: dict[int, str] = field(default_factory=dict)
    turn: int = 0
    swaps: list[Swap] = field(default_factory=list)
    accusations: list[Accusation] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    end: str = ""


# --- geometry -----------------------------------------------------------------------------
def grid_lines(rows: int, columns: int) -> list[tuple[str, int, tuple[int, ...]]]:
    """Every row and column as (kind, index, cells)."""
    out = [("row", r, tuple(r * columns + c for c in range(columns))) for r in range(rows)]
    out += [("column", c, tuple(r * columns + c for r in range(rows))) for c in range(columns)]
    return out


def adjacent(a: int, b: int, columns: int) -> bool:
    """Orthogonal neighbours (MS-4)."""
    ra, ca = divmod(a, columns)
    rb, cb = divmod(b, columns)
    return abs(ra - rb) + abs(ca - cb) == 1


def swap_pairs(rows: int, columns: int, free: bool) -> list[tuple[int, int]]:
    """Every pair of cells a swap may exchange, ``a < b``."""
    cells = rows * columns
    return [(a, b) for a, b in combinations(range(cells), 2) if free or adjacent(a, b, columns)]


def deal_ok(grid: list[str], catalogue: MSCatalogue) -> bool:
    """MS-3: no row or column starts with more than ``deal_max_same`` identical
    non-neutral objects."""
    neutral = {o.id for o in catalogue.objects if o.neutral}
    for _kind, _index, cells in grid_lines(catalogue.rows, catalogue.columns):
        counts: dict[str, int] = {}
        for cell in cells:
            obj = grid[cell]
            if obj not in neutral:
                counts[obj] = counts.get(obj, 0) + 1
                if counts[obj] > catalogue.deal_max_same:
                    return False
    return True


def completed_lines(grid: list[str], catalogue: MSCatalogue, characters: Iterable[str]) -> list[Line]:
    """Lines holding all of a character's objects (MS-5: contiguity not required)."""
    out: list[Line] = []
    for cid in characters:
        character = catalogue.character(cid)
        need = catalogue.object(character.object).count
        for kind, index, cells in grid_lines(catalogue.rows, catalogue.columns):
            if sum(1 for cell in cells if grid[cell] == character.object) >= need:
                out.append(Line(cid, kind, index))
    return out


class MissionSecrete(GameDefinition):
    id = "mission_secrete"
    min_seats = 2
    max_seats = 4
    options = {"free_swap": False}

    def __init__(self, catalogue: MSCatalogue) -> None:
        self.catalogue = catalogue
        self.max_seats = min(4, len(catalogue.characters))
        self._pairs = {free: swap_pairs(catalogue.rows, catalogue.columns, free) for free in (False, True)}

    # --- set-up (MS-1, MS-2, MS-3) --------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> MSState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Mission Secrète takes {self.min_seats}–{self.max_seats} seats")
        return MSState(seats=seats, free_swap=bool(config.get("free_swap", False)), rng=rng,
                       out=[False] * seats)

    def chance(self, state: MSState) -> Action | None:
        if state.phase != "deal":
            return None
        catalogue = self.catalogue

        def draw(rng: Rng) -> dict[str, Any]:
            characters = rng.shuffled([c.id for c in catalogue.characters])[:state.seats]
            deals = 0
            while True:  # MS-3: re-deal until no line starts with 3 identical objects
                deals += 1
                grid = rng.shuffled(catalogue.deck())
                if deal_ok(grid, catalogue):
                    return {"characters": characters, "grid": grid, "deals": deals}

        return chance_action(state.rng, draw)

    # --- flow ---------------------------------------------------------------------------------
    def current(self, state: MSState) -> frozenset[int]:
        if state.phase != "play":
            return frozenset()
        return frozenset(s for s in range(state.seats) if not state.out[s])

    def legal(self, state: MSState, seat: int) -> list[Action]:
        if state.phase != "play" or state.out[seat]:
            return []
        actions: list[Action] = []
        if seat == state.turn:
            actions += [Action(SWAP, seat, {"a": a, "b": b}) for a, b in self._pairs[state.free_swap]]
        for other in range(state.seats):
            if other != seat and not state.out[other]:
                actions += [Action(ACCUSE, seat, {"accused": other, "character": c.id})
                            for c in self.catalogue.characters]
        return actions

    def apply(self, state: MSState, action: Action) -> MSState:
        if action.kind == CHANCE:
            return self._deal(state, action)
        if state.phase != "play":
            raise IllegalAction("not_playing")
        if action.seat is None or not 0 <= action.seat < state.seats:
            raise IllegalAction("bad_seat")
        if state.out[action.seat]:
            raise IllegalAction("eliminated")
        if action.kind == SWAP:
            return self._swap(state, action)
        if action.kind == ACCUSE:
            return self._accuse(state, action)
        raise IllegalAction("unknown_action", action.kind)

    def _deal(self, state: MSState, action: Action) -> MSState:
        if state.phase != "deal":
            raise IllegalAction("not_dealing")
        grid = list(action.data["grid"])
        characters = list(action.data["characters"])
        known = {c.id for c in self.catalogue.characters}
        if sorted(grid) != sorted(self.catalogue.deck()) or not deal_ok(grid, self.catalogue):
            raise IllegalAction("bad_deal", "the grid breaks MS-2 or MS-3")
        if len(characters) != state.seats or len(set(characters)) != state.seats or not set(characters) <= known:
            raise IllegalAction("bad_deal", "characters")
        new = clone(state)
        new.rng = take_chance(action)
        new.grid, new.characters, new.deals = grid, characters, int(action.data.get("deals", 1))
        new.phase = "play"
        return new

    def _swap(self, state: MSState, action: Action) -> MSState:
        """MS-4, then MS-5: every seat still in whose line is now complete wins."""
        if action.seat != state.turn:
            raise IllegalAction("not_your_turn")
        a, b = action.data.get("a"), action.data.get("b")
        cells = self.catalogue.cells
        if not (isinstance(a, int) and isinstance(b, int) and 0 <= a < cells and 0 <= b < cells) or a == b:
            raise IllegalAction("bad_cells")
        if not state.free_swap and not adjacent(a, b, self.catalogue.columns):
            raise IllegalAction("not_adjacent")
        new = clone(state)
        new.grid[a], new.grid[b] = new.grid[b], new.grid[a]
        new.swaps.append(Swap(action.seat, min(a, b), max(a, b)))
        in_play = {new.characters[s]: s for s in range(new.seats) if not new.out[s]}
        lines = completed_lines(new.grid, self.catalogue, in_play)
        if lines:
            new.lines = lines
            new.winners = sorted({in_play[line.character] for line in lines})  # shared victory
            for seat in new.winners:
                new.revealed[seat] = new.characters[seat]
            return self._finish(new, "mission")
        new.turn = self._next_in(new, new.turn)
        return new

    def _accuse(self, state: MSState, action: Action) -> MSState:
        """MS-6: right → the accused reveals and is out; wrong → the accuser is out."""
        accuser = action.seat
        accused, character = action.data.get("accused"), action.data.get("character")
        if not isinstance(accused, int) or not 0 <= accused < state.seats or accused == accuser:
            raise IllegalAction("bad_accused")
        if state.out[accused]:
            raise IllegalAction("accused_out")
        if character not in {c.id for c in self.catalogue.characters}:
            raise IllegalAction("bad_character")
        new = clone(state)
        right = new.characters[accused] == character
        new.accusations.append(Accusation(accuser, accused, character, right))
        loser = accused if right else accuser
        new.out[loser] = True
        if right:
            new.revealed[accused] = character
        left = [s for s in range(new.seats) if not new.out[s]]
        if len(left) == 1:  # MS-7: the last one in wins
            new.winners = left
            return self._finish(new, "right_accusation" if right else "wrong_accusation")
        if new.turn == loser:
            new.turn = self._next_in(new, loser)
        return new

    @staticmethod
    def _next_in(state: MSState, seat: int) -> int:
        for step in range(1, state.seats + 1):
            candidate = (seat + step) % state.seats
            if not state.out[candidate]:
                return candidate
        return seat

    @staticmethod
    def _finish(state: MSState, end: str) -> MSState:
        state.phase = "over"
        state.end = end
        return state

    def outcome(self, state: MSState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {s: int(s in state.winners) for s in range(state.seats)}
        measures = {f"end_{name}": float(state.end == name) for name in ENDS}
        measures["swaps"] = float(len(state.swaps))
        measures["accusations"] = float(len(state.accusations))
        if state.accusations:  # matches without an accusation say nothing about reading
            measures["accusation_accuracy"] = sum(a.right for a in state.accusations) / len(state.accusations)
        return Outcome(scores=scores, winners=tuple(state.winners), ranks=Outcome.ranks_from_scores(scores),
                       reason=state.end, measures=measures)

    # --- information ------------------------------------------------------------------------
    def view(self, state: MSState, seat: int | None) -> SeatView:
        over = state.phase == "over"
        public = MSPublic(
            phase=state.phase, rows=self.catalogue.rows, columns=self.catalogue.columns,
            grid=tuple(state.grid), free_swap=state.free_swap,
            turn=state.turn if state.phase == "play" else None, out=tuple(state.out),
            revealed=dict(state.revealed), swaps=tuple(state.swaps), accusations=tuple(state.accusations),
            winners=tuple(state.winners), lines=tuple(state.lines), end=state.end,
            final_characters=tuple(state.characters) if over else (),
        )
        if seat is None or state.phase == "deal":
            return SeatView(seat, public)
        character = state.characters[seat]
        return SeatView(seat, public, MSPrivate(character, self.catalogue.character(character).object))

    def secrets(self, state: MSState, seat: int):
        if state.phase == "play" and seat not in state.revealed:
            character = state.characters[seat]
            yield "my_character", character
            yield "my_object", self.catalogue.character(character).object

    def invariants(self, state: MSState) -> None:
        if state.phase == "deal":
            return
        assert sorted(state.grid) == sorted(self.catalogue.deck()), "object cards are conserved (MS-2)"
        assert len(state.characters) == state.seats == len(set(state.characters)), "one character each (MS-1)"
        left = [s for s in range(state.seats) if not state.out[s]]
        assert left, "somebody is always still in"
        for seat, character in state.revealed.items():
            assert state.characters[seat] == character, "a revealed character is the true one"
        for acc in state.accusations:
            assert acc.right == (state.characters[acc.accused] == acc.character)
        if state.phase == "play":
            assert len(left) >= 2, "one player left ends the match (MS-7)"
            assert not state.out[state.turn], "the turn belongs to a seat still in"
            in_play = [state.characters[s] for s in left]
            assert not completed_lines(state.grid, self.catalogue, in_play), "a completed mission ends the match"
        else:
            assert state.end in ENDS and state.winners, "a finished match has a reason and winners"
            assert all(not state.out[s] for s in state.winners), "winners are still in"
