"""Bots at the table take their time: a delay in fixed ticks drawn from the bot's own
``pace`` generator (never from what its secret made it draw), shown as a thinking
bubble on its seat."""

from game.input.intents import Intent
from game.scenes.bot_driver import BOT_DELAY_TICKS
from tests.test_mission_secrete_board import close_intro, make, press, tick


def swap_ticks(match_seed: int, count: int = 8) -> list[tuple[int, int]]:
    """(tick, seat) of the first ``count`` swaps at an all-bot Mission Secrète board
    with the table's delays; the bots are seeded the same whatever the deal."""
    ctx, board = make(humans=0, bots=3, seed=match_seed)
    board.bot_delay = BOT_DELAY_TICKS
    session = board.session
    swaps: list[tuple[int, int]] = []
    for _ in range(20000):
        tick(ctx)
        swaps = [(a.tick, a.seat) for a in session.log if a.kind == "swap"]
        if len(swaps) >= count or any(a.kind == "accuse" for a in session.log) or session.outcome():
            break
    return swaps[:count]


def test_how_long_a_bot_thinks_does_not_depend_on_its_secret():
    """Other deals (other characters and grids), the same bots: every swap comes on the
    same tick. Were delays drawn from the generator the bot decides with, what its
    secret made it draw would shift them."""
    first = swap_ticks(1)
    assert len(first) >= 4
    for seed in (2, 3, 4):
        other = swap_ticks(seed)
        shared = min(len(first), len(other))
        assert shared >= 4 and other[:shared] == first[:shared]
    gaps = {b[0] - a[0] for a, b in zip(first, first[1:])}
    assert len(gaps) > 1 and min(gaps) >= BOT_DELAY_TICKS[0]  # varied, and never on the same frame


def test_a_bot_thinks_on_its_seat_before_it_swaps():
    ctx, board = make(humans=1, bots=1)
    board.bot_delay = BOT_DELAY_TICKS
    close_intro(ctx)
    if board.public.turn == 0:  # the human swaps first: the centre card with the one above
        board.play.cursor = 12
        press(ctx, 0, Intent.CONFIRM)
        press(ctx, 0, Intent.UP)
    for _ in range(200):
        if board.thinking(1):
            break
        tick(ctx)
    assert board.public.turn == 1 and board.thinking(1)
    swaps = len(board.public.swaps)
    row = board.table.seats_panel()[1][1]
    bubble = (row.right - 52, row.bottom - 30 - 20 // 2 + 2)  # on the status line: the body, between the dots
    canvas = ctx.kit.canvas()
    ctx.stack.draw(canvas, 0.0)
    assert tuple(canvas.get_at(bubble))[:3] == ctx.kit.colours.text
    thought = 0
    while board.thinking(1):
        tick(ctx)
        thought += 1
    assert BOT_DELAY_TICKS[0] - 1 <= thought <= BOT_DELAY_TICKS[1]
    tick(ctx)
    assert len(board.public.swaps) == swaps + 1 or board.session.outcome() is not None
    ctx.stack.draw(canvas, 0.0)
    assert tuple(canvas.get_at(bubble))[:3] != ctx.kit.colours.text
