"""``python -m game bench``'s phone figures (issue 17, item 11): eight phones on loopback.

Eight scripted phones (game/companion/client.py: real WebSocket clients) run in a child
process, as real phones are other devices that do not share this interpreter's lock.
They join a lobby of the menu's first game with phone screens that seats them all
(:func:`phones_game`) through the companion's server thread, then play matches of eight
phones on its board. The game side is the real app (:func:`bench_companion`): ``App.tick``
at its cap of 120 frames a second, the present through the window, the context frozen as
``play`` freezes it and every match autosaved. Each phone in turn sends one of the moves
its last screen offers and waits for the ``view`` that answers it (``ack``: its act's
``id``): the round trip, act → updated view, timed from outside the game, as on a real
table. Each frame's main-thread CPU time (``time.thread_time``) is the frame cost with
eight phones connected and playing, and the wall time between two frames' starts the
TV's frame gap. Pings timed before the match (the server thread answers
them itself) and the load average show what the machine adds. Targets: round trip p99 ≤ 50 ms, frame p99 within the
16.7 ms frame budget.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from ..companion.present import TABLE_MOVES
from .audience_swarm import json_objects
from ..program import python_command

if TYPE_CHECKING:
    from ..companion.client import ScriptedPhone
    from ..context import AppContext
    from ..core.session import Session
    from ..games import GameEntry, GameRegistry
    from ..scenes.match import MatchScene

#: Phones at the table and the acts timed.
PHONES = 8
ACTS = 300
TARGETS = {"round_trip_p99_ms": 50.0, "frame_p99_ms": 1000.0 / 60.0}
STEP = 1.0 / 60.0
#: The app's frame at its cap (app.FRAME_CAP) and its most fixed steps in one frame.
FRAME = 1.0 / 120.0
MAX_STEPS = 5
#: Frames a new board is drawn before the phones see it and the timing starts (its caches
#: fill, as in the scene bench), and acts not timed at first.
WARMUP = 60
WARMUP_ACTS = 16
#: Pings timed first: the round trip through the server thread without the game's.
PINGS = 80


def phones_game(games: GameRegistry) -> GameEntry[Any]:
    """The game the phones play: the menu's first with phone screens that seats
    :data:`PHONES` (competitive Secret Identity: every seat acts in every phase —
    replacements, clues built at the same time, votes, ready —, the busiest table of phones)."""
    return next(entry for entry in games.values() if entry.max_seats >= PHONES and entry.mode.phone)


def moves_in(screen: object) -> Iterator[dict[str, Any]]:
    """Every move a phone screen offers: the ``{"kind", "data"}`` objects in it."""
    for item in json_objects(screen):
        if isinstance(item.get("kind"), str) and isinstance(item.get("data"), dict):
            yield {"kind": item["kind"], "data": item["data"]}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


class Driver(threading.Thread):
    """The phones' side: each in turn acts and times its answer."""

    def __init__(self, phones: list[ScriptedPhone], acts: int, seed: int = 7, patience: float = 120.0,
                 pace: float = 0.0) -> None:
        super().__init__(name="bench-phones", daemon=True)
        self.phones, self.acts, self.rng = phones, acts, random.Random(seed)
        #: The table's mean time (s) between two acts, each wait drawn between half and
        #: one and a half of it (0: at machine speed, each act as soon as the last is answered).
        self.pace = pace
        #: Seconds the phones play at most (a table that stopped answering ends the run).
        self.patience = patience
        self.screens: dict[int, Any] = {}
        self.trips: list[float] = []
        #: When each timed act was sent (``perf_counter``: the parent can tell which came during an audience vote).
        self.starts: list[float] = []
        self.refused = 0

    def _catch_up(self) -> None:
        for n, phone in enumerate(self.phones):
            for message in phone.pending():
                if message["type"] == "view":
                    self.screens[n] = message["screen"]

    def run(self) -> None:
        deadline = time.monotonic() + self.patience
        turn = 0
        while len(self.trips) < self.acts and time.monotonic() < deadline:
            self._catch_up()
            n = turn % len(self.phones)
            turn += 1
            # the game's moves: the table's own (leaving the match) would end the run
            moves = [m for m in moves_in(self.screens.get(n)) if m["kind"] not in TABLE_MOVES]
            if not moves:
                time.sleep(0.002)
                continue
            move = self.rng.choice(moves)
            if self.pace:
                time.sleep(self.rng.uniform(0.5 * self.pace, 1.5 * self.pace))
            start = time.perf_counter()
            self.phones[n].send("act", id=turn, **move)
            try:  # views other phones' moves caused come first, and are kept
                arrived, message = self._wait(n, lambda m: m.get("ack") == turn)
            except TimeoutError:
                self.refused += 1
                continue
            if message["type"] == "view":
                self.trips.append((arrived - start) * 1000.0)
                self.starts.append(start)
            else:  # keeps its screen, as the page does: a refused move came from a stale
                self.refused += 1  # one, and the view that replaces it is on its way

    def pings(self, count: int) -> list[float]:
        """Ping round trips, phone after phone: the server thread answers them itself."""
        out = []
        for turn in range(count):
            start = time.perf_counter()
            self.phones[turn % len(self.phones)].send("ping")
            out.append((self._wait(turn % len(self.phones), lambda m: m["type"] == "pong")[0] - start) * 1000.0)
        return out

    def _wait(self, n: int, answer: Any) -> tuple[float, dict[str, Any]]:
        """Phone ``n``'s next message that is ``answer``, keeping the views before it."""
        while True:
            arrived, message = self.phones[n].next_timed(timeout=2.0)
            if message["type"] == "view":
                self.screens[n] = message["screen"]
            if answer(message):
                return arrived, message


def drive(url: str, room: str, acts: int, wait_go: bool = False, pace: float = 0.0) -> dict[str, Any]:
    """The phones' process: join, wait for the match (and with ``wait_go`` for a ``go``
    line on stdin: the audience is in), act ``acts`` times, at ``pace`` (``Driver``); the timings."""
    import sys

    from ..companion.client import PhoneCrowd

    crowd = PhoneCrowd(url)
    try:
        phones = [crowd.connect() for _ in range(PHONES)]
        for n, phone in enumerate(phones):
            phone.send("hello", room=room, name=f"Phone {n + 1}")
            phone.next("welcome", timeout=30)
        if wait_go:
            sys.stdin.readline()
        driver = Driver(phones, acts + WARMUP_ACTS, patience=300.0 if wait_go else 120.0, pace=pace)
        pings = driver.pings(PINGS)
        driver.run()
        return {"trips": driver.trips[WARMUP_ACTS:], "starts": driver.starts[WARMUP_ACTS:], "refused": driver.refused,
                "pings": pings}
    finally:
        crowd.close()


def bench_companion(acts: int = ACTS, audience: int = 0) -> dict[str, Any]:
    """The game's side is the real app: ``App.tick`` (its frame: events, fixed steps, the
    companion's pump, the draw and the present through the window, here SDL's ``dummy``
    driver unless the environment names another; then phones served until the next frame
    is due), the context settled and frozen as ``play`` does (``play.settle``), each match
    autosaved (beside the real autosave, removed after) through an ``AutosaveWriter`` as
    ``play``'s are (the write and fsync on its thread, off the frames and the pumps). The phones are in a child process
    (as real phones are other devices: they do not share this process's interpreter lock).
    The TV's frame gaps are the wall time between the starts of two frames.
    With ``audience``, that many members join in a second child once the first match
    is warm (``bench_audience.AudienceRun``: the phones wait for them, then play at a
    table's pace, ``bench_audience.TABLE_PACE``), and the figures are the audience's
    (frames and acts timed only once they are in)."""
    import tempfile

    from .bench_audience import TABLE_PACE, AudienceRun
    from .bench_calibration import time_loop
    from .play import settle
    from ..app import App
    from ..companion.bridge import VIEW_BUDGET, Companion
    from ..context import build_context
    from ..core.autosave_writer import AutosaveWriter
    from ..core.session import Session
    from ..paths import autosave_path
    from ..scenes.menus.lobby import LobbyScene
    from ..scenes.phones import style_json
    from ..settings import Settings

    loop = time_loop(1)
    ctx = build_context(headless=True, settings=Settings(lang="en"))
    ctx.autosaves = AutosaveWriter()  # as ``play`` gives its context: the saves written off the game thread
    app = App(ctx)
    frame_cpu, present_cpu = [0.0], [0.0]
    # instance attributes over App.frame, which tick calls, and App.present, which the frame calls
    app.frame = _cpu_timed(app.frame, frame_cpu)  # type: ignore[method-assign]
    app.present = _cpu_timed(app.present, present_cpu)  # type: ignore[method-assign]
    settle()
    companion = Companion(0, style_json, lambda: ctx.settings.lang, host="127.0.0.1", view_budget=VIEW_BUDGET)
    if companion.start() is not None:
        return {"error": [f"the companion could not start: {companion.problem}"]}
    entry = phones_game(ctx.games)
    costs: list[float] = []
    presents: list[float] = []  # each timed frame's present (part of its cost)
    gaps: list[float] = []
    serving: list[float] = []  # each pump between frames: the game thread's CPU on an act's path
    companion.pump = _serve_timed(companion.pump, serving)  # type: ignore[method-assign]
    autosave_path().parent.mkdir(parents=True, exist_ok=True)
    saves = tempfile.TemporaryDirectory(prefix="bench-phones-", dir=autosave_path().parent)
    url = f"http://127.0.0.1:{companion.port}"
    code = (f"import json; from game.cli.bench_companion import drive; "
            f"print(json.dumps(drive('{url}', '{companion.room}', {acts}, wait_go={bool(audience)}, "
            f"pace={TABLE_PACE if audience else 0.0})))")
    child = subprocess.Popen(python_command(code), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    crowd = AudienceRun(url, companion.room, audience, child) if audience else None
    if crowd is not None:
        crowd.time_crowd(companion.crowd)
    try:
        ctx.companion = companion
        ctx.stack.push(LobbyScene(ctx, entry))
        board: MatchScene | None = None
        seed, matches, frames = 7, 0, 0
        start = time.perf_counter()
        last_frame: float | None = None
        while child.poll() is None and time.perf_counter() - start < 300:
            if board is None and len(ctx.seats) == PHONES or board is not None and board.session.outcome() is not None:
                seed, matches = seed + 1, matches + 1
                board = _new_board(ctx, entry, Session, seed, Path(saves.name) / "autosave.json")
                frames, last_frame = 0, None
            # a new board warms up before phones see it: the companion is away meanwhile
            ctx.companion = companion if board is None or frames >= WARMUP else None
            timed = board is not None and frames >= WARMUP and (crowd is None or crowd.in_since is not None)
            began = time.perf_counter()
            app.tick()
            if timed:
                costs.append(frame_cpu[0])
                presents.append(present_cpu[0])
                if last_frame is not None:
                    gaps.append((began - last_frame) * 1000.0)
            last_frame = began if timed else None
            frames += 1
            if crowd is not None and board is not None and frames >= WARMUP:
                crowd.follow(board)  # untimed: brings the audience in, notes when it may vote
        out, err = child.communicate(timeout=30)
        if child.returncode != 0:
            return {"error": (err.strip().splitlines() or ["the phones' process failed"])[-1:]}
        phones = json.loads(out.strip().splitlines()[-1])
        if crowd is not None:
            return {**crowd.figures(phones, costs, presents, matches), "loop_s": loop["wall_s"]}
    finally:
        if child.poll() is None:
            child.kill()
        if crowd is not None:
            crowd.close()
        companion.stop()
        ctx.companion = None
        ctx.flush_autosaves()  # nothing writes in the folder it removes
        saves.cleanup()
    trips = phones["trips"]
    return {
        "game": entry.id, "phones": PHONES, "acts": len(trips), "refused": phones["refused"], "matches": matches,
        "round_trip_p50_ms": round(_percentile(trips, 0.5), 2), "round_trip_p99_ms": round(_percentile(trips, 0.99), 2),
        "round_trip_max_ms": round(max(trips, default=0.0), 2),
        "ping_p50_ms": round(_percentile(phones["pings"], 0.5), 2), "ping_p99_ms": round(_percentile(phones["pings"], 0.99), 2),
        "load_average": round(os.getloadavg()[0], 1) if hasattr(os, "getloadavg") else None, "frames": len(costs),
        "frame_p50_ms": round(_percentile(costs, 0.5), 2), "frame_p99_ms": round(_percentile(costs, 0.99), 2),
        "gap_p99_ms": round(_percentile(gaps, 0.99), 2), "gap_max_ms": round(max(gaps, default=0.0), 2),
        "serve_p50_ms": round(_percentile(serving, 0.5), 2), "serve_p99_ms": round(_percentile(serving, 0.99), 2),
        "loop_s": loop["wall_s"], "targets": TARGETS,
    }


def _cpu_timed(frame: Callable[[], None], out: list[float]) -> Callable[[], None]:
    """``frame`` (or any step of it), keeping its main-thread CPU milliseconds in ``out[0]``."""
    def timed() -> None:
        began = time.thread_time()
        frame()
        out[0] = (time.thread_time() - began) * 1000.0
    return timed


def _serve_timed(pump: Callable[..., list[str]], out: list[float]) -> Callable[..., list[str]]:
    """``Companion.pump``, keeping in ``out`` the main-thread CPU milliseconds of each pump
    between two frames (the work an act waits for, whatever else the machine runs)."""
    def timed(seats: Any, table: Any, frame: bool = True) -> list[str]:
        began = time.thread_time()
        sounds = pump(seats, table, frame)
        if not frame:
            out.append((time.thread_time() - began) * 1000.0)
        return sounds
    return timed


def _new_board(ctx: AppContext, entry: GameEntry[Any], session_type: type[Session[Any, Any, Any]],
               seed: int, save_path: Path) -> MatchScene:
    """A match of the seated phones on the game's own board, autosaved to ``save_path`` (no bots)."""
    ctx.stack.clear()
    catalogue = entry.catalogue(ctx.catalogue)
    session = session_type(entry.make_definition(catalogue), entry.default_config(PHONES), seed, save_path=save_path,
                           autosaves=ctx.autosaves)
    board: MatchScene = entry.scenes().make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    return board


def companion_lines(result: dict[str, Any] | None) -> list[str]:
    """The bench report's lines for the phones."""
    if result is None:
        return []
    if "error" in result:
        return [f"phones: error: {' '.join(result['error'])}"]
    rtt_flag = "" if result["round_trip_p99_ms"] <= TARGETS["round_trip_p99_ms"] else "  > target"
    frame_flag = "" if result["frame_p99_ms"] <= TARGETS["frame_p99_ms"] else "  > budget"
    return [f"phones ({result['phones']} on loopback, {result['game']}, {result['acts']} acts, {result['refused']} refused):",
            f"  act -> updated view: p50 {result['round_trip_p50_ms']:.2f} ms, p99 {result['round_trip_p99_ms']:.2f} ms, "
            f"max {result['round_trip_max_ms']:.2f} ms (target p99 <= {TARGETS['round_trip_p99_ms']:.0f}){rtt_flag}",
            f"  ping -> pong (the server thread alone): p50 {result['ping_p50_ms']:.2f} ms, "
            f"p99 {result['ping_p99_ms']:.2f} ms; load average {result['load_average']}",
            f"  frame with {result['phones']} phones playing: p50 {result['frame_p50_ms']:.2f} ms, "
            f"p99 {result['frame_p99_ms']:.2f} ms over {result['frames']} frames "
            f"(budget {TARGETS['frame_p99_ms']:.1f}){frame_flag}",
            f"  the TV's frame gaps: p99 {result.get('gap_p99_ms', 0):.2f} ms, max {result.get('gap_max_ms', 0):.2f} ms; "
            f"an act served between frames: CPU p50 {result.get('serve_p50_ms', 0):.2f}, "
            f"p99 {result.get('serve_p99_ms', 0):.2f} ms; calibration loop {result.get('loop_s')} s"]
