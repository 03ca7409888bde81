"""Incognito keeps a bounded number of bytes of rendered drawings (issue 18 items 6 and
2): the least recently shown goes, and comes back the same when shown again."""

import pygame

from game.games.incognito.ui import board as board_module
from game.shots import ShotRequest, prepare


def test_the_board_keeps_the_drawings_last_shown_within_its_bound(monkeypatch):
    ctx = prepare("incognito.gallery", ShotRequest(seats=6))
    board = next(scene for scene in ctx.stack if isinstance(scene, board_module.IncognitoBoard))
    board.caches.clear()
    record = board.session.view(None).public.history[-1]
    drawn = board.cache(("round", record.round, 0), record.drawings[0], 200)
    monkeypatch.setattr(board_module, "CANVAS_CACHE_BYTES", 4 * drawn.get_pitch() * drawn.get_height())
    first = pygame.image.tobytes(drawn, "RGB")
    for seat in range(1, 6):
        board.cache(("round", record.round, seat), record.drawings[seat], 200)
        board.cache(("round", record.round, 1), record.drawings[1], 200)  # shown again: kept
    assert list(board.caches) == [(("round", record.round, s), 200) for s in (3, 4, 5, 1)]
    again = pygame.image.tobytes(board.cache(("round", record.round, 0), record.drawings[0], 200), "RGB")
    assert again == first and len(board.caches) == 4
