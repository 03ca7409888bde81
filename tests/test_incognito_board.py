"""The Incognito board headless: a house drawn with pad-like input, incremental canvases,
the gallery export, and a few screens rendered."""

import math

import pygame
import pytest

from game.context import build_context
from game.core.actions import Action
from game.core.events import PhaseStarted
from game.core.rng import Rng
from game.core.session import Session
from game.games.incognito.entries import ENTRIES
from game.games.incognito.rules.drawing import CANVAS_H, CANVAS_W, Stroke
from game.games.incognito.rules.events import Dealt, DrawingFinished, LineupDealt, Ready, StrokeDrawn
from game.games.incognito.ui.drawkit import PALETTE_ROW, CanvasCache, render_drawing
from game.games.incognito.ui.board import make_board
from game.games.incognito.ui.deal import DEAL_TICKS
from game.games.incognito.ui.results import export_gallery
from game.input.intents import InputEvent, Intent
from game.settings import Settings

ENTRY = ENTRIES[0]


def board_with(seats=3, seed=5):
    """A table of ``seats`` at the TV (keyboard sides, pads), drawing in turns (IN-2a)."""
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=seats)
    cat = ctx.catalogue.game("incognito")
    config = dict(ENTRY.default_config(seats), **ENTRY.table_config(list(range(seats))))
    session = Session(ENTRY.make_definition(cat), config, seed)
    board = make_board(ctx, ENTRY, session, {})
    ctx.stack.push(board)
    return ctx, board


def finish_drawing(board):
    """Every seat hands its drawing in, each seat at the TV opening its turn first."""
    for seat in range(board.n):
        if board.public.turn == seat:
            assert board.submit(Action("start", seat)) is None
        assert board.submit(Action("done", seat)) is None


def tick(ctx, n=1):
    for _ in range(n):
        ctx.stack.fixed_update(1 / 60)


class Hand:
    """Plays a pad like a person: pushes the stick towards a target, eases off near it,
    and finishes with the precision trigger; CONFIRM is held while drawing."""

    def __init__(self, ctx, board, seat=0):
        self.ctx, self.board, self.seat = ctx, board, seat
        self.device = ctx.seats[seat].device
        self.pad = board.pads[seat]
        self.events = 0

    def send(self, intent, pressed=True, **kw):
        self.events += 1
        self.ctx.stack.handle(self.seat, InputEvent(self.device, intent, pressed, **kw))

    def move_to(self, x, y):
        slow = False
        for _ in range(900):
            dx, dy = x - self.pad.x, y - self.pad.y
            dist = math.hypot(dx, dy)
            if dist < 1.2:
                break
            if dist < 12 and not slow:
                self.send(Intent.TRIGGER_L, True)
                slow = True
            angle = math.degrees(math.atan2(dx, -dy)) % 360
            self.send(Intent.STICK, True, angle=angle, magnitude=min(1.0, max(0.3, dist / 90)))
            tick(self.ctx)
        self.send(Intent.STICK, False, angle=0.0, magnitude=0.0)
        if slow:
            self.send(Intent.TRIGGER_L, False)
        assert math.hypot(x - self.pad.x, y - self.pad.y) < 3

    def line(self, points):
        self.move_to(*points[0])
        self.send(Intent.CONFIRM, True)
        for p in points[1:]:
            self.move_to(*p)
        tick(self.ctx, 2)
        self.send(Intent.CONFIRM, False)

    def press(self, intent, times=1):
        for _ in range(times):
            self.send(intent, True)
            self.send(intent, False)


def draw_house(ctx, board):
    """A house drawn through the pad: walls, a closed roof filled red, a door."""
    hand = Hand(ctx, board)
    hand.line([(260, 300), (460, 300), (460, 500), (260, 500), (260, 300)])
    hand.line([(240, 300), (360, 170), (480, 300), (240, 300)])
    hand.press(Intent.ALT, 2)                        # pen → eraser → fill
    hand.press(Intent.SHOULDER_R, 3)                 # black → grey → white → red
    hand.move_to(360, 260)
    hand.press(Intent.CONFIRM)                       # fill the roof
    hand.press(Intent.ALT)                           # back to the pen
    hand.press(Intent.SHOULDER_R, 9)                 # → brown
    hand.line([(335, 500), (335, 420), (385, 420), (385, 500)])
    hand.press(Intent.UP)                            # a D-pad nudge: one step up
    return hand


def test_a_house_drawn_with_pad_events_behind_the_curtain(tmp_path):
    ctx, board = board_with()
    tick(ctx, DEAL_TICKS + 1)
    assert board.stage == "draw" and ctx.stack.top is board.turn_curtain and board.turn_curtain.seat == 0
    assert not board.turn_curtain.is_open
    Hand(ctx, board).press(Intent.CONFIRM)           # seat 0 opens its turn
    assert board.turn_curtain.is_open and board.public.turn_open
    hand = draw_house(ctx, board)
    strokes = board.session.view(0).private.my_drawing.strokes
    assert [s.tool for s in strokes] == ["pen", "pen", "fill", "pen"]
    assert [s.colour for s in strokes] == ["black", "black", "red", "brown"]
    image = render_drawing(strokes, board.rgb, CANVAS_W)
    pygame.image.save(image, str(tmp_path / "house.png"))
    assert tuple(image.get_at((360, 260)))[:3] == board.rgb["red"]      # the roof is filled
    assert tuple(image.get_at((300, 400)))[:3] == (255, 255, 255)        # the wall inside is paper
    assert tuple(image.get_at((100, 100)))[:3] == (255, 255, 255)        # the fill did not leak
    for x, y in ((260, 400), (460, 400), (360, 300), (360, 500), (300, 235)):
        assert tuple(image.get_at((x, y)))[:3] == board.rgb["black"], (x, y)
    assert tuple(image.get_at((335, 460)))[:3] == board.rgb["brown"]
    assert all(len(s.points) < 200 for s in strokes)                  # smoothed and thinned
    assert hand.events > 100
    # "done" needs a 1-second hold on its button; it ends the turn: the next drawer is called
    hand.move_to(700, CANVAS_H + PALETTE_ROW + 30)
    hand.send(Intent.CONFIRM, True)
    tick(ctx, 59)
    assert not board.session.state.done.flags[0]
    tick(ctx, 1)
    assert board.session.state.done.flags[0]
    hand.send(Intent.CONFIRM, False)
    tick(ctx, 2)
    assert board.turn_curtain.seat == 1 and not board.turn_curtain.is_open
    hand.press(Intent.BACK)
    assert board.session.state.done.flags[0]  # a turn's "done" is final (IN-2a)


def test_canvas_cache_renders_only_new_strokes():
    ctx, board = board_with()
    cat = ctx.catalogue.game("incognito")
    cache = CanvasCache({c.id: c.rgb for c in cat.palette}, 400)
    strokes = []
    for i in range(5):
        strokes = strokes + [Stroke("pen", "red", 14, (10 * i, 10, 100, 100 + i))]
        cache.sync(strokes)
    assert cache.full_renders == 0 and cache.stroke_renders == 5
    cache.sync(strokes[:4])  # undo
    assert cache.full_renders == 1
    cache.sync(strokes[:4])
    assert cache.stroke_renders == 9


def test_bots_draw_and_the_whole_match_runs_on_the_board(tmp_path):
    ctx = build_context(headless=True, lang="fr", settings=Settings(timer_preset="off"), seats=0)
    for i in range(3):
        ctx.seats.add_bot(f"Bot {i + 1}")
    cat = ctx.catalogue.game("incognito")
    session = Session(ENTRY.make_definition(cat), ENTRY.default_config(3, 0.0), 9)
    bots = {s: ENTRY.make_bot(cat, s, Rng.from_seed(f"b{s}")) for s in range(3)}
    board = make_board(ctx, ENTRY, session, bots)
    board.bot_delay = (1, 2)
    ctx.stack.push(board)
    canvas = ctx.kit.canvas()
    for step in range(40000):
        tick(ctx)
        if step % 500 == 0:
            ctx.stack.draw(canvas, 1.0)
        if board.stage in ("reveal", "final"):
            board.handle(0, InputEvent(("bot", 0), Intent.CONFIRM, True))
        if session.outcome() is not None and board.stage == "final":
            break
    assert session.outcome() is not None
    board.handle(0, InputEvent(("bot", 0), Intent.CONFIRM, True))  # skips the end's show
    board.handle(0, InputEvent(("bot", 0), Intent.CONFIRM, True))
    assert board.stage == "gallery"
    ctx.stack.draw(canvas, 1.0)
    folder, count = export_gallery(ctx, cat, session.view(None).public.history, tmp_path / "pics")
    assert count == 9 and len(list(folder.glob("incognito-*.png"))) == 9
    # the gallery's button: into <Pictures>/Secret Salon when there is a pictures folder
    (tmp_path / "pictures").mkdir()
    board.handle(1, InputEvent(("bot", 1), Intent.ALT, True))
    saved = tmp_path / "pictures" / "Secret Salon"
    assert len(list(saved.glob("*.png"))) == 9 and str(saved) in board.section.message
    page = pygame.image.load(str(sorted(saved.glob("*.png"))[0]))
    assert page.get_size() == (1200, 1020)


@pytest.mark.parametrize("name", ["incognito.draw", "incognito.vote", "incognito.vote.peek", "incognito.gallery"])
def test_shots_render(tmp_path, name):
    from game.__main__ import main

    out = tmp_path / f"{name}.png"
    assert main(["shot", name, "--out", str(out), "--seats", "6", "--ticks", "3"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


def test_peek_holds_the_word_and_letting_go_closes_it():
    ctx, board = board_with()
    tick(ctx, 10)
    device = ctx.seats[1].device
    ctx.stack.handle(1, InputEvent(device, Intent.PEEK, True))
    assert board.curtain is not None and board.curtain.peeking and ctx.stack.top is board.curtain
    ctx.stack.draw(ctx.kit.canvas(), 1.0)
    ctx.stack.handle(1, InputEvent(device, Intent.PEEK, False))
    tick(ctx, 5)
    assert ctx.stack.top is board and board.curtain is None


def test_votes_through_the_ring_are_distinct_and_refusals_name_no_number():
    ctx, board = board_with(seats=3)
    finish_drawing(board)
    tick(ctx, 5)
    assert board.stage == "lineup"
    board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM, True))
    ring = board.ring
    assert board.stage == "vote" and ctx.stack.top is ring
    device = ctx.seats[0].device
    ctx.stack.handle(0, InputEvent(device, Intent.PEEK, True))
    ctx.stack.handle(0, InputEvent(device, Intent.RIGHT, True))       # tile 2
    ctx.stack.handle(0, InputEvent(device, Intent.CONFIRM, True))
    assert board.session.state.numbers()[0] == [0, 2, 0]
    ctx.stack.handle(0, InputEvent(device, Intent.RIGHT, True))       # tile 2 again: refused
    ctx.stack.handle(0, InputEvent(device, Intent.CONFIRM, True))
    assert board.session.state.numbers()[0] == [0, 2, 0]
    assert ring.refusal == (0, "incognito.refuse.number_used")
    assert ctx.strings.has("incognito.refuse.number_used")
    ctx.stack.handle(0, InputEvent(device, Intent.RIGHT, True))       # tile 3
    ctx.stack.handle(0, InputEvent(device, Intent.CONFIRM, True))
    assert board.session.state.numbers()[0] == [0, 2, 3]
    assert board.public.voted == [2, 0, 0]


def test_outside_a_peek_the_vote_shows_nothing_of_anyones_choice():
    """The TV during the vote: moving a pointer, or peeking then letting go, changes
    not one pixel (the incognito.vote shot is this blind state)."""
    ctx, board = board_with(seats=3)
    finish_drawing(board)
    tick(ctx, 5)
    board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM, True))
    assert board.stage == "vote"

    def canvas():
        surface = ctx.kit.canvas()
        ctx.stack.draw(surface, 1.0)
        return pygame.image.tobytes(surface, "RGB")

    blind = canvas()
    device = ctx.seats[1].device
    ctx.stack.handle(1, InputEvent(device, Intent.RIGHT, True))
    ctx.stack.handle(1, InputEvent(device, Intent.RIGHT, True))
    assert canvas() == blind
    ctx.stack.handle(1, InputEvent(device, Intent.PEEK, True))
    assert canvas() != blind
    ctx.stack.handle(1, InputEvent(device, Intent.PEEK, False))
    assert canvas() == blind


def test_the_board_opens_a_phase_screen_because_the_rules_say_it_started():
    """The board follows the rules' events, not a comparison of views: a PhaseStarted
    opens its phase's screen; other events leave the screen showing."""
    ctx, board = board_with(seats=3)
    tick(ctx, DEAL_TICKS + 1)
    assert board.stage == "draw"
    board.on_events(None, (StrokeDrawn(1, 1, Stroke("pen", "black", 6, (1, 1, 5, 5))), DrawingFinished(1, True)))
    assert board.stage == "draw"
    board.on_events(None, (PhaseStarted("lineup"), LineupDealt(("a",) * 6), PhaseStarted("vote")))
    assert board.stage == "lineup" and not board.bots_may_act()
    board.on_events(None, (Ready(0), PhaseStarted("deal"), Dealt(2, ("x",) * 3), PhaseStarted("draw")))
    assert board.stage == "deal"


def test_the_vote_ring_closes_when_the_reveal_opens():
    ctx, board = board_with(seats=3)
    finish_drawing(board)
    board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM, True))
    assert board.stage == "vote" and ctx.stack.top is board.ring
    for voter, numbers in ((0, (1, 2)), (1, (1, 2)), (2, (1, 2))):
        for target, number in zip((t for t in range(3) if t != voter), numbers):
            board.submit(Action("vote", voter, {"target": target, "number": number}))
    assert board.stage == "reveal" and board.ring is None and ctx.stack.top is board


def test_phones_watch_the_reveal_and_the_scores_count_and_skip_them_as_a_pad_does():
    """The reveal and the scores are the shared shows (issue 26 item 3): while they play a
    phone's move waits as a pad's A only hurries them, and its "Skip" does what A does —
    the next drawing, then the count to its end — before the phone says it is ready."""
    from game.companion.present import SKIP

    ctx, board = board_with(seats=3)
    finish_drawing(board)
    board.handle(0, InputEvent(ctx.seats[0].device, Intent.CONFIRM, True))
    for voter in range(3):
        for target, number in zip((t for t in range(3) if t != voter), (1, 2)):
            board.submit(Action("vote", voter, {"target": target, "number": number}))
    reveal = board.section
    assert board.stage == "reveal" and board.phones_wait() and board.show_to_skip() and not board.bots_may_act()
    assert board.phone_submit(Action("ready", 1)) == "watch_tv"
    assert board.phone_submit(Action(SKIP, 1)) is None and reveal.beat == 1  # the next drawing
    board.phone_submit(Action(SKIP, 2))
    board.phone_submit(Action(SKIP, 2))
    assert board.stage == "scores" and board.phones_wait() and board.section.running
    assert board.phone_submit(Action(SKIP, 1)) is None and not board.section.running  # the count to its end
    assert not board.phones_wait() and not board.show_to_skip()
    assert board.phone_submit(Action("ready", 1)) is None and board.public.ready[1]


def test_the_round_scores_and_the_end_are_shows_that_a_skips_and_bots_wait_for():
    """Issue 14 item 10: the round's scores count up from where the round found them,
    the leaders' pads rumble with the fanfare and A skips it, bots waiting; the end
    raises the podium, cheers the winners, and A goes on to the gallery only once over."""
    from game.games.incognito.ui.shots import demo_board
    from game.games.incognito.ui.standings import FinalSection, ScoresSection
    from game.shots import ShotRequest
    from game.ui.show import RUMBLE

    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=4)
    rumbles, sounds = [], []
    ctx.input = type("Hub", (), {"rumble": lambda self, *args: rumbles.append(args) or True})()
    play = ctx.audio.play
    ctx.audio.play = lambda name: sounds.append(name) or play(name)
    board = demo_board(ctx, ShotRequest(seed=3), "scores")
    board.show(ScoresSection(board))
    public, screen = board.public, board.section
    gained = public.history[-1].points
    assert [screen.show.count(s) for s in range(4)] == [public.scores[s] - gained[s] for s in range(4)]
    assert not board.bots_may_act()  # the table watches the count
    a = InputEvent(("pad", 1), Intent.CONFIRM)
    board.handle(0, a)
    assert screen.show.done and not public.ready[0]  # A skipped the show, it did not say ready
    assert [screen.show.count(s) for s in range(4)] == list(public.scores) and board.bots_may_act()
    leaders = [s for s in range(4) if public.scores[s] == max(public.scores)]
    assert sorted(seat for seat, *_ in rumbles) == leaders and all(tuple(r) == RUMBLE for _s, *r in rumbles)
    assert "victory" in sounds
    board.handle(0, a)
    assert board.public.ready[0]  # now A says ready

    ctx.stack.clear()
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=4)
    board = demo_board(ctx, ShotRequest(seed=3), "gallery")
    board.show(FinalSection(board))
    show = board.section.show
    ranks = board.session.outcome().ranks
    assert {s.seat for s in show.standings if s.place == 1} == {s for s in range(4) if ranks[s] == 1}
    tick(ctx, show.total)
    assert show.done and show.cheered and board.stage == "final"
    board.handle(0, a)
    assert board.stage == "gallery"
    ctx.stack.clear()


def test_the_deal_draws_at_every_tick_of_its_cards_flying_in_at_the_largest_text():
    """A card still small (flying in) is drawn without its pictures rather than at a
    negative size (the bench crashed on it)."""
    ctx = build_context(headless=True, lang="fr", settings=Settings(text_scale=1.3, safe_area=0.10), seats=6)
    cat = ctx.catalogue.game("incognito")
    session = Session(ENTRY.make_definition(cat), ENTRY.default_config(6), 5)
    board = make_board(ctx, ENTRY, session, {})
    ctx.stack.push(board)
    canvas = ctx.kit.canvas()
    for _ in range(DEAL_TICKS):
        ctx.stack.draw(canvas, 0.5)
        tick(ctx)
    assert board.stage in ("deal", "draw")
    ctx.stack.clear()


def test_the_final_screens_confetti_falls_whole_from_under_the_headline():
    """No disc is cut flat at the headline's bottom line: the discs that would touch the
    band down to it are not drawn, the others are whole (the shared keep-out, not a clip)."""
    from game.ui.layout_probe import Probe

    drawn = Probe().draw("incognito.final", "en")
    headline = next(t for t in drawn.texts if "wins the match" in t.text or "Shared victory" in t.text)
    discs = [box for box in drawn.boxes
             if box.rect.width == box.rect.height <= 2 * (18 + 3) and drawn.safe.contains(box.rect)]
    assert any(headline.rect.bottom <= disc.rect.top < headline.rect.bottom + 80 for disc in discs)
    assert all(disc.visible == disc.rect for disc in discs)  # none cut
    assert not any(disc.rect.top < headline.rect.bottom < disc.rect.bottom for disc in discs)


def test_without_turn_seats_the_board_still_calls_the_seats_at_the_tv_one_by_one():
    """A config that names no turn seat (a save from before IN-2a; a phone's seat a pad
    took on resuming draws at any time for the rules): the board calls each seat at the
    TV behind its curtain all the same, opened without a move, in seat order."""
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=3)
    cat = ctx.catalogue.game("incognito")
    session = Session(ENTRY.make_definition(cat), ENTRY.default_config(3), 5)
    board = make_board(ctx, ENTRY, session, {})
    ctx.stack.push(board)
    tick(ctx, DEAL_TICKS + 2)
    curtain = board.turn_curtain
    assert board.public.turn_seats == [] and curtain.seat == 0 and not curtain.is_open
    hand = Hand(ctx, board)
    hand.press(Intent.CONFIRM)
    assert curtain.is_open and [a.kind for a in session.log if a.seat is not None] == []
    hand.line([(300, 300), (400, 350)])
    assert board.public.stroke_counts == [1, 0, 0] and board.public.drawings == [(), (), ()]
    board.submit(Action("done", 0))
    tick(ctx, 2)
    assert board.turn_curtain.seat == 1 and not board.turn_curtain.is_open
