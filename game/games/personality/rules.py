"""Personality rules (RULES.md PE-1..PE-13), pure.

A turn: the reader plays a card (PE-2), everyone votes in secret for the player it fits
with a bet (PE-3); a unique plurality of at least 2 elects (PE-4), nobody at 2 sends the
card under the deck (PE-5), a tie opens a debate and a second vote without bets (PE-6).
Moves resolve square by square onto the board, which is catalogue data (PE-12); special
landings (PE-7..PE-9) and the endgame (PE-11) follow in seat order from the reader
(PE-10).

Our readings where the printed rules are silent (each cited where it applies):
- A reader with an empty hand draws one card before reading; with the deck empty too,
  the match ends and the furthest players win ("deck_out").
- Exchanges (PE-4) follow only a first-round election, not a second vote (PE-6).
- Inversion (PE-9) needs at least two played cards; cards not elected go back to their
  players' hands (so an Inversion costs only the card it gives).
- A Tête-à-tête pair lasts for the next vote including its second round.
- A contest (PE-11) upholds the gift when the receiver is among the most voted players;
  otherwise the card goes to the unique most voted player (under the deck on a tie).
  Every contest of a gift is voted; the candidate wins only if all are upheld.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from ...core.engine import Countdown, GameDefinition, Outcome, SeatView, chance_action, clone, take_chance
from ...core.rng import Rng
from .catalogue import Board, PECatalogue

HAND = 7              # PE-1
TOKENS = 2            # PE-1: two bet tokens, all back after each vote (PE-3)
BETS = (1, 2, 3)      # PE-3: neutral, one token, both tokens
MAX_GIFTS = 3         # PE-11
TICKS_PER_SECOND = 60

# Phases. "deal" waits for chance; "over" ends the match.
DEAL, READ, VOTE, DEBATE, REVOTE, EXCHANGE, PARTNER, PLAY, GIVE, RESPOND, CONTEST, OVER = (
    "deal", "read", "vote", "debate", "revote", "exchange", "partner", "play", "give", "respond", "contest", "over")


#: PEState fields the rules only ever replace (never change in place): ``apply``'s
#: clone shares them with the state it was given.
REPLACED_FIELDS = frozenset({"pool", "result", "contest_result", "candidates", "voters", "judges", "exchangers"})
#: ... and ``events``, which a player's action or a timeout starts afresh.
REPLACED_ON_ACTION = REPLACED_FIELDS | {"events"}


@dataclass
class PEState:
    seats: int
    rng: Rng
    board: Board
    pool: tuple[str, ...]                      # every card of this match (family filter applied)
    debate_ticks: int
    phase: str = DEAL
    deck: list[str] = field(default_factory=list)          # top is deck[0]
    hands: list[list[str]] = field(default_factory=list)
    received: list[list[str]] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)        # free tokens per seat
    reader: int = 0
    turn: int = 0
    #: "normal" (a reader's card, players are candidates) or "inversion" (PE-9).
    vote_kind: str = "normal"
    table: list[str] = field(default_factory=list)          # the read card (normal turns)
    target: int | None = None                               # the Inversion player
    played: dict[int, str] = field(default_factory=dict)    # Inversion: seat -> card
    candidates: list[Any] = field(default_factory=list)     # seats or card ids
    voters: list[int] = field(default_factory=list)
    votes: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: Tête-à-tête pairs for the next vote: [captain, partner] (PE-8).
    pairs: list[list[int]] = field(default_factory=list)
    debate_started: int = 0
    ready: list[int] = field(default_factory=list)
    exchangers: list[int] = field(default_factory=list)
    exchanges: dict[int, str | None] = field(default_factory=dict)
    landings: list[list[Any]] = field(default_factory=list)  # [seat, kind] queue (PE-10)
    inversions: list[int] = field(default_factory=list)      # targets waiting for their round
    chooser: int | None = None                               # who picks a partner now
    giver: int | None = None                                 # the endgame candidate (PE-11)
    gifts: list[dict[str, Any]] = field(default_factory=list)  # {card, to, answer, placed}
    gift_count: int = 0
    contest: int | None = None                               # index in gifts being voted
    judges: list[int] = field(default_factory=list)
    judgements: dict[int, int] = field(default_factory=dict)
    failed: bool = False
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    #: Public record of the last resolved vote, for the reveal (see view.py).
    result: dict[str, Any] | None = None
    contest_result: dict[str, Any] | None = None
    #: Public log of what happened since the last player action, for animations.
    events: list[dict[str, Any]] = field(default_factory=list)
    elections: int = 0
    #: Session tick of the last action applied (countdowns start from it).
    clock: int = 0


class PersonalityGame(GameDefinition):
    id = "personality"
    min_seats = 3
    max_seats = 6
    options = {"family": True, "debate_seconds": 60}

    def __init__(self, catalogue: PECatalogue) -> None:
        self.catalogue = catalogue

    # --- set-up ------------------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> PEState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Personality needs {self.min_seats}..{self.max_seats} seats")
        pool = self.catalogue.deck_ids(bool(config.get("family", True)))
        if len(pool) < HAND * seats + 10:
            raise ValueError("not enough cards for this table")
        seconds = float(config.get("debate_seconds", 60))
        ticks = int(round(seconds * TICKS_PER_SECOND * float(config.get("timer_scale", 1.0))))
        return PEState(seats=seats, rng=rng, board=self.catalogue.board, pool=pool, debate_ticks=ticks,
                       hands=[[] for _ in range(seats)], received=[[] for _ in range(seats)],
                       positions=[0] * seats, tokens=[TOKENS] * seats)

    def chance(self, state: PEState) -> Action | None:
        if state.phase != DEAL:
            return None
        return chance_action(state.rng, lambda rng: {"deck": rng.shuffled(state.pool)})

    def countdown(self, state: PEState) -> Countdown | None:
        if state.phase != DEBATE:
            return None
        return Countdown("debate", state.debate_started, state.debate_ticks)

    # --- who acts ----------------------------------------------------------------------
    def current(self, state: PEState) -> frozenset[int]:
        phase = state.phase
        if phase == READ:
            return frozenset({state.reader})
        if phase in (VOTE, REVOTE):
            return frozenset(s for s in state.voters if s not in state.votes)
        if phase == DEBATE:
            return frozenset(s for s in range(state.seats) if s not in state.ready)
        if phase == EXCHANGE:
            return frozenset(s for s in state.exchangers if s not in state.exchanges)
        if phase == PARTNER:
            return frozenset({state.chooser})
        if phase == PLAY:
            return frozenset(s for s in self._players(state) if s not in state.played)
        if phase == GIVE:
            return frozenset({state.giver})
        if phase == RESPOND:
            return frozenset(g["to"] for g in state.gifts if g["answer"] is None)
        if phase == CONTEST:
            return frozenset(s for s in state.judges if s not in state.judgements)
        return frozenset()

    def legal(self, state: PEState, seat: int) -> list[Action]:
        if seat not in self.current(state):
            return []
        phase = state.phase
        if phase == READ:
            return [Action("read", seat, {"card": c}) for c in state.hands[seat]]
        if phase in (VOTE, REVOTE):
            bets = BETS if phase == VOTE else (1,)
            return [Action("vote", seat, {"choice": c, "bet": b}) for c in self.choices(state, seat) for b in bets]
        if phase == DEBATE:
            return [Action("ready", seat)]
        if phase == EXCHANGE:
            return [Action("exchange", seat, {"card": None})] + [
                Action("exchange", seat, {"card": c}) for c in state.hands[seat]]
        if phase == PARTNER:
            return [Action("partner", seat, {"partner": p}) for p in self.partners(state, seat)]
        if phase == PLAY:
            return [Action("play", seat, {"card": c}) for c in state.hands[seat]]
        if phase == GIVE:
            return [Action("give", seat, {"card": c, "to": to})
                    for c in state.hands[seat] for to in self.receivers(state)]
        if phase == RESPOND:
            return [Action("accept", seat), Action("contest", seat)]
        if phase == CONTEST:
            return [Action("judge", seat, {"choice": c}) for c in self.judge_choices(state)]
        return []

    # --- helpers that views and bots share -----------------------------------------------
    def choices(self, state: PEState, seat: int) -> list[Any]:
        """What ``seat`` may vote for now: any candidate, but never one's own (or one's
        partner's) Inversion card (PE-9)."""
        if state.vote_kind != "inversion":
            return list(state.candidates)
        own = {state.played.get(s) for s in _team(state, seat)}
        return [c for c in state.candidates if c not in own]

    def partners(self, state: PEState, seat: int) -> list[int]:
        paired = {s for pair in state.pairs for s in pair}
        return [s for s in range(state.seats) if s != seat and s not in paired]

    def receivers(self, state: PEState) -> list[int]:
        given = {g["to"] for g in state.gifts}
        return [s for s in range(state.seats) if s != state.giver and s not in given]

    def judge_choices(self, state: PEState) -> list[int]:
        return [s for s in range(state.seats) if s != state.giver]

    # --- applying ------------------------------------------------------------------------
    def apply(self, state: PEState, action: Action) -> PEState:
        kind = action.kind
        if kind == CHANCE:
            if state.phase != DEAL:
                raise IllegalAction("not_dealing")
            return self._deal(state, action)
        if kind == TIMEOUT:
            if state.phase != DEBATE or action.data.get("timer") != "debate":
                raise IllegalAction("no_countdown")
            new = clone(state, REPLACED_ON_ACTION)
            new.events = []
            new.clock = action.tick
            self._start_revote(new)
            return new
        seat = action.seat
        if seat is None or seat not in self.current(state):
            raise IllegalAction("not_your_turn", f"{kind} by {seat} in {state.phase}")
        handler = _HANDLERS.get((state.phase, kind))
        if handler is None:
            raise IllegalAction("wrong_phase", f"{kind} in {state.phase}")
        new = clone(state, REPLACED_ON_ACTION)
        new.events = []
        new.clock = action.tick
        handler(self, new, seat, action.data)
        return new

    def _deal(self, state: PEState, action: Action) -> PEState:
        deck = list(action.data.get("deck", []))
        if sorted(deck) != sorted(state.pool):
            raise IllegalAction("bad_deal", "the deal is not a shuffle of the pool")
        new = clone(state, REPLACED_FIELDS)
        new.rng = take_chance(action)
        new.clock = action.tick
        new.deck = deck
        for seat in range(new.seats):                       # PE-1
            _draw(new, seat, HAND)
        _start_turn(new)
        return new

    # PE-2
    def _read(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        card = data.get("card")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        state.hands[seat].remove(card)
        state.table = [card]
        state.vote_kind = "normal"
        state.events.append({"kind": "read", "seat": seat, "card": card})
        _open_vote(state, VOTE, list(range(state.seats)), self)

    # PE-3 / PE-6 second round
    def _vote(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        choice = data.get("choice")
        bet = data.get("bet", 1)
        if choice not in self.choices(state, seat):
            raise IllegalAction("bad_choice", repr(choice))
        allowed = BETS if state.phase == VOTE else (1,)
        if not isinstance(bet, int) or isinstance(bet, bool) or bet not in allowed:
            raise IllegalAction("bad_bet", repr(bet))
        state.votes[seat] = {"choice": choice, "bet": bet}
        state.tokens[seat] -= bet - 1
        if all(s in state.votes for s in state.voters):
            if state.phase == VOTE:
                self._resolve_first(state)
            else:
                self._resolve_second(state)

    def _counts(self, state: PEState) -> dict[Any, int]:
        counts = {c: 0 for c in state.candidates}
        for voter, vote in state.votes.items():
            counts[vote["choice"]] += len(_team(state, voter))   # PE-8: a pair's vote counts twice
        return counts

    def _resolve_first(self, state: PEState) -> None:
        counts = self._counts(state)
        top = max(counts.values(), default=0)
        leaders = [c for c, n in counts.items() if n == top]
        record = self._record(state, VOTE, counts)
        if top < 2:                                              # PE-5
            record["outcome"] = "none"
            self._discard_table(state, reader_draws=state.vote_kind == "normal")
            _return_tokens(state)
            state.result = record
            self._finish_vote(state)
            return
        if len(leaders) > 1:                                     # PE-6
            record["outcome"] = "tie"
            record["tied"] = leaders
            state.result = record
            _return_tokens(state)
            state.phase = DEBATE
            state.candidates = leaders
            state.ready = []
            state.debate_started = state.clock
            return
        elected = leaders[0]                                     # PE-4
        record["outcome"] = "elected"
        record["elected"] = elected
        self._give_elected_card(state, elected)
        deltas: dict[int, int] = {}
        for voter, vote in state.votes.items():
            step = vote["bet"] if vote["choice"] == elected else -vote["bet"]
            for s in _team(state, voter):
                deltas[s] = step
        record["moves"] = _move(state, deltas)
        state.result = record
        _return_tokens(state)
        state.elections += 1
        state.exchangers = [s for s in _seat_order(state) if deltas.get(s, 0) > 0 and state.hands[s] and state.deck]
        state.exchanges = {}
        if state.exchangers:
            state.phase = EXCHANGE
            return
        self._finish_vote(state)

    def _resolve_second(self, state: PEState) -> None:
        counts = self._counts(state)
        top = max(counts.values(), default=0)
        leaders = [c for c, n in counts.items() if n == top]
        record = self._record(state, REVOTE, counts)
        if top == 0 or len(leaders) > 1:                          # PE-6: still tied
            record["outcome"] = "none"
            self._discard_table(state, reader_draws=False)
            state.result = record
            self._finish_vote(state)
            return
        elected = leaders[0]
        record["outcome"] = "elected"
        record["elected"] = elected
        self._give_elected_card(state, elected)
        deltas = {}
        for voter, vote in state.votes.items():
            if vote["choice"] == elected:
                for s in _team(state, voter):
                    deltas[s] = 1
        record["moves"] = _move(state, deltas)
        state.result = record
        state.elections += 1
        self._finish_vote(state)

    def _record(self, state: PEState, stage: str, counts: Mapping[Any, int]) -> dict[str, Any]:
        return {
            "kind": state.vote_kind, "stage": stage, "turn": state.turn,
            "card": state.table[0] if state.vote_kind == "normal" else None,
            "target": state.target,
            "votes": {s: dict(v) for s, v in sorted(state.votes.items())},
            "pairs": [list(p) for p in state.pairs],
            "counts": [[c, n] for c, n in counts.items()],
            "owners": {card: s for s, card in sorted(state.played.items())},
            "moves": [], "outcome": "", "elected": None, "tied": [],
        }

    def _give_elected_card(self, state: PEState, elected: Any) -> None:
        if state.vote_kind == "normal":
            state.received[elected].append(state.table.pop())
            return
        state.received[state.target].append(elected)             # PE-9
        for seat, card in sorted(state.played.items()):
            if card != elected:
                state.hands[seat].append(card)
        state.played = {}

    def _discard_table(self, state: PEState, reader_draws: bool) -> None:
        if state.vote_kind == "normal":
            state.deck.extend(state.table)
            state.table = []
            if reader_draws:                                     # PE-5
                _draw(state, state.reader, 1)
        else:
            for seat, card in sorted(state.played.items()):
                state.hands[seat].append(card)
            state.played = {}

    def _start_revote(self, state: PEState) -> None:
        _open_vote(state, REVOTE, list(state.candidates), self)

    def _ready(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        state.ready.append(seat)
        if len(state.ready) == state.seats:                      # PE-6: consensus skips the debate
            self._start_revote(state)

    # PE-4 exchange
    def _exchange(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        card = data.get("card")
        if card is not None and card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        state.exchanges[seat] = card
        if len(state.exchanges) < len(state.exchangers):
            return
        swapped = []
        for s in state.exchangers:
            out = state.exchanges[s]
            if out is None:
                continue
            state.hands[s].remove(out)
            state.deck.append(out)
            _draw(state, s, 1)
            swapped.append(s)
        state.events.append({"kind": "exchanged", "seats": swapped})
        state.exchangers = []
        state.exchanges = {}
        self._finish_vote(state)

    def _finish_vote(self, state: PEState) -> None:
        """After a vote: pairs are spent (PE-8), landings resolve (PE-10)."""
        state.pairs = []
        state.votes = {}
        state.voters = []
        state.candidates = []
        state.ready = []
        _process_landings(self, state)

    # PE-8
    def _partner(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        partner = data.get("partner")
        if partner not in self.partners(state, seat):
            raise IllegalAction("bad_partner", repr(partner))
        state.pairs.append([seat, partner])
        state.events.append({"kind": "pair", "seat": seat, "partner": partner})
        state.chooser = None
        _process_landings(self, state)

    # PE-9
    def _play(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        card = data.get("card")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        state.hands[seat].remove(card)
        state.played[seat] = card
        if all(s in state.played for s in self._players(state)):
            _open_vote(state, VOTE, sorted(state.played.values()), self)

    def _players(self, state: PEState) -> list[int]:
        """Who plays a card in the Inversion round: everyone else who has one."""
        return [s for s in range(state.seats) if s != state.target and (state.hands[s] or s in state.played)]

    # PE-11
    def _give(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        card, to = data.get("card"), data.get("to")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        if to not in self.receivers(state):
            raise IllegalAction("bad_receiver", repr(to))
        state.hands[seat].remove(card)
        state.gifts.append({"card": card, "to": to, "answer": None, "placed": False})
        if len(state.gifts) == state.gift_count:
            state.phase = RESPOND

    def _answer(self, state: PEState, seat: int, answer: str) -> None:
        gift = next(g for g in state.gifts if g["to"] == seat)
        gift["answer"] = answer
        if answer == "accept":
            state.received[seat].append(gift["card"])
            gift["placed"] = True
        if any(g["answer"] is None for g in state.gifts):
            return
        self._next_contest(state)

    def _accept(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        self._answer(state, seat, "accept")

    def _contest(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        self._answer(state, seat, "contest")

    def _next_contest(self, state: PEState) -> None:
        for index, gift in enumerate(state.gifts):
            if not gift["placed"]:
                state.contest = index
                state.judges = [s for s in _seat_order(state) if s not in (state.giver, gift["to"])]
                state.judgements = {}
                state.phase = CONTEST
                return
        self._end_endgame(state)

    def _judge(self, state: PEState, seat: int, data: Mapping[str, Any]) -> None:
        choice = data.get("choice")
        if choice not in self.judge_choices(state):
            raise IllegalAction("bad_choice", repr(choice))
        state.judgements[seat] = choice
        if len(state.judgements) < len(state.judges):
            return
        gift = state.gifts[state.contest]
        counts: dict[int, int] = {}
        for choice in state.judgements.values():
            counts[choice] = counts.get(choice, 0) + 1
        top = max(counts.values())
        leaders = sorted(s for s, n in counts.items() if n == top)
        upheld = gift["to"] in leaders
        if upheld:
            state.received[gift["to"]].append(gift["card"])
            goes_to = gift["to"]
        elif len(leaders) == 1:
            state.received[leaders[0]].append(gift["card"])
            goes_to = leaders[0]
        else:
            state.deck.append(gift["card"])
            goes_to = None
        gift["placed"] = True
        state.failed = state.failed or not upheld
        state.contest_result = {"giver": state.giver, "receiver": gift["to"], "card": gift["card"],
                                "judgements": dict(sorted(state.judgements.items())),
                                "upheld": upheld, "goes_to": goes_to}
        state.contest = None
        state.judges = []
        state.judgements = {}
        self._next_contest(state)

    def _end_endgame(self, state: PEState) -> None:
        giver = state.giver
        if state.failed:
            before = state.positions[giver]
            state.positions[giver] = state.board.door
            _draw(state, giver, HAND - len(state.hands[giver]))
            state.events.append({"kind": "door", "seat": giver, "from": before, "to": state.board.door})
        else:
            state.winners.append(giver)
            state.events.append({"kind": "win", "seat": giver})
        state.events.append({"kind": "endgame", "seat": giver, "won": not state.failed})
        state.giver = None
        state.gifts = []
        state.gift_count = 0
        state.failed = False
        _process_landings(self, state)

    # --- outcome, views --------------------------------------------------------------------
    def outcome(self, state: PEState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = {s: state.positions[s] for s in range(state.seats)}
        bonus = {s: 1 if s in state.winners else 0 for s in range(state.seats)}
        return Outcome(scores=scores, winners=tuple(sorted(state.winners)),
                       ranks=Outcome.ranks_from_scores({s: bonus[s] for s in scores}, scores),
                       reason=state.end_reason,
                       measures={"turns": float(state.turn), "elections": float(state.elections)})

    def view(self, state: PEState, seat: int | None) -> SeatView:
        from .view import private_view, public_view

        public = public_view(self, state)
        return SeatView(seat, public, None if seat is None else private_view(self, state, seat))

    def secrets(self, state: PEState, seat: int):
        from .view import secret_fields

        return secret_fields(state, seat)

    def invariants(self, state: PEState) -> None:
        if state.phase == DEAL:
            return
        places = list(state.deck) + list(state.table) + list(state.played.values())
        for hand in state.hands:
            places += hand
        for pile in state.received:
            places += pile
        places += [g["card"] for g in state.gifts if not g["placed"]]
        assert sorted(places) == sorted(state.pool), "cards are not conserved"
        assert all(0 <= p < state.board.length for p in state.positions), "a mask is off the board"
        for s in range(state.seats):
            staked = state.votes[s]["bet"] - 1 if s in state.votes and state.phase == VOTE else 0
            assert state.tokens[s] + staked == TOKENS, f"seat {s} has lost a token"
        assert all(0 <= s < state.seats for s in state.winners)
        assert len({s for pair in state.pairs for s in pair}) == 2 * len(state.pairs), "a seat is in two pairs"


_HANDLERS = {
    (READ, "read"): PersonalityGame._read,
    (VOTE, "vote"): PersonalityGame._vote,
    (REVOTE, "vote"): PersonalityGame._vote,
    (DEBATE, "ready"): PersonalityGame._ready,
    (EXCHANGE, "exchange"): PersonalityGame._exchange,
    (PARTNER, "partner"): PersonalityGame._partner,
    (PLAY, "play"): PersonalityGame._play,
    (GIVE, "give"): PersonalityGame._give,
    (RESPOND, "accept"): PersonalityGame._accept,
    (RESPOND, "contest"): PersonalityGame._contest,
    (CONTEST, "judge"): PersonalityGame._judge,
}


# --- state helpers (all mutate the fresh clone they are given) ---------------------------------
def _team(state: PEState, seat: int) -> list[int]:
    """The seats a vote by ``seat`` speaks for: itself, plus its partner if it captains a pair."""
    for captain, partner in state.pairs:
        if captain == seat:
            return [seat, partner]
    return [seat]


def _seat_order(state: PEState) -> list[int]:
    """Seats in table order starting from the reader (PE-10)."""
    return [(state.reader + i) % state.seats for i in range(state.seats)]


def _draw(state: PEState, seat: int, count: int) -> None:
    for _ in range(max(0, count)):
        if not state.deck:
            return
        state.hands[seat].append(state.deck.pop(0))


def _return_tokens(state: PEState) -> None:
    state.tokens = [TOKENS] * state.seats


def _open_vote(state: PEState, phase: str, candidates: list[Any], game: PersonalityGame) -> None:
    """Start a secret vote: partners do not vote (their captain does, PE-8), and a seat
    with nothing it may choose (only its own Inversion cards) sits it out."""
    state.phase = phase
    state.candidates = candidates
    state.votes = {}
    partners = {partner for _captain, partner in state.pairs}
    state.voters = [s for s in range(state.seats) if s not in partners and game.choices(state, s)]
    if not state.voters:
        game._resolve_first(state) if phase == VOTE else game._resolve_second(state)


def _move(state: PEState, deltas: Mapping[int, int]) -> list[dict[str, Any]]:
    """Move masks by ``deltas`` (PE-4); falls into the Gouffre (PE-7); queue landings
    on special squares in seat order from the reader (PE-10)."""
    board = state.board
    moves = []
    for seat in _seat_order(state):
        delta = deltas.get(seat, 0)
        if delta == 0:
            continue
        start = state.positions[seat]
        end = start + delta
        fell = end < 0
        if fell:                                                  # PE-7
            end = board.gouffre_restart
            _draw(state, seat, board.gouffre_refill - len(state.hands[seat]))
        end = min(end, board.summit)
        state.positions[seat] = end
        moves.append({"seat": seat, "from": start, "to": end, "delta": delta, "fell": fell})
        kind = board.kind(end)
        if not fell and end != start and kind in ("tete_a_tete", "inversion", "summit"):
            state.landings.append([seat, kind])
    return moves


def _process_landings(game: PersonalityGame, state: PEState) -> None:
    """Resolve queued landings one by one; stop when one needs a player's choice."""
    while state.landings:
        seat, kind = state.landings.pop(0)
        state.events.append({"kind": "landing", "seat": seat, "square": kind})
        if kind == "tete_a_tete":                                 # PE-8
            if any(seat in pair for pair in state.pairs) or not game.partners(state, seat):
                continue
            state.chooser = seat
            state.phase = PARTNER
            return
        if kind == "inversion":                                   # PE-9: before the next turn
            state.inversions.append(seat)
            continue
        if not state.hands[seat]:                                 # PE-11: empty hand wins at once
            state.winners.append(seat)
            state.events.append({"kind": "win", "seat": seat})
            continue
        state.giver = seat
        state.gifts = []
        state.gift_count = min(MAX_GIFTS, len(state.hands[seat]), state.seats - 1)
        state.failed = False
        state.phase = GIVE
        return
    if state.winners:
        state.phase = OVER
        state.end_reason = "summit"
        return
    if state.vote_kind == "normal":
        state.reader = (state.reader + 1) % state.seats
        state.turn += 1
    _start_turn(state)


def _start_turn(state: PEState) -> None:
    state.vote_kind = "normal"
    state.target = None
    state.played = {}
    state.table = []
    while state.inversions:                                       # PE-9
        target = state.inversions.pop(0)
        players = [s for s in range(state.seats) if s != target and state.hands[s]]
        if len(players) >= 2:
            state.vote_kind = "inversion"
            state.target = target
            state.phase = PLAY
            state.events.append({"kind": "inversion", "seat": target})
            return
    if not state.hands[state.reader]:                            # our reading: draw one to read
        _draw(state, state.reader, 1)
    if not state.hands[state.reader]:
        best = max(state.positions)
        state.winners = [s for s in range(state.seats) if state.positions[s] == best]
        state.end_reason = "deck_out"
        state.phase = OVER
        return
    state.phase = READ
