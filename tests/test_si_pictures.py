"""No pictogram pictures a character on the board (issue 27 item 2, extended): a card
whose picture *is* a character's kind (the cowboy hat face for the Cowboy, the old woman
for the Granny, the nerd for the Student) gave the answer away under another label. The
data declares them (``depicted_by``) and no clue may show one while that character is on
the board: the rules refuse it, the legal moves (bots, phones) leave it out, and the
clue editor crosses it out."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.actions import Action, IllegalAction
import copy
from game.core.rng import Rng
from game.data_loading import DataError
from game.games.secret_identity.rules import CompetitiveRules, CoopRules
from game.games.secret_identity.rules.bots import TagModel, plan_clue
from game.games.secret_identity.rules.catalogue import load_catalogue
from game.games.secret_identity.rules.view import CoopPhase, SIPhase

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def shipped():
    return load_catalogue(DATA, None)[0]


def _card_of(catalogue, pictogram):
    return next(card.id for card in catalogue.cards if pictogram in card.pictograms)


def test_the_pictures_of_a_character_s_kind_are_declared(shipped):
    """The three the issue found (cowboy, nerd, old woman) and their like."""
    for character, pictogram in (("cowboy", "cowboy"), ("granny", "old_woman"), ("grandpa", "old_man"),
                                 ("student", "nerd"), ("skeleton", "skull"), ("angel", "angel"),
                                 ("devil", "horns"), ("tengu", "goblin"), ("alien", "space_invader"),
                                 ("king", "crowned_person"), ("jockey", "horse_race")):
        assert pictogram in shipped.character(character).depicted_by, character
        assert character in shipped.depicting[pictogram]
    # a picture on no card could never be shown: every declared one is on a card
    on_cards = {p for card in shipped.cards for p in card.pictograms}
    assert set(shipped.depicting) <= on_cards


def _clues_state(rules, seed=5):
    """A competitive match of 3 at its clues, the Cowboy on the board and seat 0 holding
    the card with the cowboy hat face."""
    state = rules.setup({"seats": 3}, Rng.from_seed(seed))
    while state.phase != SIPhase.CLUES:
        if rules.current(state):
            seat = min(rules.current(state))
            state = rules.apply(state, Action("ready", seat, {}))
        else:
            state = rules.apply(state, rules.chance(state))
    state = copy.deepcopy(state)
    card = _card_of(rules.catalogue, "cowboy")
    state.board[3] = "cowboy"
    state.pool = [c for c in state.pool if c not in ("cowboy", "calamity_jane")]
    holder = next(seat for seat, hand in enumerate(state.hands) if card in hand) if any(
        card in hand for hand in state.hands) else None
    if holder != 0:
        if holder is not None:
            state.hands[holder] = [c for c in state.hands[holder] if c != card] + [state.hands[0][0]]
        elif card in state.unused_cards:
            state.unused_cards = [c for c in state.unused_cards if c != card] + [state.hands[0][0]]
        state.hands[0] = [card] + state.hands[0][1:]
    return state, card


def test_a_clue_never_shows_a_picture_of_a_character_on_the_board(shipped):
    rules = CompetitiveRules(shipped)
    state, card = _clues_state(rules)
    rules.invariants(state)
    legal = [a for a in rules.legal(state, 0) if a.kind == "place" and a.data["card"] == card]
    assert {a.data["pictogram"] for a in legal} == set(_card(shipped, card).pictograms) - {"cowboy"}
    with pytest.raises(IllegalAction) as refused:
        rules.apply(state, Action("place", 0, {"card": card, "pictogram": "cowboy", "colour": "green"}))
    assert refused.value.reason == "pictures_board"
    other = next(p for p in _card(shipped, card).pictograms if p != "cowboy")
    placed = rules.apply(state, Action("place", 0, {"card": card, "pictogram": other, "colour": "green"}))
    assert placed.clues[0][0].pictogram == other                 # the card's other faces still serve
    state.board[3] = "calamity_jane"                             # not the Cowboy: the hat is a fine clue
    rules.apply(state, Action("place", 0, {"card": card, "pictogram": "cowboy", "colour": "green"}))


def test_the_co_op_clue_keeps_them_apart_too(shipped):
    rules = CoopRules(shipped)
    state = rules.setup({"seats": 3}, Rng.from_seed(2))
    while state.phase != CoopPhase.CLUE:
        state = rules.apply(state, rules.chance(state))
    state = copy.deepcopy(state)
    card = _card_of(shipped, "old_woman")
    state.board[0] = "granny"
    seat = state.active
    if card not in state.hands[seat]:
        for other in range(3):
            if card in state.hands[other]:
                state.hands[other] = [c for c in state.hands[other] if c != card] + [state.hands[seat][0]]
        state.unused_cards = [c for c in state.unused_cards if c != card]
        state.hands[seat] = [card] + [c for c in state.hands[seat] if c != card][:len(state.hands[seat]) - 1]
    assert "old_woman" not in {a.data["pictogram"] for a in rules.legal(state, seat) if a.kind == "place"}
    with pytest.raises(IllegalAction, match="pictures"):
        rules.apply(state, Action("place", seat, {"card": card, "pictogram": "old_woman", "colour": "red"}))


def test_the_bots_plan_no_clue_that_shows_one(shipped):
    """The planner would love the cowboy hat for the Cowboy: it picks another face."""
    model = TagModel(shipped)
    card = _card_of(shipped, "cowboy")
    board = ["cowboy", "zeus", "snow_white", "dracula", "merlin", "cinderella", "napoleon", "alice"]
    plan = plan_clue(model, [card, _card_of(shipped, "sun")], board, 0, budget=3.0)
    assert plan and all(picto != "cowboy" for _card_id, picto, _green in plan)
    assert any(picto == "cowboy" for _card_id, picto, _green in
               plan_clue(model, [card], ["calamity_jane", *board[1:]], 0, budget=3.0))


def _card(catalogue, card_id):
    return next(card for card in catalogue.cards if card.id == card_id)


def test_a_picture_that_is_no_pictogram_is_a_located_error(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA / "secret_identity", data / "secret_identity")
    shutil.copy(DATA / "family.yaml", data / "family.yaml")
    path = data / "secret_identity" / "characters.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("depicted_by: [cowboy]", "depicted_by: [cowboy_hat]", 1), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_catalogue(data, None)
    assert "characters.yaml:" in str(caught.value) and "'cowboy_hat'" in str(caught.value)
