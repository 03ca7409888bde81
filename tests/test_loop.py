"""The fixed-timestep loop under a hand-ticked clock (no sleeping)."""

from types import SimpleNamespace

import pytest

import game.app as app_module
from game.app import STEP, App, WrongPygame, ensure_pygame_ce
from game.scenes.base import Scene
from game.seats import SeatTable
from game.settings import Settings
from game.stack import SceneStack


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Counter(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.steps = 0
        self.frames = 0
        self.alphas: list[float] = []

    def fixed_update(self, dt: float) -> None:
        assert dt == STEP
        self.steps += 1

    def update(self, frame_dt: float) -> None:
        self.frames += 1

    def draw(self, surface, alpha: float) -> None:
        self.alphas.append(alpha)


@pytest.fixture
def loop():
    ctx = SimpleNamespace(settings=Settings(fullscreen=False), seats=SeatTable(),
                          stack=SceneStack(), input=None, importing_now=lambda: False)
    clock = FakeClock()
    app = App(ctx, clock=clock)
    scene = Counter()
    ctx.stack.push(scene)
    return app, clock, scene


def test_one_step_per_sixtieth(loop):
    app, clock, scene = loop
    for _ in range(120):
        clock.advance(1 / 60)
        app.frame()
    assert scene.steps == app.steps == 120
    assert scene.frames == app.frames == 120
    assert len(scene.alphas) == 120


def test_fast_frames_alternate_and_alpha_interpolates(loop):
    app, clock, scene = loop
    counts = []
    for _ in range(8):
        clock.advance(1 / 120)
        app.frame()
        counts.append(app.last_steps)
    assert counts == [0, 1] * 4
    assert scene.alphas[0] == pytest.approx(0.5)
    assert scene.alphas[1] == pytest.approx(0.0, abs=1e-6)


def test_alpha_is_the_leftover_fraction(loop):
    app, clock, scene = loop
    clock.advance(1.5 / 60)
    app.frame()
    assert app.last_steps == 1
    assert scene.alphas[-1] == pytest.approx(0.5)


def test_step_cap_drops_the_backlog(loop):
    app, clock, scene = loop
    clock.advance(0.2)  # 12 steps due
    app.frame()
    assert app.last_steps == 5
    assert app.accumulator == 0.0
    app.frame()  # no time passed: nothing owed any more
    assert app.last_steps == 0
    assert scene.steps == 5


def test_frame_time_is_clamped_to_a_quarter_second(loop, monkeypatch):
    app, clock, scene = loop
    monkeypatch.setattr(app_module, "MAX_STEPS", 1000)
    clock.advance(3.0)  # a long hitch counts as 0.25 s = 15 steps
    app.frame()
    assert app.last_steps == 15
    clock.advance(0.05)
    app.frame()
    assert app.last_steps == 3


def test_clock_going_backwards_runs_nothing(loop):
    app, clock, scene = loop
    clock.advance(-1.0)
    app.frame()
    assert app.last_steps == 0


def test_empty_stack_ends_the_loop(loop):
    app, clock, scene = loop
    assert app.running
    app.ctx.stack.pop()
    assert not app.running


def test_wrong_pygame_fails_with_a_clear_message():
    with pytest.raises(WrongPygame, match="pygame-ce"):
        ensure_pygame_ce(SimpleNamespace())
    ensure_pygame_ce(SimpleNamespace(IS_CE=1))


def test_quit_event_stops_the_loop(loop):
    app, clock, scene = loop
    import pygame

    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.frame()
    assert not app.running
