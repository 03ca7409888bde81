"""One board shape (issue 26 item 2): a phase board holds a section per screen, opens the
one its phase table names (when a phase starts, and on resuming), routes input, ticks and
drawing to the active section, and answers the table's hooks (phones, bots, skip, end
choices) from its flags; no game's board answers them itself."""

import importlib
import inspect
import pkgutil

import pygame
import pytest

from game.companion.present import AGAIN, SKIP
from game.core.actions import Action
from game.core.engine import Step
from game.core.events import PhaseStarted
from game.core.session import Session
from game.games import discover
from game.input.intents import InputEvent, Intent
from game.scenes.board import PhaseBoard, Section
from game.scenes.match import MatchScene

from menu_helpers import make_ctx, tick
from toygame import ENTRY, VOTE_TICKS, ToyBot, ToyGame

#: The hooks a phase board answers from its active section (``scenes/match.py``).
TABLE_HOOKS = ("phones_wait", "end_choices_open", "show_to_skip", "skip_show", "bots_may_act", "bot_legal",
               "board_now")


class PhasedToy(ToyGame):
    """The toy game telling each phase it starts, as declared phases do."""

    def step(self, state, action):
        step = super().step(state, action)
        if step.state.phase != state.phase:
            return Step(step.state, (*step.events, PhaseStarted(step.state.phase)))
        return step


class Vote(Section):
    name = "vote"

    def on_events(self, action, events):
        if any(isinstance(e, PhaseStarted) and e.phase in ("deal", "over") for e in events):
            self.board.show(Scores(self.board))  # the round's scores before the next deal

    def handle(self, seat, event):
        if self.press(event) and event.intent is Intent.CONFIRM:
            self.board.submit(self.board.session.legal(seat)[0])
            return True
        return False

    def draw(self, surface, view, alpha):
        surface.fill((0, 0, 90))


class Scores(Section):
    """A beat the table watches: it holds the floor until skipped."""

    name = "scores"
    bots_play = False
    phones_wait = True
    holds = True
    skippable = True

    def __init__(self, board):
        super().__init__(board)
        self.skipped = 0

    def skip(self):
        self.skipped += 1
        self.board.open_phase()

    def draw(self, surface, view, alpha):
        surface.fill((90, 0, 0))


class Over(Section):
    name = "over"
    bots_play = False
    end_choices = True

    def draw(self, surface, view, alpha):
        surface.fill((0, 90, 0))


class ToyBoard(PhaseBoard):
    SECTIONS = {"vote": Vote, "over": Over}

    def __init__(self, ctx, entry, session, bots=None):
        super().__init__(ctx, entry, session, bots)
        self.open_phase()


def board(rounds=2, bots=None, seats=2):
    ctx = make_ctx(seats=seats)
    session = Session(PhasedToy(), {"seats": 2, "rounds": rounds, "timer_scale": 1.0}, 3)
    made = ToyBoard(ctx, ENTRY, session, bots)
    ctx.stack.push(made)
    return ctx, made


def vote(made, seat=0):
    assert made.submit(made.session.legal(seat)[0]) is None


def test_the_phase_table_opens_a_section_on_resuming_and_when_its_phase_starts():
    ctx, made = board()
    assert made.stage == "vote" and made.public.phase == "vote"
    vote(made, 0)
    vote(made, 1)  # the round closes: the vote's own beat (the scores) holds the floor
    assert made.public.phase == "vote" and made.stage == "scores"
    made.skip_show()
    assert made.stage == "vote" and made.section.ticks == 0
    tick(ctx, 3)
    assert made.section.ticks == 3  # the active section is ticked
    vote(made, 0)
    vote(made, 1)
    made.skip_show()
    assert made.session.outcome() is not None and made.stage == "over"
    resumed = ToyBoard(ctx, ENTRY, made.session)
    assert resumed.stage == "over"


def test_a_phase_without_a_section_is_refused_when_a_board_opens():
    class NoVote(ToyBoard):
        SECTIONS = {"over": Over}

    with pytest.raises(LookupError, match="'vote'"):
        NoVote(make_ctx(seats=2), ENTRY, Session(PhasedToy(), {"seats": 2}, 3))


def test_the_table_hooks_come_from_the_active_section():
    ctx, made = board(rounds=1)
    assert made.bots_may_act() and not made.phones_wait() and not made.show_to_skip()
    assert made.phone_submit(Action(SKIP, 0)) == "not_now"
    vote(made, 0)
    vote(made, 1)
    assert made.stage == "scores"
    assert not made.bots_may_act() and made.phones_wait() and made.show_to_skip() and not made.end_choices_open()
    now = made.board_now()
    assert now.watching and now.skip and not now.end_choices
    assert made.phone_submit(Action(SKIP, 1)) is None and made.section.name == "over"  # a phone's Skip is the section's
    assert made.end_choices_open() and made.board_now().end_choices and not made.bots_may_act()
    assert made.phone_submit(Action(AGAIN, 0)) is None and ctx.stack.top is not made  # played again


def test_a_section_narrows_what_bots_may_choose():
    class OnlyHigh(Vote):
        def bot_legal(self, seat):
            return [a for a in super().bot_legal(seat) if a.data["choice"] == "high"]

    class Board(ToyBoard):
        SECTIONS = {"vote": OnlyHigh, "over": Over}

    ctx = make_ctx(seats=2)
    from game.core.rng import Rng

    made = Board(ctx, ENTRY, Session(PhasedToy(), {"seats": 2, "timer_scale": 1.0}, 3),
                 {1: ToyBot(1, Rng.from_seed("b"))})
    made.bot_delay = (1, 1)
    ctx.stack.push(made)
    assert [a.data["choice"] for a in made.bot_legal(1)] == ["high"]
    for _ in range(VOTE_TICKS // 2):
        tick(ctx)
        if made.session.view(1).private.my_vote is not None:
            break
    assert made.session.view(1).private.my_vote == "high"


def test_input_goes_to_the_active_section_from_the_seats_at_the_table():
    ctx, made = board()
    seen = []
    made.section.handle = lambda seat, event: seen.append((seat, event.intent)) or True
    confirm = InputEvent(("kb", "left"), Intent.CONFIRM, True)
    assert made.handle(0, confirm) and seen == [(0, Intent.CONFIRM)]
    assert not made.handle(None, confirm) and not made.handle(5, confirm) and len(seen) == 1
    menu = InputEvent(("kb", "left"), Intent.MENU, True)
    assert made.handle(0, menu) and len(seen) == 1  # MENU pauses (no menus here: nothing opens)


def test_the_board_draws_its_section_with_the_public_view():
    ctx, made = board()
    drawn = []
    made.section.draw = lambda surface, view, alpha: drawn.append((view, alpha))
    canvas = pygame.Surface((1920, 1080))
    made.draw(canvas, 0.5)
    assert drawn == [(made.session.view(None).public, 0.5)]
    assert made.public is made.public  # made once per state
    vote(made, 0)
    assert made.public.voted == (True, False)


def game_boards(package):
    """The board classes a game's ``ui`` package defines (scenes a match is on: a base
    its boards share, as Secret Identity's two modes do, is none)."""
    ui = importlib.import_module(f"{package}.ui")
    found = []
    for info in pkgutil.iter_modules(ui.__path__, f"{ui.__name__}."):
        module = importlib.import_module(info.name)
        found += [cls for _, cls in inspect.getmembers(module, inspect.isclass)
                  if issubclass(cls, MatchScene) and cls.__module__ == module.__name__]
    return [cls for cls in found if not any(other is not cls and issubclass(other, cls) for other in found)]


@pytest.mark.parametrize("package", sorted(plugin.package for plugin in discover()))
def test_every_game_board_is_a_phase_board_that_leaves_the_table_hooks_to_its_sections(package):
    boards = game_boards(package)
    assert boards, f"{package} has no board"
    for cls in boards:
        assert issubclass(cls, PhaseBoard), f"{cls.__name__} is not a phase board"
        overriding = [f"{klass.__name__}.{hook}" for klass in cls.__mro__ if issubclass(klass, PhaseBoard)
                      and klass is not PhaseBoard for hook in TABLE_HOOKS if hook in vars(klass)]
        assert not overriding, overriding
        assert cls.SECTIONS, f"{cls.__name__} declares its phase table"
