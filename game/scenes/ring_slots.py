"""A ring option's face: the slot's panel and what it holds — an icon or a seat's shape
above the label, the label alone, or just the number. ``RingPicker._draw_slot`` adds the
number badge, the pointer's growth and the used stroke; a ring that draws its options
otherwise (Personality's cards) overrides ``RingPicker._draw_face``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..ui.fit import fit_text

if TYPE_CHECKING:
    from ..context import AppContext
    from ..ui.theme import SeatStyle
    from .ring import RingOption


def draw_face(ctx: AppContext, surface: pygame.Surface, option: RingOption, index: int, rect: pygame.Rect,
              pointer: SeatStyle | None, used: bool) -> None:
    """``pointer``: the peeker's seat style when it points here (its colour rims the
    slot); ``used``: greyed, inside its seat's peek only."""
    kit, c = ctx.kit, ctx.kit.colours
    if pointer is not None:
        kit.panel(surface, rect, c.panel_hi, radius=30, border=pointer.colour, border_width=8)
    else:
        kit.panel(surface, rect, c.panel if not used else c.bg, radius=28, border=c.panel_hi)
    label = None
    if option.label:
        # one line if it can (down to 28 px drawn), else broken at a space or a hyphen
        size, words = fit_text(kit, option.label, rect.width - 16, (30, 28))
        ink = c.text if option.seat is None else kit.seat_style(ctx.seats[option.seat].style).light
        label = kit.text(words, size, c.muted if used else ink, align="center")
    if label is not None:
        pictured = option.icon or option.seat is not None
        surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - 12)) if pictured
                     else label.get_rect(center=rect.center))
    room = rect.height - 20 - (label.get_height() if label is not None else 0)
    if option.icon:
        size = max(40, min(84, room - 6))
        icon = option.icon(kit, size) if callable(option.icon) else kit.icon(option.icon, size)
        surface.blit(icon, icon.get_rect(center=(rect.centerx, rect.y + 10 + room // 2)))
    elif option.seat is not None:
        style = ctx.seats[option.seat].style
        kit.seat_token(surface, style, (rect.centerx, rect.y + 10 + room // 2), max(20, min(38, room // 2 - 4)),
                       dim=used)
    if not option.icon and not option.label and option.seat is None:
        kit.blit_text(surface, str(option.number or index + 1), 72, rect.center, "center", c.text)
