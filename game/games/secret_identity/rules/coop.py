"""Secret Identity, cooperative (3–8 seats, 10 turns): rulings SC-1..SC-5, on declared
phases (:class:`~.view.CoopPhase`, ``game.core.phases``).

Phases of a turn::

    key (chance) -> clue (the active seat, as SI-4) -> guess (every other seat moves
    one shared cursor; any of them locks) -> result (any seat continues) -> next turn

``deal`` (chance) runs once: 17 characters (8 on the board, 9 in the deck, in order)
and the hands (SC-1). A turn begins as ``key`` starts (:meth:`CoopRules._begin_turn`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from ....core.actions import CHANCE, Action, IllegalAction
from ....core.engine import Outcome, SeatView, Step, chance_action, chance_data, take_chance
from ....core.events import MatchOver, TurnStarted
from ....core.phases import Move, Phase, all_but, anyone, one
from ....core.rng import Rng
from ....core.schema import Fields, ListOf
from .common import (
    FAMILY,
    SLOTS,
    Placement,
    SecretIdentityRules,
    seat_of,
    check_cards_conserved,
    confirmable,
    deal_hands,
    seat_secrets,
    shown,
    take_deal,
    with_item,
)
from .deal import draw_fitting
from .events import (CardPlaced, CardsDealt, CardTakenBack, CharacterDiscarded, CharactersDealt, ClueGiven,
                     GuessLocked, GuessProposed, KeyDealt)
from .view import CoopPhase, CoopPrivate, CoopPublic, CoopTurn, CoopView

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace

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
    """A match. Handlers return a copy (``records.replace``); lists are replaced, never
    changed in place."""

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
    phase: CoopPhase = CoopPhase.DEAL
    turn: int = 0
    team_score: int = 0
    history: list[CoopTurn] = field(default_factory=list)


class CoopRules(SecretIdentityRules[CoopState, CoopPublic, CoopPrivate]):
    id = "secret_identity_coop"
    options = (FAMILY,)
    cooperative = True

    def phases(self) -> Sequence[Phase[CoopState]]:
        data = self.data
        deal = chance_data({"characters": ListOf(data.character, CHARACTERS), "hands": data.hands})
        return (
            Phase(CoopPhase.DEAL, {CHANCE: Move(self._deal, deal)}, chance=self._draw_deal,
                  end_if=lambda s: bool(s.board), next=CoopPhase.KEY),
            Phase(CoopPhase.KEY, {CHANCE: Move(self._draw, chance_data({"key": data.key}))}, chance=self._draw_key,
                  begin=self._begin_turn, end_if=lambda s: s.key != 0, next=CoopPhase.CLUE),
            Phase(CoopPhase.CLUE, {
                "place": Move(self._place, data.place,
                              actions=lambda s, seat: self.book.place_actions(seat, s.hands[seat], s.clue, s.board)),
                "take_back": Move(self._take_back, data.take_back),
                "confirm": Move(self._confirm, choices=lambda s, seat: confirmable(s.clue)),
            }, active=one(lambda s: s.active), refusal="not_your_turn", end_if=lambda s: s.clue_confirmed,
                next=CoopPhase.GUESS),
            Phase(CoopPhase.GUESS, {"move": Move(self._move, Fields({"slot": data.slot}), choices=self._moves),
                                    "lock": Move(self._lock, choices=lambda s, seat: ({},))},
                  active=all_but(lambda s: s.active), refusal="not_your_turn",
                  end_if=lambda s: len(s.history) == s.turn, next=self._after_guess),
            # the answer's character leaves the board as the team moves on (SC-4)
            Phase(CoopPhase.RESULT, {"next": Move(self._next, choices=lambda s, seat: ({},))},
                  active=anyone(), refusal="not_your_turn",
                  end_if=lambda s: len(s.used) == len(s.history), next=CoopPhase.KEY),
            Phase(CoopPhase.OVER, begin=lambda s, tick: Step(s, (MatchOver(tuple(range(s.seats)), self._band(s)),))),
        )

    def setup(self, config: Mapping[str, Any], rng: Rng) -> CoopState:
        seats, pool, cards = self.check_table(config, CHARACTERS, f"the cooperative game needs {CHARACTERS}",
                                              cards_per_seat)
        return CoopState(seats=seats, rng=rng, all_cards=cards, pool=pool)

    # --- chance ----------------------------------------------------------------------------
    def _draw_deal(self, state: CoopState) -> Action:
        return chance_action(state.rng, lambda rng: {
            # every one of the 17 may meet any other on the board: they are dealt as one
            "characters": draw_fitting(rng, self.catalogue, state.pool, CHARACTERS),
            "hands": deal_hands(rng, state.all_cards, state.seats, cards_per_seat(state.seats)),
        })

    def _deal(self, state: CoopState, action: Action) -> Step[CoopState]:
        characters = [str(c) for c in action.data["characters"]]
        if len(set(characters)) != CHARACTERS or not set(characters) <= set(state.pool):
            raise IllegalAction("bad_chance", "17 distinct pool characters")
        hands, unused = take_deal(state.all_cards, action.data["hands"])
        board, deck = characters[:SLOTS], characters[SLOTS:]
        new = replace(state, rng=take_chance(action), board=board, deck=deck,
                      pool=[c for c in state.pool if c not in characters], hands=hands, unused_cards=unused,
                      active=0)
        return Step(new, (CharactersDealt(tuple(board), len(deck)),
                          *(CardsDealt(seat, tuple(hand)) for seat, hand in enumerate(hands))))

    def _begin_turn(self, state: CoopState, tick: int) -> Step[CoopState]:
        new = replace(state, turn=state.turn + 1, clue=[], clue_confirmed=False, cursor=0, key=0)
        return Step(new, (TurnStarted(state.active),))

    def _draw_key(self, state: CoopState) -> Action:
        return chance_action(state.rng, lambda rng: {"key": rng.randint(1, SLOTS)})  # SC-2: fresh every turn

    def _draw(self, state: CoopState, action: Action) -> Step[CoopState]:
        key = int(action.data["key"])
        return Step(replace(state, rng=take_chance(action), key=key), (KeyDealt(state.active, key),))

    # --- the clue (SC-2, as SI-4) -------------------------------------------------------------
    def _place(self, state: CoopState, action: Action) -> Step[CoopState]:
        seat = state.active
        hand, clue, placed = self.book.place(state.hands[seat], state.clue, action.data, state.board)
        new = replace(state, hands=with_item(state.hands, seat, hand), clue=clue)
        return Step(new, (CardPlaced(seat, placed.pictogram, placed.green),))

    def _take_back(self, state: CoopState, action: Action) -> Step[CoopState]:
        seat = state.active
        hand, clue, placed = self.book.take_back(state.hands[seat], state.clue, action.data)
        new = replace(state, hands=with_item(state.hands, seat, hand), clue=clue)
        return Step(new, (CardTakenBack(seat, placed.pictogram, placed.green),))

    def _confirm(self, state: CoopState, action: Action) -> Step[CoopState]:
        if not state.clue:
            raise IllegalAction("clue_empty", "place at least one card")
        return Step(replace(state, clue_confirmed=True),
                    (ClueGiven(state.active, tuple(p.pictogram for p in state.clue)),))

    # --- the team's answer (SC-3, SC-4) ---------------------------------------------------
    def _moves(self, state: CoopState, seat: int) -> Iterator[dict[str, int]]:
        return ({"slot": slot} for slot in range(SLOTS) if slot != state.cursor)

    def _move(self, state: CoopState, action: Action) -> Step[CoopState]:
        """SC-3: any guesser moves the one shared, visible cursor."""
        slot = action.data["slot"]
        return Step(replace(state, cursor=slot), (GuessProposed(seat_of(action), slot),))

    def _lock(self, state: CoopState, action: Action) -> Step[CoopState]:
        """SC-3: the team's answer is the cursor's slot (the board locks once every person
        guessing has held CONFIRM 1.5 s together)."""
        correct = state.cursor + 1 == state.key
        turn = CoopTurn(
            turn=state.turn,
            active=state.active,
            character=state.board[state.key - 1],
            key=state.key,
            guess=state.cursor + 1,
            correct=correct,
            clue=shown(state.clue),
        )
        new = replace(state, team_score=state.team_score + int(correct), history=[*state.history, turn],
                      discard=state.discard + [p.card for p in state.clue], clue=[])
        return Step(new, (GuessLocked(seat_of(action), turn),))

    @staticmethod
    def _after_guess(state: CoopState) -> CoopPhase:
        """SC-5: the turn after the deck's last card is the last; SC-2: or nobody has cards."""
        return CoopPhase.OVER if not state.deck or not any(state.hands) else CoopPhase.RESULT

    def _next(self, state: CoopState, action: Action) -> Step[CoopState]:
        """SC-4: only the guessed-for character leaves, replaced from the deck; SC-2: the
        next seat with cards becomes active."""
        slot = state.history[-1].key - 1
        old, new_character = state.board[slot], state.deck[0]
        active = next(
            (state.active + step) % state.seats
            for step in range(1, state.seats + 1)
            if state.hands[(state.active + step) % state.seats]
        )
        new = replace(state, used=[*state.used, old], board=with_item(state.board, slot, new_character),
                      deck=state.deck[1:], active=active)
        return Step(new, (CharacterDiscarded(slot, old, new_character),))

    @staticmethod
    def _band(state: CoopState) -> str:
        return f"band_{band(state.team_score)}"

    # --- end ---------------------------------------------------------------------------
    def outcome(self, state: CoopState) -> Outcome | None:
        if state.phase != CoopPhase.OVER:
            return None
        scores = {s: state.team_score for s in range(state.seats)}
        return Outcome(
            scores=scores,
            winners=tuple(range(state.seats)),
            ranks={s: 1 for s in range(state.seats)},
            reason=self._band(state),
            measures={"team_score": float(state.team_score), "turns": float(state.turn)},
        )

    # --- information -------------------------------------------------------------------
    def view(self, state: CoopState, seat: int | None) -> CoopView:
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
            band=band(state.team_score) if state.phase == CoopPhase.OVER else -1,
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
        if seat == state.active and state.phase in (CoopPhase.CLUE, CoopPhase.GUESS):
            return state.key
        return None

    def secrets(self, state: CoopState, seat: int) -> Iterator[tuple[str, object]]:
        yield from seat_secrets(self._secret_key(state, seat), state.hands, seat)

    def invariants(self, state: CoopState) -> None:
        if state.hands:
            check_cards_conserved(state.all_cards, *state.hands, [p.card for p in state.clue],
                                  state.discard, state.unused_cards)
            characters = state.board + state.deck + state.used
            assert len(characters) == len(set(characters)) == CHARACTERS, "characters lost or doubled (SC-1)"
            assert len(state.board) == SLOTS
        assert state.team_score == sum(1 for t in state.history if t.correct), "team score != correct answers"
        assert len(state.used) == len(state.history) - (1 if state.phase in (CoopPhase.RESULT, CoopPhase.OVER) else 0)
        assert state.turn <= TURNS
        assert 0 <= state.cursor < SLOTS

