"""Screenshots of every Incognito screen, mid-match, played by the bots (their
drawings, their votes): ``python -m game shot incognito.draw --seats 6 --out draw.png``."""

from __future__ import annotations

import argparse
import math
from typing import Any

from ....core.actions import Action
from ....core.rng import Rng
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ..rules.bots import IncognitoBot
from ..rules.drawing import CANVAS_H
from .deal import DEAL_TICKS, DealScreen
from .drawing_screen import DrawScreen
from .drawkit import PALETTE_ROW
from .results import GalleryScreen
from .reveal import RevealScreen
from .standings import FinalScreen, ScoresScreen
from .vote import LineupScreen, VoteScreen


def demo_board(ctx: Any, args: argparse.Namespace, until: str):
    """A match the bots play (their drawings and votes), on to ``until``."""
    from ..entries import ENTRIES
    from .board import IncognitoBoard

    entry = ENTRIES[0]
    seats = max(3, min(6, len(ctx.seats)))
    while len(ctx.seats) < seats:
        ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
    cat = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(cat), entry.default_config(seats), args.seed)
    rng = Rng.from_seed(f"shot:{args.seed}")
    players = [IncognitoBot(s, Rng.from_seed(f"shot:{args.seed}:{s}"), cat) for s in range(seats)]
    rounds = {"draw": 1, "countdown": 1, "lineup": 1, "vote": 1, "reveal": 1, "scores": 1, "gallery": 3}[until]
    for round_ in range(1, rounds + 1):
        last = round_ == rounds
        for s in range(seats):
            strokes = players[s].plan(session.state.places[s], session.state.words[s])
            keep = len(strokes) - (s % 3) if (last and until == "draw") else len(strokes)
            for stroke in strokes[:keep]:
                session.submit(Action("stroke", s, {"stroke": stroke}))
        if last and until in ("draw", "countdown"):
            for s in range(seats):
                if until == "countdown" and s != 1 or until == "draw" and s in (2, 4):
                    session.advance(7)
                    session.submit(Action("done", s))
            break
        for s in range(seats):
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


def _shot_deal(ctx, args):
    board = demo_board(ctx, args, "draw")
    board.show(DealScreen(board))
    for _ in range(40):  # most places are on the table, the last ones still flying in
        board.fixed_update(1 / 60)


def _shot_word(ctx, args):
    board = demo_board(ctx, args, "draw")
    board.show(DealScreen(board))
    for _ in range(DEAL_TICKS):
        board.fixed_update(1 / 60)
    device = ctx.seats[0].device
    board.handle(0, InputEvent(device, Intent.PEEK, True))


def _shot_draw(ctx, args):
    board = demo_board(ctx, args, "draw")
    board.show(DrawScreen(board))
    pad = board.pads.get(0)
    if pad is not None:  # seat 0 is mid-stroke: a wavy line under the cursor
        pad.x, pad.y, pad.size, pad.colour = 120.0, 520.0, 2, board.colour_ids.index("blue")
        pad.path = [(120 + i * 12, 520 + 18 * math.sin(i / 3)) for i in range(30)]
        pad.x, pad.y = pad.path[-1]
    pad = board.pads.get(1)
    if pad is not None:  # seat 1 hovers the tool bar
        pad.x, pad.y = 300.0, CANVAS_H + PALETTE_ROW + 30


def _shot_countdown(ctx, args):
    board = demo_board(ctx, args, "countdown")
    board.show(DrawScreen(board))
    board.session.advance(100)


def _shot_lineup(ctx, args):
    board = demo_board(ctx, args, "lineup")
    board.show(LineupScreen(board))


def _shot_vote(ctx, args, peek: bool = False):
    """The vote as the TV shows it: drawings, lineup and progress, nobody peeking (a
    seat has moved its pointer, which must not show). ``peek``: that seat holds PEEK."""
    board = demo_board(ctx, args, "vote")
    board.show(VoteScreen(board))
    device = ctx.seats[1].device
    ctx.stack.handle(1, InputEvent(device, Intent.RIGHT, True))
    if peek:
        ctx.stack.handle(1, InputEvent(device, Intent.PEEK, True))
    board.session.advance(40)


def _shot_vote_peek(ctx, args):
    _shot_vote(ctx, args, peek=True)


def _shot_reveal(ctx, args):
    board = demo_board(ctx, args, "reveal")
    record = board.public.history[-1]
    reveal = RevealScreen(board)
    # the first drawing that some but not all found: the +2 case, explained on screen
    reveal.index = next((d for d in range(board.n) if 0 < record.drawer_points[d]), 0)
    reveal.ticks = 200
    board.show(reveal)


def _shot_scores(ctx, args):
    board = demo_board(ctx, args, "scores")
    board.show(ScoresScreen(board))
    board.screen.show.skip()  # the scores counted, the leaders' confetti falling
    board.submit(Action("ready", 2))


def _shot_final(ctx, args):
    board = demo_board(ctx, args, "gallery")
    board.show(FinalScreen(board))
    board.screen.show.skip()  # the podium up, the winners' confetti falling


def _shot_gallery(ctx, args):
    board = demo_board(ctx, args, "gallery")
    board.show(GalleryScreen(board))


SHOTS = {
    "incognito.deal": _shot_deal,
    "incognito.word": _shot_word,
    "incognito.draw": _shot_draw,
    "incognito.countdown": _shot_countdown,
    "incognito.lineup": _shot_lineup,
    "incognito.vote": _shot_vote,
    "incognito.vote.peek": _shot_vote_peek,
    "incognito.reveal": _shot_reveal,
    "incognito.scores": _shot_scores,
    "incognito.final": _shot_final,
    "incognito.gallery": _shot_gallery,
}
