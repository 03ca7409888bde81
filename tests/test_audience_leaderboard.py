"""The audience's leaderboard on the TV at the end of a match (issue 30 item 1): every
game's end screen, once it stands, gives the table's podium its turn first, then the
audience's leaderboard (the ledger's ranking: names, scores, ranks, nothing else), in
turn; nothing when nobody played along. Every game's board is the one its bots played to
the end (the shot ``audience.end.<game>``)."""

from __future__ import annotations

import pygame
import pytest

from game.games import all_games
from game.scenes.audience_leaderboard import (BOARD_TICKS, PODIUM_TICKS, AudienceTurn, audience_ranking,
                                              draw_audience_board)
from game.scenes.match import MatchScene
from game.shots import ShotRequest, prepare


def test_the_podium_has_the_first_turn_then_the_audience_then_the_podium_again():
    turn = AudienceTurn()
    shown = []
    for tick in range(PODIUM_TICKS * 2 + BOARD_TICKS * 2 + 2):
        turn.step(standing=True)
        shown.append(turn.showing)
    assert not any(shown[:PODIUM_TICKS])
    assert all(shown[PODIUM_TICKS:PODIUM_TICKS + BOARD_TICKS])
    assert not any(shown[PODIUM_TICKS + BOARD_TICKS:2 * PODIUM_TICKS + BOARD_TICKS])
    assert shown[2 * PODIUM_TICKS + BOARD_TICKS]
    turn.step(standing=False)  # the end screen left (play again): the next end starts with the podium
    assert turn.ticks == 0 and not turn.showing


def drawn_texts(ctx, draw) -> list[tuple[str, int]]:
    """(text, px) of every text ``draw(surface)`` blits through the kit."""
    seen: list[tuple[str, int]] = []
    real = ctx.kit.blit_text

    def record(surface, text, size, *args, **kwargs):
        seen.append((text, ctx.kit.scaled(size)))
        return real(surface, text, size, *args, **kwargs)

    ctx.kit.blit_text = record
    try:
        draw(pygame.Surface((1920, 1080)))
    finally:
        ctx.kit.blit_text = real
    return seen


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_game_s_end_shows_the_audience_s_leaderboard_in_its_turn(game):
    ctx = prepare(f"audience.end.{game}", ShotRequest(lang="en", ticks=2))
    board = ctx.stack.top
    assert isinstance(board, MatchScene) and board.end_choices_open() and board.audience_turn.showing
    title = ctx.t("audience.board_title")
    ranking = audience_ranking(ctx)
    assert ranking is not None and ranking.members == 12 and len(ranking.leaders) == 10
    assert ranking.leaders[0] == (1, ranking.leaders[0][1], 6) and ranking.leaders[-1][0] == 9

    on_turn = [text for text, _ in drawn_texts(ctx, lambda s: ctx.stack.draw(s, 1.0))]
    assert title in on_turn
    for rank, name, score in ranking.leaders:
        assert name in on_turn and str(score) in on_turn and str(rank) in on_turn

    board.audience_turn.ticks = PODIUM_TICKS  # the podium's turn
    assert title not in [text for text, _ in drawn_texts(ctx, lambda s: ctx.stack.draw(s, 1.0))]
    board.audience_turn.ticks = PODIUM_TICKS + 1
    ctx.companion.crowd.ledger.members.clear()  # nobody played along: the table's end alone
    assert audience_ranking(ctx) is None
    assert title not in [text for text, _ in drawn_texts(ctx, lambda s: ctx.stack.draw(s, 1.0))]


def test_the_leaderboard_draws_the_ranking_alone_readable_from_the_sofa():
    ctx = prepare("audience.end.secret_identity", ShotRequest(lang="fr", ticks=2))
    ranking = audience_ranking(ctx)
    texts = drawn_texts(ctx, lambda s: draw_audience_board(ctx, s, ranking))
    expected = {ctx.t("audience.board_title"), ctx.t("audience.board_count", n=12)}
    for rank, name, score in ranking.leaders:
        expected |= {str(rank), name, str(score)}
    assert {text for text, _ in texts} == expected  # nothing of any seat: nothing secret
    assert min(px for _, px in texts) >= 28
