"""The lobby's phone panel, drawn by the screens phones join at (the lobby, "take your
seats"): the QR code, the short address and the room code, or in plain words why
phones cannot join. With the streaming setting "room code hidden" it shows neither the
code nor the QR code (which holds it) unless a seated player holds PEEK on the lobby;
a room password shows only then too."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..input.intents import Intent
from ..ui.fit import fit_text, smallest_size
from ..ui.theme import mix

if TYPE_CHECKING:
    from ..companion.bridge import Companion
    from ..context import AppContext

#: The QR code's quiet zone, in modules (the standard asks for 4; 2 scans on a screen).
QR_BORDER = 2


class QrCache:
    """The join QR code as a surface, made once per address."""

    def __init__(self) -> None:
        self.text: str | None = None
        self.surface: pygame.Surface | None = None

    def get(self, text: str, size: int) -> pygame.Surface:
        if self.text != text or self.surface is None or self.surface.get_width() > size:
            self.text, self.surface = text, qr_surface(text, size)
        return self.surface


def qr_surface(text: str, size: int) -> pygame.Surface:
    """``text`` as a QR code (dark on white), whole pixels per module, at most ``size`` px."""
    import segno  # only once the lobby shows the code

    matrix = segno.make(text, error="m", micro=False).matrix
    modules = len(matrix) + 2 * QR_BORDER
    small = pygame.Surface((modules, modules))
    small.fill((255, 255, 255))
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x + QR_BORDER, y + QR_BORDER), (0, 0, 0))
    scale = max(1, size // modules)
    return pygame.transform.scale(small, (modules * scale, modules * scale))


def join_url(companion: Companion) -> str | None:
    address = companion.address
    return None if address is None else f"http://{address}:{companion.port}"


def draw_join_panel(ctx: AppContext, surface: pygame.Surface, rect: pygame.Rect, qr: QrCache,
                    peeking: bool = False) -> None:
    """The lobby's phone panel: QR code, the short address and the room code, or in plain
    words why phones cannot join. Its lines are fitted once (:mod:`game.ui.fit` remembers each fit).
    ``peeking``: a seated player holds PEEK (the hidden code and the password show)."""
    kit = ctx.kit
    companion: Companion | None = ctx.companion
    if companion is None or not companion.ready:
        return
    kit.panel(surface, rect, kit.colours.panel, radius=28)
    url = join_url(companion)
    problem = companion.problem or (None if url is not None else "no_network")
    if problem is not None:
        icon = kit.icon("1F4F5", 96)  # no mobile phones
        surface.blit(icon, icon.get_rect(midleft=(rect.x + 24, rect.centery)))
        key = problem if problem in ("port_taken", "port_refused", "no_network") else "failed"
        words = ctx.t(f"companion.{key}", port=companion.server.port, error=problem)
        for size in (32, 30, 28, smallest_size(kit)):  # smaller until it fits the panel's height
            if kit.text(words, size, kit.colours.text, max_width=rect.width - 170).get_height() <= rect.height - 24:
                break
        kit.blit_text(surface, words, size, (rect.x + 144, rect.centery), "midleft", kit.colours.text,
                      max_width=rect.width - 170)
        return
    assert url is not None  # (else the problem is no_network)
    settings = ctx.settings
    if settings.hide_room_code and not peeking:
        draw_hidden_code(ctx, surface, rect, url)
        return
    code = qr.get(f"{url}/?room={companion.room}", rect.height - 24)
    placed = surface.blit(code, code.get_rect(midleft=(rect.x + 12, rect.centery)))
    x, width = placed.right + 28, rect.right - placed.right - 44
    # four lines from the top down, each shrunk to the panel's width (never under 28 px);
    # while someone is locked out of guessing the room code, the second one says so
    if companion.trying_codes():
        second = (ctx.t("companion.trying_codes"), mix(kit.colours.bad, kit.colours.text, 0.3))
    else:
        second = (ctx.t("companion.scan"), kit.colours.text)
    room = ctx.t("companion.room", room=companion.room)
    if settings.room_password:
        password = settings.room_password if peeking else ctx.t("companion.password_asked")
        room = ctx.t("companion.room_password", room=room, password=password)
    y = rect.y + 20
    for words, sizes, colour, gap in (
            (title_line(ctx), (40, 36, 32), kit.colours.accent, 10),
            (second[0], (30, 28), second[1], 4),
            (url, (44, 40, 36, 32), kit.colours.text, 18),
            (room, (44, 40, 36, 32, 28), kit.colours.gold, 0)):
        size, line = fit_text(kit, words, width, sizes)
        y = kit.blit_text(surface, line, size, (x, y), "topleft", colour).bottom + gap


def title_line(ctx: AppContext) -> str:
    """The panel's title, with how many phones watch and play along, if any."""
    watching = len(ctx.companion.crowd.members) if ctx.companion is not None else 0
    title = ctx.t("companion.title")
    return ctx.t("audience.watching_title", title=title, n=watching) if watching else title


def draw_hidden_code(ctx: AppContext, surface: pygame.Surface, rect: pygame.Rect, url: str) -> None:
    """The panel when the room code is hidden (streaming): a padlock, the address and how
    a seated player sees the code: on their phone, or holding PEEK here."""
    kit = ctx.kit
    icon = kit.icon("1F512", 120)  # locked
    placed = surface.blit(icon, icon.get_rect(midleft=(rect.x + 40, rect.centery)))
    x, width = placed.right + 40, rect.right - placed.right - 64
    y = rect.centery - 90
    for words, sizes, colour in ((title_line(ctx), (40, 36, 32), kit.colours.accent),
                                 (url, (44, 40, 36, 32), kit.colours.text)):
        size, line = fit_text(kit, words, width, sizes)
        y = kit.blit_text(surface, line, size, (x, y), "topleft", colour).bottom + 14
    for size in (32, 30, 28, smallest_size(kit)):  # one line, the largest that fits
        hint = kit.rich(ctx.strings.get("companion.code_hidden"), size, kit.colours.gold, button=Intent.PEEK)
        if hint.get_width() <= width:
            break
    surface.blit(hint, (x, y))
