"""What the busiest boards keep between frames (issue 18 item 4): a remembered panel is
drawn in one pass, the same pixels as drawing it afresh; Personality's background, top
bar and track sit on a layer painted once per change of what they show, as do both
Secret Identity boards' background, track and hub; a board that paints the whole canvas
spares the app its black fill."""

from __future__ import annotations

import pygame

from game.cli.bench_scenes import _build_shot
from game.context import build_context
from game.scenes.base import Scene
from game.settings import Settings
from game.shots import ShotRequest, prepare
from game.stack import SceneStack


class CountingSurface(pygame.Surface):
    """A canvas that counts the blit calls made on it."""

    calls = 0

    def blit(self, *args, **kwargs):
        self.calls += 1
        return super().blit(*args, **kwargs)

    def blits(self, *args, **kwargs):
        self.calls += 1
        return super().blits(*args, **kwargs)


def test_a_remembered_panel_is_one_blit_call_and_the_same_pixels():
    ctx = prepare("title", ShotRequest(ticks=0))
    kit = ctx.kit

    def paint():
        kit.blit_text(canvas, "Marie-Antoinette", 36, (420, 330), "center")

    rect = pygame.Rect(200, 260, 440, 150)
    canvas = CountingSurface((800, 600))
    kit.background(canvas)
    kit.filled_panel(canvas, rect, ("test", "Marie"), paint)  # drawn, then remembered
    drawn = pygame.image.tobytes(canvas, "RGB")
    kit.background(canvas)
    canvas.calls = 0
    kit.filled_panel(canvas, rect, ("test", "Marie"), paint)
    assert canvas.calls == 1  # the shadow, the corners and the opaque middle in one blits call
    assert pygame.image.tobytes(canvas, "RGB") == drawn


def test_personality_paints_its_still_layer_once_per_change():
    ctx = build_context(headless=True, settings=Settings(), seats=6)
    board = _build_shot(ctx, ctx.games["personality"], 6, 7)  # the vote, bots in every seat: no overlay over the board
    canvas = ctx.kit.canvas()
    for _ in range(3):
        ctx.stack.draw(canvas, 1.0)
    assert board.still.paints == 1
    ctx.settings.lang = "en"  # another language: the bar and the Gouffre's name change
    ctx.stack.draw(canvas, 1.0)
    assert board.still.paints == 2
    repainted = pygame.image.tobytes(canvas, "RGB")
    board.still = ctx.kit.layer()  # what a board drawn afresh shows
    ctx.stack.draw(canvas, 1.0)
    assert pygame.image.tobytes(canvas, "RGB") == repainted


def _si_board(game_id: str):
    ctx = build_context(headless=True, settings=Settings(), seats=8)
    return ctx, _build_shot(ctx, ctx.games[game_id], 8, 7)  # its busiest shot, bots in every seat


def test_both_secret_identity_boards_paint_their_still_layer_once_per_change():
    for game_id in ("secret_identity", "secret_identity_coop"):
        ctx, board = _si_board(game_id)
        canvas = ctx.kit.canvas()
        for _ in range(3):
            ctx.stack.draw(canvas, 1.0)
        assert board.still.paints == 1, game_id
        ctx.settings.text_scale = 1.2  # larger words on the track
        ctx.stack.draw(canvas, 1.0)
        assert board.still.paints == 2, game_id
        repainted = pygame.image.tobytes(canvas, "RGB")
        board.still = ctx.kit.layer()  # what a board drawn afresh shows
        ctx.stack.draw(canvas, 1.0)
        assert pygame.image.tobytes(canvas, "RGB") == repainted, game_id


def test_a_board_that_covers_the_canvas_needs_no_fill_under_it():
    for game_id in ("secret_identity", "secret_identity_coop"):
        ctx, board = _si_board(game_id)
        assert ctx.stack.covers_canvas()
        frames = []
        for under in ((0, 0, 0), (255, 0, 255)):  # black as the app's fill, or anything left from before
            canvas = ctx.kit.canvas()
            canvas.fill(under)
            ctx.stack.draw(canvas, 1.0)
            frames.append(pygame.image.tobytes(canvas, "RGB"))
        assert frames[0] == frames[1], game_id
    stack = SceneStack()
    assert not stack.covers_canvas()
    stack.push(Scene())  # a scene that does not say it paints everything keeps the fill
    assert not stack.covers_canvas()


def test_a_swelling_card_needs_few_shadow_and_portrait_sizes(monkeypatch):
    """A reveal's card swells to a new size every frame: its shadow, portrait and name's
    fit come in a few sizes (kept in caches), not a new one (a shadow and a medallion
    drawn, a name measured) a frame."""
    from game.games.secret_identity.ui import widgets
    from game.games.secret_identity.ui.reveal import OPEN_TICKS
    from game.ui.panels import Panels

    ctx, board = _si_board("secret_identity")
    shadows, portraits = set(), set()
    cut, pictured = Panels._blit_shadow_ring, widgets.portrait

    def counting_ring(self, surface, rect, radius):
        shadows.add(pygame.Rect(rect).size)
        return cut(self, surface, rect, radius)

    def counting_portrait(kit, look, character, size):
        portraits.add(size)
        return pictured(kit, look, character, size)

    monkeypatch.setattr(Panels, "_blit_shadow_ring", counting_ring)
    monkeypatch.setattr(widgets, "portrait", counting_portrait)
    canvas = ctx.kit.canvas()
    character = board.catalogue.character(board.public.board[0])
    scales = [1.0 + 0.12 * max(0.0, 1.0 - abs(2 * tick / OPEN_TICKS - 1)) for tick in range(1, OPEN_TICKS)]
    sizes = {(int(widgets.SLOT_W * s), int(widgets.SLOT_H * s)) for s in scales}
    assert len(sizes) >= 20  # the card itself takes a new size nearly every frame
    searched = ctx.kit.fits.misses
    for scale in scales:
        widgets.draw_character_slot(canvas, ctx, character, 1, (600, 500), border=(200, 60, 60), scale=scale)
    assert len(shadows) <= 8  # one a frame before: 20
    assert len(portraits) <= 1  # one picture, scaled
    assert ctx.kit.fits.misses - searched <= 8
