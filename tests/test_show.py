"""The reveal/end-screen show (game/ui/show.py): columns rise, scores count up, the
winners get confetti, a fanfare and a rumble; A skips to the end."""

import pygame
import pytest

from game.context import build_context
from game.input.intents import InputEvent, Intent
from game.settings import Settings
from game.ui.show import CONFETTI_COUNT, CONFETTI_TICKS, RUMBLE, Show, Standing


class Pads:
    """The input hub's rumble, recorded."""

    def __init__(self):
        self.rumbles = []

    def rumble(self, seat, low, high, ms):
        self.rumbles.append((seat, low, high, ms))
        return True


class Sounds:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


@pytest.fixture
def ctx():
    ctx = build_context(headless=True, settings=Settings(), seats=4)
    ctx.input, ctx.audio = Pads(), Sounds()
    return ctx


STANDINGS = [Standing(0, 12, start=4, place=2), Standing(1, 20, start=9, place=1), Standing(2, 7, place=3),
             Standing(3, 7, place=3)]


def confirm(show, pressed=True):
    return show.handle(InputEvent(("pad", 100), Intent.CONFIRM, pressed))


def test_scores_count_up_from_their_start_once_their_column_has_risen(ctx):
    show = Show(ctx, STANDINGS, seed=5)
    seen = []
    while not show.done:
        seen.append(show.count(1))
        show.step()
    assert seen[0] == 9 and show.count(1) == 20
    assert seen == sorted(seen) and len(set(seen)) > 5  # it counts, it does not jump
    assert show.rise(1) == pytest.approx(1.0)


def test_the_winner_is_cheered_once_the_lowest_places_rise_first(ctx):
    show = Show(ctx, STANDINGS, seed=5)
    assert show.rise_start[3] < show.rise_start[2] < show.rise_start[1]
    while not show.done:
        show.step()
    assert ctx.input.rumbles == [(1, *RUMBLE)]  # the winner's pad only, once
    assert ctx.audio.played == ["victory"]
    assert len(show.confetti) == CONFETTI_COUNT
    assert {bit.style for bit in show.confetti} == {ctx.seats[1].style}


def test_a_skips_to_the_end_and_then_passes_through(ctx):
    show = Show(ctx, STANDINGS, seed=5)
    show.step()
    assert confirm(show) and show.done
    assert show.count(0) == 12 and show.count(1) == 20
    assert ctx.input.rumbles == [(1, *RUMBLE)]  # skipping still cheers the winner
    assert not confirm(show, pressed=False) and not confirm(show)
    assert not show.handle(InputEvent(("pad", 100), Intent.BACK, True))


def test_ties_share_a_place_and_rumble_together(ctx):
    show = Show(ctx, [Standing(0, 5, place=1), Standing(2, 5, place=1), Standing(1, 2, place=2)], seed=1)
    show.skip()
    assert sorted(seat for seat, *_ in ctx.input.rumbles) == [0, 2]


def test_the_podium_and_confetti_draw_and_the_scatter_follows_the_seed(ctx):
    show = Show(ctx, STANDINGS, seed=5)
    canvas = pygame.Surface((1920, 1080))
    area = pygame.Rect(360, 300, 1200, 700)
    ctx.kit.background(canvas)
    before = pygame.image.tobytes(canvas, "RGB")
    show.draw_podium(canvas, area)
    assert pygame.image.tobytes(canvas, "RGB") == before  # nothing has risen yet
    for _ in range(show.cheer_tick + 20):
        show.step()
    show.draw_podium(canvas, area)
    show.draw_confetti(canvas)
    assert pygame.image.tobytes(canvas, "RGB") != before
    margin = ctx.kit.safe_rect
    edge = canvas.subsurface((0, 0, margin.x, 1080)).copy()
    plain = pygame.Surface((1920, 1080))
    ctx.kit.background(plain)
    assert pygame.image.tobytes(edge, "RGB") == pygame.image.tobytes(plain.subsurface((0, 0, margin.x, 1080)), "RGB")
    again = Show(ctx, STANDINGS, seed=5)
    again.skip()
    assert again.confetti == show.confetti
    other = Show(ctx, STANDINGS, seed=6)
    other.skip()
    assert other.confetti != show.confetti



def test_confetti_discs_are_whole_inside_the_safe_area_all_through_the_fall(ctx):
    """No disc cut by the safe area's side, top or bottom line (a half disc stuck on a
    vertical line inside the screen, for the ~50 frames a slow drift took to cross it):
    each is drawn whole inside the area, or, while it crosses the line, not at all. The
    area is still the confetti's, from edge to edge; a clip the board set is kept too."""
    show = Show(ctx, STANDINGS, seed=5)
    for _ in range(show.cheer_tick):
        show.step()
    safe = ctx.kit.safe_rect
    discs = []
    draw_shape = ctx.kit.draw_shape

    def recorded(*args):
        discs.append(draw_shape(*args))
        return discs[-1]

    ctx.kit.draw_shape = recorded
    canvas = pygame.Surface((1920, 1080))
    for age in range(0, CONFETTI_TICKS, 2):
        show.draw_confetti(canvas, age - show.tick + 1 + show._cheer_at)
    assert len(discs) > 2000
    assert all(safe.contains(disc) for disc in discs), [disc for disc in discs if not safe.contains(disc)][:5]
    assert min(d.left for d in discs) - safe.left < 40 and safe.right - max(d.right for d in discs) < 40
    assert min(d.top for d in discs) - safe.top < 20 and safe.bottom - max(d.bottom for d in discs) < 40
    right_half = pygame.Rect(960, 0, 960, 1080)
    canvas.set_clip(right_half)
    discs.clear()
    show.draw_confetti(canvas, 40 - show.tick + 1 + show._cheer_at)
    assert discs and all(right_half.contains(disc) for disc in discs) and canvas.get_clip() == right_half


def test_no_confetti_disc_touches_the_keep_out_and_the_others_fall_whole_below_it(ctx):
    """Texts with no panel behind them are kept out whole-disc: a disc that would touch one
    of the rects is not drawn (no straight cut edge), the discs below them are."""
    show = Show(ctx, STANDINGS, seed=5)
    for _ in range(show.cheer_tick + 75):  # the first discs have fallen past the band
        show.step()
    band, block = pygame.Rect(0, 0, 1920, 300), pygame.Rect(300, 420, 1300, 180)
    discs = []
    draw_shape = ctx.kit.draw_shape

    def recorded(surface, shape, colour, centre, radius):
        discs.append(pygame.Rect(0, 0, 2 * radius, 2 * radius).move_to(center=centre))
        return draw_shape(surface, shape, colour, centre, radius)

    ctx.kit.draw_shape = recorded
    canvas = pygame.Surface((1920, 1080))
    show.draw_confetti(canvas, keep_out=[band, block])
    for kept_out in (band, block):
        untouched = pygame.mask.from_threshold(canvas.subsurface(kept_out), (0, 0, 0), (1, 1, 1, 255))
        assert untouched.count() == kept_out.width * kept_out.height
    assert canvas.get_clip() == canvas.get_rect()  # the clip it found, given back
    assert discs and not any(disc.collidelist([band, block]) >= 0 for disc in discs)
    assert any(disc.top < band.bottom + 40 for disc in discs)  # they fall from just under it
    kept = len(discs)
    discs.clear()
    show.draw_confetti(pygame.Surface((1920, 1080)))
    assert len(discs) > kept  # without it, the same moment has discs in the band


def test_the_podium_is_laid_out_once_and_again_only_when_what_it_measures_changes(ctx, monkeypatch):
    from game.ui import podium

    made = []
    layout = podium.PodiumLayout
    monkeypatch.setattr(podium, "PodiumLayout", lambda show, rect: made.append(rect) or layout(show, rect))
    show = Show(ctx, STANDINGS, seed=5)
    show.skip()
    canvas = pygame.Surface((1920, 1080))
    area = pygame.Rect(360, 300, 1200, 700)
    first = show.draw_podium(canvas, area)
    for _ in range(5):
        assert show.draw_podium(canvas, area) == first
    assert len(made) == 1  # every name is measured once, not every frame
    show.draw_podium(canvas, area.inflate(-200, 0))
    ctx.seats[STANDINGS[0].seat].name = "Anne-Élisabeth de la Tour"
    show.draw_podium(canvas, area.inflate(-200, 0))
    assert len(made) == 3  # a new rect, then a renamed seat: measured again
