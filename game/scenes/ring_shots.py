"""Screenshots of the ring picker (``python -m game shot ring``, ``ring.peek``,
``ring.seats``) on a neutral table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..input.intents import InputEvent, Intent
from .ring import RingOption, RingPicker, RingQuestion

if TYPE_CHECKING:
    from ..context import AppContext
    from ..shots import ShotRequest


def _shot(ctx: AppContext, args: ShotRequest) -> None:
    """Eight options, every seat choosing; some seats already done."""
    from .backdrop import TableBackdrop

    keys = ("crown", "mask", "detective", "ghost", "robot", "cat", "owl", "alien")
    icons = ("1F451", "1F3AD", "1F575", "1F47B", "1F916", "1F431", "1F989", "1F47D")
    options = tuple(RingOption(ctx.t(f"ring.demo.{k}"), icon) for k, icon in zip(keys, icons))
    seats = list(range(len(ctx.seats)))
    done = {s: (2 if s % 3 == 0 else 1) for s in seats}
    question = RingQuestion(ctx.t("ring.demo.prompt"), options)

    def ask(seat: int) -> RingQuestion | None:
        return None if done[seat] >= 2 else question

    def choose(seat: int, index: int) -> str | None:
        done[seat] += 1
        return None

    ctx.stack.push(TableBackdrop(ctx))
    ctx.stack.push(RingPicker(ctx, seats, ask, choose, progress=lambda s: (done[s], 2)))


def _shot_peek(ctx: AppContext, args: ShotRequest) -> None:
    """The same ring while one seat holds PEEK: named first, then its pointer is shown
    (the shot's ticks run the look-away)."""
    _shot(ctx, args)
    picker = ctx.stack.top
    assert isinstance(picker, RingPicker)
    seat = 1 if len(ctx.seats) > 1 else 0
    device = ctx.seats[seat].device
    ctx.stack.handle(seat, InputEvent(device, Intent.STICK, angle=95.0, magnitude=1.0))
    ctx.stack.handle(seat, InputEvent(device, Intent.PEEK, pressed=True))
    assert picker.curtain_seat == seat


def _shot_seats(ctx: AppContext, args: ShotRequest) -> None:
    """A vote on players: each option is a seat (shape, colour, name)."""
    from .backdrop import TableBackdrop

    seats = list(range(len(ctx.seats)))
    options = tuple(RingOption(ctx.seats[s].name, seat=s) for s in seats)
    question = RingQuestion(ctx.t("ring.demo.prompt"), options) if len(options) >= 2 else None
    voted: set[int] = {0}
    ctx.stack.push(TableBackdrop(ctx))
    ctx.stack.push(RingPicker(ctx, seats, lambda s: None if s in voted else question,
                              lambda s, i: voted.add(s)))


SHOTS = {"ring": _shot, "ring.peek": _shot_peek, "ring.seats": _shot_seats}
