"""A failed autosave write (full disk, read-only or missing folder, a string that is not
valid Unicode, a save too big to resume) never stops the match: the last good save
stays, one notice says so, and saving resumes when it can."""

import errno
import json
import os
from types import SimpleNamespace

import pytest

from game.core import session as session_mod
from game.core.session import Session
from game.input.intents import Intent
from game.scenes.base import Scene
from game.scenes.match import MatchScene
from game.scenes.toast import ToastScene

from menu_helpers import draw, make_ctx, press, tick
from toygame import ENTRY as TOY
from toygame import VOTE_TICKS, ToyGame, resolve


def _vote(session):
    """Seat 0 changes its vote: an action (and a save) that never ends the round."""
    session.submit(session.legal(0)[0])


def _full_disk(monkeypatch):
    def no_space(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", no_space)


def test_a_folder_that_cannot_hold_the_save_does_not_stop_the_match(tmp_path):
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the save folder should be")  # a real OSError, even as root
    save = blocker / "autosave.json"
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, 5, save_path=save, catalogue_version="v1")
    _vote(session)
    session.advance(VOTE_TICKS)  # a timeout and the next deal save too
    assert isinstance(session.save_error, OSError)
    blocker.unlink()
    blocker.mkdir()
    _vote(session)  # the next save works and holds the whole log
    assert session.save_error is None
    assert Session.load(save, resolve, catalogue_version="v1").hash() == session.hash()


def test_a_full_disk_keeps_the_last_good_save_and_leaves_no_temp(tmp_path, monkeypatch):
    save = tmp_path / "autosave.json"
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, 5, save_path=save, catalogue_version="v1")
    _vote(session)
    good = save.read_text()
    with monkeypatch.context() as patch:
        _full_disk(patch)
        _vote(session)
        _vote(session)
        assert session.save_error.errno == errno.ENOSPC
    assert save.read_text() == good and [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
    _vote(session)
    assert session.save_error is None and len(json.loads(save.read_text())["log"]) == len(session.log)


def _board(ctx, tmp_path):
    ctx.games[TOY.id] = TOY
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, 5, save_path=tmp_path / "autosave.json",
                      catalogue_version="v1")
    board = MatchScene(ctx, TOY, session)
    ctx.stack.push(board)
    return board


def _vote_on(board):
    assert board.submit(board.session.legal(0)[0]) is None


def _toasts(ctx):
    return [m for s in ctx.stack if isinstance(s, ToastScene) for m in s.messages]


def test_the_board_says_once_that_saving_fails_and_again_after_it_worked(tmp_path, monkeypatch):
    ctx = make_ctx(seats=2, lang="en")
    board = _board(ctx, tmp_path)
    with monkeypatch.context() as patch:
        _full_disk(patch)
        for _ in range(4):
            _vote_on(board)
            tick(ctx, 2)
        message = ctx.t("notices.autosave_failed", error=os.strerror(errno.ENOSPC))
        assert _toasts(ctx) == [message]  # one notice, not one per action
        press(ctx, Intent.CONFIRM)
        assert ctx.stack.top is board
        _vote_on(board)
        tick(ctx, 2)
        assert _toasts(ctx) == []  # still failing: still told once
    _vote_on(board)
    tick(ctx)
    assert board.session.save_error is None
    with monkeypatch.context() as patch:
        _full_disk(patch)
        _vote_on(board)
        tick(ctx)
        assert _toasts(ctx) == [message]  # a new spell of failures is told again


class _Curtain(Scene):
    opaque = False
    freezes_below = False


def test_the_notice_waits_until_the_board_is_on_top(tmp_path, monkeypatch):
    ctx = make_ctx(seats=2, lang="fr")
    board = _board(ctx, tmp_path)
    curtain = _Curtain()
    ctx.stack.push(curtain)  # a peek curtain waits for its seat's release
    _full_disk(monkeypatch)
    _vote_on(board)
    tick(ctx, 5)
    assert ctx.stack.top is curtain and _toasts(ctx) == []
    ctx.stack.remove(curtain)
    tick(ctx)
    assert _toasts(ctx) == [ctx.t("notices.autosave_failed", error=os.strerror(errno.ENOSPC))]
    assert _toasts(ctx)[0].startswith("La partie n'a pas pu être sauvegardée")


def test_the_notice_waits_until_no_seat_holds_a_button(tmp_path, monkeypatch):
    ctx = make_ctx(seats=2, lang="en")
    held = {ctx.seats.seats[1].device: {Intent.CONFIRM}}  # a hold the board is timing
    ctx.input = SimpleNamespace(held=lambda device: frozenset(held.get(device, ())))
    board = _board(ctx, tmp_path)
    _full_disk(monkeypatch)
    _vote_on(board)
    tick(ctx, 5)
    assert ctx.stack.top is board
    held.clear()
    tick(ctx)
    assert isinstance(ctx.stack.top, ToastScene)


# --- what the save cannot hold (issue 25 item 9) ---------------------------------------------
@pytest.mark.parametrize("meta", [{"seats": [{"name": "\ud800"}]}, {"note": "\udcff"}, {"\ud83d": 1}, {"seen": {1, 2}}],
                         ids=["surrogate-name", "surrogate-value", "surrogate-key", "a-set"])
def test_a_value_the_save_cannot_write_is_a_failed_save_not_a_crash(tmp_path, meta):
    """A lone surrogate cannot be written as UTF-8 (UnicodeEncodeError), a set not as
    JSON (TypeError): the save reports it as it does a full disk, the match goes on."""
    save = tmp_path / "autosave.json"
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, 5, save_path=save, meta=meta,
                      catalogue_version="v1")
    assert isinstance(session.save_error, (ValueError, TypeError)) and list(tmp_path.iterdir()) == []
    _vote(session)
    session.advance(VOTE_TICKS)
    assert session.save() is False and session.save_error is not None and list(tmp_path.iterdir()) == []


def test_the_board_tells_a_save_that_cannot_hold_a_string(tmp_path):
    ctx = make_ctx(seats=2, lang="en")
    ctx.games[TOY.id] = TOY
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, 5, save_path=tmp_path / "autosave.json",
                      meta={"note": "\ud800"}, catalogue_version="v1")
    board = MatchScene(ctx, TOY, session)
    ctx.stack.push(board)
    _vote_on(board)
    tick(ctx, 2)
    assert _toasts(ctx) == [ctx.t("notices.autosave_failed", error=str(session.save_error))]
    draw(ctx)


def test_a_save_past_the_size_resume_reads_is_not_written(tmp_path, monkeypatch):
    """A save bigger than :data:`MAX_SAVE_BYTES` could not be resumed: the last one that
    can stays, and the board is told (File too large)."""
    save = tmp_path / "autosave.json"
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, 5, save_path=save, catalogue_version="v1")
    _vote(session)
    good = save.read_text()
    monkeypatch.setattr(session_mod, "MAX_SAVE_BYTES", len(good.encode()) + 10)
    for _ in range(3):
        _vote(session)
    assert session.save_error.errno == errno.EFBIG and save.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]
    assert Session.load(save, resolve, catalogue_version="v1").log == session.log[:len(json.loads(good)["log"])]


def test_saves_held_are_one_write_on_leaving_and_a_failure_is_still_kept(tmp_path, monkeypatch):
    """The phones' pump holds the saves (issue 32 item 5): two acts inside are one write
    of both at the end, and a write that fails there is kept in ``save_error`` as ever."""
    save = tmp_path / "autosave.json"
    session = Session(ToyGame(), {"seats": 2, "timer_scale": 1.0}, 5, save_path=save, catalogue_version="v1")
    writes = []
    real = session_mod.write_atomic
    monkeypatch.setattr(session_mod, "write_atomic", lambda path, data: (writes.append(data), real(path, data)))
    with session.saves_held():
        _vote(session)
        _vote(session)
        assert writes == []
    assert len(writes) == 1
    assert Session.from_json(json.loads(save.read_text()), resolve).log == session.log
    kept = len(session.log)
    _full_disk(monkeypatch)
    with session.saves_held():
        _vote(session)
    assert session.save_error is not None and len(Session.from_json(json.loads(save.read_text()), resolve).log) == kept
