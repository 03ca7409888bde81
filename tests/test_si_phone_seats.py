"""Secret Identity boards with seats on phones (issue 17, item 5): a phone is its seat's
private screen, so the TV never opens a peek curtain or a vote ring for it and shows it
only by its public progress; pads and keyboards keep their curtains and ring as before.

Headless boards, no server: the phones' actions go through ``phone_submit`` (the door
the companion uses); tests/test_companion_si.py plays the same through the real server.
"""

import pygame
import pytest

from game.context import build_context
from game.core.rng import Rng
from game.core.session import Session
from game.input.intents import InputEvent, Intent
from game.scenes.peek import PeekCurtain
from game.scenes.ring import RingPicker
from game.seats import PHONE
from game.settings import Settings
from game.ui.caches import Layer


def table(*devices):
    """A context whose seats are played on ``devices``: "phone", "pad" or "bot"."""
    ctx = build_context(headless=True, lang="en", settings=Settings())
    for n, device in enumerate(devices):
        if device == "bot":
            ctx.seats.add_bot(f"Bot {n}")
        else:
            ctx.seats.join((PHONE, f"token{n}") if device == "phone" else ("pad", n), f"Player {n}")
    return ctx


def start(ctx, game_id, seed=3):
    entry = ctx.games[game_id]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), seed)
    bots = {s.index: entry.make_bot(catalogue, s.index, Rng.from_seed(f"b{s.index}")) for s in ctx.seats if s.bot}
    board = entry.scenes().make_board(ctx, entry, session, bots)
    board.bot_delay = (1, 2)
    ctx.stack.push(board)
    return board


def play_to(board, phase):
    """The people play as the game's bot (through ``phone_submit``), bots as bots, until ``phase``."""
    session = board.session
    people = [s.index for s in board.ctx.seats if not s.bot]
    minds = {s: board.entry.make_bot(board.catalogue, s, Rng(s)) for s in people}
    for _ in range(5000):
        if session.view(None).public.phase == phase:
            return
        acting = [s for s in people if s in session.current()]
        if acting:
            seat = acting[0]
            assert board.phone_submit(minds[seat].act(session.view(seat), session.legal(seat))) is None
        board.ctx.stack.fixed_update(1 / 60)
    raise AssertionError(f"no {phase}: still in {session.view(None).public.phase}")


def drawn(ctx):
    """The texts and the hint bar one draw of the whole stack shows (panels drawn afresh,
    the boards' kept layers painted whole: what a still board keeps is drawn too)."""
    texts, hints = [], []
    kit = ctx.kit
    for scene in ctx.stack:
        for value in vars(scene).values():
            if isinstance(value, Layer):
                value.surface = None
    real_text, real_panel, real_hints = kit.text, kit.filled_panel, kit.hint_bar
    kit.text = lambda text, *a, **k: (texts.append(text), real_text(text, *a, **k))[1]
    kit.filled_panel = lambda surface, rect, key, *a, **k: real_panel(surface, rect, None, *a, **k)
    kit.hint_bar = lambda surface, items, *a, **k: (hints.extend(items), real_hints(surface, items, *a, **k))[1]
    try:
        ctx.stack.draw(pygame.Surface((1920, 1080)), 1.0)
    finally:
        del kit.text, kit.filled_panel, kit.hint_bar
    return texts, hints


def press(ctx, seat, intent, pressed=True):
    ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed=pressed))


def scenes(ctx, kind):
    return [scene for scene in ctx.stack if isinstance(scene, kind)]


def test_phones_alone_build_and_vote_with_no_curtain_and_no_ring_on_the_tv():
    ctx = table("phone", "phone", "phone", "bot")
    board = start(ctx, "secret_identity")
    play_to(board, "clues")
    assert board.open_editor(0) is None and not scenes(ctx, PeekCurtain)  # a phone's secrets stay on it
    texts, hints = drawn(ctx)
    t = ctx.t
    assert t("si.phase.clues_phones") in texts and t("si.phase.clues_body") not in texts
    assert texts.count(t("si.status.building_phone")) == 3  # the bot's panel: building, as before
    assert not hints and not any(text == t("peek.hold_keys") for text in texts)
    mind = board.entry.make_bot(board.catalogue, 1, Rng(1))
    while not board.public.seats[1].confirmed:  # one phone gives its clue; the others still build
        assert board.phone_submit(mind.act(board.session.view(1), board.session.legal(1))) is None
    texts, _ = drawn(ctx)
    assert t("si.status.clue_ready") in texts and texts.count(t("si.status.building_phone")) == 2
    play_to(board, "vote")
    for _ in range(3):
        ctx.stack.fixed_update(1 / 60)
    assert not scenes(ctx, RingPicker) and ctx.stack.top is board  # phones vote on the phone
    texts, hints = drawn(ctx)
    assert t("si.status.voting_phone", n=0, total=3) in texts and not hints
    assert not any(text.startswith("Voting on Player") for text in texts)  # no order is assumed


def test_pads_keep_their_curtain_and_ring_beside_phones():
    ctx = table("pad", "phone", "pad", "phone")
    board = start(ctx, "secret_identity")
    play_to(board, "clues")
    press(ctx, 0, Intent.PEEK)
    curtain = ctx.stack.top
    assert isinstance(curtain, PeekCurtain) and curtain.seat == 0
    mind = board.entry.make_bot(board.catalogue, 1, Rng(1))
    # while pad 0 builds behind its curtain, phone 1 builds too: nothing waits for the curtain
    assert board.phone_submit(mind.act(board.session.view(1), board.session.legal(1))) is None
    assert board.session.view(None).public.seats[1].clue and ctx.stack.top is curtain
    press(ctx, 0, Intent.BACK)  # closed without a clue: the pad has yet to build
    assert not scenes(ctx, PeekCurtain)
    texts, hints = drawn(ctx)
    assert ctx.t("si.phase.clues_mixed") in texts and (Intent.PEEK, ctx.t("si.hint.build")) in hints
    assert ctx.t("si.status.building") in texts and ctx.t("si.status.building_phone") in texts
    play_to(board, "vote")
    ctx.stack.fixed_update(1 / 60)
    rings = scenes(ctx, RingPicker)
    assert len(rings) == 1 and rings[0].seats == [0, 2]  # the ring is for the pads only


def test_a_coop_clue_giver_on_a_phone_gets_no_curtain_and_the_tv_says_where_it_builds():
    ctx = table("phone", "pad", "phone")
    board = start(ctx, "secret_identity_coop")
    play_to(board, "clue")
    active = board.public.active
    name = ctx.seats[active].name
    assert ctx.seats[active].on_phone and board.open_editor(active) is None
    texts, hints = drawn(ctx)
    assert ctx.t("sc.phase.clue_phone", name=name) in texts and not hints
    assert not scenes(ctx, PeekCurtain)


@pytest.mark.parametrize("game_id", ["secret_identity", "secret_identity_coop"])
def test_a_reconnecting_phone_seat_is_still_a_phone_seat(game_id):
    ctx = table("phone", "pad", "pad")
    board = start(ctx, game_id)
    ctx.seats.disconnect((PHONE, "token0"))
    assert ctx.seats[0].reconnecting and board.on_phone(0) and board.at_the_tv() == [1, 2]
    assert board.open_editor(0) is None
