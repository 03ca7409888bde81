"""The how-to pages' pictures (game/scenes/menus/howto_pictures.py): each page shows its
phase; a picture is made once and kept in the user's cache, so a later first visit
reads it back (~1 ms) instead of rendering a shot in a fresh context (~0.2 s)."""

import pygame
import pytest

from game import disk_cache
from game.scenes.menus import howto_pictures
from game.scenes.menus.howto import HowToScene

from menu_helpers import draw, make_ctx


@pytest.fixture
def renders(tmp_path, monkeypatch):
    """The pictures' cache in a temp folder; the shots rendered so far."""
    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    howto_pictures.sources_fingerprint.cache_clear()
    made = []
    render = howto_pictures.render_picture

    def counted(shot, lang, size):
        made.append(shot)
        return render(shot, lang, size)

    monkeypatch.setattr(howto_pictures, "render_picture", counted)
    return made


def opened(ctx, game_id="secret_identity"):
    scene = HowToScene(ctx, game_id)
    ctx.stack.push(scene)
    ctx.stack.update(1 / 60)
    return scene


def test_a_howto_page_shows_a_picture_of_its_phase(renders):
    """Issue 14: the pages were words and 60 % empty space; each now shows its phase."""
    ctx = make_ctx()
    scene = opened(ctx)
    frame = scene.picture_rect()
    assert frame.width * frame.height >= 0.25 * scene.box.width * scene.box.height
    canvas = draw(ctx)
    colours = {tuple(canvas.get_at((x, y)))
               for x in range(frame.x, frame.right, 40) for y in range(frame.y, frame.bottom, 40)}
    assert len(colours) > 20  # a screen, not the bare panel


def test_a_later_first_visit_reads_the_kept_picture_back_and_draws_the_same(renders):
    """Issue 18: the page's first visit rendered a shot in a fresh context (~0.2 s of CPU,
    ~40 MB at its peak) in the frame that opened it; made once, it is now read back."""
    ctx = make_ctx()
    first = opened(ctx)
    assert renders == ["secret_identity.clues"] and list(first.pictures) == [0]  # the shown page's only
    shown = pygame.image.tobytes(draw(ctx), "RGB")
    ctx.stack.clear()
    again = opened(ctx)
    assert renders == ["secret_identity.clues"]  # read back, not rendered again
    assert pygame.image.tobytes(draw(ctx), "RGB") == shown
    again.flip(1)
    ctx.stack.update(1 / 60)
    assert renders == ["secret_identity.clues", "secret_identity.replace"] and sorted(again.pictures) == [0, 1]


def test_a_garbled_or_outdated_picture_is_made_again_and_the_old_one_removed(renders, tmp_path, monkeypatch):
    ctx = make_ctx()
    opened(ctx)
    [kept] = (tmp_path / "pictures").glob("howto-secret_identity.clues-*.pixels")
    size = kept.stat().st_size
    kept.write_bytes(b"\x07" * 1000)  # cut short
    ctx.stack.clear()
    opened(ctx)
    assert len(renders) == 2 and kept.stat().st_size == size
    decks = tmp_path / "decks"
    (decks / "decks").mkdir(parents=True)
    (decks / "decks" / "mine.yaml").write_text("cards: []\n", encoding="utf-8")
    monkeypatch.setattr(howto_pictures.paths, "user_data_dir", lambda: decks)  # a file in the player's deck folder: another recipe
    howto_pictures.sources_fingerprint.cache_clear()  # (taken once a run)
    ctx.stack.clear()
    opened(ctx)
    [newer] = (tmp_path / "pictures").glob("howto-secret_identity.clues-*.pixels")
    assert len(renders) == 3 and newer != kept
