"""The drawing phase of Incognito (IN-2, IN-2a): its declaration and its handlers, a
part of :class:`~.game.Incognito` kept in its own module.

Everyone draws at once (IN-2), except the seats that draw on the shared screen, which
draw one at a time behind a curtain (IN-2a, ``turns.py``). A drawing is its drawer's
secret until the line-up (the view and the events keep it so).

The countdowns, from ticks in the state: the last call (IN-2: one seat left; for a turn
drawer, not before its grace is over, below), the drawing time limit for the seats that
draw at once (from the deal) and the same limit for each turn (from its opening), and
the grace. The grace (IN-2a): the booklet's last drawer has always drawn as long as the
second-to-last took, since everyone started together; a turn drawer starts later, so
its last call waits until it has drawn as long as the slowest other drawer took (from
its start to its "done"), and at least ``TURN_FLOOR_SECONDS``. The last call then runs
its 5 seconds as everywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, TypeVar

from ....core.actions import TIMEOUT, Action, IllegalAction
from ....core.engine import Countdown, Step, seconds_to_ticks
from ....core.phases import Handler, Move, Phase, Who, all_once, anyone, timeout_data
from ....core.records import replace
from ....core.schema import Fields
from ....core.values import Barrier
from .drawing import MAX_STROKES, SketchData, Stroke, StrokeData
from .events import DrawingEdited, DrawingFinished, StrokeDrawn, TurnOpened
from .turns import TURN_FLOOR_SECONDS
from .view import INPhase, Timer

if TYPE_CHECKING:
    from .game import IncognitoState


#: What a list holds (:func:`_with`).
T = TypeVar("T")


def _with(items: list[T], index: int, value: T) -> list[T]:
    """A copy of ``items`` with ``items[index]`` replaced (copy-on-write)."""
    out = list(items)
    out[index] = value
    return out


def acting_seat(action: Action) -> int:
    assert action.seat is not None  # the phase shell checked it
    return action.seat


def may_draw(s: IncognitoState, seat: int) -> bool:
    """``seat`` may draw now (unfinished; a turn seat only in its open turn, IN-2a)."""
    if s.turns is None:
        return not s.done.flags[seat]
    return s.turns.may_draw(seat, s.done)


def waited_for(s: IncognitoState) -> frozenset[int]:
    """The unfinished seats that may act now: a turn seat only once its turn has come
    (IN-2a; the others wait for theirs with nothing to do)."""
    if s.turns is None:
        return s.done.waiting
    current = s.turns.current(s.done)
    return frozenset(seat for seat in s.done.waiting if seat not in s.turns.order or seat == current)


def turn_to_open(s: IncognitoState) -> frozenset[int]:
    """The turn seat whose turn it is and who has not opened it yet."""
    if s.turns is None or s.turns.opened is not None:
        return frozenset()
    current = s.turns.current(s.done)
    return frozenset() if current is None else frozenset((current,))


class DrawingRules:
    """The drawing phase's declaration and handlers (mixed into ``Incognito``)."""

    colour_ids: frozenset[str]
    _sample: dict[str, Any]
    enter: Callable[..., Step[IncognitoState]]
    _last_call: Callable[..., Step[IncognitoState]]
    _last_call_timer: Callable[[IncognitoState], Countdown | None]

    def drawing_phase(self) -> Phase[IncognitoState]:
        drawing: Who[IncognitoState] = all_once(lambda s: s.done.waiting)
        finished: Who[IncognitoState] = lambda s: frozenset(range(s.seats)) - s.done.waiting

        def edit(handler: Handler[IncognitoState], offered: Callable[[IncognitoState, int], object]
                 ) -> Move[IncognitoState]:
            """A drawing move of a seat that may draw now, offered by ``legal`` when it applies."""
            return Move(handler, by=drawing, refusal="already_done", out_of_phase="not_drawing",
                        choices=lambda s, seat: ({},) if may_draw(s, seat) and offered(s, seat) else ())

        return Phase(INPhase.DRAW, {
            # IN-2a: the drawer whose turn it is opens it (its curtain) when ready
            "start": Move(self._start, by=turn_to_open, refusal="not_your_turn", out_of_phase="not_drawing",
                          choices=lambda s, seat: ({},)),
            "stroke": Move(self._stroke, Fields({"stroke": StrokeData(self.colour_ids)}), by=drawing,
                           refusal="already_done", out_of_phase="not_drawing",
                           choices=lambda s, seat: ({"stroke": self._sample},)
                           if may_draw(s, seat) and len(s.strokes[seat]) < MAX_STROKES else ()),
            # several strokes at once: taken, not offered (``stroke`` is, one by one)
            "sketch": Move(self._sketch, Fields({"strokes": SketchData(self.colour_ids)}), by=drawing,
                           refusal="already_done", out_of_phase="not_drawing"),
            "undo": edit(self._undo, lambda s, seat: s.strokes[seat]),
            "clear": edit(self._clear, lambda s, seat: s.strokes[seat]),
            "redo": edit(self._redo, lambda s, seat: s.redo[seat]),
            "done": edit(self._done, lambda s, seat: True),
            "undone": Move(self._undone, by=finished, refusal="not_done", out_of_phase="not_drawing",
                           choices=lambda s, seat: ({},) if s.turns is None or not (
                               seat in s.turns.order or s.turns.closed) else ()),
            TIMEOUT: Move(self._drawing_timeout,
                          timeout_data(Timer.LAST_CALL, Timer.TIME_LIMIT, Timer.TURN_LIMIT, Timer.GRACE)),
        }, active=anyone(), awaited=all_once(waited_for), end_if=lambda s: s.done.complete, next=INPhase.LINEUP,
            countdown=self._drawing_timer, begin=self._open_drawing)

    # --- countdowns ------------------------------------------------------------------------
    @staticmethod
    def _limit(s: IncognitoState) -> int:
        return seconds_to_ticks(s.time_limit, s.timer_scale)

    def _grace(self, s: IncognitoState, seat: int) -> int:
        """Ticks a turn drawer left last draws before its last call (IN-2a): as long as
        the slowest other drawer took, at least the floor; none with timers off."""
        if s.timer_scale <= 0 or s.turns is None:
            return 0
        others = [took for other, took in enumerate(s.turns.took) if other != seat]
        return max([seconds_to_ticks(TURN_FLOOR_SECONDS, s.timer_scale), *others])

    def _drawing_timer(self, s: IncognitoState) -> Countdown | None:
        """The running countdown that runs out first: the last call, the time limits
        (the deal's, a turn's) or the last turn's grace."""
        timers = [self._last_call_timer(s)]
        turns = s.turns
        if s.time_limit > 0:
            if turns is None or (not turns.closed and any(seat not in turns.order for seat in s.done.waiting)):
                timers.append(Countdown(Timer.TIME_LIMIT, s.draw_started, self._limit(s)))
            if turns is not None and turns.opened is not None:
                timers.append(Countdown(Timer.TURN_LIMIT, turns.opened, self._limit(s)))
        if turns is not None and turns.opened is not None and s.last_call is None and len(s.done.waiting) == 1:
            timers.append(Countdown(Timer.GRACE, turns.opened, self._grace(s, min(s.done.waiting))))
        present = [t for t in timers if t is not None]
        running = [(t.deadline, i) for i, t in enumerate(present) if t.deadline is not None]
        if running:
            return present[min(running)[1]]
        return present[0] if present else None

    def _drawing_call(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        """The last call of the drawing (IN-2): as :meth:`_last_call`, except that a turn
        drawer left last gets it only once its turn is open and its grace is over
        (IN-2a); until then the grace countdown runs (or the turn waits to open)."""
        waiting = s.done.waiting
        if len(waiting) == 1 and s.last_call is None and s.turns is not None and min(waiting) in s.turns.order:
            seat = min(waiting)
            if s.turns.opened is None or tick < s.turns.opened + self._grace(s, seat):
                return Step(s)
        return self._last_call(s, waiting, tick)

    # --- the phase -------------------------------------------------------------------------
    def _open_drawing(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        n = s.seats
        opened = s.but(strokes=[()] * n, redo=[()] * n, done=Barrier.open(n), draw_started=tick, last_call=None)
        return Step(opened if s.turns is None else opened.but(turns=s.turns.fresh(n)))

    def _start(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """A turn drawer opens its turn (IN-2a): it may draw from this tick on."""
        assert s.turns is not None  # (``turn_to_open`` is empty without turns)
        seat = acting_seat(action)
        new, events = self._drawing_call(s.but(turns=replace(s.turns, opened=action.tick)), action.tick)
        return Step(new, (TurnOpened(seat), *events))

    def _may_draw(self, s: IncognitoState, seat: int) -> None:
        """A turn seat draws only in its open turn (IN-2a)."""
        if not may_draw(s, seat):
            raise IllegalAction("not_your_turn")

    def _stroke(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        return self._draw(s, acting_seat(action), (Stroke.from_data(action.data["stroke"]),))  # checked: StrokeData

    def _sketch(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """Several strokes at once, as if drawn one by one (a bot hands in a whole
        picture: one action instead of dozens, issue 18 item 5); all or none."""
        return self._draw(s, acting_seat(action), tuple(map(Stroke.from_data, action.data["strokes"])))

    def _draw(self, s: IncognitoState, seat: int, added: tuple[Stroke, ...]) -> Step[IncognitoState]:
        self._may_draw(s, seat)
        before = s.strokes[seat]
        if len(before) + len(added) > MAX_STROKES:
            raise IllegalAction("too_many_strokes")
        new = s.but(strokes=_with(s.strokes, seat, before + added), redo=_with(s.redo, seat, ()))
        return Step(new, tuple(StrokeDrawn(seat, len(before) + i, stroke) for i, stroke in enumerate(added, 1)))

    def _undo(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = acting_seat(action)
        self._may_draw(s, seat)
        if not s.strokes[seat]:
            raise IllegalAction("nothing_to_undo")
        new = s.but(redo=_with(s.redo, seat, s.redo[seat] + s.strokes[seat][-1:]),
                    strokes=_with(s.strokes, seat, s.strokes[seat][:-1]))
        return Step(new, (DrawingEdited(seat, "undo", len(new.strokes[seat])),))

    def _redo(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = acting_seat(action)
        self._may_draw(s, seat)
        if not s.redo[seat]:
            raise IllegalAction("nothing_to_redo")
        new = s.but(strokes=_with(s.strokes, seat, s.strokes[seat] + s.redo[seat][-1:]),
                    redo=_with(s.redo, seat, s.redo[seat][:-1]))
        return Step(new, (DrawingEdited(seat, "redo", len(new.strokes[seat])),))

    def _clear(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        seat = acting_seat(action)
        self._may_draw(s, seat)
        if not s.strokes[seat]:
            raise IllegalAction("nothing_to_clear")
        new = s.but(strokes=_with(s.strokes, seat, ()), redo=_with(s.redo, seat, ()))
        return Step(new, (DrawingEdited(seat, "clear", 0),))

    def _done(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        self._may_draw(s, acting_seat(action))
        return self._mark_done(s, acting_seat(action), True, action.tick)

    def _undone(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """A finished drawer takes it back: allowed until the phase closes (IN-2), but
        not a turn drawer (its turn is over, IN-2a) nor once the time limit took it."""
        seat = acting_seat(action)
        if s.turns is not None and seat in s.turns.order:
            raise IllegalAction("turn_over")
        if s.turns is not None and s.turns.closed:
            raise IllegalAction("time_up")
        return self._mark_done(s, seat, False, action.tick)

    def _took(self, s: IncognitoState, seat: int, tick: int) -> int:
        """Ticks ``seat`` has drawn by ``tick``: since its turn opened, or the deal."""
        assert s.turns is not None
        opened = s.turns.opened if seat in s.turns.order else None
        return tick - (s.draw_started if opened is None else opened)

    def _marked(self, s: IncognitoState, seat: int, done: bool, tick: int) -> IncognitoState:
        marked = s.but(done=s.done.mark(seat, done))
        if s.turns is not None and done:
            marked = marked.but(turns=s.turns.finished(seat, self._took(s, seat, tick)))
        return marked

    def _mark_done(self, s: IncognitoState, seat: int, done: bool, tick: int) -> Step[IncognitoState]:
        new, events = self._drawing_call(self._marked(s, seat, done, tick), tick)
        return Step(new, (DrawingFinished(seat, done), *events))

    def _taken(self, s: IncognitoState, seats: list[int], tick: int) -> Step[IncognitoState]:
        """The time limit takes ``seats``' drawings as they are: done, as if said."""
        for seat in seats:
            s = self._marked(s, seat, True, tick)
        new, events = self._drawing_call(s, tick)
        return Step(new, (*(DrawingFinished(seat, True) for seat in seats), *events))

    def _drawing_timeout(self, s: IncognitoState, action: Action) -> Step[IncognitoState]:
        """The last call ran out, or the drawing time: the unfinished drawings are taken
        as they are (IN-2). With turns (IN-2a), a turn's own limit takes its drawing
        only, the deal's limit those of the seats drawing at once, and the grace's end
        starts the last call."""
        timer, turns = action.data.get("timer"), s.turns
        if timer == Timer.GRACE:
            return self._last_call(s, s.done.waiting, action.tick)
        if turns is not None and timer == Timer.TURN_LIMIT:
            current = turns.current(s.done)
            assert current is not None  # (a turn is open)
            return self._taken(s, [current], action.tick)
        if turns is not None and timer == Timer.TIME_LIMIT and any(seat in turns.order for seat in s.done.waiting):
            at_once = sorted(seat for seat in s.done.waiting if seat not in turns.order)
            return self._taken(s.but(turns=replace(turns, closed=True)), at_once, action.tick)
        return self.enter(s, INPhase.LINEUP, action.tick)

    def _close_drawing(self, s: IncognitoState, tick: int) -> Step[IncognitoState]:
        return Step(s.but(last_call=None))
