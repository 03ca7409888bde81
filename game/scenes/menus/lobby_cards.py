"""The lobby's seat cards: a taken seat (token, name, device, a bot's level chip drawn
by the lobby over it) and a free one (how to join). Their texts are fitted once
(:mod:`game.ui.fit` remembers each fit), not on every frame."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ...input.intents import Intent
from ...seats import is_phone
from ...ui.fit import fit_size, fit_text

if TYPE_CHECKING:
    from ...seats import Seat
    from .lobby import LobbyScene

#: The icon of each kind of device on a seat's card.
DEVICE_ICONS = {"pad": "1F3AE", "kb": "2328", "bot": "1F916", "phone": "1F4F1"}


def draw_seat(lobby: LobbyScene, surface: pygame.Surface, seat: Seat, rect: pygame.Rect, t: float) -> None:
    kit = lobby.kit
    style = kit.seat_style(seat.style)
    kit.panel(surface, rect, style.dark, radius=28, border=style.colour)
    if seat.bot:
        kind, label = "bot", None  # its level chip stands where a device's name goes
    elif seat.reconnecting or is_phone(seat.device):
        kind, label = "phone", lobby.t("companion.reconnecting" if seat.reconnecting else "companion.phone")
    elif isinstance(seat.device, tuple) and seat.device[0] == "kb":
        kind, label = "kb", lobby.t(f"lobby.kb_{seat.device[1]}")
    else:
        kind, label = "pad", lobby.t("lobby.pad")
    size, lines = fit_text(kit, seat.name, rect.width - 12)  # "Bartholomew" whole at the largest text size
    name = kit.text(lines, size, style.light, align="center", shadow=True)
    # a name in two lines, or one too wide for the token to stand above it on a short card
    if lobby.phone_rect() is not None and label is not None and ("\n" in lines or name.get_width() > rect.width - 40):
        _draw_short_seat(lobby, surface, seat, rect, label, name)
        return
    icon = kit.icon(DEVICE_ICONS[kind], 52)
    icon_rect = surface.blit(icon, icon.get_rect(topright=(rect.right - 12, rect.y + 10)))
    if label is None:
        device = lobby.chip_rect(rect)  # drawn over the card in draw_front
    else:
        device = kit.blit_text(surface, label, 28, (rect.centerx, rect.bottom - 16), "midbottom",
                               kit.colours.text, max_width=rect.width - 20, align="center", shadow=True)
    top = min(int(rect.y + rect.height * 0.56), device.top - 8 - name.get_height())
    surface.blit(name, name.get_rect(midtop=(rect.centerx, top)))
    # the token between the device icon and the name (smaller when a long name takes room)
    radius = min(64, rect.width // 4, int(rect.height * 0.17), (top - (icon_rect.bottom + 4)) // 2 - 4)
    bob = kit.motion(math.sin(t * 0.06 + seat.index) * 4)
    y = min(int(rect.y + rect.height * 0.32 + bob), top - 6 - radius)
    kit.seat_token(surface, seat.style, (rect.centerx, y), max(24, radius))

def _draw_short_seat(lobby: LobbyScene, surface: pygame.Surface, seat: Seat, rect: pygame.Rect, label: str,
                 name: pygame.Surface) -> None:
    """A card made short by the phone panel, holding a long name: the token and the
    device's words share the top row (the words say what the icon would), the name
    fills the rest."""
    kit = lobby.kit
    token = kit.seat_token(surface, seat.style, (rect.x + 36, rect.y + 38), 24)
    size, words = fit_text(kit, label, rect.right - 10 - (token.right + 8), (28,))
    row = kit.blit_text(surface, words, size, (token.right + 8, token.centery), "midleft", kit.colours.text,
                        shadow=True)
    top = max(token.bottom, row.bottom) + 6
    surface.blit(name, name.get_rect(center=(rect.centerx, (top + rect.bottom - 10) // 2)))

def draw_free(lobby: LobbyScene, surface: pygame.Surface, rect: pygame.Rect, first: bool, t: float) -> None:
    kit = lobby.kit
    kit.panel(surface, rect, (*kit.colours.panel, 150), radius=28, shadow=False)
    if not first:
        kit.blit_text(surface, lobby.t("lobby.free_seat"), 30, rect.center, "center", kit.colours.muted)
        return
    pulse = 0.5 + kit.motion(0.5 * math.sin(t * 0.1))
    pygame.draw.rect(surface, kit.colours.accent, rect.inflate(int(6 * pulse), int(6 * pulse)), width=4,
                     border_radius=30)
    short = rect.height < 300  # the phone panel takes room under the seats
    glyph = kit.button_hint(Intent.CONFIRM, 48 if short else 64)
    glyph_rect = surface.blit(glyph, glyph.get_rect(center=(rect.centerx, int(rect.y + rect.height * (0.2 if short else 0.26)))))
    join = lobby.t("lobby.join")
    joined = kit.blit_text(surface, join, fit_size(kit, join, rect.width - 24, (34, 30, 28)),
                           (rect.centerx, glyph_rect.bottom + (8 if short else 14)), "midtop",
                           max_width=rect.width - 24, align="center")
    keys = kit.text(lobby.t("lobby.join_keys"), 28, kit.colours.muted, max_width=rect.width - 24, align="center")
    place = keys.get_rect(midbottom=(rect.centerx, rect.bottom - (10 if short else 16)))
    if place.top >= joined.bottom:  # the hint bar says how to join too
        surface.blit(keys, place)
