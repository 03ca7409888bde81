"""The files the game reads (issue 25 items 8-11): settings, the autosave, custom decks
and the caches go through one reader (``core.files``). No file, link or special file
crashes or holds the game: a named pipe, a device, a folder, a link that leads nowhere or
back to itself, a file over its size, even one growing while read, is refused with a
clear ``OSError`` unread; a UTF-8 BOM is dropped. The callers' answers (a notice, a
``.bak``, a deck skipped) are tested beside each caller: test_settings.py,
test_resume_files.py, test_custom_decks.py, test_save_failure.py; here the reader, the
caches and the real start with every hazard at once."""

import json
import os
import stat
import subprocess
import sys
import textwrap

import pytest

from game import disk_cache, paths
from game.core import files
from game.core.files import FileRefused, FileTooBig, bad_text, read_bytes, read_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOM = b"\xef\xbb\xbf"


# --- the reader -------------------------------------------------------------------------------
@pytest.mark.timeout(60)
def test_what_is_not_a_regular_file_is_refused_unread(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "gone").symlink_to(tmp_path / "unplugged" / "file")
    (tmp_path / "loop").symlink_to("loop")
    for path, says in [(tmp_path / "pipe", "named pipe"), (tmp_path, "folder"), ("/dev/null", "device"),
                       (tmp_path / "gone", "not there"), (tmp_path / "loop", "back to itself")]:
        with pytest.raises(FileRefused, match=says):
            read_bytes(path, 1 << 20)
    # a terabyte's limit: read, /dev/zero would have run until the memory ran out
    with pytest.raises(FileRefused, match="device"):
        read_bytes("/dev/zero", 1 << 40)
    with pytest.raises(FileNotFoundError) as missing:
        read_bytes(tmp_path / "missing", 100)
    assert not isinstance(missing.value, FileRefused)  # only missing: a first start


def test_a_file_over_its_limit_is_refused_even_if_it_grows_while_read(tmp_path, monkeypatch):
    path = tmp_path / "save"
    path.write_bytes(b"x" * 101)
    assert read_bytes(path, 101) == b"x" * 101
    with pytest.raises(FileTooBig, match="at most 100"):
        read_bytes(path, 100)
    path.write_bytes(b"y" * 5_000_000)
    real = os.fstat
    monkeypatch.setattr(files.os, "fstat", lambda fd: os.stat_result((*real(fd)[:6], 10, *real(fd)[7:])))
    with pytest.raises(FileTooBig) as grown:  # 10 bytes when opened, more as it is read
        read_bytes(path, 2_000_000)
    assert grown.value.size == 2_000_001


def test_text_is_utf8_with_or_without_a_bom(tmp_path):
    path = tmp_path / "text"
    for data in (BOM + "Zoé 🂡".encode(), "Zoé 🂡".encode()):
        path.write_bytes(data)
        assert read_text(path, 100) == "Zoé 🂡"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(UnicodeDecodeError):
        read_text(path, 100)


def test_strings_are_checked_as_a_phones_name_is():
    assert bad_text({"seats": [{"name": "Zoé 🂡 Ana-Rose", "style": 1}], "log": [[1, 2], "a" * 10]}, 16) is None
    for value in ({"name": "\ud800"}, ["ok", ["\x07"]], {"\n": 1}, "\u200e", "a" * 17, {"k": {"k": ["\u2028"]}}):
        assert bad_text(value, 16) is not None, value


# --- caches ---------------------------------------------------------------------------------
@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setattr(disk_cache, "cache_dir", lambda kind: tmp_path / kind)
    return tmp_path


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", ["fifo", "device", "dangling-link"])
def test_a_cache_file_that_is_no_file_is_made_again_not_read(cache, kind):
    path = cache / "sounds" / "beep-0123456789abcdef.pcm"
    path.parent.mkdir()
    if kind == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to("/dev/zero" if kind == "device" else cache / "gone")
    assert disk_cache.cached_bytes(path, lambda: b"made") == b"made"
    assert path.read_bytes() == b"made"  # kept in its place, a file now
    path.unlink()
    os.mkfifo(path)
    buffer = bytearray(b"old!")
    assert not disk_cache.read_into(path, buffer) and buffer == bytes(4)


def test_a_cached_outline_with_a_utf8_bom_is_read_back(cache, monkeypatch):
    """The one cache kept as text (JSON: Incognito's outlines); the others are bytes."""
    from game.catalogue import load_catalogue
    from game.games.incognito.rules import outlines
    from game.games.incognito.rules.bots import palette_key

    palette = palette_key(load_catalogue(eager=["incognito"]).game("incognito"))
    outlines._load_outline.cache_clear()
    made = outlines.load_outline("1F47B", palette)
    [kept] = (cache / "outlines").glob("1F47B-*.json")
    kept.write_bytes(BOM + kept.read_bytes())
    outlines._load_outline.cache_clear()
    monkeypatch.setattr(outlines, "parse_outline", lambda *args: pytest.fail("made again"))
    try:
        assert outlines.load_outline("1F47B", palette) == made
    finally:
        outlines._load_outline.cache_clear()


# --- the real start -------------------------------------------------------------------------
#: A child process: ``python -m game``'s start to the title's first frame (the bench's),
#: then what the title tells and the settings it has.
START = textwrap.dedent("""
    import json
    from game.cli.bench_startup import first_title_frame
    from game.scenes.toast import ToastScene
    ctx, app = first_title_frame()
    told = [message for scene in ctx.stack for message in getattr(scene, "messages", ())]
    print(json.dumps({"told": told, "corrupt": ctx.t("notices.settings_corrupt"), "lang": ctx.settings.lang}))
""")


def _start(env):
    out = subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env, check=True, capture_output=True, text=True,
                         timeout=120).stdout
    return json.loads(out.strip().splitlines()[-1])


def test_the_game_starts_past_pipes_and_links_to_nothing_everywhere_it_reads(tmp_path):
    """Settings, decks and every cache file the start reads made named pipes or links to
    nothing: the title shows (a pipe held the start; a link to nothing stopped it), says
    what it skipped, and makes the caches again."""
    env = dict(os.environ, PYTHONPATH=ROOT, XDG_CACHE_HOME=str(tmp_path / "cache"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_STATE_HOME=str(tmp_path / "state"))
    _start(env)  # the caches made
    kept = [path for path in (tmp_path / "cache").rglob("*") if path.is_file()]
    assert {path.parent.name for path in kept} >= {"strings", "pictures"}
    for path in kept:
        path.unlink()
        os.mkfifo(path)
    settings = tmp_path / "config" / paths.APP_NAME / "settings.json"
    settings.parent.mkdir(parents=True)
    os.mkfifo(settings)
    decks = tmp_path / "data" / paths.APP_NAME / "decks" / "personality"
    decks.mkdir(parents=True)
    os.mkfifo(decks / "pipe.yaml")
    (decks / "usb.yaml").symlink_to(tmp_path / "unplugged" / "deck.yaml")
    seen = _start(env)
    assert seen["corrupt"] in seen["told"]
    for name in ("pipe.yaml", "usb.yaml"):
        assert sum(f"{decks / name}: " in message for message in seen["told"]) == 1, (name, seen["told"])
    assert stat.S_ISFIFO(settings.with_name("settings.json.bak").lstat().st_mode)
    remade = [path for path in kept if stat.S_ISREG(path.lstat().st_mode)]
    assert {path.parent.name for path in remade} >= {"strings", "pictures"}
