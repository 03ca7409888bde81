"""The phone companion on the TV: started and stopped as the screen and the settings
say, and the "reconnecting" marks of phone seats that lost their connection during a
match; the lobby's join panel is ``join_panel.py``.

The companion itself (game/companion) is pure and runs its server in its own thread;
this module is its pygame side, above the menus (it follows which screen is up; the
app calls it) and pumped from the app's loop by the light ``scenes/phone_serving.py``.
:func:`keep_companion` follows the settings (on/off, port) and the screen (it listens
only once a table is open): a start that fails (the port is taken or refused) is told
on the lobby and not retried until the setting changes or the title is back, and pads
keep working either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..companion.bridge import VIEW_BUDGET, Companion
from ..companion.room import Door
from ..context import fill_seats
from ..seats import is_phone
from ..ui.kit import SEAT_STYLES
from .match import MatchScene
from .menus import shot_entry
from .menus.lobby import LobbyScene, free_name
from .menus.take_seats import TakeSeatScene
from .menus.title import TitleScene

if TYPE_CHECKING:
    from ..context import AppContext
    from ..shots import Builder, ShotRequest


def style_json(style: int) -> dict[str, str]:
    """A seat style as a phone draws it: colour and shape."""
    st = SEAT_STYLES[style % len(SEAT_STYLES)]
    return {"colour": "#{:02x}{:02x}{:02x}".format(*st.colour), "shape": st.shape}


def keep_companion(ctx: AppContext, host: str = "0.0.0.0") -> None:
    """Start, stop or restart the companion so it matches the settings and the screen
    (each frame: cheap when nothing changed). It listens only once phones have a table
    to join (:func:`table_open`: a lobby, "take your seats" or a match), not on the
    title, so nobody who plays without phones meets the system's firewall prompt
    (issue 25). Once up it stays, room code and all, through the game menus, the match
    and back to the lobby, and stops on the title when no seat is played on a phone."""
    settings = ctx.settings
    running: Companion | None = ctx.companion
    if running is not None and (not settings.companion or running.requested_port != settings.companion_port
                                or _idle(ctx)):
        stop_companion(ctx)
        running = None
    if running is None and settings.companion and table_open(ctx):
        ctx.companion = Companion(settings.companion_port, style_json, lambda: ctx.settings.lang, host=host,
                                  default_name=lambda: free_name(ctx), texts=ctx.strings.tables,
                                  log_file=ctx.log_file, view_budget=VIEW_BUDGET)
        ctx.companion.start(wait=False)  # the port is bound on the server's thread
    if ctx.companion is not None:
        ctx.companion.open_door(Door(settings.room_password, settings.audience, settings.seat_limit, settings.tv_starts))


def table_open(ctx: AppContext) -> bool:
    """Whether the stack holds a screen phones join or play at."""
    return any(isinstance(scene, (LobbyScene, TakeSeatScene, MatchScene)) for scene in ctx.stack)


def _idle(ctx: AppContext) -> bool:
    """Back on the title with no seat played on a phone: nobody needs the server."""
    return isinstance(ctx.stack.top, TitleScene) and not any(seat.on_phone for seat in ctx.seats)


def smoke_companion(ctx: AppContext) -> str | None:
    """``--smoke``: the phone server starts on a loopback port the system picks (aiohttp
    loads, the port binds) and stops. None, or what went wrong."""
    companion = Companion(0, style_json, lambda: ctx.settings.lang, host="127.0.0.1")
    try:
        return companion.start()
    finally:
        companion.stop()


def stop_companion(ctx: AppContext) -> None:
    """Stop serving (phones off, a new port, the title, the app closing). Every phone
    lost its connection: during a match its seat is held, as reconnecting (a phone can
    take it back once the companion serves again); on "take your seats" it is held for
    the next claimer; elsewhere it is freed, as an unplugged pad's."""
    running: Companion | None = ctx.companion
    if running is None:
        return
    running.stop()
    ctx.companion = None
    in_match = any(isinstance(scene, MatchScene) for scene in ctx.stack)
    seating = isinstance(ctx.stack.top, TakeSeatScene)
    for seat in reversed(list(ctx.seats)):
        if not (is_phone(seat.device) or seat.reconnecting):
            continue
        if not (in_match or seating):
            ctx.seats.remove(seat.index)
            continue
        if seat.connected:
            ctx.seats.disconnect(seat.device)
        if seating:  # a saved seat: the next pad to claim takes it
            ctx.seats.forget(seat.index)


# --- drawing ---------------------------------------------------------------------------------
def draw_reconnecting(ctx: AppContext, surface: pygame.Surface) -> None:
    """During a match, a pill in the top margin for each phone seat whose connection is
    lost: its badge and "reconnecting". Drawn over the board by the app, so every game
    shows it the same way; the margin above the safe area, where boards draw nothing."""
    away = [seat for seat in ctx.seats if seat.reconnecting]
    if not away or not any(isinstance(s, MatchScene) for s in ctx.stack):
        return
    kit = ctx.kit
    height = 48
    x, y = kit.safe_rect.x, max(4, kit.safe_rect.y - height - 6)
    for seat in away:
        text = kit.text(ctx.t("companion.away", name=seat.name), 28, kit.colours.text)
        box = pygame.Rect(x, y, text.get_width() + 76, height)
        kit.panel(surface, box, kit.colours.panel_hi, radius=height // 2, border=kit.seat_style(seat.style).colour,
                  shadow=False)
        kit.draw_seat_badge(surface, seat, (box.x + 28, box.centery), size=30, label=False)
        surface.blit(text, text.get_rect(midleft=(box.x + 52, box.centery)))
        x = box.right + 12


# --- screenshots -----------------------------------------------------------------------------
def _shot_lobby(problem: str | None, trying_codes: bool = False, hidden: bool = False) -> Builder:
    """The first game's lobby with a keyboard side, two phones (one reconnecting) and
    the join panel (a companion that serves nothing: the shot opens no port), saying
    that someone is trying room codes if ``trying_codes``; ``hidden``: the streaming
    settings hide the room code, a password is set and twelve phones watch."""

    def build(ctx: AppContext, args: ShotRequest) -> None:
        ctx.settings.hide_room_code = hidden
        ctx.settings.room_password = "4821" if hidden else ""
        companion = Companion(50505, style_json, lambda: ctx.settings.lang)
        companion.room = companion.hub.room = "KXTW"
        companion.address, companion.problem = "192.168.1.23", problem
        companion.server.ready.set()  # as if it had bound its port
        if trying_codes:
            companion.hub.guard.alarm_at = companion.hub.clock()
        if hidden:
            companion.crowd.members.update({n: f"shot-fan-{n}" for n in range(1, 13)})
        ctx.companion = companion
        if len(ctx.seats) < 1:
            fill_seats(ctx, 1)
        for token, name in (("shot-phone-one", "Zoé"), ("shot-phone-two", "Malik")):
            ctx.seats.join(("phone", token), name)
        ctx.seats.disconnect(("phone", "shot-phone-two"))
        ctx.stack.push(LobbyScene(ctx, shot_entry(ctx)))

    return build


SHOTS = {"lobby.phones": _shot_lobby(None), "lobby.phones_port_taken": _shot_lobby("port_taken"),
         "lobby.phones_trying_codes": _shot_lobby(None, trying_codes=True),
         "lobby.phones_hidden": _shot_lobby(None, hidden=True)}
