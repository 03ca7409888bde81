"""Secret Identity, cooperative (3–8 seats, 10 turns): rulings SC-1..SC-5.

Phases of a turn::

    key (chance) -> clue (the active seat, as SI-4) -> guess (every other seat moves
    one shared cursor; any of them locks) -> result (any seat continues) -> next turn

``deal`` (chance) runs once: 17 characters (8 on the board, 9 in the deck, in order)
and the hands (SC-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ....core.actions import Action, IllegalAction
from ....core.engine import Outcome, SeatView, chance_action
from ....core.rng import Rng
from .view import CoopPrivate, CoopPublic, CoopTurn
from .common import (
    SLOTS,
    Placement,
    SecretIdentityRules,
    check_cards_conserved,
    deal_hands,
    seat_secrets,
    shown,
    take_deal,
    with_item,
)

#: SC-1: 17 characters in play, 8 on the board and 9 in the deck.
CHARACTERS = 17
TURNS = CHARACTERS - SLOTS + 1
#: SC-5 printed rating bands: lowest score of each band.
BANDS = (0, 3, 6, 9)


def cards_per_seat(seats: int) -> int:
    """SC-1: 10 cards for 3–4 players, 8 for 5–6, 6 for 7–8."""
    return 10 if seats <= 4 else 8 if seats <= 6 else 6


def band(score: int) -> int:
    """SC-5: index of the printed rating band (0–2, 3–5, 6–8, 9–10)."""
    return max(i for i, low in enumerate(BANDS) if score >= low)


@dataclass
class CoopState:
    seats: int
    rng: Rng
    all_cards: list[str]
    pool: list[str]
    board: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    used: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    unused_cards: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    clue: list[Placement] = field(default_factory=list)
    clue_confirmed: bool = False
    active: int = 0
    key: int = 0
    cursor: int = 0
    phase: str = "deal"
    turn: int = 0
    team_score: int = 0
    history: list[CoopTurn] = field(default_factory=list)


class CoopRules(SecretIdentityRules):
    id = "secret_identity_coop"
    options = {"family": True, "connoisseurs": False}

    def setup(self, config: Mapping[str, Any], rng: Rng) -> CoopState:
        seats, pool, cards = self.check_table(config, CHARACTERS, f"the cooperative game needs {CHARACTERS}",
                                              cards_per_seat)
        return CoopState(seats=seats, rng=rng, all_cards=cards, pool=pool)

    # --- flow --------------------------------------------------------------------------
    def current(self, state: CoopState) -> frozenset[int]:
        if state.phase == "clue":
            return frozenset((state.active,))
        if state.phase == "guess":
            return frozenset(s for s in range(state.seats) if s != state.active)
        if state.phase == "result":
            return frozenset(range(state.seats))
        return frozenset()

    def chance(self, state: CoopState) -> Action | None:
        if state.phase == "deal":
            return chance_action(state.rng, lambda rng: {
                "characters": rng.sample(state.pool, CHARACTERS),
                "hands": deal_hands(rng, state.all_cards, state.seats, cards_per_seat(state.seats)),
            })
        if state.phase == "key":
            return chance_action(state.rng, lambda rng: {"key": rng.randint(1, SLOTS)})  # SC-2: fresh every turn
        return None

    def legal(self, state: CoopState, seat: int) -> list[Action]:
        if seat not in self.current(state):
            return []
        if state.phase == "clue":
            return self.book.clue_actions(seat, state.hands[seat], state.clue)
        if state.phase == "guess":
            moves = [Action("move", seat, {"slot": slot}) for slot in range(SLOTS) if slot != state.cursor]
            return moves + [Action("lock", seat)]
        return [Action("next", seat)]

    def _check_seat(self, state: CoopState, seat: int | None) -> None:
        if seat not in self.current(state):
            raise IllegalAction("not_your_turn", f"seat {seat} during {state.phase}")

    def _apply_chance(self, state: CoopState, data: Mapping[str, Any]) -> None:
        if state.phase == "deal":
            characters = list(data["characters"])
            if len(set(characters)) != CHARACTERS or not set(characters) <= set(state.pool):
                raise IllegalAction("bad_chance", "17 distinct pool characters")
            state.board, state.deck = characters[:SLOTS], characters[SLOTS:]
            state.pool = [c for c in state.pool if c not in characters]
            state.hands, state.unused_cards = take_deal(state.all_cards, data["hands"])
            state.active = 0
            self._begin_turn(state)
        elif state.phase == "key":
            state.key = int(data["key"])
            state.phase = "clue"
        else:
            raise IllegalAction("no_chance", state.phase)

    @staticmethod
    def _begin_turn(state: CoopState) -> None:
        state.turn += 1
        state.clue = []
        state.clue_confirmed = False
        state.cursor = 0
        state.key = 0
        state.phase = "key"

    # --- players' actions --------------------------------------------------------------
    def _place(self, state: CoopState, seat: int, data: Mapping[str, Any]) -> None:
        self._edit_clue(state, seat, self.book.place, data)

    def _take_back(self, state: CoopState, seat: int, data: Mapping[str, Any]) -> None:
        self._edit_clue(state, seat, self.book.take_back, data)

    @staticmethod
    def _edit_clue(state: CoopState, seat: int, edit: Any, data: Mapping[str, Any]) -> None:
        """Place or take back on copies of the seat's hand and the clue."""
        hand, clue = list(state.hands[seat]), list(state.clue)
        edit(hand, clue, data)
        state.hands = with_item(state.hands, seat, hand)
        state.clue = clue

    def _confirm(self, state: CoopState, seat: int, data: Mapping[str, Any]) -> None:
        if not state.clue:
            raise IllegalAction("clue_empty", "place at least one card")
        state.clue_confirmed = True
        state.phase = "guess"

    def _move(self, state: CoopState, seat: int, data: Mapping[str, Any]) -> None:
        """SC-3: any guesser moves the one shared, visible cursor."""
        slot = data.get("slot")
        if not isinstance(slot, int) or not 0 <= slot < SLOTS:
            raise IllegalAction("bad_slot", repr(slot))
        state.cursor = slot

    def _lock(self, state: CoopState, seat: int, data: Mapping[str, Any]) -> None:
        """SC-3: the team's answer is the cursor's slot (the board locks once every person
        guessing has held CONFIRM 1.5 s together)."""
        correct = state.cursor + 1 == state.key
        if correct:
            state.team_score += 1
        state.history = [*state.history, CoopTurn(
            turn=state.turn,
            active=state.active,
            character=state.board[state.key - 1],
            key=state.key,
            guess=state.cursor + 1,
            correct=correct,
            clue=shown(state.clue),
        )]
        state.discard = state.discard + [p.card for p in state.clue]
        state.clue = []
        # SC-5: the turn after the deck's last card is the last; SC-2: or nobody has cards.
        if not state.deck or not any(state.hands):
            state.phase = "over"
        else:
            state.phase = "result"

    def _next(self, state: CoopState, seat: int, data: Mapping[str, Any]) -> None:
        """SC-4: only the guessed-for character leaves, replaced from the deck; SC-2: the
        next seat with cards becomes active."""
        slot = state.history[-1].key - 1
        state.used = [*state.used, state.board[slot]]
        state.board = with_item(state.board, slot, state.deck[0])
        state.deck = state.deck[1:]
        state.active = next(
            (state.active + step) % state.seats
            for step in range(1, state.seats + 1)
            if state.hands[(state.active + step) % state.seats]
        )
        self._begin_turn(state)

    # --- end ---------------------------------------------------------------------------
    def outcome(self, state: CoopState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {s: state.team_score for s in range(state.seats)}
        return Outcome(
            scores=scores,
            winners=tuple(range(state.seats)),
            ranks={s: 1 for s in range(state.seats)},
            reason=f"band_{band(state.team_score)}",
            measures={"team_score": float(state.team_score), "turns": float(state.turn)},
        )

    # --- information -------------------------------------------------------------------
    def view(self, state: CoopState, seat: int | None) -> SeatView:
        public = CoopPublic(
            phase=state.phase,
            turn=state.turn,
            turns=TURNS,
            active=state.active,
            board=tuple(state.board),
            deck_left=len(state.deck),
            hand_counts=tuple(len(h) for h in state.hands),
            clue=shown(state.clue),
            clue_confirmed=state.clue_confirmed,
            cursor=state.cursor,
            team_score=state.team_score,
            history=tuple(state.history),
            band=band(state.team_score) if state.phase == "over" else -1,
        )
        if seat is None:
            return SeatView(None, public)
        return SeatView(seat, public, CoopPrivate(
            my_key=self._secret_key(state, seat),
            hand=tuple(state.hands[seat]) if state.hands else (),
            placed=tuple(p.card for p in state.clue) if seat == state.active else (),
        ))

    @staticmethod
    def _secret_key(state: CoopState, seat: int) -> int | None:
        if seat == state.active and state.phase in ("clue", "guess"):
            return state.key
        return None

    def secrets(self, state: CoopState, seat: int) -> Iterable[tuple[str, Any]]:
        yield from seat_secrets(self._secret_key(state, seat), state.hands, seat)

    def invariants(self, state: CoopState) -> None:
        if state.hands:
            check_cards_conserved(state.all_cards, *state.hands, [p.card for p in state.clue],
                                  state.discard, state.unused_cards)
            characters = state.board + state.deck + state.used
            assert len(characters) == len(set(characters)) == CHARACTERS, "characters lost or doubled (SC-1)"
            assert len(state.board) == SLOTS
        assert state.team_score == sum(1 for t in state.history if t.correct), "team score != correct answers"
        assert len(state.used) == len([t for t in state.history]) - (1 if state.phase in ("result", "over") else 0)
        assert state.turn <= TURNS
        assert 0 <= state.cursor < SLOTS


CoopRules.handlers = {
    ("clue", "place"): CoopRules._place,
    ("clue", "take_back"): CoopRules._take_back,
    ("clue", "confirm"): CoopRules._confirm,
    ("guess", "move"): CoopRules._move,
    ("guess", "lock"): CoopRules._lock,
    ("result", "next"): CoopRules._next,
}
