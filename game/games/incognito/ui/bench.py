"""How ``python -m game bench`` keeps Incognito's busiest scene busy (its plug-in's
``bench_driver``): the pads draw strokes with held CONFIRM and a turning stick (the
drawer behind the curtain draws; the others' input waits, IN-2a); bots would leave the
canvases still."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ....context import AppContext
    from ....games import GameEntry
    from ..rules.catalogue import IncognitoCatalogue

#: Each seat draws for STROKE_TICKS, rests, draws again (the drawer behind the curtain
#: draws; the others' input waits).
STROKE_TICKS, STROKE_CYCLE = 90, 100


def build(ctx: AppContext, entry: GameEntry[IncognitoCatalogue], players: int, seed: int) -> Any:
    """A fresh match of ``players`` with a picture already on every canvas, past the
    deal (every seat pressed CONFIRM: the first opened its drawing curtain), no bots:
    the pad behind the curtain draws (IN-2a: one at a time)."""
    from ....core.actions import Action
    from ....core.rng import Rng
    from ....core.session import Session
    from ....input.intents import InputEvent, Intent
    from ..rules.bots import IncognitoBot

    catalogue = entry.catalogue(ctx.catalogue)
    session = Session(entry.make_definition(catalogue), entry.default_config(players), seed)
    rng = Rng.from_seed(f"bench:{seed}")
    for seat in range(players):
        painter = IncognitoBot(seat, rng, catalogue)
        for stroke in painter.plan(session.state.places[seat], session.state.words[seat]):
            session.submit(Action("stroke", seat, {"stroke": stroke}))
    board = entry.scenes().make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    for seat in range(players):
        ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, Intent.CONFIRM, True))
        ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, Intent.CONFIRM, False))
    return board


def drive(ctx: AppContext, frame: int, players: int) -> None:
    """One frame of the players drawing: hold CONFIRM and turn the stick in loops."""
    from ....input.intents import InputEvent, Intent

    for seat in range(players):
        device = ctx.seats[seat].device
        t = (frame + seat * 17) % STROKE_CYCLE
        if t == 0:
            ctx.stack.handle(seat, InputEvent(device, Intent.CONFIRM, True))
        if t < STROKE_TICKS:
            angle = (frame * (4 + seat) + seat * 60) % 360
            ctx.stack.handle(seat, InputEvent(device, Intent.STICK, True, angle=angle,
                                              magnitude=0.55 + 0.3 * math.sin(frame / 23 + seat)))
        elif t == STROKE_TICKS:
            ctx.stack.handle(seat, InputEvent(device, Intent.STICK, False))
            ctx.stack.handle(seat, InputEvent(device, Intent.CONFIRM, False))


def figures(board: Any) -> dict[str, Any]:
    """The report's figures of the scene: the strokes on the canvases."""
    return {"strokes": sum(board.session.view(None).public.stroke_counts)}
