"""Secret Identity, competitive (3–8 seats, 4 rounds): rulings SI-1..SI-9, on declared
phases (:class:`~.view.SIPhase`, ``game.core.phases``).

Phases of a round::

    board (chance) -> round_start (SI-3 replacements + ready; "replace" chance)
    -> keys (chance) -> clues (simultaneous) -> vote (simultaneous)
    -> scoring -> catch_up (chance, SI-8) -> summary (ready) -> next round | over

``deal`` (chance) runs once before round 1. Chance actions carry their outcome in the
data, so a log replays without the generator. "Everyone ready" and "every clue given"
are core :class:`~game.core.values.Barrier` values, the votes a
:class:`~game.core.values.Ballot` (each voter gives every opponent a distinct number,
SI-5). Seats that have given their clue or all their votes may still change them until
the phase closes (the phases are ``open_to`` every seat); only the others are waited
for. Scoring (``scoring.py``) runs as the ``scoring`` phase begins, and that phase
ends at once. The state and what the rules read off it: ``competitive_state.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, Mapping, Sequence

from ....core.actions import CHANCE, Action, IllegalAction
from ....core.engine import Outcome, Step, chance_action, chance_data, take_chance
from ....core.events import Event, MatchOver, Revealed
from ....core.options import OptionSpec
from ....core.phases import Move, Phase, all_once, anyone
from ....core.rng import Rng
from ....core.schema import Fields
from ....core.values import Ballot, Barrier
from .common import (
    FAMILY,
    SLOTS,
    Placement,
    SecretIdentityRules,
    check_cards_conserved,
    confirmable,
    deal_hands,
    seat_of,
    take_deal,
    with_item,
)
from .events import (
    BoardDealt,
    CardPlaced,
    CardsDealt,
    CardTakenBack,
    CatchUpDealt,
    CharacterReplaced,
    ClueGiven,
    ClueReopened,
    KeyDealt,
    Ready,
    ReplacementAsked,
    RoundEnded,
    RoundScored,
    VoteCast,
    VoteTakenBack,
)
from .deal import draw_fitting
from .catalogue import SICatalogue
from .competitive_state import ROUNDS, CompetitiveState, can_replace, reopened, take_characters
from .scoring import decided_by, final_outcome, score_round
from .competitive_view import CompetitiveViews, view_secrets
from .view import CompetitivePrivate, CompetitivePublic, CompetitiveView, SIPhase

if TYPE_CHECKING:  # mypy checks every change against the fields
    from dataclasses import replace
else:
    from ....core.records import replace

HAND_SIZE = 10  # SI-4
#: Characters a match needs at the least: 8 fresh ones per round (SI-1).
MIN_CHARACTERS = ROUNDS * SLOTS
REPLACEMENTS, CATCH_UP = "replacements_per_round", "catch_up"


class CompetitiveRules(SecretIdentityRules[CompetitiveState, CompetitivePublic, CompetitivePrivate]):
    id = "secret_identity"
    options = (
        OptionSpec(REPLACEMENTS, 3, (0, 1, 2, 3)),  # SI-3
        OptionSpec(CATCH_UP, True, (True, False)),  # SI-8
        FAMILY,
    )

    def __init__(self, catalogue: SICatalogue) -> None:
        self._votes: dict[tuple[int, int, int], Action] = {}
        self.views = CompetitiveViews(catalogue)
        super().__init__(catalogue)

    def phases(self) -> Sequence[Phase[CompetitiveState]]:
        ready, data = Move(self._ready, choices=lambda s, seat: ({},)), self.data
        return (
            Phase(SIPhase.DEAL, {CHANCE: Move(self._deal, chance_data({"deal": data.hands}))},
                  chance=self._draw_deal, end_if=lambda s: bool(s.hands), next=SIPhase.BOARD),
            Phase(SIPhase.BOARD, {CHANCE: Move(self._new_board, chance_data({"board": data.board}))},
                  chance=self._draw_board, begin=self._end_round, end_if=lambda s: bool(s.board),
                  next=SIPhase.ROUND_START),
            Phase(SIPhase.ROUND_START, {"ready": ready, "replace": Move(self._replace, Fields({"slot": data.slot}),
                                                                        choices=self._replacements)},
                  active=all_once(lambda s: s.ready.waiting), refusal="already_ready",
                  end_if=lambda s: s.ready.complete or s.pending_replace is not None,
                  next=lambda s: SIPhase.KEYS if s.pending_replace is None else SIPhase.REPLACE),
            Phase(SIPhase.REPLACE, {CHANCE: Move(self._replaced, chance_data({"replace": data.slot,
                                                                              "character": data.character}))},
                  chance=self._draw_replacement, end_if=lambda s: s.pending_replace is None,
                  next=SIPhase.ROUND_START),
            Phase(SIPhase.KEYS, {CHANCE: Move(self._deal_keys, chance_data({"keys": data.keys}))},
                  chance=self._draw_keys, end_if=lambda s: all(s.keys), next=SIPhase.CLUES),
            Phase(SIPhase.CLUES, {
                "place": Move(self._place, data.place,
                              actions=lambda s, seat: self.book.place_actions(seat, s.hands[seat], s.clues[seat],
                                                                               s.board)),
                "take_back": Move(self._take_back, data.take_back),
                "confirm": Move(self._confirm, choices=lambda s, seat: confirmable(s.clues[seat])),
                "unconfirm": Move(self._unconfirm),
            }, active=all_once(lambda s: s.confirmed.waiting), open_to=anyone(),  # SI-4: changeable until all gave
                end_if=lambda s: s.confirmed.complete, next=SIPhase.VOTE),
            Phase(SIPhase.VOTE, {"vote": Move(self._vote, Fields({"target": data.seat, "number": data.key}),
                                              actions=self._vote_actions),
                                 "unvote": Move(self._unvote, Fields({"target": data.seat}))},
                  active=all_once(lambda s: s.votes.waiting), open_to=anyone(),  # SI-5: changeable until all voted
                  end_if=lambda s: s.votes.complete, next=SIPhase.SCORING),
            Phase(SIPhase.SCORING, begin=self._score, end_if=lambda s: True, next=self._after_scoring),
            Phase(SIPhase.CATCH_UP, {CHANCE: Move(self._caught_up, chance_data({"catch_up": data.hands}))},
                  chance=self._draw_catch_up, end_if=lambda s: not any(s.owed), next=SIPhase.SUMMARY),
            Phase(SIPhase.SUMMARY, {"ready": ready}, active=all_once(lambda s: s.ready.waiting),
                  refusal="already_ready", end_if=lambda s: s.ready.complete, next=SIPhase.BOARD),
            Phase(SIPhase.OVER, begin=lambda s, tick: Step(s, (MatchOver(final_outcome(s).winners, decided_by(s)),))),
        )

    # --- set-up ------------------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> CompetitiveState:
        seats, pool, cards = self.check_table(config, MIN_CHARACTERS, f"4 rounds need {MIN_CHARACTERS}",
                                              lambda seats: HAND_SIZE)
        return CompetitiveState(
            seats=seats,
            rng=rng,
            replacements_per_round=int(self.option(config, REPLACEMENTS)),
            catch_up=bool(self.option(config, CATCH_UP)),
            all_cards=cards,
            pool=pool,
            scores=[0] * seats,
        )

    # --- chance --------------------------------------------------------------------------
    def _draw_deal(self, state: CompetitiveState) -> Action:
        return chance_action(state.rng, lambda rng: {"deal": deal_hands(rng, state.all_cards, state.seats, HAND_SIZE)})

    def _deal(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        hands, unused = take_deal(state.all_cards, action.data["deal"])
        new = replace(state, rng=take_chance(action), hands=hands, unused_cards=unused)
        return Step(new, tuple(CardsDealt(seat, tuple(hand)) for seat, hand in enumerate(hands)))

    def _draw_board(self, state: CompetitiveState) -> Action:
        """SI-1: eight fresh characters, no two look-alikes, few jobs and creatures (deal.py)."""
        return chance_action(state.rng, lambda rng: {"board": draw_fitting(rng, self.catalogue, state.pool, SLOTS)})

    def _end_round(self, state: CompetitiveState, tick: int) -> Step[CompetitiveState]:
        """SI-4 / SI-1: placed cards and this round's characters leave the match."""
        new = replace(state, discard=state.discard + [p.card for clue in state.clues for p in clue],
                      clues=[[] for _ in range(state.seats)], used=state.used + state.board, board=[])
        return Step(new, (RoundEnded(state.round),) if state.round else ())

    def _new_board(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        """SI-1: eight fresh characters; the round opens with every seat to be ready."""
        board = [str(c) for c in action.data["board"]]
        n = state.seats
        new = replace(
            state, rng=take_chance(action), pool=take_characters(state.pool, board), board=board,
            round=state.round + 1, ready=Barrier.open(n), replaced=[], keys=[0] * n,
            clues=[[] for _ in range(n)], confirmed=Barrier.open(n),
            votes=Ballot.open(n, n, range(1, SLOTS + 1), distinct=True, skip_self=True),
        )
        return Step(new, (BoardDealt(new.round, tuple(board)),))

    def _draw_replacement(self, state: CompetitiveState) -> Action:
        slot = state.pending_replace
        others = [c for i, c in enumerate(state.board) if i != slot]
        return chance_action(state.rng, lambda rng: {
            "replace": slot, "character": draw_fitting(rng, self.catalogue, state.pool, 1, others)[0]})

    def _replaced(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        slot, character = int(action.data["replace"]), str(action.data["character"])
        old = state.board[slot]
        new = replace(state, rng=take_chance(action), pool=take_characters(state.pool, [character]),
                      used=[*state.used, old], board=with_item(state.board, slot, character),
                      replaced=[*state.replaced, slot], pending_replace=None)
        return Step(new, (CharacterReplaced(slot, old, character),))

    def _draw_keys(self, state: CompetitiveState) -> Action:
        return chance_action(state.rng, lambda rng: {"keys": rng.sample(list(range(1, SLOTS + 1)), state.seats)})

    def _deal_keys(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        """SI-2; SI-4: a seat with no cards gives an empty clue, so it has nothing to build."""
        keys = [int(k) for k in action.data["keys"]]
        new = replace(state, rng=take_chance(action), keys=keys,
                      confirmed=Barrier(tuple(not hand for hand in state.hands)))
        return Step(new, tuple(KeyDealt(seat, key) for seat, key in enumerate(keys)))

    def _draw_catch_up(self, state: CompetitiveState) -> Action:
        def draw(rng: Rng) -> dict[str, Any]:
            unused = rng.shuffled(state.unused_cards)
            dealt: list[list[str]] = []
            for owed in state.owed:
                dealt.append(sorted(unused[:owed]))
                unused = unused[owed:]
            return {"catch_up": dealt}

        return chance_action(state.rng, draw)

    def _caught_up(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        """SI-8: the cards owed, from those nobody was dealt."""
        unused, hands = list(state.unused_cards), list(state.hands)
        events: list[Event] = []
        for seat, cards in enumerate(action.data["catch_up"]):
            for card in cards:
                unused.remove(card)
            hands[seat] = sorted(hands[seat] + list(cards))
            if cards:
                events += [CatchUpDealt(seat, len(cards)), CardsDealt(seat, tuple(cards))]
        new = replace(state, rng=take_chance(action), unused_cards=unused, hands=hands, owed=[0] * state.seats)
        return Step(new, tuple(events))

    # --- round start (SI-3) -------------------------------------------------------------
    def _replacements(self, state: CompetitiveState, seat: int) -> Iterator[dict[str, int]]:
        if can_replace(state):
            yield from ({"slot": slot} for slot in range(SLOTS) if slot not in state.replaced)

    def _replace(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        """SI-3: a public replacement of a character nobody knows, up to the option's cap."""
        slot = action.data["slot"]
        if not can_replace(state):
            raise IllegalAction("no_replacements", "this round's replacements are used up (SI-3)")
        if slot in state.replaced:
            raise IllegalAction("already_replaced", f"slot {slot + 1}")
        return Step(replace(state, pending_replace=slot), (ReplacementAsked(seat_of(action), slot),))

    def _ready(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        seat = seat_of(action)
        return Step(replace(state, ready=state.ready.mark(seat)), (Ready(seat),))

    # --- clues (SI-4) ---------------------------------------------------------------------
    def _place(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        seat = seat_of(action)
        hand, clue, placed = self.book.place(state.hands[seat], state.clues[seat], action.data, state.board)
        return self._edited(state, seat, hand, clue, CardPlaced(seat, placed.pictogram, placed.green))

    def _take_back(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        seat = seat_of(action)
        hand, clue, placed = self.book.take_back(state.hands[seat], state.clues[seat], action.data)
        return self._edited(state, seat, hand, clue, CardTakenBack(seat, placed.pictogram, placed.green))

    @staticmethod
    def _edited(state: CompetitiveState, seat: int, hand: list[str], clue: list[Placement],
                event: Event) -> Step[CompetitiveState]:
        """The seat's new hand and clue; a given clue that changes is given no more."""
        new = replace(state, hands=with_item(state.hands, seat, hand), clues=with_item(state.clues, seat, clue),
                      confirmed=reopened(state.confirmed, seat))
        return Step(new, (event, ClueReopened(seat)) if state.confirmed.flags[seat] else (event,))

    def _confirm(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        seat = seat_of(action)
        self.book.check_confirm(state.hands[seat], state.clues[seat])
        if state.confirmed.flags[seat]:
            return Step(state)  # given already: nothing changes
        new = replace(state, confirmed=state.confirmed.mark(seat))
        return Step(new, (ClueGiven(seat, tuple(p.pictogram for p in state.clues[seat])),))

    def _unconfirm(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        """Clues may change until every seat has confirmed (a seat with no cards has none)."""
        seat = seat_of(action)
        if not state.confirmed.flags[seat] or not (state.hands[seat] or state.clues[seat]):
            return Step(state)
        return Step(replace(state, confirmed=reopened(state.confirmed, seat)), (ClueReopened(seat),))

    # --- votes (SI-5) ---------------------------------------------------------------------
    def _vote_actions(self, state: CompetitiveState, seat: int) -> list[Action]:
        """Every vote ``seat`` may still cast, each action made once per rules object
        (offered by the dozen before every bot vote)."""
        free = state.votes.free(seat)
        return [self._vote_action(seat, target, number) for target in state.votes.missing(seat) for number in free]

    def _vote_action(self, seat: int, target: int, number: int) -> Action:
        key = (seat, target, number)
        action = self._votes.get(key)
        if action is None:
            action = self._votes[key] = Action("vote", seat, {"target": target, "number": number})
        return action

    def _vote(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        """SI-5: one vote per opponent, each number at most once; changeable until all voted."""
        seat = seat_of(action)
        votes = state.votes.cast(seat, action.data.get("target"), action.data.get("number"))
        return Step(replace(state, votes=votes), (VoteCast(seat, self._given(votes, seat)),))

    def _unvote(self, state: CompetitiveState, action: Action) -> Step[CompetitiveState]:
        seat = seat_of(action)
        votes = state.votes.take_back(seat, action.data.get("target"))
        return Step(replace(state, votes=votes), (VoteTakenBack(seat, self._given(votes, seat)),))

    @staticmethod
    def _given(votes: Ballot, seat: int) -> int:
        row = votes.rows[seat]
        return len(row) - row.count(None)  # its own entry is None

    # --- scoring (SI-6, SI-8) ---------------------------------------------------------------
    def _score(self, state: CompetitiveState, tick: int) -> Step[CompetitiveState]:
        result, scores = score_round(state)
        ready = Barrier.open(state.seats) if state.round < ROUNDS else state.ready  # for the summary
        new = replace(state, scores=scores, owed=list(result.catch_up), history=[*state.history, result], ready=ready)
        revealed = [Revealed(s, "character", result.board[key - 1]) for s, key in enumerate(result.keys)]
        return Step(new, (*revealed, RoundScored(result)))

    @staticmethod
    def _after_scoring(state: CompetitiveState) -> SIPhase:
        if state.round >= ROUNDS:
            return SIPhase.OVER
        return SIPhase.CATCH_UP if any(state.owed) else SIPhase.SUMMARY

    # --- end ---------------------------------------------------------------------------
    def outcome(self, state: CompetitiveState) -> Outcome | None:
        return final_outcome(state) if state.phase == SIPhase.OVER else None

    # --- information (competitive_view.py) ----------------------------------------------
    def view(self, state: CompetitiveState, seat: int | None) -> CompetitiveView:
        return self.views.view(state, seat)

    def secrets(self, state: CompetitiveState, seat: int) -> Iterator[tuple[str, object]]:
        return view_secrets(state, seat)

    def invariants(self, state: CompetitiveState) -> None:
        placed = [p.card for clue in state.clues for p in clue]
        if state.hands:
            check_cards_conserved(state.all_cards, *state.hands, placed, state.discard, state.unused_cards)
        assert len(state.board) == len(set(state.board)), "a character is on the board twice"
        assert not set(state.board) & set(state.pool), "a board character is still in the pool"
        assert not set(state.used) & (set(state.board) | set(state.pool)), "a used character came back (SI-1)"
        # SI-6: scores are exactly the sum of correct guesses both ways.
        expected = [0] * state.seats
        for result in state.history:
            for s in range(state.seats):
                assert result.points[s] == result.guessed_by[s] + result.found[s]
                expected[s] += result.points[s]
        assert expected == state.scores, "scores differ from the sum of correct guesses"
        assert sum(sum(r.found) for r in state.history) == sum(sum(r.guessed_by) for r in state.history)
        if state.phase in (SIPhase.CLUES, SIPhase.VOTE):
            assert sorted(state.keys) == sorted(set(state.keys)), "two seats share a key (SI-2)"
            assert all(len(clue) <= 3 for clue in state.clues)
        for row_seat, row in enumerate(state.votes.rows):
            numbers = [n for t, n in enumerate(row) if t != row_seat and n is not None]
            assert len(numbers) == len(set(numbers)), "a voter used a number twice (SI-5)"
