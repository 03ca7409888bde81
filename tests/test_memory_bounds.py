"""What the game keeps between frames stays bounded over a long evening (issue 18: the
soak's RSS crept while Incognito showed new places' and words' pictograms)."""

import os

import pygame

from game import icons as icon_index
from game.context import build_context
from game.settings import Settings
from game.ui.icons import ICON_CACHE_BYTES, Icons


def test_rendered_icons_stay_within_their_byte_budget_and_the_latest_stay():
    build_context(headless=True, settings=Settings())  # pygame + hidden display
    codes = sorted(name[:-4] for name in os.listdir(icon_index.svg_dir()) if name.endswith(".svg"))[:48]
    kept = Icons()
    shown = [kept.icon(code, 256) for code in codes]  # 48 × 256 KB: 12 MB of pictograms
    held = sum(surface.get_pitch() * surface.get_height() for surface in kept._icons.values())
    assert held <= ICON_CACHE_BYTES
    assert kept.icon(codes[-1], 256) is shown[-1]  # the latest are still there, not made again
    assert pygame.image.tobytes(kept.icon(codes[0], 256), "RGBA") == pygame.image.tobytes(shown[0], "RGBA")
