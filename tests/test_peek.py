"""Peek curtain: the secret is drawn only while its seat holds PEEK on its own device."""

import pygame
import pytest

from game.context import build_context
from game.input.intents import InputEvent, Intent
from game.scenes.base import Scene
from game.scenes.peek import LOOK_AWAY_TICKS, PeekCurtain
from game.settings import Settings


class Board(Scene):
    def __init__(self):
        super().__init__()
        self.events = []
        self.ticks = 0

    def handle(self, seat, event):
        self.events.append((seat, event.intent))
        return True

    def fixed_update(self, dt):
        self.ticks += 1


@pytest.fixture
def ctx():
    ctx = build_context(headless=True, settings=Settings(), seats=3)
    ctx.board = Board()
    ctx.stack.push(ctx.board)
    return ctx


def ev(ctx, seat, intent, pressed=True):
    return ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed))


def tick(ctx, ticks=1):
    for _ in range(ticks):
        ctx.stack.fixed_update(1 / 60)


def peek(ctx, seat):
    """Hold PEEK and wait out the look-away: the private view is on the TV."""
    ev(ctx, seat, Intent.PEEK)
    tick(ctx, LOOK_AWAY_TICKS)


def render(ctx):
    canvas = ctx.kit.canvas()
    ctx.stack.draw(canvas, 1.0)
    return pygame.image.tobytes(canvas, "RGB")


def test_private_view_only_while_its_seat_holds_peek(ctx):
    drawn = []
    curtain = PeekCurtain(ctx, 1, lambda surface, rect: drawn.append(rect.copy()))
    ctx.stack.push(curtain)
    render(ctx)
    assert drawn == []
    ev(ctx, 0, Intent.PEEK)   # another seat's PEEK shows nothing
    render(ctx)
    assert drawn == [] and not curtain.peeking
    peek(ctx, 1)
    render(ctx)
    assert len(drawn) == 1 and drawn[0].width >= 1400 and drawn[0].height >= 600  # large
    ev(ctx, 1, Intent.PEEK, pressed=False)
    render(ctx)
    assert len(drawn) == 1


def test_closed_curtain_looks_the_same_whatever_the_secret(ctx):
    def secret(colour):
        return lambda surface, rect: surface.fill(colour, rect)

    first = PeekCurtain(ctx, 1, secret((255, 0, 0)))
    ctx.stack.push(first)
    closed_red = render(ctx)
    ctx.stack.pop()
    ctx.stack.push(PeekCurtain(ctx, 1, secret((0, 255, 0))))
    assert render(ctx) == closed_red
    peek(ctx, 1)                       # positive control: open, the secrets differ
    open_green = render(ctx)
    ctx.stack.pop()
    ctx.stack.push(first)
    assert render(ctx) != open_green


def test_other_seats_are_swallowed_and_the_board_keeps_ticking(ctx):
    ctx.stack.push(PeekCurtain(ctx, 1, lambda s, r: None))
    assert ev(ctx, 0, Intent.CONFIRM) is True
    assert ev(ctx, 2, Intent.MENU) is True
    assert ctx.board.events == []
    ctx.stack.fixed_update(1 / 60)
    assert ctx.board.ticks == 1  # countdowns run while someone peeks


def test_private_input_goes_to_the_game_only_while_peeking(ctx):
    got = []
    curtain = PeekCurtain(ctx, 1, lambda s, r: None, handle_private=lambda e: got.append(e.intent) or True)
    ctx.stack.push(curtain)
    ev(ctx, 1, Intent.RIGHT)
    assert got == []
    ev(ctx, 1, Intent.PEEK)
    ev(ctx, 1, Intent.LEFT)            # the seat acts on what it sees: not before the view shows
    tick(ctx, LOOK_AWAY_TICKS)
    ev(ctx, 1, Intent.RIGHT)
    ev(ctx, 1, Intent.CONFIRM)
    assert got == [Intent.RIGHT, Intent.CONFIRM]


def test_back_closes_and_calls_on_close(ctx):
    closed = []
    curtain = PeekCurtain(ctx, 1, lambda s, r: None, on_close=lambda: closed.append(True))
    ctx.stack.push(curtain)
    ev(ctx, 0, Intent.BACK)  # not theirs to close
    assert ctx.stack.top is curtain
    ev(ctx, 1, Intent.BACK)
    assert ctx.stack.top is ctx.board and closed == [True]


def test_unknown_seat_is_refused(ctx):
    with pytest.raises(ValueError):
        PeekCurtain(ctx, 5, lambda s, r: None)


def test_an_unplugged_pad_stops_the_peek(ctx):
    drawn = []
    curtain = PeekCurtain(ctx, 1, lambda surface, rect: drawn.append(1))
    ctx.stack.push(curtain)
    peek(ctx, 1)
    ctx.seats.disconnect(ctx.seats[1].device)
    render(ctx)
    ctx.stack.fixed_update(1 / 60)
    assert drawn == [] and not curtain.peeking


def _record_text(ctx):
    """Every text the kit blits from now on, with the rect it took."""
    drawn, blit_text = [], ctx.kit.blit_text

    def recording(surface, text, *args, **kwargs):
        rect = blit_text(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    ctx.kit.blit_text = recording
    return drawn


def test_the_open_banner_keeps_the_name_the_title_and_the_hint_apart(ctx):
    """A long name and Mission Secrète's long intro title (issue 14: the title once ran
    over the name and the "let go" hint): each keeps its own part of the banner."""
    ctx.seats.rename(1, "Marie-Antoinette")
    title = ctx.t("ms.peek.intro")
    curtain = PeekCurtain(ctx, 1, lambda surface, rect: None, title=title)
    ctx.stack.push(curtain)
    peek(ctx, 1)
    drawn = _record_text(ctx)
    render(ctx)
    rects = {text: rect for text, rect in drawn}
    name, heading, hint = rects["Marie-Antoinette"], rects[title], rects[ctx.t("peek.release")]
    assert not name.colliderect(heading) and not heading.colliderect(hint), (name, heading, hint)


# --- SS-2's order: named first, then the secret (issue 25, item 13) ------------------------
def _secret(colour):
    return lambda surface, rect: surface.fill(colour, rect)


def _frames(ctx, ticks):
    frames = [render(ctx)]
    for _ in range(ticks):
        tick(ctx)
        frames.append(render(ctx))
    return frames


def test_each_press_names_the_seat_before_the_private_view_shows():
    """The private panel once appeared the very frame PEEK was pressed. Now the closed
    face (the seat's name, "look away") stays LOOK_AWAY_TICKS after each press, the same
    whatever the secret, with an arc filling round the badge; a quicker press shows nothing."""
    runs = []
    for colour in ((255, 0, 0), (0, 255, 0)):
        ctx = build_context(headless=True, settings=Settings(), seats=3)
        ctx.stack.push(Board())
        curtain = PeekCurtain(ctx, 1, _secret(colour))
        ctx.stack.push(curtain)
        tick(ctx, 40)                        # the closed face has been up a while
        ev(ctx, 1, Intent.PEEK)
        assert curtain.look_away_for(1) and not curtain.private_for(1)
        frames = _frames(ctx, LOOK_AWAY_TICKS)
        assert curtain.private_for(1) and not curtain.look_away_for(1)
        ev(ctx, 1, Intent.PEEK, pressed=False)
        ev(ctx, 1, Intent.PEEK)              # a second press is named again
        frames += _frames(ctx, LOOK_AWAY_TICKS - 2)
        ev(ctx, 1, Intent.PEEK, pressed=False)
        frames += _frames(ctx, 4)
        runs.append(frames)
    first, second = runs
    assert first[:LOOK_AWAY_TICKS] == second[:LOOK_AWAY_TICKS]
    assert first[LOOK_AWAY_TICKS] != second[LOOK_AWAY_TICKS]  # positive control: then it shows
    assert first[LOOK_AWAY_TICKS + 1:] == second[LOOK_AWAY_TICKS + 1:]


class HeldPeek:
    """An input hub whose devices all hold PEEK (the press that opened the curtain)."""

    def held(self, device):
        return frozenset({Intent.PEEK})


def test_a_curtain_opened_by_a_held_peek_names_the_seat_first(ctx):
    """The clue editor and Mission Secrète's peek open on the seat's PEEK press: that
    press counts, but the private view still waits for the look-away."""
    drawn = []
    ctx.input = HeldPeek()
    curtain = PeekCurtain(ctx, 1, lambda surface, rect: drawn.append(1), close_on_release=True)
    ctx.stack.push(curtain)
    assert curtain.peeking and not curtain.showing
    for _ in range(LOOK_AWAY_TICKS):
        render(ctx)
        tick(ctx)
    assert drawn == []
    render(ctx)
    assert drawn == [1] and curtain.private_for(1)
