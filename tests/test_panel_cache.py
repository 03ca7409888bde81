"""Remembered panels (``UiKit.filled_panel``) and the trimmed panel shadow draw exactly
the pixels of drawing everything again, on any background and through whole bot matches."""

import random

import pygame
import pytest

from game.context import build_context
from game.core.rng import Rng
from game.core.session import Session
from game.settings import Settings
from game.ui import panels
from game.ui.kit import PANEL_BLUR, PANEL_SHADOW_DROP, UiKit


@pytest.fixture(scope="module")
def kit():
    build_context(headless=True, settings=Settings())  # pygame + hidden display
    return UiKit(Settings())


def noise(size=(640, 420), seed=5) -> pygame.Surface:
    """A busy opaque background: every pixel differs from its neighbours."""
    surface = pygame.Surface(size)
    rng = random.Random(seed)
    for _ in range(400):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        pygame.draw.rect(surface, colour, (rng.randrange(size[0]), rng.randrange(size[1]), 40, 30))
    return surface


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Every pixel alike (the raw bytes: a 2-D view copied to bytes is ~4× slower)."""
    return a.get_size() == b.get_size() and bytes(a.get_view("1")) == bytes(b.get_view("1"))


def forget_panels(kit) -> None:
    """No panel remembered, nor drawn and waiting to be (``Panels.settle``)."""
    kit.panels._panels.clear()
    kit.panels._pending.clear()


@pytest.mark.parametrize("size,radius", [((404, 186), 26), ((120, 40), 26), ((300, 52), 26), ((90, 90), 60)])
def test_panel_shadow_trimmed_under_the_fill_leaves_the_same_pixels(kit, size, radius):
    rect = pygame.Rect((100, 90), size)
    ours, reference = noise(), noise()
    kit.panel(ours, rect, kit.colours.panel, radius=radius, border=kit.colours.gold)
    shadow = kit.panels._shadow(rect.size, radius, PANEL_BLUR)  # the whole shadow, as panels drew it before
    reference.blit(shadow, (rect.x - PANEL_BLUR * 2, rect.y - PANEL_BLUR * 2 + PANEL_SHADOW_DROP))
    pygame.draw.rect(reference, kit.colours.panel, rect, border_radius=radius)
    pygame.draw.rect(reference, kit.colours.gold, rect, width=4, border_radius=radius)
    assert same(ours, reference)


def test_an_opaque_panel_keeps_only_the_ring_of_its_shadow_it_shows(kit):
    """A full-HD dialog's whole shadow is ~5 MB of pixels, most of it under the panel:
    the sprite cache keeps the visible ring (and a remembered panel its corners), so
    the menus' peak memory stays bounded (issue 18)."""
    kit._sprites.clear()
    kit._sprites.bytes = 0
    kit.panels._panels.clear()
    surface = pygame.Surface((1920, 1080))
    rect = pygame.Rect(180, 150, 1552, 732)
    kit.panel(surface, rect, kit.colours.panel, radius=36)
    whole = (rect.width + PANEL_BLUR * 4) * (rect.height + PANEL_BLUR * 4) * 4
    assert 0 < kit._sprites.bytes < whole / 5
    kit.filled_panel(surface, rect, "dialog", lambda: None, kit.colours.panel, radius=36)
    kit.panels.settle()
    kept = kit.panels._panels[next(iter(kit.panels._panels))]
    pieces = [piece for piece, _ in (*kept.around, *kept.edges)]
    assert sum(piece.get_pitch() * piece.get_height() for piece in pieces) < rect.width * rect.height * 4 / 5
    assert kit.panels._recent_shadows and len(kit.panels._recent_shadows) <= panels.RECENT_SHADOWS


def test_a_remembered_panel_is_painted_once_and_blitted_identically_after(kit):
    painted = []
    rect = pygame.Rect(120, 100, 404, 186)

    def draw(surface, key):
        def content():
            painted.append(key)
            kit.seat_token(surface, 3, (rect.x + 38, rect.y + 36), 24)
            kit.blit_text(surface, "Bérénice", 34, (rect.x + 72, rect.y + 36), "midleft")
            pygame.draw.rect(surface, kit.colours.good, (rect.x + 18, rect.y + 70, 70, 70), border_radius=18)
        kit.filled_panel(surface, rect, key, content, kit.colours.panel, radius=26, border=kit.colours.accent)

    first, second, moved = noise(seed=1), noise(seed=1), noise(seed=2)
    draw(first, "seat-3")
    draw(second, "seat-3")
    draw(moved, "seat-3")  # another background under the same panel
    fresh = noise(seed=2)
    forget_panels(kit)
    draw(fresh, "seat-3")
    assert painted == ["seat-3", "seat-3"]  # once, and once more after the cache was emptied
    assert same(first, second) and same(moved, fresh)


def test_an_unkeyed_panel_is_never_remembered(kit):
    forget_panels(kit)
    kit.filled_panel(noise(), (10, 10, 200, 100), None, lambda: None)
    kit.panels.settle()
    assert not kit.panels._panels


def test_a_panel_a_partial_repaint_reaches_is_drawn_whole_once_and_remembered(kit):
    """Issue 32 item 2: a stage's layer repainted where a card swells reaches its
    neighbours' panels under a clip; one dropped from the LRU was painted afresh in
    every frame of the swell, as it could not be remembered clipped. It is drawn whole
    once, remembered, its pixels outside the clip put back: the same pixels as painting
    it under the clip, and the next partial repaint paints nothing."""
    rect, clip = pygame.Rect(60, 50, 320, 140), pygame.Rect(0, 0, 200, 160)
    painted = []

    def draw(surface, key):
        def content():
            painted.append(key)
            kit.blit_text(surface, "Jules César", 34, rect.center, "center")
        surface.set_clip(clip)
        kit.filled_panel(surface, rect, key, content, kit.colours.panel, radius=26)
        surface.set_clip(None)

    forget_panels(kit)
    expected = noise(seed=7)
    draw(expected, None)  # drawn afresh under the clip, never remembered
    first, second = noise(seed=7), noise(seed=7)
    draw(first, "card")
    assert same(first, expected) and list(kit.panels._panels) and painted == [None, "card"]
    draw(second, "card")
    assert same(second, expected) and painted == [None, "card"]


def test_a_panel_is_remembered_after_its_frame_or_when_next_asked_for(kit, monkeypatch):
    """A frame draws a panel and keeps a copy of it; its edges and shadow are cut in the
    time after the frame (``Panels.settle``, which ``app.after_frame`` calls after each of ``App.tick``'s frames), or when the
    panel is asked for again before that (a test's frames, with no time after them). A
    frame that draws more than ``PENDING_PANELS`` remembers the oldest at once."""
    forget_panels(kit)
    painted = []
    rect = pygame.Rect(300, 200, 320, 140)

    def draw(surface, key):
        def content():
            painted.append(key)
            kit.blit_text(surface, key, 34, rect.center, "center")
        kit.filled_panel(surface, rect, key, content, kit.colours.panel, radius=26)

    first = noise(seed=3)
    draw(first, "a")
    assert not kit.panels._panels and list(kit.panels._pending) and painted == ["a"]
    kit.panels.settle()
    assert not kit.panels._pending and len(kit.panels._panels) == 1
    again = noise(seed=3)
    draw(again, "a")
    assert painted == ["a"] and same(first, again)
    draw(noise(seed=3), "b")
    later = noise(seed=3)
    draw(later, "b")  # asked for before any settle: remembered then, not painted again
    assert painted == ["a", "b"] and not kit.panels._pending
    forget_panels(kit)
    monkeypatch.setattr(panels, "PENDING_PANELS", 2)
    for key in "cdef":
        draw(noise(), key)
    assert [full[0] for full in kit.panels._pending] == ["e", "f"]
    assert [full[0] for full in kit.panels._panels] == ["c", "d"]


def test_the_app_remembers_a_frame_s_panels_after_the_frame(monkeypatch):
    from types import SimpleNamespace

    from game.app import App
    from game.scenes.base import Scene
    from game.seats import SeatTable
    from game.stack import SceneStack

    happened = []

    class Drawing(Scene):
        def draw(self, surface, alpha):
            happened.append("draw")

    ctx = SimpleNamespace(settings=Settings(fullscreen=False), seats=SeatTable(), stack=SceneStack(), input=None,
                          importing_now=lambda: False,
                          kit=SimpleNamespace(panels=SimpleNamespace(settle=lambda: happened.append("settle"))))
    app = App(ctx, clock=lambda: 0.0)
    ctx.stack.push(Drawing())
    monkeypatch.setattr("game.app.serve_phones_until", lambda ctx, deadline, canvas=None: happened.append("idle"))
    app.tick()
    assert happened == ["draw", "settle", "idle"]  # after the frame, before the idle time


@pytest.mark.parametrize("game_id", ["secret_identity", "secret_identity_coop"])
def test_secret_identity_boards_draw_the_same_with_remembered_panels(game_id):
    """A bot match of eight: every 15th frame drawn with the panels remembered so far
    equals the frame drawn with none remembered."""
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=0)
    for i in range(8):
        ctx.seats.add_bot(f"Bot {i + 1}")
    entry = ctx.games[game_id]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(8), 3)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"b{s}")) for s in range(8)}
    board = entry.scenes().make_board(ctx, entry, session, bots)
    board.bot_delay = (1, 2)
    ctx.stack.push(board)
    warm, cold = ctx.kit.canvas(), ctx.kit.canvas()
    compared = 0
    for frame in range(900):
        ctx.stack.fixed_update(1 / 60)
        if frame % 15:
            continue
        # the board keeps its panels on a layer as a stage (game/ui/stage.py): a new one each
        # time, so each draw draws the panels
        board.kept = ctx.kit.layer()
        ctx.stack.draw(warm, 1.0)
        board.kept = ctx.kit.layer()
        ctx.stack.draw(warm, 1.0)  # the second draw uses what the first remembered
        remembered = len(ctx.kit.panels._panels)
        forget_panels(ctx.kit)
        board.kept = ctx.kit.layer()
        ctx.stack.draw(cold, 1.0)
        assert remembered and same(warm, cold), f"frame {frame}, phase {board.public.phase}"
        compared += 1
    assert compared == 60
