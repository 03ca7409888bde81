"""Incognito rules: the printed example, tick-exact countdowns, drawing and voting moves."""

from dataclasses import replace
from functools import lru_cache
from itertools import permutations

import pytest

from game import paths
from game.core.actions import Action, IllegalAction
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.core.session import Session
from game.games.incognito.entries import ENTRIES
from game.games.incognito.rules.bots import IncognitoBot
from game.games.incognito.rules.drawing import (BRUSH_WIDTHS, MAX_STROKES, Stroke, chaikin, make_stroke,
                                                simplify, validate_stroke, validate_strokes)
from game.games.incognito.rules.game import Incognito
from game.games.incognito.rules.scoring import score_round

ENTRY = ENTRIES[0]


@lru_cache(maxsize=None)
def catalogue():
    return ENTRY.load_catalogue(paths.data_dir(), None)[0]


def session(seats=5, timer_scale=1.0, seed=7, **options):
    config = ENTRY.default_config(seats, timer_scale)
    config.update(options)
    return Session(Incognito(catalogue()), config, seed)


def line(x0=100, y0=100, x1=300, y1=200, colour="black"):
    return {"stroke": make_stroke("pen", colour, BRUSH_WIDTHS[1], [(x0, y0), (x1, y1)])}


def finish_drawing(s, seats):
    for seat in range(seats):
        s.submit(Action("done", seat))


def tile(s, word):
    return s.state.lineup.index(word) + 1


def wrong_numbers(s, voter, right):
    """Distinct numbers for ``voter``: ``right`` maps drawer -> True to vote that word,
    every other drawing gets a wrong number."""
    words, seats = s.state.words, s.state.seats
    drawers = [d for d in range(seats) if d != voter]
    for numbers in permutations(range(1, 7), len(drawers)):
        if all((n == tile(s, words[d])) == bool(right.get(d)) for d, n in zip(drawers, numbers)):
            return dict(zip(drawers, numbers))
    raise AssertionError("no such vote")


def test_printed_example_five_players():
    """She finds 3 of the 4 other hidden words (3 points) and 3 of the other 4 players
    find her word (+2): 5 points for the round (printed rules, "Compter les points")."""
    s = session(seats=5)
    finish_drawing(s, 5)
    assert s.state.phase == "vote" and len(s.state.lineup) == 6 == len(set(s.state.lineup))
    her = 0
    plan = {her: {1: True, 2: True, 3: True, 4: False}}
    for voter in (1, 2, 3, 4):  # 3 of the 4 others find her word; nobody finds anyone else's
        plan[voter] = {her: voter != 4}
    for voter, right in plan.items():
        for target, number in wrong_numbers(s, voter, right).items():
            s.submit(Action("vote", voter, {"target": target, "number": number}))
    record = s.state.history[-1]
    assert record.points[her] == 5 and record.drawer_points[her] == 2
    # Seats 1-3 found her word (1) and only she found theirs (+2); nobody found seat 4's.
    assert record.points == [5, 3, 3, 3, 0]
    assert s.state.scores[her] == 5


def test_score_round_all_or_nobody_gives_the_drawer_nothing():
    words = ["a", "b", "c"]
    lineup = ["a", "b", "c", "d", "e", "f"]
    everyone = [[0, 2, 3], [1, 0, 3], [1, 2, 0]]
    found, points, drawer = score_round(words, lineup, everyone)
    assert points == [2, 2, 2] and drawer == [0, 0, 0]
    nobody = [[0, 4, 5], [4, 0, 5], [4, 5, 0]]
    assert score_round(words, lineup, nobody)[1] == [0, 0, 0]


# --- countdowns (IN-2, IN-4) -------------------------------------------------------------

@pytest.mark.parametrize("scale,ticks", [(1.0, 300), (1.5, 450)])
def test_last_call_starts_on_the_second_to_last_done_and_lasts_five_seconds(scale, ticks):
    s = session(seats=4, timer_scale=scale)
    s.advance(100)
    s.submit(Action("done", 0))
    s.advance(20)
    s.submit(Action("done", 1))
    assert s.definition.countdown(s.state) is None
    s.advance(7)
    s.submit(Action("done", 2))  # the second-to-last finishes on tick 127
    countdown = s.definition.countdown(s.state)
    assert (countdown.name, countdown.started, countdown.ticks) == ("last_call", 127, ticks)
    s.advance(ticks - 1)
    assert s.state.phase == "draw" and s.remaining() == 1
    s.submit(Action("stroke", 3, line()))  # the last one still draws on the final tick
    s.advance(1)
    assert s.state.phase == "vote"
    assert s.log[-2].kind == "timeout" and s.log[-2].tick == 127 + ticks
    assert s.state.history == [] and s.view(None).public.drawings[3] == (Stroke.from_data(line()["stroke"]),)


def test_timers_off_never_expire():
    s = session(seats=3, timer_scale=0.0, drawing_time_limit=60)
    s.submit(Action("done", 0))
    s.submit(Action("done", 1))
    assert s.definition.countdown(s.state).deadline is None
    s.advance(10 ** 7)
    assert s.state.phase == "draw"
    s.submit(Action("done", 2))
    assert s.state.phase == "vote"


def test_taking_done_back_cancels_the_last_call_until_one_is_left_again():
    s = session(seats=3)
    s.submit(Action("done", 0))
    s.advance(10)
    s.submit(Action("done", 1))
    assert s.definition.countdown(s.state).started == 10
    s.advance(50)
    s.submit(Action("undone", 0))
    assert s.definition.countdown(s.state) is None
    with pytest.raises(IllegalAction):
        s.submit(Action("undone", 0))
    s.advance(40)
    s.submit(Action("done", 0))
    assert s.definition.countdown(s.state).started == 100


def test_drawing_time_limit_starts_on_the_deal_and_scales():
    s = session(seats=3, timer_scale=1.5, drawing_time_limit=60)
    countdown = s.definition.countdown(s.state)
    assert (countdown.name, countdown.started, countdown.ticks) == ("time_limit", 0, 60 * 60 * 3 // 2)
    s.advance(5399)
    assert s.state.phase == "draw"
    s.advance(1)
    assert s.state.phase == "vote"


def test_time_limit_and_last_call_the_earlier_deadline_wins():
    s = session(seats=3, drawing_time_limit=60)
    s.advance(3500)
    s.submit(Action("done", 0))
    s.submit(Action("done", 1))  # last call would end at 3800; the limit ends at 3600
    assert s.definition.countdown(s.state).name == "time_limit"
    s.advance(100)
    assert s.state.phase == "vote" and s.log[-2].tick == 3600


def test_vote_last_call_fills_missing_votes_with_distinct_random_numbers():
    s = session(seats=4)
    finish_drawing(s, 4)
    s.advance(30)
    for voter in (0, 1, 2):
        for target, number in wrong_numbers(s, voter, {}).items():
            s.submit(Action("vote", voter, {"target": target, "number": number}))
    assert s.definition.countdown(s.state).started == 30
    s.submit(Action("vote", 3, {"target": 0, "number": 6}))
    s.advance(299)
    assert s.state.phase == "vote"
    s.advance(1)
    votes = s.state.history[-1].votes[3]
    assert votes[3] == 0 and votes[0] == 6 and len({votes[0], votes[1], votes[2]}) == 3
    assert s.state.phase == "reveal"
    s.definition.invariants(s.state)


# --- moves -------------------------------------------------------------------------------

def test_votes_are_distinct_and_changeable_until_the_phase_closes():
    s = session(seats=3)
    finish_drawing(s, 3)
    s.submit(Action("vote", 0, {"target": 1, "number": 2}))
    with pytest.raises(IllegalAction) as refused:
        s.submit(Action("vote", 0, {"target": 2, "number": 2}))
    assert refused.value.reason == "number_used"
    s.submit(Action("vote", 0, {"target": 1, "number": 5}))  # changed
    s.submit(Action("vote", 0, {"target": 2, "number": 2}))
    assert s.view(0).private.my_votes.numbers == [0, 5, 2]
    assert s.view(None).public.voted == [2, 0, 0]
    for bad in ({"target": 0, "number": 1}, {"target": 1, "number": 7}, {"target": 9, "number": 1}):
        with pytest.raises(IllegalAction):
            s.submit(Action("vote", 0, bad))


def test_a_ballot_is_several_numbers_in_one_action_all_or_none():
    """A bot hands in all its numbers as one ``ballot``: the same state and events as
    its votes one by one, the last call included; one bad number refuses all of them."""
    one_by_one, at_once = session(seats=3), session(seats=3)
    for s in (one_by_one, at_once):
        finish_drawing(s, 3)
        s.submit(Action("vote", 1, {"target": 0, "number": 4}))
        s.submit(Action("vote", 1, {"target": 2, "number": 1}))
    told = [one_by_one.submit(Action("vote", 0, {"target": t, "number": n})) for t, n in ((2, 6), (1, 3))]
    events = at_once.submit(Action("ballot", 0, {"numbers": [[2, 6], [1, 3]]}))
    assert at_once.hash() == one_by_one.hash() and at_once.state.last_call is not None
    assert [type(e).__name__ for e in events] == [type(e).__name__ for step in told for e in step]
    assert events == tuple(e for step in told for e in step)
    for numbers in ([], [[1, 2], [0, 2]], [[1, 2], [1]], [[0, 7]], [[1, 2], [2, 3]], "1,2", [[0, 1], None]):
        with pytest.raises(IllegalAction):
            at_once.submit(Action("ballot", 2, {"numbers": numbers}))
    assert at_once.state.votes.rows[2] == (None, None, None)


def test_undo_redo_clear_and_stroke_validation():
    s = session(seats=3)
    first, second = line(), line(10, 10, 20, 30, "red")
    s.submit(Action("stroke", 0, first))
    s.submit(Action("stroke", 0, second))
    s.submit(Action("undo", 0))
    one, two = Stroke.from_data(first["stroke"]), Stroke.from_data(second["stroke"])
    assert s.view(0).private.my_drawing.strokes == (one,)
    assert s.view(0).private.my_drawing.redo == 1
    s.submit(Action("redo", 0))
    assert s.view(0).private.my_drawing.strokes == (one, two)
    assert [stroke.to_data() for stroke in s.view(0).private.my_drawing.strokes] == [first["stroke"], second["stroke"]]
    s.submit(Action("clear", 0))
    assert s.view(0).private.my_drawing.strokes == () and s.view(0).public.stroke_counts[0] == 0
    for data in ({"stroke": {"tool": "pen"}}, {"stroke": dict(first["stroke"], colour="gold")},
                 {"stroke": dict(first["stroke"], points=[1, 2, 3])},
                 {"stroke": dict(first["stroke"], points=[900, 2])},
                 {"stroke": dict(first["stroke"], points=[5, 600])}, {"stroke": dict(first["stroke"], points=[5, -1])},
                 {"stroke": dict(first["stroke"], points=[True, 2])}, {"stroke": dict(first["stroke"], points=[5, 2.5])},
                 {"stroke": {"tool": "fill", "colour": "red", "width": 14, "points": [1, 2, 3, 4]}}):
        with pytest.raises(IllegalAction):
            s.submit(Action("stroke", 0, data))
    s.submit(Action("done", 0))
    with pytest.raises(IllegalAction):
        s.submit(Action("stroke", 0, line()))


def test_a_sketch_is_several_strokes_in_one_action_all_or_none():
    """A bot hands in a whole picture as one ``sketch``: the same state and events as
    its strokes one by one; one bad stroke refuses all of them."""
    first, second = line()["stroke"], line(10, 10, 20, 30, "red")["stroke"]
    one_by_one, at_once = session(seats=3), session(seats=3)
    told = [one_by_one.submit(Action("stroke", 0, {"stroke": stroke})) for stroke in (first, second)]
    events = at_once.submit(Action("sketch", 0, {"strokes": [first, second]}))
    assert at_once.state.strokes == one_by_one.state.strokes and at_once.hash() == one_by_one.hash()
    assert [e for e in events if type(e).__name__ == "StrokeDrawn"] == \
        [e for step in told for e in step if type(e).__name__ == "StrokeDrawn"]
    at_once.submit(Action("undo", 0))  # undo takes back the sketch's last stroke only
    assert at_once.state.strokes[0] == (Stroke.from_data(first),)
    for data in ({"strokes": []}, {"strokes": first}, {"stroke": first},
                 {"strokes": [first, dict(second, colour="gold")]}, {"strokes": [first] * (MAX_STROKES)}):
        with pytest.raises(IllegalAction):
            at_once.submit(Action("sketch", 0, data))
    assert at_once.state.strokes[0] == (Stroke.from_data(first),)
    at_once.submit(Action("done", 0))
    with pytest.raises(IllegalAction):
        at_once.submit(Action("sketch", 0, {"strokes": [first]}))


def test_a_sketch_checks_its_strokes_together_as_each_alone():
    """A sketch's points are checked in one pass over all its strokes
    (``validate_strokes``): refused exactly when one stroke alone would be, wherever it
    sits, and the refusal shows that stroke."""
    good = [line()["stroke"], line(10, 10, 20, 30, "red")["stroke"]]
    colours = frozenset(catalogue().colour_ids())
    bads = [dict(good[1], points=points) for points in
            ([10, 10, 800, 30], [10, 600, 20, 30], [10, -1, 20, 30], [-5, 10], [10, True, 20, 30],
             [10, 10.0, 20, 30], [10, 10, 20], [], "10,10")] + [dict(good[1], width=7), "pen"]
    assert validate_strokes(good, colours) is None and validate_strokes([], colours)
    s = session(seats=3)
    for bad in bads:
        assert validate_stroke(bad, colours) == "bad_stroke"
        for strokes in ([bad, *good], [*good, bad], [good[0], bad, good[1]]):
            assert validate_strokes(strokes, colours) == "bad_stroke"
            with pytest.raises(IllegalAction) as refused:
                s.submit(Action("sketch", 0, {"strokes": strokes}))
            where = next(i for i, stroke in enumerate(strokes) if stroke is bad)
            assert refused.value.detail == f"strokes[{where}]: {repr(bad)[:200]}"
    assert s.state.strokes[0] == ()


def test_rounds_deal_fresh_words_and_places_and_the_match_replays():
    s = session(seats=6, seed=3)
    seen_words, seen_places = set(), set()
    for round_ in (1, 2, 3):
        assert s.state.round == round_ and s.state.phase == "draw"
        assert not seen_words & set(s.state.words) and not seen_places & set(s.state.places)
        seen_words |= set(s.state.words)
        seen_places |= set(s.state.places)
        assert s.view(2).private.my_word == s.state.words[2]
        assert s.view(None).public.places == s.state.places
        s.submit(Action("stroke", 1, line()))
        finish_drawing(s, 6)
        for voter in range(6):
            for target, number in wrong_numbers(s, voter, {(voter + 1) % 6: True}).items():
                s.submit(Action("vote", voter, {"target": target, "number": number}))
        if round_ < 3:
            for seat in range(6):
                s.submit(Action("ready", seat))
    outcome = s.outcome()
    assert outcome is not None and len(s.state.history) == 3
    assert all(outcome.ranks[w] == 1 for w in outcome.winners)
    replayed = Session.from_json(s.to_json(), lambda _id: s.definition)
    assert replayed.hash() == s.hash()


def test_ties_share_the_victory():
    definition = Incognito(catalogue())
    state = replace(session(seats=3).state, phase="over", scores=[4, 4, 1])
    outcome = definition.outcome(state)
    assert outcome.winners == (0, 1) and outcome.ranks == {0: 1, 1: 1, 2: 3}


@pytest.mark.parametrize("seats,scale,limit", [(3, 0.0, 0), (4, 1.0, 60), (5, 1.5, 0), (6, 1.0, 90)])
def test_bot_playthroughs(seats, scale, limit):
    config = dict(ENTRY.default_config(seats, scale), drawing_time_limit=limit)
    bots = {s: IncognitoBot(s, Rng.from_seed(f"bot{s}"), catalogue()) for s in range(seats)}
    result = play_match(Incognito(catalogue()), config, seats * 11, bots, check=True)
    assert sum(result.outcome.scores.values()) > 0
    assert all(len(r.drawings[s]) >= 3 for r in result.session.state.history for s in range(seats))


def test_smoothing_keeps_the_ends_and_thins_the_middle():
    raw = [(x, (x % 7) * 0.3) for x in range(100)]
    smooth = simplify(chaikin(raw))
    assert smooth[0] == raw[0] and smooth[-1] == raw[-1] and len(smooth) < len(raw) // 2


class _Checked(Incognito):
    """Incognito whose ``step`` asserts the engine's contract on every action: the
    state it was given is left exactly as it was (handlers replace what they change)."""

    applied = 0

    def step(self, state, action):
        from game.core.serial import canonical_json

        before = canonical_json(state)
        drawings = [tuple(strokes) for strokes in state.strokes]
        try:
            return super().step(state, action)
        finally:
            assert canonical_json(state) == before, f"apply changed its input ({action.kind})"
            assert all(a is b for old, new in zip(drawings, state.strokes) for a, b in zip(old, new))
            type(self).applied += 1


@pytest.mark.parametrize("seats,limit", [(4, 0), (6, 60)])
def test_apply_never_changes_the_previous_state_and_shares_its_strokes(seats, limit):
    definition = _Checked(catalogue())
    config = dict(ENTRY.default_config(seats, 1.0), drawing_time_limit=limit)
    bots = {s: IncognitoBot(s, Rng.from_seed(f"bot{s}"), catalogue()) for s in range(seats)}
    play_match(definition, config, 5, bots, check=True)      # every kind a match uses, timeouts too
    s = Session(definition, ENTRY.default_config(3, 1.0), 3)  # and the edits bots never make
    s.submit(Action("stroke", 0, line()))
    before = s.state
    s.submit(Action("stroke", 0, line(5, 5, 50, 50, "red")))
    assert s.state.strokes[0][0] is before.strokes[0][0]      # the old stroke is shared, not copied
    assert len(before.strokes[0]) == 1                          # and the old state still has one
    for kind in ("undo", "redo", "undo", "clear", "done", "undone"):
        s.submit(Action(kind, 0))
    with pytest.raises(IllegalAction):
        s.submit(Action("undo", 0))
    assert _Checked.applied > 100
