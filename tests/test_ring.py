"""Ring picker: blind on the TV, pointers seen only while peeking, refusals reveal nothing."""

import pygame
import pytest

from game.context import build_context
from game.input.intents import InputEvent, Intent
from game.scenes.peek import LOOK_AWAY_TICKS
from game.scenes.ring import RingOption, RingPicker, RingQuestion, sector
from game.settings import Settings

OPTIONS = tuple(RingOption(f"Option {i + 1}", icon) for i, icon in
                enumerate(("1F451", "1F3AD", "1F575", "1F47B", "1F916", "1F431", "1F989", "1F47D")))
QUESTION = RingQuestion("Qui est le traître ?", OPTIONS)


@pytest.fixture
def ctx():
    return build_context(headless=True, settings=Settings(), seats=4)


def make_picker(ctx, refuse=(), rounds=1):
    """Every seat answers ``rounds`` questions; options in ``refuse`` are refused."""
    chosen = {seat: [] for seat in range(len(ctx.seats))}

    def question(seat):
        return QUESTION if len(chosen[seat]) < rounds else None

    def on_choose(seat, index):
        if index in refuse:
            return "ring.refused.used"
        chosen[seat].append(index)
        return None

    done = []
    picker = RingPicker(ctx, list(chosen), question, on_choose, on_done=lambda: done.append(True),
                        progress=lambda seat: (len(chosen[seat]), rounds))
    ctx.stack.push(picker)
    return picker, chosen, done


def ev(ctx, seat, intent, pressed=True, **kw):
    return ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed, **kw))


def point(ctx, seat, index, n=8):
    ev(ctx, seat, Intent.STICK, angle=index * 360.0 / n + 5, magnitude=1.0)


def tick(ctx, ticks=1):
    for _ in range(ticks):
        ctx.stack.fixed_update(1 / 60)


def peek(ctx, seat):
    """Hold PEEK and wait out the look-away: the seat's pointer is on the TV."""
    ev(ctx, seat, Intent.PEEK)
    tick(ctx, LOOK_AWAY_TICKS)


def render(ctx):
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    return pygame.image.tobytes(canvas, "RGB")


def test_sectors_are_numbered_clockwise_from_the_top():
    assert sector(0, 8) == 0 and sector(359, 8) == 0 and sector(22, 8) == 0
    assert sector(23, 8) == 1 and sector(90, 8) == 2 and sector(180, 4) == 2 and sector(270, 4) == 3


def test_where_a_seat_points_never_shows_on_the_tv(ctx):
    picker, _, _ = make_picker(ctx)
    point(ctx, 0, 3)
    assert picker.pointer[0] == 3
    at_three = render(ctx)
    point(ctx, 0, 6)
    assert picker.pointer[0] == 6
    assert render(ctx) == at_three
    peek(ctx, 0)                       # positive control: inside the peek the pointer shows
    at_six = render(ctx)
    point(ctx, 0, 3)
    assert render(ctx) != at_six


def test_what_a_seat_chose_never_shows_on_the_tv():
    images, peeked = [], []
    for option in (2, 5):
        ctx = build_context(headless=True, settings=Settings(), seats=4)
        picker, chosen, _ = make_picker(ctx, rounds=2)
        point(ctx, 0, option)
        peek(ctx, 0)                   # positive control: in the peek the choices differ
        peeked.append(render(ctx))
        ev(ctx, 0, Intent.PEEK, pressed=False)
        ev(ctx, 0, Intent.CONFIRM)
        assert chosen[0] == [option]
        for _ in range(30):  # let the confirm animation settle
            ctx.stack.fixed_update(1 / 60)
        images.append(render(ctx))
    assert images[0] == images[1]
    assert peeked[0] != peeked[1]


def test_the_peeking_seat_sees_its_pointer(ctx):
    picker, _, _ = make_picker(ctx)
    point(ctx, 1, 3)
    peek(ctx, 1)
    assert picker.peeker == 1
    at_three = render(ctx)
    point(ctx, 1, 6)
    assert render(ctx) != at_three
    ev(ctx, 1, Intent.PEEK, pressed=False)
    assert picker.peeker is None


def test_one_peeker_at_a_time_the_others_queue(ctx):
    picker, _, _ = make_picker(ctx)
    ev(ctx, 2, Intent.PEEK)
    ev(ctx, 0, Intent.PEEK)
    tick(ctx, LOOK_AWAY_TICKS)
    assert picker.peeker == 2
    ev(ctx, 2, Intent.PEEK, pressed=False)
    # the next in the queue is named before its pointer shows, as a fresh press would be
    assert picker.peeker is None and picker.look_away_for(0) and not picker.private_for(0)
    tick(ctx, LOOK_AWAY_TICKS)
    assert picker.peeker == 0 and picker.private_for(0)


def test_dpad_steps_round_the_ring(ctx):
    picker, _, _ = make_picker(ctx)
    ev(ctx, 0, Intent.LEFT)
    assert picker.pointer[0] == 7
    ev(ctx, 0, Intent.RIGHT)
    ev(ctx, 0, Intent.DOWN)
    assert picker.pointer[0] == 1
    ev(ctx, 0, Intent.STICK, angle=200.0, magnitude=0.2)  # a light push is ignored
    assert picker.pointer[0] == 1


def test_a_refusal_buzzes_and_the_screen_does_not_say_which_option():
    images, peeked = [], []
    for option in (3, 6):
        ctx = build_context(headless=True, settings=Settings(), seats=4)
        picker, chosen, _ = make_picker(ctx, refuse={3, 6})
        point(ctx, 0, option)
        ev(ctx, 0, Intent.CONFIRM)
        assert chosen[0] == [] and picker.refusal == (0, "ring.refused.used")
        assert ctx.audio.history[-1] == "buzz"
        images.append(render(ctx))
        peek(ctx, 0)
        peeked.append(render(ctx))
    assert images[0] == images[1]
    assert peeked[0] != peeked[1]      # positive control: the two seats did differ


def test_everyone_done_closes_the_picker_and_calls_on_done(ctx):
    picker, chosen, done = make_picker(ctx)
    for seat in range(4):
        point(ctx, seat, seat)
        ev(ctx, seat, Intent.CONFIRM)
    assert chosen == {0: [0], 1: [1], 2: [2], 3: [3]}
    assert done == [True] and picker not in list(ctx.stack)
    assert list(ctx.audio.history).count("vote") == 4


def test_seats_not_choosing_and_menu_fall_through(ctx):
    chosen = []
    picker = RingPicker(ctx, [0, 1], lambda s: QUESTION, lambda s, i: chosen.append((s, i)))
    ctx.stack.push(picker)
    assert ev(ctx, 2, Intent.CONFIRM) is False
    assert ev(ctx, 0, Intent.MENU) is False
    assert ev(ctx, 0, Intent.CONFIRM) is True and chosen == [(0, 0)]


def test_ring_needs_two_to_eight_options():
    with pytest.raises(ValueError):
        RingQuestion("?", OPTIONS[:1])
    with pytest.raises(ValueError):
        RingQuestion("?", OPTIONS + OPTIONS[:1])


def test_an_unplugged_pad_stops_showing_its_pointer(ctx):
    picker, _, _ = make_picker(ctx)
    peek(ctx, 1)
    assert picker.peeker == 1
    ctx.seats.disconnect(ctx.seats[1].device)
    assert picker.peeker is None


def test_a_done_seat_card_has_a_rim_no_seat_could_be_taken_for(ctx):
    """Issue 14: a done card turned green, which read as the mint seat; now a neutral rim
    (and a check mark by its count)."""
    from game.ui.kit import SEAT_STYLES

    picker, chosen, done = make_picker(ctx, rounds=1)
    point(ctx, 0, 2)
    ev(ctx, 0, Intent.CONFIRM)
    assert chosen[0] == [2]
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    rims = {}
    for seat, (x, y) in picker._seat_slots():
        top = y - 112 // 2  # the card is at least 112 high, centred on its slot
        rims[seat] = tuple(canvas.get_at((x, top + 1)))[:3]
    far = lambda a, b: sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5 >= 80  # noqa: E731
    assert all(far(rims[0], style.colour) for style in SEAT_STYLES), rims[0]
    assert rims[1] == ctx.kit.seat_style(ctx.seats[1].style).colour  # still choosing: its own colour


@pytest.mark.parametrize("area", [0.05, 0.10])
def test_the_ring_fits_between_the_prompt_and_the_hint_bar_in_either_safe_area(area):
    """Issue 14: at 10 % the fixed ring's bottom slot met the hint bar. At 5 % the ring is
    the circle it always was; at 10 % the top and bottom slots come in, the others stay."""
    from game.ui.kit import ring_positions

    ctx = build_context(headless=True, settings=Settings(safe_area=area), seats=4)
    picker, _, _ = make_picker(ctx)
    rects = picker.slot_rects(QUESTION)
    safe = ctx.kit.safe_rect
    bar = ctx.kit.hint_bar(ctx.kit.canvas(), [(Intent.CONFIRM, "Choose")])
    assert max(rect.bottom for rect in rects) < bar.top
    assert min(rect.top for rect in rects) >= safe.y + 113  # the prompt's room
    circle = ring_positions(8, (960, 562), 320)
    if area == 0.05:
        assert [rect.center for rect in rects] == circle
        assert picker.hub_radius(QUESTION) == 196
    else:
        assert [rect.center for rect in rects][1:4] == circle[1:4] and rects[0].centery > circle[0][1]
        assert picker.hub_radius(QUESTION) < rects[4].top - 562  # the hub stays between the slots
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


# --- SS-2's order: the curtain names the seat before its pointer shows (issue 25, item 13)
def _peek_frames(aim, ticks, let_go_at=None):
    """The canvases from the frame PEEK is pressed to ``ticks`` fixed ticks later, seat 1
    aiming at ``aim`` (released after ``let_go_at`` ticks, if given), and the texts drawn
    on the first of them."""
    ctx = build_context(headless=True, settings=Settings(), seats=4)
    picker, _, _ = make_picker(ctx)
    point(ctx, 1, aim)
    ev(ctx, 1, Intent.PEEK)
    texts, text = [], ctx.kit.text
    ctx.kit.text = lambda words, *args, **kwargs: texts.append(words) or text(words, *args, **kwargs)
    frames = [render(ctx)]
    ctx.kit.text = text
    for t in range(1, ticks + 1):
        if t == let_go_at:
            ev(ctx, 1, Intent.PEEK, pressed=False)
        tick(ctx)
        frames.append(render(ctx))
    return frames, texts, picker


def test_holding_peek_names_the_seat_and_asks_the_room_to_look_away_before_the_pointer_shows():
    """Issue 25, item 13: the target showed on the very frame Y was pressed. Now for
    LOOK_AWAY_TICKS the TV shows the curtain naming the seat (the same whatever it aims
    at), and only then its pointer."""
    three, texts, picker = _peek_frames(3, LOOK_AWAY_TICKS)
    six, _, _ = _peek_frames(6, LOOK_AWAY_TICKS)
    ctx = picker.ctx
    assert ctx.t("peek.only", name=ctx.seats[1].name) in texts and ctx.t("peek.look_away") in texts
    assert three[:LOOK_AWAY_TICKS] == six[:LOOK_AWAY_TICKS]
    assert three[LOOK_AWAY_TICKS] != six[LOOK_AWAY_TICKS]  # positive control: then the pointers show
    assert picker.private_for(1) and not picker.look_away_for(1)


def test_a_press_let_go_before_the_look_away_ends_shows_nothing():
    three, _, picker = _peek_frames(3, LOOK_AWAY_TICKS + 10, let_go_at=LOOK_AWAY_TICKS - 1)
    six, _, _ = _peek_frames(6, LOOK_AWAY_TICKS + 10, let_go_at=LOOK_AWAY_TICKS - 1)
    assert three == six and picker.peeker is None and not picker.look_away_for(1)


def test_letting_go_hides_the_pointer_on_the_very_next_frame():
    three, _, _ = _peek_frames(3, LOOK_AWAY_TICKS + 1, let_go_at=LOOK_AWAY_TICKS + 1)
    six, _, _ = _peek_frames(6, LOOK_AWAY_TICKS + 1, let_go_at=LOOK_AWAY_TICKS + 1)
    assert three[LOOK_AWAY_TICKS] != six[LOOK_AWAY_TICKS] and three[-1] == six[-1]


def test_a_ring_said_aloud_names_nobody_first(ctx):
    """Mission Secrète's accusation is public (MS-6): its pointer shows at once."""
    class Aloud(RingPicker):
        aloud = True

    picker = Aloud(ctx, [0], lambda s: QUESTION, lambda s, i: None)
    ctx.stack.push(picker)
    assert picker.peeker == 0 and not picker.private_for(0) and not picker.look_away_for(0)
