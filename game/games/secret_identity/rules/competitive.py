"""Secret Identity, competitive (3–8 seats, 4 rounds): rulings SI-1..SI-9.

Phases of a round::

    board (chance) -> round_start (SI-3 replacements + ready; "replace" chance)
    -> keys (chance) -> clues (simultaneous) -> vote (simultaneous)
    -> scoring -> catch_up (chance, SI-8) -> summary (ready) -> next round | over

``deal`` (chance) runs once before round 1. Chance actions carry their outcome in the
data, so a log replays without the generator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from ....core.actions import Action, IllegalAction
from ....core.engine import Outcome, SeatView, chance_action
from ....core.rng import Rng
from .view import (
    CompetitivePrivate,
    CompetitivePublic,
    MyVotes,
    RoundResult,
    SeatPublic,
    track_position,
)
from .links import clue_links
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

ROUNDS = 4
HAND_SIZE = 10  # SI-4
CATCH_UP_GAP = 10  # SI-8: "more than 10 points behind the leader"
CATCH_UP_CARDS = 2
#: Phases after the scoring, while the round's characters are revealed.
REVEALED = ("catch_up", "summary", "over")
#: Characters a match needs at the least: 8 fresh ones per round (SI-1).
MIN_CHARACTERS = ROUNDS * SLOTS


@dataclass
class CompetitiveState:
    seats: int
    rng: Rng
    replacements_per_round: int
    catch_up: bool
    all_cards: list[str]
    #: Characters not dealt yet (SI-1: used ones never come back).
    pool: list[str]
    used: list[str] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    unused_cards: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    clues: list[list[Placement]] = field(default_factory=list)
    confirmed: list[bool] = field(default_factory=list)
    #: Mystery key per seat, 1–8 (0 before the keys are dealt).
    keys: list[int] = field(default_factory=list)
    #: votes[voter][target] = number 1–8, or None.
    votes: list[list[int | None]] = field(default_factory=list)
    ready: list[bool] = field(default_factory=list)
    replaced: list[int] = field(default_factory=list)
    pending_replace: int | None = None
    phase: str = "deal"
    round: int = 0
    scores: list[int] = field(default_factory=list)
    history: list[RoundResult] = field(default_factory=list)
    #: SI-8 cards owed after this round's scoring, per seat (settled by chance).
    owed: list[int] = field(default_factory=list)


class CompetitiveRules(SecretIdentityRules):
    id = "secret_identity"
    options = {"replacements_per_round": 3, "catch_up": True, "family": True, "connoisseurs": False}

    def __init__(self, catalogue: Any) -> None:
        super().__init__(catalogue)
        self._votes: dict[tuple[int, int, int], Action] = {}

    # --- set-up ------------------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> CompetitiveState:
        seats, pool, cards = self.check_table(config, MIN_CHARACTERS, f"4 rounds need {MIN_CHARACTERS}",
                                              lambda seats: HAND_SIZE)
        return CompetitiveState(
            seats=seats,
            rng=rng,
            replacements_per_round=int(config.get("replacements_per_round", 3)),
            catch_up=bool(config.get("catch_up", True)),
            all_cards=cards,
            pool=pool,
            scores=[0] * seats,
        )

    # --- flow --------------------------------------------------------------------------
    def current(self, state: CompetitiveState) -> frozenset[int]:
        everyone = range(state.seats)
        if state.phase in ("round_start", "summary"):
            return frozenset(s for s in everyone if not state.ready[s])
        if state.phase == "clues":
            return frozenset(s for s in everyone if not state.confirmed[s])
        if state.phase == "vote":
            return frozenset(s for s in everyone if not self._voted_all(state, s))
        return frozenset()

    def chance(self, state: CompetitiveState) -> Action | None:
        draw = {
            "deal": lambda rng: {"deal": deal_hands(rng, state.all_cards, state.seats, HAND_SIZE)},
            "board": lambda rng: {"board": rng.sample(state.pool, SLOTS)},
            "replace": lambda rng: {"replace": state.pending_replace, "character": rng.choice(state.pool)},
            "keys": lambda rng: {"keys": rng.sample(list(range(1, SLOTS + 1)), state.seats)},  # SI-2
            "catch_up": lambda rng: {"catch_up": self._draw_catch_up(rng, state)},
        }.get(state.phase)
        return None if draw is None else chance_action(state.rng, draw)

    @staticmethod
    def _draw_catch_up(rng: Rng, state: CompetitiveState) -> list[list[str]]:
        unused = rng.shuffled(state.unused_cards)
        dealt: list[list[str]] = []
        for owed in state.owed:
            dealt.append(sorted(unused[:owed]))
            unused = unused[owed:]
        return dealt

    def legal(self, state: CompetitiveState, seat: int) -> list[Action]:
        if seat not in self.current(state):
            return []
        if state.phase == "round_start":
            out = [Action("ready", seat)]
            if self._can_replace(state):
                out += [Action("replace", seat, {"slot": slot}) for slot in range(SLOTS) if slot not in state.replaced]
            return out
        if state.phase == "summary":
            return [Action("ready", seat)]
        if state.phase == "clues":
            return self.book.clue_actions(seat, state.hands[seat], state.clues[seat])
        if state.phase == "vote":
            mine = state.votes[seat]
            return [
                self._vote_action(seat, target, number)
                for target in range(state.seats)
                if target != seat and mine[target] is None
                for number in range(1, SLOTS + 1)
                if number not in mine
            ]
        return []

    def _vote_action(self, seat: int, target: int, number: int) -> Action:
        """The vote action (made once per rules object: ``legal`` lists dozens per move)."""
        key = (seat, target, number)
        action = self._votes.get(key)
        if action is None:
            action = self._votes[key] = Action("vote", seat, {"target": target, "number": number})
        return action

    def _check_seat(self, state: CompetitiveState, seat: int | None) -> None:
        """Moves are simultaneous: any seat of the table (the handlers check the phase)."""
        if seat is None or not 0 <= seat < state.seats:
            raise IllegalAction("bad_seat", repr(seat))

    # --- chance ------------------------------------------------------------------------
    def _apply_chance(self, state: CompetitiveState, data: Mapping[str, Any]) -> None:
        if state.phase == "deal":
            state.hands, state.unused_cards = take_deal(state.all_cards, data["deal"])
            state.phase = "board"
        elif state.phase == "board":
            board = list(data["board"])
            self._take_characters(state, board)
            state.board = board
            state.round += 1
            self._start_round(state)
        elif state.phase == "replace":
            slot, character = int(data["replace"]), str(data["character"])
            self._take_characters(state, [character])
            state.used = [*state.used, state.board[slot]]
            state.board = with_item(state.board, slot, character)
            state.replaced = [*state.replaced, slot]
            state.pending_replace = None
            state.phase = "round_start"
        elif state.phase == "keys":
            state.keys = [int(k) for k in data["keys"]]
            state.phase = "clues"
            # SI-4: a seat with no cards gives an empty clue, so it has nothing to build.
            state.confirmed = [not hand for hand in state.hands]
        elif state.phase == "catch_up":
            unused, hands = list(state.unused_cards), list(state.hands)
            for seat, cards in enumerate(data["catch_up"]):
                for card in cards:
                    unused.remove(card)
                hands[seat] = sorted(hands[seat] + list(cards))
            state.unused_cards, state.hands = unused, hands
            state.owed = [0] * state.seats
            state.phase = "summary"
        else:
            raise IllegalAction("no_chance", state.phase)

    @staticmethod
    def _take_characters(state: CompetitiveState, characters: Iterable[str]) -> None:
        pool = list(state.pool)
        for character in characters:
            if character not in pool:
                raise IllegalAction("bad_chance", f"{character!r} is not in the pool")
            pool.remove(character)
        state.pool = pool

    def _start_round(self, state: CompetitiveState) -> None:
        n = state.seats
        state.phase = "round_start"
        state.ready = [False] * n
        state.replaced = []
        state.keys = [0] * n
        state.clues = [[] for _ in range(n)]
        state.confirmed = [False] * n
        state.votes = [[None] * n for _ in range(n)]

    # --- players' actions --------------------------------------------------------------
    @staticmethod
    def _can_replace(state: CompetitiveState) -> bool:
        """SI-3, up to the cap, and only from characters the later rounds can spare
        (a pool of just 32 with the family filter must still deal 8 every round, SI-1)."""
        spare = len(state.pool) - SLOTS * (ROUNDS - state.round)
        return len(state.replaced) < state.replacements_per_round and spare > 0

    def _replace(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        """SI-3: a public replacement of a character nobody knows, up to the option's cap."""
        slot = data.get("slot")
        if not isinstance(slot, int) or not 0 <= slot < SLOTS:
            raise IllegalAction("bad_slot", repr(slot))
        if not self._can_replace(state):
            raise IllegalAction("no_replacements", "this round's replacements are used up (SI-3)")
        if slot in state.replaced:
            raise IllegalAction("already_replaced", f"slot {slot + 1}")
        state.pending_replace = slot
        state.phase = "replace"

    def _ready(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        state.ready = with_item(state.ready, seat, True)
        if all(state.ready):
            if state.phase == "round_start":
                state.phase = "keys"
            else:
                self._next_round(state)

    def _place(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        self._edit_clue(state, seat, self.book.place, data)

    def _take_back(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        self._edit_clue(state, seat, self.book.take_back, data)

    @staticmethod
    def _edit_clue(state: CompetitiveState, seat: int, edit: Any, data: Mapping[str, Any]) -> None:
        """Place or take back on copies of the seat's hand and clue; unconfirms it."""
        hand, clue = list(state.hands[seat]), list(state.clues[seat])
        edit(hand, clue, data)
        state.hands = with_item(state.hands, seat, hand)
        state.clues = with_item(state.clues, seat, clue)
        state.confirmed = with_item(state.confirmed, seat, False)

    def _confirm(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        self.book.check_confirm(state.hands[seat], state.clues[seat])
        state.confirmed = with_item(state.confirmed, seat, True)
        if all(state.confirmed):
            state.phase = "vote"

    def _unconfirm(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        """Clues may change until every seat has confirmed."""
        if state.hands[seat] or state.clues[seat]:
            state.confirmed = with_item(state.confirmed, seat, False)

    def _vote(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        """SI-5: one vote per opponent, each number at most once; changeable until all voted."""
        target, number = data.get("target"), data.get("number")
        if not isinstance(target, int) or not 0 <= target < state.seats or target == seat:
            raise IllegalAction("bad_target", repr(target))
        if not isinstance(number, int) or not 1 <= number <= SLOTS:
            raise IllegalAction("bad_number", repr(number))
        mine = state.votes[seat]
        if any(n == number for t, n in enumerate(mine) if t != target):
            raise IllegalAction("number_used", "each number once per round (SI-5)")
        state.votes = with_item(state.votes, seat, with_item(mine, target, number))
        if all(self._voted_all(state, s) for s in range(state.seats)):
            self._score(state)

    def _unvote(self, state: CompetitiveState, seat: int, data: Mapping[str, Any]) -> None:
        target = data.get("target")
        if not isinstance(target, int) or not 0 <= target < state.seats or target == seat:
            raise IllegalAction("bad_target", repr(target))
        state.votes = with_item(state.votes, seat, with_item(state.votes[seat], target, None))

    @staticmethod
    def _voted_all(state: CompetitiveState, seat: int) -> bool:
        """Whether ``seat`` voted for every opponent: its own entry is the only None."""
        return state.votes[seat].count(None) == 1

    # --- scoring and round end ---------------------------------------------------------
    def _score(self, state: CompetitiveState) -> None:
        """SI-6: 1 point per opponent who found my character, 1 per character I found."""
        n = state.seats
        guessed_by = [sum(1 for v in range(n) if v != s and state.votes[v][s] == state.keys[s]) for s in range(n)]
        found = [sum(1 for t in range(n) if t != v and state.votes[v][t] == state.keys[t]) for v in range(n)]
        points = [guessed_by[s] + found[s] for s in range(n)]
        state.scores = [state.scores[s] + points[s] for s in range(n)]
        state.owed = self._catch_up_owed(state)
        state.history = [*state.history, RoundResult(
            round=state.round,
            board=tuple(state.board),
            keys=tuple(state.keys),
            votes=tuple(tuple(row) for row in state.votes),
            points=tuple(points),
            guessed_by=tuple(guessed_by),
            found=tuple(found),
            catch_up=tuple(state.owed),
        )]
        if state.round >= ROUNDS:
            state.phase = "over"
            return
        state.ready = [False] * n
        state.phase = "catch_up" if any(state.owed) else "summary"

    @staticmethod
    def _catch_up_owed(state: CompetitiveState) -> list[int]:
        """SI-8 (option): after rounds 1–3, 2 cards to each seat more than 10 behind."""
        owed = [0] * state.seats
        if not state.catch_up or state.round >= ROUNDS:
            return owed
        leader = max(state.scores)
        left = len(state.unused_cards)
        for seat in range(state.seats):
            if leader - state.scores[seat] > CATCH_UP_GAP and left:
                owed[seat] = min(CATCH_UP_CARDS, left)
                left -= owed[seat]
        return owed

    def _next_round(self, state: CompetitiveState) -> None:
        """SI-4 / SI-1: placed cards and this round's characters leave the match."""
        state.discard = state.discard + [p.card for clue in state.clues for p in clue]
        state.clues = [[] for _ in range(state.seats)]
        state.used = state.used + state.board
        state.board = []
        state.phase = "board"

    # --- end ---------------------------------------------------------------------------
    def outcome(self, state: CompetitiveState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = {s: state.scores[s] for s in range(state.seats)}
        cards_left = {s: len(state.hands[s]) for s in range(state.seats)}
        ranks = Outcome.ranks_from_scores(scores, cards_left)  # SI-9
        winners = tuple(s for s in scores if ranks[s] == 1)
        guesses = sum(state.seats - 1 for _ in state.history) * state.seats
        correct = sum(sum(r.found) for r in state.history)
        return Outcome(
            scores=scores,
            winners=winners,
            ranks=ranks,
            reason=decided_by(state),
            measures={"guess_accuracy": correct / guesses if guesses else 0.0},
        )

    # --- information -------------------------------------------------------------------
    def view(self, state: CompetitiveState, seat: int | None) -> SeatView:
        n = state.seats
        seats = []
        for s in range(n):
            tokens, marker = track_position(state.scores[s])
            seats.append(SeatPublic(
                score=state.scores[s],
                tokens=tokens,
                marker=marker,
                hand_count=len(state.hands[s]) if state.hands else 0,
                clue=shown(state.clues[s]) if state.clues else (),
                confirmed=bool(state.confirmed and state.confirmed[s]),
                votes_given=n - state.votes[s].count(None) if state.votes else 0,  # its own entry is None
                ready=bool(state.ready and state.ready[s]),
            ))
        public = CompetitivePublic(
            phase=state.phase,
            round=state.round,
            rounds=ROUNDS,
            board=tuple(state.board),
            replacements_left=(max(0, state.replacements_per_round - len(state.replaced))
                               if self._can_replace(state) else 0),
            replaced=tuple(state.replaced),
            seats=tuple(seats),
            last=state.history[-1] if state.history else None,
            round_points=tuple(r.points for r in state.history),
            decided_by=decided_by(state) if state.phase == "over" else "",
            clue_links=self._clue_links(state),
        )
        if seat is None:
            return SeatView(None, public)
        return SeatView(seat, public, CompetitivePrivate(
            my_key=self._secret_key(state, seat),
            hand=tuple(state.hands[seat]) if state.hands else (),
            placed=tuple(p.card for p in state.clues[seat]) if state.clues else (),
            my_votes=self._secret_votes(state, seat),
        ))

    def _clue_links(self, state: CompetitiveState) -> tuple:
        """Per seat, the words linking its clue to its character, once scored (the
        round's board, keys and clues stay until the next round starts)."""
        if state.phase not in REVEALED or not state.clues:
            return ()
        return tuple(clue_links(self.catalogue, shown(state.clues[s]), state.board[state.keys[s] - 1])
                     for s in range(state.seats))

    @staticmethod
    def _secret_key(state: CompetitiveState, seat: int) -> int | None:
        """SI-2: a seat's key is its own until the round is scored (then it is history)."""
        if state.phase in ("clues", "vote") and state.keys:
            return state.keys[seat]
        return None

    @staticmethod
    def _secret_votes(state: CompetitiveState, seat: int) -> MyVotes | None:
        if state.phase != "vote":
            return None
        return MyVotes(seat, tuple(state.votes[seat]))

    def secrets(self, state: CompetitiveState, seat: int) -> Iterable[tuple[str, Any]]:
        yield from seat_secrets(self._secret_key(state, seat), state.hands, seat)
        votes = self._secret_votes(state, seat)
        if votes is not None:
            yield "my_votes", votes

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
        if state.phase in ("clues", "vote"):
            assert sorted(state.keys) == sorted(set(state.keys)), "two seats share a key (SI-2)"
            for s, clue in enumerate(state.clues):
                assert len(clue) <= 3
        for row_seat, row in enumerate(state.votes):
            numbers = [n for t, n in enumerate(row) if t != row_seat and n is not None]
            assert len(numbers) == len(set(numbers)), "a voter used a number twice (SI-5)"


def decided_by(state: CompetitiveState) -> str:
    """SI-9: what separated the winners from the rest — "score", "cards" (most picto
    cards left among the tied leaders) or "shared" (still tied: shared victory)."""
    best = max(state.scores)
    leaders = [s for s in range(state.seats) if state.scores[s] == best]
    if len(leaders) == 1:
        return "score"
    most = max(len(state.hands[s]) for s in leaders)
    return "cards" if sum(1 for s in leaders if len(state.hands[s]) == most) == 1 else "shared"


CompetitiveRules.handlers = {
    ("round_start", "replace"): CompetitiveRules._replace,
    ("round_start", "ready"): CompetitiveRules._ready,
    ("summary", "ready"): CompetitiveRules._ready,
    ("clues", "place"): CompetitiveRules._place,
    ("clues", "take_back"): CompetitiveRules._take_back,
    ("clues", "confirm"): CompetitiveRules._confirm,
    ("clues", "unconfirm"): CompetitiveRules._unconfirm,
    ("vote", "vote"): CompetitiveRules._vote,
    ("vote", "unvote"): CompetitiveRules._unvote,
}
