"""The game's version in a corner of the title screen and the credits."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...ui.kit import MIN_TEXT
from ...version import version

if TYPE_CHECKING:
    from ...ui.kit import UiKit


def draw_version(kit: UiKit, surface: pygame.Surface) -> None:
    """The game's version, small (still readable from the sofa) in the safe area's
    bottom right corner: title screen and credits."""
    safe = kit.safe_rect
    kit.blit_text(surface, f"v{version()}", MIN_TEXT, (safe.right - 8, safe.bottom - 8), "bottomright",
                  kit.colours.muted)
