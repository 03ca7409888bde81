"""Boards that keep their panels on a layer as a stage (game/ui/stage.py, issue 32 item 2):
the items kept are those no ``over`` drawn after them reaches, and a layer repainted only
where an item changed shows what a layer painted afresh shows, frame after frame of a bot
match (a repaint draws clipped: what it places must not depend on what a blit returns)."""

from __future__ import annotations

import pygame
import pytest

from game.cli.bench_scenes import _build_shot, bench_modes
from game.context import build_context
from game.settings import Settings
from game.ui.caches import Layer
from game.ui.stage import StageItem, draw_stage, layered_count


def _item(area, over_area=None, over=True):
    return StageItem(None, pygame.Rect(area), lambda s: None, (lambda s: None) if over else None,
                     pygame.Rect(over_area) if over_area is not None else None)


def test_an_over_that_reaches_a_later_item_leaves_the_rest_out_of_the_layer():
    items = [_item((0, 0, 10, 10), (0, 0, 10, 10)), _item((20, 0, 10, 10), over=False), _item((40, 0, 10, 10))]
    assert layered_count(items) == 3  # the first's over reaches no later item
    items[0] = _item((0, 0, 10, 10), (0, 0, 25, 10))
    assert layered_count(items) == 1  # it reaches the second: drawn directly from there
    items[0] = _item((0, 0, 10, 10), None)  # anywhere
    assert layered_count(items) == 1


def test_a_floating_over_keeps_no_item_out_of_the_layer_and_is_drawn_after_every_item():
    """A bot's thinking bubble on a panel, the co-op's team cursor: they float over the
    neighbours' shadows, so the panels after them stay in the layer (a co-op answer's
    flash had drawn six panels directly in every frame: issue 32 item 2)."""
    drawn = []

    def item(x, over=None, floats=False):
        return StageItem(("box", x), pygame.Rect(x, 0, 10, 10), lambda s: drawn.append(f"paint {x}"),
                         (lambda s: drawn.append(f"{over} {x}")) if over else None,
                         pygame.Rect(0, 0, 100, 10) if over else None, floats)

    items = [item(0, "bubble", floats=True), item(20, "veil"), item(40), item(60, "bubble", floats=True)]
    assert layered_count(items) == 2  # the veil on the second reaches the third: not the bubble on the first
    draw_stage(pygame.Surface((100, 10)), Layer((100, 10)), "base", lambda s: None, items)
    assert drawn == ["paint 0", "paint 20", "veil 20", "paint 40", "paint 60", "bubble 0", "bubble 60"]


def test_a_stage_repaints_only_where_an_item_changed():
    layer, surface = Layer((100, 40)), pygame.Surface((100, 40))
    painted = []

    def item(x, colour):
        def paint(s):
            painted.append(x)
            s.fill(colour, (x, 0, 10, 10))
        return StageItem(("box", x, colour), pygame.Rect(x, 0, 10, 10), paint)

    def base(s):
        s.fill((1, 2, 3))
    draw_stage(surface, layer, "base", base, [item(0, (255, 0, 0)), item(50, (0, 255, 0))])
    assert painted == [0, 50] and layer.paints == 1
    painted.clear()
    draw_stage(surface, layer, "base", base, [item(0, (255, 0, 0)), item(50, (0, 0, 255))])
    assert painted == [50] and layer.repaints == 1
    assert surface.get_at((55, 5)) == (0, 0, 255) and surface.get_at((5, 5)) == (255, 0, 0)


def same_rgb(a, b):
    """The same colour in every pixel: the raw pixels first (a tenth of the cost of the RGB
    bytes, ~0.3 s a test), the RGB bytes when they differ (an unused fourth byte may)."""
    return (bytes(a.get_view("1")) == bytes(b.get_view("1"))
            or pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"))


def _board_and_layer(game_id):
    mode = bench_modes()[game_id]
    ctx = build_context(headless=True, settings=Settings(), seats=mode.bench_seats)
    entry = ctx.games[game_id]
    driver = entry.plugin.module(mode.bench_driver) if entry.plugin is not None and mode.bench_driver else None
    build = driver.build if driver is not None else _build_shot
    return ctx, build(ctx, entry, mode.bench_seats, 7), driver, mode, ("backdrop" if driver is not None else "kept")


@pytest.mark.parametrize("game_id", ["secret_identity", "secret_identity_coop", "personality", "incognito"])
def test_a_stage_repainted_where_it_changed_equals_one_painted_afresh(game_id):
    ctx, board, driver, mode, name = _board_and_layer(game_id)
    canvas = ctx.kit.canvas()
    compared = 0
    for frame in range(420):
        if driver is not None:
            driver.drive(ctx, frame, mode.bench_seats)
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
        if frame % 7:
            ctx.stack.draw(canvas, 1.0)  # the layer repainted where it changed
            continue
        canvas.fill((0, 0, 0))
        ctx.stack.draw(canvas, 1.0)
        kept = canvas.copy()
        layer = getattr(board, name)
        setattr(board, name, ctx.kit.layer())
        canvas.fill((0, 0, 0))
        ctx.stack.draw(canvas, 1.0)
        setattr(board, name, layer)
        assert same_rgb(canvas, kept), f"{game_id}, frame {frame}"
        compared += 1
    assert compared == 60
    layer = getattr(board, name)
    if game_id != "incognito":  # (its bench curtain stays open on one drawer all along)
        assert layer.repaints > 0  # (it did change where an item did)
