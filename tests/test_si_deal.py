"""Boards without look-alikes, with few jobs and creatures (issue 27 items 3 and 4):
10,000 deals of each kind, seeded, in both languages' everyday decks."""

from itertools import combinations
from pathlib import Path

import pytest

from game.core.rng import Rng
from game.games.secret_identity.rules.catalogue import GENERIC_PER_BOARD, load_catalogue
from game.games.secret_identity.rules.common import character_pool
from game.games.secret_identity.rules.competitive import CompetitiveRules
from game.games.secret_identity.rules.coop import CHARACTERS, CoopRules
from game.games.secret_identity.rules.deal import draw_fitting

DATA = Path(__file__).resolve().parent.parent / "data"
DEALS = 10_000


@pytest.fixture(scope="module")
def shipped():
    return load_catalogue(DATA)[0]


def clashes(catalogue, board):
    """The look-alike pairs on ``board``, and whether it holds too many generic cards."""
    pairs = [(a, b) for a, b in combinations(board, 2) if b in catalogue.look_alikes.get(a, ())]
    generic = sum(catalogue.character(c).category in catalogue.generic for c in board)
    return pairs, generic > GENERIC_PER_BOARD


def test_the_data_declares_look_alike_groups_and_generic_categories(shipped):
    assert "werewolf" in shipped.look_alikes["big_bad_wolf"] and "dracula" in shipped.look_alikes["vampire"]
    assert "sirens" in shipped.look_alikes["little_mermaid"] and "baba_yaga" in shipped.look_alikes["witch"]
    assert shipped.generic == {"archetypes", "creatures"}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_no_competitive_board_holds_look_alikes_in_10000_deals(shipped, lang):
    """SI-1: four rounds of 8 fresh characters, and a replacement on each board."""
    rng = Rng(7)
    deck = character_pool(shipped, {"deck_lang": lang})  # each match's pool: the same list
    for _ in range(DEALS // 4):
        pool = list(deck)
        for _round in range(4):
            board = draw_fitting(rng, shipped, pool, 8)
            pool = [c for c in pool if c not in board]
            assert len(set(board)) == 8 and clashes(shipped, board) == ([], False), board
            slot = rng.below(8)
            new = draw_fitting(rng, shipped, pool, 1, board[:slot] + board[slot + 1:])[0]
            board[slot] = new
            pool.remove(new)
            assert clashes(shipped, board) == ([], False), board


def test_no_coop_match_deals_look_alikes_in_10000_deals(shipped):
    """SC-1: any of the 17 may meet any other on the board, so none clash."""
    rng = Rng(11)
    pool = character_pool(shipped, {"deck_lang": "fr"})
    for _ in range(DEALS):
        dealt = draw_fitting(rng, shipped, pool, CHARACTERS)
        assert len(set(dealt)) == CHARACTERS and clashes(shipped, dealt) == ([], False)


def test_matches_deal_through_the_rule_and_stay_seeded(shipped):
    competitive, coop = CompetitiveRules(shipped), CoopRules(shipped)
    for seed in range(20):
        config = {"seats": 4, "deck_lang": "en"}
        state = competitive.setup(config, Rng(seed))
        action = competitive._draw_board(state)
        assert action == competitive._draw_board(competitive.setup(config, Rng(seed)))  # deterministic
        assert clashes(shipped, action.data["board"]) == ([], False)
        dealt = coop._draw_deal(coop.setup(config, Rng(seed))).data["characters"]
        assert clashes(shipped, dealt) == ([], False)


def test_a_pool_of_jobs_and_creatures_still_fills_every_board(shipped):
    """The cap gives way before a board goes short (a lobby that keeps only those)."""
    pool = character_pool(shipped, {"categories": ["archetypes", "creatures"]})
    board = draw_fitting(Rng(3), shipped, pool, 8)
    assert len(set(board)) == 8 and clashes(shipped, board)[0] == []
