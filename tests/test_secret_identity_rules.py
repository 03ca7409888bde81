"""Secret Identity, competitive: the printed example and one test per ruling SI-1..SI-9."""

import pytest

from game.core.actions import CHANCE, Action, IllegalAction
from game.core.records import replace
from game.core.rng import Rng
from game.games.secret_identity.rules import CompetitiveRules
from game.games.secret_identity.rules.common import character_pool
from game.games.secret_identity.rules.view import track_position

from secret_identity_helpers import HandDriver, tiny_catalogue

CAT = tiny_catalogue()
RULES = CompetitiveRules(CAT)
DRIVER = HandDriver(RULES)
settle, act = DRIVER.settle, DRIVER.act


def start(seats=4, **options):
    config = {"seats": seats, "timer_scale": 1.0, **options}
    return settle(RULES.setup(config, Rng.from_seed(3)))


def all_ready(state):
    for seat in range(state.seats):
        state = act(state, "ready", seat)
    return state


def to_clues(state, keys):
    """Everyone ready, then deal these keys instead of random ones."""
    for seat in range(state.seats):
        state = RULES.apply(state, Action("ready", seat))
    assert state.phase == "keys"
    dealt = RULES.chance(state)
    return settle(RULES.apply(state, Action(CHANCE, None, {**dealt.data, "keys": keys})))


def one_card_clues(state):
    for seat in range(state.seats):
        card = state.hands[seat][0]
        picto = CAT.cards[[c.id for c in CAT.cards].index(card)].pictograms[0]
        state = act(state, "place", seat, card=card, pictogram=picto, colour="green")
        state = act(state, "confirm", seat)
    return state


def vote_all(state, table):
    """table[voter] = {target: number}"""
    for voter, row in table.items():
        for target, number in row.items():
            state = act(state, "vote", voter, target=target, number=number)
    return state


def test_printed_scoring_example():
    """Yellow's character is in slot 2; blue and red find it, purple does not:
    yellow +2, blue +1, red +1, purple +0 (every other guess is wrong)."""
    yellow, blue, red, purple = range(4)
    state = one_card_clues(to_clues(start(4), keys=[2, 5, 7, 1]))
    assert state.phase == "vote"
    state = vote_all(state, {
        yellow: {blue: 3, red: 4, purple: 6},
        blue: {yellow: 2, red: 3, purple: 4},
        red: {yellow: 2, blue: 3, purple: 4},
        purple: {yellow: 3, blue: 4, red: 6},
    })
    result = state.history[-1]
    assert result.points == (2, 1, 1, 0)
    assert state.scores == [2, 1, 1, 0]
    assert result.guessed_by[yellow] == 2 and result.found == (0, 1, 1, 0)
    RULES.invariants(state)


def test_si1_fresh_characters_every_round_never_back():
    state = start(3)
    boards = []
    for _ in range(4):
        boards.append(list(state.board))
        assert len(set(state.board)) == 8
        state = one_card_clues(to_clues(state, keys=[1, 2, 3]))
        state = vote_all(state, {0: {1: 5, 2: 6}, 1: {0: 5, 2: 6}, 2: {0: 5, 1: 6}})
        if state.phase == "over":
            break
        state = all_ready(state)
    seen = [c for board in boards for c in board]
    assert len(seen) == len(set(seen)) == 32


def test_si2_keys_distinct_and_secret():
    state = to_clues(start(5), keys=[4, 1, 8, 2, 6])
    RULES.invariants(state)
    public = RULES.view(state, None)
    assert "my_key" not in repr(public.public)
    assert RULES.view(state, 2).private.my_key == 8
    assert dict(RULES.secrets(state, 2))["my_key"] == 8
    # The chance action itself always deals distinct keys.
    state = start(8)
    for seat in range(8):
        state = RULES.apply(state, Action("ready", seat))
    keys = RULES.chance(state).data["keys"]
    assert sorted(keys) == sorted(set(keys)) and len(keys) == 8


def test_si3_public_replacements_capped_by_option():
    state = start(4)
    old = state.board[4]
    state = act(state, "replace", 1, slot=4)
    assert state.phase == "round_start" and state.board[4] != old and old in state.used
    assert RULES.view(state, None).public.replaced == (4,)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Action("replace", 2, {"slot": 4}))
    assert refused.value.reason == "already_replaced"
    state = act(state, "replace", 2, slot=0)
    state = act(state, "replace", 3, slot=7)
    assert RULES.view(state, None).public.replacements_left == 0
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Action("replace", 0, {"slot": 1}))
    assert refused.value.reason == "no_replacements"
    off = start(4, replacements_per_round=0)
    assert not [a for a in RULES.legal(off, 0) if a.kind == "replace"]
    with pytest.raises(IllegalAction):
        RULES.apply(off, Action("replace", 0, {"slot": 1}))


def test_si4_clue_building():
    state = to_clues(start(3), keys=[1, 2, 3])
    hand = list(state.hands[0])
    cards = {c.id: c for c in CAT.cards}
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Action("confirm", 0))
    assert refused.value.reason == "clue_empty"
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Action("place", 0, {"card": hand[0], "pictogram": cards[hand[1]].pictograms[0], "colour": "green"}))
    assert refused.value.reason == "bad_pictogram"
    for i, colour in enumerate(["green", "red", "green"]):
        state = act(state, "place", 0, card=hand[i], pictogram=cards[hand[i]].pictograms[i], colour=colour)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Action("place", 0, {"card": hand[3], "pictogram": cards[hand[3]].pictograms[0], "colour": "red"}))
    assert refused.value.reason == "clue_full"
    public_clue = RULES.view(state, None).public.seats[0].clue
    assert [s.green for s in public_clue] == [True, False, True]
    assert hand[0] not in repr(RULES.view(state, None))  # only the visible pictogram is public
    state = act(state, "take_back", 0, card=hand[1])
    assert hand[1] in state.hands[0] and len(state.clues[0]) == 2
    state = act(state, "confirm", 0)
    assert state.confirmed.flags[0]
    state = act(state, "take_back", 0, card=hand[2])  # still changeable: un-confirms
    assert not state.confirmed.flags[0]
    RULES.invariants(state)


def test_si4_empty_hand_gives_empty_clue_and_still_votes():
    state = start(3)
    state = replace(state, discard=state.discard + state.hands[2], hands=state.hands[:2] + [[]])
    state = to_clues(state, keys=[1, 2, 3])
    assert state.confirmed.flags[2] and 2 not in RULES.current(state)
    state = one_card_clues_for(state, [0, 1])
    assert state.phase == "vote" and 2 in RULES.current(state)
    assert RULES.view(state, None).public.seats[2].clue == ()


def one_card_clues_for(state, seats):
    for seat in seats:
        card = state.hands[seat][0]
        picto = next(c for c in CAT.cards if c.id == card).pictograms[0]
        state = act(state, "place", seat, card=card, pictogram=picto, colour="red")
        state = act(state, "confirm", seat)
    return state


def test_si4_clues_are_built_at_the_same_time_in_any_order():
    """Every seat builds its clue at once (phones, issue 17 item 5): the seats' moves
    interleaved, or one seat after another in any order, give the same round."""
    begin = to_clues(start(4), keys=[1, 2, 3, 4])
    moves = []
    for seat in range(4):
        card = begin.hands[seat][0]
        picto = next(c for c in CAT.cards if c.id == card).pictograms[1]
        moves.append([("place", seat, {"card": card, "pictogram": picto, "colour": "green"}), ("confirm", seat, {})])
    orders = ([m for seat in (0, 1, 2, 3) for m in moves[seat]], [m for seat in (3, 1, 0, 2) for m in moves[seat]],
              [moves[seat][0] for seat in (2, 0, 3, 1)] + [moves[seat][1] for seat in (1, 3, 0, 2)])
    ends = []
    for order in orders:
        state = begin
        for kind, seat, data in order:
            assert state.phase == "clues" and seat in RULES.current(state)
            state = act(state, kind, seat, **data)
        ends.append(state)
    assert ends[0].phase == "vote" and ends[0] == ends[1] == ends[2]


def test_si4_placed_cards_leave_the_game():
    state = one_card_clues(to_clues(start(3), keys=[1, 2, 3]))
    placed = [p.card for clue in state.clues for p in clue]
    state = vote_all(state, {0: {1: 5, 2: 6}, 1: {0: 5, 2: 6}, 2: {0: 5, 1: 6}})
    state = all_ready(state)
    assert set(placed) <= set(state.discard)
    assert all(len(h) == 9 for h in state.hands)


def test_si5_each_number_once_hidden_and_changeable():
    state = one_card_clues(to_clues(start(4), keys=[1, 2, 3, 4]))
    state = act(state, "vote", 0, target=1, number=5)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(state, Action("vote", 0, {"target": 2, "number": 5}))
    assert refused.value.reason == "number_used"
    with pytest.raises(IllegalAction):
        RULES.apply(state, Action("vote", 0, {"target": 0, "number": 1}))
    state = act(state, "vote", 0, target=1, number=6)  # changed its mind
    state = act(state, "vote", 0, target=2, number=5)
    public = RULES.view(state, None).public
    assert public.seats[0].votes_given == 2
    assert "numbers" not in repr(public)
    assert RULES.view(state, 0).private.my_votes.numbers == (None, 6, 5, None)
    assert RULES.view(state, 1).private.my_votes.numbers == (None, None, None, None)


def test_si7_score_track_and_thirty_tokens():
    assert track_position(0) == (0, 0)
    assert track_position(30) == (0, 30)
    assert track_position(31) == (1, 1)
    assert track_position(56) == (1, 26)
    assert track_position(61) == (2, 1)


def _score_round_with(state, scores):
    """Play a round from ``scores`` in which every guess is wrong (keys 1..n; voter
    gives target t the number after t's key, never its own)."""
    state = replace(state, scores=list(scores))
    state = one_card_clues(to_clues(state, keys=list(range(1, state.seats + 1))))
    return vote_all(state, {v: {t: (t + 1) % 8 + 1 for t in range(state.seats) if t != v} for v in range(state.seats)})


def test_si8_catch_up_deals_two_cards_to_those_far_behind():
    state = _score_round_with(start(4), [15, 4, 5, 0])
    assert state.phase == "summary"
    assert state.history[-1].catch_up == (0, 2, 0, 2)
    assert [len(h) for h in state.hands] == [9, 11, 9, 11]
    off = _score_round_with(start(4, catch_up=False), [15, 4, 5, 0])
    assert off.history[-1].catch_up == (0, 0, 0, 0)
    assert [len(h) for h in off.hands] == [9, 9, 9, 9]


def test_si8_no_catch_up_after_round_four():
    state = replace(start(3), round=4)
    state = _score_round_with(state, [20, 0, 0])
    assert state.phase == "over" and state.history[-1].catch_up == (0, 0, 0)


def test_si9_ties_broken_by_cards_left_then_shared():
    state = start(3)
    state = replace(state, phase="over", scores=[10, 10, 4],
                    hands=[state.hands[0][:3], state.hands[1][:5], state.hands[2][:9]])
    outcome = RULES.outcome(state)
    assert outcome.winners == (1,) and outcome.ranks == {0: 2, 1: 1, 2: 3}
    assert outcome.reason == "cards"
    state.hands[0] = state.hands[1][:5]
    outcome = RULES.outcome(state)
    assert outcome.winners == (0, 1) and outcome.reason == "shared"


def test_family_and_category_filters():
    everyone = character_pool(CAT, {"family": False})
    family = character_pool(CAT, {})  # the family filter is on by default
    only_a = character_pool(CAT, {"categories": ["a"]})
    assert len(everyone) == 50 and len(family) == 40
    assert all(CAT.character(c).category == "a" for c in only_a)
    with pytest.raises(ValueError):
        RULES.setup({"seats": 4, "categories": ["a"]}, Rng.from_seed(1))
