"""Mission Secrète rules (MS-1..MS-7 in RULES.md and docs/rules.md, MS-8 in
docs/rules.md), pure, on declared phases (``game.core.phases``).

``deal``: the state waits for one chance action that deals the characters and the grid
(re-dealing until MS-3 holds). ``play``: seats swap in turn, clockwise, skipping seats
that are out (MS-4); every seat still in is active, because anyone may accuse at any
moment (MS-6), while only the turn's seat may swap. A completed mission or a last seat
standing sets ``end`` and the match moves to ``over`` (MS-5, MS-7).

The state is frozen: a handler returns a new one (``game.core.records.replace``, as
every game's), sharing every field it does not change.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Literal, Mapping, Sequence

from ....core.actions import CHANCE, Action, IllegalAction
from ....core.engine import Outcome, SeatView, Step, chance_action, chance_data, take_chance
from ....core.events import Eliminated, Event, MatchOver, Revealed, TurnStarted
from ....core.options import OptionSpec
from ....core.phases import Move, Phase, PhasedGame, Who, anyone, nobody, one
from ....core.rng import Rng
from ....core.schema import Fields, Int, ListOf, OneOf
from ....core.values import SeatOrder
from .catalogue import MSCatalogue
from .events import Accused, CharacterDealt, Dealt, MissionCompleted, Swapped
from .view import Accusation, Ending, Line, MSPhase, MSPrivate, MSPublic, MSView, Swap

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace

SWAP = "swap"
ACCUSE = "accuse"
FREE_SWAP = "free_swap"
#: Config key: the seat that swaps first (MS-4, MS-8; 0 when absent, as in saves made before).
#: Not a lobby option: "Play again" passes it on to the next seat (:meth:`next_config`).
FIRST = "first"
ENDS = tuple(Ending)


@dataclass(frozen=True)
class MSState:
    seats: int
    free_swap: bool
    rng: Rng
    phase: MSPhase = MSPhase.DEAL
    grid: Sequence[str] = ()
    characters: Sequence[str] = ()                     # per seat (secret)
    deals: int = 0                                     # how many deals MS-3 took
    out: Sequence[bool] = ()
    revealed: Mapping[int, str] = field(default_factory=dict)
    turn: int = 0
    swaps: Sequence[Swap] = ()
    accusations: Sequence[Accusation] = ()
    winners: Sequence[int] = ()
    lines: Sequence[Line] = ()
    end: Ending | Literal[""] = ""

    @property
    def order(self) -> SeatOrder:
        return SeatOrder(self.turn, tuple(self.out))

    @property
    def still_in(self) -> tuple[int, ...]:
        return self.order.still_in


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


def deal_ok(grid: Sequence[str], catalogue: MSCatalogue) -> bool:
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


def completed_lines(grid: Sequence[str], catalogue: MSCatalogue, characters: Iterable[str]) -> list[Line]:
    """Lines holding all of a character's objects (MS-5: contiguity not required)."""
    out: list[Line] = []
    for cid in characters:
        character = catalogue.character(cid)
        need = catalogue.object(character.object).count
        for kind, index, cells in grid_lines(catalogue.rows, catalogue.columns):
            if sum(1 for cell in cells if grid[cell] == character.object) >= need:
                out.append(Line(cid, kind, index))
    return out


class MissionSecrete(PhasedGame[MSState, MSPublic, MSPrivate]):
    id = "mission_secrete"
    min_seats = 2
    max_seats = 4
    options = (OptionSpec(FREE_SWAP, False, (False, True)),)  # MS-4's printed alternative
    not_now = "not_playing"

    def __init__(self, catalogue: MSCatalogue) -> None:
        self.catalogue = catalogue
        self.max_seats = min(4, len(catalogue.characters))
        self._pairs = {free: swap_pairs(catalogue.rows, catalogue.columns, free) for free in (False, True)}
        #: (seat, free swap) -> the seat's swaps as ``legal`` lists them: the same every turn
        #: (actions are frozen records), made once instead of at every bot move.
        self._swap_actions: dict[tuple[int, bool], tuple[Action, ...]] = {}
        super().__init__()

    def phases(self) -> Sequence[Phase[MSState]]:
        still_in: Who[MSState] = anyone(lambda s: s.still_in)
        cell, seat = Int(0, self.catalogue.cells - 1), Int(0, self.max_seats - 1)
        character = OneOf(c.id for c in self.catalogue.characters)
        deal = chance_data({"characters": ListOf(character, self.max_seats),
                            "grid": ListOf(OneOf(self.catalogue.deck()), self.catalogue.cells)},
                           optional={"deals": Int(1, 1_000_000)})
        return (
            Phase(MSPhase.DEAL, {CHANCE: Move(self._deal, deal)}, active=nobody, chance=self._draw,
                  end_if=lambda s: bool(s.grid), next=MSPhase.PLAY),
            Phase(MSPhase.PLAY, {
                SWAP: Move(self._swap, Fields({"a": cell, "b": cell}), by=one(lambda s: s.turn),
                           refusal="not_your_turn", actions=self._swaps),
                ACCUSE: Move(self._accuse, Fields({"accused": seat, "character": character}),
                             choices=self._accusations),   # MS-6: any seat still in
            }, active=still_in, refusal="eliminated", end_if=lambda s: bool(s.end), next=MSPhase.OVER,
                begin=lambda s, tick: Step(s, (TurnStarted(s.turn),))),
            Phase(MSPhase.OVER),
        )

    # --- set-up (MS-1, MS-2, MS-3) --------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> MSState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Mission Secrète takes {self.min_seats}–{self.max_seats} seats")
        first = config.get(FIRST, 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats:
            raise ValueError(f"the first seat must be a seat of the match, not {first!r}")
        return MSState(seats=seats, free_swap=bool(self.option(config, FREE_SWAP)), rng=rng, out=(False,) * seats,
                       turn=first)

    def next_config(self, config: Mapping[str, Any]) -> dict[str, Any]:
        """MS-8: each new match of a table starts one seat further on. Who swaps first
        matters (the first player's swaps are read first, so that player is accused
        most); passing the start round evens it out over a series."""
        return {**config, FIRST: (int(config.get(FIRST, 0)) + 1) % int(config["seats"])}

    def _draw(self, state: MSState) -> Action:
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

    def _deal(self, state: MSState, action: Action) -> Step[MSState]:
        grid = tuple(action.data["grid"])
        characters = tuple(action.data["characters"])
        known = {c.id for c in self.catalogue.characters}
        if sorted(grid) != sorted(self.catalogue.deck()) or not deal_ok(grid, self.catalogue):
            raise IllegalAction("bad_deal", "the grid breaks MS-2 or MS-3")
        if len(characters) != state.seats or len(set(characters)) != state.seats or not set(characters) <= known:
            raise IllegalAction("bad_deal", "characters")
        deals = int(action.data.get("deals", 1))
        new = replace(state, rng=take_chance(action), grid=grid, characters=characters, deals=deals)
        dealt = tuple(CharacterDealt(seat, character) for seat, character in enumerate(characters))
        return Step(new, (Dealt(deals), *dealt))

    # --- moves ----------------------------------------------------------------------------
    def _swaps(self, state: MSState, seat: int) -> tuple[Action, ...]:
        key = (seat, state.free_swap)
        swaps = self._swap_actions.get(key)
        if swaps is None:
            swaps = self._swap_actions[key] = tuple(Action(SWAP, seat, {"a": a, "b": b})
                                                    for a, b in self._pairs[state.free_swap])
        return swaps

    def _accusations(self, state: MSState, seat: int) -> Iterator[dict[str, Any]]:
        for other in state.still_in:
            if other != seat:
                yield from ({"accused": other, "character": c.id} for c in self.catalogue.characters)

    def _swap(self, state: MSState, action: Action) -> Step[MSState]:
        """MS-4, then MS-5: every seat still in whose line is now complete wins."""
        seat = state.turn
        a, b = action.data["a"], action.data["b"]   # cells of the grid (the move's data)
        if a == b:
            raise IllegalAction("bad_cells")
        if not state.free_swap and not adjacent(a, b, self.catalogue.columns):
            raise IllegalAction("not_adjacent")
        grid = list(state.grid)
        grid[a], grid[b] = grid[b], grid[a]
        swap = Swap(seat, min(a, b), max(a, b))
        new = replace(state, grid=tuple(grid), swaps=(*state.swaps, swap))
        events: list[Event] = [Swapped(swap.seat, swap.a, swap.b)]
        in_play = {new.characters[s]: s for s in new.still_in}
        lines = completed_lines(new.grid, self.catalogue, in_play)
        if lines:
            winners = tuple(sorted({in_play[line.character] for line in lines}))  # shared victory
            revealed = {**new.revealed, **{s: new.characters[s] for s in winners}}
            new = replace(new, lines=tuple(lines), winners=winners, revealed=revealed, end=Ending.MISSION)
            events += [Revealed(s, "character", new.characters[s]) for s in winners]
            events += [MissionCompleted(winners, tuple(lines)), MatchOver(winners, Ending.MISSION)]
            return Step(new, tuple(events))
        new = replace(new, turn=new.order.passed().turn)
        return Step(new, (*events, TurnStarted(new.turn)))

    def _accuse(self, state: MSState, action: Action) -> Step[MSState]:
        """MS-6: right → the accused reveals and is out; wrong → the accuser is out."""
        accuser = action.seat
        assert accuser is not None  # the phase shell checked the seat
        accused, character = action.data["accused"], action.data["character"]  # a seat number, a character
        if accused >= state.seats or accused == accuser:
            raise IllegalAction("bad_accused")
        if state.out[accused]:
            raise IllegalAction("accused_out")
        right = state.characters[accused] == character
        loser = accused if right else accuser
        order = state.order.eliminate(loser)
        new = replace(state, accusations=(*state.accusations, Accusation(accuser, accused, character, right)),
                      out=order.out)
        events: list[Event] = [Accused(accuser, accused, character, right), Eliminated(loser)]
        if right:
            new = replace(new, revealed={**new.revealed, accused: character})
            events.append(Revealed(accused, "character", character))
        if len(order.still_in) == 1:  # MS-7: the last one in wins
            end = Ending.RIGHT_ACCUSATION if right else Ending.WRONG_ACCUSATION
            new = replace(new, winners=order.still_in, end=end)
            return Step(new, (*events, MatchOver(order.still_in, end)))
        if order.turn != state.turn:
            new = replace(new, turn=order.turn)
            events.append(TurnStarted(order.turn))
        return Step(new, tuple(events))

    # --- the end ----------------------------------------------------------------------------
    def outcome(self, state: MSState) -> Outcome | None:
        if state.phase != MSPhase.OVER:
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
    def view(self, state: MSState, seat: int | None) -> MSView:
        over = state.phase == MSPhase.OVER
        public = MSPublic(
            phase=state.phase, rows=self.catalogue.rows, columns=self.catalogue.columns,
            grid=tuple(state.grid), free_swap=state.free_swap,
            turn=state.turn if state.phase == MSPhase.PLAY else None, out=tuple(state.out),
            revealed=dict(state.revealed), swaps=tuple(state.swaps), accusations=tuple(state.accusations),
            winners=tuple(state.winners), lines=tuple(state.lines), end=state.end,
            final_characters=tuple(state.characters) if over else (),
        )
        if seat is None or state.phase == MSPhase.DEAL:
            return SeatView(seat, public)
        character = state.characters[seat]
        return SeatView(seat, public, MSPrivate(character, self.catalogue.character(character).object))

    def secrets(self, state: MSState, seat: int) -> Iterator[tuple[str, object]]:
        if state.phase == MSPhase.PLAY and seat not in state.revealed:
            character = state.characters[seat]
            yield "my_character", character
            yield "my_object", self.catalogue.character(character).object

    def invariants(self, state: MSState) -> None:
        if state.phase == MSPhase.DEAL:
            return
        assert sorted(state.grid) == sorted(self.catalogue.deck()), "object cards are conserved (MS-2)"
        assert len(state.characters) == state.seats == len(set(state.characters)), "one character each (MS-1)"
        left = state.still_in
        assert left, "somebody is always still in"
        for seat, character in state.revealed.items():
            assert state.characters[seat] == character, "a revealed character is the true one"
        for acc in state.accusations:
            assert acc.right == (state.characters[acc.accused] == acc.character)
        if state.phase == MSPhase.PLAY:
            assert len(left) >= 2, "one player left ends the match (MS-7)"
            assert not state.out[state.turn], "the turn belongs to a seat still in"
            in_play = [state.characters[s] for s in left]
            assert not completed_lines(state.grid, self.catalogue, in_play), "a completed mission ends the match"
        else:
            assert state.end in ENDS and state.winners, "a finished match has a reason and winners"
            assert all(not state.out[s] for s in state.winners), "winners are still in"
