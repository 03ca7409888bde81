"""Screenshots of every Incognito screen, mid-match, played by the bots (their
drawings, their votes): ``python -m game shot incognito.draw --seats 6 --out draw.png``.
The drawing's shots seat a mixed table (``MIXED``: at the TV, a phone, a bot, in turn),
the others the context's seats; the seats at the TV draw in turns (IN-2a)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ....core.actions import Action
from ....core.rng import Rng
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.phone_seats import on_phone
from ..rules.bots import IncognitoBot
from ..rules.drawing import CANVAS_H
from .deal import DEAL_TICKS, DealSection
from .drawing_screen import DrawSection
from .drawkit import PALETTE_ROW
from .results import GallerySection
from .reveal import IncognitoReveal
from .standings import FinalSection, ScoresSection
from .turn_curtain import DrawingCurtain
from .vote import LineupSection, VoteSection

if TYPE_CHECKING:
    from ....context import AppContext
    from ....shots import ShotRequest
    from .board import IncognitoBoard, IncognitoSession

#: How the drawing's shots seat the table, seat by seat in turn: at the TV, a phone, a bot.
MIXED = "tpb"


def seat_mixed(ctx: AppContext) -> None:
    """Seat ``ctx``'s table as :data:`MIXED` says (a phone's device, a bot's flag)."""
    for seat in ctx.seats:
        kind = MIXED[seat.index % len(MIXED)]
        if kind == "p":
            seat.device = ("phone", f"shot-{seat.index}")
        elif kind == "b":
            seat.device, seat.bot = None, True


def demo_board(ctx: AppContext, args: ShotRequest, until: str, mixed: bool = False) -> IncognitoBoard:
    """A match the bots play (their drawings and votes), on to ``until``; ``mixed``: at
    the table :func:`seat_mixed` seats."""
    from ..entries import ENTRIES
    from .board import IncognitoBoard

    entry = ENTRIES[0]
    seats = max(3, min(6, len(ctx.seats)))
    while len(ctx.seats) < seats:
        ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
    if mixed:
        seat_mixed(ctx)
    cat = entry.catalogue(ctx.catalogue)
    assert entry.table_config is not None  # Incognito's entry seats the drawers at the TV (IN-2a)
    config = dict(entry.default_config(seats), **entry.table_config(
        [s for s in range(seats) if not ctx.seats[s].bot and not on_phone(ctx, s)]))
    session = Session(entry.make_definition(cat), config, args.seed)
    rng = Rng.from_seed(f"shot:{args.seed}")
    players = [IncognitoBot(s, Rng.from_seed(f"shot:{args.seed}:{s}"), cat) for s in range(seats)]
    at_tv = session.state.turns.order if session.state.turns else ()
    rounds = {"deal": 1, "draw": 1, "turn": 1, "turn.open": 1, "countdown": 1, "lineup": 1, "vote": 1,
              "reveal": 1, "scores": 1, "gallery": 3}[until]
    for round_ in range(1, rounds + 1):
        last = round_ == rounds
        if last and until in ("deal", "draw", "turn", "turn.open", "countdown"):
            if until != "deal":
                _draw_partly(session, players, until, at_tv)
            break
        for s in range(seats):
            _draw(session, players, s, at_tv)
            session.submit(Action("done", s))
        if last and until in ("lineup", "vote"):
            if until == "vote":  # some voters are done, one is half way
                for voter, count in ((0, 2), (2, seats - 1), (3, seats - 1)):
                    numbers = rng.shuffled(list(range(1, 7)))
                    for t in [t for t in range(seats) if t != voter][:count] if voter < seats else []:
                        session.submit(Action("vote", voter, {"target": t, "number": numbers.pop()}))
            break
        for voter in range(seats):
            for t, number in players[voter].choose_numbers(session.view(voter)).items():
                session.submit(Action("vote", voter, {"target": t, "number": number}))
        if not last:
            for s in range(seats):
                session.submit(Action("ready", s))
    bots = {s: IncognitoBot(s, Rng.from_seed(f"b{s}"), cat) for s in range(seats) if ctx.seats[s].bot}
    board = IncognitoBoard(ctx, entry, session, bots)
    board.bot_delay = (10 ** 6, 10 ** 6 + 1)  # the shot keeps still
    ctx.stack.push(board)
    return board


def _draw(session: IncognitoSession, players: list[IncognitoBot], seat: int, at_tv: tuple[int, ...], share: float = 1.0) -> None:
    """``seat`` draws ``share`` of its planned drawing (opening its turn first at the TV)."""
    if seat in at_tv:
        session.submit(Action("start", seat))
    strokes = players[seat].plan(session.state.places[seat], session.state.words[seat])
    for stroke in strokes[:max(1, int(len(strokes) * share))]:
        session.submit(Action("stroke", seat, {"stroke": stroke}))


def _draw_partly(session: IncognitoSession, players: list[IncognitoBot], until: str, at_tv: tuple[int, ...]) -> None:
    """The drawing under way: ``draw``, every seat at the TV done, the others part way
    (one phone done); ``turn``/``turn.open``, the last seat at the TV called (its turn
    open, part drawn), the first ones done; ``countdown``, all done but seat 1."""
    seats = session.state.seats
    called = at_tv[-1] if until.startswith("turn") and at_tv else None
    for seat in range(seats):
        session.advance(7)
        if seat == called:
            if until == "turn.open":
                _draw(session, players, seat, at_tv, 0.6)
            continue
        whole = seat in at_tv or until == "countdown" or seat == 4
        _draw(session, players, seat, at_tv, 1.0 if whole else 0.3 + 0.15 * seat)
        if whole and not (until == "countdown" and seat == 1):
            session.submit(Action("done", seat))


def _shot_deal(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "deal")
    board.show(DealSection(board))
    for _ in range(40):  # most places are on the table, the last ones still flying in
        board.fixed_update(1 / 60)


def _shot_word(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "deal")
    board.show(DealSection(board))
    for _ in range(DEAL_TICKS):
        board.fixed_update(1 / 60)
    device = ctx.seats[0].device
    board.handle(0, InputEvent(device, Intent.PEEK, True))


def _shot_draw(ctx: AppContext, args: ShotRequest) -> None:
    """The TV while phones and bots draw on, the seats at the TV done: slates face down."""
    board = demo_board(ctx, args, "draw", mixed=True)
    board.show(DrawSection(board))


def _shot_turn(ctx: AppContext, args: ShotRequest, opened: bool = False) -> None:
    """A seat at the TV called to draw behind its curtain (``opened``: drawing there,
    mid-stroke, the cursor over a wavy line)."""
    board = demo_board(ctx, args, "turn.open" if opened else "turn", mixed=True)
    board.show(DrawSection(board))
    board.call_drawer()
    curtain = board.turn_curtain
    if opened and curtain is not None:
        pad = curtain.pad
        pad.x, pad.y, pad.size, pad.colour = 120.0, 470.0, 2, board.colour_ids.index("blue")
        pad.path = [(120 + i * 12, 470 + 18 * math.sin(i / 3)) for i in range(30)]
        pad.x, pad.y = pad.path[-1]


def _shot_turn_open(ctx: AppContext, args: ShotRequest) -> None:
    _shot_turn(ctx, args, opened=True)


def _shot_turn_last_call(ctx: AppContext, args: ShotRequest) -> None:
    """Behind the curtain, everyone else done: the grace over, the last call runs."""
    _shot_turn(ctx, args, opened=True)
    curtain = ctx.stack.top
    assert isinstance(curtain, DrawingCurtain)  # _shot_turn pushed it
    board = curtain.board
    for seat in range(board.n):
        if board.public.turn != seat and not board.public.done[seat]:
            board.submit(Action("done", seat))
    board.session.jump_to_deadline()  # the grace ends: the last call starts
    board.session.advance(60)


def _shot_toolbar(ctx: AppContext, args: ShotRequest) -> None:
    """Behind the curtain, the cursor on the tool bar."""
    _shot_turn(ctx, args, opened=True)
    curtain = ctx.stack.top
    assert isinstance(curtain, DrawingCurtain)  # _shot_turn pushed it
    pad = curtain.pad
    pad.path, pad.x, pad.y = None, 300.0, CANVAS_H + PALETTE_ROW + 30


def _shot_countdown(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "countdown", mixed=True)
    board.show(DrawSection(board))
    board.session.advance(100)


def _shot_lineup(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "lineup")
    board.show(LineupSection(board))


def _shot_vote(ctx: AppContext, args: ShotRequest, peek: bool = False) -> None:
    """The vote as the TV shows it: drawings, lineup and progress, nobody peeking (a
    seat has moved its pointer, which must not show). ``peek``: that seat holds PEEK."""
    board = demo_board(ctx, args, "vote")
    board.show(VoteSection(board))
    device = ctx.seats[1].device
    ctx.stack.handle(1, InputEvent(device, Intent.RIGHT, True))
    if peek:
        ctx.stack.handle(1, InputEvent(device, Intent.PEEK, True))
    board.session.advance(40)


def _shot_vote_peek(ctx: AppContext, args: ShotRequest) -> None:
    _shot_vote(ctx, args, peek=True)


def _shot_reveal(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "reveal")
    record = board.public.history[-1]
    reveal = IncognitoReveal(board)
    # the first drawing that some but not all found: the +2 case, explained on screen
    reveal.beat = next((d for d in range(board.n) if 0 < record.drawer_points[d]), 0)
    reveal.tick = 200
    board.show(reveal)


def _shot_scores(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "scores")
    board.show(ScoresSection(board))
    board.section.skip()  # the scores counted, the leaders' confetti falling
    board.submit(Action("ready", 2))


def _shot_final(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "gallery")
    board.show(FinalSection(board))
    board.section.skip()  # the podium up, the winners' confetti falling


def _shot_gallery(ctx: AppContext, args: ShotRequest) -> None:
    board = demo_board(ctx, args, "gallery")
    board.show(GallerySection(board))


SHOTS = {
    "incognito.deal": _shot_deal,
    "incognito.word": _shot_word,
    "incognito.draw": _shot_draw,
    "incognito.turn": _shot_turn,
    "incognito.turn.open": _shot_turn_open,
    "incognito.turn.toolbar": _shot_toolbar,
    "incognito.turn.last_call": _shot_turn_last_call,
    "incognito.countdown": _shot_countdown,
    "incognito.lineup": _shot_lineup,
    "incognito.vote": _shot_vote,
    "incognito.vote.peek": _shot_vote_peek,
    "incognito.reveal": _shot_reveal,
    "incognito.scores": _shot_scores,
    "incognito.final": _shot_final,
    "incognito.gallery": _shot_gallery,
}
