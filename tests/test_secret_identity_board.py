"""Secret Identity boards driven headless: keyboard and pad seats mixed with bots play
whole matches through the real scenes (peek curtain, ring picker), and the TV draws
from the public view only."""

import pygame
import pytest

from game.context import build_context
from game.core.rng import Rng
from game.core.session import Session
from game.input.intents import InputEvent, Intent
from game.scenes.peek import PeekCurtain
from game.scenes.ring import RingPicker
from game.settings import Settings


@pytest.fixture(scope="module")
def ctx_factory():
    def make(humans: int, bots: int):
        ctx = build_context(headless=True, lang="en", settings=Settings(), seats=humans)
        for i in range(bots):
            ctx.seats.add_bot(f"Bot {i + 1}")
        return ctx
    return make


def start(ctx, game_id, seed=3):
    entry = ctx.games[game_id]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), seed)
    bots = {s.index: entry.make_bot(catalogue, s.index, Rng.from_seed(f"b{s.index}")) for s in ctx.seats.seats if s.bot}
    board = entry.scenes().make_board(ctx, entry, session, bots)
    board.bot_delay = (1, 2)
    ctx.stack.push(board)
    return board


def bots_play_to(ctx, board, phase):
    """Every seat of ``board`` plays as its game's bot until the public phase is ``phase``."""
    session = board.session
    bots = {s: board.entry.make_bot(board.catalogue, s, Rng(s)) for s in range(len(ctx.seats))}
    while session.view(None).public.phase != phase:
        seat = min(session.current())
        assert board.submit(bots[seat].act(session.view(seat), session.legal(seat))) is None


def press(ctx, seat, intent, pressed=True):
    ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed=pressed))


def top(ctx):
    return ctx.stack.top


def human_turn_competitive(ctx, board, seat, tick):
    """What a sensible human presses now (one intent per tick at most)."""
    public = board.public
    scene = top(ctx)
    if isinstance(scene, PeekCurtain):
        if scene.seat != seat:
            return
        if not scene.peeking:
            press(ctx, seat, Intent.PEEK)
            return
        private = board.session.view(seat).private
        if not private.placed:
            press(ctx, seat, Intent.CONFIRM if tick % 2 else Intent.ALT)  # first hand card, green or red
        else:
            press(ctx, seat, Intent.LEFT)  # from the placed card, wrap round to "done"
            press(ctx, seat, Intent.CONFIRM)
        return
    if isinstance(scene, RingPicker):
        if seat in scene.seats and scene.question(seat) is not None:
            press(ctx, seat, Intent.RIGHT)
            press(ctx, seat, Intent.CONFIRM)
        return
    if board.stage == "reveal":
        press(ctx, seat, Intent.CONFIRM)
    elif public.phase in ("round_start", "summary") and not public.seats[seat].ready:
        press(ctx, seat, Intent.CONFIRM)
    elif public.phase == "clues" and not public.seats[seat].confirmed:
        press(ctx, seat, Intent.PEEK)


def draw_with_public_view_only(board, surface):
    """Draw the whole stack while recording which views the board asks for."""
    asked = []
    real = board.session.view

    def spy(seat):
        asked.append(seat)
        return real(seat)

    board.session.view = spy
    try:
        board.ctx.stack.draw(surface, 1.0)
    finally:
        board.session.view = real
    return asked


def test_competitive_match_with_keyboards_pads_and_bots(ctx_factory):
    ctx = ctx_factory(humans=3, bots=2)
    board = start(ctx, "secret_identity")
    surface = pygame.Surface((1920, 1080))
    humans = [s.index for s in ctx.seats.seats if not s.bot]
    for tick in range(40000):
        if board.session.outcome() is not None and board.stage != "reveal":
            break
        for seat in humans:
            human_turn_competitive(ctx, board, seat, tick)
        ctx.stack.fixed_update(1 / 60)
        if tick % 97 == 0:
            asked = draw_with_public_view_only(board, surface)
            curtain = top(ctx)
            peeker = curtain.seat if isinstance(curtain, PeekCurtain) and curtain.peeking else None
            # the TV only reads the public view; a seat's own view only inside its curtain
            assert set(asked) <= {None, peeker} | ({*humans} if isinstance(curtain, RingPicker) else set())
    outcome = board.session.outcome()
    assert outcome is not None and len(board.session.state.history) == 4
    ctx.stack.fixed_update(1 / 60)  # the podium's show starts
    ctx.stack.draw(surface, 1.0)  # the podium
    press(ctx, humans[0], Intent.CONFIRM)  # A skips the show first
    assert top(ctx) is board and board.stage == "end" and not board.section.running
    press(ctx, humans[0], Intent.CONFIRM)  # play again: a fresh board replaces this one
    assert top(ctx) is not board and type(top(ctx)) is type(board) and top(ctx).session.outcome() is None


def test_vote_refusal_names_no_number(ctx_factory):
    ctx = ctx_factory(humans=3, bots=0)
    board = start(ctx, "secret_identity")
    bots_play_to(ctx, board, "vote")
    assert board.section.choose(0, 4) is None
    refusal = board.section.choose(0, 4)
    assert refusal == "si.refused.number_used"
    assert "{button}" in ctx.strings.get(refusal) and "5" not in ctx.strings.get(refusal)


def test_coop_match_with_humans_and_bots(ctx_factory):
    ctx = ctx_factory(humans=2, bots=2)
    board = start(ctx, "secret_identity_coop")
    surface = pygame.Surface((1920, 1080))
    humans = [s.index for s in ctx.seats.seats if not s.bot]
    stepped = False  # one person steps the cursor once a turn (it drops every hold)
    for tick in range(30000):
        public = board.public
        if board.session.outcome() is not None:
            break
        scene = top(ctx)
        for seat in humans:
            if isinstance(scene, PeekCurtain):
                if scene.seat == seat:
                    if not scene.peeking:
                        press(ctx, seat, Intent.PEEK)
                    elif not board.session.view(seat).private.placed:
                        press(ctx, seat, Intent.CONFIRM)
                    else:
                        press(ctx, seat, Intent.LEFT)
                        press(ctx, seat, Intent.CONFIRM)
            elif public.phase == "clue" and public.active == seat:
                press(ctx, seat, Intent.PEEK)
            elif public.phase == "guess" and public.active != seat and seat not in board.section.holding:
                if not stepped:
                    press(ctx, seat, Intent.RIGHT)
                    stepped = True
                press(ctx, seat, Intent.CONFIRM, pressed=False)
                press(ctx, seat, Intent.CONFIRM)  # and keep holding: locks once every person held 1.5 s
            elif public.phase == "result":
                stepped = False
                press(ctx, seat, Intent.CONFIRM)
        ctx.stack.fixed_update(1 / 60)
        if tick % 89 == 0:
            ctx.stack.draw(surface, 1.0)
    outcome = board.session.outcome()
    assert outcome is not None and outcome.measures["turns"] == 10
    for _ in range(200):  # the last answer's flash, then the end
        ctx.stack.fixed_update(1 / 60)
    assert board.stage == "end"
    ctx.stack.draw(surface, 1.0)


def test_coop_lock_needs_a_full_hold(ctx_factory):
    ctx = ctx_factory(humans=3, bots=0)
    board = start(ctx, "secret_identity_coop")
    session = board.session
    bots_play_to(ctx, board, "guess")
    guessers = [(board.public.active + 1) % 3, (board.public.active + 2) % 3]
    for guesser in guessers:
        press(ctx, guesser, Intent.CONFIRM)
    for _ in range(60):
        ctx.stack.fixed_update(1 / 60)
    press(ctx, guessers[0], Intent.CONFIRM, pressed=False)  # let go after 1 s: nothing locked
    for _ in range(60):
        ctx.stack.fixed_update(1 / 60)
    assert session.view(None).public.phase == "guess"
    press(ctx, guessers[0], Intent.CONFIRM)
    for _ in range(91):
        ctx.stack.fixed_update(1 / 60)
    assert session.view(None).public.phase in ("result", "over")
