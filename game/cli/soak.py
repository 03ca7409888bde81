"""``python -m game soak``: an input storm on the real app, to find what an evening breaks.

Eight SDL virtual pads (real CONTROLLER events through the InputHub) press random
buttons, push the stick and triggers anywhere, and are unplugged and plugged in again,
while a game's matches play on: some pads hold seats, bots fill the rest so matches
progress. When the pause menu or the title takes over, or a match ends, the next match
starts. Every frame is checked:

- an exception in a frame is counted (with its traceback) and the storm goes on;
- the table is *stuck* when a match is on and no seat can act and no countdown runs;
  consecutive stuck frames make one stuck span;
- the disconnect overlay must clear: when it has been up a while, a free pad (plugged in
  if needed) presses A, and the overlay must be gone a few frames later.

RSS is read at start, after the warm-up and at the end. Virtual pads come from
``virtual_pads.py`` (SDL's virtual joystick through ctypes), so this runs in a source
checkout and in the frozen build alike. Settings and saves go to a temporary folder,
never the player's.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import tempfile
import traceback
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..core.bots import Bot
    from ..scenes.match import MatchScene
    from .virtual_pads import VirtualPad, VirtualPads

#: Fixed steps per frame (the App's cap), so matches get through their phases quickly.
STEPS = 5
#: Frames after which the RSS counts as warmed up (caches filled, a match or two played).
WARMUP = 2000
#: Pads seated as players (the others roam: they may reclaim a held seat).
HUMANS = 3
#: Per pad and frame: chance to toggle a button, to move the stick, to move a trigger.
P_BUTTON, P_STICK, P_TRIGGER = 0.05, 0.03, 0.005
#: Per frame: chance that a pad is unplugged, and that a missing one is plugged in.
P_UNPLUG, P_PLUG = 0.004, 0.02
#: START opens the pause menu, whose random walk may quit the match: pressed rarely.
START_WEIGHT = 0.1
#: Frames the disconnect overlay may stay before the storm clears it on purpose, and
#: frames that clearing may take.
OVERLAY_PATIENCE, OVERLAY_CLEAR = 240, 4
#: Frames without a match on the stack (title, settings…) before a new one starts.
MENU_PATIENCE = 120
#: Frames a running match may wait on a seated pad's move before the game's bot makes
#: it for them (random presses rarely finish a vote or a clue): matches get through.
STAND_IN_PATIENCE = 60


def rss_mb() -> float:
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    from .bench_measures import peak_rss_mb  # no /proc (macOS, Windows): the peak is the best we have

    return peak_rss_mb()


class Storm:
    """One game's storm, plugging and pressing the virtual ``pads``; call :meth:`frame`.
    The canvas is drawn every ``draw_every`` frames (the window is never scaled: headless)."""

    def __init__(self, game_id: str, seed: int, pads: VirtualPads, draw_every: int = 1) -> None:
        import pygame

        from ..app import App
        from ..context import build_context
        from ..settings import Settings

        self.pygame = pygame
        self.game_id, self.seed = game_id, seed
        self.rng = random.Random(f"storm:{game_id}:{seed}")
        self.ctx = build_context(headless=True, settings=Settings())
        self.now = 1000.0
        storm = self

        class StormApp(App):
            def draw(self, alpha: float) -> None:
                """The canvas every ``draw_every`` frames (headless: no window to scale)."""
                if storm.frames % draw_every == 0:
                    self.canvas.fill((0, 0, 0))
                    self.ctx.stack.draw(self.canvas, alpha)

        self.app = StormApp(self.ctx, clock=lambda: self.now)
        self.kit = pads
        self.pads: list[VirtualPad] = []
        self.held: dict[int, set[int]] = {}
        self.frames = 0
        for _ in range(8):
            self.plug()
        self._run(1)
        self.switch(game_id)

    def switch(self, game_id: str) -> None:
        """Storm ``game_id`` from now on (the same app, as an evening goes from one game
        to the next), its figures counted from zero."""
        self.game_id, self.entry = game_id, self.ctx.games[game_id]
        self.frames = 0
        self.exceptions: list[str] = []
        self.stuck_spans: list[dict[str, Any]] = []
        self.overlay_failures: list[str] = []
        self.phases: set[str] = set()
        self.matches = self.finished = self.overlays_cleared = self.stand_ins = 0
        self._stuck_since: int | None = None
        self._overlay_since: int | None = None
        self._menu_since: int | None = None
        self._moves: tuple[MatchScene | None, int, int] = (None, 0, 0)  # (board, log length, frame it last grew)
        #: The boards whose finished match is counted.
        self._counted: weakref.WeakSet[MatchScene] = weakref.WeakSet()
        self.new_match()

    # --- pads --------------------------------------------------------------------------
    def plug(self) -> VirtualPad:
        pad = self.kit.attach(f"Storm Pad {self.rng.randrange(1000)}")
        self.pads.append(pad)
        self.held[pad.instance_id] = set()
        return pad

    def unplug(self, pad: VirtualPad) -> None:
        self.pads.remove(pad)
        self.held.pop(pad.instance_id, None)
        pad.detach()

    def free_pads(self) -> list[VirtualPad]:
        seats = self.ctx.seats
        return [pad for pad in self.pads if seats.seat_of(pad.device) is None]

    def storm_input(self) -> None:
        pygame, rng = self.pygame, self.rng
        from ..input.keymap import PAD_BUTTONS

        buttons = list(PAD_BUTTONS)
        weights = [START_WEIGHT if b == pygame.CONTROLLER_BUTTON_START else 1.0 for b in buttons]
        for pad in list(self.pads):
            held = self.held[pad.instance_id]
            if rng.random() < P_BUTTON:
                button = rng.choices(buttons, weights)[0]
                pad.button(button, button not in held)
                held.symmetric_difference_update({button})
            if rng.random() < P_STICK:
                if rng.random() < 0.3:
                    pad.stick(0.0, 0.0)
                else:
                    pad.stick(rng.uniform(-1, 1), rng.uniform(-1, 1))
            if rng.random() < P_TRIGGER:
                pad.axis(rng.choice((pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT)),
                         rng.random())
        if self.pads and rng.random() < P_UNPLUG:
            self.unplug(rng.choice(self.pads))
        if len(self.pads) < 8 and rng.random() < P_PLUG:
            self.plug()

    # --- matches -----------------------------------------------------------------------
    def board(self) -> MatchScene | None:
        from ..scenes.match import MatchScene

        return next((s for s in reversed(list(self.ctx.stack)) if isinstance(s, MatchScene)), None)

    def new_match(self) -> None:
        """A table of up to HUMANS seated pads plus bots, under a title screen."""
        from ..core.rng import Rng
        from ..scenes.menus.matches import new_match
        from ..scenes.menus.title import TitleScene

        ctx, entry = self.ctx, self.entry
        ctx.stack.clear()
        for index in reversed(range(len(ctx.seats))):
            ctx.seats.remove(index)
        seats = min(entry.max_seats, max(entry.min_seats, HUMANS + 2))
        for pad in self.pads[:min(HUMANS, seats - 1)]:
            ctx.seats.join(pad.device, f"P{len(ctx.seats) + 1}")
        if not len(ctx.seats):  # every pad is out: a new one sits down
            ctx.seats.join(self.plug().device, "P1")
        while len(ctx.seats) < seats:
            ctx.seats.add_bot(f"Bot {len(ctx.seats) + 1}")
        ctx.stack.push(TitleScene(ctx, attract=False))
        board = new_match(ctx, entry, {}, seed=self.rng.randrange(1 << 30))
        board.bot_delay = (2, 6)
        ctx.stack.push(board)
        catalogue = entry.catalogue(ctx.catalogue)
        self.brains: dict[int, Bot[Any, Any]] = {
            seat.index: entry.make_bot(catalogue, seat.index, Rng.from_seed(self.rng.randrange(1 << 30)))
            for seat in ctx.seats if not seat.bot}
        self.matches += 1
        self._menu_since = None

    # --- checks ------------------------------------------------------------------------
    def stuck(self, board: MatchScene) -> bool:
        """A match is on, yet no seat can act and no countdown runs."""
        session = board.session
        if session.outcome() is not None:
            return False
        if any(session.legal(seat) for seat in session.current()):
            return False
        countdown = session.definition.countdown(session.state)
        return countdown is None or countdown.deadline is None

    def check(self) -> None:
        from ..scenes.disconnect import DisconnectScene

        board = self.board()
        if board is None:
            self._menu_since = self.frames if self._menu_since is None else self._menu_since
            if self.frames - self._menu_since >= MENU_PATIENCE:
                self.new_match()
            self._close_stuck_span()
            return
        self._menu_since = None
        view = board.session.view(None).public
        self.phases.add(str(getattr(view, "phase", "?")))
        if board.session.outcome() is not None and board not in self._counted:
            self._counted.add(board)
            self.finished += 1
        self.stand_in(board)
        if self.stuck(board):
            self._stuck_since = self.frames if self._stuck_since is None else self._stuck_since
        else:
            self._close_stuck_span()
        overlay = any(isinstance(scene, DisconnectScene) for scene in self.ctx.stack)
        if not overlay:
            self._overlay_since = None
        elif self._overlay_since is None:
            self._overlay_since = self.frames
        elif self.frames - self._overlay_since >= OVERLAY_PATIENCE:
            self.clear_overlay()

    def stand_in(self, board: MatchScene) -> None:
        """When a running match has waited STAND_IN_PATIENCE frames on seated pads,
        the game's bot makes one move a frame for them until someone else moves."""
        session = board.session
        last_board, length, since = self._moves
        if board is not last_board or len(session.log) != length:
            self._moves = (board, len(session.log), self.frames)
            return
        if self.frames - since < STAND_IN_PATIENCE or board not in self.ctx.stack.running():
            return
        self._moves = (board, length, self.frames)
        for seat in sorted(session.current()):
            legal = session.legal(seat)
            brain = self.brains.get(seat)
            action = brain.act(session.view(seat), legal) if brain is not None and legal else None
            if action is not None and board.submit(action) is None:
                self.stand_ins += 1
                # Still waiting on the pads: the next frame moves again unless someone
                # else moves first (an Incognito drawing takes dozens of strokes).
                self._moves = (board, len(session.log), self.frames - STAND_IN_PATIENCE)
                return

    def _close_stuck_span(self) -> None:
        if self._stuck_since is not None:
            board = self.board()
            self.stuck_spans.append({"start": self._stuck_since, "frames": self.frames - self._stuck_since,
                                     "phase": str(getattr(board.session.view(None).public, "phase", "?"))
                                     if board else None})
            self._stuck_since = None

    def clear_overlay(self) -> None:
        """Someone picks up a free pad (plugged in if none), backs out of any menu
        opened over the overlay (B), and presses A until no seat is held; each seat
        must take at most OVERLAY_CLEAR frames."""
        from ..scenes.disconnect import DisconnectScene
        from ..scenes.menus.widgets import MenuScene

        pygame = self.pygame
        for _ in range(len(self.ctx.seats.held())):
            pad = (self.free_pads() or [self.plug()])[0]
            for button in sorted(self.held[pad.instance_id]):
                pad.button(button, False)
            self.held[pad.instance_id].clear()
            self._run(1)
            for _ in range(4):
                if not isinstance(self.ctx.stack.top, MenuScene):
                    break
                self._tap(pad, pygame.CONTROLLER_BUTTON_B)
            self._tap(pad, pygame.CONTROLLER_BUTTON_A)
            self._run(OVERLAY_CLEAR)
        if any(isinstance(scene, DisconnectScene) for scene in self.ctx.stack):
            scenes = [type(scene).__name__ for scene in self.ctx.stack]
            self.overlay_failures.append(f"frame {self.frames}: held seats {self.ctx.seats.held()} after A; "
                                         f"scenes {scenes}; pads {[p.instance_id for p in self.pads]}, "
                                         f"hub {sorted(self.app.hub.pad_names)}")
        else:
            self.overlays_cleared += 1
        self._overlay_since = None

    def _tap(self, pad: VirtualPad, button: int) -> None:
        pad.button(button, True)
        pad.button(button, False)
        self._run(1)

    # --- running -----------------------------------------------------------------------
    def _run(self, frames: int) -> None:
        for _ in range(frames):
            self.now += STEPS / 60.0
            self.app.frame()

    def frame(self) -> None:
        """One storm frame: random input, one App frame, the checks. An exception is
        recorded and a new match started."""
        try:
            self.storm_input()
            self._run(1)
            self.check()
        except Exception:  # noqa: BLE001 - the storm counts every failure and goes on
            self.exceptions.append(traceback.format_exc())
            self.new_match()
        self.frames += 1

    def end_game(self) -> None:
        """Close the counts of the game being stormed and leave its match."""
        self._close_stuck_span()
        self.ctx.stack.clear()

    def close(self) -> None:
        self._close_stuck_span()
        for pad in list(self.pads):
            self.unplug(pad)
        self.app.hub.pads.close_all()
        self.ctx.stack.clear()
        self.pygame.event.clear()
        gc.collect()  # scenes and full-HD surfaces sit in cycles: free them before the next game

    def summary(self) -> dict[str, Any]:
        return {"game": self.game_id, "seed": self.seed, "frames": self.frames, "matches": self.matches,
                "finished": self.finished, "stand_ins": self.stand_ins, "phases": sorted(self.phases), "exceptions": len(self.exceptions),
                "stuck_spans": len(self.stuck_spans), "overlays_cleared": self.overlays_cleared,
                "overlay_failures": len(self.overlay_failures)}


# --- the command ---------------------------------------------------------------------------
def game_ids() -> tuple[str, ...]:
    """The games stormed in turn when ``--game`` is not given: every registered one, in
    menu order."""
    from ..games import all_games

    return tuple(all_games())


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--frames", type=int, default=100_000, help="frames in all (default 100000)")
    parser.add_argument("--game", choices=game_ids(), help="only this game (default: each in turn)")
    parser.add_argument("--seed", type=int, default=1, help="the storm's seed (default 1)")
    parser.add_argument("--draw-every", type=int, default=1, metavar="N",
                        help="draw the canvas every N frames (default 1: every frame)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def soak(frames: int, games: tuple[str, ...], seed: int, pads: VirtualPads, draw_every: int = 1) -> dict[str, Any]:
    """Storm ``games`` in turn in one app (equal shares of ``frames``); RSS at start,
    after warm-up, after each game and at the end; every failure's details."""
    start = rss_mb()
    warm = None
    results: list[dict[str, Any]] = []
    details: list[dict[str, Any]] = []
    share = max(1, frames // len(games))
    done = 0
    storm = Storm(games[0], seed, pads, draw_every)
    for game_id in games:
        if game_id != storm.game_id:
            storm.switch(game_id)
        for _ in range(share):
            storm.frame()
            done += 1
            if done == WARMUP:
                warm = rss_mb()
        storm.end_game()
        results.append(storm.summary() | {"rss_end_mb": round(rss_mb(), 1)})
        details.extend({"game": game_id, "traceback": tb} for tb in storm.exceptions)
        details.extend({"game": game_id, "stuck": span} for span in storm.stuck_spans)
        details.extend({"game": game_id, "overlay": text} for text in storm.overlay_failures)
    storm.close()
    return {"frames": done, "seed": seed, "draw_every": draw_every, "exceptions": sum(r["exceptions"] for r in results),
            "stuck_spans": sum(r["stuck_spans"] for r in results),
            "overlay_failures": sum(r["overlay_failures"] for r in results),
            "rss_mb": {"start": round(start, 1), "warm": round(warm if warm is not None else rss_mb(), 1),
                       "end": round(rss_mb(), 1)},
            "games": results, "failures": details}


def format_report(rep: dict[str, Any]) -> str:
    rss = rep["rss_mb"]
    lines = [f"frames {rep['frames']}  seed {rep['seed']}  drawn every {rep['draw_every']}  exceptions {rep['exceptions']}  "
             f"stuck spans {rep['stuck_spans']}  overlay failures {rep['overlay_failures']}",
             f"RSS MB: start {rss['start']}  after {WARMUP} frames {rss['warm']}  end {rss['end']}"]
    for g in rep["games"]:
        lines.append(f"  {g['game']:22} frames {g['frames']:6d}  matches {g['matches']:3d} (finished {g['finished']})"
                     f"  overlays cleared {g['overlays_cleared']}  RSS after {g['rss_end_mb']} MB"
                     f"  phases {','.join(g['phases'])}")
    for failure in rep["failures"]:
        lines.append(json.dumps(failure) if "traceback" not in failure else
                     f"{failure['game']}: {failure['traceback']}")
    return "\n".join(lines)


def _private_folders() -> None:
    """Settings and saves of the storm go to a temporary folder (XDG on Linux)."""
    base = Path(tempfile.mkdtemp(prefix="secret-salon-soak-"))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
        os.environ[name] = str(base / name.lower())


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # Ctrl-C and SIGTERM stop the soak (SDL would turn them into a QUIT the storm ignores).
    os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")
    _private_folders()
    from .virtual_pads import VirtualPads

    pads = VirtualPads()
    rep = soak(args.frames, (args.game,) if args.game else game_ids(), args.seed, pads, max(1, args.draw_every))
    print(json.dumps(rep, indent=2) if args.json else format_report(rep))
    return 0 if not (rep["exceptions"] or rep["stuck_spans"] or rep["overlay_failures"]) else 1
