"""Incognito rules (RULES.md IN-1..IN-6), pure, on declared phases (``game.core.phases``).

A round goes (:class:`INPhase`): ``deal`` (a chance action deals a secret word and a
public place to each seat, IN-1) → ``draw`` (everyone at once; strokes, undo, redo,
clear, done, undone, and ``sketch``: several strokes in one action; IN-2) →
``lineup`` (a chance action lays 6 distinct words on tiles 1–6, IN-3) → ``vote``
(each voter numbers every other drawing with distinct numbers, one ``vote`` each or
several in a ``ballot``, IN-4) → ``reveal`` (scores, IN-5; every seat says "ready") →
next round. After round 3 the phase is ``over`` (IN-6).

Who is waited for is a core :class:`Barrier` (drawings done, seats ready) or
:class:`Ballot` (the votes); a seat that is finished may still move (take "done" back,
change a number) until the phase closes, so those phases are ``active`` for every seat
and ``awaited`` for the unfinished ones. Countdowns are :class:`Countdown` values from
ticks stored in the state: the "last call" of IN-2/IN-4 starts on the tick of the action
that left exactly one seat unfinished, and lasts ``round(5 × 60 × timer_scale)`` ticks (0
with timers off: it never expires). The optional drawing time limit starts on the deal.

The state is frozen: a handler returns a new one (``dataclasses.replace``), sharing every
field it does not change, above all the strokes (immutable :class:`Stroke` tuples), so a
stroke late in a round costs the same as the first one. Its plain form is the one saves
hashed before the phase model: the barriers and the ballot write themselves as the flag
and number lists the state held then (``[]`` between phases).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Mapping, Sequence, TypeVar

from ....core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from ....core.engine import Countdown, Outcome, SeatView, Step, chance_action, seconds_to_ticks, take_chance
from ....core.events import Event, MatchOver, Revealed
from ....core.options import OptionSpec
from ....core.phases import Handler, Move, Phase, PhasedGame, Who, all_once, anyone
from ....core.records import make, replace
from ....core.rng import Rng
from ....core.values import Ballot, Barrier
from .catalogue import IncognitoCatalogue
from .drawing import BRUSH_WIDTHS, MAX_STROKES, Stroke, make_stroke, validate_stroke, validate_strokes
from .events import (Dealt, DrawingEdited, DrawingFinished, LastCall, LineupDealt, NumberGiven, Ready, Scored,
                     StrokeDrawn, VoteCast, VotesFilled, VotesRevealed, WordDealt)
from .invariants import check_invariants
from .scoring import find_rate, score_round
from .view import INPhase, IncognitoPrivate, IncognitoPublic, MyVotes, RoundRecord, Timer, TimerInfo

ROUNDS = 3
TILES = 6
LAST_CALL_SECONDS = 5
DRAW_LIMIT_OPTION = "drawing_time_limit"
FAMILY_OPTION = "family"
#: Between phases: no flags, no votes (their plain forms are the ``[]`` saves hold).
NO_FLAGS = Barrier.open(0)
NO_VOTES = Ballot.open(0, 0, ())

T = TypeVar("T")


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

    def but(self, **changes: Any) -> "IncognitoState":
        """A new state with ``changes``, sharing every other field: ``dataclasses.replace``
        without running ``__init__`` again (a stroke's step is a few microseconds, and
        every action of a match goes through here; issue 18)."""
        return replace(self, **changes)

    def numbers(self) -> list[list[int]]:
        """The votes as numbers per voter and drawer, 0 where none is given."""
        return [[number or 0 for number in row] for row in self.votes.rows]


def _with(items: list[T], index: int, value: T) -> list[T]:
    """A copy of ``items`` with ``items[index]`` replaced (copy-on-write)."""
    out = list(items)
    out[index] = value
    return out


def _seat(action: Action) -> int:
    assert action.seat is not None  # the phase shell checked it
    return action.seat


class Incognito(PhasedGame[IncognitoState]):
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
        everyone: Who[IncognitoState] = anyone()
        drawing: Who[IncognitoState] = all_once(lambda s: s.done.waiting)
        finished: Who[IncognitoState] = lambda s: frozenset(range(s.seats)) - s.done.waiting

        def edit(handler: Handler[IncognitoState], offered: Callable[[IncognitoState, int], object]
                 ) -> Move[IncognitoState]:
            """A drawing move of a seat still drawing, offered by ``legal`` when it applies."""
            return Move(handler, by=drawing, refusal="already_done", out_of_phase="not_drawing",
                        choices=lambda s, seat: ({},) if offered(s, seat) else ())

        return (
            Phase(INPhase.DEAL, {CHANCE: Move(self._deal)}, chance=self._draw_deal,
                  end_if=lambda s: bool(s.words), next=INPhase.DRAW, begin=self._next_round),
            Phase(INPhase.DRAW, {
                "stroke": Move(self._stroke, by=drawing, refusal="already_done", out_of_phase="not_drawing",
                               choices=lambda s, seat: ({"stroke": self._sample},)
                               if len(s.strokes[seat]) < MAX_STROKES else ()),
                # several strokes at once: taken, not offered (``stroke`` is, one by one)
                "sketch": Move(self._sketch, by=drawing, refusal="already_done", out_of_phase="not_drawing"),
                "undo": edit(self._undo, lambda s, seat: s.strokes[seat]),
                "clear": edit(self._clear, lambda s, seat: s.strokes[seat]),
                "redo": edit(self._redo, lambda s, seat: s.redo[seat]),
                "done": edit(self._done, lambda s, seat: True),
                "undone": Move(self._undone, by=finished, refusal="not_done", out_of_phase="not_drawing",
                               choices=lambda s, seat: ({},)),
                TIMEOUT: Move(self._drawing_timeout),
            }, active=everyone, awaited=drawing, end_if=lambda s: s.done.complete, next=INPhase.LINEUP,
                countdown=self._drawing_timer, begin=self._open_drawing),
            Phase(INPhase.LINEUP, {CHANCE: Move(self._lay_lineup)}, chance=self._draw_lineup,
                  end_if=lambda s: bool(s.lineup), next=INPhase.VOTE, begin=self._close_drawing),
            Phase(INPhase.VOTE, {
                "vote": Move(self._vote, out_of_phase="not_voting", choices=self._vote_choices),
                # several numbers at once: taken, not offered (``vote`` is, one by one)
                "ballot": Move(self._ballot, out_of_phase="not_voting"),
                TIMEOUT: Move(self._fill_votes),
            }, active=everyone, awaited=all_once(lambda s: s.votes.waiting), end_if=lambda s: s.votes.complete,
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
        )

    def _draw_deal(self, state: IncognitoState) -> Action:
        """The top of the decks shuffled at set-up: the action carries the whole deal, so
        a replay never draws again."""
        n = state.seats
        return chance_action(state.rng, lambda rng: {"words": state.word_deck[:n], "places": state.place_deck[:n]})

    def _deal(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        data = action.data
        if not isinstance(data.get("rng"), int):
            raise IllegalAction("bad_chance", repr(data))
        words, places = list(data.get("words", [])), list(data.get("places", []))
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
        if not isinstance(data.get("rng"), int):
            raise IllegalAction("bad_chance", repr(data))
        lineup = list(data.get("lineup", []))
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

    def _drawing_timer(self, s: IncognitoState) -> Countdown | None:
        """The last call or the time limit, whichever runs out first."""
        timers = [self._last_call_timer(s)]
        if s.time_limit > 0:
            timers.append(Countdown(Timer.TIME_LIMIT, s.draw_started, seconds_to_ticks(s.time_limit, s.timer_scale)))
        present = [t for t in timers if t is not None]
        running = [(t.deadline, i) for i, t in enumerate(present) if t.deadline is not None]
        if running:
            return present[min(running)[1]]
        return present[0] if present else None

    def _last_call(self, s: IncognitoState, waiting: frozenset[int], tick: int) -> Step[IncognitoState]:
        """Start the last call on the tick only one seat is left; cancel it when a second
        seat goes back to work, or nobody is left (the phase closes)."""
        if len(waiting) != 1:
            return Step(s if s.last_call is None else s.but(last_call=None))
        if s.last_call is not None:
            return Step(s)
        return Step(s.but(last_call=tick), (LastCall(min(waiting)),))

    # --- drawing (IN-2) --------------------------------------------------------------------
    def _open_drawing(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        n = s.seats
        return Step(s.but(strokes=[()] * n, redo=[()] * n, done=Barrier.open(n), draw_started=tick,
                            last_call=None))

    def _checked(self, raw: Any) -> Stroke:
        reason = validate_stroke(raw, self.colour_ids)
        if reason:
            raise IllegalAction(reason, repr(raw)[:200])
        return Stroke.from_data(raw)

    def _stroke(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        return self._draw(s, _seat(action), (self._checked(action.data.get("stroke")),))

    def _sketch(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """Several strokes at once, as if drawn one by one (a bot hands in a whole
        picture: one action instead of dozens, issue 18 item 5); all or none."""
        raws: Any = action.data.get("strokes")
        if type(raws) is not list or not raws:
            raise IllegalAction("bad_stroke", repr(raws)[:200])
        fine = not validate_strokes(raws, self.colour_ids)  # (else each checked: the bad one's reason)
        return self._draw(s, _seat(action), tuple(map(Stroke.from_data if fine else self._checked, raws)))

    def _draw(self, s: IncognitoState, seat: int, added: tuple[Stroke, ...]) -> Step[IncognitoState]:
        before = s.strokes[seat]
        if len(before) + len(added) > MAX_STROKES:
            raise IllegalAction("too_many_strokes")
        new = s.but(strokes=_with(s.strokes, seat, before + added), redo=_with(s.redo, seat, ()))
        return Step(new, tuple(StrokeDrawn(seat, len(before) + i, stroke) for i, stroke in enumerate(added, 1)))

    def _undo(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = _seat(action)
        if not s.strokes[seat]:
            raise IllegalAction("nothing_to_undo")
        new = s.but(redo=_with(s.redo, seat, s.redo[seat] + s.strokes[seat][-1:]),
                      strokes=_with(s.strokes, seat, s.strokes[seat][:-1]))
        return Step(new, (DrawingEdited(seat, "undo", len(new.strokes[seat])),))

    def _redo(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = _seat(action)
        if not s.redo[seat]:
            raise IllegalAction("nothing_to_redo")
        new = s.but(strokes=_with(s.strokes, seat, s.strokes[seat] + s.redo[seat][-1:]),
                      redo=_with(s.redo, seat, s.redo[seat][:-1]))
        return Step(new, (DrawingEdited(seat, "redo", len(new.strokes[seat])),))

    def _clear(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = _seat(action)
        if not s.strokes[seat]:
            raise IllegalAction("nothing_to_clear")
        new = s.but(strokes=_with(s.strokes, seat, ()), redo=_with(s.redo, seat, ()))
        return Step(new, (DrawingEdited(seat, "clear", 0),))

    def _done(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        return self._mark_done(s, _seat(action), True, action.tick)

    def _undone(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """A finished drawer takes it back: allowed until the phase closes (IN-2)."""
        return self._mark_done(s, _seat(action), False, action.tick)

    def _mark_done(self, s: IncognitoState, seat: int, done: bool, tick: int) -> Step[IncognitoState]:
        marked = s.but(done=s.done.mark(seat, done))
        new, events = self._last_call(marked, marked.done.waiting, tick)
        return Step(new, (DrawingFinished(seat, done), *events))

    def _drawing_timeout(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """The unfinished drawings are taken as they are (IN-2)."""
        return self.enter(s, INPhase.LINEUP, action.tick)

    def _close_drawing(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        return Step(s.but(last_call=None))

    # --- voting (IN-4) ---------------------------------------------------------------------
    def _open_ballot(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        n = s.seats
        return Step(s.but(votes=Ballot.open(n, n, range(1, TILES + 1), distinct=True, skip_self=True, blank=0)))

    def _vote_choices(self, s: IncognitoState, seat: int) -> Iterator[dict[str, int]]:
        """The first drawing still to number (else the first to renumber), every free number."""
        targets = s.votes.missing(seat) or s.votes.asked(seat)
        return ({"target": targets[0], "number": n} for n in s.votes.free(seat))

    def _vote(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = _seat(action)
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
        seat, pairs = _seat(action), action.data.get("numbers")
        if type(pairs) is not list or not pairs:
            raise IllegalAction("bad_target", repr(pairs)[:200])
        votes, events = s.votes, list[Event]()
        for pair in pairs:
            if type(pair) is not list or len(pair) != 2:
                raise IllegalAction("bad_target", repr(pair)[:200])
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
        seat = _seat(action)
        return Step(s.but(ready=s.ready.mark(seat)), (Ready(seat),))

    def outcome(self, state: IncognitoState) -> Outcome | None:
        if state.phase != INPhase.OVER:
            return None
        scores = {s: state.scores[s] for s in range(state.seats)}
        ranks = Outcome.ranks_from_scores(scores)  # IN-6: ties share the rank
        winners = tuple(s for s in range(state.seats) if ranks[s] == 1)
        return Outcome(scores=scores, winners=winners, ranks=ranks, reason="rounds",
                       measures={"find_rate": find_rate(state.history)})

    # --- information -----------------------------------------------------------------------
    def view(self, state: IncognitoState, seat: int | None) -> SeatView[IncognitoPublic]:
        running = self.countdown(state)
        public = make(  # (records.make: no frozen __init__ for a view per bot move, issue 18)
            IncognitoPublic,
            phase=state.phase,
            round=state.round,
            rounds=ROUNDS,
            seats=state.seats,
            places=list(state.places),
            drawings=state.strokes,
            redo_counts=[len(r) for r in state.redo],
            done=list(state.done.flags),
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
        return SeatView(seat, public, make(IncognitoPrivate, my_word=my_word, my_votes=my_votes))

    @staticmethod
    def _public_history(state: IncognitoState) -> list[RoundRecord]:
        """Past rounds; their drawings only where a screen shows them (the reveal of the
        round just played, the gallery at the end), which keeps views light."""
        out = []
        for i, record in enumerate(state.history):
            keep = state.phase == INPhase.OVER or (state.phase == INPhase.REVEAL and i == len(state.history) - 1)
            out.append(record if keep else replace(record, drawings=[]))
        return out

    def secrets(self, state: IncognitoState, seat: int) -> Iterator[tuple[str, Any]]:
        if state.words:
            yield "my_word", state.words[seat]
        if state.votes.rows:
            yield "my_votes", MyVotes(seat, [number or 0 for number in state.votes.rows[seat]])

    def invariants(self, state: IncognitoState) -> None:
        check_invariants(state, TILES)
