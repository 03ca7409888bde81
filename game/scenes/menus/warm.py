"""The first visits of the title's menus, prepared behind the title (issue 18).

A menu screen's first opening drew what every later one takes from the kit's caches:
the settings' button shapes and labels, the credits' page texts and its big panel's
soft shadow, the pause box's shadow, the how-to page's box shadow, each lobby's texts.
That made the first opening of settings, credits and pause the slowest transitions of
the menus (17-30 ms of CPU, over a 60 Hz frame); the game choice, the streaming page,
the lobbies, their options and the pause's quit dialog followed (15-25 ms, issue 32).

:class:`MenuWarmUp` opens each of those screens off the stack once, in small steps, and
draws it on a scratch canvas: the same drawing fills the same caches, so the later real
opening only blits (pixels unchanged). Its only caller is :meth:`TitleScene.update
<game.scenes.menus.title.TitleScene.update>`: one step a frame on the main thread, once
the title has been idle for :data:`~game.scenes.menus.widgets.IDLE_FRAMES` frames (the start-up's first frames are
left alone). The state lives in ``ctx.menu_gui`` so it runs once a run, whatever title
(:func:`menu_warm_up`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

if TYPE_CHECKING:
    from ...context import AppContext
    from .widgets import MenuScene
#: The fixed step a warmed screen is updated by once, as its first frame does.
TICK = 1 / 60


def _screens(ctx: AppContext) -> Iterator[MenuScene]:
    """The screens opened from the title (and the pause over a board), as they open:
    every game's lobby and its options, the pause, its quit dialog and the first game's
    how-to too (their first openings drew their texts and shadows: 15-25 ms, issue 32
    item 2)."""
    from .credits import CreditsScene
    from .games import GameChoiceScene
    from .howto import HowToScene
    from .lobby import LobbyScene
    from .options import OptionsScene
    from .pause import PauseScene
    from .settings import SettingsScene, StreamingScene

    yield SettingsScene(ctx)
    yield CreditsScene(ctx)
    if ctx.games:
        pause = PauseScene(ctx, next(iter(ctx.games.values())))
        yield pause
        yield pause.quit_dialog()
        # the first game's how-to (its arrows, words and title; the pictures' fingerprint,
        # its picture read back: its first opening drew them, 10-17 ms)
        yield HowToScene(ctx, pause.entry.id)
    yield GameChoiceScene(ctx)
    yield StreamingScene(ctx)
    for entry in ctx.games.values():
        lobby = LobbyScene(ctx, entry)
        yield lobby
        yield OptionsScene(ctx, lobby)


def menu_warm_up(ctx: AppContext) -> MenuWarmUp:
    """This run's warm-up: made by the first call, kept in ``ctx.menu_gui``."""
    gui = ctx.menu_gui
    if gui.warm_up is None:
        gui.warm_up = MenuWarmUp(ctx)
    return gui.warm_up


class MenuWarmUp:
    """Opens and draws each screen of :func:`_screens` once, one step per :meth:`step`."""

    def __init__(self, ctx: AppContext) -> None:
        self._steps = self._run(ctx)
        self.done = False

    def step(self) -> None:
        """The next step (nothing once :attr:`done`)."""
        if not self.done and next(self._steps, None) is None:
            self.done = True

    @staticmethod
    def _run(ctx: AppContext) -> Iterator[bool]:
        import gc

        from ...heap import release_free_memory
        from .howto import HowToScene, howto_box
        from .howto_pictures import sources_fingerprint

        scratch = ctx.kit.canvas()
        for number, scene in enumerate(_screens(ctx)):
            scene.enter(None)  # builds its widgets: button shapes, fonts, laid-out texts
            yield True
            scene.fixed_update(TICK)
            if isinstance(scene, HowToScene):  # (its update reads the page's picture, or starts the
                sources_fingerprint()          # pictures' maker: the title's to start, later)
                scene.as_with_picture()
            else:
                scene.update(TICK)
            scene.draw(scratch, 1.0)  # panels' shadows, labels, icons, hint bar
            # its buttons kept for its first opening (the pause's apart: kept_widgets.py)
            scene.release(warmed=not scene.kept_apart)
            yield True
            release_free_memory()  # their cycles freed now: all of them waited for a GC pass (+8 MB)
            yield True
            if number == 0:
                # the how-to page's box (every game's): its soft shadow was the most of a
                # first visit (early: the title's first menus come first)
                ctx.kit.panel(scratch, howto_box(scene.safe), ctx.kit.colours.panel, radius=36)  # (every menu's safe area)
                yield True
        # What it keeps (some sixteen screens' buttons: ~3,400 objects) set aside from the
        # cyclic GC, as ``play`` sets aside what it loaded: the full pass of the frame after
        # each closing (heap.py) went through them all, +1-2.5 ms (issue 32 item 2). The
        # cost: a kept screen killed later (after a change of language, or the last closed
        # screens' room full) is not freed if a cycle holds it: once a run, ~10 MB at most.
        gc.freeze()
