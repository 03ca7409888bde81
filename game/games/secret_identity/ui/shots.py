"""Secret Identity boards (both modes) and their screenshots.

``make_board`` picks the competitive or cooperative board by the entry. Every shot is
taken mid-match with 8 seats: the game's own bots play a real session forward to the
phase, then the board is built on it (with no bots driving it, so the scene holds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping

from ....core.bots import Bot
from ....core.rng import Rng
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from .board import CompetitiveBoard
from .board_coop import CoopBoard
from .coop_sections import AnswerReveal
from .reveal import OPEN_TICKS, VOTES_TICKS, CompetitiveReveal

if TYPE_CHECKING:
    from ....context import AppContext
    from ....games import GameEntry
    from ....shots import ShotRequest
    from ..rules.catalogue import SICatalogue

#: The shots' helpers play either mode (competitive or cooperative).
AnySession = Session[Any, Any, Any]
AnyBot = Bot[Any, Any]

SHOT_SEATS = 8


def make_board(ctx: AppContext, entry: GameEntry[SICatalogue], session: AnySession,
               bots: Mapping[int, AnyBot]) -> CompetitiveBoard | CoopBoard:
    if entry.id == "secret_identity_coop":
        return CoopBoard(ctx, entry, session, bots)
    return CompetitiveBoard(ctx, entry, session, bots)


# --- screenshots -------------------------------------------------------------------------
def _table(ctx: Any, game_id: str, seed: int) -> tuple[Any, AnySession, dict[int, AnyBot]]:
    """A full table of 8 and a fresh session with a bot for every seat (to play forward)."""
    while len(ctx.seats) < SHOT_SEATS:
        ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
    entry = ctx.games[game_id]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), seed)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"shot:{seed}:{s}")) for s in range(len(ctx.seats))}
    return entry, session, bots


def _play_until(session: AnySession, bots: Mapping[int, AnyBot], stop: Callable[[Any], bool], order_seed: int = 0) -> None:
    """Bots act (seats in a seeded order) until ``stop(public view)`` holds."""
    order = Rng.from_seed(f"order:{order_seed}")
    for _ in range(5000):
        if stop(session.view(None).public) or session.outcome() is not None:
            return
        current = sorted(session.current())
        seat = order.choice(current)
        action = bots[seat].act(session.view(seat), session.legal(seat))
        if action is not None:
            session.submit(action)


def _bot_step(session: AnySession, bots: Mapping[int, AnyBot], seat: int, times: int = 1) -> None:
    for _ in range(times):
        if seat in session.current():
            action = bots[seat].act(session.view(seat), session.legal(seat))
            assert action is not None  # a bot whose turn it is acts
            session.submit(action)


def _board(ctx: Any, entry: Any, session: AnySession) -> Any:
    board = make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    return board


def _press(ctx: Any, seat: int, intent: Intent, pressed: bool = True, **extra: Any) -> None:
    ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed=pressed, **extra))


def _round_two(phase: str) -> Callable[[Any], bool]:
    return lambda public: public.round == 2 and public.phase == phase


def shot_replace(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _table(ctx, "secret_identity", args.seed)
    _play_until(session, bots, _round_two("round_start"), args.seed)
    _board(ctx, entry, session)
    for seat in (2, 5, 6):
        _bot_step(session, bots, seat)
    _press(ctx, 1, Intent.STICK, angle=135.0, magnitude=1.0)
    _press(ctx, 1, Intent.ALT)
    _press(ctx, 0, Intent.STICK, angle=270.0, magnitude=1.0)


def _clue_phase(ctx: Any, args: ShotRequest) -> tuple[Any, AnySession, dict[int, AnyBot]]:
    entry, session, bots = _table(ctx, "secret_identity", args.seed)
    _play_until(session, bots, _round_two("clues"), args.seed)
    return entry, session, bots


def shot_keys(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _clue_phase(ctx, args)
    board = _board(ctx, entry, session)
    _bot_step(session, bots, 0)
    board.open_editor(0)
    _press(ctx, 0, Intent.PEEK)
    _press(ctx, 0, Intent.RIGHT)
    _press(ctx, 0, Intent.RIGHT)
    _press(ctx, 0, Intent.DOWN)


def shot_clues(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _clue_phase(ctx, args)
    for seat in range(1, 7):
        _bot_step(session, bots, seat, times=4 if seat < 5 else 1)
    _board(ctx, entry, session)


def shot_vote(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _table(ctx, "secret_identity", args.seed)
    _play_until(session, bots, _round_two("vote"), args.seed)
    for seat in range(2, 8):
        _bot_step(session, bots, seat, times=7 if seat < 5 else seat - 3)
    _board(ctx, entry, session)


def shot_reveal(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _table(ctx, "secret_identity", args.seed)
    _play_until(session, bots, _round_two("summary"), args.seed)
    reveal = _reveal(ctx, entry, session)
    reveal.beat = 2
    reveal.tick = OPEN_TICKS + VOTES_TICKS - 70


def _reveal(ctx: Any, entry: Any, session: AnySession) -> CompetitiveReveal:
    """The board on a round just scored, its reveal opened (as the vote opens it)."""
    board = _board(ctx, entry, session)
    reveal = CompetitiveReveal(board, session.view(None).public.last)
    board.show(reveal)
    return reveal


def shot_cheer(ctx: Any, args: ShotRequest) -> None:
    """The reveal's end: every safe open, the round's best scorers cheered."""
    entry, session, bots = _table(ctx, "secret_identity", args.seed)
    _play_until(session, bots, _round_two("summary"), args.seed)
    reveal = _reveal(ctx, entry, session)
    while reveal.opening:
        reveal.fixed_update()
    for _ in range(50):  # with the shot's ticks, the confetti is half-way down when it is drawn
        reveal.fixed_update()


def shot_summary(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _table(ctx, "secret_identity", args.seed)
    _play_until(session, bots, _round_two("summary"), args.seed)
    for seat in (0, 3, 4):
        _bot_step(session, bots, seat)
    _board(ctx, entry, session)


def shot_podium(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _table(ctx, "secret_identity", args.seed)
    _play_until(session, bots, lambda public: public.phase == "over", args.seed)
    _board(ctx, entry, session).section.skip()  # the podium up, the verdict written, the winners' confetti falling


def _coop_turn(ctx: Any, args: ShotRequest, phase: str) -> tuple[Any, AnySession, dict[int, AnyBot]]:
    entry, session, bots = _table(ctx, "secret_identity_coop", args.seed)
    _play_until(session, bots, lambda public: public.turn == 4 and public.phase == phase, args.seed)
    return entry, session, bots


def shot_coop_clue(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _coop_turn(ctx, args, "clue")
    active = session.view(None).public.active
    _bot_step(session, bots, active, times=2)
    _board(ctx, entry, session)


def shot_coop_guess(ctx: Any, args: ShotRequest) -> None:
    """People guessing step the cursor; all but one of them hold CONFIRM (the table's
    bots are bots here, so the hub counts the people only)."""
    entry, session, bots = _coop_turn(ctx, args, "guess")
    board = make_board(ctx, entry, session, {s: bot for s, bot in bots.items() if ctx.seats[s].bot})
    assert isinstance(board, CoopBoard)  # the co-op entry's board
    ctx.stack.push(board)
    people = board.people_guessing()
    if people:
        _press(ctx, people[0], Intent.RIGHT)
        _press(ctx, people[0], Intent.RIGHT)
    for seat in people[:max(1, len(people) - 1)]:
        _press(ctx, seat, Intent.CONFIRM)


def shot_coop_result(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _coop_turn(ctx, args, "result")
    board = _board(ctx, entry, session)
    board.show(AnswerReveal(board, session.view(None).public.history[-1].correct))  # the lock's flash


def shot_coop_end(ctx: Any, args: ShotRequest) -> None:
    entry, session, bots = _table(ctx, "secret_identity_coop", args.seed)
    _play_until(session, bots, lambda public: public.phase == "over", args.seed)
    _board(ctx, entry, session).section.skip()  # the score counted, the band written, the team's confetti falling


SHOTS = {
    "secret_identity.replace": shot_replace,
    "secret_identity.keys": shot_keys,
    "secret_identity.clues": shot_clues,
    "secret_identity.vote": shot_vote,
    "secret_identity.reveal": shot_reveal,
    "secret_identity.cheer": shot_cheer,
    "secret_identity.summary": shot_summary,
    "secret_identity.podium": shot_podium,
    "secret_identity_coop.clue": shot_coop_clue,
    "secret_identity_coop.guess": shot_coop_guess,
    "secret_identity_coop.result": shot_coop_result,
    "secret_identity_coop.end": shot_coop_end,
}
