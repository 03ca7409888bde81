"""Incognito rules (RULES.md IN-1..IN-6) on the core engine.

A round goes: ``deal`` (a chance action deals a secret word and a public place to each
seat, IN-1) → ``draw`` (everyone at once; strokes, undo, redo, clear, done, undone;
IN-2) → ``lineup`` (a chance action lays 6 distinct words on tiles 1–6, IN-3) →
``vote`` (each voter numbers every other drawing with distinct numbers, IN-4) →
``reveal`` (scores, IN-5; every seat says "ready") → next round. After round 3 the
phase is ``over`` (IN-6).

Countdowns are :class:`Countdown` values computed from ticks stored in the state: the
"last call" of IN-2/IN-4 starts on the tick of the action that left exactly one seat
unfinished, and lasts ``round(5 × 60 × timer_scale)`` ticks (0 with timers off: it
never expires). The optional drawing time limit starts on the deal's tick.

``apply`` copies the state shallowly and each handler *replaces* the fields it changes
(new lists, :func:`_with`), never mutating a list in place: the states before and after
share everything else, above all the strokes (immutable :class:`Stroke` tuples), so a
stroke late in a round costs the same as the first one (a deep copy grew with every
stroke so far). The engine's contract holds: ``apply`` never changes its input.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Mapping

from ....core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from ....core.engine import Countdown, GameDefinition, Outcome, SeatView, chance_action, take_chance
from ....core.rng import Rng
from .drawing import BRUSH_WIDTHS, MAX_STROKES, Stroke, make_stroke, validate_stroke
from .view import IncognitoPrivate, IncognitoPublic, MyVotes, RoundRecord, TimerInfo

ROUNDS = 3
TILES = 6
LAST_CALL_SECONDS = 5
DRAW_LIMIT_OPTION = "drawing_time_limit"
FAMILY_OPTION = "family"
TICKS_PER_SECOND = 60

DEAL, DRAW, LINEUP, VOTE, REVEAL, OVER = "deal", "draw", "lineup", "vote", "reveal", "over"
#: Countdown names (the timeout action says which one ran out).
LAST_CALL, TIME_LIMIT = "last_call", "time_limit"


@dataclass
class IncognitoState:
    seats: int
    rng: Rng
    timer_scale: float
    time_limit: int
    word_deck: list[str]
    place_deck: list[str]
    round: int = 1
    phase: str = DEAL
    words: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    #: Per seat, the strokes drawn (and undone) so far; tuples, shared between states.
    strokes: list[tuple[Stroke, ...]] = field(default_factory=list)
    redo: list[tuple[Stroke, ...]] = field(default_factory=list)
    done: list[bool] = field(default_factory=list)
    #: Tick of the deal (start of the optional drawing time limit).
    draw_started: int = 0
    #: Tick the last call started (IN-2 / IN-4), None while two or more are unfinished.
    last_call: int | None = None
    lineup: list[str] = field(default_factory=list)
    votes: list[list[int]] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    ready: list[bool] = field(default_factory=list)
    history: list[RoundRecord] = field(default_factory=list)


def _with(items: list, index: int, value: Any) -> list:
    """A copy of ``items`` with ``items[index]`` replaced (the copy-on-write of ``apply``)."""
    out = list(items)
    out[index] = value
    return out


def seconds_to_ticks(seconds: float, timer_scale: float) -> int:
    """Timer presets scale every countdown; scale 0 gives 0 ticks = never expires."""
    return int(round(seconds * TICKS_PER_SECOND * timer_scale))


def score_round(words: list[str], lineup: list[str], votes: list[list[int]]) -> tuple[list[list[bool]], list[int], list[int]]:
    """IN-5: a voter scores 1 per drawing whose word they found; a drawer scores 2 if at
    least one voter found their word and at least one did not.

    Returns ``(found, points, drawer_points)``."""
    seats = len(words)
    answer = [lineup.index(word) + 1 for word in words]
    found = [[voter != drawer and votes[voter][drawer] == answer[drawer] for drawer in range(seats)]
             for voter in range(seats)]
    points = [sum(found[voter]) for voter in range(seats)]
    drawer_points = []
    for drawer in range(seats):
        finders = sum(found[voter][drawer] for voter in range(seats))
        bonus = 2 if 0 < finders < seats - 1 else 0
        drawer_points.append(bonus)
        points[drawer] += bonus
    return found, points, drawer_points


def find_rate(history: list[RoundRecord]) -> float:
    """The share of (voter, drawing) pairs where the voter found the drawing's word."""
    pairs = [found for record in history for voter, row in enumerate(record.found)
             for drawer, found in enumerate(row) if voter != drawer]
    return sum(pairs) / len(pairs) if pairs else 0.0


class Incognito(GameDefinition):
    id = "incognito"
    min_seats = 3
    max_seats = 6
    options = {DRAW_LIMIT_OPTION: 0, FAMILY_OPTION: True}

    def __init__(self, catalogue: Any) -> None:
        self.catalogue = catalogue
        self.colour_ids = frozenset(catalogue.colour_ids())

    # --- set-up and flow -------------------------------------------------------------
    def setup(self, config: Mapping[str, Any], rng: Rng) -> IncognitoState:
        seats = int(config["seats"])
        if not self.min_seats <= seats <= self.max_seats:
            raise ValueError(f"Incognito is for 3 to 6 players, not {seats}")
        words = self.catalogue.word_ids(family=bool(config.get(FAMILY_OPTION, True)))
        return IncognitoState(
            seats=seats,
            rng=rng,
            timer_scale=float(config.get("timer_scale", 1.0)),
            time_limit=int(config.get(DRAW_LIMIT_OPTION, 0) or 0),
            word_deck=rng.shuffled(words),
            place_deck=rng.shuffled(self.catalogue.place_ids()),
            scores=[0] * seats,
        )

    def current(self, state: IncognitoState) -> frozenset[int]:
        if state.phase == DRAW:
            return frozenset(s for s in range(state.seats) if not state.done[s])
        if state.phase == VOTE:
            return frozenset(s for s in range(state.seats) if not self._voted_all(state, s))
        if state.phase == REVEAL:
            return frozenset(s for s in range(state.seats) if not state.ready[s])
        return frozenset()

    def chance(self, state: IncognitoState) -> Action | None:
        """The deal (the top of the decks shuffled at set-up) and the lineup (IN-3):
        the action carries the whole outcome, so a replay never draws again."""
        if state.phase == DEAL:
            n = state.seats
            return chance_action(state.rng, lambda rng: {"words": state.word_deck[:n], "places": state.place_deck[:n]})
        if state.phase == LINEUP:
            fillers = state.word_deck[: TILES - state.seats]
            return chance_action(state.rng, lambda rng: {"lineup": rng.shuffled(state.words + fillers)})
        return None

    def countdown(self, state: IncognitoState) -> Countdown | None:
        timers: list[Countdown] = []
        if state.phase in (DRAW, VOTE) and state.last_call is not None:
            timers.append(Countdown(LAST_CALL, state.last_call,
                                    seconds_to_ticks(LAST_CALL_SECONDS, state.timer_scale)))
        if state.phase == DRAW and state.time_limit > 0:
            timers.append(Countdown(TIME_LIMIT, state.draw_started,
                                    seconds_to_ticks(state.time_limit, state.timer_scale)))
        running = [t for t in timers if t.deadline is not None]
        if running:
            return min(running, key=lambda t: t.deadline)
        return timers[0] if timers else None

    def legal(self, state: IncognitoState, seat: int) -> list[Action]:
        if state.phase == DRAW:
            if state.done[seat]:
                return [Action("undone", seat)]
            sample = make_stroke("pen", self.catalogue.colour_ids()[0], BRUSH_WIDTHS[1], [(100, 100), (200, 150)])
            out = [Action("stroke", seat, {"stroke": sample})] if len(state.strokes[seat]) < MAX_STROKES else []
            if state.strokes[seat]:
                out += [Action("undo", seat), Action("clear", seat)]
            if state.redo[seat]:
                out.append(Action("redo", seat))
            return out + [Action("done", seat)]
        if state.phase == VOTE:
            mine = state.votes[seat]
            free = [n for n in range(1, TILES + 1) if n not in mine]
            targets = [t for t in range(state.seats) if t != seat and not mine[t]]
            if not targets:
                targets = [t for t in range(state.seats) if t != seat]
            return [Action("vote", seat, {"target": t, "number": n}) for t in targets[:1] for n in free]
        if state.phase == REVEAL and not state.ready[seat]:
            return [Action("ready", seat)]
        return []

    def apply(self, state: IncognitoState, action: Action) -> IncognitoState:
        handler = getattr(self, f"_on_{action.kind}", None)
        if handler is None:
            raise IllegalAction("unknown_action", action.kind)
        if action.kind not in (CHANCE, TIMEOUT) and (
            not isinstance(action.seat, int) or not 0 <= action.seat < state.seats
        ):
            raise IllegalAction("bad_seat", repr(action.seat))
        new = replace(state)  # shallow: handlers replace what they change (module docstring)
        handler(new, action)
        return new

    def outcome(self, state: IncognitoState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = {s: state.scores[s] for s in range(state.seats)}
        ranks = Outcome.ranks_from_scores(scores)  # IN-6: ties share the rank
        winners = tuple(s for s in range(state.seats) if ranks[s] == 1)
        return Outcome(scores=scores, winners=winners, ranks=ranks, reason="rounds",
                       measures={"find_rate": find_rate(state.history)})

    # --- chance and timers -----------------------------------------------------------
    def _on_chance(self, s: IncognitoState, action: Action) -> None:
        data = action.data
        if not isinstance(data.get("rng"), int):
            raise IllegalAction("bad_chance", repr(data))
        if s.phase == DEAL:
            words, places = list(data.get("words", [])), list(data.get("places", []))
            n = s.seats
            if (len(words) != n or len(set(words)) != n or not set(words) <= set(s.word_deck)
                    or len(places) != n or len(set(places)) != n or not set(places) <= set(s.place_deck)):
                raise IllegalAction("bad_deal", repr(data))
            s.word_deck = [w for w in s.word_deck if w not in words]
            s.place_deck = [p for p in s.place_deck if p not in places]
            s.words, s.places = words, places  # IN-1
            s.strokes = [()] * n
            s.redo = [()] * n
            s.done = [False] * n
            s.draw_started = action.tick
            s.last_call = None
            s.phase = DRAW
        elif s.phase == LINEUP:
            lineup = list(data.get("lineup", []))
            fillers = [w for w in lineup if w not in s.words]
            # IN-3: exactly 6 distinct words: every player's word plus deck words.
            if (len(lineup) != TILES or len(set(lineup)) != TILES or not set(s.words) <= set(lineup)
                    or not set(fillers) <= set(s.word_deck)):
                raise IllegalAction("bad_lineup", repr(data))
            s.word_deck = [w for w in s.word_deck if w not in fillers]
            s.lineup = lineup
            s.votes = [[0] * s.seats for _ in range(s.seats)]
            s.last_call = None
            s.phase = VOTE
        else:
            raise IllegalAction("no_chance", s.phase)
        s.rng = take_chance(action)

    def _on_timeout(self, s: IncognitoState, action: Action) -> None:
        running = self.countdown(s)
        if running is None or running.deadline is None or action.data.get("timer") != running.name:
            raise IllegalAction("no_timer", repr(action.data))
        if s.phase == DRAW:
            self._close_drawing(s)  # IN-2: the unfinished drawing is taken as it is
        elif s.phase == VOTE:
            self._fill_votes(s)  # IN-4: missing votes at random, still distinct
            self._resolve(s)

    # --- drawing (IN-2) --------------------------------------------------------------
    def _drawing(self, s: IncognitoState, seat: int, done: bool = False) -> None:
        if s.phase != DRAW:
            raise IllegalAction("not_drawing", s.phase)
        if s.done[seat] != done:
            raise IllegalAction("already_done" if s.done[seat] else "not_done")

    def _on_stroke(self, s: IncognitoState, action: Action) -> None:
        seat = action.seat
        self._drawing(s, seat)
        stroke = action.data.get("stroke")
        reason = validate_stroke(stroke, self.colour_ids)
        if reason:
            raise IllegalAction(reason, repr(stroke)[:200])
        if len(s.strokes[seat]) >= MAX_STROKES:
            raise IllegalAction("too_many_strokes")
        s.strokes = _with(s.strokes, seat, s.strokes[seat] + (Stroke.from_data(stroke),))
        s.redo = _with(s.redo, seat, ())

    def _on_undo(self, s: IncognitoState, action: Action) -> None:
        seat = action.seat
        self._drawing(s, seat)
        if not s.strokes[seat]:
            raise IllegalAction("nothing_to_undo")
        s.redo = _with(s.redo, seat, s.redo[seat] + s.strokes[seat][-1:])
        s.strokes = _with(s.strokes, seat, s.strokes[seat][:-1])

    def _on_redo(self, s: IncognitoState, action: Action) -> None:
        seat = action.seat
        self._drawing(s, seat)
        if not s.redo[seat]:
            raise IllegalAction("nothing_to_redo")
        s.strokes = _with(s.strokes, seat, s.strokes[seat] + s.redo[seat][-1:])
        s.redo = _with(s.redo, seat, s.redo[seat][:-1])

    def _on_clear(self, s: IncognitoState, action: Action) -> None:
        self._drawing(s, action.seat)
        if not s.strokes[action.seat]:
            raise IllegalAction("nothing_to_clear")
        s.strokes = _with(s.strokes, action.seat, ())
        s.redo = _with(s.redo, action.seat, ())

    def _on_done(self, s: IncognitoState, action: Action) -> None:
        self._drawing(s, action.seat)
        s.done = _with(s.done, action.seat, True)
        self._last_call(s, action.tick, sum(not d for d in s.done))

    def _on_undone(self, s: IncognitoState, action: Action) -> None:
        """A finished drawer takes it back: allowed until the phase closes (IN-2)."""
        self._drawing(s, action.seat, done=True)
        s.done = _with(s.done, action.seat, False)
        self._last_call(s, action.tick, sum(not d for d in s.done))

    def _last_call(self, s: IncognitoState, tick: int, unfinished: int) -> None:
        """Start the last call on the tick only one seat is left; cancel it if a second
        seat goes back to work; close the phase when nobody is left."""
        if unfinished == 0:
            if s.phase == DRAW:
                self._close_drawing(s)
            else:
                self._resolve(s)
        elif unfinished == 1:
            if s.last_call is None:
                s.last_call = tick
        else:
            s.last_call = None

    def _close_drawing(self, s: IncognitoState) -> None:
        s.last_call = None
        s.phase = LINEUP

    # --- voting (IN-4) ---------------------------------------------------------------
    @staticmethod
    def _voted_all(s: IncognitoState, voter: int) -> bool:
        return all(s.votes[voter][t] for t in range(s.seats) if t != voter)

    def _on_vote(self, s: IncognitoState, action: Action) -> None:
        seat = action.seat
        if s.phase != VOTE:
            raise IllegalAction("not_voting", s.phase)
        target, number = action.data.get("target"), action.data.get("number")
        if not isinstance(target, int) or not 0 <= target < s.seats or target == seat:
            raise IllegalAction("bad_target", repr(target))
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= TILES:
            raise IllegalAction("bad_number", repr(number))
        if any(s.votes[seat][t] == number for t in range(s.seats) if t != target):
            raise IllegalAction("number_used")
        s.votes = _with(s.votes, seat, _with(s.votes[seat], target, number))  # changeable until the phase closes
        self._last_call(s, action.tick, sum(not self._voted_all(s, v) for v in range(s.seats)))

    def _fill_votes(self, s: IncognitoState) -> None:
        rng = Rng(s.rng.state)  # the previous state keeps its own generator
        votes = []
        for voter in range(s.seats):
            mine = list(s.votes[voter])
            free = rng.shuffled([n for n in range(1, TILES + 1) if n not in mine])
            for target in range(s.seats):
                if target != voter and not mine[target]:
                    mine[target] = free.pop()
            votes.append(mine)
        s.votes, s.rng = votes, rng

    def _resolve(self, s: IncognitoState) -> None:
        found, points, drawer_points = score_round(s.words, s.lineup, s.votes)
        s.history = s.history + [RoundRecord(
            round=s.round, words=list(s.words), places=list(s.places), drawings=s.strokes,
            lineup=list(s.lineup), votes=s.votes, found=found, points=points, drawer_points=drawer_points,
        )]
        s.scores = [a + b for a, b in zip(s.scores, points)]
        s.last_call = None
        s.words, s.places, s.strokes, s.redo, s.done = [], [], [], [], []
        s.lineup, s.votes = [], []
        if s.round >= ROUNDS:
            s.phase = OVER  # IN-6
        else:
            s.phase = REVEAL
            s.ready = [False] * s.seats

    def _on_ready(self, s: IncognitoState, action: Action) -> None:
        if s.phase != REVEAL:
            raise IllegalAction("not_reveal", s.phase)
        if s.ready[action.seat]:
            raise IllegalAction("already_ready")
        s.ready = _with(s.ready, action.seat, True)
        if all(s.ready):
            s.ready = []
            s.round += 1
            s.phase = DEAL

    # --- information -----------------------------------------------------------------
    def view(self, state: IncognitoState, seat: int | None) -> SeatView:
        running = self.countdown(state)
        public = IncognitoPublic(
            phase=state.phase,
            round=state.round,
            rounds=ROUNDS,
            seats=state.seats,
            places=list(state.places),
            drawings=state.strokes,
            redo_counts=[len(r) for r in state.redo],
            done=list(state.done),
            countdown=TimerInfo(running.name, running.started, running.ticks) if running else None,
            lineup=list(state.lineup),
            voted=[sum(1 for n in row if n) for row in state.votes],
            scores=list(state.scores),
            ready=list(state.ready),
            history=self._public_history(state),
        )
        if seat is None:
            return SeatView(None, public)
        my_word = state.words[seat] if state.words else None
        my_votes = MyVotes(seat, list(state.votes[seat])) if state.votes else None
        return SeatView(seat, public, IncognitoPrivate(my_word=my_word, my_votes=my_votes))

    @staticmethod
    def _public_history(state: IncognitoState) -> list[RoundRecord]:
        """Past rounds; their drawings only where a screen shows them (the reveal of the
        round just played, the gallery at the end), which keeps views light."""
        out = []
        for i, record in enumerate(state.history):
            keep = state.phase == OVER or (state.phase == REVEAL and i == len(state.history) - 1)
            out.append(record if keep else replace(record, drawings=[]))
        return out

    def secrets(self, state: IncognitoState, seat: int) -> Iterable[tuple[str, Any]]:
        if state.words:
            yield "my_word", state.words[seat]
        if state.votes:
            yield "my_votes", MyVotes(seat, list(state.votes[seat]))

    def invariants(self, state: IncognitoState) -> None:
        n = state.seats
        assert len(state.scores) == n
        used = set(state.words)
        assert len(state.words) in (0, n) and len(used) == len(state.words), "each seat its own word"
        assert len(set(state.places)) == len(state.places), "each seat its own place"
        assert not used & set(state.word_deck), "a dealt word is still in the deck"
        if state.phase == VOTE:
            assert len(state.lineup) == TILES and len(set(state.lineup)) == TILES, "lineup of 6 distinct words"
            assert used <= set(state.lineup), "every player's word is on a tile"
        for record in state.history:
            assert len(record.lineup) == TILES and len(set(record.lineup)) == TILES
            assert set(record.words) <= set(record.lineup)
            for voter, row in enumerate(record.votes):
                numbers = [row[t] for t in range(n) if t != voter]
                assert row[voter] == 0 and all(1 <= x <= TILES for x in numbers), "a vote for every other drawing"
                assert len(set(numbers)) == len(numbers), "a voter's numbers are distinct"
            assert score_round(record.words, record.lineup, record.votes)[1] == record.points
        for voter, row in enumerate(state.votes):
            numbers = [x for x in row if x]
            assert row[voter] == 0 and len(set(numbers)) == len(numbers), "a voter's numbers are distinct"
        totals = [sum(r.points[s] for r in state.history) for s in range(n)]
        assert totals == state.scores, "scores are the sum of the rounds' points"
