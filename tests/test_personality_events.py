"""Personality on declared phases: what ``step`` tells (events), the one vote count, the
options declared once, saves made before the conversion, and the board animating from
events rather than from comparing views."""

import json
from dataclasses import replace
import shutil
from pathlib import Path

import pytest

from game.context import build_context
from game.core.actions import Action
from game.core.events import MatchOver, PhaseStarted, visible
from game.core.rng import Rng
from game.core.serial import to_plain
from game.core.session import Session
from game.games.personality.rules.events import (CardPlayed, CardRead, ContestResolved, EndgameOver, ExchangeChosen,
                                           Exchanged, InversionStarted, Landed, MaskMoved, SentToDoor, VoteCast,
                                           VoteRevealed)
from game.games.personality.rules.game import PersonalityGame
from game.games.personality.rules.state import VoteBox
from game.games.personality.rules.view import MaskMove, Vote
from game.settings import Settings
from tests.test_personality_rules import ENTRY, B, _summit_state, fresh, game, read_first, vote_all

SAVES = Path(__file__).parent / "data" / "personality_saves"


def step(g, state, kind, seat, **data):
    new, events = g.step(state, Action(kind, seat, data))
    g.invariants(new)
    return new, events


def test_a_vote_is_told_without_its_content_then_revealed():  # PE-3, PE-4
    g, state = fresh(4, positions=[B] * 4)
    card = state.hands[0][0]
    state, events = step(g, state, "read", 0, card=card)
    assert events == (CardRead(0, card), PhaseStarted("vote"))
    state, events = step(g, state, "vote", 0, choice=1, bet=3)
    assert events == (VoteCast(0),) and str(events[0]) == "seat 0 voted"
    assert visible(events, None) == events                       # public, and it names no choice
    state = vote_all(g, state, {1: (1, 1), 2: (1, 2)})
    state, events = step(g, state, "vote", 3, choice=2, bet=2)
    revealed = events[1]
    assert isinstance(revealed, VoteRevealed) and revealed.record.outcome == "elected"
    assert revealed.record.votes == {0: Vote(1, 3), 1: Vote(1, 1), 2: Vote(1, 2), 3: Vote(2, 2)}
    moves = [e.move for e in events if isinstance(e, MaskMoved)]
    assert moves == list(revealed.record.moves) and MaskMove(3, B, B - 2, -2, False) in moves
    assert events[-1] == PhaseStarted("exchange")
    assert str(revealed) == "vote revealed: elected, elected 1"
    assert str(events[2]) == f"seat 0 moved +3: {B} -> {B + 3} (fell: False)"


def test_a_pair_counts_twice_in_the_one_count():  # PE-8
    box = VoteBox.open(4, [0, 1, 2, 3], voters=[0, 1, 2])
    box = box.cast([0, 3], 2, 2).cast([1], 1, 1)
    assert box.counts() == ((0, 0), (1, 1), (2, 2), (3, 0))
    assert box.votes() == {0: Vote(2, 2), 1: Vote(1, 1)}         # the partner's row is its captain's
    assert box.waiting == {2}


def test_exchange_landing_and_inversion_are_told():  # PE-4, PE-9
    g, state = fresh(4)
    inversion = g.catalogue.board.kinds.index("inversion")
    state = replace(state, positions=tuple([inversion - 1, B, B, B]))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (1, 1), 1: (1, 1), 2: (3, 1), 3: (2, 1)})
    state, events = step(g, state, "exchange", 0, card=None)
    assert events == (ExchangeChosen(0),)
    state, events = step(g, state, "exchange", 1, card=state.hands[1][0])
    assert events == (ExchangeChosen(1), Exchanged((1,)), Landed(0, "inversion"), PhaseStarted("play"),
                      InversionStarted(0))
    card = state.hands[1][0]
    state, events = step(g, state, "play", 1, card=card)
    assert events == (CardPlayed(1),) and card not in str(events)


def test_a_lost_contest_is_told_down_to_the_door():  # PE-11, PE-18
    g, state = _summit_state(hands=(2, 7, 7, 7), near=(0,))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (2, 1), 1: (2, 1), 2: (3, 1), 3: (1, 1)})
    for seat in (0, 1):
        state, _ = step(g, state, "exchange", seat, card=None)
    state, events = step(g, state, "give", 0, card=state.hands[0][0], to=2)
    state, events = step(g, state, "contest", 2)
    assert events[-1] == PhaseStarted("contest")
    state, _ = step(g, state, "judge", 1, choice=3)
    summit = g.catalogue.board.summit
    state, events = step(g, state, "judge", 3, choice=3)
    assert isinstance(events[1], ContestResolved) and not events[1].record.upheld
    assert events[2:5] == (SentToDoor(0, summit, g.catalogue.board.door), EndgameOver(0, False),
                           PhaseStarted("read"))


def test_the_match_end_is_told():  # PE-11
    g, state = _summit_state(hands=(7, 0, 7, 7), near=(1,))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (2, 1), 1: (2, 1), 2: (3, 1), 3: (0, 1)})
    state, events = step(g, state, "exchange", 0, card=None)
    assert events[-2:] == (PhaseStarted("over"), MatchOver((1,), "summit"))


def test_the_events_list_older_saves_hashed_stays_in_the_plain_form():
    g, state = fresh(4)
    card = state.hands[0][0]
    state, _ = step(g, state, "read", 0, card=card)
    assert to_plain(state)["events"] == [{"kind": "read", "seat": 0, "card": card}]
    state, _ = step(g, state, "vote", 0, choice=1, bet=1)
    assert to_plain(state)["events"] == [] and to_plain(state)["votes"] == {"0": {"choice": 1, "bet": 1}}


def test_options_are_declared_once_on_the_rules():
    assert ENTRY.options == PersonalityGame.options
    config = ENTRY.default_config(4)
    assert config["family"] is True and config["debate_seconds"] == 60
    assert game().setup({"seats": 4}, Rng.from_seed(1)).debate_ticks == 60 * 60   # the declared default


@pytest.mark.parametrize("name", sorted(p.name for p in SAVES.glob("*.json")))
def test_saves_made_before_the_phase_model_replay_to_their_hash(tmp_path, name):
    """Saves written by the rules before declared phases and typed events (3-6 seats,
    stopped in an exchange or played out through debates, Inversions and contests),
    dealt from the deck of their day kept beside them (``deck/``)."""
    path = tmp_path / name
    shutil.copy(SAVES / name, path)
    frozen = ENTRY.make_definition(ENTRY.load_catalogue(SAVES / "deck", None)[0])
    session = Session.load(path, lambda _id: frozen)
    assert session.hash() == json.loads(path.read_text())["hash"]


def test_the_board_animates_the_reveal_it_is_told_of():
    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=0)
    for i in range(4):
        ctx.seats.join(("pad", 300 + i), f"P{i}")
    from game.games.personality.ui import board as scenes
    from game.games.personality.ui.reveal_screen import REVEAL_TICKS
    from game.games.personality.ui.vote_screen import CARD_TICKS

    entry = ctx.games["personality"]
    session = Session(entry.make_definition(ctx.catalogue.game("personality")), entry.default_config(4), 5)
    board = scenes.make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    assert board.submit(Action("read", 0, {"card": session.state.hands[0][0]})) is None
    assert board.stage == "vote" and board.section.hold == CARD_TICKS and board.busy()  # the card alone first
    for seat, choice in ((0, 1), (1, 1), (2, 1)):
        assert board.submit(Action("vote", seat, {"choice": choice, "bet": 2})) is None
    assert board.stage == "vote" and not board.timeline.walking   # votes are told, not shown
    assert board.submit(Action("vote", 3, {"choice": 2, "bet": 1})) is None
    assert board.stage == "reveal" and sum(board.section.beats) == REVEAL_TICKS
    assert {s for s, path in board.timeline.paths.items() if path} == {0, 1, 2, 3}
    assert all(path[-1] == session.state.positions[s] for s, path in board.timeline.paths.items())
