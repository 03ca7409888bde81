"""Incognito rules (RULES.md IN-1..IN-6), pure, on declared phases (``game.core.phases``).

A round goes (:class:`INPhase`): ``deal`` (a chance action deals a secret word and a
public place to each seat, IN-1) → ``draw`` (everyone at once, the seats on the shared
screen in turns; strokes, undo, redo, clear, done, undone, ``sketch``: several strokes in
one action, and ``start``: a turn drawer opens its turn; IN-2, IN-2a, ``drawing_phase.py``) →
``lineup`` (a chance action lays 6 distinct words on tiles 1–6, IN-3) → ``vote``
(each voter numbers every other drawing with distinct numbers, one ``vote`` each or
several in a ``ballot``, IN-4) → ``reveal`` (scores, IN-5; every seat says "ready") →
next round. After round 3 the phase is ``over`` (IN-6).

Who is waited for is a core :class:`Barrier` (drawings done, seats ready) or
:class:`Ballot` (the votes); a seat that is finished may still move (take "done" back,
change a number) until the phase closes, so those phases are ``active`` for every seat
and ``awaited`` for the unfinished ones. Countdowns are :class:`Countdown` values from
ticks stored in the state: the "last call" of IN-2/IN-4 starts on the tick of the action
that left exactly one seat unfinished (a turn drawer's, once its grace is over, IN-2a),
and lasts ``round(5 × 60 × timer_scale)`` ticks (0 with timers off: it never expires).
The optional drawing time limit starts on the deal (on its opening for a turn).

The state is frozen: a handler returns a new one (``dataclasses.replace``), sharing every
field it does not change, above all the strokes (immutable :class:`Stroke` tuples), so a
stroke late in a round costs the same as the first one. Its plain form is the one saves
hashed before the phase model: the barriers and the ballot write themselves as the flag
and number lists the state held then (``[]`` between phases), and a match without turns
leaves ``turns`` out (:meth:`IncognitoState.__plain__`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Iterator, Mapping, Sequence

from ....core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from ....core.engine import (Countdown, Outcome, SeatView, Step, chance_action, chance_data, seconds_to_ticks,
                             take_chance)
from ....core.events import Event, MatchOver, Revealed
from ....core.options import OptionSpec
from ....core.phases import Move, Phase, PhasedGame, all_once, anyone, timeout_data
from ....core.records import make, replace
from ....core.rng import Rng
from ....core.schema import Fields, Int, ListOf, OneOf
from ....core.values import Ballot, Barrier
from .catalogue import IncognitoCatalogue
from .drawing import BRUSH_WIDTHS, Stroke, make_stroke
from .drawing_phase import DrawingRules, acting_seat
from .events import Dealt, LastCall, LineupDealt, NumberGiven, Ready, Scored, VoteCast, VotesFilled, VotesRevealed, WordDealt
from .invariants import check_invariants
from .scoring import bonus_rate, find_rate, score_round
from .turns import Turns, turns_from_config
from .view import INPhase, IncognitoPrivate, IncognitoPublic, IncognitoView, MyDrawing, MyVotes, RoundRecord, Timer, TimerInfo

ROUNDS = 3
TILES = 6
LAST_CALL_SECONDS = 5
DRAW_LIMIT_OPTION = "drawing_time_limit"
FAMILY_OPTION = "family"
#: Between phases: no flags, no votes (their plain forms are the ``[]`` saves hold).
NO_FLAGS = Barrier.open(0)
NO_VOTES = Ballot.open(0, 0, ())

@dataclass(frozen=True)
class IncognitoState:
    seats: int
    rng: Rng
    timer_scale: float
    time_limit: int
    word_deck: list[str]
    place_deck: list[str]
    round: int = 1
    phase: INPhase = INPhase.DEAL
    words: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    #: Per seat, the strokes drawn (and undone) so far; tuples, shared between states.
    strokes: list[tuple[Stroke, ...]] = field(default_factory=list)
    redo: list[tuple[Stroke, ...]] = field(default_factory=list)
    #: Drawings said done (IN-2), from the deal until the round is scored.
    done: Barrier = NO_FLAGS
    #: Tick of the deal (start of the optional drawing time limit).
    draw_started: int = 0
    #: Tick the last call started (IN-2 / IN-4), None while two or more are unfinished.
    last_call: int | None = None
    lineup: list[str] = field(default_factory=list)
    #: ``votes.rows[voter][drawer]``: the tile number, None until given (IN-4).
    votes: Ballot = NO_VOTES
    scores: list[int] = field(default_factory=list)
    ready: Barrier = NO_FLAGS
    history: list[RoundRecord] = field(default_factory=list)
    #: The seats drawing in turns on the shared screen and their turns (IN-2a); None:
    #: every seat draws at once (no seat of the config draws in turns).
    turns: Turns | None = None

    def but(self, **changes: Any) -> "IncognitoState":
        """A new state with ``changes``, sharing every other field: ``dataclasses.replace``
        without running ``__init__`` again (a stroke's step is a few microseconds, and
        every action of a match goes through here; issue 18)."""
        return replace(self, **changes)

    def __plain__(self) -> dict[str, object]:
        """The fields as the dataclass writes them, ``turns`` left out while None: saves
        made before turns hash as they did."""
        plain = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        if self.turns is None:
            del plain["turns"]
        return plain

    def numbers(self) -> list[list[int]]:
        """The votes as numbers per voter and drawer, 0 where none is given."""
        return [[number or 0 for number in row] for row in self.votes.rows]


class Incognito(DrawingRules, PhasedGame[IncognitoState, IncognitoPublic, IncognitoPrivate]):
    id = "incognito"
    min_seats = 3
    max_seats = 6
    options = (
        OptionSpec(DRAW_LIMIT_OPTION, 0, (0, 60, 90, 120)),  # IN-2, seconds, 0 = off
        OptionSpec(FAMILY_OPTION, True, (True, False)),
    )

    def __init__(self, catalogue: IncognitoCatalogue) -> None:
        self.catalogue = catalogue
        self.colour_ids = frozenset(catalogue.colour_ids())
        #: The representative stroke ``legal`` offers (any stroke of the palette is legal).
        self._sample = make_stroke("pen", catalogue.colour_ids()[0], BRUSH_WIDTHS[1], [(100, 100), (200, 150)])
        super().__init__()

    def phases(self) -> Sequence[Phase[IncognitoState]]:
        seat, word = Int(0, self.max_seats - 1), OneOf(self.catalogue.word_ids())
        deal = {"words": ListOf(word, self.max_seats),
                "places": ListOf(OneOf(self.catalogue.place_ids()), self.max_seats)}
        vote = Fields({"target": seat, "number": Int(1, TILES)})
        ballot = Fields({"numbers": ListOf(ListOf(Int(0, max(TILES, self.max_seats)), 2, 2), self.max_seats, 1)})
        return (
            Phase(INPhase.DEAL, {CHANCE: Move(self._deal, chance_data(deal))}, chance=self._draw_deal,
                  end_if=lambda s: bool(s.words), next=INPhase.DRAW, begin=self._next_round),
            self.drawing_phase(),
            Phase(INPhase.LINEUP, {CHANCE: Move(self._lay_lineup, chance_data({"lineup": ListOf(word, TILES)}))},
                  chance=self._draw_lineup,
                  end_if=lambda s: bool(s.lineup), next=INPhase.VOTE, begin=self._close_drawing),
            Phase(INPhase.VOTE, {
                "vote": Move(self._vote, vote, out_of_phase="not_voting", choices=self._vote_choices),
                # several numbers at once, [[drawer, number], ...]: taken, not offered (``vote`` is, one by one)
                "ballot": Move(self._ballot, ballot, out_of_phase="not_voting"),
                TIMEOUT: Move(self._fill_votes, timeout_data(Timer.LAST_CALL)),
            }, active=anyone(), awaited=all_once(lambda s: s.votes.waiting), end_if=lambda s: s.votes.complete,
                next=lambda s: INPhase.OVER if s.round >= ROUNDS else INPhase.REVEAL,
                countdown=self._last_call_timer, begin=self._open_ballot),
            Phase(INPhase.REVEAL, {"ready": Move(self._ready, out_of_phase="not_reveal", choices=lambda s, seat: ({},))},
                  active=all_once(lambda s: s.ready.waiting), refusal="already_ready",
                  end_if=lambda s: s.ready.complete, next=INPhase.DEAL, begin=self._score_and_wait),
            Phase(INPhase.OVER, begin=self._score_last_round),   # IN-6
        )

    # --- set-up and chance (IN-1, IN-3) ----------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> IncognitoState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Incognito is for 3 to 6 players, not {seats}")
        words, places = self.catalogue.decks(family=bool(self.option(config, FAMILY_OPTION)))
        return IncognitoState(
            seats=seats,
            rng=rng,
            timer_scale=float(config.get("timer_scale", 1.0)),
            time_limit=int(self.option(config, DRAW_LIMIT_OPTION) or 0),
            word_deck=rng.shuffled(words),
            place_deck=rng.shuffled(places),
            scores=[0] * seats,
            turns=turns_from_config(config, seats),
        )

    def _draw_deal(self, state: IncognitoState) -> Action:
        """The top of the decks shuffled at set-up: the action carries the whole deal, so
        a replay never draws again."""
        n = state.seats
        return chance_action(state.rng, lambda rng: {"words": state.word_deck[:n], "places": state.place_deck[:n]})

    def _deal(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        data = action.data
        words, places = list(data["words"]), list(data["places"])
        n = s.seats
        if (len(words) != n or len(set(words)) != n or not set(words) <= set(s.word_deck)
                or len(places) != n or len(set(places)) != n or not set(places) <= set(s.place_deck)):
            raise IllegalAction("bad_deal", repr(data))
        new = s.but(rng=take_chance(action), words=words, places=places,  # IN-1
                      word_deck=[w for w in s.word_deck if w not in words],
                      place_deck=[p for p in s.place_deck if p not in places])
        dealt = tuple(WordDealt(seat, word) for seat, word in enumerate(words))
        return Step(new, (Dealt(s.round, tuple(places)), *dealt))

    def _next_round(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        return Step(s.but(ready=NO_FLAGS, round=s.round + 1))

    def _draw_lineup(self, state: IncognitoState) -> Action:
        fillers = state.word_deck[: TILES - state.seats]
        return chance_action(state.rng, lambda rng: {"lineup": rng.shuffled(state.words + fillers)})

    def _lay_lineup(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        data = action.data
        lineup = list(data["lineup"])
        fillers = [w for w in lineup if w not in s.words]
        # IN-3: exactly 6 distinct words: every player's word plus deck words.
        if (len(lineup) != TILES or len(set(lineup)) != TILES or not set(s.words) <= set(lineup)
                or not set(fillers) <= set(s.word_deck)):
            raise IllegalAction("bad_lineup", repr(data))
        new = s.but(rng=take_chance(action), lineup=lineup, word_deck=[w for w in s.word_deck if w not in fillers])
        return Step(new, (LineupDealt(tuple(lineup)),))

    # --- countdowns ------------------------------------------------------------------------
    def _last_call_timer(self, s: IncognitoState) -> Countdown | None:
        if s.last_call is None:
            return None
        return Countdown(Timer.LAST_CALL, s.last_call, seconds_to_ticks(LAST_CALL_SECONDS, s.timer_scale))

    def _last_call(self, s: IncognitoState, waiting: frozenset[int], tick: int) -> Step[IncognitoState]:
        """Start the last call on the tick only one seat is left; cancel it when a second
        seat goes back to work, or nobody is left (the phase closes)."""
        if len(waiting) != 1:
            return Step(s if s.last_call is None else s.but(last_call=None))
        if s.last_call is not None:
            return Step(s)
        return Step(s.but(last_call=tick), (LastCall(min(waiting)),))

    # --- voting (IN-4) ---------------------------------------------------------------------
    def _open_ballot(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        n = s.seats
        return Step(s.but(votes=Ballot.open(n, n, range(1, TILES + 1), distinct=True, skip_self=True, blank=0)))

    def _vote_choices(self, s: IncognitoState, seat: int) -> Iterator[dict[str, int]]:
        """The first drawing still to number (else the first to renumber), every free number."""
        targets = s.votes.missing(seat) or s.votes.asked(seat)
        return ({"target": targets[0], "number": n} for n in s.votes.free(seat))

    def _vote(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = acting_seat(action)
        target: Any = action.data.get("target")
        number: Any = action.data.get("number")
        votes = s.votes.cast(seat, target, number)  # changeable until the phase closes
        new, events = self._last_call(s.but(votes=votes), votes.waiting, action.tick)
        numbered = len(votes.asked(seat)) - len(votes.missing(seat))
        return Step(new, (VoteCast(seat, numbered), NumberGiven(seat, target, number), *events))

    def _ballot(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """Several numbers at once, ``[[drawer, number], ...]``, as if given one by one (a
        bot hands in its whole ballot: one action instead of five, issue 18 item 5); all
        or none. The last call can only start or stop with the last of them."""
        seat, pairs = acting_seat(action), action.data["numbers"]
        votes, events = s.votes, list[Event]()
        for pair in pairs:
            votes = votes.cast(seat, pair[0], pair[1])
            numbered = len(votes.asked(seat)) - len(votes.missing(seat))
            events += [VoteCast(seat, numbered), NumberGiven(seat, pair[0], pair[1])]
        new, called = self._last_call(s.but(votes=votes), votes.waiting, action.tick)
        return Step(new, (*events, *called))

    def _fill_votes(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """The last call ran out: missing votes at random, still distinct (IN-4)."""
        rng = Rng(s.rng.state)  # the previous state keeps its own generator
        waiting = tuple(sorted(s.votes.waiting))
        return Step(s.but(votes=s.votes.filled(rng), rng=rng), (VotesFilled(waiting),))

    # --- the reveal (IN-5, IN-6) -----------------------------------------------------------
    def _score(self, s: IncognitoState) -> Step[IncognitoState]:
        votes = s.numbers()
        found, points, drawer_points = score_round(s.words, s.lineup, votes)
        record = RoundRecord(round=s.round, words=list(s.words), places=list(s.places), drawings=s.strokes,
                             lineup=list(s.lineup), votes=votes, found=found, points=points,
                             drawer_points=drawer_points)
        scores = [a + b for a, b in zip(s.scores, points)]
        new = s.but(history=[*s.history, record], scores=scores, last_call=None, words=[], places=[],
                      strokes=[], redo=[], done=NO_FLAGS, lineup=[], votes=NO_VOTES)
        events: list[Event] = [VotesRevealed(s.round, tuple(map(tuple, votes)))]
        events += [Revealed(seat, "word", word) for seat, word in enumerate(s.words)]
        events.append(Scored(s.round, tuple(points), tuple(drawer_points), tuple(scores)))
        return Step(new, tuple(events))

    def _score_and_wait(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        new, events = self._score(s)
        return Step(new.but(ready=Barrier.open(s.seats)), events)

    def _score_last_round(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        new, events = self._score(s)
        outcome = self.outcome(new)
        assert outcome is not None
        return Step(new, (*events, MatchOver(outcome.winners, outcome.reason)))

    def _ready(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = acting_seat(action)
        return Step(s.but(ready=s.ready.mark(seat)), (Ready(seat),))

    def outcome(self, state: IncognitoState) -> Outcome | None:
        if state.phase != INPhase.OVER:
            return None
        scores = {s: state.scores[s] for s in range(state.seats)}
        ranks = Outcome.ranks_from_scores(scores)  # IN-6: ties share the rank
        winners = tuple(s for s in range(state.seats) if ranks[s] == 1)
        return Outcome(scores=scores, winners=winners, ranks=ranks, reason="rounds",
                       measures={"find_rate": find_rate(state.history), "bonus_rate": bonus_rate(state.history)})

    # --- information -----------------------------------------------------------------------
    def view(self, state: IncognitoState, seat: int | None) -> IncognitoView:
        running = self.countdown(state)
        drawing = state.phase == INPhase.DRAW
        turns = state.turns
        turn = turns.current(state.done) if turns is not None and drawing else None
        public = make(  # (records.make: no frozen __init__ for a view per bot move, issue 18)
            IncognitoPublic,
            phase=state.phase,
            round=state.round,
            rounds=ROUNDS,
            seats=state.seats,
            places=list(state.places),
            drawings=[()] * state.seats if drawing else state.strokes,  # face down until the line-up (IN-2a)
            stroke_counts=[len(strokes) for strokes in state.strokes],
            done=list(state.done.flags),
            turn_seats=list(turns.order) if turns is not None else [],
            turn=turn,
            turn_open=turn is not None and turns is not None and turns.opened is not None,
            countdown=TimerInfo(Timer(running.name), running.started, running.ticks) if running else None,
            lineup=list(state.lineup),
            voted=[len(row) - row.count(None) for row in state.votes.rows],
            scores=list(state.scores),
            ready=list(state.ready.flags),
            history=self._public_history(state),
        )
        if seat is None:
            return SeatView(None, public)
        my_word = state.words[seat] if state.words else None
        my_votes = MyVotes(seat, [number or 0 for number in state.votes.rows[seat]]) if state.votes.rows else None
        my_drawing = MyDrawing(state.strokes[seat], len(state.redo[seat])) if drawing else None
        return SeatView(seat, public, make(IncognitoPrivate, my_word=my_word, my_votes=my_votes, my_drawing=my_drawing))

    @staticmethod
    def _public_history(state: IncognitoState) -> list[RoundRecord]:
        """Past rounds; their drawings only where a screen shows them (the reveal of the
        round just played, the gallery at the end), which keeps views light."""
        out = []
        for i, record in enumerate(state.history):
            keep = state.phase == INPhase.OVER or (state.phase == INPhase.REVEAL and i == len(state.history) - 1)
            out.append(record if keep else replace(record, drawings=[]))
        return out

    def secrets(self, state: IncognitoState, seat: int) -> Iterator[tuple[str, object]]:
        if state.words:
            yield "my_word", state.words[seat]
        if state.phase == INPhase.DRAW:  # the drawing until the line-up (IN-2a): each stroke's
            for stroke in state.strokes[seat]:  # points, named as a stroke carries them
                yield "points", stroke.points
        if state.votes.rows:
            yield "my_votes", MyVotes(seat, [number or 0 for number in state.votes.rows[seat]])

    def invariants(self, state: IncognitoState) -> None:
        check_invariants(state, TILES)
