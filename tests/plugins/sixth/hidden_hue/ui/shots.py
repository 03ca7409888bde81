"""Hidden Hue's screenshots (``python -m game shot hidden_hue.<name>``, once the game is
on the games' path): bots play a seeded match up to the moment each screen shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from game.core.rng import Rng
from game.core.session import Session

from ..rules.view import HuePhase, HuePublic
from .board import HueBoard
from .reveal import RevealSection

if TYPE_CHECKING:
    from game.context import AppContext
    from game.shots import ShotRequest


def _board(ctx: AppContext, request: ShotRequest, stop: Callable[[HuePublic], bool]) -> HueBoard:
    """Bots play every seat of a seeded match until ``stop(public)``; the board over it,
    pushed (its bots idle: the shot shows the moment, nobody moves on)."""
    seats = max(3, min(6, len(ctx.seats)))
    while len(ctx.seats) < seats:
        ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
    entry = ctx.games["hidden_hue"]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(seats), request.seed)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"shot:{request.seed}:{s}")) for s in range(seats)}
    while not stop(session.view(None).public) and session.outcome() is None:
        seat = min(session.current())
        action = bots[seat].act(session.view(seat), session.legal(seat))
        assert action is not None
        session.submit(action)
    board = HueBoard(ctx, entry, session, {})
    ctx.stack.push(board)
    return board


def shot_guess(ctx: AppContext, request: ShotRequest) -> None:
    """The second round, half the table has guessed."""
    _board(ctx, request, lambda public: len(public.history) == 1 and sum(public.guessed) * 2 >= len(public.guessed))


def shot_reveal(ctx: AppContext, request: ShotRequest) -> None:
    """The first round read out, two seats turned over when the shot is drawn."""
    board = _board(ctx, request, lambda public: len(public.history) == 1)
    reveal = RevealSection(board, 1, board.public.history[0])
    board.show(reveal)
    reveal.beat, reveal.tick = rewound(reveal.beats, 2, 10, request.ticks)


def rewound(beats: Sequence[int], beat: int, tick: int, ticks: int) -> tuple[int, int]:
    """Where a reveal of ``beats`` was ``ticks`` fixed ticks before it was at ``tick``
    into ``beat`` (a shot runs its ticks before it is drawn)."""
    while ticks > tick and beat > 0:
        ticks -= tick
        beat -= 1
        tick = beats[beat]
    return beat, max(0, tick - ticks)


def shot_end(ctx: AppContext, request: ShotRequest) -> None:
    """The end, its show over: the podium, the verdict, the choices."""
    board = _board(ctx, request, lambda public: public.phase == HuePhase.OVER)
    board.section.skip()


SHOTS = {
    "hidden_hue.guess": shot_guess,
    "hidden_hue.reveal": shot_reveal,
    "hidden_hue.end": shot_end,
}
