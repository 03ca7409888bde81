"""The lobby: players join with CONFIRM on any pad or keyboard side, pick a style and a
name, bots fill in, the game's options are set, and the match starts.

Seated players use their own device: BACK leaves the table, ALT (X) cycles their colour
and shape, the shoulders cycle their name through a list of fun names. A bot seat's card
holds its level chip (easy / normal / sharp): focus it and press CONFIRM (or click it) to
cycle the level. LEFT/RIGHT keep moving the focus, so a chip never traps it. An unseated
device's BACK (or a right click) goes back to the game choice. The focus on the right
panel is shared: anyone moves it.

Starting is deliberate: MENU (Start on a pad, Escape / P on the keyboard sides) from a
seated player starts the match, or a mouse click on Start. CONFIRM never starts one — a
player pressing A again after joining, or a pad arriving late, would otherwise start
without the others — so CONFIRM on the focused Start only buzzes and lights up the line
under it that says which button starts. Late pads join with CONFIRM until then.

While the phone companion runs, a panel under the seats shows its QR code, address and
room code (or why phones cannot join); a phone's seat joins, leaves and is freed here
like a pad's (game/companion/bridge.py), its card marked as a phone. The streaming
settings may hide the code (a seated player holding PEEK shows it) and cap the seats
(``seat_limit``: pads, phones and bots alike; a phone past it may watch).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Hashable

import pygame

from ...games import GameEntry
from ...input.intents import InputEvent, Intent
from ...ui.fit import fit_size, fit_text
from ...ui.theme import mix
from .matches import match_config, new_match, start_problem
from .deck import DeckScene, category_deck
from .options import ROW_GAP, OptionsScene, add_row, button_height, plan_row
from ..join_panel import QrCache, draw_join_panel
from .lobby_cards import draw_free, draw_seat
from .menu_item import Item
from .widgets import RING_CLEAR, MenuScene

if TYPE_CHECKING:
    from ...context import AppContext

#: Width of the options panel on the right.
PANEL_WIDTH = 720
#: A small button's words keep this far from its sides (the theme's padding).
BUTTON_PAD = 14
#: The seat cards' area keeps at least this width (four cards, a 12-letter name whole at 28 px):
#: in the wide safe area the options panel gives up the rest.
SEATS_MIN_WIDTH = 880
SEAT_NAME_COUNT = 16
BOT_NAME_COUNT = 8
#: Device kinds that may join by pressing CONFIRM (the mouse only points and clicks).
JOINING_DEVICES = ("pad", "kb")
#: Height of the phone panel under the seats (QR code, address, room code) while the
#: companion runs: a QR code this tall scans from the sofa.
PHONE_PANEL_HEIGHT = 300
#: Fixed ticks the "how to start" line stays lit after a refused start.
NUDGE_TICKS = 90


def fun_names(ctx: AppContext, prefix: str, count: int) -> list[str]:
    return [ctx.t(f"{prefix}.{i}") for i in range(1, count + 1)]


def free_name(ctx: AppContext, prefix: str = "seat_names", count: int = SEAT_NAME_COUNT) -> str:
    """The first fun name nobody at the table has."""
    used = {seat.name for seat in ctx.seats.seats}
    names = fun_names(ctx, prefix, count)
    return next((n for n in names if n not in used), names[len(ctx.seats) % len(names)])


class LobbyScene(MenuScene):
    row_colour = (30, 26, 62)  # option rows sit a shade darker than the options panel

    def __init__(self, ctx: AppContext, entry: GameEntry[Any]) -> None:
        super().__init__(ctx)
        self.entry = entry
        self.options: dict[str, Any] = {spec.id: spec.default for spec in entry.options}
        #: Config keys the lobby sets besides the options (the deck's ``categories``, and
        #: ``deck_lang``: whose fame ratings make the everyday deck, the table's language).
        self.extra: dict[str, Any] = {}
        self.deck = category_deck(ctx, entry)
        if self.deck is not None:
            self.extra["categories"] = None  # every category, custom decks included
            self.extra["deck_lang"] = ctx.settings.lang
            if self.deck.opt_in is not None:
                self.extra[self.deck.opt_in] = False
        self._table: tuple[object, ...] | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        #: Ticks left of the lit "how to start" line (CONFIRM on Start, a refused MENU).
        self.nudge = 0
        self.qr = QrCache()
        #: Seated players holding PEEK: the join panel shows the hidden room code (streaming).
        self.peeking: set[int] = set()

    def screen_name(self) -> tuple[object, ...]:  # (each game's lobby: the warm-up's buttons, kept_widgets.py)
        return LobbyScene, self.entry.id

    # --- layout ----------------------------------------------------------------------------
    def build(self) -> None:
        kit = self.kit
        safe = self.safe
        top = safe.y + 124
        width = min(PANEL_WIDTH, safe.width - 40 - SEATS_MIN_WIDTH)
        self.panel_rect = pygame.Rect(safe.right - width, top, width, safe.bottom - 84 - top)
        x, w = self.panel_rect.x + 20, width - 40
        y = self.panel_rect.y + kit.font(36).get_linesize() + 20
        bh = button_height(kit)
        start_h = bh + 18
        # Start, then up to two lines saying why it is disabled.
        # (the lines under Start begin past its focus ring's reach: issue 28)
        start_y = self.panel_rect.bottom - 12 - 2 * kit.font(30).get_linesize() - RING_CLEAR - start_h
        plans = [plan_row(self.ctx, spec, w) for spec in self.entry.options]
        rows = sum(p.height + ROW_GAP for p in plans) + (bh + ROW_GAP if self.deck is not None else 0)
        # the deck's summary on its button in the theme's small size (its inner padding ~20 px a side)
        deck_fits = self.deck is None or kit.font(32).size(self.deck.summary(self.config()))[0] <= w - 40
        half = (w - 16) // 2
        add, remove = self.t("lobby.add_bot"), self.t("lobby.remove_bot")
        side_by_side = max(kit.font(32).size(words)[0] for words in (add, remove)) <= half - 2 * BUTTON_PAD
        # the bot buttons (one row or two), How to play, then Start
        below = (1 if side_by_side else 2) * (bh + ROW_GAP) + bh + 14
        if all(p.fits for p in plans) and deck_fits and y + rows + 6 + below <= start_y:
            for plan in plans:
                y = add_row(self, plan, x, y, w, self.options[plan.spec.id],
                            functools.partial(self.set_option, plan.spec.id)) + ROW_GAP
            if self.deck is not None:
                self.button("deck", self.deck.summary(self.config()), (x, y, w, bh), self.open_deck,
                            object_id="@menu_small")
                y += bh + ROW_GAP
        elif plans or self.deck is not None:  # too little room (large text): a page of their own
            self.button("options", self.t("lobby.more_options"), (x, y, w, bh), self.open_options,
                        object_id="@menu_small")
            y += bh + ROW_GAP
        if not plans and self.deck is None:
            y += 56
        y += 6
        if side_by_side:
            self.button("add_bot", add, (x, y, half, bh), self.add_bot, object_id="@menu_small")
            self.button("remove_bot", remove, (x + half + 16, y, half, bh), self.remove_bot, object_id="@menu_small")
        else:  # a narrow panel (the wide safe area): one above the other
            self.button("add_bot", add, (x, y, w, bh), self.add_bot, object_id="@menu_small")
            y += bh + ROW_GAP
            self.button("remove_bot", remove, (x, y, w, bh), self.remove_bot, object_id="@menu_small")
        y += bh + ROW_GAP
        self.button("howto", self.t("lobby.howto"), (x, y, w, bh), self.howto, object_id="@menu_small")
        self.button("start", self.t("lobby.start"), (x, max(y + bh + 14, start_y), w, start_h), self.start,
                    object_id="@start")
        self._table = None
        self.refresh()

    def initial_focus(self) -> str:
        return "start"

    def resume(self) -> None:
        super().resume()
        self.music("title")  # back from a match

    def refresh(self) -> None:
        """Enable what the table allows now (called whenever the table changes)."""
        self._table = self._table_signature()
        self._level_chips()
        n = len(self.ctx.seats)
        bots = any(seat.bot for seat in self.ctx.seats.seats)
        for item in self.items:
            if item.key == "start":
                self._enable(item, self.problem() is None)
            elif item.key == "deck" and self.deck is not None:
                item.widget.set_text(self.deck.summary(self.config()))
            elif item.key == "add_bot":
                self._enable(item, n < self.ctx.settings.seat_limit)
            elif item.key == "remove_bot":
                self._enable(item, bots)
        self._apply_focus()

    def _level_chips(self) -> None:
        """One focusable level chip per bot seat (drawn by us: no widget to rebuild)."""
        focused = self.focused()
        keep = focused.key if focused is not None else None
        self.items = [item for item in self.items if not item.key.startswith("level:")]
        rects = self.seat_rects()
        for seat in self.ctx.seats.seats:
            if seat.bot:
                self.card(f"level:{seat.index}", self.chip_rect(rects[seat.index]),
                          functools.partial(self.ctx.seats.step_level, seat.index, 1))
        keys = [item.key for item in self.items]
        self.focus = keys.index(keep) if keep in keys else keys.index("start") if "start" in keys else 0

    @staticmethod
    def chip_rect(card: pygame.Rect) -> pygame.Rect:
        """Where a bot seat's level chip sits: along the bottom of its card."""
        return pygame.Rect(card.x + 14, card.bottom - 14 - 56, card.width - 28, 56)

    @staticmethod
    def _enable(item: Item, on: bool) -> None:
        item.enabled = on
        if on:
            item.widget.enable()
        else:
            item.widget.disable()

    def _table_signature(self) -> tuple[object, ...]:
        return tuple((s.name, s.style, s.bot, s.device, s.level) for s in self.ctx.seats.seats)

    def config(self) -> dict[str, Any]:
        """The config a match would start with now."""
        return match_config(self.ctx, self.entry, self.options, self.extra)

    def problem(self) -> str | None:
        return start_problem(self.ctx, self.entry, self.config(), self.deck)

    # --- actions -------------------------------------------------------------------------
    def set_option(self, option_id: str, value: Any) -> None:
        self.options[option_id] = value
        self.refresh()  # the family filter changes the deck's count

    def open_options(self) -> None:
        self.on_stack.push(OptionsScene(self.ctx, self))

    def open_deck(self) -> None:
        def choose(key: str, value: Any) -> None:
            self.extra[key] = value

        assert self.deck is not None, "only a game with a deck offers it"
        self.on_stack.push(DeckScene(self.ctx, self.deck, self.config, choose))

    def add_bot(self) -> None:
        if len(self.ctx.seats) < self.ctx.settings.seat_limit:
            self.ctx.seats.add_bot(free_name(self.ctx, "bot_names", BOT_NAME_COUNT))
        self.refresh()

    def remove_bot(self) -> None:
        bots = [seat.index for seat in self.ctx.seats.seats if seat.bot]
        if bots:
            self.ctx.seats.remove(bots[-1])
        self.refresh()

    def howto(self) -> None:
        from .howto import HowToScene

        self.on_stack.push(HowToScene(self.ctx, self.entry.id))

    def start(self) -> None:
        if self.problem() is not None:
            return
        self.on_stack.push(new_match(self.ctx, self.entry, self.options, extra=self.extra))

    def join(self, device: Hashable) -> bool:
        full = len(self.ctx.seats) >= self.ctx.settings.seat_limit  # the streaming settings' limit
        seat = None if full else self.ctx.seats.join(device, free_name(self.ctx))
        if seat is None:
            self.sound("buzz")
            return False
        self.sound("join")
        self.refresh()
        return True

    def leave(self, index: int) -> None:
        self.ctx.seats.remove(index)
        self.refresh()

    def cycle_name(self, index: int, delta: int) -> None:
        seat = self.ctx.seats.seats[index]
        names = fun_names(self.ctx, "seat_names", SEAT_NAME_COUNT)
        used = {s.name for s in self.ctx.seats.seats if s.index != index}
        start = names.index(seat.name) if seat.name in names else -1 if delta > 0 else 0
        for step in range(1, len(names) + 1):
            name = names[(start + delta * step) % len(names)]
            if name not in used:
                self.ctx.seats.rename(index, name)
                return

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if event.intent is Intent.PEEK and seat is not None and not event.repeat:
            (self.peeking.add if event.pressed else self.peeking.discard)(seat)
            return True
        if event.pressed and not event.repeat:
            kind = event.device[0] if isinstance(event.device, tuple) else None
            if seat is None and event.intent is Intent.CONFIRM and kind in JOINING_DEVICES:
                self.join(event.device)
                return True
            # the seat of a person (not a bot), or None
            human = seat if seat is not None and seat < len(self.ctx.seats) and not self.ctx.seats.seats[seat].bot \
                else None
            if human is not None and event.intent is Intent.MENU:
                self.start_from_menu()
                return True
            focused = self.focused()
            if event.intent is Intent.CONFIRM and focused is not None and focused.key == "start":
                self.sound("buzz")
                self.nudge = NUDGE_TICKS
                return True
            if human is not None and event.intent is Intent.BACK:
                self.sound("back")
                self.leave(human)
                return True
            if human is not None and event.intent is Intent.ALT:
                self.ctx.seats.next_style(human)
                self.sound("nav")
                return True
            if human is not None and event.intent in (Intent.SHOULDER_L, Intent.SHOULDER_R):
                self.cycle_name(human, -1 if event.intent is Intent.SHOULDER_L else 1)
                self.sound("nav")
                return True
        return super().handle(seat, event)

    def start_from_menu(self) -> None:
        """A seated player's MENU: start, or buzz and light up why not."""
        if self.problem() is not None:
            self.sound("buzz")
            self.nudge = NUDGE_TICKS
            return
        self.sound("confirm")
        self.start()

    def refused(self, item: Item) -> None:
        """A disabled item (Start clicked with the mouse, Remove a bot with none): the
        reason for Start is written under it; the buzz says the rest."""

    def fixed_update(self, dt: float) -> None:
        if self._table != self._table_signature():
            self.refresh()
        self.nudge = max(0, self.nudge - 1)
        super().fixed_update(dt)

    # --- drawing -------------------------------------------------------------------------
    def draw_back(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        kit.background(surface)
        safe = self.safe
        title = self.draw_title(surface, self.t(f"games.{self.entry.id}.name"), self.entry.mode.icon)
        players = f"{self.t(f'games.{self.entry.id}.players')}  ·  {self.t('lobby.players', n=len(self.ctx.seats))}"
        size, players = fit_text(kit, players, safe.right - 8 - title.right - 32)  # beside a long title
        kit.blit_text(surface, players, size, (safe.right - 8, title.centery), "midright", kit.colours.muted,
                      align="right")
        self.draw_seats(surface, alpha)
        phones = self.phone_rect()
        if phones is not None:
            draw_join_panel(self.ctx, surface, phones, self.qr, peeking=bool(self.peeking))
        kit.panel(surface, self.panel_rect, kit.colours.panel, radius=30)
        kit.blit_text(surface, self.t("lobby.options"), 36, (self.panel_rect.x + 28, self.panel_rect.y + 14))
        if not self.entry.options and self.deck is None:
            kit.blit_text(surface, self.t("lobby.no_options"), 30, (self.panel_rect.x + 32, self.panel_rect.y + 76),
                          colour=kit.colours.muted)

    def phone_rect(self) -> pygame.Rect | None:
        """The phone panel, under the seats (None while the companion is off)."""
        if getattr(self.ctx, "companion", None) is None:  # test doubles of the context may lack it
            return None
        safe = self.safe
        return pygame.Rect(safe.x, self.panel_rect.bottom - PHONE_PANEL_HEIGHT, self.panel_rect.x - 40 - safe.x,
                           PHONE_PANEL_HEIGHT)

    def seat_rects(self) -> list[pygame.Rect]:
        safe = self.safe
        gap = 22
        phones = self.phone_rect()
        height = self.panel_rect.height - (phones.height + gap if phones is not None else 0)
        area = pygame.Rect(safe.x, self.panel_rect.y, self.panel_rect.x - 40 - safe.x, height)
        w = (area.width - 3 * gap) // 4
        h = (area.height - gap) // 2
        return [pygame.Rect(area.x + (i % 4) * (w + gap), area.y + (i // 4) * (h + gap), w, h) for i in range(8)]

    def draw_seats(self, surface: pygame.Surface, alpha: float) -> None:
        seats = self.ctx.seats.seats
        t = self.ticks + alpha
        for i, rect in enumerate(self.seat_rects()):
            if i < len(seats):
                draw_seat(self, surface, seats[i], rect, t)
            else:
                draw_free(self, surface, rect, first=i == len(seats), t=t)

    def draw_front(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.kit
        rects = self.seat_rects()
        focused = self.focused()
        for seat in self.ctx.seats.seats:
            if seat.bot:
                text = self.t(f"lobby.level.{seat.level}")
                chip = self.chip_rect(rects[seat.index])
                on = focused is not None and focused.key == f"level:{seat.index}"
                kit.blit_text(surface, text, fit_size(kit, text, chip.width - 16, (32, 30, 28)), chip.center, "center",
                              kit.colours.bg if on else kit.colours.text, max_width=chip.width - 16, align="center")
        start = next((item for item in self.items if item.key == "start"), None)
        if start is not None:
            self.draw_how_to_start(surface, start.rect)
        kit.hint_bar(surface, [(Intent.CONFIRM, self.t("lobby.hint_join")), (Intent.BACK, self.t("lobby.hint_leave")),
                               (Intent.ALT, self.t("lobby.hint_style")), (Intent.SHOULDER_R, self.t("lobby.hint_name")),
                               (Intent.MENU, self.t("lobby.hint_start"))])

    def draw_how_to_start(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Under Start: why it cannot start yet, or which button starts (lit in amber for
        a while after someone pressed A on Start)."""
        kit = self.kit
        problem = self.problem()
        if problem:
            # the theme's red lightened: 4.5:1 on the panel, as text must be
            colour = kit.colours.accent if self.nudge else mix(kit.colours.bad, kit.colours.text, 0.3)
            kit.blit_text(surface, problem, 30, (rect.centerx, rect.bottom + RING_CLEAR), "midtop", colour,
                          max_width=rect.width, align="center")
            return
        # the theme's green lightened: 4.5:1 on the panel at every text size
        colour = kit.colours.accent if self.nudge else mix(kit.colours.good, kit.colours.text, 0.3)
        for size in (30, 28):  # the largest that fits on one line (large text settings)
            line = kit.rich(self.ctx.strings.get("lobby.ready"), size, colour, button=Intent.MENU)
            if line.get_width() <= rect.width:
                break
        placed = surface.blit(line, line.get_rect(midtop=(rect.centerx, rect.bottom + RING_CLEAR)))
        # one line under the start button (its room was kept for that): shrunk to 28 px drawn if need be
        size, keys = fit_text(kit, self.t("lobby.start_keys"), rect.width, (28,))
        kit.blit_text(surface, keys, size, (rect.centerx, placed.bottom + 2), "midtop",
                      kit.colours.text if self.nudge else kit.colours.muted, max_width=rect.width, align="center")
