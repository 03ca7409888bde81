"""The peek curtain: one seat's secret, shown only while that seat holds PEEK.

An overlay pushed on a board. Closed, it names the seat (badge, colour, shape), asks
everyone else to look away and tells the seat how to look; nothing private is drawn.
While the seat holds PEEK on its own device, the game's ``draw_private`` callback fills a
large panel, and the seat's other intents go to ``handle_private`` (pick a card…).

SS-2's order: each press of PEEK first keeps the closed face up for
``LOOK_AWAY_TICKS`` (an arc fills round the seat's badge) and only then shows the
panel (:class:`PeekGate`); a press let go sooner shows nothing. The ring picker's peek
keeps the same order with the same gate and face (:func:`draw_look_away`).
Letting go hides the panel on the very next frame; a curtain made with
``close_on_release`` (the clue editor, opened by holding PEEK) then closes altogether, so
the next player can open theirs. The release reaches the curtain whatever overlay went
up meanwhile (``SceneStack`` routes releases to the scene that took the press; a pad
unplugged mid-peek sends its releases first). Other seats' input is swallowed so
nobody can act on the board behind the curtain; the board keeps running underneath
(``freezes_below = False``), so countdowns go on while someone peeks.

Overlays that draw a seat's secret say when (tests/tv_diff.py reads it):
``private_for(seat)`` is True while the frame shows that seat's private view, and
``look_away_for(seat)`` while the frame names that seat and asks the room to look away.
"""

from __future__ import annotations

import math
import weakref
from typing import TYPE_CHECKING, Callable

import pygame

from ..input.intents import InputEvent, Intent
from ..ui.fit import fit_text, smallest_size
from .base import Scene

if TYPE_CHECKING:
    from ..context import AppContext
    from ..seats import Seat
    from ..shots import Builder, ShotRequest
    from ..ui.kit import UiKit
    from ..ui.theme import Colour

DrawPrivate = Callable[[pygame.Surface, pygame.Rect], object]
#: SS-2: fixed ticks a press of PEEK keeps the closed face up (the seat named in its
#: colour, "everyone else, look away!") before anything private shows: 0.5 s, time for
#: the room to read a name that big and turn away, and short enough for a player who
#: peeks a few times a round. The stage curtains take as long to close.
LOOK_AWAY_TICKS = 30
CURTAIN_TICKS = LOOK_AWAY_TICKS
#: The name banner sits just under the stage valance.
BANNER_TOP = 124
#: How dark the veil over what lies behind a curtain is (alpha).
VEIL = 215


class PeekGate:
    """SS-2's order for one held PEEK: whoever holds it is named first, and its secret
    may show only ``LOOK_AWAY_TICKS`` fixed ticks later. ``follow`` is told who holds
    PEEK now (at each press and release, and each tick): another seat, or the same seat
    pressing again after letting go, starts from zero."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.ticks = 0

    def follow(self, seat: int | None) -> None:
        if seat != self.seat:
            self.seat, self.ticks = seat, 0

    def step(self) -> None:
        if self.seat is not None:
            self.ticks = min(self.ticks + 1, LOOK_AWAY_TICKS)

    def open_for(self, seat: int | None) -> bool:
        """The look-away has run its course for ``seat``: its secret may show."""
        return seat is not None and seat == self.seat and self.ticks >= LOOK_AWAY_TICKS

    def progress(self, alpha: float = 1.0) -> float:
        """How far the look-away has run (0..1), for the arc round the badge."""
        return min(1.0, (self.ticks + alpha) / LOOK_AWAY_TICKS) if self.seat is not None else 0.0


class PeekCurtain(Scene):
    own_hint_bar = True
    blocks_input = True
    freezes_below = False

    def __init__(self, ctx: AppContext, seat: int, draw_private: DrawPrivate,
                 handle_private: Callable[[InputEvent], bool] | None = None,
                 title: str = "", on_close: Callable[[], None] | None = None,
                 close_on_release: bool = False) -> None:
        super().__init__()
        if not 0 <= seat < len(ctx.seats):
            raise ValueError(f"seat {seat} is not at the table")
        self.ctx = ctx
        self.seat = seat
        self.draw_private = draw_private
        self.handle_private = handle_private
        self.title = title
        self.on_close = on_close
        self.close_on_release = close_on_release
        #: The seat holds PEEK on its own device (its view shows once ``gate`` opens).
        self.peeking = False
        self.gate = PeekGate()
        self.ticks = 0
        self.curtain = ctx.kit.tween(0.0, 1.0, CURTAIN_TICKS, "out_back")
        #: The stage's curtains in over the veiled background, kept (:meth:`draw_veiled_stage`).
        self._veiled = ctx.kit.layer()

    def enter(self, previous: Scene | None) -> None:
        """A board that opens the curtain on the seat's own PEEK press (the press the
        board took) counts that press: holding Y to look needs no second press."""
        seat = self.ctx.seats[self.seat]
        held = getattr(getattr(self.ctx, "input", None), "held", None)
        if held is not None and seat.connected and Intent.PEEK in held(seat.device):
            self._peek(True)
            if self.stack is not None:
                self.stack.adopt(seat.device, Intent.PEEK, self)  # its release comes here

    @property
    def opaque(self) -> bool:  # type: ignore[override]
        """Once the stage's curtains are in, what shows of the board between them is veiled
        to near black: a kept picture stands in for it (:meth:`draw_veiled_stage`)."""
        return self.curtain.done

    @property
    def covers_canvas(self) -> bool:  # type: ignore[override]
        return self.opaque

    @property
    def showing(self) -> bool:
        """The private panel is on the TV: PEEK held past its look-away."""
        return self.peeking and self.ctx.seats[self.seat].connected and self.gate.open_for(self.seat)

    def private_for(self, seat: int) -> bool:
        return seat == self.seat and self.showing

    def look_away_for(self, seat: int) -> bool:
        return seat == self.seat and not self.showing

    def _peek(self, held: bool) -> None:
        self.peeking = held
        self.gate.follow(self.seat if held else None)

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat != self.seat:
            return True  # everyone else waits: nothing reaches the board behind
        if event.intent is Intent.PEEK:
            was = self.peeking
            self._peek(event.pressed and event.device == self.ctx.seats[self.seat].device)
            if was and not self.peeking and self.close_on_release:
                self.close()
            return True
        if self.showing and self.handle_private is not None and self.handle_private(event):
            return True  # the seat acts on what it sees: nothing before its view shows
        if event.intent is Intent.BACK and event.pressed:
            self.close()
        return True

    def close(self) -> None:
        self._peek(False)
        if self.stack is not None:
            self.stack.remove(self)
        if self.on_close is not None:
            self.on_close()

    def fixed_update(self, dt: float) -> None:
        self.ticks += 1
        self.curtain.step()
        if not self.ctx.seats[self.seat].connected:
            self._peek(False)  # a pad unplugged mid-peek never sends its release
        self.gate.step()

    # --- drawing -------------------------------------------------------------------------
    def private_rect(self) -> pygame.Rect:
        """Where ``draw_private`` draws: most of the screen, under the name banner."""
        safe = self.ctx.kit.safe_rect
        # its soft shadow (kit.shadowed) ends inside the safe area
        return pygame.Rect(safe.x + 60, BANNER_TOP + 124, safe.width - 120, safe.bottom - 40 - (BANNER_TOP + 124))

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draw_veiled_stage(surface, alpha)
        seat = self.ctx.seats[self.seat]
        if self.showing:
            self._draw_open(surface, seat)
            return
        self._draw_closed(surface, alpha)

    def _draw_closed(self, surface: pygame.Surface, alpha: float) -> None:
        held = self.gate.progress(alpha) if self.peeking else None
        draw_look_away(self.ctx, surface, self.seat, self.title, self.ticks + alpha, held,
                       prompt=self.prompt, keys=self.keys_text())
        self.ctx.kit.hint_bar(surface, self.closed_hints())

    # what the closed curtain asks of its seat (a curtain opened another way says so)
    def prompt(self, size: int) -> pygame.Surface:
        """The closed curtain's call to act, under "look away": "Hold (Y) to look"."""
        return hold_to_look(self.ctx, size)

    def keys_text(self) -> str:
        """The keyboard's keys for :meth:`prompt`, at the bottom of the closed curtain."""
        return str(self.ctx.t("peek.hold_keys"))

    def closed_hints(self) -> list[tuple[Intent, str]]:
        return [(Intent.PEEK, self.ctx.t("ring.look")), (Intent.BACK, self.ctx.t("peek.close"))]

    def draw_veiled_stage(self, surface: pygame.Surface, alpha: float) -> None:
        """The board under the curtain veiled (``VEIL``), the stage's curtains over it.
        Once they are in, the same over the theme's background, kept: one opaque blit a
        frame instead of the board drawn and blended every frame of a peek."""
        kit = self.ctx.kit
        if not self.curtain.done:
            kit.dim(surface, VEIL)
            self.draw_backdrop(surface, alpha)
            return
        look = (kit.colours, kit.W, kit.H, kit.scaled(100))
        surface.blit(self._veiled.get(look, lambda layer: self.paint_veiled_stage(layer, alpha)), (0, 0))

    def paint_veiled_stage(self, surface: pygame.Surface, alpha: float) -> None:
        """The theme's background veiled and the stage's curtains over it (what
        :meth:`draw_veiled_stage` keeps once they are in)."""
        self.ctx.kit.background(surface)
        self.ctx.kit.dim(surface, VEIL)
        self.draw_backdrop(surface, alpha)

    def draw_backdrop(self, surface: pygame.Surface, alpha: float) -> None:
        """The stage curtains and valance: a frame for the whole screen, drawn into the
        TV's margin on purpose (the layout check counts them as background)."""
        draw_stage(self.ctx.kit, surface, self.curtain.value(alpha))

    def _draw_open(self, surface: pygame.Surface, seat: Seat) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        style = kit.seat_style(seat.style)
        safe = kit.safe_rect
        banner = pygame.Rect(safe.x + 60, BANNER_TOP, safe.width - 120, 108)
        kit.panel(surface, banner, style.dark, radius=30, border=style.colour)
        # the seat on the left, "let go to hide" on the right, the heading between them
        token = kit.seat_token(surface, seat.style, (banner.x + 70, banner.centery), 36)
        size, name = fit_text(kit, seat.name, banner.width * 3 // 10, (48, 44, 40, 36, 32))
        named = kit.blit_text(surface, name, size, (token.right + 14, banner.centery), "midleft", style.light,
                              shadow=True)
        release = self.ctx.t("peek.release")
        size, release = fit_text(kit, release, banner.width // 4, (32, 30))
        let_go = kit.blit_text(surface, release, size, (banner.right - 36, banner.centery), "midright", c.text,
                               align="right")
        heading = self.title or self.ctx.t("peek.peeking", name=seat.name)
        room = pygame.Rect(named.right + 24, banner.y, let_go.left - 24 - named.right - 24, banner.height)
        size, heading = fit_text(kit, heading, room.width, (44, 40, 36, 32))
        kit.blit_text(surface, heading, size, room.center, "center", c.text, align="center")
        rect = self.private_rect()
        kit.panel(surface, rect, c.panel, radius=36, border=style.colour, border_width=6)
        self.draw_private(surface, rect.inflate(-48, -48))


# --- the closed face, shared with the ring picker's peek ------------------------------------
def draw_stage(kit: UiKit, surface: pygame.Surface, shown: float) -> None:
    """The stage curtains and valance, ``shown`` (0..1) of the way in."""
    left, right = _curtain(kit)
    width = left.get_width()
    offset = int(width * (1.0 - shown))
    surface.blit(left, (-offset, 0))
    surface.blit(right, (kit.W - width + offset, 0))
    valance = _valance(kit)
    surface.blit(valance, (0, -int(valance.get_height() * (1.0 - shown))))


def hold_to_look(ctx: AppContext, size: int) -> pygame.Surface:
    """ "Hold (Y) to look": how a closed curtain is opened, unless it says otherwise."""
    return ctx.kit.rich(ctx.strings.get("peek.hold"), size, ctx.kit.colours.accent, button=Intent.PEEK)


def draw_look_away(ctx: AppContext, surface: pygame.Surface, seat_index: int, title: str, ticks: float,
                   held: float | None, prompt: Callable[[int], pygame.Surface] | None = None,
                   keys: str | None = None) -> None:
    """The closed curtain's panel: ``seat_index``'s badge (breathing with ``ticks``), its
    name, "everyone else, look away!" and how to look (``prompt(size)`` and the keyboard's
    ``keys``: holding PEEK unless told). ``held``: how far a held PEEK's look-away has run
    (0..1), an arc filling round the badge; None while PEEK is up. Nothing in it depends
    on a secret."""
    kit, c = ctx.kit, ctx.kit.colours
    seat = ctx.seats[seat_index]
    style = kit.seat_style(seat.style)
    box = pygame.Rect(0, 0, 1060, 700)
    box.center = (kit.W // 2, kit.H // 2 - 20)
    kit.panel(surface, box, c.panel, radius=40, border=style.colour, border_width=6)
    # a slow breathing halo behind the badge draws every eye to whose turn it is
    badge = (box.centerx, box.y + 130)
    glow = 1.0 + kit.motion(0.06 * math.sin(ticks / 60 * math.pi))
    kit.draw_shape(surface, "circle", _mix(c.panel, style.colour, 0.22), badge, int(96 * glow))
    if held is not None:
        kit.arc(surface, style.colour, badge, 88, 12, 0.0, 360.0 * held)
    kit.seat_token(surface, seat.style, badge, 70)
    keys_image = kit.text(ctx.t("peek.hold_keys") if keys is None else keys, 30, c.muted, max_width=box.width - 80,
                          align="center")
    keys_rect = surface.blit(keys_image, keys_image.get_rect(midbottom=(box.centerx, box.bottom - 30)))
    top, room = box.y + 225, keys_rect.top - 24 - (box.y + 225)
    lines = _closed_lines(ctx, seat, title, box.width - 80, room, prompt or (lambda size: hold_to_look(ctx, size)))
    y = top + (room - sum(image.get_height() + gap for image, gap in lines)) // 2
    for image, gap in lines:
        y = surface.blit(image, image.get_rect(midtop=(box.centerx, y))).bottom + gap


def _closed_lines(ctx: AppContext, seat: Seat, title: str, width: int, room: int,
                  prompt: Callable[[int], pygame.Surface]) -> list[tuple[pygame.Surface, int]]:
    """The closed curtain's words (title, "only <name>", "look away", its ``prompt``), each
    with the gap after it, at the largest sizes that fit ``room`` (large text settings
    shrink them, never under 28 px)."""
    kit, c = ctx.kit, ctx.kit.colours
    style = kit.seat_style(seat.style)
    floor = smallest_size(kit)
    for shrink in (1.0, 0.85, 0.7, 0.6, 0.5):
        def size(px: int) -> int:
            return max(floor, int(px * shrink))

        lines = []
        if title:
            lines.append((kit.text(title, size(40), c.muted, max_width=width, align="center"), 8))
        lines.append((kit.text(ctx.t("peek.only", name=seat.name), size(84), style.light, max_width=width,
                               align="center", shadow=True), 18))
        lines.append((kit.text(ctx.t("peek.look_away"), size(52), c.text, max_width=width, align="center"),
                      int(36 * shrink)))
        lines.append((prompt(size(48)), 0))
        if sum(image.get_height() + gap for image, gap in lines) <= room:
            break
    return lines


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    r, g, bl = (int(x + (y - x) * t) for x, y in zip(a, b))
    return r, g, bl


#: Each kit's stage curtains (left, right) and valance, drawn once per kit.
_CURTAINS: weakref.WeakKeyDictionary[UiKit, tuple[pygame.Surface, pygame.Surface]] = weakref.WeakKeyDictionary()
_VALANCES: weakref.WeakKeyDictionary[UiKit, pygame.Surface] = weakref.WeakKeyDictionary()


def _curtain(kit: UiKit) -> tuple[pygame.Surface, pygame.Surface]:
    """The stage curtains, left (velvet folds and a gold hem) and its mirror image,
    drawn once per kit."""
    cached = _CURTAINS.get(kit)
    if cached is not None:
        return cached
    width, height = 300, kit.H
    curtain = pygame.Surface((width, height), pygame.SRCALPHA)
    base, deep = (132, 30, 72), (58, 10, 38)
    for x in range(width):
        fold = 0.5 + 0.5 * math.cos(x / width * math.pi * 5.0)
        edge = min(1.0, (width - x) / 40.0)  # the inner edge rounds off into shadow
        col = _mix(deep, base, fold * (0.55 + 0.45 * edge))
        pygame.draw.line(curtain, col, (x, 0), (x, height))
    pygame.draw.rect(curtain, kit.colours.gold, pygame.Rect(width - 10, 0, 10, height))
    pygame.draw.rect(curtain, (150, 110, 40), pygame.Rect(width - 4, 0, 4, height))
    curtain = curtain.convert_alpha() if pygame.display.get_surface() is not None else curtain
    pair = _CURTAINS[kit] = curtain, pygame.transform.flip(curtain, True, False)
    return pair


def _valance(kit: UiKit) -> pygame.Surface:
    """The scalloped pelmet across the top of the stage, drawn once per kit."""
    cached = _VALANCES.get(kit)
    if cached is not None:
        return cached
    count = 20
    step = kit.W / count
    band, scallop = 64, int(step / 2) + 8
    valance = pygame.Surface((kit.W, band + scallop), pygame.SRCALPHA)
    base, deep = (132, 30, 72), (84, 16, 50)
    for y in range(band):
        pygame.draw.line(valance, _mix(deep, base, y / band), (0, y), (kit.W, y))
    for i in range(count):
        cx = int(step * (i + 0.5))
        pygame.draw.circle(valance, base, (cx, band), int(step / 2), draw_top_left=False, draw_top_right=False,
                           draw_bottom_left=True, draw_bottom_right=True)
        pygame.draw.circle(valance, kit.colours.gold, (cx, band), int(step / 2), width=6, draw_top_left=False,
                           draw_top_right=False, draw_bottom_left=True, draw_bottom_right=True)
    pygame.draw.rect(valance, kit.colours.gold, pygame.Rect(0, band - 8, kit.W, 8))
    valance = valance.convert_alpha() if pygame.display.get_surface() is not None else valance
    _VALANCES[kit] = valance
    return valance


# --- screenshots -------------------------------------------------------------------------
def _demo_private(ctx: AppContext) -> DrawPrivate:
    def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
        kit = ctx.kit
        card = pygame.Rect(0, 0, 420, 560)
        card.center = rect.center
        kit.panel(surface, card, kit.colours.panel_hi, radius=32, border=kit.colours.gold)
        icon = kit.icon("1F451", 300)
        surface.blit(icon, icon.get_rect(center=(card.centerx, card.centery - 40)))
        kit.blit_text(surface, ctx.t("peek.demo_card"), 48, (card.centerx, card.bottom - 40), "midbottom")
    return draw


def _shot(peeking: bool) -> Builder:
    def build(ctx: AppContext, args: ShotRequest) -> None:
        from .backdrop import TableBackdrop

        ctx.stack.push(TableBackdrop(ctx))
        seat = min(1, len(ctx.seats) - 1)
        curtain = PeekCurtain(ctx, seat, _demo_private(ctx), title=ctx.t("peek.demo_title"))
        ctx.stack.push(curtain)
        if peeking:
            ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, Intent.PEEK, pressed=True))
    return build


SHOTS = {"peek": _shot(False), "peek.open": _shot(True)}
