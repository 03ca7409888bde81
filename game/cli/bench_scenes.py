"""The bench's scenes: which scene of each game is the busiest, how it is built and kept
busy (bots, or the plug-in's own driver: Incognito's pads drawing), its frames timed; and
the menu screens opened and closed. See ``bench.py`` for what each figure means."""

from __future__ import annotations

import gc
import time
from typing import TYPE_CHECKING, Any, Callable

from .bench_measures import BUDGET_MS, WARMUP, peak_rss_mb, percentile

if TYPE_CHECKING:
    from ..context import AppContext
    from ..games import GameEntry
    from ..games.plugin import Mode
    from ..scenes.base import Scene
    from ..scenes.match import MatchScene

    #: A menu screen to time: what lies under it, and how to make it over the top one.
    MenuScreen = tuple[Callable[[], list[Scene]], Callable[[Scene | None], Scene]]

#: Timed openings and closings of each menu screen (after one that fills the caches).
MENU_REPEATS = 20


def bench_modes() -> dict[str, Mode]:
    """Each game with a busiest scene (its plug-in's ``bench_scene``: the most seats
    acting at once with the most on screen, played with ``bench_seats``), by id, in menu
    order: id -> its :class:`~game.games.plugin.Mode`."""
    from ..games import discover

    return {mode.id: mode for plugin in discover() for mode in plugin.modes if mode.bench_scene}


# --- driving a scene --------------------------------------------------------------------
def _board(ctx: AppContext) -> MatchScene | None:
    from ..scenes.match import MatchScene

    return next((scene for scene in ctx.stack if isinstance(scene, MatchScene)), None)


def _build_shot(ctx: AppContext, entry: GameEntry[Any], players: int, seed: int) -> MatchScene:
    """The game's busiest shot, its session then handed to a new board with a bot in
    every seat (a shot builds a still board, with overlays for human seats)."""
    from ..core.rng import Rng
    from ..shots import ShotRequest, build_scene

    scene = entry.mode.bench_scene
    assert scene is not None, "only a game with a bench scene is benched"
    build_scene(ctx, scene, ShotRequest(seats=players, seed=seed, lang="fr", ticks=0))
    shown = _board(ctx)
    assert shown is not None, f"shot {scene} shows a board"
    session, entry = shown.session, shown.entry
    catalogue = entry.catalogue(ctx.catalogue)
    players = int(session.config["seats"])
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"bench:{seed}:{s}")) for s in range(players)}
    ctx.stack.clear()
    board: MatchScene = entry.scenes().make_board(ctx, entry, session, bots)
    ctx.stack.push(board)
    return board


def bench_scene(game_id: str, frames: int, warmup: int = WARMUP) -> dict[str, Any]:
    """Run one game's busiest scene for ``warmup + frames`` frames in this process: kept
    busy by bots, or by the plug-in's ``bench_driver`` where it has one."""
    from ..app import after_frame
    from ..context import build_context
    from ..heap import collections_after
    from ..settings import Settings

    mode = bench_modes()[game_id]
    ctx = build_context(headless=True, settings=Settings(), seats=mode.bench_seats)
    entry = ctx.games[game_id]
    driver = entry.plugin.module(mode.bench_driver) if entry.plugin is not None and mode.bench_driver else None
    build = driver.build if driver is not None else _build_shot
    seed = 7
    board = build(ctx, entry, mode.bench_seats, seed)
    gc.freeze()  # as ``play`` does after loading
    canvas = ctx.kit.canvas()
    costs: list[float] = []
    walls: list[float] = []
    betweens: list[float] = []
    rebuilds = 0
    for frame in range(warmup + frames):
        if board.session.outcome() is not None or board.stack is None:
            ctx.stack.clear()  # the match is over: a new one from the same moment, untimed
            seed += 1
            rebuilds += 1
            board = build(ctx, entry, mode.bench_seats, seed)
        start, wall = time.thread_time(), time.perf_counter()
        with collections_after():  # as ``App.tick``: the GC's passes wait for the idle time
            if driver is not None:
                driver.drive(ctx, frame, mode.bench_seats)
            ctx.stack.fixed_update(1 / 60)
            ctx.stack.update(1 / 60)
            ctx.stack.draw_frame(canvas, 1.0)  # as the app draws a frame
            costs.append((time.thread_time() - start) * 1000.0)
            walls.append((time.perf_counter() - wall) * 1000.0)
        idle = time.thread_time()
        after_frame(ctx, canvas)  # as ``App.tick``, in the time before the next frame
        betweens.append((time.thread_time() - idle) * 1000.0)
    warm, timed = costs[:warmup], costs[warmup:]
    p50, p99 = percentile(timed, 0.5), percentile(timed, 0.99)
    return {
        "game": game_id, "scene": mode.bench_scene, "seats": mode.bench_seats, "frames": frames,
        "p50_ms": round(p50, 3), "p99_ms": round(p99, 3), "max_ms": round(max(timed), 3),
        "p99_budget_fraction": round(p99 / BUDGET_MS, 3), "wall_p99_ms": round(percentile(walls[warmup:], 0.99), 3),
        "first_frame_ms": round(warm[0], 1) if warm else None,
        "warmup_max_ms": round(max(warm), 1) if warm else None, "rebuilds": rebuilds,
        "between_p99_ms": round(percentile(betweens[warmup:], 0.99), 3), "between_max_ms": round(max(betweens[warmup:]), 3),
        "peak_rss_mb": round(peak_rss_mb(), 1),
    } | (driver.figures(board) if driver is not None else {})



# --- menu transitions -------------------------------------------------------------------
def _menu_screens(ctx: AppContext) -> dict[str, MenuScreen]:
    """Screen name -> (what lies under it, how to make it): the menus a player opens."""
    from ..scenes.backdrop import TableBackdrop
    from ..scenes.menus import shot_entry
    from ..scenes.menus.ahead import screen_to_open
    from ..scenes.menus.settings_ahead import settings_screen
    from ..scenes.menus.credits import CreditsScene
    from ..scenes.menus.games import GameChoiceScene
    from ..scenes.menus.howto import HowToScene
    from ..scenes.menus.lobby import LobbyScene
    from ..scenes.menus.options import OptionsScene
    from ..scenes.menus.pause import PauseScene
    from ..scenes.menus.settings import StreamingScene
    from ..scenes.menus.title import TitleScene

    shown = shot_entry(ctx).id  # the game the pause, the how-to and the options show

    def title() -> list[Scene]:
        return [TitleScene(ctx, attract=False)]

    def paused() -> list[Scene]:
        return [TableBackdrop(ctx), PauseScene(ctx, ctx.games[shown])]

    def lobby(game_id: str) -> Callable[[], list[Scene]]:
        return lambda: [*title(), LobbyScene(ctx, ctx.games[game_id])]

    class ChoiceOn(GameChoiceScene):
        """The game choice with one game focused, as a player leaves it to open its lobby."""

        def __init__(self, game_id: str) -> None:
            super().__init__(ctx)
            self.game_id = game_id

        def initial_focus(self) -> str:
            return self.game_id

    def choice_on(game_id: str) -> Callable[[], list[Scene]]:
        return lambda: [*title(), ChoiceOn(game_id)]

    def lobby_of(game_id: str) -> Callable[[Scene | None], Scene]:
        # (as the game choice opens it: the lobby it built ahead, if any: ahead.py)
        entry = ctx.games[game_id]
        return lambda under: screen_to_open(ctx, ("lobby", game_id), lambda: LobbyScene(ctx, entry), LobbyScene)

    def streaming(under: Scene | None) -> Scene:
        # (as the settings open it: the page they built ahead, if any: ahead.py)
        return screen_to_open(ctx, "streaming", lambda: StreamingScene(ctx), StreamingScene)

    def quit_dialog(under: Scene | None) -> Scene:
        assert isinstance(under, PauseScene), "the quit dialog opens over the pause"
        return under.quit_dialog()

    def options(under: Scene | None) -> Scene:
        assert isinstance(under, LobbyScene), "the options open over their lobby"
        return OptionsScene(ctx, under)

    screens: dict[str, MenuScreen] = {
        "games": (title, lambda under: GameChoiceScene(ctx)),
        "settings": (title, lambda under: settings_screen(ctx)),
        "settings.streaming": (lambda: [*title(), settings_screen(ctx)], streaming),
        "credits": (title, lambda under: CreditsScene(ctx)),
        "howto": (title, lambda under: HowToScene(ctx, shown)),
        "pause": (lambda: [TableBackdrop(ctx)], lambda under: PauseScene(ctx, ctx.games[shown])),
        "pause.settings": (paused, lambda under: settings_screen(ctx)),
        "pause.quit": (paused, quit_dialog),
        "lobby.options": (lobby(shown), options),
    }
    for game_id in ctx.games:
        screens[f"lobby.{game_id}"] = (choice_on(game_id), lobby_of(game_id))
    return screens


def bench_menus(repeats: int = MENU_REPEATS, quick: bool = False) -> dict[str, Any]:
    """Each menu screen opened and closed ``1 + repeats`` times over what lies under it,
    which is then shown for half a second (untimed) before the next opening (``quick``:
    ``bench --quick``, not after the last one, since no opening of that screen follows).
    A push (or pop) is timed with the frame that follows it (fixed update, update, draw:
    ``App.frame``), as the app does it: that frame is the transition's hitch. The frame after a pop, which frees
    the closed screen's memory (``heap.ReleaseOnLeave``), is timed too
    (``after_pop_max_ms``). The first opening fills the caches and is reported apart
    (``first_ms``): two frames after the screen under appeared (the second frees what
    was shown before), before an idle menu builds anything ahead. As in the game, a maker child makes the how-to
    pictures the cache lacks (picture_maker.py): started by the idle title, stopped at the
    end; its memory is its own (this figure is this process's)."""
    from ..context import build_context
    from ..scenes.menus.picture_maker import PictureMaker
    from ..settings import Settings
    from .play import settle

    ctx = build_context(headless=True, settings=Settings(), seats=4)
    settle()  # as ``play`` does behind the title
    ctx.pictures = PictureMaker()
    try:
        return _menu_rows(ctx, repeats, quick)
    finally:
        ctx.pictures.stop()


def _menu_rows(ctx: AppContext, repeats: int, quick: bool = False) -> dict[str, Any]:
    from ..heap import ReleaseOnLeave
    from ..scenes.menus.warm import menu_warm_up
    from ..scenes.menus.widgets import IDLE_FRAMES

    canvas = ctx.kit.canvas()
    release_on_leave = ReleaseOnLeave(ctx.stack)

    def frame() -> None:
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
        ctx.stack.draw(canvas, 1.0)
        # as App.frame: without it, the left screens' cycles waited for a full GC pass,
        # which struck a later push (~10 ms)
        release_on_leave()

    def timed(step: Callable[[], object]) -> float:
        start = time.thread_time()
        step()
        frame()
        return (time.thread_time() - start) * 1000.0

    screens = _menu_screens(ctx)
    for scene in screens["settings"][0]():  # the title, idle until it has prepared the menus (menus/warm.py)
        ctx.stack.push(scene)
    while not menu_warm_up(ctx).done:
        frame()
    frame()  # the frame after: the title starts the pictures' maker if one is missing
    rows: list[dict[str, Any]] = []
    for name, (under, make) in screens.items():
        ctx.stack.clear()
        for scene in under():
            ctx.stack.push(scene)
        below = ctx.stack.top
        frame()
        frame()  # (the frame after the clear: it frees the screens closed, heap.py)
        pushes, pops, afters = [], [], []
        for opening in range(1 + repeats):
            pushes.append(timed(lambda: ctx.stack.push(make(below))))
            pops.append(timed(ctx.stack.pop))
            afters.append(timed(lambda: None))  # the frame after, which frees the closed screen (heap.py)
            for _ in range(0 if quick and opening == repeats else IDLE_FRAMES):  # untimed: the screen
                frame()  # under shown a moment, as a player sees it (an idle menu builds ahead what it opens: ahead.py)
        rows.append({"screen": name, "first_ms": round(pushes[0], 1),
                     "push_p50_ms": round(percentile(pushes[1:], 0.5), 2), "push_max_ms": round(max(pushes[1:]), 2),
                     "pop_p50_ms": round(percentile(pops[1:], 0.5), 2), "pop_max_ms": round(max(pops[1:]), 2),
                     "after_pop_max_ms": round(max(afters[1:]), 2)})
    ctx.stack.clear()
    return {"repeats": repeats, "screens": rows,
            "peak_rss_mb": round(peak_rss_mb(), 1)}

