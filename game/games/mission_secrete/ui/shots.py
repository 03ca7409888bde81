"""Mission Secrète's screenshots (``python -m game shot mission_secrete.<name>``): bots
play a seeded match up to the moment each screen shows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from ....core.actions import Action
from ....core.bots import Bot
from ....core.rng import Rng
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....ui.tween import Tween
from ..rules.view import Ending, MSPhase, MSPublic
from .board import SWAP_TICKS, MissionBoard, MSSession
from .reveal import CLAIM_TICKS

if TYPE_CHECKING:
    from ....context import AppContext
    from ... import GameEntry
    from ....shots import ShotRequest
    from ..rules.catalogue import MSCatalogue
    from ..rules.view import MSPrivate

    MSBot = Bot[MSPublic, MSPrivate]
    MSEntry = GameEntry[MSCatalogue]

SHOT_SEATS = 4


def _table(ctx: AppContext, seed: int, seats: int = SHOT_SEATS) -> tuple[MSEntry, MSSession, dict[int, MSBot]]:
    while len(ctx.seats) < seats:
        ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
    entry: MSEntry = ctx.games["mission_secrete"]
    catalogue = entry.catalogue(ctx.catalogue)
    session = Session(entry.make_definition(catalogue), entry.default_config(seats), seed)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"shot:{seed}:{s}")) for s in range(seats)}
    return entry, session, bots


def _play(session: MSSession, bots: Mapping[int, MSBot], stop: Callable[[MSPublic], bool], seed: int,
          accuse: bool = True) -> None:
    """Bots play (a seeded seat order) until ``stop(public)``; accusations only if allowed."""
    order = Rng.from_seed(f"order:{seed}")
    for _ in range(3000):
        public = session.view(None).public
        if stop(public) or session.outcome() is not None:
            return
        for seat in order.shuffled(sorted(session.current())):
            legal = [a for a in session.legal(seat) if accuse or a.kind != "accuse"]
            action = bots[seat].act(session.view(seat), legal) if legal else None
            if action is not None:
                session.submit(action)
                break


def _mid_match(ctx: AppContext, args: ShotRequest, swaps: int = 7) -> tuple[MSEntry, MSSession, dict[int, MSBot], MissionBoard]:
    """A match ``swaps`` swaps in and still going (the first seed from ``args.seed`` on
    whose match lasts that long)."""
    for seed in range(args.seed, args.seed + 50):
        entry, session, bots = _table(ctx, seed)
        _play(session, bots, lambda public: len(public.swaps) >= swaps, seed, accuse=False)
        if session.outcome() is None:
            break
    board = MissionBoard(ctx, entry, session, {}, intro=False)
    ctx.stack.push(board)
    return entry, session, bots, board


def _turn(session: MSSession) -> int:
    """Whose turn it is (a match still in play has one)."""
    turn = session.view(None).public.turn
    assert turn is not None
    return turn


def _press(ctx: AppContext, seat: int, intent: Intent, pressed: bool = True, **extra: Any) -> None:
    ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed=pressed, **extra))


def shot_turn(ctx: AppContext, args: ShotRequest) -> None:
    _entry, session, _bots, board = _mid_match(ctx, args)
    turn = _turn(session)
    board.play.cursor = 7
    _press(ctx, turn, Intent.CONFIRM)


def shot_swap(ctx: AppContext, args: ShotRequest) -> None:
    _entry, session, bots, board = _mid_match(ctx, args)
    turn = _turn(session)
    swaps = [a for a in session.legal(turn) if a.kind == "swap"]
    swap = bots[turn].act(session.view(turn), swaps)
    assert swap is not None  # a bot swaps when only swaps are legal
    board.submit(swap)
    assert board.swap is not None
    a, b, _tween = board.swap
    board.swap = (a, b, Tween(0.0, 1.0, SWAP_TICKS, "in_out_cubic", delay=max(0, args.ticks - SWAP_TICKS // 2)))


def shot_accuse(ctx: AppContext, args: ShotRequest) -> None:
    _entry, session, _bots, board = _mid_match(ctx, args)
    accuser = (_turn(session) + 2) % SHOT_SEATS
    board.accusation.start(accuser)
    _press(ctx, accuser, Intent.RIGHT)
    _press(ctx, accuser, Intent.CONFIRM)


def shot_reveal(ctx: AppContext, args: ShotRequest) -> None:
    _entry, session, _bots, board = _mid_match(ctx, args)
    turn = _turn(session)
    accuser, accused = (turn + 1) % SHOT_SEATS, (turn + 3) % SHOT_SEATS
    # the accuser names a character the accused does not hold (a public outcome either way)
    held = session.view(accused).mine.my_character
    wrong = next(c.id for c in board.catalogue.characters if c.id != held)
    board.submit(Action("accuse", accuser, {"accused": accused, "character": wrong}))
    reading = board.reveal
    assert reading is not None
    at = max(0, CLAIM_TICKS + 40 - args.ticks)  # the verdict 40 ticks old when drawn
    if at >= CLAIM_TICKS:
        reading.next_beat()
        at -= CLAIM_TICKS
    reading.tick = at


def shot_win(ctx: AppContext, args: ShotRequest) -> None:
    entry, session, bots = _table(ctx, args.seed)
    _play(session, bots, lambda public: public.phase == MSPhase.OVER and public.end == Ending.MISSION, args.seed,
          accuse=False)
    board = MissionBoard(ctx, entry, session, {}, intro=False)
    board.end_move = Tween(0.0, 1.0, 1)
    assert board.win is not None
    board.win.celebrate().skip()
    ctx.stack.push(board)


def shot_peek(ctx: AppContext, args: ShotRequest) -> None:
    _entry, _session, _bots, board = _mid_match(ctx, args)
    board.peeks.open(1)
    _press(ctx, 1, Intent.PEEK)


SHOTS = {
    "mission_secrete.turn": shot_turn,
    "mission_secrete.swap": shot_swap,
    "mission_secrete.accuse": shot_accuse,
    "mission_secrete.reveal": shot_reveal,
    "mission_secrete.win": shot_win,
    "mission_secrete.peek": shot_peek,
}
