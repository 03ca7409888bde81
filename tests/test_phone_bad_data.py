"""What a phone sends cannot break the TV game nor swell its save (issue 25, item 3).

An act whose data fits no move — an unknown key holding a lone surrogate (valid JSON),
a 60 KB key, a stroke off the canvas — is refused by the engine before it is applied:
the phone gets ``illegal:<why>``, nothing is logged or saved, the App's frames go on
and the next autosave is written. Phones play through the companion's real server
thread and bridge (tests/test_companion_match.py's table).
"""

from __future__ import annotations

from game.core.actions import Action
from game.core.session import Session
from tests.test_companion_match import table  # noqa: F401  (the fixture)
from tests.test_phone_seats import phone_act, seat_table

#: The JSON text of a lone surrogate (a phone's JSON may hold one; UTF-8 cannot).
LONE_SURROGATE = "\ud800"


def test_a_phone_s_junk_is_refused_and_the_autosave_goes_on(table):
    room, companion, crowd = table
    board, phones = seat_table(room, companion, crowd, "incognito", ["Zoé", "Max", "Ana"], [])
    room.until(lambda: board.stage == "draw", limit=600, steps=1)
    session = board.session
    stroke = next(a for a in session.legal(0) if a.kind == "stroke")
    log, saved = len(session.log), session.save_path.read_bytes()

    def refused(data: dict, reason: str) -> None:
        answer = phone_act(room, phones[0], Action("stroke", 0, data))
        assert answer["type"] == "error" and answer["reason"] == reason, answer
        room.run(2)  # App frames: nothing raised, nothing logged, nothing saved
        assert len(session.log) == log and session.save_path.read_bytes() == saved

    refused({**stroke.data, "note": LONE_SURROGATE}, "illegal:bad_data")
    for _ in range(3):  # today's 60 KB keys grew the save by as much at every act
        refused({**stroke.data, "junk": "x" * 60_000}, "illegal:bad_data")
    off_canvas = {**stroke.data["stroke"], "points": [10, 10, 900, 20]}
    refused({"stroke": off_canvas}, "illegal:bad_stroke")   # the stroke's check is the engine's now
    assert phone_act(room, phones[0], stroke)["type"] == "view"
    room.run(2)
    assert len(session.log) == log + 1 and session.log[-1].data == stroke.data
    resumed = Session.load(session.save_path, lambda _id: session.definition,
                           catalogue_version=session.catalogue_version)
    assert resumed.hash() == session.hash()
