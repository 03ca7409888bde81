"""Serving phones from the app's loop: once a frame (:func:`pump_companion`), in the
idle time between two frames (:func:`serve_phones_until`) and after a frame's draw
(:func:`serve_waiting`).

Light on purpose: the app imports it at start-up and calls it on every frame, phones or
none, so it imports no scene, menu or companion module at module level. What it needs of
them is imported once a companion runs, i.e. once phones are on and the first title frame
is drawn (start-up: issue 18; tests/test_startup.py).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    import pygame

    from ..companion.bridge import Companion
    from ..companion.table import Table
    from ..context import AppContext


#: The idle time's owed views stop this long (s) before the next frame is due: the view
#: begun last may overrun its start by that much (a view takes ~1 ms on a slow laptop).
CATCH_UP_MARGIN = 0.001


def table_now(ctx: AppContext) -> Table:
    """What the TV shows, as the companion needs it."""
    from ..companion.table import Table
    from .match import MatchScene
    from .menus.lobby import LobbyScene  # once a companion runs (module doc)
    from .menus.take_seats import TakeSeatScene

    scenes = list(ctx.stack)
    board = next((s for s in reversed(scenes) if isinstance(s, MatchScene)), None)
    if board is not None:
        return Table(match=board, accepting=board in ctx.stack.running())
    if isinstance(ctx.stack.top, TakeSeatScene):
        return Table(seating=ctx.stack.top)
    lobby = next((s for s in reversed(scenes) if isinstance(s, LobbyScene)), None)
    return Table(lobby=lobby.entry.id if lobby is not None else None)


def pump_companion(ctx: AppContext, frame: bool = True) -> None:
    """Once a frame, after the updates: phones' messages in, their views out (the
    audience's too: ``frame``; between frames, the seats' only)."""
    companion: Companion | None = getattr(ctx, "companion", None)  # test doubles of the context may lack it
    if companion is None:
        return
    for sound in companion.pump(ctx.seats, table_now(ctx), frame):
        ctx.audio.play(sound)


def serve_phones_until(ctx: AppContext, deadline: float, clock: Callable[[], float] = time.perf_counter,
                       canvas: pygame.Surface | None = None) -> None:
    """The app's idle time before its next frame (``deadline``, on ``clock``): a phone's
    message wakes it and is pumped at once, so an act is answered without waiting for
    the next frame (the view a player waits for; the TV shows the change next frame).
    With no phones it sleeps until then, as a frame limiter does. The audience's picks
    and their answers are dealt with first, once (off the frame: ``Crowd.serve``); the
    views a frame's pump left owed are built while no message waits (``Companion.catch_up``).
    A match an act moved has its next frame drawn ahead on ``canvas`` (``SceneStack.between_frames``),
    once the act is answered and no other message waits."""
    companion: Companion | None = getattr(ctx, "companion", None)
    if companion is not None and companion.crowd.members:
        companion.serve_audience(ctx.seats, table_now(ctx))
    while (left := deadline - clock()) > 0:
        companion = getattr(ctx, "companion", None)
        if companion is None:
            time.sleep(left)
            return
        if companion.behind():  # the views the frame's pump left owed
            companion.catch_up(ctx.seats, table_now(ctx), left - CATCH_UP_MARGIN)
            left = deadline - clock()
        if companion.hub.arrived.wait(max(0.0, left)):
            serve_waiting(ctx)
            if canvas is not None and not companion.hub.arrived.is_set():  # (no message kept waiting)
                ctx.stack.between_frames(canvas)


def serve_waiting(ctx: AppContext) -> None:
    """Pump the phones' messages that landed since the last pump, if any (between frames,
    and in the frame between its draw and its present: an act that lands while the TV draws
    is answered then, not a present and a frame's updates later)."""
    companion: Companion | None = getattr(ctx, "companion", None)
    if companion is not None and companion.hub.arrived.is_set():
        companion.hub.arrived.clear()
        pump_companion(ctx, frame=False)
