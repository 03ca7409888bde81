"""Screenshots of the Personality board (``python -m game shot personality.…``): bots
play a seeded match to the wanted moment, then the board is shown there."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ....core.rng import Rng
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....core.events import PhaseStarted
from ..rules.events import MaskMoved, VoteRevealed
from ..rules.view import PEPhase
from ..rules.state import PEState
from .board import PersonalityBoard, PESession, make_board
from .portraits import PodiumSection
from .reveal_screen import VoteReveal, new_leader

if TYPE_CHECKING:
    from ....context import AppContext
    from ....games import GameEntry
    from ..rules.catalogue import PECatalogue
    from ....shots import ShotRequest


def _drive(ctx: AppContext, args: ShotRequest, until: Callable[[PEState, PESession], bool], min_turn: int = 2) -> PESession:
    """A 6-seat (or --seats) match played by bots until ``until(state, session)`` holds."""
    entry: GameEntry[PECatalogue] = ctx.games["personality"]
    catalogue = entry.catalogue(ctx.catalogue)
    seats = max(3, min(6, len(ctx.seats)))
    for attempt in range(60):
        seed = args.seed * 100 + attempt
        session = Session(entry.make_definition(catalogue), entry.default_config(seats), seed)
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"shot:{seed}:{s}")) for s in range(seats)}
        for _ in range(3000):
            state = session.state
            if state.turn >= min_turn and until(state, session):
                return session
            if session.outcome() is not None:
                break
            current = sorted(session.current())
            if not current:
                session.jump_to_deadline()
                continue
            seat = current[0]
            action = bots[seat].act(session.view(seat), session.legal(seat))
            assert action is not None  # a bot whose turn it is acts
            session.submit(action)
    raise RuntimeError("no match reached the wanted moment")


def _shot(until: Callable[[PEState, PESession], bool], min_turn: int = 2,
          peek: bool = False) -> Callable[[AppContext, ShotRequest], None]:
    def build(ctx: AppContext, args: ShotRequest) -> None:
        while len(ctx.seats) < 6:
            ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
        session = _drive(ctx, args, until, min_turn)
        entry = ctx.games["personality"]
        board = make_board(ctx, entry, session, {})
        ctx.stack.push(board)
        board.sync_overlays()
        if peek and board.overlay is not None:
            seat = getattr(board.overlay, "seat", None)
            if seat is not None:
                board.overlay.handle(seat, InputEvent(ctx.seats[seat].device, Intent.PEEK, pressed=True))
    return build


def _reveal_shot(ctx: AppContext, args: ShotRequest, cheer: bool = False) -> None:
    """A vote of five or more just revealed; with ``cheer`` one that puts a new player
    alone in the lead, ticked to its confetti half-way down (behind the board, showing
    in its gaps and the free band under the track)."""
    def until(state: PEState, session: PESession) -> bool:
        return (state.result is not None and state.result.outcome == "elected" and state.result.turn == state.turn
                and len(state.result.votes) >= 5 and state.phase == "exchange"
                and (not cheer or new_leader(state.result, state.positions) is not None))
    _shot(until, 2)(ctx, args)
    board = ctx.stack.top
    while not isinstance(board, PersonalityBoard):
        ctx.stack.pop()
        board = ctx.stack.top
    result = board.public.result
    assert result is not None  # until() waited for a vote's result
    for move in result.moves:
        board.timeline.shown[move.seat] = float(move.start)
    board.on_events(None, (VoteRevealed(result), *(MaskMoved(move) for move in result.moves)))
    assert isinstance(board.section, VoteReveal)
    show = board.section.show
    while cheer and show is not None and show.tick < show.cheer_tick + 90 - args.ticks:
        board.fixed_update(1 / 60)


def _podium_shot(ctx: AppContext, args: ShotRequest) -> None:
    """The end's show as the match ends: the podium risen, the scores counted, the
    verdict written, the winners' confetti falling."""
    _shot(lambda s, _: s.phase == "over", 1)(ctx, args)
    board = ctx.stack.top
    assert isinstance(board, PersonalityBoard)  # the shot pushed it
    board.on_events(None, (PhaseStarted(PEPhase.OVER),))
    assert isinstance(board.section, PodiumSection)
    board.section.skip()


SHOTS = {
    "personality.read": _shot(lambda s, _: s.phase == "read", 3),
    "personality.read.peek": _shot(lambda s, _: s.phase == "read", 3, peek=True),
    "personality.vote": _shot(lambda s, _: s.phase == "vote" and s.vote_kind == "normal" and 0 < len(s.votes()) < 4, 3),
    "personality.reveal": _reveal_shot,
    "personality.reveal.cheer": lambda ctx, args: _reveal_shot(ctx, args, cheer=True),
    "personality.debate": _shot(lambda s, _: s.phase == "debate", 2),
    "personality.revote": _shot(lambda s, _: s.phase == "revote", 1),
    "personality.exchange": _shot(lambda s, _: s.phase == "exchange", 3),
    "personality.exchange.peek": _shot(lambda s, _: s.phase == "exchange", 3, peek=True),
    "personality.tete_a_tete": _shot(lambda s, _: s.phase == "partner", 1),
    "personality.inversion": _shot(lambda s, _: s.phase == "play" and 0 < len(s.played), 1),
    "personality.inversion.vote": _shot(lambda s, _: s.phase == "vote" and s.vote_kind == "inversion", 1),
    "personality.endgame": _shot(lambda s, _: s.phase == "respond", 1),
    "personality.contest": _shot(lambda s, _: s.phase == "contest", 1),
    "personality.portraits": _shot(lambda s, _: s.phase == "over", 1),
    "personality.podium": _podium_shot,
}
