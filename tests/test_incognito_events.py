"""Incognito on declared phases: saves made before the conversion replay to the same
states, and every move tells what it did as events, secrets only to their seat."""

import json
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from game import paths
from game.core.actions import Action, IllegalAction
from game.core.events import MatchOver, PhaseStarted, Revealed, TimedOut, visible
from game.core.session import Session
from game.games.incognito.entries import ENTRIES
from game.games.incognito.rules.drawing import BRUSH_WIDTHS, Stroke, make_stroke
from game.games.incognito.rules.events import (Dealt, DrawingEdited, DrawingFinished, LastCall, LineupDealt,
                                               NumberGiven, Ready, Scored, StrokeDrawn, VoteCast, VotesFilled,
                                               VotesRevealed, WordDealt)
from game.games.incognito.rules.game import Incognito

ENTRY = ENTRIES[0]
SAVES = Path(__file__).parent / "data" / "incognito_saves"


@lru_cache(maxsize=None)
def catalogue():
    """The words and places the saves were dealt from, kept beside them (``deck/``)."""
    return ENTRY.load_catalogue(SAVES / "deck", None)[0]


@pytest.mark.parametrize("name", sorted(p.name for p in SAVES.glob("*.json")))
def test_saves_made_before_the_phase_model_replay_to_their_hashes(tmp_path, name):
    """Bot matches (3, 5 and 6 seats; undo, redo, clear, a drawing taken back, a vote
    changed, time limits and last calls that fill votes) saved by the rules before they
    moved onto declared phases. ``meta.checkpoints`` holds the state hash after that many
    actions (every phase change, every edit), so every phase's state is checked, not
    only the final one."""
    path = tmp_path / name
    shutil.copy(SAVES / name, path)
    raw = json.loads(path.read_text())
    assert Session.load(path, lambda _id: Incognito(catalogue())).hash() == raw["hash"]
    replay = Session(Incognito(catalogue()), raw["config"], raw["seed"], _replaying=True)
    checkpoints = raw["meta"]["checkpoints"]
    assert len(checkpoints) >= 10
    for index, item in enumerate(raw["log"]):
        if str(index) in checkpoints:
            assert replay.hash() == checkpoints[str(index)], f"state after {index} actions"
        replay._apply(Action.from_json(item))
    assert replay.outcome() is not None and replay.hash() == raw["hash"]


# --- events ------------------------------------------------------------------------------------------
def session(seats=3, seed=4):
    return Session(Incognito(catalogue()), ENTRY.default_config(seats, 1.0), seed)


def stroke(colour="black"):
    return {"stroke": make_stroke("pen", colour, BRUSH_WIDTHS[1], [(100, 100), (200, 150)])}


def vote_all(s, seats, skip=()):
    """Every voter but ``skip`` numbers the other drawings 1, 2, … in seat order."""
    events = ()
    for voter in range(seats):
        if voter in skip:
            continue
        for number, target in enumerate((t for t in range(seats) if t != voter), start=1):
            events = s.submit(Action("vote", voter, {"target": target, "number": number}))
    return events


def test_the_deal_tells_the_places_to_all_and_each_word_to_its_seat_only():
    s = Session(Incognito(catalogue()), ENTRY.default_config(3, 1.0), 4, _replaying=True)
    events = s._settle()
    words, places = s.state.words, tuple(s.state.places)
    assert visible(events, None) == (Dealt(1, places), PhaseStarted("draw"))
    assert visible(events, 1) == (Dealt(1, places), WordDealt(1, words[1]), PhaseStarted("draw"))
    assert str(WordDealt(1, words[1])) == f"seat 1 is dealt the word {words[1]}"


def test_strokes_and_edits_are_told_to_their_drawer_only_and_done_to_all():
    """IN-2a: a drawing is its drawer's secret until the line-up, so its strokes and
    edits are private events; "done" and the last call are public."""
    s = session()
    events = s.submit(Action("stroke", 0, stroke()))
    drawn = Stroke.from_data(stroke()["stroke"])
    assert events == (StrokeDrawn(0, 1, drawn),)
    assert visible(events, 0) == events and visible(events, None) == () and visible(events, 1) == ()
    assert str(events[0]) == "seat 0 drew stroke 1 (pen, black)"
    events = s.submit(Action("sketch", 1, {"strokes": [stroke()["stroke"]] * 2}))
    assert visible(events, 1) == events and len(events) == 2 and visible(events, None) == visible(events, 0) == ()
    for kind, told in (("undo", DrawingEdited(0, "undo", 0)), ("redo", DrawingEdited(0, "redo", 1)),
                       ("clear", DrawingEdited(0, "clear", 0))):
        events = s.submit(Action(kind, 0))
        assert events == (told,) and visible(events, None) == visible(events, 2) == () and visible(events, 0) == events
    s.submit(Action("stroke", 0, stroke()))
    assert s.submit(Action("done", 0)) == (DrawingFinished(0, True),)
    assert s.submit(Action("done", 1)) == (DrawingFinished(1, True), LastCall(2))
    assert s.submit(Action("undone", 1)) == (DrawingFinished(1, False),)
    s.submit(Action("done", 1))
    events = s.submit(Action("done", 2))
    assert events[:2] == (DrawingFinished(2, True), PhaseStarted("lineup"))
    assert events[2] == LineupDealt(tuple(s.state.lineup)) and events[3:] == (PhaseStarted("vote"),)


def test_refusals_name_the_phase_or_the_seat_state():
    s = session()
    for action, reason in [(Action("vote", 0, {"target": 1, "number": 1}), "not_voting"),
                           (Action("ready", 0), "not_reveal"), (Action("undone", 0), "not_done")]:
        with pytest.raises(IllegalAction) as err:
            s.submit(action)
        assert err.value.reason == reason
    s.submit(Action("done", 0))
    with pytest.raises(IllegalAction) as err:
        s.submit(Action("stroke", 0, stroke()))
    assert err.value.reason == "already_done"


def test_a_vote_is_told_blind_and_the_reveal_tells_words_votes_and_scores():
    s = session()
    for seat in range(3):
        s.submit(Action("done", seat))
    events = s.submit(Action("vote", 0, {"target": 1, "number": 4}))
    assert events == (VoteCast(0, 1), NumberGiven(0, 1, 4))
    assert visible(events, None) == (VoteCast(0, 1),) and visible(events, 0) == events
    assert str(events[0]) == "seat 0 voted (1 numbered)"
    vote_all(s, 3, skip=(0,))
    assert s.current() == {0}                          # seat 0 still has a drawing to number
    events = s.submit(Action("vote", 0, {"target": 2, "number": 5}))
    record = s.state.history[-1]
    assert events[2:] == (
        PhaseStarted("reveal"), VotesRevealed(1, tuple(map(tuple, record.votes))),
        *(Revealed(seat, "word", word) for seat, word in enumerate(record.words)),
        Scored(1, tuple(record.points), tuple(record.drawer_points), tuple(s.state.scores)))
    assert all(event.visible_to(None) for event in events[2:])


def test_a_finished_voter_may_still_change_a_number_and_the_last_call_fills_the_rest():
    s = session()
    for seat in range(3):
        s.submit(Action("done", seat))
    vote_all(s, 3, skip=(2,))
    assert s.current() == {2} and s.remaining() == 300
    s.submit(Action("vote", 0, {"target": 1, "number": 3}))   # not waited for, still allowed (IN-4)
    assert s.state.votes.rows[0] == (None, 3, 2)
    events = s.advance(300)
    assert events[:3] == (TimedOut("last_call"), VotesFilled((2,)), PhaseStarted("reveal"))
    assert s.state.history[-1].votes[2][2] == 0 and all(s.state.history[-1].votes[2][:2])


def test_the_last_round_ends_the_match_with_its_winners():
    s = session()
    for _ in range(3):
        for seat in range(3):
            s.submit(Action("done", seat))
        events = vote_all(s, 3)
        if s.state.phase == "reveal":
            for seat in range(3):
                events = s.submit(Action("ready", seat))
            assert events[:3] == (Ready(2), PhaseStarted("deal"), Dealt(s.state.round, tuple(s.state.places)))
            assert events[-1] == PhaseStarted("draw")
    outcome = s.outcome()
    assert outcome is not None and events[-1] == MatchOver(outcome.winners, "rounds")
    assert PhaseStarted("over") in events
