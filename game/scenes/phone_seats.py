"""Seats played on phones, as the boards treat them (issue 17, item 5).

A phone shows its seat's private view and takes its moves (game/companion), so a
board never opens a peek curtain, a "look away" or a "pass the pad" for such a seat:
it asks :func:`pads_first` or :func:`pad_seats` who needs one. Where the curtain would
have been, the TV shows only public progress for the phone seat — its colour, shape
and name and that it plays on its phone (:func:`draw_phone_turn`), or a phone mark
beside its name (:func:`draw_phone_mark`) while it must act. Nothing here depends on
what the phone shows: only on which seats are phones and which must act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import pygame

if TYPE_CHECKING:
    from ..context import AppContext

#: OpenMoji "mobile phone".
PHONE_ICON = "1F4F1"


def on_phone(ctx: AppContext, seat: int | None) -> bool:
    """``seat`` is played on a phone (connected, or reconnecting)."""
    return seat is not None and 0 <= seat < len(ctx.seats) and ctx.seats[seat].on_phone


def pad_seats(ctx: AppContext, seats: Iterable[int]) -> list[int]:
    """The seats among ``seats`` (in their order) that play on the TV: pads, keyboards."""
    return [seat for seat in seats if not on_phone(ctx, seat)]


def pads_first(ctx: AppContext, seats: Iterable[int]) -> list[int]:
    """``seats`` in table order with the phones after the pads, so the first is the one a
    curtain opens for (a phone is never it while a pad seat waits)."""
    return sorted(seats, key=lambda seat: (on_phone(ctx, seat), seat))


def draw_phone_mark(ctx: AppContext, surface: pygame.Surface, seat: int | None, center: tuple[int, int],
                    size: int = 40) -> bool:
    """A phone icon at ``center`` when ``seat`` plays on a phone; True if drawn."""
    if not on_phone(ctx, seat):
        return False
    icon = ctx.kit.icon(PHONE_ICON, size)
    surface.blit(icon, icon.get_rect(center=center))
    return True


def draw_phone_turn(ctx: AppContext, surface: pygame.Surface, seat: int, center: tuple[int, int],
                    max_width: int = 1100) -> pygame.Rect:
    """Where a peek curtain would have opened: a pill with the seat's token and name and
    "plays on the phone", and a phone icon. Returns the pill's rectangle."""
    kit = ctx.kit
    player = ctx.seats[seat]
    style = kit.seat_style(player.style)
    words = ctx.t("companion.on_phone", name=player.name)
    size = kit.text(words, 36, kit.colours.text, max_width=max_width - 200).get_size()
    box = pygame.Rect(0, 0, min(max_width, size[0] + 200), max(96, size[1] + 24))
    box.center = center
    kit.panel(surface, box, kit.colours.panel_hi, radius=48, border=style.colour, shadow=False)
    kit.seat_token(surface, player.style, (box.x + 52, box.centery), 30)
    kit.blit_text(surface, words, 36, (box.x + 98, box.centery), "midleft", kit.colours.text, max_width=max_width - 200)
    draw_phone_mark(ctx, surface, seat, (box.right - 52, box.centery), 56)
    return box
