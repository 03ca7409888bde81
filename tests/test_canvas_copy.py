"""A board drawn alone on the app's canvas copies its stage's layer back only where its
last frame drew over it and where the layer changed (game/ui/stage.py, ``CanvasCopy``):
the frames are those of copying the whole layer every time, whatever comes and goes over
the board (a toast, the app's captions), and a frame that cannot name what it drew leaves
the next one a whole copy."""

from __future__ import annotations

import zlib

import pygame
import pytest

from game.app import after_frame
from game.scenes.toast import ToastScene
from game.ui.caches import Layer
from game.ui.stage import CanvasCopy, StageItem, draw_stage

from tests.test_stage import _board_and_layer, same_rgb


def _items(frame):
    """Two boxes, one moving every few frames, the other changing its colour."""
    x = 10 + (frame // 3) * 7

    def box(left, colour):
        return StageItem(("box", left, colour), pygame.Rect(left, 10, 20, 20), lambda s: s.fill(colour, (left, 10, 20, 20)))
    return [box(x, (200, 30, 30)), box(120, (30, 30, 60 + frame * 3 % 190))]


def _draw(surface, layer, copy, frame):
    draw_stage(surface, layer, "base", lambda s: s.fill((10, 20, 30)), _items(frame), copy)
    over = pygame.Rect(40 + frame * 5 % 90, 40, 30, 12)  # the hub's words, a hint bar: drawn over the stage
    surface.fill((250, 250, 0), over)
    if copy is not None:
        copy.drew(over)


def test_a_stage_copied_back_where_the_last_frame_drew_shows_what_a_whole_copy_shows():
    surface, layer, copy = pygame.Surface((200, 80)), Layer((200, 80)), CanvasCopy()
    restores = []
    real_restore = copy.restore

    def restore(changed):
        restores.append(real_restore(changed))
        return restores[-1]
    copy.restore = restore
    for frame in range(40):
        copy.begin(surface, frame, alone=True, kept=frame > 0)
        _draw(surface, layer, copy, frame)
        copy.complete()
        reference = pygame.Surface((200, 80))
        _draw(reference, Layer((200, 80)), None, frame)
        assert same_rgb(surface, reference), frame
    assert restores[0] is None and all(rects is not None for rects in restores[1:])  # (after the first: a part)


def test_a_frame_that_cannot_name_what_it_drew_leaves_the_next_a_whole_copy():
    surface, layer, copy = pygame.Surface((200, 80)), Layer((200, 80)), CanvasCopy()
    copy.begin(surface, 1, alone=True, kept=True)
    _draw(surface, layer, copy, 1)
    copy.complete()
    copy.begin(surface, 2, alone=True, kept=True)
    # nothing changed: only where the last frame drew over the stage
    assert copy.restore(layer.take_changed()) == [pygame.Rect(45, 40, 30, 12)]
    copy.drew(None)  # (an over that may draw anywhere)
    copy.complete()
    copy.begin(surface, 3, alone=True, kept=True)
    assert copy.restore(layer.take_changed()) is None
    copy.complete()
    copy.spoil()  # (drawn over after it completed: the audience's leaderboard)
    copy.begin(surface, 4, alone=True, kept=True)
    assert copy.restore([]) is None
    copy.complete()
    copy.begin(surface, 6, alone=True, kept=True)  # a draw of the stack came between (another scene's)
    assert copy.restore([]) is None
    copy.complete()
    copy.begin(pygame.Surface((200, 80)), 7, alone=True, kept=True)  # another canvas
    assert copy.restore([]) is None


def _frames(game_id: str, kept: bool, count: int) -> tuple[list[int], int]:
    """A game's bench match, frame after frame as the app draws them, the stage
    copied back in part where it may (``kept``) or whole every frame, with a toast
    over the board a while and the app's captions drawn over some frames: the frames'
    CRCs, and how many frames copied the stage back in part."""
    ctx, board, driver, mode, _ = _board_and_layer(game_id)
    canvas = ctx.kit.canvas()
    restores = []
    real_restore = board.canvas_copy.restore

    def restore(changed):
        rects = real_restore(changed) if kept else None  # (else: the whole layer, every frame)
        restores.append(rects is not None)
        return rects
    board.canvas_copy.restore = restore
    crcs = []
    for frame in range(count):
        if driver is not None:
            driver.drive(ctx, frame, mode.bench_seats)
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
        if frame == 60:
            ctx.stack.push(ToastScene(ctx, ["Bonjour"]))
        if frame == 100:
            ctx.stack.pop()
        ctx.stack.draw(canvas, 1.0, kept=True)
        if frame % 50 == 7:  # the app's captions over the frame
            canvas.fill((255, 0, 255), (300, 900, 400, 60))
            ctx.stack.drawn_over()
        if frame % 2 == 0 or frame > 700:  # (every frame of the reveal)
            crcs.append(zlib.crc32(pygame.image.tobytes(canvas, "RGB")))
        after_frame(ctx, canvas)  # the next frame drawn ahead on the same canvas, as the app does
    return crcs, sum(restores)


@pytest.mark.parametrize("game_id, count", [("secret_identity", 1000), ("secret_identity_coop", 600)])
def test_a_board_copying_its_stage_back_in_part_draws_the_frames_of_a_whole_copy(game_id, count):
    """Secret Identity: its clues, vote and reveal; the co-op: clues, guesses, answers."""
    kept, restored = _frames(game_id, True, count)
    whole, none = _frames(game_id, False, count)
    assert none == 0 and restored > count * 0.8  # (most frames of the kept canvas copied the stage back in part)
    mismatch = next((frame for frame, (a, b) in enumerate(zip(kept, whole)) if a != b), None)
    assert mismatch is None, f"frame {mismatch} differs"


def test_the_hint_bar_draws_nothing_outside_the_box_it_returns():
    """A board names the hint bar's box as drawn over its stage: a pixel outside it would
    stay on the TV after the bar moved or left."""
    from game.context import build_context
    from game.input.intents import Intent
    from game.settings import Settings

    bars = [[(Intent.CONFIRM, "OK")], [(Intent.LEFT, "Pointer"), (Intent.ALT, "Remplacer"), (Intent.CONFIRM, "Prêt")],
            [(Intent.PEEK, "Construire l'indice de Bartholomée-Wilhelmina " * 6)]]
    for lang, scale in (("fr", 1.0), ("en", 1.5)):
        kit = build_context(headless=True, lang=lang, settings=Settings(text_scale=scale)).kit
        for items in bars:
            canvas = pygame.Surface((kit.W, kit.H))
            canvas.fill((1, 2, 3))
            box = kit.hint_bar(canvas, items)
            drawn = pygame.mask.from_threshold(canvas, (1, 2, 3), (1, 1, 1, 255))
            drawn.invert()
            rects = drawn.get_bounding_rects()
            assert rects and box.contains(rects[0].unionall(rects[1:])), (lang, scale, items[0])
