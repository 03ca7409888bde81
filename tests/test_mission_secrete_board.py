"""The Mission Secrète board driven headless: intro peeks, a human swap with the cursor,
an accusation by holding ALT, bots finishing a match, and no secret on the TV."""

from dataclasses import replace

import pygame
import pytest

from game.context import build_context
from game.core.actions import Action
from game.core.rng import Rng
from game.core.session import Session
from game.games.mission_secrete.ui.accuse import HOLD_TICKS, AccusePicker
from game.games.mission_secrete.ui.board import MissionBoard
from game.games.mission_secrete.ui.reveal import CLAIM_TICKS
from game.games.mission_secrete.ui.shots import SHOTS
from game.games.mission_secrete.rules.view import Ending, MSPhase
from game.input.intents import InputEvent, Intent
from game.scenes.peek import LOOK_AWAY_TICKS, PeekCurtain
from game.settings import Settings
from game.shots import ShotRequest


def make(humans: int, bots: int, seed: int = 3, **options):
    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=humans)
    for i in range(bots):
        ctx.seats.add_bot(f"Bot {i + 1}")
    entry = ctx.games["mission_secrete"]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    config = {**entry.default_config(len(ctx.seats)), **options}
    session = Session(entry.make_definition(catalogue), config, seed)
    bot_seats = {s.index: entry.make_bot(catalogue, s.index, Rng.from_seed(f"b{s.index}"))
                 for s in ctx.seats.seats if s.bot}
    board = entry.scenes().make_board(ctx, entry, session, bot_seats)
    board.bot_delay = (1, 2)
    ctx.stack.push(board)
    return ctx, board


def press(ctx, seat, intent, pressed=True):
    ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed=pressed))


def tick(ctx, n=1):
    for _ in range(n):
        ctx.stack.fixed_update(1 / 60)


def close_intro(ctx):
    while isinstance(ctx.stack.top, PeekCurtain):
        press(ctx, ctx.stack.top.seat, Intent.BACK)


def test_intro_peeks_each_human_then_play_starts():
    ctx, board = make(humans=2, bots=1)
    assert isinstance(ctx.stack.top, PeekCurtain) and ctx.stack.top.seat == 0
    assert not board.bots_may_act()
    press(ctx, 0, Intent.BACK)
    assert isinstance(ctx.stack.top, PeekCurtain) and ctx.stack.top.seat == 1
    press(ctx, 1, Intent.BACK)
    assert ctx.stack.top is board and board.bots_may_act()


def test_a_human_swaps_with_the_cursor_and_the_swap_animates():
    ctx, board = make(humans=2, bots=0)
    close_intro(ctx)
    turn = board.public.turn
    grid = list(board.public.grid)
    board.play.cursor = 12
    press(ctx, turn, Intent.CONFIRM)                  # pick the centre card
    press(ctx, turn, Intent.UP)                       # swap it with the card above
    public = board.session.view(None).public
    assert public.grid[7] == grid[12] and public.grid[12] == grid[7]
    assert board.swap is not None and not board.bots_may_act()
    tick(ctx, 40)
    assert board.swap is None and board.public.turn != turn


def test_the_other_seat_cannot_move_the_cursor():
    ctx, board = make(humans=2, bots=0)
    close_intro(ctx)
    other = 1 - board.public.turn
    press(ctx, other, Intent.CONFIRM)
    press(ctx, other, Intent.UP)
    assert board.play.selected is None and not board.session.view(None).public.swaps


def test_free_swap_takes_a_second_card():
    ctx, board = make(humans=2, bots=0, free_swap=True)
    close_intro(ctx)
    turn = board.public.turn
    grid = list(board.public.grid)
    board.play.cursor = 0
    press(ctx, turn, Intent.CONFIRM)
    for _ in range(4):
        press(ctx, turn, Intent.DOWN)
    press(ctx, turn, Intent.CONFIRM)                  # cell 20, far from cell 0
    public = board.session.view(None).public
    assert public.grid[0] == grid[20] and public.grid[20] == grid[0]


def test_holding_alt_accuses_and_the_loser_is_out():
    ctx, board = make(humans=3, bots=0)
    close_intro(ctx)
    accuser = (board.public.turn + 1) % 3
    press(ctx, accuser, Intent.ALT)
    tick(ctx, HOLD_TICKS // 2)
    press(ctx, accuser, Intent.ALT, pressed=False)   # let go too early: nothing happens
    tick(ctx, HOLD_TICKS)
    assert board.accusation.accuser is None
    press(ctx, accuser, Intent.ALT)
    tick(ctx, HOLD_TICKS + 1)
    assert isinstance(ctx.stack.top, AccusePicker) and board.accusation.accuser == accuser
    press(ctx, accuser, Intent.CONFIRM)              # the first other seat
    press(ctx, accuser, Intent.CONFIRM)              # the first character
    public = board.session.view(None).public
    assert len(public.accusations) == 1 and board.reveal is not None
    assert ctx.stack.top is board
    acc = public.accusations[0]
    assert public.out[acc.accused if acc.right else acc.accuser]
    tick(ctx, 400)
    assert board.reveal is None


def test_an_accusation_verdict_cheers_the_seat_that_stays_in_and_bots_wait():
    """Issue 14 item 10: at the verdict the show cheers the survivor (its pad rumbles),
    A skips the drum roll to it, and bots wait until the reading is over."""
    ctx, board = make(humans=2, bots=1)
    close_intro(ctx)
    rumbles = []
    ctx.input = type("Hub", (), {"rumble": lambda self, *args: rumbles.append(args) or True})()
    accuser = next(s for s in (0, 1) if s != board.public.turn)
    accused = 1 - accuser
    held = board.session.view(accused).private.my_character
    wrong = next(c.id for c in board.catalogue.characters if c.id != held)
    board.submit(Action("accuse", accuser, {"accused": accused, "character": wrong}))
    assert board.reveal is not None and board.reveal.show is None and not board.bots_may_act()
    press(ctx, 0, Intent.CONFIRM)                    # A: straight to the verdict
    tick(ctx)
    assert board.reveal.show is not None and [seat for seat, *_ in rumbles] == [accused]
    assert not board.bots_may_act()                  # the verdict is still on screen
    tick(ctx, 400)
    assert board.reveal is None and rumbles == [(accused, *rumbles[0][1:])]


def test_back_calls_off_an_accusation():
    ctx, board = make(humans=2, bots=0)
    close_intro(ctx)
    press(ctx, 0, Intent.ALT)
    tick(ctx, HOLD_TICKS + 1)
    assert isinstance(ctx.stack.top, AccusePicker)
    press(ctx, 0, Intent.BACK)
    assert ctx.stack.top is board and board.accusation.accuser is None
    assert not board.session.view(None).public.accusations


def test_bots_play_a_match_to_its_end_on_the_board():
    """Bots alone finish a match; the TV then shows the end: every seat's character face
    up (drawn nowhere else: the recap is gone) and A to play again, B for the lobby."""
    ctx, board = make(humans=0, bots=4, seed=5)
    for _ in range(20000):
        tick(ctx)
        if board.end_move is not None and board.end_move.done and not board.win.running:
            break
    assert board.session.outcome() is not None and board.section is board.win
    public = board.session.view(None).public
    assert len(public.final_characters) == 4
    icons, hints = [], []
    icon, hint_bar = ctx.kit.icon, ctx.kit.hint_bar
    ctx.kit.icon = lambda code, size: icons.append(code) or icon(code, size)
    ctx.kit.hint_bar = lambda surface, items, *a, **k: hints.extend(items) or hint_bar(surface, items, *a, **k)
    ctx.stack.draw(ctx.kit.canvas(), 1.0)
    assert {board.catalogue.character(c).icon for c in public.final_characters} <= set(icons)
    assert hints == [(Intent.CONFIRM, ctx.t("ms.end.again")), (Intent.BACK, ctx.t("ms.end.lobby"))]


def test_the_end_is_a_show_for_the_winners_and_a_skips_it():
    """Issue 14 item 10: once the last move has played, the show starts; the winners'
    pads rumble with the fanfare; A skips it, and only then does A play again."""
    from game.ui.show import RUMBLE

    ctx, board = make(humans=0, bots=4, seed=5)
    rumbles, sounds = [], []
    ctx.input = type("Hub", (), {"rumble": lambda self, *args: rumbles.append(args) or True})()
    play = ctx.audio.play
    ctx.audio.play = lambda name: sounds.append(name) or play(name)
    for _ in range(20000):
        tick(ctx)
        if board.win is not None and board.win.show is not None:
            break
    show = board.win.show
    assert show is not None and board.session.outcome() is not None and not show.done
    assert board.win.running and show.tick < show.cheer_tick
    rumbles.clear()  # the bots' accusations cheered their own survivors on the way
    tick(ctx, show.cheer_tick)
    assert sorted(seat for seat, *_ in rumbles) == sorted(board.public.winners)
    assert all(tuple(rest) == RUMBLE for _seat, *rest in rumbles) and "victory" in sounds
    finished = []
    board.finish = lambda again: finished.append(again)
    a = InputEvent(("pad", 1), Intent.CONFIRM)
    assert board.win.handle(0, a) and show.done and finished == []  # A skips the show...
    tick(ctx, 60)
    assert board.win.handle(0, a) and finished == [True]              # ...then plays again


def test_play_again_starts_the_next_match_with_the_next_seat():
    """Issue 27 item 6: "Play again" hands the first swap to the next seat, match after
    match (the last seat's edge evens out over a table's series); the bots stay."""
    ctx, board = make(humans=0, bots=3, seed=5)
    bots = board.bots
    starts = []
    for _ in range(4):
        starts.append(board.session.view(None).public.turn)
        board.finish(again=True)
        board = ctx.stack.top
        assert isinstance(board, MissionBoard) and board.bots == bots
    assert starts == [0, 1, 2, 0]


#: What each shot must show: a check on the board (or the scene on top) after building it.
SHOT_CHECKS = {
    "mission_secrete.turn": lambda ctx, board: board.play.selected == 7 and board.public.phase == MSPhase.PLAY,
    "mission_secrete.swap": lambda ctx, board: board.swap is not None and not board.bots_may_act(),
    "mission_secrete.accuse": lambda ctx, board: isinstance(ctx.stack.top, AccusePicker) and board.accusation.accused is not None,
    "mission_secrete.reveal": lambda ctx, board: board.reveal is not None and not board.reveal.accusation.right,
    "mission_secrete.win": lambda ctx, board: board.public.end == Ending.MISSION and board.end_move.done,
    "mission_secrete.peek": lambda ctx, board: isinstance(ctx.stack.top, PeekCurtain) and ctx.stack.top.seat == 1,
}


def test_every_shot_is_checked():
    assert sorted(SHOT_CHECKS) == sorted(SHOTS)


@pytest.mark.parametrize("name", sorted(SHOTS))
def test_every_shot_builds_and_draws(name):
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=4)
    SHOTS[name](ctx, ShotRequest(seats=4, seed=1, lang="en", ticks=5))
    for _ in range(5):
        ctx.stack.fixed_update(1 / 60)
    board = next(scene for scene in ctx.stack if isinstance(scene, MissionBoard))
    assert SHOT_CHECKS[name](ctx, board), name
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    bare = pygame.image.tobytes(canvas, "RGB")
    ctx.stack.draw(canvas, 1.0)
    assert pygame.image.tobytes(canvas, "RGB") != bare, f"{name} drew nothing over the background"


def test_the_tv_never_draws_a_hidden_character():
    """Two boards that differ only in the secret characters draw the same pixels, until
    a seat peeks (the positive control: its character card differs)."""
    images, peeked = [], []
    for characters in (["elf", "santa", "reindeer"], ["snowman", "reindeer", "santa"]):
        ctx, board = make(humans=3, bots=0, seed=9)
        close_intro(ctx)
        board.session.state = replace(board.session.state, characters=tuple(characters))  # other secrets
        board.on_events(None, ())
        canvas = ctx.kit.canvas()
        ctx.kit.background(canvas)
        ctx.stack.draw(canvas, 1.0)
        images.append(pygame.image.tobytes(canvas, "RGB"))
        board.peeks.open(0)
        press(ctx, 0, Intent.PEEK)
        for _ in range(LOOK_AWAY_TICKS):  # the curtain names the seat, then the card shows
            ctx.stack.fixed_update(1 / 60)
        ctx.stack.draw(canvas, 1.0)
        peeked.append(pygame.image.tobytes(canvas, "RGB"))
    assert images[0] == images[1]
    assert peeked[0] != peeked[1]


def _same(a, b) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_the_still_layer_repaints_only_what_changed_and_matches_a_full_paint():
    """Bots play with accusations on: after every partial repaint (a swap, a turn, a
    verdict) the cached layers equal layers painted from scratch; a still board paints nothing."""
    ctx, board = make(humans=0, bots=4, seed=5)
    canvas, fresh = ctx.kit.canvas(), ctx.kit.canvas()
    checked = 0
    for _ in range(1500):
        tick(ctx)
        repaints = board.table.still.repaints + board.table.veiled.repaints
        ctx.stack.draw(canvas, 1.0)
        if board.end_move is not None:
            break
        if board.table.still.repaints + board.table.veiled.repaints > repaints:
            board.table.paint_still(fresh)
            assert _same(board.table.still.surface, fresh)
            if board.table.veiled.key == board.table.still_key():
                ctx.kit.dim(fresh, 190)
                assert _same(board.table.veiled.surface, fresh)
            checked += 1
    assert checked >= 5
    paints, repaints = board.table.still.paints, board.table.still.repaints
    for _ in range(3):   # no tick: nothing changes, the layer is only blitted
        ctx.stack.draw(canvas, 1.0)
    assert (board.table.still.paints, board.table.still.repaints) == (paints, repaints)


def test_an_accusation_ring_survives_suspects_leaving_while_it_is_up():
    """While one player picks whom to accuse, others' accusations put two players out:
    the ring goes on with the one suspect left (it once raised: a ring of one option)."""
    ctx, board = make(humans=4, bots=0)
    close_intro(ctx)
    press(ctx, 0, Intent.ALT)
    tick(ctx, HOLD_TICKS + 1)
    assert isinstance(ctx.stack.top, AccusePicker) and board.accusation.accuser == 0
    characters = board.session.state.characters
    assert board.submit(Action("accuse", 1, {"accused": 2, "character": characters[2]})) is None  # right: 2 out
    wrong = next(c.id for c in board.catalogue.characters if c.id != characters[1])
    assert board.submit(Action("accuse", 3, {"accused": 1, "character": wrong})) is None  # wrong: 3 out
    assert board.still_in() == [0, 1]
    tick(ctx, 2)
    draw_canvas = ctx.kit.canvas()
    ctx.stack.draw(draw_canvas, 1.0)
    assert isinstance(ctx.stack.top, AccusePicker) and board.accusation.accused == 1
    press(ctx, 0, Intent.CONFIRM)  # the first character, said of the one suspect left
    last = board.session.view(None).public.accusations[-1]
    assert (last.accuser, last.accused) == (0, 1)


def test_the_accusation_ring_says_it_is_public_and_offers_no_look():
    """An accusation is said aloud (MS-6): the ring says everyone sees it, and neither its
    hint bar nor the accuser's card offers Y (which does nothing there: issue 14)."""
    ctx, board = make(humans=3, bots=0)
    close_intro(ctx)
    board.accusation.start(1)
    assert isinstance(ctx.stack.top, AccusePicker)
    hints, glyphs, texts = [], [], []
    hint_bar, button_hint, blit_text = ctx.kit.hint_bar, ctx.kit.button_hint, ctx.kit.blit_text
    ctx.kit.hint_bar = lambda surface, items, *a, **k: hints.extend(i for i, _ in items) or hint_bar(surface, items, *a, **k)
    ctx.kit.button_hint = lambda intent, *a, **k: glyphs.append(intent) or button_hint(intent, *a, **k)
    ctx.kit.blit_text = lambda surface, text, *a, **k: texts.append(text) or blit_text(surface, text, *a, **k)
    ctx.stack.draw(ctx.kit.canvas(), 1.0)
    assert hints and Intent.PEEK not in hints and Intent.PEEK not in glyphs
    assert ctx.t("ring.aloud") in texts


def test_the_reveal_strikes_the_loser_out_but_keeps_its_name():
    """The "Out" stamp sits clear of the loser's badge: colour, shape and name stay."""
    ctx, board = make(humans=3, bots=0)
    close_intro(ctx)
    characters = board.session.state.characters
    wrong = next(c.id for c in board.catalogue.characters if c.id != characters[2])
    assert board.submit(Action("accuse", 1, {"accused": 2, "character": wrong})) is None  # wrong: 1 is out
    board.reveal.next_beat()  # the verdict, a second old
    board.reveal.tick = 60
    tokens, names, stamps = [], [], []
    token, blit_text, panel = ctx.kit.seat_token, ctx.kit.blit_text, ctx.kit.panel

    def recording_token(surface, style, *args, **kwargs):
        rect = token(surface, style, *args, **kwargs)
        tokens.append((style, rect))
        return rect

    def recording_text(surface, text, *args, **kwargs):
        rect = blit_text(surface, text, *args, **kwargs)
        names.append((text, rect))
        return rect

    def recording_panel(surface, rect, colour=None, *args, **kwargs):
        if colour == ctx.kit.colours.bad:
            stamps.append(pygame.Rect(rect))
        return panel(surface, rect, colour, *args, **kwargs)

    ctx.kit.seat_token, ctx.kit.blit_text, ctx.kit.panel = recording_token, recording_text, recording_panel
    ctx.stack.draw(ctx.kit.canvas(), 1.0)
    # the reveal's shape and name of the loser, drawn last
    shape = [rect for style, rect in tokens if style == ctx.seats[1].style][-1]
    name = [rect for text, rect in names if text.replace("\n", "") == board.name(1)][-1]
    assert len(stamps) == 1 and not stamps[0].colliderect(shape.union(name)), (stamps, shape, name)
    assert name.top >= shape.bottom and abs(name.centerx - shape.centerx) <= 2  # the name stays under its shape


def test_a_skips_the_reading_of_the_accusation_that_ends_the_match_as_its_hint_says():
    """Two seats: a wrong accusation puts the accuser out and ends the match, and its
    reading plays before the end screen, its verdict with "A: Skip" under it. A goes to
    the verdict, then past it, as during the match (it did nothing once the match was over)."""
    ctx, board = make(humans=2, bots=0)
    close_intro(ctx)
    accuser = next(s for s in (0, 1) if s != board.public.turn)
    accused = 1 - accuser
    held = board.session.view(accused).private.my_character
    wrong = next(c.id for c in board.catalogue.characters if c.id != held)
    assert board.submit(Action("accuse", accuser, {"accused": accused, "character": wrong})) is None
    assert board.public.phase == MSPhase.OVER and board.reveal is not None and board.end_move is None
    press(ctx, 0, Intent.CONFIRM)
    assert board.reveal.verdict and board.reveal.tick == 0  # the verdict
    tick(ctx)
    hints = []
    hint_bar = ctx.kit.hint_bar
    ctx.kit.hint_bar = lambda surface, items, *a, **k: hints.extend(items) or hint_bar(surface, items, *a, **k)
    ctx.stack.draw(ctx.kit.canvas(), 1.0)
    assert hints == [(Intent.CONFIRM, ctx.t("ms.hint.skip"))]
    press(ctx, 0, Intent.CONFIRM)
    tick(ctx)
    assert board.reveal is None and board.end_move is not None and board.session.outcome() is not None


def test_a_partial_repaint_draws_only_the_cards_and_rows_it_shows(monkeypatch):
    """Issue 32 item 2: a move's repaint (~1.2 % of a bot table's frames, its slowest)
    drew every card whose shadow reached a changed cell and every seat row; a card or row
    wholly outside the repainted area is not drawn (its shadow alone, for a card): the
    pixels are the same (the test above)."""
    from game.games.mission_secrete.ui.table import MissionTable

    ctx, board = make(humans=0, bots=4, seed=5)
    canvas = ctx.kit.canvas()
    outside = []
    real_card = MissionTable.draw_card

    def card(self, surface, rect, obj, border=None, icon_width=None):
        if not surface.get_clip().colliderect(rect):
            outside.append(("card", obj))
        real_card(self, surface, rect, obj, border, icon_width)

    monkeypatch.setattr(MissionTable, "draw_card", card)
    real_name = MissionTable.draw_seat_name

    def name(self, surface, seat, row, out):
        if not surface.get_clip().colliderect(row.inflate(8, 8)):
            outside.append(("row", seat))
        real_name(self, surface, seat, row, out)

    monkeypatch.setattr(MissionTable, "draw_seat_name", name)
    for _ in range(600):
        tick(ctx)
        ctx.stack.draw(canvas, 1.0)
    assert board.table.still.repaints >= 5
    assert outside == []


@pytest.mark.parametrize("lang, words", [("en", "Last swap"), ("fr", "Dernier échange")])
def test_the_last_swappers_row_is_the_legend_of_the_marked_cards(lang, words):
    """Issue 28: the two cards of the last swap bear its player's shape (48 px); that
    player's row says "Last swap", so the marks are explained on the screen."""
    from game.ui.layout_probe import Probe

    drawn = Probe().draw("mission_secrete.turn", lang)
    rows = [t for t in drawn.texts if t.text == words]
    assert len(rows) == 1
    marks = [m for m in drawn.canvas.marks if m.kind == "shape" and m.size >= 48 and m.rect.x > rows[0].ink.right]
    assert len(marks) >= 2
