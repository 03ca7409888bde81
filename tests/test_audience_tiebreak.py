"""The audience breaks a tie (issue 30 item 2; docs/rules.md AU-2): Personality's second
vote still tied (PE-6) goes to the audience's pick when the lobby option "Audience breaks
ties" is on. The say is an ``AUDIENCE`` action in the log, which the session submits at
once from its ``audience`` source, so a replay needs no audience; off (the default), or
with no say, the printed rule stands (the card goes under the deck)."""

from __future__ import annotations

from functools import lru_cache

import pytest

from game import paths
from game.core.actions import AUDIENCE, Action, IllegalAction
from game.core.events import AudienceDecided
from game.core.session import Session
from game.games.personality.entries import ENTRIES
from game.games.personality.rules.game import AUDIENCE_TIEBREAK

ENTRY = ENTRIES[0]


@lru_cache(maxsize=None)
def catalogue():
    return ENTRY.load_catalogue(paths.data_dir(), None)[0]


def tied_twice(breaks_ties: bool, say=None) -> tuple[Session, str, list]:
    """A 4-seat match whose first card ties 1 against 2, is debated and ties again;
    ``say(state)``: the audience's say when asked. Returns the session, the card and
    the events of the second vote's last ballot."""
    config = ENTRY.default_config(4)
    config[AUDIENCE_TIEBREAK] = breaks_ties
    session = Session(ENTRY.make_definition(catalogue()), config, "tie")
    session.audience = say
    reader = session.state.reader
    card = session.state.hands[reader][0]
    session.submit(Action("read", reader, {"card": card}))
    for seat, choice in ((0, 1), (1, 1), (2, 2), (3, 2)):
        session.submit(Action("vote", seat, {"choice": choice, "bet": 1}))
    for seat in range(4):
        session.submit(Action("ready", seat))
    assert session.state.phase == "revote"
    events: list = []
    for seat, choice in ((0, 1), (1, 1), (2, 2), (3, 2)):
        events = list(session.submit(Action("vote", seat, {"choice": choice, "bet": 1})))
    return session, card, events


def test_the_option_is_off_by_default_and_declared_by_the_game():
    assert ENTRY.default_config(4)[AUDIENCE_TIEBREAK] is False
    assert AUDIENCE_TIEBREAK in [option.id for option in ENTRY.options]


def test_the_audience_s_pick_elects_among_the_tied_and_is_logged():
    asked = []

    def say(state):
        asked.append(state.phase)
        return {"choice": 2}

    session, card, events = tied_twice(True, say)
    assert asked == ["verdict"]
    assert session.state.received[2][-1] == card and session.state.phase == "read"
    assert session.state.result.outcome == "elected" and session.state.result.elected == 2
    assert session.state.result.stage == "revote" and list(session.state.result.tied) == [1, 2]
    # as a second vote's winner: those who named 2 move 1, the others stay
    assert [p - q for p, q in zip(session.state.positions, (0, 0, 0, 0))] == [0, 0, 1, 1]
    assert AudienceDecided(2) in events
    said = [a for a in session.log if a.kind == AUDIENCE]
    assert len(said) == 1 and said[0].seat is None and dict(said[0].data) == {"choice": 2}
    # the log replays without any audience
    replayed = Session.from_json(session.to_json(), lambda _id: ENTRY.make_definition(catalogue()))
    assert replayed.hash() == session.hash()


@pytest.mark.parametrize("say, logged", [(None, {}), (lambda state: {}, {}), (lambda state: {"choice": 3}, {"choice": 3}),
                                         (lambda state: {"choice": "x"}, {})],
                         ids=["no audience", "no say", "not a tied player", "refused data: logged as no say"])
def test_with_no_say_the_printed_rule_stands(say, logged):
    session, card, events = tied_twice(True, say)
    assert session.state.deck[-1] == card and session.state.result.outcome == "none"
    assert not any(isinstance(e, AudienceDecided) for e in events)
    assert [dict(a.data) for a in session.log if a.kind == AUDIENCE] == [logged]


def test_off_the_audience_is_never_asked():
    def say(state):
        raise AssertionError("asked with the option off")

    session, card, _ = tied_twice(False, say)
    assert session.state.deck[-1] == card and not [a for a in session.log if a.kind == AUDIENCE]


def test_a_player_cannot_send_the_audience_s_say():
    session, _, _ = tied_twice(False)
    with pytest.raises(IllegalAction) as refused:
        session.submit(Action(AUDIENCE, 0, {"choice": 1}))
    assert refused.value.reason == "reserved"


def test_an_older_save_s_state_hashes_as_before():
    """The new state field stays out of the plain form while off (saves keep their hashes)."""
    session = Session(ENTRY.make_definition(catalogue()), ENTRY.default_config(4), "plain")
    from game.core.serial import to_plain

    assert "audience_breaks_ties" not in to_plain(session.state)
