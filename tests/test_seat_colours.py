"""Seat colours with any colour vision, and the high-contrast theme (issue 31 item 3).

Every pair of the eight seat colours stays apart when protanopia, deuteranopia and
tritanopia are simulated (colorspacious: Machado, Oliveira & Fernandes 2009 at full
severity, the dichromat's worst case) and measured as ΔE in CAM02-UCS (Luo, Cui & Li
2006, where 1 is about a just noticeable difference between two patches that touch).

The threshold: **ΔE ≥ 12 under each simulated dichromacy, ≥ 24 with normal vision.**
Seat tokens are small, apart from one another and seen from a sofa, where a few JNDs do
not tell two colours apart at a glance; a dozen do for the eight hues we use (the colours
under this threshold before the palette's fix — sky and orchid at 7.2 for a
deuteranope, sky and mint at 9.1 for a tritanope — were the ones that read alike on a
simulated screen). Normal vision is asked twice as much, as the palette is made for it.
Colour is never the only cue anyway: each seat has its own shape, on the TV and on the
phone, which the last tests check.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pygame
import pytest

from game.settings import Settings
from game.ui.kit import UiKit
from game.ui.theme import HIGH_CONTRAST, SEAT_STYLES, SHAPES, Palette, palette_for

colorspacious = pytest.importorskip("colorspacious", reason="colorspacious is a test extra (pip install -e '.[test]')")
np = pytest.importorskip("numpy")

CVD_THRESHOLD = 12.0
NORMAL_THRESHOLD = 24.0
VISIONS = {"normal": None, "protanopia": "protanomaly", "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}
APP_JS = Path(__file__).resolve().parents[1] / "game" / "companion" / "static" / "app.js"


def seen(vision: str) -> np.ndarray:
    """The seat colours (sRGB 0–1) as a person with ``vision`` sees them."""
    colours = np.array([style.colour for style in SEAT_STYLES], float) / 255
    cvd = VISIONS[vision]
    if cvd is None:
        return colours
    space = {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100}
    return np.clip(colorspacious.cspace_convert(colours, space, "sRGB1"), 0, 1)


def distances(vision: str) -> dict[tuple[str, str], float]:
    """CAM02-UCS ΔE of every pair of seat colours, by the colours' names."""
    colours = seen(vision)
    names = [style.name_key.rsplit(".", 1)[1] for style in SEAT_STYLES]
    return {(names[i], names[j]): float(colorspacious.deltaE(colours[i], colours[j], input_space="sRGB1",
                                                            uniform_space="CAM02-UCS"))
            for i, j in itertools.combinations(range(len(SEAT_STYLES)), 2)}


@pytest.mark.parametrize("vision", sorted(VISIONS))
def test_every_pair_of_seat_colours_stays_apart(vision):
    threshold = NORMAL_THRESHOLD if vision == "normal" else CVD_THRESHOLD
    found = distances(vision)
    close = {pair: round(d, 1) for pair, d in found.items() if d < threshold}
    assert not close, f"{vision}: seat colours closer than ΔE {threshold}: {close}"


def test_the_simulation_tells_a_confusion_pair_apart_from_a_safe_one():
    """The simulation is the dichromats': red and green meet for a deuteranope, blue and
    orange never do."""
    def delta(a, b, cvd):
        pair = np.array([a, b], float) / 255
        pair = np.clip(colorspacious.cspace_convert(pair, {"name": "sRGB1+CVD", "cvd_type": cvd, "severity": 100},
                                                    "sRGB1"), 0, 1)
        return colorspacious.deltaE(pair[0], pair[1], input_space="sRGB1", uniform_space="CAM02-UCS")

    assert delta((200, 60, 50), (90, 140, 40), "deuteranomaly") < CVD_THRESHOLD / 2
    assert delta((40, 110, 230), (240, 150, 30), "deuteranomaly") > CVD_THRESHOLD * 2


def test_every_seat_colour_has_its_own_shape_on_the_tv_and_on_the_phone():
    assert sorted(style.shape for style in SEAT_STYLES) == sorted(SHAPES)
    phone_shapes = set(re.findall(r"^\s+(\w+): '<", APP_JS.read_text(), re.M))
    assert set(SHAPES) <= phone_shapes, set(SHAPES) - phone_shapes


def test_the_tokens_differ_by_shape_alone():
    """Drawn in one colour, any two seats' tokens still cover different pixels."""
    kit = UiKit(Settings())
    masks = []
    for style in SEAT_STYLES:
        surface = pygame.Surface((200, 200), pygame.SRCALPHA)
        kit.draw_shape(surface, style.shape, (255, 255, 255), (100, 100), 60, outline=(0, 0, 0))
        masks.append(pygame.mask.from_surface(surface, 127))
    for (i, a), (j, b) in itertools.combinations(enumerate(masks), 2):
        differ = a.count() + b.count() - 2 * a.overlap_area(b, (0, 0))
        assert differ > 0.1 * max(a.count(), b.count()), (SEAT_STYLES[i].shape, SEAT_STYLES[j].shape)


def contrast(a, b) -> float:
    def luminance(colour) -> float:
        channels = [c / 255 for c in colour]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_high_contrast_theme_reads_stronger_on_every_ground():
    """Every text colour on every ground at 7:1 or more (WCAG AAA), and stronger than the
    usual theme's; the setting picks it."""
    usual = Palette()
    assert palette_for(Settings(high_contrast=True)) == HIGH_CONTRAST
    assert palette_for(Settings()) == usual
    for ink in ("text", "muted", "accent", "good", "bad", "gold"):
        for ground in ("bg", "bg2", "panel"):
            strong = contrast(getattr(HIGH_CONTRAST, ink), getattr(HIGH_CONTRAST, ground))
            assert strong >= 7.0, (ink, ground, strong)
            assert strong > contrast(getattr(usual, ink), getattr(usual, ground)), (ink, ground)


def test_the_high_contrast_theme_draws_thicker_outlines():
    """A seat token's rim and a panel's border are twice as thick."""
    def rim_and_border(settings: Settings) -> tuple[int, int]:
        kit = UiKit(settings)
        token = pygame.Surface((200, 200), pygame.SRCALPHA)
        kit.draw_shape(token, "square", (255, 255, 255), (100, 100), 60, outline=(255, 0, 0))
        rim = sum(1 for x in range(200) for y in range(200) if token.get_at((x, y))[:3] == (255, 0, 0))
        panel = pygame.Surface((300, 200))
        kit.panel(panel, (20, 20, 260, 160), (0, 0, 0), radius=10, border=(0, 255, 0), shadow=False)
        border = sum(1 for y in range(200) if panel.get_at((150, y))[:3] == (0, 255, 0))
        return rim, border

    rim, border = rim_and_border(Settings())
    strong_rim, strong_border = rim_and_border(Settings(high_contrast=True))
    assert strong_border == 2 * border
    assert strong_rim > 1.8 * rim


def test_turning_high_contrast_on_retheme_the_kit_at_once():
    settings = Settings()
    kit = UiKit(settings)
    canvas = pygame.Surface((1920, 1080))
    kit.background(canvas)
    usual = canvas.get_at((960, 20))
    settings.high_contrast = True
    kit.retheme()
    assert kit.colours == HIGH_CONTRAST
    kit.background(canvas)
    assert sum(canvas.get_at((960, 20))[:3]) < sum(usual[:3])
