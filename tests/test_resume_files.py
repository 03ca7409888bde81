"""Saves that cannot be resumed (bad meta, JSON the parser cannot take, another game's
entry, a string that is not text, a pipe in the save's place, a folder where the bad
file cannot be moved aside) give a clear message and stop being offered; a BOM is fine;
temp files a kill left behind are removed at start."""

import errno
import json
import os
import stat

import pytest

from game.core.session import Session
from game.input.intents import Intent
from game.scenes.menus.matches import autosave_path, load_saved, saved_seats
from game.scenes.menus.take_seats import TakeSeatScene
from game.scenes.menus.title import TitleScene
from game.scenes.toast import ToastScene

from menu_helpers import choose_resume, draw, make_ctx, press, with_toy_game
from toygame import ENTRY as TOY

SEATS = [{"name": "Ana", "style": 0, "bot": False}, {"name": "Ben", "style": 3, "bot": False}]


@pytest.fixture
def ctx():
    return with_toy_game(make_ctx(lang="en"))


def _save(ctx, meta=None):
    session = Session(TOY.make_definition(None), TOY.default_config(2), 7, save_path=autosave_path(),
                      meta=meta if meta is not None else {"seats": SEATS, "entry": TOY.id},
                      catalogue_version=ctx.catalogue.version)
    session.submit(session.legal(0)[0])
    return session


def _refused(ctx, title, reason="corrupt"):
    assert isinstance(ctx.stack.top, ToastScene) and ctx.stack.top.messages == [ctx.t(f"resume.{reason}")]
    draw(ctx)
    press(ctx, Intent.CONFIRM)
    assert ctx.stack.top is title and "resume" not in [i.key for i in title.items]


@pytest.mark.parametrize("style", ["x", [], {"a": 1}, 1.5, True, 8, -1, None])
def test_a_seat_style_of_the_wrong_type_is_refused_and_kept_aside(ctx, style):
    _save(ctx, {"seats": [SEATS[0], {**SEATS[1], "style": style}], "entry": TOY.id})
    title = choose_resume(ctx)
    _refused(ctx, title)
    assert json.loads(autosave_path().with_name("autosave.json.bak").read_text())["meta"]["seats"][1]["style"] == style


@pytest.mark.parametrize("meta", [
    {"seats": SEATS[:1], "entry": TOY.id},                                   # a seat missing
    {"seats": [SEATS[0], {"name": "", "style": 1, "bot": False}], "entry": TOY.id},
    {"seats": [SEATS[0], {"name": "Ben", "style": 1, "bot": "no"}], "entry": TOY.id},
    {"seats": [SEATS[0], ["Ben", 1, False]], "entry": TOY.id},
    {"seats": [SEATS[0], {"name": "Ben", "style": 1, "bot": True, "level": "godlike"}], "entry": TOY.id},
    {"seats": SEATS, "entry": "personality"},                                # another game's board
    {"seats": SEATS, "entry": ["toy"]},
    {"seats": SEATS},
    {},
])
def test_meta_is_validated_like_the_rest_of_the_save(ctx, meta):
    _save(ctx, meta)
    _refused(ctx, choose_resume(ctx))
    assert autosave_path().with_name("autosave.json.bak").exists() and not autosave_path().exists()


def _tamper(text, ctx):
    _save(ctx)
    raw = autosave_path().read_text()
    autosave_path().write_text(text(raw))


@pytest.mark.parametrize("text", [
    lambda raw: raw.replace('"meta": {', '"meta": {"deep": ' + "[" * 100_000 + "]" * 100_000 + ", ", 1),
    lambda raw: raw.replace('"tick": ', '"tick": ' + "9" * 5000 + ", \"was\": ", 1),
    lambda raw: raw.replace('"meta": {', '"meta": {"n": ' + "1" * 4301 + ", ", 1),
])
def test_json_the_parser_cannot_take_is_a_save_that_cannot_be_resumed(ctx, text):
    _tamper(text, ctx)
    _refused(ctx, choose_resume(ctx))


def test_a_good_save_still_resumes_with_its_seats(ctx):
    session = _save(ctx)
    entry, loaded = load_saved(ctx)
    assert entry is TOY and loaded.hash() == session.hash() and saved_seats(loaded) == [dict(seat, level="normal") for seat in SEATS]  # saved before levels
    choose_resume(ctx)
    assert isinstance(ctx.stack.top, TakeSeatScene)


def test_a_bad_save_that_cannot_be_moved_aside_is_not_offered_again(ctx, monkeypatch):
    def read_only(src, dst):
        raise PermissionError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("game.core.files.os.replace", read_only)
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    autosave_path().write_text("{ not json")
    title = choose_resume(ctx)
    _refused(ctx, title)
    assert autosave_path().exists()  # still there, but no longer offered
    title.rebuild()
    assert "resume" not in [i.key for i in title.items]
    autosave_path().write_text("{ another save }")  # a new file is offered again
    title.refresh()
    assert "resume" in [i.key for i in title.items]


def test_temp_files_a_kill_left_are_removed_at_start(ctx):
    folder = autosave_path().parent
    folder.mkdir(parents=True, exist_ok=True)
    stale = [folder / "autosave.json.k3j_x9.tmp", folder / "autosave.json.abc.tmp"]
    kept = [folder / "autosave.json", folder / "autosave.json.bak", folder / "notes.tmp", folder / "other.json.a.tmp"]
    for path in stale + kept:
        path.write_text("{}")
    ctx.stack.push(TitleScene(ctx))
    assert [p.exists() for p in stale] == [False, False] and all(p.exists() for p in kept)


# --- strings a player could not have typed; files that are no file; a BOM (issue 25) -------
@pytest.mark.parametrize("name", ["\ud800", "Ana\udcff", "Ben\x07", "Ben\nBen", "\u200eBen"],
                         ids=["lone-surrogate", "trailing-surrogate", "bell", "line-break", "format-character"])
def test_a_seat_name_that_is_not_text_is_refused_and_kept_aside(ctx, name):
    """A lone surrogate in a name crashed every Resume (the seats screen drew it) and
    the save stayed, offered again. Names are checked as a phone's is: printable."""
    _tamper(lambda raw: raw.replace('"name": "Ben"', '"name": ' + json.dumps(name), 1), ctx)
    _refused(ctx, choose_resume(ctx))
    assert json.loads(autosave_path().with_name("autosave.json.bak").read_text())["meta"]["seats"][1]["name"] == name


@pytest.mark.parametrize("extra", ['"note": "\\ud83d"', '"\\u0000": 1', '"note": "' + "x" * 1001 + '"'],
                         ids=["surrogate-value", "control-key", "too-long"])
def test_any_string_of_a_save_is_checked_not_only_the_names(ctx, extra):
    _tamper(lambda raw: raw.replace('"meta": {', '"meta": {' + extra + ", ", 1), ctx)
    _refused(ctx, choose_resume(ctx))


@pytest.mark.timeout(60)
def test_a_pipe_for_the_autosave_is_refused_at_once_and_kept_aside(ctx):
    """A named pipe where the autosave goes held Resume until something wrote to it."""
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(autosave_path())
    _refused(ctx, choose_resume(ctx))
    assert stat.S_ISFIFO(autosave_path().with_name("autosave.json.bak").lstat().st_mode)


def test_an_autosave_with_a_utf8_bom_resumes(ctx):
    session = _save(ctx)
    autosave_path().write_bytes(b"\xef\xbb\xbf" + autosave_path().read_bytes())
    choose_resume(ctx)
    assert isinstance(ctx.stack.top, TakeSeatScene) and ctx.stack.top.session.hash() == session.hash()
