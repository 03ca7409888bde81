"""Personality rules (PE-1..PE-18 in RULES.md and docs/rules.md), pure, on declared
phases (``game.core.phases``).

A turn: the reader plays a card (PE-2), everyone votes in secret for the player it fits
with a bet (PE-3); a unique plurality of at least 2 elects (PE-4), nobody at 2 sends the
card under the deck (PE-5), a tie opens a debate and a second vote without bets (PE-6).
Moves resolve square by square onto the board, which is catalogue data (PE-12); special
landings (PE-7..PE-9) and the endgame (PE-11) follow in seat order from the reader
(PE-10). Where the booklet is silent: PE-14..PE-18.

The phases (:class:`PEPhase`) declare their moves, who is active and the debate's
countdown. The gifts of the endgame end when all are given (``end_if``, ``next``);
elsewhere where a phase leads is decided by what resolves in it: a vote may elect, tie
or fail, and landings queue up (PE-10), so the handlers enter the next phase with
:meth:`PersonalityGame._enter`, which tells it as a ``PhaseStarted`` event.

The state is frozen: each step returns a new one (``replace``) with the events it caused
(``events.py``), sharing every pile it did not change (piles are tuples). Votes are a core :class:`~game.core.values.Ballot`, counted in
one place (:meth:`VoteBox.counts`, and the contest's ballot the same way). The state's
plain form is the one older saves hashed (:meth:`PEState.__plain__`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Iterable, Iterator, Mapping, Sequence, TypeVar

from ....core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from ....core.engine import Countdown, Outcome, SeatView, Step, chance_action, take_chance
from ....core.events import Event, MatchOver, PhaseStarted
from ....core.options import OptionSpec
from ....core.phases import Move, Phase, PhasedGame, Who, all_once, one
from ....core.rng import Rng
from ....core.values import Ballot
from .catalogue import Board, PECatalogue
from .events import (CardPlayed, CardRead, ContestResolved, EndgameOver, ExchangeChosen, Exchanged, GiftAnswered,
                     GiftGiven, InversionStarted, Judged, Landed, MaskMoved, Paired, PEEvent, ReadyPressed,
                     SentToDoor, VoteCast, VoteRevealed, Won)
from .view import (Candidate, ContestRecord, Gift, MaskMove, PEPhase, PEPrivate, PEPublic, Vote, VoteKind,
                   VoteRecord, private_view, public_view, secret_fields)

HAND = 7              # PE-1
TOKENS = 2            # PE-1: two bet tokens, all back after each vote (PE-3)
BETS = (1, 2, 3)      # PE-3: neutral, one token, both tokens
MAX_GIFTS = 3         # PE-11
TICKS_PER_SECOND = 60
FAMILY, DEBATE_SECONDS = "family", "debate_seconds"
T = TypeVar("T")


@dataclass(frozen=True)
class VoteBox:
    """A secret vote (PE-3, PE-6, PE-9): a ballot whose answers are the positions of
    ``candidates``, and each seat's bet. A Tête-à-tête captain's vote is cast on its
    partner's row too, so the tally counts the pair twice (PE-8)."""

    candidates: tuple[Candidate, ...]
    voters: tuple[int, ...]
    ballot: Ballot
    bets: tuple[int, ...]

    @classmethod
    def open(cls, seats: int, candidates: Sequence[Candidate], voters: Sequence[int]) -> "VoteBox":
        ballot = Ballot.open(seats, 1, range(len(candidates)))
        return cls(tuple(candidates), tuple(voters), ballot, (1,) * seats)

    def voted(self, seat: int) -> bool:
        return self.ballot.rows[seat][0] is not None

    @property
    def waiting(self) -> frozenset[int]:
        return frozenset(s for s in self.voters if not self.voted(s))

    def cast(self, team: Iterable[int], choice: Candidate, bet: int) -> "VoteBox":
        ballot, bets = self.ballot, list(self.bets)
        for seat in team:
            ballot = ballot.cast(seat, 0, self.candidates.index(choice))
            bets[seat] = bet
        return replace(self, ballot=ballot, bets=tuple(bets))

    def votes(self) -> dict[int, Vote]:
        """The voters' votes (a partner's is its captain's, so it is not listed)."""
        out: dict[int, Vote] = {}
        for seat in self.voters:
            answer = self.ballot.rows[seat][0]
            if answer is not None:
                out[seat] = Vote(self.candidates[answer], self.bets[seat])
        return out

    def counts(self) -> tuple[tuple[Candidate, int], ...]:
        """Votes per candidate, in candidate order (PE-4; a pair counts twice, PE-8)."""
        tally = self.ballot.tally(0)
        return tuple((c, tally[i]) for i, c in enumerate(self.candidates))


def leaders(counts: Sequence[tuple[Any, int]]) -> tuple[int, list[Any]]:
    """The highest count and who has it, in the counts' order."""
    top = max((n for _c, n in counts), default=0)
    return top, [c for c, n in counts if n == top]


@dataclass(frozen=True)
class PEState:
    """A match. Frozen: each step returns a new state (``replace``) sharing every part it
    did not change; piles are tuples, and the two per-seat choices are dicts that are
    only ever replaced, never changed."""

    seats: int
    rng: Rng
    board: Board
    pool: tuple[str, ...]                      # every card of this match (family filter applied)
    debate_ticks: int
    phase: PEPhase = PEPhase.DEAL
    deck: tuple[str, ...] = ()                 # top is deck[0]
    hands: tuple[tuple[str, ...], ...] = ()
    received: tuple[tuple[str, ...], ...] = ()
    positions: tuple[int, ...] = ()
    tokens: tuple[int, ...] = ()               # free tokens per seat
    reader: int = 0
    turn: int = 0
    vote_kind: VoteKind = VoteKind.NORMAL
    table: tuple[str, ...] = ()                # the read card (normal turns)
    target: int | None = None                  # the Inversion player
    played: Mapping[int, str] = field(default_factory=dict)    # Inversion: seat -> card
    candidates: tuple[Candidate, ...] = ()
    #: The vote under way, or the last one until the turn's vote is over.
    box: VoteBox | None = None
    #: Tête-à-tête pairs for the next vote: (captain, partner) (PE-8).
    pairs: tuple[tuple[int, int], ...] = ()
    debate_started: int = 0
    #: Seats ready to end the debate, in the order they said so. Not a core Barrier:
    #: saves hash this order.
    ready: tuple[int, ...] = ()
    exchangers: tuple[int, ...] = ()
    exchanges: Mapping[int, str | None] = field(default_factory=dict)
    landings: tuple[tuple[int, str], ...] = ()  # (seat, square) queue (PE-10)
    inversions: tuple[int, ...] = ()            # targets waiting for their round
    chooser: int | None = None                  # who picks a partner now
    giver: int | None = None                    # the endgame candidate (PE-11)
    gifts: tuple[Gift, ...] = ()
    gift_count: int = 0
    contest: int | None = None                  # index in gifts being voted
    judges: tuple[int, ...] = ()
    judging: Ballot | None = None               # the contest's vote (PE-11)
    failed: bool = False
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    #: Public record of the last resolved vote, for the reveal.
    result: VoteRecord | None = None
    contest_result: ContestRecord | None = None
    elections: int = 0
    #: Session tick of the last action applied (countdowns start from it).
    clock: int = 0
    #: The events of the action that made this state: only for the plain form, as the
    #: ``events`` list older states kept (the board reads the events ``step`` returns).
    told: tuple[PEEvent, ...] = ()

    # --- reading ---------------------------------------------------------------------------
    @property
    def voters(self) -> tuple[int, ...]:
        return () if self.box is None else self.box.voters

    def votes(self) -> dict[int, Vote]:
        return {} if self.box is None else self.box.votes()

    def has_voted(self, seat: int) -> bool:
        """``seat`` voted this round, itself or through its captain (PE-8)."""
        return self.box is not None and self.box.voted(seat)

    def judgements(self) -> dict[int, int]:
        if self.judging is None:
            return {}
        return {s: answer for s in self.judges if (answer := self.judging.rows[s][0]) is not None}

    def __plain__(self) -> dict[str, Any]:
        """The form older saves hashed: ``votes``/``voters``/``judgements`` as the dicts
        and lists they were, and the ``events`` list of the last action."""
        plain = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in ("box", "judging", "told")}
        plain["votes"] = self.votes()
        plain["voters"] = self.voters
        plain["judgements"] = self.judgements()
        plain["events"] = [entry for event in self.told if (entry := event.legacy()) is not None]
        return plain


class PersonalityGame(PhasedGame[PEState]):
    id = "personality"
    min_seats = 3
    max_seats = 6
    options = (
        OptionSpec(FAMILY, True, (True, False)),
        OptionSpec(DEBATE_SECONDS, 60, (30, 60, 90)),   # PE-6
    )
    not_now = "wrong_phase"

    def __init__(self, catalogue: PECatalogue) -> None:
        self.catalogue = catalogue
        super().__init__()

    def phases(self) -> Sequence[Phase[PEState]]:
        def vote(bets: tuple[int, ...]) -> Move[PEState]:
            return Move(self._vote, choices=lambda s, seat: (
                {"choice": c, "bet": b} for c in self.choices(s, seat) for b in bets))

        def hand(s: PEState, seat: int) -> Iterator[dict[str, Any]]:
            return ({"card": c} for c in s.hands[seat])

        voting: Who[PEState] = all_once(lambda s: s.box.waiting if s.box is not None else ())
        return (
            Phase(PEPhase.DEAL, {CHANCE: Move(self._deal)}, chance=self._shuffle),
            Phase(PEPhase.READ, {"read": Move(self._read, choices=hand)}, active=one(lambda s: s.reader),
                  refusal="not_your_turn"),
            Phase(PEPhase.VOTE, {"vote": vote(BETS)}, active=voting, refusal="not_your_turn"),
            Phase(PEPhase.DEBATE, {"ready": Move(self._ready, choices=lambda s, seat: ({},)),
                                   TIMEOUT: Move(self._debate_over)},
                  active=all_once(lambda s: (x for x in range(s.seats) if x not in s.ready)),
                  refusal="not_your_turn",
                  countdown=lambda s: Countdown("debate", s.debate_started, s.debate_ticks)),
            Phase(PEPhase.REVOTE, {"vote": vote((1,))}, active=voting, refusal="not_your_turn"),
            Phase(PEPhase.EXCHANGE, {"exchange": Move(self._exchange, choices=lambda s, seat: (
                {"card": None}, *hand(s, seat)))},
                active=all_once(lambda s: (x for x in s.exchangers if x not in s.exchanges)),
                refusal="not_your_turn"),
            Phase(PEPhase.PARTNER, {"partner": Move(self._partner, choices=lambda s, seat: (
                {"partner": p} for p in self.partners(s, seat)))}, active=one(lambda s: s.chooser),
                refusal="not_your_turn"),
            Phase(PEPhase.PLAY, {"play": Move(self._play, choices=hand)},
                  active=all_once(lambda s: (x for x in self._players(s) if x not in s.played)),
                  refusal="not_your_turn"),
            Phase(PEPhase.GIVE, {"give": Move(self._give, choices=lambda s, seat: (
                {"card": c, "to": to} for c in s.hands[seat] for to in self.receivers(s)))},
                active=one(lambda s: s.giver), refusal="not_your_turn",
                end_if=lambda s: len(s.gifts) == s.gift_count, next=PEPhase.RESPOND),
            Phase(PEPhase.RESPOND, {"accept": Move(self._accept, choices=lambda s, seat: ({},)),
                                    "contest": Move(self._contest, choices=lambda s, seat: ({},))},
                  active=all_once(lambda s: (g.to for g in s.gifts if g.answer is None)), refusal="not_your_turn"),
            Phase(PEPhase.CONTEST, {"judge": Move(self._judge, choices=lambda s, seat: (
                {"choice": c} for c in self.judge_choices(s)))},
                active=all_once(lambda s: (x for x in s.judges if x not in s.judgements())),
                refusal="not_your_turn"),
            Phase(PEPhase.OVER),
        )

    # --- set-up (PE-1) -----------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> PEState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Personality needs {self.min_seats}..{self.max_seats} seats")
        pool = self.catalogue.deck_ids(bool(self.option(config, FAMILY)))
        if len(pool) < HAND * seats + 10:
            raise ValueError("not enough cards for this table")
        seconds = float(self.option(config, DEBATE_SECONDS))
        ticks = int(round(seconds * TICKS_PER_SECOND * float(config.get("timer_scale", 1.0))))
        return PEState(seats=seats, rng=rng, board=self.catalogue.board, pool=pool, debate_ticks=ticks,
                       hands=((),) * seats, received=((),) * seats, positions=(0,) * seats,
                       tokens=(TOKENS,) * seats)

    def _shuffle(self, state: PEState) -> Action:
        return chance_action(state.rng, lambda rng: {"deck": rng.shuffled(state.pool)})

    # --- helpers that views and bots share -----------------------------------------------
    def choices(self, state: PEState, seat: int) -> list[Candidate]:
        """What ``seat`` may vote for now: any candidate, but never one's own (or one's
        partner's) Inversion card (PE-9)."""
        if state.vote_kind != VoteKind.INVERSION:
            return list(state.candidates)
        own = {state.played.get(s) for s in _team(state, seat)}
        return [c for c in state.candidates if c not in own]

    def partners(self, state: PEState, seat: int) -> list[int]:
        paired = {s for pair in state.pairs for s in pair}
        return [s for s in range(state.seats) if s != seat and s not in paired]

    def receivers(self, state: PEState) -> list[int]:
        given = {g.to for g in state.gifts}
        return [s for s in range(state.seats) if s != state.giver and s not in given]

    def judge_choices(self, state: PEState) -> list[int]:
        return [s for s in range(state.seats) if s != state.giver]

    # --- stepping -------------------------------------------------------------------------
    def step(self, state: PEState, action: Action) -> Step[PEState]:
        """The phase shell; the step's events are kept for the plain form (``PEState.told``)."""
        done = super().step(state, action)
        told = tuple(e for e in done.events if isinstance(e, PEEvent))
        if action.kind == CHANCE:        # the deal told nothing new before (its list was kept)
            told = state.told + told
        return Step(replace(done.state, told=told), done.events)

    def _enter(self, state: PEState, phase: PEPhase, events: list[Event]) -> PEState:
        events.append(PhaseStarted(phase))
        if phase == PEPhase.OVER:
            events.append(MatchOver(tuple(sorted(state.winners)), state.end_reason))
        return replace(state, phase=phase)

    def _deal(self, state: PEState, action: Action) -> Step[PEState]:
        deck = tuple(action.data.get("deck", []))
        if sorted(deck) != sorted(state.pool):
            raise IllegalAction("bad_deal", "the deal is not a shuffle of the pool")
        new = replace(state, clock=action.tick, rng=take_chance(action), deck=deck[HAND * state.seats:],
                      hands=tuple(deck[HAND * s:HAND * (s + 1)] for s in range(state.seats)))   # PE-1
        events: list[Event] = []
        return Step(self._start_turn(new, events), tuple(events))

    def _read(self, state: PEState, action: Action) -> Step[PEState]:
        """PE-2."""
        seat, card = _seat(action), action.data.get("card")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        assert isinstance(card, str)
        new = replace(state, clock=action.tick, hands=_with(state.hands, seat, _without(state.hands[seat], card)),
                      table=(card,), vote_kind=VoteKind.NORMAL)
        events: list[Event] = [CardRead(seat, card)]
        return Step(self._open_vote(new, PEPhase.VOTE, range(new.seats), events), tuple(events))

    def _vote(self, state: PEState, action: Action) -> Step[PEState]:
        """PE-3, and the second round of PE-6 (no bets)."""
        seat = _seat(action)
        choice, bet = action.data.get("choice"), action.data.get("bet", 1)
        if choice not in self.choices(state, seat):
            raise IllegalAction("bad_choice", repr(choice))
        allowed = BETS if state.phase == PEPhase.VOTE else (1,)
        if not isinstance(bet, int) or isinstance(bet, bool) or bet not in allowed:
            raise IllegalAction("bad_bet", repr(bet))
        assert state.box is not None and isinstance(choice, (int, str))  # a vote phase always has its box
        box = state.box.cast(_team(state, seat), choice, bet)
        new = replace(state, clock=action.tick, box=box,
                      tokens=_with(state.tokens, seat, state.tokens[seat] - (bet - 1)))
        events: list[Event] = [VoteCast(seat)]
        if not box.waiting:
            new = self._resolve(new, events)
        return Step(new, tuple(events))

    def _ready(self, state: PEState, action: Action) -> Step[PEState]:
        new = replace(state, clock=action.tick, ready=state.ready + (_seat(action),))
        events: list[Event] = [ReadyPressed(_seat(action))]
        if len(new.ready) == new.seats:                      # PE-6: consensus skips the debate
            new = self._open_vote(new, PEPhase.REVOTE, new.candidates, events)
        return Step(new, tuple(events))

    def _debate_over(self, state: PEState, action: Action) -> Step[PEState]:
        events: list[Event] = []
        new = self._open_vote(replace(state, clock=action.tick), PEPhase.REVOTE, state.candidates, events)
        return Step(new, tuple(events))

    def _exchange(self, state: PEState, action: Action) -> Step[PEState]:
        """PE-4: each voter who moved forward may swap a card with the deck."""
        seat, card = _seat(action), action.data.get("card")
        if card is not None and card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        assert card is None or isinstance(card, str)
        exchanges = {**state.exchanges, seat: card}
        new = replace(state, clock=action.tick, exchanges=exchanges)
        events: list[Event] = [ExchangeChosen(seat)]
        if len(exchanges) < len(new.exchangers):
            return Step(new, tuple(events))
        swapped = []
        hands, deck = list(new.hands), new.deck
        for s in new.exchangers:
            out = exchanges[s]
            if out is None:
                continue
            deck, hands[s] = _draw(deck + (out,), _without(hands[s], out), 1)
            swapped.append(s)
        events.append(Exchanged(tuple(swapped)))
        new = replace(new, hands=tuple(hands), deck=deck, exchangers=(), exchanges={})
        return Step(self._finish_vote(new, events), tuple(events))

    def _partner(self, state: PEState, action: Action) -> Step[PEState]:
        """PE-8."""
        seat, partner = _seat(action), action.data.get("partner")
        if partner not in self.partners(state, seat):
            raise IllegalAction("bad_partner", repr(partner))
        assert isinstance(partner, int)
        new = replace(state, clock=action.tick, pairs=state.pairs + ((seat, partner),), chooser=None)
        events: list[Event] = [Paired(seat, partner)]
        return Step(self._process_landings(new, events), tuple(events))

    def _play(self, state: PEState, action: Action) -> Step[PEState]:
        """PE-9: a card face down for the Inversion player."""
        seat, card = _seat(action), action.data.get("card")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        assert isinstance(card, str)
        new = replace(state, clock=action.tick, hands=_with(state.hands, seat, _without(state.hands[seat], card)),
                      played={**state.played, seat: card})
        events: list[Event] = [CardPlayed(seat)]
        if all(s in new.played for s in self._players(new)):
            new = self._open_vote(new, PEPhase.VOTE, sorted(new.played.values()), events)
        return Step(new, tuple(events))

    def _players(self, state: PEState) -> list[int]:
        """Who plays a card in the Inversion round: everyone else who has one."""
        return [s for s in range(state.seats) if s != state.target and (state.hands[s] or s in state.played)]

    def _give(self, state: PEState, action: Action) -> Step[PEState]:
        """PE-11: the candidate gives its cards, one per other player."""
        seat, card, to = _seat(action), action.data.get("card"), action.data.get("to")
        if card not in state.hands[seat]:
            raise IllegalAction("not_in_hand", repr(card))
        if to not in self.receivers(state):
            raise IllegalAction("bad_receiver", repr(to))
        assert isinstance(card, str) and isinstance(to, int)
        new = replace(state, clock=action.tick, hands=_with(state.hands, seat, _without(state.hands[seat], card)),
                      gifts=state.gifts + (Gift(card, to),))
        return Step(new, (GiftGiven(seat, card, to),))

    def _accept(self, state: PEState, action: Action) -> Step[PEState]:
        return self._answer(state, action, "accept")

    def _contest(self, state: PEState, action: Action) -> Step[PEState]:
        return self._answer(state, action, "contest")

    def _answer(self, state: PEState, action: Action, answer: str) -> Step[PEState]:
        seat = _seat(action)
        index = next(i for i, g in enumerate(state.gifts) if g.to == seat)
        gift = replace(state.gifts[index], answer=answer)
        received = state.received
        if answer == "accept":
            received = _with(received, seat, received[seat] + (gift.card,))
            gift = replace(gift, placed=True)
        new = replace(state, clock=action.tick, gifts=_with(state.gifts, index, gift), received=received)
        events: list[Event] = [GiftAnswered(seat, answer)]
        if all(g.answer is not None for g in new.gifts):
            new = self._next_contest(new, events)
        return Step(new, tuple(events))

    def _next_contest(self, state: PEState, events: list[Event]) -> PEState:
        for index, gift in enumerate(state.gifts):
            if not gift.placed:
                new = replace(state, contest=index,
                              judges=tuple(s for s in _seat_order(state) if s not in (state.giver, gift.to)),
                              judging=Ballot.open(state.seats, 1, self.judge_choices(state)))
                return self._enter(new, PEPhase.CONTEST, events)
        return self._end_endgame(state, events)

    def _judge(self, state: PEState, action: Action) -> Step[PEState]:
        """PE-11, PE-18: the contest's vote."""
        seat, choice = _seat(action), action.data.get("choice")
        if choice not in self.judge_choices(state):
            raise IllegalAction("bad_choice", repr(choice))
        assert state.judging is not None and state.contest is not None and state.giver is not None
        judging = state.judging.cast(seat, 0, choice)
        new = replace(state, clock=action.tick, judging=judging)
        events: list[Event] = [Judged(seat)]
        if any(judging.rows[s][0] is None for s in new.judges):
            return Step(new, tuple(events))
        gift = new.gifts[state.contest]
        top = judging.leaders(0, voters=new.judges)
        upheld = gift.to in top
        goes_to: int | None
        if upheld:
            goes_to = gift.to
        elif len(top) == 1:
            goes_to = top[0]
        else:
            goes_to = None
        deck, received = new.deck, new.received
        if goes_to is None:
            deck = deck + (gift.card,)
        else:
            received = _with(received, goes_to, received[goes_to] + (gift.card,))
        record = ContestRecord(state.giver, gift.to, gift.card, dict(sorted(new.judgements().items())), upheld, goes_to)
        events.append(ContestResolved(record))
        new = replace(new, deck=deck, received=received, gifts=_with(new.gifts, state.contest, replace(gift, placed=True)),
                      failed=new.failed or not upheld, contest_result=record, contest=None, judges=(), judging=None)
        return Step(self._next_contest(new, events), tuple(events))

    # --- resolving a vote (PE-4..PE-6, PE-9) ----------------------------------------------
    def _open_vote(self, state: PEState, phase: PEPhase, candidates: Iterable[Candidate],
                   events: list[Event]) -> PEState:
        """Start a secret vote: partners do not vote (their captain does, PE-8), and a seat
        with nothing it may choose (only its own Inversion cards) sits it out."""
        state = replace(self._enter(state, phase, events), candidates=tuple(candidates))
        partners = {partner for _captain, partner in state.pairs}
        voters = [s for s in range(state.seats) if s not in partners and self.choices(state, s)]
        state = replace(state, box=VoteBox.open(state.seats, state.candidates, voters))
        return state if voters else self._resolve(state, events)

    def _resolve(self, state: PEState, events: list[Event]) -> PEState:
        box = state.box
        assert box is not None
        first = state.phase == PEPhase.VOTE
        counts = box.counts()
        top, tied = leaders(counts)
        record = self._record(state, counts)
        if first and top < 2 or not first and (top == 0 or len(tied) > 1):   # PE-5; PE-6 still tied
            state = self._discard_table(state, reader_draws=first and state.vote_kind == VoteKind.NORMAL)
            if first:
                state = _return_tokens(state)
            state = self._reveal(state, replace(record, outcome="none"), events)
            return self._finish_vote(state, events)
        if len(tied) > 1:                                                     # PE-6
            state = self._reveal(state, replace(record, outcome="tie", tied=tuple(tied)), events)
            state = self._enter(_return_tokens(state), PEPhase.DEBATE, events)
            return replace(state, candidates=tuple(tied), ready=(), debate_started=state.clock)
        elected = tied[0]                                                     # PE-4
        state = self._give_elected_card(state, elected)
        deltas: dict[int, int] = {}
        for voter, vote in box.votes().items():
            if first:
                step = vote.bet if vote.choice == elected else -vote.bet
            elif vote.choice == elected:                                      # PE-6: winners move 1
                step = 1
            else:
                continue
            for s in _team(state, voter):
                deltas[s] = step
        state, moves = _move(state, deltas)
        state = self._reveal(state, replace(record, outcome="elected", elected=elected, moves=moves), events)
        events += [MaskMoved(m) for m in moves]
        if first:
            state = _return_tokens(state)
        state = replace(state, elections=state.elections + 1)
        if first:                                                             # PE-15: not after a second vote
            exchangers = tuple(s for s in _seat_order(state)
                               if deltas.get(s, 0) > 0 and state.hands[s] and state.deck)
            state = replace(state, exchangers=exchangers, exchanges={})
            if exchangers:
                return self._enter(state, PEPhase.EXCHANGE, events)
        return self._finish_vote(state, events)

    def _reveal(self, state: PEState, record: VoteRecord, events: list[Event]) -> PEState:
        events.append(VoteRevealed(record))
        return replace(state, result=record)

    def _record(self, state: PEState, counts: tuple[tuple[Candidate, int], ...]) -> VoteRecord:
        return VoteRecord(
            kind=state.vote_kind, stage=state.phase, turn=state.turn,
            card=state.table[0] if state.vote_kind == VoteKind.NORMAL else None,
            target=state.target, votes=dict(sorted(state.votes().items())),
            pairs=state.pairs, counts=counts,
            owners={card: s for s, card in sorted(state.played.items())},
        )

    def _give_elected_card(self, state: PEState, elected: Candidate) -> PEState:
        if state.vote_kind == VoteKind.NORMAL:
            assert isinstance(elected, int)
            received = _with(state.received, elected, state.received[elected] + state.table[-1:])
            return replace(state, received=received, table=state.table[:-1])
        assert state.target is not None and isinstance(elected, str)
        received = _with(state.received, state.target, state.received[state.target] + (elected,))   # PE-9
        hands = list(state.hands)
        for seat, card in sorted(state.played.items()):
            if card != elected:                                   # PE-16: back to their hands
                hands[seat] += (card,)
        return replace(state, received=received, hands=tuple(hands), played={})

    def _discard_table(self, state: PEState, reader_draws: bool) -> PEState:
        if state.vote_kind == VoteKind.NORMAL:
            state = replace(state, deck=state.deck + state.table, table=())
            return _drawn(state, state.reader, 1) if reader_draws else state   # PE-5
        hands = list(state.hands)
        for seat, card in sorted(state.played.items()):          # PE-16
            hands[seat] += (card,)
        return replace(state, hands=tuple(hands), played={})

    def _finish_vote(self, state: PEState, events: list[Event]) -> PEState:
        """After a vote: pairs are spent (PE-8, PE-17), landings resolve (PE-10)."""
        return self._process_landings(replace(state, pairs=(), box=None, candidates=(), ready=()), events)

    # --- landings, turns, the endgame (PE-8..PE-11, PE-14) ---------------------------------
    def _process_landings(self, state: PEState, events: list[Event]) -> PEState:
        """Resolve queued landings one by one (PE-10); stop when one needs a player's choice."""
        while state.landings:
            (seat, kind), state = state.landings[0], replace(state, landings=state.landings[1:])
            events.append(Landed(seat, kind))
            if kind == "tete_a_tete":                                 # PE-8
                if any(seat in pair for pair in state.pairs) or not self.partners(state, seat):
                    continue
                return self._enter(replace(state, chooser=seat), PEPhase.PARTNER, events)
            if kind == "inversion":                                   # PE-9: before the next turn
                state = replace(state, inversions=state.inversions + (seat,))
                continue
            if not state.hands[seat]:                                 # PE-11: empty hand wins at once
                state = replace(state, winners=state.winners + (seat,))
                events.append(Won(seat))
                continue
            state = replace(state, giver=seat, gifts=(), failed=False,
                            gift_count=min(MAX_GIFTS, len(state.hands[seat]), state.seats - 1))
            return self._enter(state, PEPhase.GIVE, events)
        if state.winners:
            return self._enter(replace(state, end_reason="summit"), PEPhase.OVER, events)
        if state.vote_kind == VoteKind.NORMAL:
            state = replace(state, reader=(state.reader + 1) % state.seats, turn=state.turn + 1)
        return self._start_turn(state, events)

    def _start_turn(self, state: PEState, events: list[Event]) -> PEState:
        state = replace(state, vote_kind=VoteKind.NORMAL, target=None, played={}, table=())
        while state.inversions:                                       # PE-9, PE-16
            target, state = state.inversions[0], replace(state, inversions=state.inversions[1:])
            players = [s for s in range(state.seats) if s != target and state.hands[s]]
            if len(players) >= 2:
                state = self._enter(replace(state, vote_kind=VoteKind.INVERSION, target=target), PEPhase.PLAY, events)
                events.append(InversionStarted(target))
                return state
        if not state.hands[state.reader]:                            # PE-14: draw one to read
            state = _drawn(state, state.reader, 1)
        if not state.hands[state.reader]:
            best = max(state.positions)
            state = replace(state, winners=tuple(s for s in range(state.seats) if state.positions[s] == best),
                            end_reason="deck_out")
            return self._enter(state, PEPhase.OVER, events)
        return self._enter(state, PEPhase.READ, events)

    def _end_endgame(self, state: PEState, events: list[Event]) -> PEState:
        giver = state.giver
        assert giver is not None
        if state.failed:                                             # PE-11: back to the door
            before = state.positions[giver]
            state = replace(state, positions=_with(state.positions, giver, state.board.door))
            state = _drawn(state, giver, HAND - len(state.hands[giver]))
            events.append(SentToDoor(giver, before, state.board.door))
        else:
            state = replace(state, winners=state.winners + (giver,))
            events.append(Won(giver))
        events.append(EndgameOver(giver, not state.failed))
        return self._process_landings(replace(state, giver=None, gifts=(), gift_count=0, failed=False), events)

    # --- outcome, views --------------------------------------------------------------------
    def outcome(self, state: PEState) -> Outcome | None:
        if state.phase != PEPhase.OVER:
            return None
        scores = {s: state.positions[s] for s in range(state.seats)}
        bonus = {s: 1 if s in state.winners else 0 for s in range(state.seats)}
        return Outcome(scores=scores, winners=tuple(sorted(state.winners)),
                       ranks=Outcome.ranks_from_scores({s: bonus[s] for s in scores}, scores),
                       reason=state.end_reason,
                       measures={"turns": float(state.turn), "elections": float(state.elections)})

    def view(self, state: PEState, seat: int | None) -> SeatView[PEPublic]:
        private: PEPrivate | None = None if seat is None else private_view(self, state, seat)
        return SeatView(seat, public_view(self, state), private)

    def secrets(self, state: PEState, seat: int) -> Iterator[tuple[str, Any]]:
        return secret_fields(state, seat)

    def invariants(self, state: PEState) -> None:
        if state.phase == PEPhase.DEAL:
            return
        places = list(state.deck) + list(state.table) + list(state.played.values())
        for hand in state.hands:
            places += hand
        for pile in state.received:
            places += pile
        places += [g.card for g in state.gifts if not g.placed]
        assert sorted(places) == sorted(state.pool), "cards are not conserved"
        assert all(0 <= p < state.board.length for p in state.positions), "a mask is off the board"
        votes = state.votes()
        for s in range(state.seats):
            staked = votes[s].bet - 1 if s in votes and state.phase == PEPhase.VOTE else 0
            assert state.tokens[s] + staked == TOKENS, f"seat {s} has lost a token"
        assert all(0 <= s < state.seats for s in state.winners)
        assert len({s for pair in state.pairs for s in pair}) == 2 * len(state.pairs), "a seat is in two pairs"


# --- state helpers (all change the copy they are given) -------------------------------------------
def _seat(action: Action) -> int:
    assert action.seat is not None  # the phase shell checked the seat
    return action.seat


def _team(state: PEState, seat: int) -> list[int]:
    """The seats a vote by ``seat`` speaks for: itself, plus its partner if it captains a pair (PE-8)."""
    for captain, partner in state.pairs:
        if captain == seat:
            return [seat, partner]
    return [seat]


def _seat_order(state: PEState) -> list[int]:
    """Seats in table order starting from the reader (PE-10)."""
    return [(state.reader + i) % state.seats for i in range(state.seats)]


def _with(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced (the copy-on-write of a step)."""
    return items[:index] + (value,) + items[index + 1:]


def _without(hand: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _draw(deck: tuple[str, ...], hand: tuple[str, ...], count: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(deck, hand) after ``count`` cards from the top of the deck to the hand (fewer if it runs out)."""
    count = max(0, min(count, len(deck)))
    return deck[count:], hand + deck[:count]


def _drawn(state: PEState, seat: int, count: int) -> PEState:
    deck, hand = _draw(state.deck, state.hands[seat], count)
    return replace(state, deck=deck, hands=_with(state.hands, seat, hand))


def _return_tokens(state: PEState) -> PEState:
    return replace(state, tokens=(TOKENS,) * state.seats)


def _move(state: PEState, deltas: Mapping[int, int]) -> tuple[PEState, tuple[MaskMove, ...]]:
    """Move masks by ``deltas`` (PE-4); falls into the Gouffre (PE-7); queue landings
    on special squares in seat order from the reader (PE-10)."""
    board = state.board
    positions, landings = list(state.positions), list(state.landings)
    moves = []
    for seat in _seat_order(state):
        delta = deltas.get(seat, 0)
        if delta == 0:
            continue
        start = positions[seat]
        end = start + delta
        fell = end < 0
        if fell:                                                  # PE-7
            end = board.gouffre_restart
            state = _drawn(state, seat, board.gouffre_refill - len(state.hands[seat]))
        end = min(end, board.summit)
        positions[seat] = end
        moves.append(MaskMove(seat, start, end, delta, fell))
        kind = board.kind(end)
        if not fell and end != start and kind in ("tete_a_tete", "inversion", "summit"):
            landings.append((seat, kind))
    return replace(state, positions=tuple(positions), landings=tuple(landings)), tuple(moves)
