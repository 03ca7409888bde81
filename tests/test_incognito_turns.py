"""Incognito's drawings stay face down until the line-up (issue 25 item 12, IN-2a): no
stroke in the public view nor in another seat's, and the seats on the shared screen
draw in turns whose last call waits until the last drawer has had its time."""

from functools import lru_cache

import pytest

from game import paths
from game.core.actions import Action, IllegalAction
from game.core.events import PhaseStarted, TimedOut, visible
from game.core.serial import canonical_json, to_plain
from game.core.session import Session
from game.games.incognito.entries import ENTRIES
from game.games.incognito.rules.drawing import BRUSH_WIDTHS, Stroke, make_stroke
from game.games.incognito.rules.events import DrawingFinished, LastCall, TurnOpened
from game.games.incognito.rules.game import Incognito
from game.games.incognito.rules.turns import TURN_SEATS

ENTRY = ENTRIES[0]
SECOND = 60


@lru_cache(maxsize=None)
def catalogue():
    return ENTRY.load_catalogue(paths.data_dir(), None)[0]


def session(seats=4, turn_seats=(), timer_scale=1.0, seed=3, **options):
    config = dict(ENTRY.default_config(seats, timer_scale), **options)
    if turn_seats:
        config[TURN_SEATS] = list(turn_seats)
    return Session(Incognito(catalogue()), config, seed)


def line(x=100, colour="black"):
    return {"stroke": make_stroke("pen", colour, BRUSH_WIDTHS[1], [(x, 100), (x + 200, 150)])}


def at(s, tick, kind, seat, data=None):
    """Move the clock on to ``tick`` (no countdown may run out on the way), then submit."""
    assert not s.advance(tick - s.tick), f"a countdown ran out before tick {tick}"
    return s.submit(Action(kind, seat, data or {}))


# --- the drawings are face down -----------------------------------------------------------
@pytest.mark.parametrize("turn_seats", [(), (0, 2)])
def test_no_stroke_in_the_public_view_nor_another_seat_s_while_drawing(turn_seats):
    s = session(seats=3, turn_seats=turn_seats)
    if turn_seats:
        s.submit(Action("start", 0))
    s.submit(Action("stroke", 0, line()))
    s.submit(Action("sketch", 1, {"strokes": [line(50)["stroke"], line(70, "red")["stroke"]]}))
    public = s.view(None).public
    assert public.drawings == [(), (), ()] and public.stroke_counts == [1, 2, 0]
    for seat in (None, 2):
        assert '"points"' not in canonical_json(s.view(seat)), f"a stroke in seat {seat}'s view"
    seat_0s = canonical_json(to_plain(line()["stroke"])["points"])
    assert seat_0s not in canonical_json(s.view(1)) and seat_0s in canonical_json(s.view(0))
    mine = s.view(0).private.my_drawing
    assert mine.strokes == (Stroke.from_data(line()["stroke"]),) and mine.redo == 0
    # the leak checks cover it: each stroke is its drawer's secret while the drawing lasts
    assert [value for name, value in s.definition.secrets(s.state, 1) if name == "points"] == \
        [stroke.points for stroke in s.state.strokes[1]]
    for seat in range(3):
        if seat in turn_seats and s.state.turns.current(s.state.done) == seat and s.state.turns.opened is None:
            s.submit(Action("start", seat))
        s.submit(Action("done", seat))
    assert s.state.phase == "vote"
    assert s.view(None).public.drawings == s.state.strokes and s.view(2).private.my_drawing is None
    assert not [name for seat in range(3) for name, _ in s.definition.secrets(s.state, seat) if name == "points"]


def test_a_turn_is_opened_by_its_drawer_and_told_to_everyone():
    s = session(seats=4, turn_seats=(1, 3))
    public = s.view(None).public
    assert (public.turn_seats, public.turn, public.turn_open) == ([1, 3], 1, False)
    assert [a.kind for a in s.legal(1)] == ["start"]          # seat 1 may only open its turn
    assert s.legal(3) == []                                     # seat 3 waits for its own
    assert {"stroke", "done"} <= {a.kind for a in s.legal(0)}   # seats 0 and 2 draw at once
    for seat, kind in ((1, "stroke"), (3, "stroke"), (3, "start"), (1, "done")):
        with pytest.raises(IllegalAction) as refused:
            s.submit(Action(kind, seat, line() if kind == "stroke" else {}))
        assert refused.value.reason == "not_your_turn", (seat, kind)
    events = s.submit(Action("start", 1))
    assert events == (TurnOpened(1),) and visible(events, None) == events
    assert s.view(None).public.turn_open and {"stroke", "done"} <= {a.kind for a in s.legal(1)}
    s.submit(Action("stroke", 1, line()))
    s.submit(Action("done", 1))
    assert not s.legal(1)
    with pytest.raises(IllegalAction) as refused:
        s.submit(Action("undone", 1))
    assert refused.value.reason == "turn_over"                  # a turn's "done" is final
    public = s.view(None).public
    assert (public.turn, public.turn_open) == (3, False) and [a.kind for a in s.legal(3)] == ["start"]
    s.submit(Action("done", 0))
    s.submit(Action("undone", 0))                               # a seat drawing at once may take it back


def test_bad_turn_seats_in_a_config_are_refused():
    for bad in ([0, 0], [4], [-1], ["0"], "0,1", [True]):
        config = dict(ENTRY.default_config(4), **{TURN_SEATS: bad})
        with pytest.raises(ValueError):
            Session(Incognito(catalogue()), config, 1)


# --- the last call waits for the last turn (IN-2a) ------------------------------------------
def test_a_turn_opened_after_everyone_else_is_done_gets_its_time_before_the_last_call():
    """Seats 2 and 3 draw at once (done after 40 and 50 s), seat 0's turn takes 45 s;
    seat 1, whose turn comes last, opens it long after: it draws 50 s (the slowest of the
    others) before its 5-second last call, not 5 s."""
    s = session(seats=4, turn_seats=(0, 1))
    at(s, 40 * SECOND, "done", 2)
    at(s, 50 * SECOND, "done", 3)
    at(s, 51 * SECOND, "start", 0)
    events = at(s, 96 * SECOND, "done", 0)                 # seat 1 is the only one left…
    assert events == (DrawingFinished(0, True),) and s.state.last_call is None
    assert s.definition.countdown(s.state) is None          # …but its turn is not open: no clock
    assert not s.advance(600 * SECOND) and s.state.phase == "draw"
    opened = s.tick
    assert at(s, opened, "start", 1) == (TurnOpened(1),)
    countdown = s.definition.countdown(s.state)
    assert (countdown.name, countdown.started, countdown.ticks) == ("grace", opened, 50 * SECOND)
    s.advance(50 * SECOND - 1)
    s.submit(Action("stroke", 1, line()))
    events = s.advance(1)
    assert events == (TimedOut("grace"), LastCall(1)) and s.state.last_call == opened + 50 * SECOND
    s.advance(5 * SECOND - 1)
    s.submit(Action("stroke", 1, line(300)))                # still drawing in the last call
    assert s.state.phase == "draw"
    events = s.advance(1)
    assert events[:2] == (TimedOut("last_call"), PhaseStarted("lineup"))
    assert len(s.view(None).public.drawings[1]) == 2


def test_a_turn_drawer_gets_at_least_the_floor_when_everyone_else_was_quick():
    s = session(seats=3, turn_seats=(0,), timer_scale=1.5)
    at(s, 2 * SECOND, "done", 1)
    at(s, 3 * SECOND, "done", 2)
    at(s, 4 * SECOND, "start", 0)
    countdown = s.definition.countdown(s.state)
    assert (countdown.name, countdown.ticks) == ("grace", 45 * SECOND)   # 30 s, × 1.5


def test_the_booklet_s_last_call_is_unchanged_for_seats_drawing_at_once():
    """A seat drawing at once left last gets its 5 seconds at once, turns or not."""
    s = session(seats=3, turn_seats=(0,))
    at(s, SECOND, "start", 0)
    at(s, 2 * SECOND, "done", 0)
    events = at(s, 3 * SECOND, "done", 1)
    assert events == (DrawingFinished(1, True), LastCall(2))
    assert s.definition.countdown(s.state).name == "last_call"


def test_timers_off_give_a_last_turn_its_never_ending_last_call_at_once():
    s = session(seats=3, turn_seats=(0,), timer_scale=0.0)
    s.submit(Action("done", 1))
    s.submit(Action("done", 2))
    assert s.submit(Action("start", 0)) == (TurnOpened(0), LastCall(0))
    assert s.definition.countdown(s.state).deadline is None and not s.advance(10 ** 6)


def test_the_time_limit_counts_from_each_turn_s_opening():
    """``drawing_time_limit`` (60 s): the seats drawing at once stop 60 s after the deal
    (taken as they are, no taking back), a turn 60 s after it opened."""
    s = session(seats=4, turn_seats=(0, 1), drawing_time_limit=60)
    assert s.definition.countdown(s.state).name == "time_limit"
    at(s, 50 * SECOND, "start", 0)
    s.submit(Action("stroke", 2, line()))
    events = s.advance(10 * SECOND)
    assert events == (TimedOut("time_limit"), DrawingFinished(2, True), DrawingFinished(3, True))
    assert s.state.phase == "draw" and s.view(None).public.done == [False, False, True, True]
    with pytest.raises(IllegalAction) as refused:
        s.submit(Action("undone", 2))
    assert refused.value.reason == "time_up"
    countdown = s.definition.countdown(s.state)
    assert (countdown.name, countdown.started) == ("turn_limit", 50 * SECOND)
    events = s.advance(50 * SECOND)                          # seat 0's turn ends 60 s after it opened
    assert events == (TimedOut("turn_limit"), DrawingFinished(0, True))
    assert s.view(None).public.turn == 1 and s.definition.countdown(s.state) is None
    at(s, 500 * SECOND, "start", 1)
    s.advance(60 * SECOND - 1)
    assert s.state.phase == "draw"
    assert s.advance(1)[:2] == (TimedOut("turn_limit"), DrawingFinished(1, True))
    assert s.state.phase == "vote"


def test_turns_are_in_the_save_and_replay():
    s = session(seats=3, turn_seats=(0, 1), drawing_time_limit=60)
    at(s, 100, "start", 0)
    s.submit(Action("stroke", 0, line()))
    s.advance(4000)
    again = Session.from_json(s.to_json(), lambda _id: s.definition)
    assert again.hash() == s.hash() and again.config[TURN_SEATS] == [0, 1]
    assert to_plain(again.state)["turns"] == to_plain(s.state)["turns"]
    assert "turns" not in to_plain(session(seats=3).state)    # saves made before turns hash as they did


def test_a_turn_seat_played_on_a_phone_waits_then_opens_its_turn_there():
    """A pad's seat a phone took on resuming still draws in its turn (IN-2a): its phone
    says to wait, then offers "Start drawing" (the ``start`` move), then the sheet."""
    from game.companion.present import phone_screen
    from game.i18n import Strings

    strings = Strings.load(paths.data_dir() / "i18n", "en")
    s = session(seats=3, turn_seats=(0, 1))

    def screen(seat):
        return phone_screen(ENTRY, s.view(seat), s.legal(seat), strings, catalogue())

    waiting = screen(1)
    assert waiting["title"] == "Wait for your turn to draw" and waiting["waiting"] and "canvas" not in waiting
    called = screen(0)
    assert called["title"] == "Your turn to draw: start when you're ready" and not called["canvas"]["enabled"]
    start = [item["move"] for section in called["sections"] for item in section["items"]]
    assert start == [{"kind": "start", "data": {}}] and s.submit(Action("start", 0, {})) == (TurnOpened(0),)
    drawing = screen(0)
    assert drawing["title"] == "Draw your word" and drawing["canvas"]["enabled"]
    assert screen(2)["canvas"]["enabled"]  # the seat drawing at once draws all along


@pytest.mark.parametrize("limit", [0, 60])
def test_bots_play_a_match_whose_seats_draw_in_turns(limit):
    """Bots in turn seats open their turn when it comes and wait before it; the match
    replays (timeouts of turns and graces included) and keeps its invariants."""
    from game.core.playthrough import play_match
    from game.core.rng import Rng
    from game.games.incognito.rules.bots import IncognitoBot

    config = dict(ENTRY.default_config(4, 1.0), drawing_time_limit=limit, **{TURN_SEATS: [1, 3]})
    bots = {s: IncognitoBot(s, Rng.from_seed(f"bot{s}"), catalogue()) for s in range(4)}
    result = play_match(Incognito(catalogue()), config, 8, bots, check=True)
    log = result.session.log
    assert result.outcome is not None and sum(a.kind == "start" for a in log) == 3 * 2
    assert all(len(r.drawings[s]) >= 3 for r in result.session.state.history for s in range(4))
    again = Session.from_json(result.session.to_json(), lambda _id: result.session.definition)
    assert again.hash() == result.session.hash()
