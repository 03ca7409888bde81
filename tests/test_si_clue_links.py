"""After each reveal, the words that link every clue to its character (issue 16 item 3):
in the public view only once the round is scored, and drawn in the round summary."""

from pathlib import Path

import pygame

from game.games.secret_identity.rules.catalogue import load_catalogue
from game.games.secret_identity.rules.links import ClueLink, clue_links
from game.games.secret_identity.rules.view import Shown

from test_secret_identity_rules import CAT, RULES, all_ready, one_card_clues, settle, start, to_clues, vote_all

DATA = Path(__file__).resolve().parent.parent / "data"


def test_link_words_are_the_shared_tags_most_telling_first_and_the_hooks():
    catalogue = load_catalogue(DATA)[0]
    bat, whale = clue_links(catalogue, (Shown("bat", True), Shown("whale", False)), "dracula")
    shared = set(catalogue.pictograms["bat"].tags) & set(catalogue.character("dracula").tags)
    assert bat.hook and bat.green and bat.words and set(bat.words) <= shared
    counts = [sum(tag in c.tags for c in catalogue.characters) for tag in bat.words]
    assert counts == sorted(counts)  # the rarest (most telling) tag first
    assert whale == ClueLink("whale", False, False, ())  # nothing links a whale to Dracula
    assert clue_links(catalogue, (Shown("whale", True),), "pinocchio")[0].hook


def test_the_public_view_shows_the_links_only_once_the_round_is_scored():
    state = one_card_clues(to_clues(start(3), keys=[2, 5, 7]))
    assert RULES.view(state, None).public.clue_links == ()  # voting: they would give the characters away
    state = vote_all(state, {0: {1: 5, 2: 6}, 1: {0: 4, 2: 7}, 2: {0: 2, 1: 3}})
    assert state.phase in ("summary", "catch_up")
    links = RULES.view(state, None).public.clue_links
    assert len(links) == 3
    for seat, key in enumerate((2, 5, 7)):
        (link,) = links[seat]
        character = CAT.character(state.board[key - 1])
        assert link.pictogram == state.clues[seat][0].pictogram
        assert set(link.words) == set(CAT.pictograms[link.pictogram].tags) & set(character.tags)
    state = all_ready(settle(state))
    assert state.phase != "summary" and RULES.view(state, None).public.clue_links == ()  # the next round


def test_the_round_summary_draws_each_clue_with_its_link_words_in_the_game_language():
    from game.context import build_context
    from game.games.secret_identity.ui.clue_links import link_text
    from game.settings import Settings
    from test_secret_identity_board import bots_play_to, start as start_board

    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=3)
    board = start_board(ctx, "secret_identity")
    bots_play_to(ctx, board, "summary")
    while board.stage == "reveal":
        board.fixed_update(1 / 60)
    drawn = []
    real = ctx.kit.blit_text

    def record(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    ctx.kit.blit_text = record
    try:
        ctx.stack.draw(pygame.Surface((1920, 1080)), 1.0)
    finally:
        ctx.kit.blit_text = real
    links = board.public.clue_links
    assert len(links) == 3 and all(links)
    tags = ctx.catalogue.game("secret_identity").tags
    for seat_links in links:
        for link in seat_links:
            text = link_text(ctx, link)
            assert text in [d.replace("\n", " ") for d in drawn]  # wrapped in its column
            assert all(tags[tag]("fr") in text for tag in link.words)
    assert ctx.t("si.summary.links") in drawn
