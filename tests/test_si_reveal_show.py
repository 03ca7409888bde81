"""Secret Identity's reveal is a show (issue 14 item 10): safes open one by one, each
voter's vote flips over on its own panel (never over a character's picture), points fly
and count up along the track, the round's best scorers are cheered; A skips it all to
the state it would end in."""

import pygame

from game.context import build_context
from game.games.secret_identity.ui.reveal import OPEN_TICKS, SAFE_TICKS, VOTES_TICKS
from game.games.secret_identity.ui.seat_panel import panel_positions
from game.games.secret_identity.ui.widgets import SLOT_H, SLOT_W, slot_positions
from game.input.intents import Intent
from game.settings import Settings
from test_secret_identity_board import bots_play_to, start
from tests.e2e import Room, pad_keyboard_bot_board


def _drawn(board, tick):
    board.section.tick = tick
    surface = pygame.Surface((board.ctx.kit.W, board.ctx.kit.H))
    board.draw(surface, 1.0)
    return surface


def _pixels(surface, rect):
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


def test_votes_flip_on_the_voters_panels_and_leave_every_character_picture_alone():
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=4)
    board = start(ctx, "secret_identity")
    bots_play_to(ctx, board, "summary")  # the board heard the round scored: its reveal runs
    reveal = board.section
    assert board.stage == "reveal"
    assert reveal.owner_slot() is not None  # seat 0's safe is open: its card glows in its colour
    before = _drawn(board, OPEN_TICKS)                    # no vote shows yet
    after = _drawn(board, OPEN_TICKS + VOTES_TICKS - 1)   # every vote flipped over, no points flying yet
    for slot, centre in enumerate(slot_positions(ctx.kit)):  # the open safe's card too
        card = pygame.Rect(0, 0, SLOT_W, SLOT_H)
        card.center = centre
        assert _pixels(before, card) == _pixels(after, card), f"a vote covers character {slot + 1}"
    panels = panel_positions(ctx.kit, 4)
    for voter in range(1, 4):  # seat 0's safe is open: the others voted on it
        assert _pixels(before, panels[voter]) != _pixels(after, panels[voter]), f"seat {voter}'s vote is not shown"
    ctx.stack.clear()


def _count(area, colour):
    return pygame.mask.from_threshold(area, colour, (1, 1, 1, 255)).count()


def test_a_vote_shows_nothing_on_its_panel_until_it_turns_face_up_never_a_blank_card():
    """From the sofa a blank pill reads as a glitch: wherever a vote shows, its face (green
    or red) shows, from its first tick to its last."""
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=4)
    board = start(ctx, "secret_identity")
    bots_play_to(ctx, board, "summary")
    reveal, c, blank = board.section, ctx.kit.colours, (1, 2, 3)
    result, owner = reveal.result, reveal.beat
    panels = panel_positions(ctx.kit, 4)
    shown = set()
    for tick in range(OPEN_TICKS, OPEN_TICKS + VOTES_TICKS):
        reveal.tick = tick
        surface = pygame.Surface((ctx.kit.W, ctx.kit.H))
        surface.fill(blank)
        reveal.draw_votes(surface, panels)
        for voter in (v for v in range(4) if v != owner):
            area = surface.subsurface(panels[voter])
            if _count(area, blank) == area.get_width() * area.get_height():
                continue  # not turned yet: nothing there
            face = c.good if result.votes[voter][owner] == result.keys[owner] else c.bad
            assert _count(area, face), f"seat {voter}'s vote shows a blank card at tick {tick}"
            shown.add(voter)
    assert shown == {v for v in range(4) if v != owner}
    ctx.stack.clear()


def _scored_room():
    """A competitive match seated as a pad (seat 0), a keyboard and a bot, played by the
    game's bot brains through the board until its first round is scored (the reveal runs)."""
    room = Room(lang="en")
    pad, session, board, brains = pad_keyboard_bot_board(room, "secret_identity", 5)
    while board.stage != "reveal":
        seat = min(session.current())
        assert board.submit(brains[seat].act(session.view(seat), session.legal(seat))) is None
    return room, pad, board


def _ended(room, pad, board, reveal):
    """What the reveal left behind: scores shown, the cheer heard, the pad's rumbles, the rules untouched."""
    return (reveal.shown, [s.score for s in board.public.seats], "victory" in room.ctx.audio.history,
            len(pad.vpad.rumbles), board.public.phase, [s.ready for s in board.public.seats])


def test_the_reveal_plays_as_a_show_and_a_skips_it_to_the_state_it_ends_in():
    room, pad, board = _scored_room()
    try:
        reveal = board.section
        best = reveal.cheered()
        assert best and not board.bots_may_act()  # someone scored: the bots wait for the show
        room.until(lambda: reveal.beat == 1)  # safe after safe… (5 ticks a frame: the second safe flies no point yet)
        counted = sum(reveal.shown) - sum(reveal.base)  # seat 0's safe: its finders and itself
        assert reveal.opening and counted == 2 * reveal.result.guessed_by[0]
        room.until(lambda: reveal.finale is not None)
        assert not reveal.finale.cheered  # …then the round's best are cheered
        room.until(lambda: board.stage != "reveal")
        played = _ended(room, pad, board, reveal)
    finally:
        room.ctx.stack.clear()
        room.close()
    assert played[0] == [float(score) for score in played[1]] and played[2]
    assert played[3] == (1 if 0 in best else 0)  # the pad rumbles only if its seat is among the best

    room, pad, board = _scored_room()
    try:
        room.run(3)  # the first safe is opening
        reveal = board.section
        assert reveal.opening and reveal.beat == 0
        pad.tap(Intent.CONFIRM)
        assert board.stage == "summary"  # skipped whole, in one press
        skipped = _ended(room, pad, board, reveal)
    finally:
        room.ctx.stack.clear()
        room.close()
    assert skipped == played  # the same end, and A was not taken as "ready" for the summary


def test_the_hubs_words_of_the_beats_to_come_are_fitted_between_frames(monkeypatch):
    """Issue 32 item 2: a new beat's words in the hub were fitted in its first frame (up
    to ~1 ms on a slow laptop, the reveal's slowest frames). Between frames the reveal
    fits the words to come, one text an idle time; once it has, no frame of the reveal
    fits any."""
    from game.app import after_frame
    from game.games.secret_identity.ui import hub

    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=4)
    board = start(ctx, "secret_identity")
    bots_play_to(ctx, board, "summary")
    reveal = board.section
    assert board.stage == "reveal"
    fits = []
    real_fit = hub._fit
    monkeypatch.setattr(hub, "_fit", lambda kit, parts: (fits.append(parts), real_fit(kit, parts))[1])
    canvas = ctx.kit.canvas()
    for _ in range(40):  # idle times between frames
        after_frame(ctx, canvas)
    ahead = len(fits)
    assert ahead >= 3 * 4  # each safe's three moments, at least
    drawn = set()
    while board.section is reveal and not reveal.done:
        ctx.stack.fixed_update(1 / 60)
        reveal.draw_hub(canvas)
        words = reveal._hub_words(reveal.beat, reveal.tick)
        drawn.add(words[:2] if words is not None else None)
    assert len(fits) == ahead and len(drawn) >= 8
    ctx.stack.clear()


def _reveal_frames(monkeypatch, between: bool):
    """Frames of a scored round's reveal, each a tick and a draw, with the idle time
    after each (``app.after_frame``) or without: per frame the (beat, tick) it showed,
    the panels (seats', cards') and the card faces it painted afresh; and those painted
    between frames."""
    from game.app import after_frame
    from game.games.secret_identity.ui import widgets

    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=6)
    board = start(ctx, "secret_identity")
    bots_play_to(ctx, board, "summary")
    reveal = board.section
    painted = {"panels": 0, "faces": 0}
    panels, real_paint = ctx.kit.panels, widgets.paint_character
    real_panel = panels.filled_panel

    def panel(surface, rect, key, paint, *args, **kwargs):
        def counted():
            painted["panels"] += 1
            paint()
        return real_panel(surface, rect, key, counted, *args, **kwargs)

    def character(surface, ctx_, character, rect, scale=1.0, *args, **kwargs):
        painted["faces"] += scale == widgets.FACE_SCALE
        return real_paint(surface, ctx_, character, rect, scale, *args, **kwargs)
    monkeypatch.setattr(panels, "filled_panel", panel)
    monkeypatch.setattr(widgets, "paint_character", character)
    canvas = ctx.kit.canvas()
    ctx.stack.draw(canvas, 1.0)  # the reveal's first frame: every panel and card
    after_frame(ctx, canvas)
    frames, ahead = [], {"panels": 0, "faces": 0}
    for _ in range(SAFE_TICKS * len(reveal.result.keys)):  # every safe opened
        before = dict(painted)
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.draw(canvas, 1.0)
        frames.append(((reveal.beat, reveal.tick), painted["panels"] - before["panels"], painted["faces"] - before["faces"]))
        before = dict(painted)
        if between:
            after_frame(ctx, canvas)
        else:  # (the panels drawn are remembered all the same)
            ctx.kit.panels.settle()
        ahead = {key: ahead[key] + painted[key] - before[key] for key in ahead}
    ctx.stack.clear()
    return frames, ahead


def test_a_beats_first_tick_its_swell_and_a_score_turning_are_taken_between_frames(monkeypatch):
    """Issue 32 item 2: the reveal's slowest frames were a new beat's (its seat panels
    painted afresh, highlighted or veiled), the open safe's card's first swollen size
    (its face made) and a score turning as the points count up (the scorers' panels).
    Between frames the board takes such a tick early (``Section.next_tick_redraws``)
    and the stack draws it ahead: no frame of the reveal paints a seat panel or a card's
    face, and every frame shows the moment it showed without the idle time's work."""
    in_frames, _ = _reveal_frames(monkeypatch, between=False)
    monkeypatch.undo()
    frames, ahead = _reveal_frames(monkeypatch, between=True)
    assert [moment for moment, _, _ in frames] == [moment for moment, _, _ in in_frames]
    assert sum(panels for _, panels, _ in in_frames) > 0 and sum(faces for _, _, faces in in_frames) > 0
    assert ahead["panels"] > 0 and ahead["faces"] > 0
    assert [(moment, panels, faces) for moment, panels, faces in frames if panels or faces] == []


def test_a_section_tick_is_taken_early_once_however_often_the_idle_time_asks():
    """Between two frames the stack asks its scenes again after each phone message it
    serves (``serve_phones_until``): a reveal's tick taken early is taken once, and the
    next fixed step skips it, so the reveal keeps its pace."""
    ctx = build_context(headless=True, lang="en", settings=Settings(), seats=4)
    board = start(ctx, "secret_identity")
    bots_play_to(ctx, board, "summary")
    reveal = board.section
    reveal.tick = SAFE_TICKS - 1  # the next tick opens the next safe
    canvas = ctx.kit.canvas()
    for _ in range(3):
        ctx.stack.between_frames(canvas)
    assert (reveal.beat, reveal.tick) == (1, 0)
    ctx.stack.fixed_update(1 / 60)
    assert (reveal.beat, reveal.tick) == (1, 0)  # the tick taken early
    ctx.stack.between_frames(canvas)  # the open safe's card's first swollen size: taken early too
    assert (reveal.beat, reveal.tick) == (1, 1)
    ctx.stack.fixed_update(1 / 60)
    assert (reveal.beat, reveal.tick) == (1, 1)
    ctx.stack.between_frames(canvas)  # nothing much changes on the next tick: not taken early
    ctx.stack.fixed_update(1 / 60)
    assert (reveal.beat, reveal.tick) == (1, 2)
    ctx.stack.clear()
