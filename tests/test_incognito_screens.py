"""Incognito's screens on a TV (issue 14 item 4): inside the safe area, a last call whose
header and ring agree and cover no drawing, words that fit their boxes."""

import math

import pygame
import pytest

from game.context import build_context
from game.ui.fit import fit_words, smallest_size
from game.settings import Settings
from game.shots import ShotRequest, build_scene


def shown(name, seats=6, lang="fr"):
    """The shot ``name`` built in a fresh context: the context and the drawn canvas."""
    ctx = build_context(headless=True, lang=lang, settings=Settings(), seats=seats)
    build_scene(ctx, name, ShotRequest(lang=lang, seats=seats, seed=1, ticks=0))
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    return ctx, canvas


def margin_bands(ctx):
    """The four bands between the screen's edge and the safe area."""
    safe, (w, h) = ctx.kit.safe_rect, ctx.kit.canvas().get_size()
    return [pygame.Rect(0, 0, w, safe.y), pygame.Rect(0, safe.bottom, w, h - safe.bottom),
            pygame.Rect(0, 0, safe.x, h), pygame.Rect(safe.right, 0, w - safe.right, h)]


@pytest.mark.parametrize("name", ["incognito.draw", "incognito.vote", "incognito.reveal", "incognito.gallery"])
def test_nothing_but_background_in_the_tv_margin(name):
    ctx, canvas = shown(name)
    background = ctx.kit.canvas()
    ctx.kit.background(background)
    for band in margin_bands(ctx):
        drawn, bare = canvas.subsurface(band), background.subsurface(band)
        assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(bare, "RGB"), (name, band)


def test_the_last_call_header_says_what_its_ring_shows_and_the_ring_sits_on_no_drawing(monkeypatch):
    ctx, _canvas = shown("incognito.countdown", seats=3, lang="en")
    board = ctx.stack.top
    rings, titles = [], []
    real_countdown, real_top_bar = ctx.kit.countdown, board.top_bar
    monkeypatch.setattr(ctx.kit, "countdown", lambda surface, center, left, total, radius=84: (
        rings.append((center, left, radius)), real_countdown(surface, center, left, total, radius))[1])
    monkeypatch.setattr(board, "top_bar", lambda surface, public, title, alpha=None: (
        titles.append(title), real_top_bar(surface, public, title, alpha))[1])
    for _ in range(5):                     # 5 × 37 ticks: the last call (300) still runs
        board.session.advance(37)
        rings.clear()
        titles.clear()
        ctx.stack.draw(ctx.kit.canvas(), 0.5)
        (center, left, radius), = rings
        seconds = math.ceil(left - 1e-9)
        assert f"{seconds} seconds left" in titles[0] if seconds > 1 else "one second left" in titles[0], (titles, left)
        ring = pygame.Rect(0, 0, 2 * radius, 2 * radius)
        ring.center = center
        assert not any(ring.colliderect(layout.cell) for layout in board.layouts)


def test_a_long_word_shrinks_then_breaks_with_a_hyphen_and_never_crosses_its_box():
    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=3)
    kit = ctx.kit
    for text, width in (("À une fête d'anniversaire", 176), ("Extraterrestre", 178), ("Au pôle Nord", 400)):
        fitted, size = fit_words(kit, text, 36, width)
        assert smallest_size(kit) <= size <= 36
        assert kit.text(fitted, size, max_width=width).get_width() <= width, (text, fitted)
        assert fitted.replace("-\n", "").replace("'\n", "'") == text  # (a break after an elision adds nothing)
    assert fit_words(kit, "Au pôle Nord", 36, 400) == ("Au pôle Nord", 36)
    fitted, size = fit_words(kit, "d'anniversaire", 36, 176)  # whole after its elision (issue 28: no word cut)
    assert size == smallest_size(kit) and fitted == "d'\nanniversaire"


@pytest.mark.parametrize("safe_area", [0.05, 0.10])
def test_the_sheets_swatches_and_tools_are_48_px_or_more(safe_area):
    """Issue 28: the drawer's swatches and tool icons are read from the sofa, 48 px or more
    across, in either safe area (the swatches were 44 px wide and the icons 44 px in the
    wide one)."""
    from game.games.incognito.ui.sheet import button_face
    from game.ui.theme import MIN_MARK

    ctx = build_context(headless=True, lang="fr", settings=Settings(safe_area=safe_area), seats=4)
    build_scene(ctx, "incognito.turn.toolbar", ShotRequest(lang="fr", seats=4, seed=1, ticks=0))
    curtain = ctx.stack.visible()[-1]
    icons = []
    ctx.kit.icon = lambda code, size, icon=ctx.kit.icon: icons.append(size) or icon(code, size)
    curtain.sheet.render_toolbar((curtain.layout.space.width, 200), curtain.layout.scale, None, True)
    faces = [button_face(button, curtain.layout.scale) for button in curtain.pad.buttons]
    assert min(min(face.size) for face in faces) >= MIN_MARK, faces
    assert len(icons) == 7 and min(icons) >= MIN_MARK, icons
    ctx.stack.clear()
