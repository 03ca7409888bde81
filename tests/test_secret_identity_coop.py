"""Secret Identity, cooperative: one test per ruling SC-1..SC-5."""

import pytest

from game.core.actions import Action, IllegalAction
from game.core.records import replace
from game.core.rng import Rng
from game.games.secret_identity.rules import CoopRules
from game.games.secret_identity.rules.coop import band, cards_per_seat

from secret_identity_helpers import HandDriver, tiny_catalogue

CAT = tiny_catalogue()
RULES = CoopRules(CAT)
PICTOS = {c.id: c.pictograms for c in CAT.cards}
DRIVER = HandDriver(RULES)
settle, act = DRIVER.settle, DRIVER.act


def start(seats=4):
    return settle(RULES.setup({"seats": seats, "timer_scale": 1.0}, Rng.from_seed(5)))


def give_clue(state):
    seat = state.active
    card = state.hands[seat][0]
    state = act(state, "place", seat, card=card, pictogram=PICTOS[card][0], colour="green")
    return act(state, "confirm", seat)


def test_sc1_setup():
    for seats, cards in [(3, 10), (4, 10), (5, 8), (6, 8), (7, 6), (8, 6)]:
        assert cards_per_seat(seats) == cards
        state = start(seats)
        assert [len(h) for h in state.hands] == [cards] * seats
        assert len(state.board) == 8 and len(state.deck) == 9
        RULES.invariants(state)


def test_sc2_rotation_fresh_key_and_skipping_empty_hands():
    state = start(3)
    assert state.phase == "clue" and state.active == 0 and 1 <= state.key <= 8
    assert RULES.current(state) == {0}
    assert RULES.view(state, 0).private.my_key == state.key
    assert RULES.view(state, 1).private.my_key is None
    state = replace(state, discard=state.discard + state.hands[1], hands=[state.hands[0], [], *state.hands[2:]])
    state = give_clue(state)
    state = act(state, "lock", 2)
    state = act(state, "next", 1)
    assert state.active == 2  # seat 1 has no cards: skipped


def test_sc3_shared_cursor_any_guesser_locks():
    state = give_clue(start(4))
    assert RULES.current(state) == {1, 2, 3}
    with pytest.raises(IllegalAction):
        RULES.apply(state, Action("move", 0, {"slot": 3}))  # the active seat does not guess
    state = act(state, "move", 1, slot=5)
    state = act(state, "move", 3, slot=state.key - 1)
    assert RULES.view(state, None).public.cursor == state.key - 1
    state = act(state, "lock", 2)
    assert state.team_score == 1 and state.history[-1].correct
    assert RULES.view(state, None).public.history[-1].key == state.history[-1].key


def test_sc3_wrong_answer_scores_nothing():
    state = give_clue(start(4))
    state = act(state, "move", 1, slot=state.key % 8)
    state = act(state, "lock", 1)
    assert state.team_score == 0 and not state.history[-1].correct


def test_sc4_only_the_guessed_character_is_replaced():
    state = give_clue(start(4))
    before, slot = list(state.board), state.key - 1
    top = state.deck[0]
    state = act(state, "lock", 1)
    state = act(state, "next", 2)
    assert state.board[slot] == top and before[slot] in state.used
    assert [c for i, c in enumerate(state.board) if i != slot] == [c for i, c in enumerate(before) if i != slot]
    RULES.invariants(state)


def test_sc5_ten_turns_and_bands():
    state = start(3)
    for turn in range(1, 11):
        assert state.turn == turn
        state = act(give_clue(state), "lock", (state.active + 1) % 3)
        if state.phase == "over":
            break
        state = act(state, "next", 0)
    assert state.phase == "over" and state.turn == 10 and not state.deck
    outcome = RULES.outcome(state)
    assert outcome.measures["team_score"] == state.team_score
    assert [band(s) for s in (0, 2, 3, 5, 6, 8, 9, 10)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_game_ends_when_nobody_has_cards():
    state = start(3)
    state = replace(state, discard=state.discard + state.hands[1] + state.hands[2] + state.hands[0][1:],
                    hands=[state.hands[0][:1], [], []])
    state = act(give_clue(state), "lock", 1)
    assert state.phase == "over" and RULES.outcome(state) is not None
    RULES.invariants(state)
