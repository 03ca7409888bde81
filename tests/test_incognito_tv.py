"""What the TV shows of Incognito's drawings (issue 25 items 12 and 14, IN-2a): played
twice with the same seed and the same inputs except what one seat draws, the TV's
frames are the same at every tick of the drawing, except while that seat's own drawing
curtain is open; and a mixed table (two pads, a keyboard side, a phone, a bot) draws to
the line-up, the seats at the TV one at a time behind their curtain, the phone and the
bot at once."""

from __future__ import annotations

import zlib

import pygame
import pytest

from game.context import build_context
from game.core.actions import Action
from game.core.rng import Rng
from game.core.session import Session
from game.games.incognito.entries import ENTRIES
from game.games.incognito.rules.drawing import BRUSH_WIDTHS, make_stroke
from game.games.incognito.ui.board import make_board
from game.games.incognito.ui.turn_curtain import DrawingCurtain
from game.input.intents import InputEvent, Intent
from game.scenes.menus.matches import match_config
from game.settings import Settings

ENTRY = ENTRIES[0]
#: Stick pushes (angle, ticks) with CONFIRM held: each stroke comes back where it started,
#: so the turn ends with the cursor where the other run's is.
SQUIGGLES = [[(90, 12), (270, 12)], [(180, 10), (0, 10)]]
LOOPS = [[(0, 12), (180, 12)], [(270, 10), (90, 10)]]


def press(intent, pressed=True, **more):
    return intent, pressed, more


def pad_turn(strokes):
    """One turn at the TV, tick by tick (the inputs of each tick): open the curtain, draw
    ``strokes``, push the stick into the corner where "done" is (the cursor stops
    there, wherever it was) and hold CONFIRM on it."""
    ticks = [[press(Intent.CONFIRM)], [press(Intent.CONFIRM, False)]]
    for stroke in strokes:
        ticks.append([press(Intent.CONFIRM)])
        for angle, count in stroke:
            ticks += [[press(Intent.STICK, angle=float(angle), magnitude=0.8)]] + [[]] * (count - 1)
            ticks.append([press(Intent.STICK, False, angle=0.0, magnitude=0.0)])
        ticks.append([press(Intent.CONFIRM, False)])
    ticks += [[press(Intent.STICK, angle=135.0, magnitude=1.0)]] + [[]] * 60
    ticks.append([press(Intent.STICK, False, angle=0.0, magnitude=0.0)])
    ticks += [[press(Intent.CONFIRM)]] + [[]] * 62 + [[press(Intent.CONFIRM, False)]]
    return ticks


class Table:
    """A board at the TV with seats ``kinds`` ("t": at the TV, "p": a phone, "b": a bot),
    its config made by the lobby's ``match_config`` (the seats at the TV draw in turns)."""

    def __init__(self, kinds: str, seed: int = 5):
        self.ctx = ctx = build_context(headless=True, lang="en", settings=Settings(), seats=0)
        for seat, kind in enumerate(kinds):
            if kind == "b":
                ctx.seats.add_bot(f"Bot {seat}")
            else:
                ctx.seats.join({"t": ("pad", 100 + seat), "k": ("kb", "right"), "p": ("phone", f"t{seat}")}[kind],
                               f"Seat {seat}")
        cat = ctx.catalogue.game("incognito")
        self.session = Session(ENTRY.make_definition(cat), match_config(ctx, ENTRY), seed)
        bots = {s: ENTRY.make_bot(cat, s, Rng.from_seed(f"b{s}")) for s, kind in enumerate(kinds) if kind == "b"}
        self.board = make_board(ctx, ENTRY, self.session, bots)
        self.board.bot_delay = (20, 40)
        ctx.stack.push(self.board)
        self.canvas = ctx.kit.canvas()
        #: Per seat at the TV, the inputs of its turn still to send, tick by tick.
        self.turns: dict[int, list] = {}
        #: The phone's actions, by the tick they are sent on.
        self.phone: dict[int, list[Action]] = {}
        self.ticks = 0
        self.curtains: list[int] = []

    def open_for(self, seat: int) -> bool:
        """``seat``'s drawing curtain is open: found on the scene stack."""
        return any(isinstance(scene, DrawingCurtain) and scene.seat == seat and scene.is_open for scene in self.ctx.stack)

    def tick(self) -> None:
        curtain = self.ctx.stack.top
        if isinstance(curtain, DrawingCurtain):
            if not self.curtains or self.curtains[-1] != curtain.seat:
                self.curtains.append(curtain.seat)
            device = self.ctx.seats[curtain.seat].device
            for intent, pressed, more in (self.turns[curtain.seat].pop(0) if self.turns[curtain.seat] else []):
                self.ctx.stack.handle(curtain.seat, InputEvent(device, intent, pressed, **more))
        for action in self.phone.pop(self.ticks, []):
            assert self.board.phone_submit(action) is None
        self.ctx.stack.fixed_update(1 / 60)
        self.ticks += 1

    def frame(self) -> int:
        """The TV's frame now, as a checksum of its pixels."""
        self.ctx.stack.draw(self.canvas, 1.0)
        return zlib.crc32(self.canvas.get_buffer())

    def drawing_frames(self, watched: int, limit: int = 4000) -> list[tuple[int, bool]]:
        """Every tick of the drawing phase (the deal hurried by seat 1's CONFIRM): the
        TV's frame, and whether ``watched``'s curtain is open."""
        hurry = self.ctx.seats[1].device
        self.ctx.stack.handle(1, InputEvent(hurry, Intent.CONFIRM, True))
        self.ctx.stack.handle(1, InputEvent(hurry, Intent.CONFIRM, False))
        frames = []
        for _ in range(limit):
            self.tick()
            if self.board.public.phase != "draw":
                return frames
            frames.append((self.frame(), self.open_for(watched)))
        raise AssertionError(f"the drawing still runs after {limit} ticks")


def phone_strokes(seat: int, shift: int = 0) -> list[Action]:
    """Two strokes of a phone's drawing (``shift`` moves them)."""
    return [Action("stroke", seat, {"stroke": make_stroke("pen", colour, BRUSH_WIDTHS[k], [(100 + shift, 100 + 40 * k),
                                                                                             (300, 200 + shift)])})
            for k, colour in enumerate(("red", "blue"))]


def test_the_tv_shows_a_pad_seat_s_drawing_only_behind_its_own_open_curtain():
    """Seat 0 draws squiggles in one run, loops in the other (as many strokes); seat 1
    draws after it, the bot meanwhile, alike in both runs."""
    runs = []
    for strokes in (SQUIGGLES, LOOPS):
        table = Table("ttb")
        table.turns = {0: pad_turn(strokes), 1: pad_turn(LOOPS[1:])}
        runs.append((table.drawing_frames(watched=0), table))
    (first, a), (second, b) = runs
    assert a.curtains == b.curtains == [0, 1] and a.session.state.phase == "vote"
    assert [len(s) for s in a.session.state.strokes[:2]] == [len(s) for s in b.session.state.strokes[:2]] == [2, 1]
    assert a.session.state.strokes[0] != b.session.state.strokes[0] and a.session.state.strokes[1:] == b.session.state.strokes[1:]
    assert len(first) == len(second) and [o for _, o in first] == [o for _, o in second]
    differ = [tick for tick, ((one, opened), (two, _)) in enumerate(zip(first, second)) if one != two]
    opened = [tick for tick, (_, o) in enumerate(first) if o]
    assert differ and set(differ) <= set(opened), f"the TV differs outside seat 0's curtain at {sorted(set(differ) - set(opened))[:5]}"
    assert len(first) - len(opened) > 150  # frames compared outside the curtain: the deal, seat 1's turn


def test_the_tv_shows_nothing_of_a_phone_s_drawing():
    """The phone draws (through the board's ``phone_submit``) while the two seats at the
    TV take their turns: every frame of the drawing is the same whatever it draws."""
    runs = []
    for shift in (0, 60):
        table = Table("ptb")
        table.turns = {1: pad_turn(SQUIGGLES)}
        strokes = phone_strokes(0, shift)
        table.phone = {40: strokes[:1], 90: strokes[1:], 130: [Action("done", 0)]}
        runs.append((table.drawing_frames(watched=0), table))
    (first, a), (second, b) = runs
    assert a.curtains == b.curtains == [1] and not any(o for _, o in first)  # no curtain for the phone
    assert a.session.state.strokes[0] != b.session.state.strokes[0] and a.session.state.phase == "vote"
    assert [frame for frame, _ in first] == [frame for frame, _ in second]
    for table in (a, b):
        while table.board.stage != "vote":
            table.tick()
    assert a.frame() != b.frame()  # the vote shows every drawing (the positive control)


def test_a_pad_whose_turn_comes_after_everyone_else_still_gets_its_time():
    """The phone and the bot finish early; the first pad takes its time (over 30 s); the
    second pad's turn opens after all of them, and it dawdles: its last call starts
    only once it has drawn as long as the first pad took (IN-2a), then runs 5 s."""
    table = Table("ttpb")
    first = pad_turn(SQUIGGLES)
    table.turns = {0: first[:2] + [[]] * 2000 + first[2:], 1: pad_turn([])[:2] + [[]] * 5000}
    table.phone = {100: phone_strokes(2)[:1], 120: [Action("done", 2)]}
    while not table.board.public.done[0]:
        table.tick()
    public = table.board.public
    assert public.done == [True, False, True, True] and (public.turn, public.turn_open) == (1, False)
    assert public.countdown is None  # no clock runs while seat 1 has not opened its turn
    while not table.board.public.turn_open:
        table.tick()
    opened, took = table.session.state.turns.opened, table.session.state.turns.took[0]
    assert took > 2000 and max(table.session.state.turns.took) == took
    countdown = table.board.public.countdown
    assert (countdown.name, countdown.started, countdown.ticks) == ("grace", opened, took)
    while table.board.public.phase == "draw":
        table.tick()
    timeouts = [(a.data["timer"], a.tick) for a in table.session.log if a.kind == "timeout"]
    assert timeouts == [("grace", opened + took), ("last_call", opened + took + 300)]
    assert table.board.public.stroke_counts[1] == 0  # taken as it was


def test_a_mixed_table_draws_to_the_line_up():
    """Two pads and a keyboard side draw in turns, seat order, behind their curtains;
    the phone and the bot draw meanwhile; nothing of a drawing is public before the
    line-up, everything after."""
    table = Table("ttkpb")
    assert table.session.config["turn_seats"] == [0, 1, 2] and set(table.board.pads) == {0, 1, 2}
    table.turns = {0: pad_turn(SQUIGGLES), 1: pad_turn(LOOPS), 2: [[]] * 30 + pad_turn(SQUIGGLES[:1])}
    table.phone = {300: phone_strokes(3), 420: [Action("done", 3)]}
    meanwhile = set()
    while table.board.public.phase == "draw":
        public = table.board.public
        assert public.drawings == [()] * 5
        if public.turn_open:
            meanwhile |= {seat for seat in (3, 4) if public.stroke_counts[seat] or public.done[seat]}
        table.tick()
        assert table.ticks < 5000
    assert table.curtains == [0, 1, 2] and meanwhile == {3, 4}
    while table.board.stage != "lineup":
        table.tick()
    drawings = table.board.public.drawings
    assert all(drawings) and [len(d) for d in drawings[:4]] == [2, 2, 1, 2]
    assert table.board.turn_curtain is None and not any(isinstance(s, DrawingCurtain) for s in table.ctx.stack)


@pytest.fixture(autouse=True)
def _clear():
    yield
    pygame.event.clear()


def test_a_closed_drawing_curtain_makes_its_drawing_at_the_sheet_s_width_between_frames():
    """Issue 32 item 2: a sheet opened on a drawing already made (a match resumed, a seat
    drawing at any time) rendered every stroke of it again, fills included, in the frame
    that opened it (~20 ms, the bench's slowest). While the curtain is closed the idle
    time after a frame makes it (nothing shows: the board's canvas cache); the opening
    frame renders no stroke."""
    from game.app import after_frame
    from game.games.incognito.ui import bench

    ctx = build_context(headless=True, settings=Settings(), seats=4)
    board = bench.build(ctx, ctx.games["incognito"], 4, 3)  # a picture on every canvas
    for _ in range(200):  # the deal: the first drawer's curtain comes up, closed
        ctx.stack.fixed_update(1 / 60)
    curtain = ctx.stack.top
    assert isinstance(curtain, DrawingCurtain) and not curtain.is_open and not board.caches
    strokes = board.session.view(curtain.seat).mine.my_drawing.strokes
    canvas = ctx.kit.canvas()
    ctx.stack.draw(canvas, 1.0)
    after_frame(ctx, canvas)
    (key, width), cache = next(iter(board.caches.items()))
    assert key == ("now", curtain.seat) and width == curtain.layout.canvas.width
    assert cache.stroke_renders == len(strokes) > 10
    device = ctx.seats[curtain.seat].device
    ctx.stack.handle(curtain.seat, InputEvent(device, Intent.CONFIRM, True))
    ctx.stack.fixed_update(1 / 60)
    ctx.stack.draw(canvas, 1.0)
    assert curtain.is_open and cache.stroke_renders == len(strokes) and cache.full_renders == 0
    ctx.stack.clear()
