"""Every game has its audience play-along (issue 30 item 1; docs/rules.md AU-3), from its
plug-in (``Mode.audience``, ``game.games.audience_kit``): bot matches of every mode, and at
every step its open questions, the answers its public view shows and the audience's
screen, checked:

- every question that opens is answered by a later public view (the TV's reveal), with
  one of its choices, and never while it is still open (guesses stay blind, AU-1);
- every choice fits the declared answer data (``game.core.schema``, as players' moves);
- the screen offers each open question, whose picks are its choices, and holds no
  seat's secret (the leak checker of tests/test_companion_secrets.py, for a viewer with
  no seat);
- where a lean is shown, only for questions already answered.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pytest

from game.catalogue import load_catalogue
from game.cli.audience_swarm import json_objects
from game.core.actions import IllegalAction
from game.core.rng import Rng
from game.core.session import Session
from game.games import all_games
from game.games.audience_kit import AudienceCtx, top_pick
from tests.test_companion_secrets import Moment

MODES = ["secret_identity", "secret_identity_coop", "personality", "mission_secrete", "incognito"]


@lru_cache(maxsize=None)
def catalogue():
    return load_catalogue()


def audience_leaks(moment: Moment, message: Any) -> list[str]:
    """Every seat's secret that ``message`` (to a viewer with no seat) holds."""
    return moment.leaks(None, message)


def play_along(game_id: str, seats: int, seed: int, config: dict | None = None):
    """A bot match; yields (session, public, asks, answers) after every change."""
    entry = all_games()[game_id]
    data = catalogue().game(entry.catalogue_key)
    session = Session(entry.make_definition(data), {**entry.default_config(seats), **(config or {})}, seed)
    bots = {s: entry.make_bot(data, s, Rng.from_seed(f"{seed}/{s}")) for s in range(seats)}
    order = Rng.from_seed(f"order/{seed}")
    play = entry.plugin.audience_play(game_id)
    for _ in range(4000):
        public = session.view(None).public
        yield session, public, play.asks(public, data), play.answers(public)
        if session.outcome() is not None:
            return
        action = None
        for seat in order.shuffled(sorted(session.current())):
            legal = session.legal(seat)
            action = bots[seat].act(session.view(seat), legal) if legal else None
            if action is not None:
                break
        if action is None:
            assert session.jump_to_deadline(), "stuck"
        else:
            session.submit(action)
    raise AssertionError("no end")


@pytest.mark.parametrize("game_id", MODES)
def test_every_question_is_answered_after_it_closes_and_never_before(game_id):
    entry = all_games()[game_id]
    data = catalogue().game(entry.catalogue_key)
    play = entry.plugin.audience_play(game_id)
    schema = play.answer_schema(data)
    opened: dict[str, tuple] = {}
    answered: dict[str, Any] = {}
    for seed in (3, 4):
        for _session, _public, asks, answers in play_along(game_id, entry.max_seats if seed == 3 else entry.min_seats,
                                                            seed):
            for ask in asks:
                assert ask.id not in answers and ask.id not in answered, f"{ask.id} answered while open"
                for choice in ask.choices:
                    schema.check(choice, "answer")
                opened.setdefault(f"{seed}:{ask.id}", ask.choices)
            for question, answer in answers.items():
                answered[f"{seed}:{question}"] = answer
    assert opened, f"{game_id}: the audience was never asked anything"
    unanswered = sorted(set(opened) - set(answered))
    assert not unanswered, unanswered[:5]
    assert all(answered[q] in choices for q, choices in opened.items()), game_id
    with pytest.raises(IllegalAction):
        schema.check({"not": "an answer"}, "answer")


@pytest.mark.parametrize("game_id", MODES)
def test_the_audience_screen_offers_every_open_question_and_no_secret(game_id):
    entry = all_games()[game_id]
    data = catalogue().game(entry.catalogue_key)
    play = entry.plugin.audience_play(game_id)
    ctx = AudienceCtx(catalogue().strings, data, None, game_id, config=entry.default_config(entry.min_seats))
    answered: set[str] = set()
    screens = 0
    for session, public, asks, answers in play_along(game_id, entry.min_seats, 5):
        answered |= set(answers)
        leans = {question: {answer: 3} for question, answer in answers.items()}
        screen = play.screen(ctx, public, asks, leans)
        screens += 1
        offered = {item["ask"]: item for item in json_objects(screen) if "label" in item and "ask" in item}
        assert set(offered) == {ask.id for ask in asks}, (game_id, str(public.phase))
        for ask in asks:
            picks = [pick["guess"] for pick in offered[ask.id]["choices"]["items"]]
            assert picks == [{"question": ask.id, "answer": choice} for choice in ask.choices]
        problems = audience_leaks(Moment(session.definition, session.state), screen)
        assert not problems, problems[:3]
    assert screens > 10


def test_the_checker_sees_a_secret_slipped_into_an_audience_screen():
    """Positive control: a seat's secret planted in a real audience screen is caught."""
    for session, public, asks, _answers in play_along("mission_secrete", 3, 5):
        if asks:
            moment = Moment(session.definition, session.state)
            name, value = moment.own[0][0]
            assert audience_leaks(moment, {"title": "x", "extra": {name: value}})
            return
    pytest.fail("no question was ever open")


def test_the_verdict_is_the_most_predicted_tied_player():
    play = all_games()["personality"].plugin.audience_play("personality")

    class Verdict:
        phase, ballot, candidates = "verdict", 4, (1, 2)

    assert play.verdict(Verdict, lambda q: {1: 3, 2: 5, "nobody": 9} if q == "v4" else {}) == {"choice": 2}
    assert play.verdict(Verdict, lambda q: {1: 4, 2: 4}) == {}
    assert play.verdict(Verdict, lambda q: {}) == {}
    assert top_pick({"a": 2}, ("a", "b")) == "a" and top_pick({}, ("a",)) is None
