"""Personality rulings PE-1..PE-12, one scenario each, on hand-set states."""

from dataclasses import replace
from functools import lru_cache

import pytest

from game import paths
from game.core.actions import TIMEOUT, Action, IllegalAction
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.core.session import Session
from game.games.personality.entries import ENTRIES
from game.games.personality.rules.game import PersonalityGame
from game.games.personality.rules.state import HAND

ENTRY = ENTRIES[0]
#: A plain stretch of the shipped board: B-3..B+3 holds no landing square.
B = 25


@lru_cache(maxsize=None)
def catalogue():
    return ENTRY.load_catalogue(paths.data_dir(), None)[0]


def game() -> PersonalityGame:
    return ENTRY.make_definition(catalogue())


def fresh(seats=4, positions=None, hands=None, reader=0, **config):
    """A dealt state; ``positions`` and hand sizes may be set (cards come from the deck)."""
    g = game()
    cfg = ENTRY.default_config(seats)
    cfg.update(config)
    state = g.setup(cfg, Rng.from_seed("pe"))
    state = g.apply(state, g.chance(state))
    if positions is not None:
        state = replace(state, positions=tuple(positions))
    if hands is not None:
        held, deck = list(state.hands), state.deck
        for seat, size in enumerate(hands):
            deck, held[seat] = deck + held[seat][size:][::-1], held[seat][:size]
        state = replace(state, hands=tuple(held), deck=deck)
    state = replace(state, reader=reader)
    g.invariants(state)
    return g, state


def act(g, state, kind, seat=None, tick=0, **data):
    new = g.apply(state, Action(kind, seat, data, tick))
    g.invariants(new)
    return new


def read_first(g, state):
    return act(g, state, "read", state.reader, card=state.hands[state.reader][0])


def vote_all(g, state, votes):
    """``votes``: {seat: (choice, bet)} in any order."""
    for seat, (choice, bet) in votes.items():
        state = act(g, state, "vote", seat, choice=choice, bet=bet)
    return state


def test_setup_deals_seven_cards_and_two_tokens():  # PE-1
    g, state = fresh(5)
    assert all(len(hand) == HAND for hand in state.hands)
    assert list(state.tokens) == [2] * 5 and list(state.positions) == [0] * 5
    assert state.phase == "read" and g.current(state) == {0}


def test_majority_moves_by_bet_and_offers_exchange():  # PE-3, PE-4
    g, state = fresh(4, positions=[B] * 4)
    state = read_first(g, state)
    card = state.table[0]
    assert len(state.hands[0]) == HAND - 1                      # PE-1: no draw after reading
    assert g.current(state) == {0, 1, 2, 3}
    state = act(g, state, "vote", 0, choice=1, bet=3)
    assert state.tokens[0] == 0
    with pytest.raises(IllegalAction):
        act(g, state, "vote", 1, choice=1, bet=4)
    state = vote_all(g, state, {1: (1, 1), 2: (1, 2), 3: (2, 2)})
    assert list(state.received[1]) == [card]
    assert list(state.positions) == [B + 3, B + 1, B + 2, B - 2]
    assert list(state.tokens) == [2, 2, 2, 2]                          # PE-3: tokens come back
    assert state.phase == "exchange" and g.current(state) == {0, 1, 2}
    swapped = state.hands[1][0]
    state = act(g, state, "exchange", 0, card=None)
    state = act(g, state, "exchange", 1, card=swapped)
    state = act(g, state, "exchange", 2, card=None)
    assert swapped not in state.hands[1] and state.deck[-1] == swapped and len(state.hands[1]) == HAND
    assert state.phase == "read" and state.reader == 1


def test_no_one_with_two_votes_sends_the_card_under_the_deck():  # PE-5
    g, state = fresh(4, positions=[B] * 4)
    state = read_first(g, state)
    card = state.table[0]
    state = vote_all(g, state, {0: (1, 3), 1: (2, 3), 2: (3, 1), 3: (0, 2)})
    assert state.deck[-1] == card
    assert len(state.hands[0]) == HAND                           # the reader drew a replacement
    assert list(state.positions) == [B] * 4
    assert state.result.outcome == "none" and state.reader == 1


def test_tie_debate_then_second_vote_elects():  # PE-6
    g, state = fresh(4, positions=[B] * 4)
    state = read_first(g, state)
    card = state.table[0]
    state = vote_all(g, state, {0: (1, 3), 1: (1, 1), 2: (2, 2), 3: (2, 1)})
    assert state.phase == "debate" and list(state.candidates) == [1, 2]
    for seat in range(4):
        state = act(g, state, "ready", seat)
    assert state.phase == "revote"
    with pytest.raises(IllegalAction):
        act(g, state, "vote", 0, choice=3, bet=1)                 # only the tied players
    with pytest.raises(IllegalAction):
        act(g, state, "vote", 0, choice=1, bet=2)                 # no bets now
    state = vote_all(g, state, {0: (1, 1), 1: (1, 1), 2: (1, 1), 3: (2, 1)})
    assert list(state.received[1]) == [card]
    assert list(state.positions) == [B + 1, B + 1, B + 1, B]                        # winners +1, the others stay
    assert state.phase == "read"                                  # no exchange after a second vote


def test_tie_twice_discards_the_card():  # PE-6
    g, state = fresh(4, positions=[B] * 4)
    state = read_first(g, state)
    card = state.table[0]
    state = vote_all(g, state, {0: (1, 3), 1: (1, 1), 2: (2, 2), 3: (2, 1)})
    for seat in range(4):
        state = act(g, state, "ready", seat)
    state = vote_all(g, state, {0: (1, 1), 1: (1, 1), 2: (2, 1), 3: (2, 1)})
    assert state.deck[-1] == card and list(state.positions) == [B] * 4
    assert len(state.hands[0]) == HAND - 1 and state.phase == "read"


def _tied_session(timer_scale):
    cfg = ENTRY.default_config(4, timer_scale)
    session = Session(game(), cfg, "debate")
    reader = session.state.reader
    session.submit(Action("read", reader, {"card": session.state.hands[reader][0]}))
    for seat, choice in ((0, 1), (1, 1), (2, 2), (3, 2)):
        session.submit(Action("vote", seat, {"choice": choice, "bet": 1}))
    assert session.state.phase == "debate"
    return session


def test_debate_countdown_scales_and_expires():  # PE-6, timer_scale
    session = _tied_session(1.5)
    assert session.remaining() == 90 * 60
    session.advance(90 * 60 - 1)
    assert session.state.phase == "debate"
    session.advance(1)
    assert session.state.phase == "revote"
    assert session.log[-1].kind == TIMEOUT


def test_debate_without_timer_waits_for_consensus():
    session = _tied_session(0.0)
    assert session.remaining() is None
    session.advance(100000)
    assert session.state.phase == "debate"


def test_gouffre_restarts_on_depart_with_seven_cards():  # PE-7
    g, state = fresh(4, positions=[B, 1, B, B], hands=[7, 3, 7, 7])
    state = read_first(g, state)
    state = vote_all(g, state, {0: (2, 1), 1: (0, 3), 2: (2, 1), 3: (2, 1)})
    assert state.positions[1] == 0 and len(state.hands[1]) == 7
    assert any(m.seat == 1 and m.fell for m in state.result.moves)


def test_back_to_depart_is_not_a_fall():
    g, state = fresh(4, positions=[B, 1, B, B], hands=[7, 3, 7, 7])
    state = read_first(g, state)
    state = vote_all(g, state, {0: (2, 1), 1: (0, 1), 2: (2, 1), 3: (2, 1)})
    assert state.positions[1] == 0 and len(state.hands[1]) == 3


def _tete_square(g):
    return g.catalogue.board.kinds.index("tete_a_tete")


def test_tete_a_tete_pair_votes_once_and_moves_together():  # PE-8
    g, state = fresh(4)
    tete = _tete_square(g)
    state = replace(state, positions=tuple([tete - 2, B, B, B]))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (1, 2), 1: (1, 1), 2: (3, 1), 3: (2, 1)})
    assert state.positions[0] == tete and state.phase == "exchange"
    for seat in (0, 1):
        state = act(g, state, "exchange", seat, card=None)
    assert state.phase == "partner" and g.current(state) == {0}
    state = act(g, state, "partner", 0, partner=3)
    assert state.pairs == ((0, 3),) and state.phase == "read" and state.reader == 1
    state = read_first(g, state)
    assert g.current(state) == {0, 1, 2}                          # the partner does not vote
    state = vote_all(g, state, {0: (2, 2), 1: (1, 1), 2: (1, 1)})
    # the pair's vote counts twice: 2 has 2 votes, 1 has 2 votes -> tie
    assert state.phase == "debate"
    for seat in range(4):
        state = act(g, state, "ready", seat)
    assert g.current(state) == {0, 1, 2}
    state = vote_all(g, state, {0: (2, 1), 1: (1, 1), 2: (2, 1)})
    assert state.result.elected == 2
    assert state.positions[0] == tete + 1 and state.positions[3] == B and state.positions[2] == B
    assert state.pairs == ()


def test_inversion_round_before_next_turn():  # PE-9
    g, state = fresh(4)
    inversion = g.catalogue.board.kinds.index("inversion")
    state = replace(state, positions=tuple([inversion - 1, B, B, B]))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (1, 1), 1: (1, 1), 2: (3, 1), 3: (2, 1)})
    for seat in (0, 1):
        state = act(g, state, "exchange", seat, card=None)
    assert state.phase == "play" and state.target == 0 and g.current(state) == {1, 2, 3}
    assert state.reader == 1                                      # the round comes before turn 1
    played = {s: state.hands[s][0] for s in (1, 2, 3)}
    for seat, card in played.items():
        state = act(g, state, "play", seat, card=card)
    assert state.phase == "vote" and state.candidates == tuple(sorted(played.values()))
    view = g.view(state, None).public
    assert view.table == tuple(sorted(played.values()))
    with pytest.raises(IllegalAction):
        act(g, state, "vote", 1, choice=played[1], bet=1)         # never one's own card
    state = vote_all(g, state, {0: (played[2], 2), 1: (played[2], 1), 2: (played[3], 1), 3: (played[2], 3)})
    assert list(state.received[0]) == [played[2]]
    assert played[1] in state.hands[1] and played[3] in state.hands[3]
    assert played[2] not in state.hands[2]
    assert list(state.positions) == [inversion + 2, B + 2, B - 2, B + 2]


def test_landings_resolve_in_seat_order_from_the_reader():  # PE-10
    g, state = fresh(4, reader=2)
    tete = _tete_square(g)
    state = replace(state, positions=tuple([tete - 1, tete - 1, B, tete - 1]))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (1, 1), 1: (1, 1), 2: (2, 1), 3: (1, 1)})
    for seat in (3, 0, 1):
        state = act(g, state, "exchange", seat, card=None)
    assert state.phase == "partner" and state.chooser == 3       # 2 reads, so 3 comes first
    state = act(g, state, "partner", 3, partner=2)
    assert state.chooser == 0
    state = act(g, state, "partner", 0, partner=1)
    assert state.phase == "read"                                  # 1 is paired already: skipped
    assert state.pairs == ((3, 2), (0, 1))


def _summit_state(seats=4, hands=(7, 7, 7, 7), near=(0,)):
    g, state = fresh(seats, hands=list(hands))
    summit = g.catalogue.board.summit
    state = replace(state, positions=tuple([summit - 1 if s in near else B for s in range(seats)]))
    return g, state


def test_reaching_the_summit_with_an_empty_hand_wins_at_once():  # PE-11
    g, state = _summit_state(hands=(7, 0, 7, 7), near=(1,))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (2, 1), 1: (2, 1), 2: (3, 1), 3: (0, 1)})
    state = act(g, state, "exchange", 0, card=None)
    assert state.phase == "over" and list(state.winners) == [1]
    outcome = g.outcome(state)
    assert outcome.winners == (1,) and outcome.ranks[1] == 1


def _endgame(contest_goes_to):
    g, state = _summit_state(hands=(3, 7, 7, 7), near=(0,))
    state = read_first(g, state)                                   # the giver keeps 2 cards
    state = vote_all(g, state, {0: (2, 1), 1: (2, 1), 2: (3, 1), 3: (1, 1)})
    for seat in (0, 1):
        state = act(g, state, "exchange", seat, card=None)
    assert state.phase == "give" and state.gift_count == 2
    first, second = state.hands[0]
    with pytest.raises(IllegalAction):
        act(g, state, "give", 0, card=first, to=0)
    state = act(g, state, "give", 0, card=first, to=1)
    with pytest.raises(IllegalAction):
        act(g, state, "give", 0, card=second, to=1)               # different players
    state = act(g, state, "give", 0, card=second, to=2)
    assert state.phase == "respond" and g.current(state) == {1, 2}
    state = act(g, state, "accept", 1)
    state = act(g, state, "contest", 2)
    assert state.phase == "contest" and list(state.judges) == [1, 3]    # not giver, not receiver
    for judge in (1, 3):
        state = act(g, state, "judge", judge, choice=contest_goes_to)
    return g, state, first, second


def test_endgame_contest_upheld_wins():  # PE-11
    g, state, first, second = _endgame(contest_goes_to=2)
    assert state.phase == "over" and list(state.winners) == [0]
    assert first in state.received[1] and second in state.received[2]
    assert state.contest_result.upheld


def test_endgame_contest_lost_sends_back_to_the_door():  # PE-11
    g, state, first, second = _endgame(contest_goes_to=3)
    assert state.phase == "read" and list(state.winners) == []
    assert state.positions[0] == g.catalogue.board.door
    assert len(state.hands[0]) == HAND
    assert second in state.received[3] and not state.contest_result.upheld


def test_several_winners_in_one_vote():  # PE-11
    g, state = _summit_state(hands=(7, 0, 0, 7), near=(1, 2))
    state = read_first(g, state)
    state = vote_all(g, state, {0: (3, 1), 1: (3, 1), 2: (3, 1), 3: (0, 1)})
    state = act(g, state, "exchange", 0, card=None)
    assert state.phase == "over" and list(state.winners) == [1, 2]
    assert g.outcome(state).winners == (1, 2)


def test_family_filter_leaves_out_spicy_cards():
    cat = catalogue()
    family = set(cat.deck_ids(True))
    assert all(cat.trait(i).family for i in family)
    assert len(family) < len(cat.traits)
    assert all("spicy" not in cat.trait(i).tags for i in family)


def test_secret_votes_hold_the_voter_seat():
    g, state = fresh(4)
    state = read_first(g, state)
    state = vote_all(g, state, {0: (1, 1), 1: (1, 1)})
    assert dict(g.secrets(state, 0))["my_vote"] != dict(g.secrets(state, 1))["my_vote"]
    assert g.view(state, None).public.voted == (0, 1)


@pytest.mark.parametrize("seats", [3, 4, 5, 6])
def test_bots_always_reach_an_end(seats):
    cat = catalogue()
    for seed in range(2):
        bots = {s: ENTRY.make_bot(cat, s, Rng.from_seed(f"pe:{seed}:{s}")) for s in range(seats)}
        config = ENTRY.default_config(seats)
        config["family"] = seed == 0
        result = play_match(game(), config, seed, bots, check=True)
        assert result.outcome.winners
