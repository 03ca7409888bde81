"""Bots at the table take their time: a delay in fixed ticks drawn from the bot's own
``pace`` generator (never from what its secret made it draw), shown as a thinking
bubble on its seat."""

from game.app import after_frame
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


def table_moves(match_seed: int, between: bool, count: int = 8) -> list[tuple[int, int | None, str, tuple]]:
    """(tick, seat, kind, data) of the first ``count`` swaps or accusations at an
    all-bot Mission Secrète board with the table's delays, a frame drawn after each
    fixed tick; with ``between``, the app's time after each frame too (``after_frame``)."""
    ctx, board = make(humans=0, bots=3, seed=match_seed)
    board.bot_delay = BOT_DELAY_TICKS
    canvas = ctx.kit.canvas()
    session = board.session
    moves: list[tuple[int, int | None, str, tuple]] = []
    for _ in range(20000):
        tick(ctx)
        ctx.stack.draw(canvas, 1.0)
        if between:
            after_frame(ctx, canvas)
        moves = [(a.tick, a.seat, a.kind, tuple(sorted(a.data.items()))) for a in session.log
                 if a.kind in ("swap", "accuse")]
        if len(moves) >= count or session.outcome() is not None:
            break
    return moves[:count]


def test_a_move_due_on_the_next_tick_is_made_between_frames():
    """Issue 32 item 2: a bot whose delay ends on the next tick moves in the idle time
    after a frame (``MatchDriver.act_early``: the bots' step of that tick taken early),
    not in the next frame: the same moves at the same moments, each action bearing the
    tick before the one it would have borne."""
    for seed in (1, 2):
        in_frames, between = table_moves(seed, False), table_moves(seed, True)
        assert len(between) == len(in_frames) >= 6
        assert [(tick + 1, *move) for tick, *move in between] == in_frames


def test_the_frame_after_a_move_between_frames_was_drawn_ahead():
    """The frame after a move made between frames was drawn once in that idle time
    (``SceneStack.between_frames``): its still layer (two cards, the banner, two rows)
    is painted then, and the frame that shows the move paints nothing."""
    ctx, board = make(humans=0, bots=3, seed=4)
    board.bot_delay = BOT_DELAY_TICKS
    canvas = ctx.kit.canvas()
    still = board.table.still
    shown = 0
    for _ in range(3000):
        tick(ctx)
        ctx.stack.draw(canvas, 1.0)
        moves = len(board.session.log)
        after_frame(ctx, canvas)
        if len(board.session.log) > moves and board.swap is not None:
            painted = still.paints + still.repaints
            assert painted > 0
            tick(ctx)
            ctx.stack.draw(canvas, 1.0)
            assert still.paints + still.repaints == painted
            shown += 1
            if shown == 5:
                break
    assert shown == 5


def test_no_move_is_made_between_frames_under_a_pause():
    """A board that gets no updates (the pause over it) makes no move between frames
    either: ``between_frames`` reaches the running scenes only."""
    from game.scenes.base import Scene

    ctx, board = make(humans=0, bots=3, seed=2)
    board.bot_delay = BOT_DELAY_TICKS
    canvas = ctx.kit.canvas()
    while 1 not in board.driver._wait.values():  # a move due on the next tick
        tick(ctx)
    ctx.stack.push(Scene())
    before = list(board.session.log)
    for _ in range(5):
        after_frame(ctx, canvas)
    assert board.session.log == before
    ctx.stack.pop()
    after_frame(ctx, canvas)
    assert len(board.session.log) > len(before)


def test_a_move_the_last_frame_did_not_show_has_the_next_frame_drawn_ahead_once(monkeypatch):
    """A move made after the frame was drawn (a phone's act served in the idle time:
    ``serve_phones_until``) has the next frame drawn ahead, once; with no move, none is."""
    ctx, board = make(humans=0, bots=3, seed=3)
    board.bot_delay = (10_000, 10_000)  # the bots hold still
    canvas = ctx.kit.canvas()
    drawn = []
    real_draw = type(ctx.stack).draw
    monkeypatch.setattr(type(ctx.stack), "draw", lambda stack, surface, alpha, kept=False: (
        drawn.append(alpha), real_draw(stack, surface, alpha, kept)))
    tick(ctx)
    ctx.stack.update(1 / 60)  # the frame about to be drawn shows the match as it is
    after_frame(ctx, canvas)
    assert drawn == []
    seat = board.public.turn
    assert board.submit(board.session.legal(seat)[0]) is None  # as a phone's act does
    after_frame(ctx, canvas)
    after_frame(ctx, canvas)
    assert drawn == [1.0]
