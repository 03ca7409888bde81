"""What start-up reads back from the user's cache instead of making (game/disk_cache.py):
the UI strings and the menu background, the same as made, and made again when the
file is cut short or garbled."""

import marshal

import pygame
import pytest

from game import disk_cache, paths
from game.i18n import Strings
from game.settings import Settings
from game.ui.kit import UiKit


@pytest.fixture
def cache_on_a_display(tmp_path, monkeypatch):
    """The user cache in ``tmp_path``, and a display (pictures are read in its format)."""
    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def test_the_strings_read_back_are_the_parsed_ones(tmp_path):
    i18n = paths.data_dir() / "i18n"
    fresh = Strings.load(i18n, "en")
    parsed = fresh.tables
    assert Strings.load(i18n, "en", cache=tmp_path).tables == parsed  # made and kept
    [kept] = tmp_path.glob("strings-*.marshal")
    whole = kept.read_bytes()
    assert marshal.loads(whole) == (parsed, fresh.rules, fresh.plural_keys)
    read_back = Strings.load(i18n, "en", cache=tmp_path)  # with the plural rules and keys
    assert (read_back.tables, read_back.rules, read_back.plural_keys) == (parsed, fresh.rules, fresh.plural_keys)
    assert read_back.get("si.reveal.found_by", n=1) == fresh.get("si.reveal.found_by", n=1) == "Found by 1 opponent"
    for broken in (whole[:100], b"{not marshal", marshal.dumps({"en": {"title.play": 3}}), marshal.dumps([1]),
                   marshal.dumps((parsed, {}, {"en": {"x": 1}}))):
        kept.write_bytes(broken)  # cut short, garbled, or not the tables' shape: parsed again
        assert Strings.load(i18n, "fr", cache=tmp_path).tables == parsed
        assert kept.read_bytes() == whole


def test_the_background_read_back_is_the_drawn_one(tmp_path, cache_on_a_display):
    drawn, again, mended = (pygame.Surface((1920, 1080)) for _ in range(3))
    UiKit(Settings()).background(drawn)
    [kept] = (tmp_path / "pictures").glob("background-*")
    UiKit(Settings()).background(again)
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(drawn, "RGB")
    kept.write_bytes(kept.read_bytes()[:4096])
    UiKit(Settings()).background(mended)
    assert pygame.image.tobytes(mended, "RGB") == pygame.image.tobytes(drawn, "RGB")
    assert kept.stat().st_size == 1920 * 1080 * 4


def test_the_first_background_on_the_display_is_read_straight_into_it(tmp_path, monkeypatch):
    """Start-up: the first frame's background is the cached file read into the display's
    pixels (no surface of its own made, no blit); the next frame loads and blits it: the
    same pixels either way, and a cut-short file is drawn again, as before."""
    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    pygame.display.init()
    previous = pygame.display.get_surface()
    size = previous.get_size() if previous is not None else (1, 1)
    try:
        display = pygame.display.set_mode((1920, 1080))
        drawn = pygame.Surface((1920, 1080), 0, display)
        UiKit(Settings()).background(drawn)  # drawn and kept
        [kept] = (tmp_path / "pictures").glob("background-*")
        for whole in (True, False):
            if not whole:
                kept.write_bytes(kept.read_bytes()[:4096])
            kit = UiKit(Settings())
            display.fill((255, 0, 0))
            kit.background(display)
            assert (kit.panels._background is None) == whole  # read straight: no surface of its own
            assert pygame.image.tobytes(display, "RGB") == pygame.image.tobytes(drawn, "RGB")
            display.fill((255, 0, 0))
            kit.background(display)  # the next frame: loaded and blitted
            assert kit.panels._background is not None
            assert pygame.image.tobytes(display, "RGB") == pygame.image.tobytes(drawn, "RGB")
    finally:
        pygame.display.set_mode(size)


def test_icons_kept_in_a_strip_are_the_rendered_ones(tmp_path, cache_on_a_display):
    from game.ui.icons import Icons

    keys = [("1F3AD", 150), ("1F5DD", 88)]
    rendered = Icons()
    rendered.keep("test-icons", keys)  # rendered, then kept
    [kept] = (tmp_path / "pictures").glob("test-icons-*")
    read_back = Icons()
    read_back.keep("test-icons", keys)
    for code, size in keys:
        mine = read_back._icons[(code, size)]
        assert mine.get_size() == (size, size)
        assert pygame.image.tobytes(mine, "RGBA") == pygame.image.tobytes(rendered.icon(code, size), "RGBA")
    assert kept.stat().st_size == 150 * 238 * 4


def test_icons_made_again_over_a_cut_short_strip_show_nothing_of_it(tmp_path, cache_on_a_display):
    from game.ui.icons import Icons

    keys = [("1F3AD", 150), ("1F5DD", 88)]
    rendered = Icons()
    rendered.keep("test-icons", keys)
    [kept] = (tmp_path / "pictures").glob("test-icons-*")
    kept.write_bytes(bytes(range(1, 201)) * 5)  # a thousand bytes of garbage, cut short
    Icons().keep("test-icons", keys)  # made again and kept: none of the garbage may be kept with it
    read_back = Icons()
    read_back.keep("test-icons", keys)
    for code, size in keys:
        mine = read_back._icons[(code, size)]
        assert pygame.image.tobytes(mine, "RGBA") == pygame.image.tobytes(rendered.icon(code, size), "RGBA")
    assert kept.stat().st_size == 150 * 238 * 4


def test_the_first_screens_texts_read_back_are_the_rendered_ones(tmp_path, cache_on_a_display):
    from game.ui.kept_texts import KeptTexts

    texts = [("Secret Salon", 190, (255, 210, 90), None, "left", True), ("v1", 28, (1, 2, 3), None, "left", False)]

    def first_screen() -> tuple[UiKit, KeptTexts]:
        kit = UiKit(Settings())
        kept = KeptTexts(kit, "test-texts")
        kept.read()
        return kit, kept

    rendered, kept = first_screen()
    drawn = [rendered.text(*args) for args in texts]
    kept.frame_drawn()
    rendered.text("drawn after the first frame", 40)
    kept.keep()
    [file] = (tmp_path / "pictures").glob("test-texts-*")
    read_back, kept = first_screen()
    from_file = dict(read_back.texts.kept)
    assert len(from_file) == 2
    for args, mine in zip(texts, drawn):
        theirs = read_back.text(*args)
        assert theirs in from_file.values()  # taken from the file, not rendered
        assert pygame.image.tobytes(theirs, "RGBA") == pygame.image.tobytes(mine, "RGBA")
    read_back.text("drawn this time", 40)
    kept.frame_drawn()
    kept.keep()  # one text was rendered: the file now holds the three drawn
    assert not read_back.texts.kept and len(first_screen()[0].texts.kept) == 3
    whole = file.read_bytes()
    for broken in (whole[:-1], whole + b"x", b"\x05\x00\x00\x00garbage", b""):
        file.write_bytes(broken)  # cut short, too long, garbled, empty: nothing is read
        assert not first_screen()[0].texts.kept
    later = UiKit(Settings())
    later.text("already drawn", 30)
    assert KeptTexts(later, "test-texts").path is None  # only a run's first screen keeps its texts


def test_the_first_screens_sprites_read_back_are_the_drawn_ones(tmp_path, monkeypatch, cache_on_a_display):
    """The title's glyph and seat tokens, handed to the sprite cache, each taken when
    first drawn; the file holds what the first frame drew, no more; an edit of the code
    that draws them (here: its file's time) names another file."""
    import os
    from pathlib import Path

    from game.ui import shapes
    from game.ui.kept_texts import KeptSprites


    def first_screen() -> tuple[UiKit, KeptSprites]:
        kit = UiKit(Settings())
        kept = KeptSprites(kit, "test-sprites")
        kept.read()
        return kit, kept

    def draw(kit: UiKit) -> list[pygame.Surface]:
        canvas = pygame.Surface((200, 100), pygame.SRCALPHA)
        kit.seat_token(canvas, 3, (50, 50), 26)
        canvas.blit(kit.button_hint("a", 72), (100, 0))
        return [canvas, *kit._sprites.values()]

    drawer, kept = first_screen()
    drawn = draw(drawer)
    drawn_keys = list(drawer._sprites)
    kept.frame_drawn()
    drawer.seat_token(pygame.Surface((100, 100), pygame.SRCALPHA), 5, (50, 50), 40)  # after the first frame
    kept.keep()
    [file] = (tmp_path / "pictures").glob("test-sprites-*")
    written = file.stat().st_mtime_ns
    read_back, kept = first_screen()
    assert set(read_back._sprites.kept) == set(drawn_keys)  # from the file: the first frame's only
    again = draw(read_back)
    assert not read_back._sprites.kept  # each taken when first drawn
    assert [pygame.image.tobytes(s, "RGBA") for s in again] == [pygame.image.tobytes(s, "RGBA") for s in drawn]
    kept.frame_drawn()
    kept.keep()  # nothing drawn anew: not written again
    assert file.stat().st_mtime_ns == written
    fewer, kept = first_screen()
    fewer.seat_token(pygame.Surface((100, 100), pygame.SRCALPHA), 3, (50, 50), 26)
    kept.frame_drawn()
    kept.keep()  # the glyph was not drawn this time: the file drops it
    assert len(first_screen()[0]._sprites.kept) == len(drawn_keys) - 1
    edited = tmp_path / "shapes.py"
    edited.write_bytes(Path(shapes.__file__).read_bytes())
    monkeypatch.setattr(shapes, "__file__", str(edited))
    os.utime(edited, ns=(0, os.stat(edited).st_mtime_ns + 1))
    assert not first_screen()[0]._sprites.kept  # the drawing changed: not read back


def test_the_files_earlier_versions_kept_are_pruned_and_nothing_else(tmp_path, monkeypatch):
    """Outline pickles and JSON strings (read by no version since) go; today's files, any
    other name, a folder or a symlink with a retired name, and other folders stay."""
    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    digest = "0123456789abcdef"
    old = ["outlines/1F47B-" + digest + ".pickle", "outlines/1F468-200D-1F373-" + digest + ".pickle",
           "strings/strings-" + digest + ".json"]
    current = ["outlines/1F47B-" + digest + ".json", "strings/strings-" + digest + ".marshal",
               "pictures/howto-incognito.draw-en-676x380-" + digest + ".pixels",
               "pictures/background-" + digest + ".pixels", "sounds/nav-" + digest + ".pcm"]
    unknown = ["outlines/notes.pickle", "outlines/1F47B-" + digest + ".pickle.bak", "outlines/1f47b-" + digest[:15]
               + ".pickle", "strings/strings-" + digest.upper() + ".json", "strings/menu-" + digest + ".json",
               "pictures/1F47B-" + digest + ".pickle", "strings-" + digest + ".json"]
    for name in old + current + unknown:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(b"kept")
    (tmp_path / "outlines" / ("1F47C-" + digest + ".pickle")).mkdir()
    (tmp_path / "strings" / ("strings-" + "f" * 16 + ".json")).symlink_to(tmp_path / current[1])
    assert disk_cache.prune_retired() == len(old)
    left = sorted(str(path.relative_to(tmp_path)) for path in tmp_path.rglob("*"))
    assert not set(old) & set(left)
    assert set(current + unknown) <= set(left)
    assert (tmp_path / "outlines" / ("1F47C-" + digest + ".pickle")).is_dir()
    assert (tmp_path / "strings" / ("strings-" + "f" * 16 + ".json")).is_symlink()
    assert disk_cache.prune_retired() == 0  # nothing left to do: a scan of two folders


def test_the_thread_behind_the_title_prunes_once_it_has_settled(tmp_path, monkeypatch):
    import threading
    from types import SimpleNamespace

    from game.cli import play

    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    old = tmp_path / "strings" / "strings-0123456789abcdef.json"
    old.parent.mkdir()
    old.write_bytes(b"{}")
    settled = []
    monkeypatch.setattr(play, "settle", lambda: settled.append(old.exists()))

    def preload(then):
        thread = threading.Thread(target=then)
        thread.start()
        return thread

    ctx = SimpleNamespace(catalogue=SimpleNamespace(catalogues=SimpleNamespace(preload=preload)), importing=None)
    play.behind_title(ctx).join()
    assert ctx.importing is not None and settled == [True] and not old.exists()


def test_a_file_kept_deletes_its_names_other_recipes_and_nothing_else(tmp_path):
    """16 ``title-icons-*`` files piled up in a day: each new recipe's file made the last
    one dead. Keeping a file deletes exactly ``<name>-<16 hex><suffix>`` beside it; another
    name, suffix or digest shape, a temp file, a folder, a symlink and other folders stay."""
    folder = tmp_path / "pictures"
    folder.mkdir()
    older = [f"title-icons-{'0' * 16}.pixels", f"title-icons-{'1234abcd' * 2}.pixels"]
    others = [f"title-icons-{'0' * 15}.pixels", f"title-icons-{'ABCDEF01' * 2}.pixels",
              f"title-icons-{'0' * 16}.texts", f"title-icons-{'0' * 16}.pixels.12.tmp", f"title-icons-x-{'0' * 16}.pixels",
              f"title-{'0' * 16}.pixels", f"title-texts-{'0' * 16}.pixels", "title-icons.pixels"]
    for name in older + others:
        (folder / name).write_bytes(b"older")
    (folder / f"title-icons-{'2' * 16}.pixels").mkdir()
    (folder / f"title-icons-{'3' * 16}.pixels").symlink_to(folder / others[0])
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / f"title-icons-{'0' * 16}.pixels").write_bytes(b"elsewhere")
    path = disk_cache.cache_path(folder, "title-icons", ("a new recipe",), ".pixels")
    disk_cache.keep(path, b"new")
    left = {entry.name for entry in folder.iterdir()}
    assert path.read_bytes() == b"new"
    assert left == {path.name, *others, f"title-icons-{'2' * 16}.pixels", f"title-icons-{'3' * 16}.pixels"}
    assert (tmp_path / "sounds" / f"title-icons-{'0' * 16}.pixels").exists()


def test_a_file_read_back_deletes_nothing(tmp_path):
    """Reads never scan the folder: a file read back leaves its older recipes (the next
    keep takes them); one made and kept through ``cached_bytes`` takes them at once."""
    older = tmp_path / f"strings-{'0' * 16}.marshal"
    older.write_bytes(b"older")
    path = disk_cache.cache_path(tmp_path, "strings", ("today",), ".marshal")
    path.write_bytes(b"kept")
    assert disk_cache.cached_bytes(path, lambda: b"made") == b"kept"
    assert disk_cache.read_into(path, bytearray(4))
    assert older.exists()
    path.unlink()
    assert disk_cache.cached_bytes(path, lambda: b"made") == b"made"
    assert not older.exists() and path.read_bytes() == b"made"
