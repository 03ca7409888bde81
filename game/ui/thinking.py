"""The thinking bubble a board draws on a bot's seat while it takes its time (the
delay comes from the bot's own pace, never its secret: ``scenes/bot_driver.py``)."""

from __future__ import annotations

import math
from typing import Any

import pygame


def draw_thinking(surface: pygame.Surface, kit: Any, center: tuple[int, int], size: int, tick: int) -> None:
    """A speech bubble of three dots rising in turn at ``center``, ``size`` px tall; the
    dots move with ``tick`` (the session's clock)."""
    bubble = pygame.Rect(0, 0, size * 2, size)
    bubble.center = center
    pygame.draw.rect(surface, kit.colours.text, bubble, border_radius=size // 2)
    tail = (bubble.x + size // 2, bubble.bottom - 2)
    pygame.draw.polygon(surface, kit.colours.text, [tail, (tail[0] + size // 3, tail[1]),
                                                    (tail[0] - size // 6, tail[1] + size // 3)])
    phase = tick * 0.15
    for i in range(3):
        lift = max(0.0, math.sin(phase - i * 0.9)) * size * 0.15
        dot = (bubble.x + size // 2 + i * size // 2, int(bubble.centery - lift))
        pygame.draw.circle(surface, kit.colours.bg, dot, max(3, size // 9))
