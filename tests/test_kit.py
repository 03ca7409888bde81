"""UI kit: cached text that wraps and scales, icons, seat styles, ring geometry, widgets."""

import subprocess
import sys

import pygame
import pytest

from game.context import build_context
from game.icons import icon_exists
from game.input.intents import Intent
from game.seats import Seat
from game.settings import Settings
from game.ui.kit import MIN_TEXT, SEAT_STYLES, SHAPES, UiKit, font_path, ring_positions

FRENCH = "àâçéèêëîïôùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛÜŸŒÆ«»’…"


@pytest.fixture(scope="module")
def kit():
    build_context(headless=True, settings=Settings())  # pygame + hidden display
    return UiKit(Settings())


def test_text_is_cached_and_wraps_to_the_width(kit):
    one = kit.text("Tout le monde, regardez ailleurs !", 40)
    assert kit.text("Tout le monde, regardez ailleurs !", 40) is one
    wrapped = kit.text("Tout le monde, regardez ailleurs !", 40, max_width=300)
    assert wrapped.get_height() > one.get_height()
    assert all(kit.font(40).size(line)[0] <= 300 for line in kit.wrap("Tout le monde, regardez ailleurs !", 40, 300))
    centred = kit.text("a\nbb", 40, max_width=500, align="center")
    assert centred.get_width() == 500


def test_text_scale_setting_makes_text_bigger():
    small, big = UiKit(Settings(text_scale=1.0)), UiKit(Settings(text_scale=1.3))
    assert big.text("Bonjour", 40).get_height() > small.text("Bonjour", 40).get_height()


def test_font_covers_every_french_character(kit):
    font = pygame.font.Font(str(font_path()), 40)
    missing = pygame.image.tobytes(font.render("\u4e2d", True, (255, 255, 255)), "RGBA")
    for char in FRENCH:
        assert pygame.image.tobytes(font.render(char, True, (255, 255, 255)), "RGBA") != missing, char


def test_icons_load_at_size_cached_and_unknown_codes_fail_clearly(kit):
    crown = kit.icon("1F451", 96)
    assert crown.get_size() == (96, 96) and kit.icon("1F451", 96) is crown
    with pytest.raises(KeyError, match="NOPE"):
        kit.icon("NOPE", 64)
    assert icon_exists("1F451") and icon_exists("1F9D9-200D-2642-FE0F") and not icon_exists("1f451")


def test_icon_index_is_pure():
    code = "import sys, game.icons as i; assert i.icon_exists('1F451'); assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_eight_seat_styles_differ_in_colour_shape_and_lightness():
    assert len(SEAT_STYLES) == 8
    assert sorted(s.shape for s in SEAT_STYLES) == sorted(SHAPES)
    assert len({s.colour for s in SEAT_STYLES}) == 8

    def lightness(c):
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

    values = sorted(lightness(s.colour) for s in SEAT_STYLES)
    assert values[-1] - values[0] > 100  # a wide spread, not eight hues of one lightness
    for style in SEAT_STYLES:
        assert lightness(style.light) > lightness(style.colour) > lightness(style.dark)


def test_seat_badge_shows_shape_and_name(kit):
    canvas = pygame.Surface((400, 300))
    seat = Seat(index=0, name="Élodie", style=4, device=None)
    rect = kit.draw_seat_badge(canvas, seat, (200, 100), 80)
    assert rect.collidepoint(200, 100) and rect.height > 80 + MIN_TEXT
    assert canvas.get_at((200, 100))[:3] != (0, 0, 0)


@pytest.mark.parametrize("shape", SHAPES)
def test_every_shape_draws(kit, shape):
    canvas = pygame.Surface((100, 100))
    kit.draw_shape(canvas, shape, (255, 200, 0), (50, 50), 30)
    assert canvas.get_at((50, 52))[:3] != (0, 0, 0)


def test_ring_positions_start_at_twelve_and_go_clockwise():
    assert ring_positions(4, (100, 100), 50) == [(100, 50), (150, 100), (100, 150), (50, 100)]
    eight = ring_positions(8, (0, 0), 100)
    assert eight[0] == (0, -100) and eight[1][0] > 0 and eight[1][1] < 0


def test_safe_rect_follows_the_setting():
    assert UiKit(Settings(safe_area=0.1)).safe_rect == pygame.Rect(192, 108, 1536, 864)
    assert UiKit(Settings(safe_area=0.05)).safe_rect == pygame.Rect(96, 54, 1728, 972)


def test_button_glyphs_for_every_pad_intent(kit):
    for intent in (Intent.CONFIRM, Intent.BACK, Intent.ALT, Intent.PEEK, Intent.MENU, Intent.SHOULDER_L,
                   Intent.SHOULDER_R, Intent.UP, Intent.STICK):
        assert kit.button_hint(intent, 40).get_height() == 40
    assert kit.button_hint("A", 40) is kit.button_hint(Intent.CONFIRM, 40)
    canvas = kit.canvas()
    box = kit.hint_bar(canvas, [(Intent.CONFIRM, "Confirmer"), (Intent.BACK, "Retour")])
    assert kit.safe_rect.contains(box)


def test_countdown_draws_only_with_a_limit_and_turns_red_at_the_end(kit):
    blank = kit.canvas()
    canvas = kit.canvas()
    kit.countdown(canvas, (300, 300), 5.0, 0)
    assert pygame.image.tobytes(canvas, "RGB") == pygame.image.tobytes(blank, "RGB")
    calm, urgent = kit.canvas(), kit.canvas()
    kit.countdown(calm, (300, 300), 8.0, 10.0)
    kit.countdown(urgent, (300, 300), 2.5, 10.0)

    def reds(surface):
        area = surface.subsurface(pygame.Rect(150, 150, 300, 300))
        return sum(1 for x in range(0, 300, 3) for y in range(0, 300, 3) if area.get_at((x, y))[:3] == kit.colours.bad)

    assert reds(urgent) > 50 and reds(calm) == 0
