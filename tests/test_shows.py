"""Shared shows (issue 26 item 3): one reveal pacing, one scores count-up and one end of
the match, each a section of the phase board that every game plays alike: timed in
ticks, hurried by a pad's CONFIRM or a phone's "Skip", bots (and phones) waiting; the
end's podium shares places between ties, counts up, cheers the winners and writes its
verdict only once the count has reached it."""

import pygame
import pytest

from game.companion.present import AGAIN, LOBBY, SKIP
from game.core.actions import Action
from game.core.session import Session
from game.input.intents import InputEvent, Intent
from game.scenes.shows import EndShow, RevealPacing, ScoresCountUp
from game.scenes.shows.celebration import shared_places
from game.ui.show import RUMBLE, Standing

from menu_helpers import make_ctx, tick
from test_phase_board import PhasedToy, ToyBoard
from toygame import ENTRY

A = InputEvent(("kb", "left"), Intent.CONFIRM, True)
B = InputEvent(("kb", "left"), Intent.BACK, True)


def toy(seats=4):
    """A toy board at a table of ``seats`` (the shows draw their seats' names and shapes),
    its rumbles recorded."""
    ctx = make_ctx(seats=seats)
    rumbles = []
    ctx.input = type("Hub", (), {"rumble": lambda self, *args: rumbles.append(args) or True,
                                 "held": lambda self, device: frozenset()})()
    board = ToyBoard(ctx, ENTRY, Session(PhasedToy(), {"seats": 2, "timer_scale": 1.0}, 3))
    ctx.stack.push(board)
    return ctx, board, rumbles


class Beats(RevealPacing):
    def __init__(self, board):
        super().__init__(board, (5, 3))
        self.began = []

    def on_beat(self, beat):
        self.began.append(beat)

    def draw(self, surface, view, alpha):
        surface.fill((0, 0, 0))


def test_a_reveal_plays_its_beats_in_ticks_holds_the_floor_and_a_skips_a_beat():
    ctx, board, _ = toy()
    reveal = Beats(board)
    board.show(reveal)
    assert not board.bots_may_act() and board.phones_wait() and board.show_to_skip()
    assert board.phone_submit(board.session.legal(0)[0]) == "watch_tv"
    tick(ctx, 4)
    assert (reveal.beat, reveal.tick, reveal.began) == (0, 4, [])
    tick(ctx)
    assert (reveal.beat, reveal.tick, reveal.began) == (1, 0, [1])
    for seat in (0, 1):  # the round closes meanwhile: its phase waits for the reveal
        board.submit(board.session.legal(seat)[0])
    assert board.section is reveal
    assert board.handle(0, A) and reveal.done and board.stage == "vote"  # A: the next beat, here the end
    board.show(Beats(board))
    assert board.phone_submit(Action(SKIP, 1)) is None and board.section.beat == 1  # a phone's Skip: the same


class Scores(ScoresCountUp):
    def __init__(self, board, before, after):
        super().__init__(board, before, after, seed=4)
        self.ready = []

    def go_on(self, seat):
        self.ready.append(seat)
        return True


def test_the_scores_count_up_from_where_the_round_found_them_and_cheer_its_leaders():
    ctx, board, rumbles = toy()
    scores = Scores(board, before=[1, 4, 2, 0], after=[3, 4, 4, 1])
    board.show(scores)
    assert [scores.count(s) for s in range(4)] == [1, 4, 2, 0]
    assert not board.bots_may_act() and board.phones_wait() and board.show_to_skip()
    tick(ctx, scores.show.cheer_tick + 1)
    assert scores.running and rumbles == [(1, *RUMBLE), (2, *RUMBLE)]  # the leaders, tied, cheered
    assert board.handle(0, A) and not scores.running and scores.ready == []  # A hurried the count only
    assert [scores.count(s) for s in range(4)] == [3, 4, 4, 1]
    assert board.bots_may_act() and not board.phones_wait() and not board.show_to_skip()
    assert board.handle(0, A) and scores.ready == [0]  # then A goes on
    canvas = pygame.Surface((1920, 1080))
    board.draw(canvas, 1.0)


def test_ties_share_a_place():
    assert shared_places([5, 7, 5, 2, 7]) == {0: 3, 1: 1, 2: 3, 3: 5, 4: 1}


class End(EndShow):
    def verdict(self, view):
        return "Ada and Bob share the victory!"

    def hints(self):
        return [(Intent.CONFIRM, "Again")] if not self.running else [(Intent.CONFIRM, "Skip")]


def golden(ctx, canvas, rect):
    """How many pixels of ``rect`` are the kit's gold (the verdict's ink)."""
    gold = ctx.kit.colours.gold
    return sum(canvas.get_at((x, y))[:3] == gold for x in range(rect.x, rect.right, 2)
               for y in range(rect.y, rect.bottom, 2))


def test_the_end_writes_its_verdict_only_once_the_count_up_reaches_it():
    ctx, board, rumbles = toy(seats=5)
    standings = [Standing(0, 9, 6, 1), Standing(1, 9, 9, 1), Standing(2, 7, 3, 3), Standing(3, 2, 2, 4),
                 Standing(4, 1, 0, 5)]
    end = End(board, standings, seed=2)
    board.show(end)
    canvas = pygame.Surface((1920, 1080))
    area, _kept = end.draw_frame(canvas, board.public, 1.0)
    strip = pygame.Rect(area.x, area.y, area.width, 60)
    counted = []
    while end.running:
        canvas.fill((0, 0, 0))
        board.draw(canvas, 1.0)
        assert golden(ctx, canvas, strip) == 0, f"the verdict shows at tick {end.show.tick} of {end.show.total}"
        counted.append(end.count(0))
        tick(ctx)
    assert counted[0] == 6 and counted[-1] == 9 and sorted(counted) == counted  # it counted up
    assert sorted(seat for seat, *_ in rumbles) == [0, 1]  # both winners cheered
    canvas.fill((0, 0, 0))
    board.draw(canvas, 1.0)
    assert golden(ctx, canvas, strip) > 50  # written once counted
    assert board.end_choices_open() and not board.show_to_skip() and not board.bots_may_act()
    assert not board.phones_wait()  # the match is over: nothing to wait for


@pytest.mark.parametrize("choice, again", [(A, True), (B, False)])
def test_the_end_offers_its_choices_once_its_show_is_over(choice, again, monkeypatch):
    ctx, board, _ = toy()
    finished = []
    monkeypatch.setattr(board, "finish", lambda again: finished.append(again))
    end = End(board, [Standing(s, s, 0, 4 - s) for s in range(4)], seed=1)
    board.show(end)
    assert board.show_to_skip() and not board.end_choices_open()
    assert board.phone_submit(Action(AGAIN, 0)) == "not_now"
    assert board.handle(0, B) is False and finished == []  # BACK does nothing while it runs
    assert board.handle(0, A) and not end.running and finished == []  # A skips the show first
    assert board.handle(0, choice) and finished == [again]
    assert board.phone_submit(Action(LOBBY, 1)) is None and finished == [again, False]
