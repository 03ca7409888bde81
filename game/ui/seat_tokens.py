"""Seats on screen: a seat's style, its token (shape in its colour) and its badge (the
token with its name), so a seat is always told apart by colour, shape and name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence

import pygame

from .theme import MIN_TEXT, SEAT_STYLES, SeatStyle, mix

if TYPE_CHECKING:
    from .kit import UiKit


class Badged(Protocol):
    """What a seat's badge shows: its name and its style (a ``game.seats.Seat``)."""

    @property
    def name(self) -> str: ...

    @property
    def style(self) -> int: ...


class SeatTokens:
    def __init__(self, kit: UiKit) -> None:
        self.kit = kit

    @staticmethod
    def seat_style(style: int) -> SeatStyle:
        return SEAT_STYLES[style % len(SEAT_STYLES)]

    def seat_token(self, surface: pygame.Surface, style: int, center: Sequence[int], radius: int,
                   dim: bool = False) -> pygame.Rect:
        """The seat's shape in its colour with a dark rim (no name)."""
        st = self.seat_style(style)
        colour = mix(st.colour, self.kit.colours.panel, 0.6) if dim else st.colour
        return self.kit.draw_shape(surface, st.shape, colour, center, radius, outline=st.dark, gloss=True)

    def draw_seat_badge(self, surface: pygame.Surface, seat: Badged, center: Sequence[int], size: int = 64,
                        label: bool = True, dim: bool = False, beside: bool = False,
                        name_size: int | None = None) -> pygame.Rect:
        """Seat shape in its colour and, with ``label``, its name under it (or ``beside``).

        ``seat`` is anything with ``.name`` and ``.style`` (a ``game.seats.Seat``)."""
        cx, cy = int(center[0]), int(center[1])
        st = self.seat_style(seat.style)
        rect = self.kit.seat_token(surface, seat.style, (cx, cy), size // 2, dim)
        if not label:
            return rect
        size_px = name_size or max(MIN_TEXT, int(size * 0.5))
        colour = self.kit.colours.muted if dim else st.light
        if beside:
            name_rect = self.kit.blit_text(surface, seat.name, size_px, (rect.right + size // 5, cy), "midleft",
                                           colour, shadow=True)
        else:
            name_rect = self.kit.blit_text(surface, seat.name, size_px, (cx, rect.bottom + 2), "midtop", colour,
                                           shadow=True)
        return rect.union(name_rect)
