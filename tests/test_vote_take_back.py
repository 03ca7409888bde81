"""Taking back a blind vote with BACK on the ring (SI-5, IN-4: votes change until the
phase closes): the question comes back, the session's votes follow, the TV shows only
progress and the sound never depends on which vote was taken back."""

import pygame

from game.context import build_context
from game.core.actions import Action
from game.core.rng import Rng
from game.core.session import Session
from game.games.incognito.entries import ENTRIES as INCOGNITO
from game.games.incognito.ui.board import make_board as incognito_board
from game.input.intents import InputEvent, Intent
from game.scenes.peek import LOOK_AWAY_TICKS
from game.scenes.ring import RingOption, RingPicker, RingQuestion
from game.settings import Settings
from tests.fakes import RecordingAudio

QUESTION = RingQuestion("?", tuple(RingOption(f"Option {i + 1}") for i in range(8)))


def press(ctx, seat, intent):
    device = ctx.seats[seat].device
    ctx.stack.handle(seat, InputEvent(device, intent, True))
    ctx.stack.handle(seat, InputEvent(device, intent, False))


def vote(ctx, seat, steps):
    for _ in range(steps):
        press(ctx, seat, Intent.RIGHT)
    press(ctx, seat, Intent.CONFIRM)


def settle(ctx, ticks=40):
    for _ in range(ticks):
        ctx.stack.fixed_update(1 / 60)


def peek_at(ctx, seat, steps):
    """Move ``seat``'s pointer ``steps`` options round and return the canvas while it
    holds PEEK (then let go): what the blind canvases hide must show here."""
    for _ in range(steps):
        press(ctx, seat, Intent.RIGHT)
    device = ctx.seats[seat].device
    ctx.stack.handle(seat, InputEvent(device, Intent.PEEK, True))
    settle(ctx, LOOK_AWAY_TICKS)  # the curtain names the seat first
    peeked = canvas(ctx)
    ctx.stack.handle(seat, InputEvent(device, Intent.PEEK, False))
    return peeked


def canvas(ctx):
    surface = ctx.kit.canvas()
    ctx.kit.background(surface)
    ctx.stack.draw(surface, 1.0)
    return pygame.image.tobytes(surface, "RGB")


# --- the generic ring ----------------------------------------------------------------------
def generic_ring(ctx, on_back=True):
    votes = {seat: [] for seat in range(len(ctx.seats))}

    def back(seat):
        return bool(votes[seat]) and votes[seat].pop() is not None

    picker = RingPicker(ctx, list(votes), lambda s: QUESTION if len(votes[s]) < 2 else None,
                        lambda s, i: votes[s].append(i), progress=lambda s: (len(votes[s]), 2),
                        on_back=back if on_back else None)
    ctx.stack.push(picker)
    return picker, votes


def test_ring_take_back_reopens_the_question_and_the_ring_stays_open():
    ctx = build_context(headless=True, settings=Settings(), seats=3)
    ctx.audio = audio = RecordingAudio()
    picker, votes = generic_ring(ctx)
    vote(ctx, 0, 2)
    vote(ctx, 0, 3)
    assert votes[0] == [2, 3] and picker.question(0) is None
    press(ctx, 0, Intent.BACK)
    assert votes[0] == [2] and picker.question(0) is QUESTION and audio.played[-1] == "back"
    press(ctx, 0, Intent.BACK)
    press(ctx, 0, Intent.BACK)  # nothing left to take back
    assert votes[0] == [] and audio.played[-2:] == ["back", "buzz"]
    for seat in range(3):  # everyone done: a ring with take-backs waits for its board
        vote(ctx, seat, 1)
        vote(ctx, seat, 2)
    settle(ctx, 2)
    assert picker.stack is not None and not picker.pending()


def test_ring_canvas_after_a_take_back_is_the_same_whichever_vote_it_was():
    images, sounds, peeked = [], [], []
    for option in (1, 6):
        ctx = build_context(headless=True, settings=Settings(), seats=3)
        ctx.audio = audio = RecordingAudio()
        _, votes = generic_ring(ctx)
        vote(ctx, 0, 4)
        peeked.append(peek_at(ctx, 0, option))
        press(ctx, 0, Intent.CONFIRM)
        press(ctx, 0, Intent.BACK)
        settle(ctx)
        assert votes[0] == [4]
        images.append(canvas(ctx))
        sounds.append(list(audio.played))
    assert images[0] == images[1] and sounds[0] == sounds[1]
    assert peeked[0] != peeked[1]      # positive control: in the peek the two votes differ


def test_the_take_back_hint_shows_only_with_on_back():
    shots = []
    for on_back in (False, True):
        ctx = build_context(headless=True, settings=Settings(), seats=3)
        generic_ring(ctx, on_back)
        shots.append(canvas(ctx))
    assert shots[0] != shots[1]


# --- Secret Identity (competitive) ---------------------------------------------------------
def si_vote_board(seed=3):
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=3)
    entry = ctx.games["secret_identity"]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(3), seed)
    board = entry.scenes().make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    bots = {s: entry.make_bot(catalogue, s, Rng(s)) for s in range(3)}
    while session.view(None).public.phase != "vote":
        seat = min(session.current())
        assert board.submit(bots[seat].act(session.view(seat), session.legal(seat))) is None
    settle(ctx, 3)
    assert isinstance(ctx.stack.top, RingPicker)
    return ctx, board


def test_si_vote_take_back_and_vote_again():
    ctx, board = si_vote_board()
    vote(ctx, 0, 2)                     # opponent 1: number 3
    vote(ctx, 0, 4)                     # opponent 2: number 5
    assert board.session.state.votes.rows[0][1:] == (3, 5)
    press(ctx, 0, Intent.BACK)
    assert board.session.state.votes.rows[0][1:] == (3, None)
    assert board.public.phase == "vote" and board.section.picker.question(0) is not None
    vote(ctx, 0, 6)                     # opponent 2 again: number 7
    assert board.session.state.votes.rows[0][1:] == (3, 7)


def take_back_observed(make_board, steps):
    """Vote twice (the second vote ``steps`` options round), take the last vote back:
    what the TV shows, which sounds were asked for, and what it showed while the voter
    held PEEK before voting (the positive control: there the two votes differ)."""
    ctx, board = make_board()
    ctx.audio = audio = RecordingAudio()
    vote(ctx, 0, 0)
    peeked = peek_at(ctx, 0, steps)
    press(ctx, 0, Intent.CONFIRM)
    press(ctx, 0, Intent.BACK)
    settle(ctx)
    return board, canvas(ctx), audio.played, peeked


def test_si_take_back_shows_the_same_tv_whichever_vote():
    seen = [take_back_observed(si_vote_board, steps) for steps in (2, 6)]
    assert all(board.session.state.votes.rows[0][2] is None for board, *_ in seen)
    assert seen[0][1:3] == seen[1][1:3]
    assert seen[0][3] != seen[1][3]


# --- Incognito -----------------------------------------------------------------------------
def incognito_vote_board(seats=3, seed=5):
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=seats)
    entry = INCOGNITO[0]
    session = Session(entry.make_definition(ctx.catalogue.game("incognito")), entry.default_config(seats), seed)
    board = incognito_board(ctx, entry, session, {})
    ctx.stack.push(board)
    for seat in range(seats):
        board.submit(Action("done", seat))
    settle(ctx, 5)
    board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM, True))
    assert board.stage == "vote" and ctx.stack.top is board.ring
    return ctx, board


def test_incognito_vote_take_back_and_change():
    ctx, board = incognito_vote_board()
    vote(ctx, 0, 1)                     # drawing 1: tile 2
    vote(ctx, 0, 2)                     # drawing 2: tile 3
    assert board.session.state.numbers()[0] == [0, 2, 3] and board.ring.ask(0) is None
    assert board.ring.count(0) == (2, 2)
    press(ctx, 0, Intent.BACK)
    assert board.ring.count(0) == (1, 2) and board.ring.target(0) == 2
    vote(ctx, 0, 5)                     # drawing 2 again: tile 6
    assert board.session.state.numbers()[0] == [0, 2, 6] and board.ring.count(0) == (2, 2)
    press(ctx, 0, Intent.BACK)
    press(ctx, 0, Intent.BACK)          # both reopened: asked in seat order again
    assert board.ring.target(0) == 1
    vote(ctx, 0, 3)                     # drawing 1: tile 4
    vote(ctx, 0, 0)                     # drawing 2: tile 1
    assert board.session.state.numbers()[0] == [0, 4, 1]


def test_incognito_take_back_shows_the_same_tv_whichever_vote():
    seen = [take_back_observed(incognito_vote_board, steps) for steps in (1, 4)]
    assert seen[0][1:3] == seen[1][1:3]
    assert seen[0][3] != seen[1][3]
