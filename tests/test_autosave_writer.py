"""The match autosave written off the game thread (issues 30 item 4, 32 item 5):
``core/autosave_writer.py`` and ``Session(autosaves=...)``.

A write held back by the test (a gate it opens) shows that nothing on the game thread
waits for it; no test measures time. Where the app must see the file on disk (the
title, resuming, the app's end), the gate is opened by a timer a moment later: the flush
there waits for it, where without one the file would not be there yet."""

import errno
import json
import os
import threading
from pathlib import Path

import pytest

from game.core import session as session_mod
from game.core.autosave_writer import AutosaveWriter
from game.core.files import write_atomic
from game.core.rng import Rng
from game.core.session import Session
from game.paths import autosave_path
from game.scenes.match import MatchScene
from game.scenes.menus.matches import load_saved
from game.scenes.menus.title import TitleScene

from menu_helpers import make_ctx, with_toy_game
from toygame import ENTRY as TOY
from toygame import VOTE_TICKS, ToyBot, ToyGame, play_on, resolve

CONFIG = {"seats": 2, "timer_scale": 1.0}
SEATS = [{"name": "Ana", "style": 0, "bot": False}, {"name": "Ben", "style": 3, "bot": False}]
#: The longest a test waits for the writer before it fails (never reached when all is well).
PATIENCE = 30.0


class Gate:
    """A write function that writes for real (``write_atomic``) once the test opens the
    gate, keeping what it was asked to write, in order."""

    def __init__(self, fail: OSError | None = None) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.calls: list[tuple[Path, bytes]] = []
        self.fail = fail

    def __call__(self, path: Path, data: bytes) -> None:
        self.started.set()
        assert self.open.wait(PATIENCE), "the test never opened the gate"
        self.calls.append((path, data))
        if self.fail is not None:
            raise self.fail
        write_atomic(path, data)

    def open_soon(self) -> threading.Timer:
        """Open the gate from another thread a moment from now (the flush under test waits for it)."""
        timer = threading.Timer(0.05, self.open.set)
        timer.start()
        return timer


def _vote(session):
    """Seat 0 changes its vote: an action (and a save) that never ends the round."""
    session.submit(session.legal(0)[0])


def _saved(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_write_that_does_not_end_does_not_hold_up_submit(tmp_path):
    gate = Gate()
    writer = AutosaveWriter(gate)
    save = tmp_path / "autosave.json"
    session = Session(ToyGame(), CONFIG, 5, save_path=save, catalogue_version="v1", autosaves=writer)
    assert gate.started.wait(PATIENCE)  # the first save is being written, and stays so
    for _ in range(5):
        _vote(session)  # each returns while the first write is still held
    assert session.save() is True  # True: handed over
    assert not gate.open.is_set() and writer.pending() and not save.exists()
    assert session.save_error is None  # nothing failed: a save not written yet is no error
    gate.open.set()
    assert writer.flush(PATIENCE)
    # The first save, then only the newest: the ones that came while it was written were superseded.
    assert len(gate.calls) == 2 and writer.written == 2 and writer.skipped == 5
    assert len(_saved(save)["log"]) == len(session.log) == len(json.loads(gate.calls[-1][1])["log"])
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]  # no temp file left


def test_the_newest_save_wins_and_the_order_is_kept(tmp_path):
    gate = Gate()
    writer = AutosaveWriter(gate)
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    writer.put(first, b"1")
    assert gate.started.wait(PATIENCE)  # "1" is being written: what comes now waits
    writer.put(first, b"2")
    writer.put(second, b"x")
    writer.put(first, b"3")  # supersedes "2", which was never started
    gate.open.set()
    assert writer.flush(PATIENCE) and not writer.pending()
    assert gate.calls == [(first, b"1"), (first, b"3"), (second, b"x")]
    assert first.read_bytes() == b"3" and second.read_bytes() == b"x"
    assert writer.written == 3 and writer.skipped == 1 and writer.error is None


def test_a_flush_with_nothing_handed_over_returns_at_once_and_starts_no_thread(tmp_path):
    writer = AutosaveWriter()
    assert writer.flush(0) and not writer.pending()
    assert writer._thread is None  # started with the first save handed over


def test_a_flush_that_times_out_says_so(tmp_path):
    gate = Gate()
    writer = AutosaveWriter(gate)
    writer.put(tmp_path / "a.json", b"1")
    assert gate.started.wait(PATIENCE)
    assert writer.flush(0) is False and writer.pending()
    gate.open.set()
    assert writer.flush(PATIENCE) and (tmp_path / "a.json").read_bytes() == b"1"


def test_a_failed_background_write_shows_in_save_error_and_clears_when_one_works(tmp_path):
    blocker = tmp_path / "saves"
    blocker.write_text("a file where the save folder should be")  # a real OSError, even as root
    save = blocker / "autosave.json"
    writer = AutosaveWriter()
    session = Session(ToyGame(), CONFIG, 5, save_path=save, catalogue_version="v1", autosaves=writer)
    _vote(session)
    session.advance(VOTE_TICKS)
    assert writer.flush(PATIENCE)
    assert isinstance(session.save_error, OSError) and isinstance(writer.error, OSError)
    _vote(session)  # the writer thread outlived the failure
    assert writer.flush(PATIENCE) and isinstance(session.save_error, OSError)
    blocker.unlink()
    blocker.mkdir()
    _vote(session)
    assert writer.flush(PATIENCE) and session.save_error is None
    assert Session.load(save, resolve, catalogue_version="v1").hash() == session.hash()


def test_a_write_that_raises_something_else_is_kept_as_an_oserror(tmp_path):
    def broken(path, data):
        raise RuntimeError("a bug in the write")

    writer = AutosaveWriter(broken)
    session = Session(ToyGame(), CONFIG, 5, save_path=tmp_path / "autosave.json", autosaves=writer)
    assert writer.flush(PATIENCE)
    assert isinstance(session.save_error, OSError) and session.save_error.errno == errno.EIO
    assert "a bug in the write" in str(session.save_error)


def test_a_failing_write_is_told_once_by_the_board_as_without_a_writer(tmp_path):
    from game.scenes.toast import ToastScene
    from menu_helpers import tick

    gate = Gate(fail=OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
    gate.open.set()
    writer = AutosaveWriter(gate)
    ctx = make_ctx(seats=2, lang="en")
    ctx.games[TOY.id] = TOY
    session = Session(ToyGame(), CONFIG, 5, save_path=tmp_path / "autosave.json", catalogue_version="v1",
                      autosaves=writer)
    board = MatchScene(ctx, TOY, session)
    ctx.stack.push(board)
    for _ in range(3):
        assert board.submit(session.legal(0)[0]) is None
        assert writer.flush(PATIENCE)
        tick(ctx, 2)
    toasts = [m for s in ctx.stack if isinstance(s, ToastScene) for m in s.messages]
    assert toasts == [ctx.t("notices.autosave_failed", error=os.strerror(errno.ENOSPC))]


def test_a_save_too_big_fails_on_the_game_thread_and_hands_nothing_over(tmp_path, monkeypatch):
    gate = Gate()
    gate.open.set()
    writer = AutosaveWriter(gate)
    save = tmp_path / "autosave.json"
    session = Session(ToyGame(), CONFIG, 5, save_path=save, catalogue_version="v1", autosaves=writer)
    assert writer.flush(PATIENCE)
    good = save.read_bytes()
    monkeypatch.setattr(session_mod, "MAX_SAVE_BYTES", len(good))
    _vote(session)
    assert session.save() is False and session.save_error.errno == errno.EFBIG
    assert writer.flush(PATIENCE) and len(gate.calls) == 1 and save.read_bytes() == good
    monkeypatch.setattr(session_mod, "MAX_SAVE_BYTES", 1 << 20)
    assert session.save() is True and writer.flush(PATIENCE) and session.save_error is None


def test_a_match_saved_through_the_writer_resumes_to_the_same_hash_and_plays_on(tmp_path):
    writer = AutosaveWriter()
    save = tmp_path / "autosave.json"
    session = Session(ToyGame(), {**CONFIG, "rounds": 4}, 11, save_path=save, catalogue_version="v1",
                      autosaves=writer)
    bots = {s: ToyBot(s, Rng.from_seed(f"w:{s}")) for s in range(2)}
    play_on(session, bots, moves=40)
    resumed = Session.load(save, resolve, catalogue_version="v1", autosaves=writer)  # flushes first
    assert resumed.hash() == session.hash() and resumed.log == session.log and resumed.autosaves is writer
    play_on(resumed, bots)
    assert writer.flush(PATIENCE)
    assert Session.load(save, resolve, catalogue_version="v1").hash() == resumed.hash()


# --- the app: whatever must see the file flushes first ------------------------------------
@pytest.fixture
def ctx():
    return with_toy_game(make_ctx(lang="en"))


def _match(ctx, gate):
    ctx.autosaves = AutosaveWriter(gate)
    session = Session(TOY.make_definition(None), TOY.default_config(2), 7, save_path=autosave_path(),
                      meta={"seats": SEATS, "entry": TOY.id}, catalogue_version=ctx.catalogue.version,
                      autosaves=ctx.autosaves)
    assert gate.started.wait(PATIENCE)  # the first save is held
    for _ in range(3):
        _vote(session)
    return session


def test_the_title_flushes_before_it_tidies_and_offers_resume(ctx):
    gate = Gate()
    session = _match(ctx, gate)
    stale = autosave_path().with_name("autosave.json.k3j_x9.tmp")
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_text("a kill mid-write left this")
    gate.open_soon()
    ctx.stack.push(TitleScene(ctx, attract=False))
    assert not ctx.autosaves.pending() and not stale.exists()
    assert "resume" in [item.key for item in ctx.stack.top.items]
    assert len(_saved(autosave_path())["log"]) == len(session.log)


def test_resuming_reads_the_last_save_handed_over(ctx):
    gate = Gate()
    session = _match(ctx, gate)
    gate.open_soon()
    entry, resumed = load_saved(ctx)
    assert entry is TOY and resumed.log == session.log and resumed.hash() == session.hash()
    assert resumed.autosaves is ctx.autosaves  # and it saves through the context's writer


def test_play_again_saves_through_the_same_writer(ctx, tmp_path):
    writer = ctx.autosaves = AutosaveWriter()
    session = Session(ToyGame(), CONFIG, 5, save_path=tmp_path / "autosave.json", catalogue_version="v1",
                      autosaves=writer)
    board = MatchScene(ctx, TOY, session)
    ctx.stack.push(board)
    board.finish(again=True)
    assert ctx.stack.top is not board and ctx.stack.top.session.autosaves is writer
    assert writer.flush(PATIENCE) and _saved(tmp_path / "autosave.json")["seed"] == "5+"


def test_the_app_s_end_flushes_the_last_save(ctx):
    from game.app import App

    gate = Gate()
    session = _match(ctx, gate)
    app = App(ctx)
    app.running = False  # as quit() leaves it: the loop ends at once
    gate.open_soon()
    app.run()
    assert not ctx.autosaves.pending() and len(_saved(autosave_path())["log"]) == len(session.log)
