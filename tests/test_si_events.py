"""Secret Identity on declared phases: what ``step`` tells (events, each readable and
public only when it holds no secret), votes and clues changeable until their phase
closes, options declared once, and the boards animating from events rather than from
comparing views."""

import pytest

from game.context import build_context
from game.core.actions import Action
from game.core.events import MatchOver, PhaseStarted, PrivateEvent, Revealed, TurnStarted, visible
from game.core.rng import Rng
from game.core.records import replace
from game.core.serial import to_plain
from game.core.session import Session
from game.games.secret_identity.entries import ENTRIES
from game.games.secret_identity.rules import CompetitiveRules, CoopRules
from game.games.secret_identity.rules.common import FAMILY
from game.games.secret_identity.rules.events import (BoardDealt, CardPlaced, CardsDealt, CharacterReplaced,
                                                     ClueGiven, GuessLocked, GuessProposed, KeyDealt, Ready,
                                                     ReplacementAsked, RoundEnded, RoundScored, VoteCast,
                                                     VoteTakenBack)
from game.games.secret_identity.rules.view import CoopPhase, SIPhase
from game.settings import Settings

from secret_identity_helpers import tiny_catalogue

CAT = tiny_catalogue()
PICTOS = {c.id: c.pictograms for c in CAT.cards}
COMPETITIVE, COOP = CompetitiveRules(CAT), CoopRules(CAT)


def settled(rules, state, events=()):
    """Chance settles until a seat must act; the events of it all."""
    told = list(events)
    while not rules.current(state) and (chance := rules.chance(state)) is not None:
        state, more = rules.step(state, chance)
        told += more
    return state, tuple(told)


def step(rules, state, kind, seat, **data):
    state, events = settled(rules, *rules.step(state, Action(kind, seat, data)))
    rules.invariants(state)
    return state, events


def place_and_confirm(rules, state, seat, clue_of=lambda s, seat: s.clues[seat]):
    card = state.hands[seat][0]
    state, placed = step(rules, state, "place", seat, card=card, pictogram=PICTOS[card][1], colour="red")
    state, confirmed = step(rules, state, "confirm", seat)
    return state, placed + confirmed


def to_votes(seats=3):
    state, _ = settled(COMPETITIVE, COMPETITIVE.setup({"seats": seats}, Rng.from_seed(3)))
    for seat in range(seats):
        state, _ = step(COMPETITIVE, state, "ready", seat)
    for seat in range(seats):
        state, _ = place_and_confirm(COMPETITIVE, state, seat)
    assert state.phase == SIPhase.VOTE
    return state


# --- competitive --------------------------------------------------------------------------------
def test_a_round_opens_and_keys_are_told_to_their_owner_only():  # SI-1, SI-2, SS-1
    state = COMPETITIVE.setup({"seats": 3}, Rng.from_seed(3))
    state, events = settled(COMPETITIVE, state)
    assert [type(e) for e in events] == [CardsDealt] * 3 + [PhaseStarted, BoardDealt, PhaseStarted]
    assert events[4] == BoardDealt(1, tuple(state.board)) and events[-1] == PhaseStarted(SIPhase.ROUND_START)
    assert visible(events, None) == events[3:] and visible(events, 1) == (events[1], *events[3:])
    for seat in range(3):
        state, events = step(COMPETITIVE, state, "ready", seat)
    keys = [e for e in events if isinstance(e, KeyDealt)]
    assert keys == [KeyDealt(s, state.keys[s]) for s in range(3)]
    assert visible(events, None) == (Ready(2), PhaseStarted("keys"), PhaseStarted("clues"))
    assert visible(events, 2) == (Ready(2), PhaseStarted("keys"), KeyDealt(2, state.keys[2]), PhaseStarted("clues"))
    assert str(keys[0]) == f"seat 0's key is {state.keys[0]}"


def test_a_replacement_is_asked_then_dealt_in_public():  # SI-3
    state, _ = settled(COMPETITIVE, COMPETITIVE.setup({"seats": 3}, Rng.from_seed(3)))
    old = state.board[4]
    state, events = step(COMPETITIVE, state, "replace", 1, slot=4)
    assert events == (ReplacementAsked(1, 4), PhaseStarted("replace"), CharacterReplaced(4, old, state.board[4]),
                      PhaseStarted("round_start"))
    assert str(events[2]) == f"slot 4: {old} replaced by {state.board[4]}"


def test_a_placed_card_is_told_by_its_visible_pictogram_only():  # SI-4
    state = replace(to_votes(), phase=SIPhase.CLUES)
    card = state.hands[0][0]
    _, events = step(COMPETITIVE, state, "place", 0, card=card, pictogram=PICTOS[card][2], colour="green")
    assert events[0] == CardPlaced(0, PICTOS[card][2], True) and card not in str(events)


def test_a_vote_is_told_without_whom_or_which_number_then_the_round_is_scored():  # SI-5, SI-6, SS-3
    state = to_votes()
    state, events = step(COMPETITIVE, state, "vote", 0, target=1, number=6)
    assert events == (VoteCast(0, 1),) and str(events[0]) == "seat 0 voted (1 in)"
    assert "6" not in str(events) and visible(events, None) == events
    state, events = step(COMPETITIVE, state, "unvote", 0, target=1)
    assert events == (VoteTakenBack(0, 0),)
    for voter, row in {0: {1: 5, 2: 6}, 1: {0: 5, 2: 6}, 2: {0: 5}}.items():
        for target, number in row.items():
            state, events = step(COMPETITIVE, state, "vote", voter, target=target, number=number)
    state, events = step(COMPETITIVE, state, "vote", 2, target=1, number=6)
    result = state.history[-1]
    board = result.board
    assert events == (VoteCast(2, 2), PhaseStarted("scoring"),
                      *(Revealed(s, "character", board[result.keys[s] - 1]) for s in range(3)),
                      RoundScored(result), PhaseStarted("summary"))
    assert str(events[-2]).startswith(f"round 1 scored: points {result.points}")
    for seat in range(3):
        state, events = step(COMPETITIVE, state, "ready", seat)
    assert events[:3] == (Ready(2), PhaseStarted("board"), RoundEnded(1))
    assert isinstance(events[3], BoardDealt) and events[3].round == 2


def test_a_seat_done_may_still_change_its_clue_and_its_votes():  # SI-4, SI-5
    state = to_votes()
    for target, number in ((1, 2), (2, 3)):
        state, _ = step(COMPETITIVE, state, "vote", 0, target=target, number=number)
    assert 0 not in COMPETITIVE.current(state) and COMPETITIVE.legal(state, 0) == []
    state, events = step(COMPETITIVE, state, "vote", 0, target=2, number=4)
    assert events == (VoteCast(0, 2),) and state.votes.rows[0] == (None, 2, 4)
    state, _ = step(COMPETITIVE, state, "unvote", 0, target=1)
    assert 0 in COMPETITIVE.current(state)


def test_with_no_cards_left_anywhere_the_clues_go_straight_to_the_vote():  # SI-4
    """Every seat's clue is empty and given at once: the round goes on to the votes (it
    used to wait in the clue phase for nobody)."""
    state, _ = settled(COMPETITIVE, COMPETITIVE.setup({"seats": 3}, Rng.from_seed(3)))
    state = replace(state, discard=[c for hand in state.hands for c in hand], hands=[[], [], []])
    for seat in range(3):
        state, events = step(COMPETITIVE, state, "ready", seat)
    assert state.phase == SIPhase.VOTE and COMPETITIVE.current(state) == {0, 1, 2}
    assert events[-2:] == (PhaseStarted("clues"), PhaseStarted("vote"))


def test_the_match_end_is_told():  # SI-9
    state = replace(to_votes(), round=4)
    for voter in range(3):
        for target in range(3):
            if target != voter:
                state, events = step(COMPETITIVE, state, "vote", voter, target=target, number=target + 4)
    outcome = COMPETITIVE.outcome(state)
    assert events[-2:] == (PhaseStarted("over"), MatchOver(outcome.winners, outcome.reason))


def test_the_state_keeps_the_plain_form_older_saves_hashed():
    """Barriers and the ballot are written as the lists of flags and numbers they were."""
    state = to_votes()
    state, _ = step(COMPETITIVE, state, "vote", 0, target=2, number=7)
    plain = to_plain(state)
    assert plain["confirmed"] == [True, True, True] and plain["ready"] == [True, True, True]
    assert plain["votes"] == [[None, None, 7], [None, None, None], [None, None, None]] and plain["phase"] == "vote"


# --- co-op ---------------------------------------------------------------------------------------
def test_a_coop_turn_is_told_from_the_key_to_the_next_character():  # SC-2..SC-4
    state, events = settled(COOP, COOP.setup({"seats": 3}, Rng.from_seed(5)))
    assert events[-3:] == (TurnStarted(0), KeyDealt(0, state.key), PhaseStarted("clue"))
    assert KeyDealt(0, state.key) not in visible(events, None) + visible(events, 1)
    state, events = place_and_confirm(COOP, state, 0)
    assert isinstance(events[-2], ClueGiven) and events[-1] == PhaseStarted("guess")
    state, events = step(COOP, state, "move", 2, slot=state.key % 8)
    assert events == (GuessProposed(2, state.key % 8),)
    state, events = step(COOP, state, "lock", 1)
    turn = state.history[-1]
    assert events == (GuessLocked(1, turn), PhaseStarted("result")) and not turn.correct
    assert str(events[0]) == f"seat 1 locked slot {turn.guess} for key {turn.key}: right=False"
    state, events = step(COOP, state, "next", 2)
    assert events[0].slot == turn.key - 1 and events[0].old == turn.character
    assert events[1:4] == (PhaseStarted("key"), TurnStarted(1), KeyDealt(1, state.key))


@pytest.mark.parametrize("game_id, seats", [("secret_identity", 4), ("secret_identity_coop", 5)])
def test_no_public_event_names_a_picto_card_and_keys_go_public_only_when_revealed(game_id, seats):  # SS-1
    entry = next(e for e in ENTRIES if e.id == game_id)
    rules = entry.make_definition(CAT)
    session = Session(rules, entry.default_config(seats), 11)
    bots = {s: entry.make_bot(CAT, s, Rng(s)) for s in range(seats)}
    cards = {card.id for card in CAT.cards}
    order = Rng(7)
    while session.outcome() is None:
        seat = order.choice(sorted(session.current()))
        events = session.submit(bots[seat].act(session.view(seat), session.legal(seat)))
        for event in events:
            if isinstance(event, PrivateEvent):
                assert isinstance(event, (KeyDealt, CardsDealt)), event
                continue
            assert not cards & set(str(to_plain(event)).replace("'", " ").split()), event
            if isinstance(event, (RoundScored, GuessLocked)):   # the keys they hold are history now
                assert all(name != "my_key" for s in range(seats) for name, _ in rules.secrets(session.state, s))


# --- options -------------------------------------------------------------------------------------
def test_options_are_declared_once_on_the_rules():
    competitive, coop = ENTRIES
    assert competitive.options == CompetitiveRules.options and coop.options == CoopRules.options == (FAMILY,)
    assert competitive.default_config(4) == {"seats": 4, "timer_scale": 1.0, "replacements_per_round": 3,
                                             "catch_up": True, "family": True}
    state = COMPETITIVE.setup({"seats": 4}, Rng(1))                 # the declared defaults
    assert state.replacements_per_round == 3 and state.catch_up is True
    assert len(state.pool) == 40                                     # the family filter, on by default


# --- boards --------------------------------------------------------------------------------------
def board_for(game_id, seed=3):
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=0)
    for i in range(4):
        ctx.seats.join(("pad", 400 + i), f"P{i}")
    entry = ctx.games[game_id]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(4), seed)
    board = entry.scenes().make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    bots = {s: entry.make_bot(catalogue, s, Rng(s)) for s in range(4)}
    return board, bots


def bot_move(board, bots, seat=None):
    session = board.session
    seat = min(session.current()) if seat is None else seat
    assert board.submit(bots[seat].act(session.view(seat), session.legal(seat))) is None


def test_the_competitive_board_animates_what_it_is_told():
    board, bots = board_for("secret_identity")
    assert board.submit(Action("replace", 0, {"slot": 3})) is None
    assert set(board.pulse) == {3}                                    # the replaced character pulses
    while board.public.phase != SIPhase.VOTE:
        bot_move(board, bots)
    votes = lambda: board.session.state.votes                         # noqa: E731
    while len(votes().waiting) > 1 or len(votes().missing(min(votes().waiting))) > 1:
        bot_move(board, bots)
    assert board.stage == "vote"
    bot_move(board, bots)                                             # the last vote: scored
    result, reveal = board.public.last, board.section
    assert board.stage == "reveal" and reveal.result == result        # it holds the floor over the summary
    assert reveal.base == [s.score - p for s, p in zip(board.public.seats, result.points)]


def test_the_coop_board_animates_what_it_is_told():
    board, bots = board_for("secret_identity_coop")
    while board.public.phase != CoopPhase.GUESS:
        bot_move(board, bots)
    guesser = (board.public.active + 1) % 4
    guess = board.section
    guess.holding[guesser] = 30
    assert board.submit(Action("move", guesser, {"slot": (board.public.cursor + 3) % 8})) is None
    assert board.cursor_pop is not None and guess.holding == {}      # a moved cursor drops every hold
    assert board.submit(Action("lock", guesser)) is None
    assert board.stage == "answer" and board.section.tick == 0       # the answer's reveal opens
    assert board.public.phase in (CoopPhase.RESULT, CoopPhase.OVER)
