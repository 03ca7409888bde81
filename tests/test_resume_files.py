"""Saves that cannot be resumed (bad meta, JSON the parser cannot take, another game's
entry, a folder where the bad file cannot be moved aside) give a clear message and stop
being offered; temp files a kill left behind are removed at start."""

import errno
import json

import pytest

from game.core.session import Session
from game.input.intents import Intent
from game.scenes.menus.dialogs import ToastScene
from game.scenes.menus.matches import autosave_path, load_saved, saved_seats
from game.scenes.menus.take_seats import TakeSeatScene
from game.scenes.menus.title import TitleScene

from menu_helpers import choose_resume, draw, make_ctx, press
from toygame import ENTRY as TOY

SEATS = [{"name": "Ana", "style": 0, "bot": False}, {"name": "Ben", "style": 3, "bot": False}]


@pytest.fixture
def ctx():
    ctx = make_ctx(lang="en")
    ctx.games[TOY.id] = TOY
    ctx.catalogue.games[TOY.catalogue_key] = None
    return ctx


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
