"""How the canvas reaches the window (issue 32 item 4): the GPU scales it whole where SDL
has a GPU renderer; SDL's software renderer (the dummy driver's here, as a Linux box
without GL has) stretches only the bands that changed since the last frame, and the
window shows exactly what a whole present shows.

What the window shows is read from its own pixels (``tests/test_screen.py``)."""

import random

import pygame
import pytest

from game.app import App
from game.context import build_context
from game.present import BAND, BandPresenter, GpuPresenter, presenter_for, renderer_info
from game.settings import Settings
from tests.test_screen import window_pixels


@pytest.fixture
def app():
    ctx = build_context(headless=True, settings=Settings(fullscreen=False))
    made = App(ctx, clock=lambda: 0.0)
    made.window.size = (3840, 2160)
    pygame.event.pump()
    yield made
    made.hub.pads.close_all()
    pygame.display.set_mode((1, 1))  # no app window left for the next tests
    pygame.event.clear()


def _picture(canvas, seed):
    rng = random.Random(seed)
    canvas.fill((40, 28, 72))
    for _ in range(120):
        colour = [rng.randrange(256) for _ in range(3)]
        pygame.draw.circle(canvas, colour, (rng.randrange(1920), rng.randrange(1080)), rng.randrange(4, 90))


def _whole(app):
    """What the window shows when the canvas is presented whole (``display.flip``)."""
    pygame.display.flip()
    return window_pixels(app)


def _same(a, b):
    assert a.get_size() == b.get_size()
    width, height = a.get_size()
    differ = [(x, y) for y in range(0, height, 3) for x in range(0, width, 5) if a.get_at((x, y)) != b.get_at((x, y))]
    assert not differ, differ[:5]


def test_the_presenter_follows_the_renderer_sdl_picked(app):
    """A GPU renderer (SDL_RENDERER_ACCELERATED among its flags) scales the whole
    canvas; SDL's software renderer gets the bands."""
    assert renderer_info()[0] == "software" and app.presenter.kind == "bands"
    assert isinstance(presenter_for(app.window, app.canvas, ("opengl", 0x0E)), GpuPresenter)
    assert isinstance(presenter_for(app.window, app.canvas, ("direct3d11", 0x0A)), GpuPresenter)
    assert isinstance(presenter_for(app.window, app.canvas, ("software", 0x0D)), BandPresenter)


def test_only_the_bands_that_changed_are_drawn_and_the_window_shows_the_whole_picture(app):
    _picture(app.canvas, 1)
    app.present()
    assert app.presenter.bands_drawn == 1080 // BAND  # the first frame: all of it
    _same(window_pixels(app), _whole(app))

    app.present()
    assert app.presenter.bands_drawn == 0  # nothing changed: nothing is drawn

    pygame.draw.rect(app.canvas, (250, 250, 250), (700, 500, 300, 30))  # rows 500-529
    pygame.draw.circle(app.canvas, (10, 200, 60), (1500, 20), 15)        # rows 5-35
    app.present()
    assert app.presenter.bands_drawn == len({500 // BAND, 529 // BAND, 521 // BAND}) + len({5 // BAND, 35 // BAND})
    _same(window_pixels(app), _whole(app))


def test_a_window_resized_or_shown_again_is_drawn_whole(app):
    _picture(app.canvas, 2)
    app.present()
    app.window.size = (1366, 768)  # the bars move: all is drawn again
    pygame.event.pump()
    app.present()
    assert app.presenter.bands_drawn == 1080 // BAND
    _same(window_pixels(app), _whole(app))

    app.present()
    assert app.presenter.bands_drawn == 0
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.frame()  # the app pumps the event and draws a frame (an empty stack: black)
    assert app.presenter.bands_drawn == 1080 // BAND
