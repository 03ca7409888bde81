"""The Personality board: the track, the read card, votes, reveals, debates, the endgame
and the final portraits. Draws only views; players act through overlays:

- the reader's hand, exchanges, Inversion cards and endgame gifts are picked inside the
  owner's :class:`PeekCurtain` (UP/DOWN + CONFIRM while holding PEEK);
- votes, bets, partners, accept/contest and contest votes use the :class:`RingPicker`,
  which shows only progress on the TV;
- the debate ends when everyone presses CONFIRM on the board, or when the countdown ends.

It animates from the rules' events (:meth:`PersonalityBoard.on_events`): a reveal, masks
walking, special squares' banners; bots wait while any of them plays.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any, Callable, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event, PhaseStarted
from ....core.rng import Rng
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.match import MatchScene
from ....scenes.peek import PeekCurtain
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....ui.tween import Tween
from ..rules.events import CardRead, GiftGiven, Landed, MaskMoved, SentToDoor, VoteRevealed, Won
from ..rules.view import MaskMove, PEPhase, VoteKind
from .vote_ring import CardRing

STEP_TICKS = 9            # one square of a mask's walk
REVEAL_TICKS = 270        # the vote reveal stays up this long (bots wait)
CARD_TICKS = 150          # a card just read (or the Inversion cards) alone on screen before the vote
BANNER_TICKS = 200        # a special square's explanation
TRACK_X0, SQUARE, GAP = 210, 94, 14
ROW_Y = (905, 762, 619)
PER_ROW = 12
SIDE_X = 1478
ICONS = {"start": "1F3C1", "tete_a_tete": "1F465", "inversion": "1F504", "door": "1F6AA", "summit": "1F451",
         "gouffre": "1F573"}
PHASE_PLAYERS = ("vote", "revote")
#: Width of a card's label in a ring slot (the slot is 220 px wide, less its margins).
LABEL_WIDTH = 196


def square_center(index: int) -> tuple[int, int]:
    """Squares snake upward in rows of 12; -1 is the Gouffre, left of Départ."""
    if index < 0:
        return TRACK_X0 - SQUARE - GAP, ROW_Y[0]
    row, col = divmod(index, PER_ROW)
    if row % 2 == 1:
        col = PER_ROW - 1 - col
    return TRACK_X0 + col * (SQUARE + GAP) + SQUARE // 2, ROW_Y[min(row, len(ROW_Y) - 1)]


class ListPicker:
    """A cursor over a few labelled options, drawn inside a peek curtain."""

    def __init__(self, title: str, options: list[str], on_pick: Callable[[int], None]) -> None:
        self.title = title
        self.options = options
        self.on_pick = on_pick
        self.cursor = 0

    def handle(self, event: InputEvent) -> bool:
        if not event.pressed:
            return False
        if event.intent in (Intent.UP, Intent.LEFT):
            self.cursor = (self.cursor - 1) % len(self.options)
        elif event.intent in (Intent.DOWN, Intent.RIGHT):
            self.cursor = (self.cursor + 1) % len(self.options)
        elif event.intent is Intent.CONFIRM and not event.repeat:
            self.on_pick(self.cursor)
        else:
            return False
        return True

    def draw(self, kit: Any, surface: pygame.Surface, rect: pygame.Rect) -> None:
        c = kit.colours
        y = kit.blit_text(surface, self.title, 40, (rect.centerx, rect.y), "midtop", c.gold).bottom + 16
        row_h = min(86, (rect.bottom - y) // max(1, len(self.options)))
        for i, label in enumerate(self.options):
            box = pygame.Rect(rect.x + 40, y + i * row_h, rect.width - 80, row_h - 10)
            chosen = i == self.cursor
            kit.panel(surface, box, c.panel_hi if chosen else c.bg, radius=18, border=c.accent if chosen else None,
                      shadow=False)
            kit.blit_text(surface, label, 32, (box.x + 24, box.centery), "midleft", c.text if chosen else c.muted,
                          max_width=box.width - 48)


class PersonalityBoard(MatchScene):
    def __init__(self, ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = ctx.catalogue.game(entry.catalogue_key)
        self.board = self.catalogue.board
        self.public = session.view(None).public
        seats = self.public.seats
        self.shown = [float(p) for p in self.public.positions]
        self.paths: dict[int, list[int]] = {s: [] for s in range(seats)}
        self.step = {s: 0 for s in range(seats)}
        self.reveal_ticks = 0
        self.card_ticks = 0
        self.banners: list[tuple[str, str, str, int]] = []   # (icon, title, body, ticks)
        self.banner_ticks = 0
        self.overlay: Any = None
        self.overlay_key: Any = None
        self.picks: dict[int, Any] = {}
        #: Bumped when the phase moves on (or a gift is given): overlays keyed by it reopen.
        self.serial = 1
        self.message = ""
        self.ticks = 0
        self.pop = Tween(0.6, 1.0, 1)
        self._show_inversion_cards()

    # --- helpers -----------------------------------------------------------------------
    def t(self, key: str, **fmt: Any) -> str:
        return self.ctx.t(key, **fmt)

    def name(self, seat: int) -> str:
        return self.ctx.seats[seat].name

    def card_text(self, card: str) -> str:
        return self.catalogue.trait(card).text(self.ctx.settings.lang)

    def humans(self) -> set[int]:
        return {s for s in range(self.public.seats) if s not in self.bots}

    def busy(self) -> bool:
        return self.reveal_ticks > 0 or self.card_ticks > 0 or any(self.paths.values()) or self.banner_ticks > 0

    def bots_may_act(self) -> bool:
        return not self.busy()

    # --- what happened ------------------------------------------------------------------------
    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Animate what the rules say happened: the vote's reveal, masks walking, the
        banner of a special square, an endgame's end."""
        self.public = self.session.view(None).public
        moved_on = False
        for event in events:
            if isinstance(event, VoteRevealed):
                self.reveal_ticks = REVEAL_TICKS
                self.pop = Tween(0.4, 1.0, 24, "out_back")
            elif isinstance(event, MaskMoved):
                self._walk(event.move)
            elif isinstance(event, CardRead):
                self.card_ticks = CARD_TICKS
            elif isinstance(event, Landed):
                self._banner(event.square, self.name(event.seat))
                self.ctx.audio.play("vote")
            elif isinstance(event, SentToDoor):
                self._banner("door", self.t("personality.endgame.overturned", name=self.name(event.seat)))
                self.ctx.audio.play("vote")
                self._walk(MaskMove(event.seat, int(round(self.shown[event.seat])), event.end, 0, False))
            elif isinstance(event, Won):
                self._banner("summit", self.t("personality.win", name=self.name(event.seat)))
                self.ctx.audio.play("vote")
            elif isinstance(event, (PhaseStarted, GiftGiven)):
                moved_on = True
        if moved_on:
            self.serial += 1
            self.picks = {}
            self._show_inversion_cards()

    def _show_inversion_cards(self) -> None:
        """The Inversion cards stay alone on screen a moment before their vote."""
        if self.public.phase == PEPhase.VOTE and self.public.vote_kind == VoteKind.INVERSION:
            self.card_ticks = CARD_TICKS

    def _walk(self, move: MaskMove) -> None:
        if move.fell:
            path = list(range(move.start - 1, -2, -1)) + [move.end]
        else:
            step = 1 if move.end > move.start else -1
            path = list(range(move.start + step, move.end + step, step)) if move.end != move.start else []
        self.paths[move.seat] = path
        self.step[move.seat] = 0

    def _banner(self, square: str, who: str) -> None:
        title = self.t(f"personality.square.{square}.name")
        self.banners.append((ICONS[square], f"{title} · {who}", self.t(f"personality.square.{square}.help"),
                             BANNER_TICKS))

    # --- clock ---------------------------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.ticks += 1
        self.pop.step()
        if self.reveal_ticks > 0:
            self.reveal_ticks -= 1
        elif self.card_ticks > 0:
            self.card_ticks -= 1
        for seat, path in self.paths.items():
            if not path:
                continue
            self.step[seat] += 1
            target = path[0]
            start = self.shown[seat]
            remaining = STEP_TICKS - self.step[seat] + 1
            self.shown[seat] = start + (target - start) / max(1, remaining)
            if self.step[seat] >= STEP_TICKS:
                self.shown[seat] = float(target)
                path.pop(0)
                self.step[seat] = 0
                if target == -1:
                    self._banner("gouffre", self.name(seat))
        if self.banners and not any(self.paths.values()):
            icon, title, body, left = self.banners[0]
            if left <= 1:
                self.banners.pop(0)
            else:
                self.banners[0] = (icon, title, body, left - 1)
        self.banner_ticks = sum(b[3] for b in self.banners)
        if not self.busy():
            self.sync_overlays()

    # --- overlays --------------------------------------------------------------------------------
    def sync_overlays(self) -> None:
        """Open the overlay the phase needs for human seats, close a stale one."""
        if self.stack is None or self.session.outcome() is not None:
            self._close_overlay()
            return
        key, make = self._wanted()
        if key == self.overlay_key:
            return
        self._close_overlay()
        self.overlay_key = key
        if make is not None:
            self.overlay = make()
            self.stack.push(self.overlay)

    def _close_overlay(self) -> None:
        if self.overlay is not None and self.stack is not None and self.overlay in list(self.stack):
            self.stack.remove(self.overlay)
        self.overlay = None
        self.overlay_key = None

    def _wanted(self) -> tuple[Any, Callable[[], Any] | None]:
        p = self.public
        humans = sorted(self.session.current() & self.humans())
        if not humans:
            return None, None
        phase = p.phase
        if phase in PHASE_PLAYERS:
            return ("ring", self.serial), lambda: self._vote_ring(humans)
        if phase == "partner":
            return ("ring", self.serial), lambda: self._simple_ring(humans, "partner")
        if phase == "contest":
            return ("ring", self.serial), lambda: self._simple_ring(humans, "judge")
        if phase in ("read", "exchange", "play", "give"):
            seat = humans[0]
            return ("peek", self.serial, seat), lambda: self._curtain(seat)
        return None, None

    def _legal(self, seat: int) -> list[Action]:
        return self.session.legal(seat)

    def _submit_or_key(self, action: Action) -> str | None:
        reason = self.submit(action)
        if reason is None:
            return None
        key = f"personality.refuse.{reason}"
        return key if self.ctx.strings.has(key) else "personality.refuse.bad_choice"

    def _choice_options(self, seat: int) -> list[Any]:
        """Every candidate, so all seats share one ring (PE-9: one's own Inversion card
        is greyed inside one's own peek and refused, which the TV never shows)."""
        return list(self.public.candidates)

    def _choice_label(self, seat: int, choice: Any, index: int) -> RingOption:
        allowed = choice in self.session.view(seat).private.choices
        if isinstance(choice, int):
            return RingOption(self.name(choice), number=index + 1, used=not allowed)
        number = self.public.table.index(choice) + 1 if choice in self.public.table else index + 1
        return RingOption(self._card_label(choice), number=number, used=not allowed)

    def _card_label(self, card: str) -> str:
        """A card in a ring slot: its words after "La personne", as many as two lines
        of 28 px hold (a third line would run under the slot's number badge)."""
        kit = self.ctx.kit
        words, short = self.card_text(card).split()[2:], ""
        while words:
            longer = f"{short} {words[0]}".strip()
            if len(kit.wrap(longer + ("…" if len(words) > 1 else ""), 28, LABEL_WIDTH)) > 2:
                break
            short = longer
            words.pop(0)
        return short + ("…" if words else "")

    def _vote_ring(self, seats: list[int]) -> RingPicker:
        bets = (self.t("personality.vote.bet1"), self.t("personality.vote.bet2"), self.t("personality.vote.bet3"))

        def question(seat: int) -> RingQuestion | None:
            if seat not in self.session.current() or self.public.phase not in PHASE_PLAYERS:
                return None  # voted, or the vote is over (the seat may act in the next phase)
            if seat not in self.picks:
                choices = self._choice_options(seat)
                return RingQuestion(self._vote_prompt(), tuple(
                    self._choice_label(seat, c, i) for i, c in enumerate(choices)))
            return RingQuestion(self.t("personality.vote.bet_question"),
                                tuple(RingOption(b, number=i + 1) for i, b in enumerate(bets)))

        def choose(seat: int, index: int) -> str | None:
            if seat not in self.picks:
                choices = self._choice_options(seat)
                if index >= len(choices) or choices[index] not in self.session.view(seat).private.choices:
                    return "personality.refuse.own_card" if self.public.vote_kind == "inversion" \
                        else "personality.refuse.bad_choice"
                if self.public.phase == "revote":
                    return self._submit_or_key(Action("vote", seat, {"choice": choices[index], "bet": 1}))
                self.picks[seat] = choices[index]
                return None
            choice = self.picks.pop(seat)
            refusal = self._submit_or_key(Action("vote", seat, {"choice": choice, "bet": index + 1}))
            if refusal is not None:
                self.picks[seat] = choice
            return refusal

        def progress(seat: int) -> tuple[int, int]:
            total = 1 if self.public.phase == "revote" else 2
            if seat not in self.session.current():
                return total, total
            return (1 if seat in self.picks else 0), total

        return CardRing(self.ctx, seats, question, choose, card=self._voted_card, progress=progress)

    def _voted_card(self) -> tuple[str, str] | None:
        """The read card under vote (caption, text), kept readable over the ring."""
        p = self.public
        if p.vote_kind == "inversion" or not p.table or p.phase not in PHASE_PLAYERS:
            return None
        return self.t("personality.card.read_by", name=self.name(p.reader)), self.card_text(p.table[0])

    def _vote_prompt(self) -> str:
        p = self.public
        if p.vote_kind == "inversion":
            return self.t("personality.vote.card_question", name=self.name(p.target))
        return self.t("personality.vote.question")

    def _simple_ring(self, seats: list[int], kind: str) -> RingPicker:
        def actions(seat: int) -> list[Action]:
            # the phase may have moved on under this ring (the seat then acts in another way)
            wanted = "partner" if kind == "partner" else "judge"
            return [a for a in self._legal(seat) if a.kind == wanted] if seat in self.session.current() else []

        def label(action: Action, index: int) -> RingOption:
            if kind == "partner":
                return RingOption(self.name(action.data["partner"]), number=index + 1)
            return RingOption(self.name(action.data["choice"]), number=index + 1)

        p = self.public
        prompts = {"partner": self.t("personality.partner.question", name=self.name(p.chooser or 0)),
                   "judge": self.t("personality.endgame.contest_question")}

        def question(seat: int) -> RingQuestion | None:
            legal = actions(seat)
            if not legal:
                return None
            options = [label(a, i) for i, a in enumerate(legal)]
            if len(options) < 2:
                options.append(RingOption("—", number=2))
            return RingQuestion(prompts[kind], tuple(options))

        def choose(seat: int, index: int) -> str | None:
            legal = actions(seat)
            if index >= len(legal):
                return "personality.refuse.bad_choice"
            return self._submit_or_key(legal[index])

        return RingPicker(self.ctx, seats, question, choose)

    def _curtain(self, seat: int) -> PeekCurtain:
        phase = self.public.phase
        picker = self._list_picker(seat, phase)
        title = {"read": self.t("personality.read.peek_title"), "exchange": self.t("personality.exchange.peek_title"),
                 "play": self.t("personality.inversion.peek_title", name=self.name(self.public.target or 0)),
                 "give": self.t("personality.endgame.peek_title")}[phase]
        holder = {"picker": picker}

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
            holder["picker"].draw(self.ctx.kit, surface, rect)

        def handle(event: InputEvent) -> bool:
            taken = holder["picker"].handle(event)
            if phase == "give" and seat in self.picks and holder["picker"] is picker:
                holder["picker"] = self._receiver_picker(seat)
            return taken

        return PeekCurtain(self.ctx, seat, draw, handle, title=title)

    def _list_picker(self, seat: int, phase: str) -> ListPicker:
        hand = list(self.session.view(seat).private.hand)
        labels = [self.card_text(c) for c in hand]
        if phase == "exchange":
            def pick(i: int) -> None:
                self.submit(Action("exchange", seat, {"card": None if i == 0 else hand[i - 1]}))
            return ListPicker(self.t("personality.exchange.pick"), [self.t("personality.exchange.keep")] + labels, pick)
        if phase == "give":
            def pick_gift(i: int) -> None:
                self.picks[seat] = hand[i]
            return ListPicker(self.t("personality.endgame.pick_card"), labels, pick_gift)
        kind = "read" if phase == "read" else "play"
        title = self.t("personality.read.pick") if kind == "read" else self.t(
            "personality.inversion.play", name=self.name(self.public.target or 0))
        return ListPicker(title, labels, lambda i: self.submit(Action(kind, seat, {"card": hand[i]})))

    def _receiver_picker(self, seat: int) -> ListPicker:
        card = self.picks[seat]
        receivers = sorted({a.data["to"] for a in self._legal(seat) if a.data["card"] == card})

        def pick(i: int) -> None:
            self.picks.pop(seat, None)
            self.submit(Action("give", seat, {"card": card, "to": receivers[i]}))
        return ListPicker(self.t("personality.endgame.pick_player"), [self.name(s) for s in receivers], pick)

    # --- input ---------------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat is None or not event.pressed:
            return super().handle(seat, event)
        if self.session.outcome() is not None:
            return self._portrait_input(event.intent) or super().handle(seat, event)
        if self.public.phase == "debate" and event.intent is Intent.CONFIRM and seat in self.session.current():
            self.submit(Action("ready", seat))
            return True
        if self.public.phase == "respond" and seat in self.session.current() and not self.busy():
            if event.intent in (Intent.CONFIRM, Intent.ALT):
                self.submit(Action("accept" if event.intent is Intent.CONFIRM else "contest", seat))
                return True
        if event.intent is Intent.PEEK and self.overlay is None:
            self.sync_overlays()
        return super().handle(seat, event)

    def _portrait_input(self, intent: Intent) -> bool:
        if intent is Intent.ALT:
            try:
                path = save_portraits(self)
                self.message = self.t("personality.portraits.saved", path=str(path))
            except (OSError, pygame.error) as exc:
                self.message = self.t("personality.portraits.failed", error=str(exc))
            return True
        if intent is Intent.CONFIRM and self.stack is not None:
            from ....scenes.menus.matches import new_match

            self.stack.replace(new_match(self.ctx, self.entry, self.session.config))
            return True
        if intent is Intent.BACK and self.stack is not None:
            self.stack.pop()
            return True
        return False

    # --- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.ctx.kit
        kit.background(surface)
        if self.session.outcome() is not None and not self.busy():
            draw_portraits(self, surface)
            return
        self._draw_header(surface)
        self._draw_track(surface)
        self._draw_seats(surface)
        self._draw_stage(surface, alpha)
        if self.banners and not any(self.paths.values()):
            self._draw_banner(surface)

    def _draw_header(self, surface: pygame.Surface) -> None:
        kit, c, p = self.ctx.kit, self.ctx.kit.colours, self.public
        bar = pygame.Rect(40, 24, 1408, 70)
        kit.panel(surface, bar, c.panel, radius=35, shadow=False)
        kit.blit_text(surface, self.t("personality.turn", n=p.turn + 1), 34, (bar.x + 30, bar.centery), "midleft", c.gold)
        kit.blit_text(surface, self._title(), 36, (bar.centerx + 60, bar.centery), "center", c.text, max_width=1060)
        kit.blit_text(surface, self.t("personality.deck", n=p.deck_size), 30, (bar.right - 28, bar.centery), "midright",
                      c.muted)

    def _title(self) -> str:
        p = self.public
        phase = p.phase
        if self.reveal_ticks > 0 and p.result is not None:
            return self.t("personality.reveal.title")
        if phase == "read":
            return self.t("personality.read.title", name=self.name(p.reader))
        if phase == "vote":
            return self.t("personality.vote.title")
        if phase == "revote":
            return self.t("personality.vote.revote_title")
        if phase == "debate":
            return self.t("personality.debate.title")
        if phase == "exchange":
            return self.t("personality.exchange.title")
        if phase == "partner":
            return self.t("personality.partner.title", name=self.name(p.chooser))
        if phase == "play":
            return self.t("personality.inversion.title", name=self.name(p.target))
        if phase == "give":
            return self.t("personality.endgame.give", name=self.name(p.giver), n=p.gift_count)
        if phase == "respond":
            return self.t("personality.endgame.title", name=self.name(p.giver))
        if phase == "contest":
            return self.t("personality.endgame.contest_title", name=self.name(p.gifts[p.contest].to))
        if phase == "over":
            return self.t("personality.winners", names=", ".join(self.name(s) for s in p.winners))
        return ""

    def _draw_track(self, surface: pygame.Surface) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        for index in range(self.board.length - 1):
            a, b = square_center(index), square_center(index + 1)
            pygame.draw.line(surface, c.panel_hi, a, b, 10)
        pit = pygame.Rect(0, 0, SQUARE, SQUARE)
        pit.center = square_center(-1)
        kit.panel(surface, pit, (10, 6, 20), radius=46, border=c.bad, shadow=False)
        surface.blit(kit.icon(ICONS["gouffre"], 56), kit.icon(ICONS["gouffre"], 56).get_rect(center=pit.center))
        for index in range(self.board.length):
            kind = self.board.kind(index)
            rect = pygame.Rect(0, 0, SQUARE, SQUARE)
            rect.center = square_center(index)
            special = kind != "plain"
            colour = {"summit": c.gold, "door": (120, 90, 170), "inversion": (70, 110, 170),
                      "tete_a_tete": (150, 80, 120), "start": c.good}.get(kind, c.panel)
            kit.panel(surface, rect, colour, radius=18, border=c.panel_hi if not special else c.text, shadow=False,
                      border_width=3)
            if special:
                icon = kit.icon(ICONS[kind], 54)
                surface.blit(icon, icon.get_rect(center=(rect.centerx, rect.centery - 6)))
            kit.blit_text(surface, str(index), 28, (rect.right - 8, rect.bottom - 2), "bottomright",
                          c.text if special else c.muted)
        by_square: dict[int, list[int]] = {}
        for seat in range(self.public.seats):
            by_square.setdefault(int(round(self.shown[seat])), []).append(seat)
        for seat in range(self.public.seats):
            x, y = self._mask_pos(seat, by_square)
            kit.seat_token(surface, self.ctx.seats[seat].style, (x, y), 17)

    def _mask_pos(self, seat: int, by_square: dict[int, list[int]]) -> tuple[int, int]:
        value = self.shown[seat]
        low = int(value // 1) if value >= -1 else -1
        frac = value - low
        ax, ay = square_center(low)
        bx, by = square_center(min(low + 1, self.board.length - 1))
        x, y = ax + (bx - ax) * frac, ay + (by - ay) * frac
        hop = -18 * (1 - abs(2 * frac - 1)) if 0 < frac < 1 else 0
        group = by_square.get(int(round(value)), [seat])
        i = group.index(seat) if seat in group else 0
        dx = (i % 3 - 1) * 30
        dy = (i // 3) * 30 - 22
        return int(x + dx), int(y + dy + hop)

    def _draw_seats(self, surface: pygame.Surface) -> None:
        kit, c, p = self.ctx.kit, self.ctx.kit.colours, self.public
        current = self.session.current()
        row_h = min(150, 960 // p.seats)
        for seat in range(p.seats):
            box = pygame.Rect(SIDE_X, 24 + seat * row_h, 420, row_h - 12)
            style = kit.seat_style(self.ctx.seats[seat].style)
            acting = seat in current
            kit.panel(surface, box, c.panel, radius=24, border=style.colour if acting else None, shadow=False)
            kit.seat_token(surface, self.ctx.seats[seat].style, (box.x + 46, box.y + 44), 28)
            kit.blit_text(surface, self.name(seat), 34, (box.x + 88, box.y + 24), "midleft", style.light, max_width=250)
            info = f"{self.t('personality.hand', n=p.hand_sizes[seat])} · {self.t('personality.received', n=len(p.received[seat]))}"
            kit.blit_text(surface, info, 28, (box.x + 88, box.y + 64), "midleft", c.muted)
            mark = self._seat_mark(seat)
            if self.thinking(seat):
                self.draw_thinking(surface, seat, (box.right - 52, box.y + 40), 36)
            elif mark == "done":
                kit.draw_check(surface, (box.right - 40, box.y + 40), 44, c.good)
            elif mark == "reader":
                surface.blit(kit.icon("1F4D6", 48), kit.icon("1F4D6", 48).get_rect(center=(box.right - 40, box.y + 40)))
            elif mark == "win":
                surface.blit(kit.icon("1F451", 48), kit.icon("1F451", 48).get_rect(center=(box.right - 40, box.y + 40)))
            for pair in p.pairs:
                if seat in pair:
                    other = pair[1] if pair[0] == seat else pair[0]
                    kit.blit_text(surface, "+", 30, (box.right - 80, box.y + 40), "center", c.accent)
                    kit.seat_token(surface, self.ctx.seats[other].style, (box.right - 40, box.y + 84), 16)

    def _seat_mark(self, seat: int) -> str:
        p = self.public
        if seat in p.winners:
            return "win"
        if p.phase in PHASE_PLAYERS and seat in p.voted:
            return "done"
        if p.phase == "debate" and seat in p.ready:
            return "done"
        if p.phase == "exchange" and seat in p.exchanged:
            return "done"
        if p.phase == "contest" and seat in p.judged:
            return "done"
        if p.phase == "play" and seat in p.played:
            return "done"
        if p.phase == "read" and seat == p.reader:
            return "reader"
        return ""

    def _stage_rect(self) -> pygame.Rect:
        return pygame.Rect(40, 114, 1408, 450)

    def _draw_stage(self, surface: pygame.Surface, alpha: float) -> None:
        p = self.public
        if self.reveal_ticks > 0 and p.result is not None:
            self._draw_reveal(surface, alpha)
        elif p.phase in ("give", "respond", "contest"):
            self._draw_endgame(surface)
        elif p.phase == "debate":
            self._draw_debate(surface)
        elif p.vote_kind == "inversion" and p.phase in ("play", "vote", "revote"):
            self._draw_inversion(surface)
        elif p.table:
            self._draw_card(surface, p.table[0], self.t("personality.card.read_by", name=self.name(p.reader)))
            self._draw_progress(surface)
        elif p.phase == "read":
            self._draw_waiting(surface, self.t("personality.read.title", name=self.name(p.reader)))
        elif p.phase == "partner":
            self._draw_waiting(surface, self.t("personality.partner.question", name=self.name(p.chooser)))

    def _draw_card(self, surface: pygame.Surface, card: str, caption: str, rect: pygame.Rect | None = None,
                   size: int = 48) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        rect = rect or pygame.Rect(170, 130, 1150, 300)
        kit.panel(surface, rect, (252, 244, 226), radius=28, border=c.gold, border_width=6)
        kit.blit_text(surface, caption, 30, (rect.centerx, rect.y + 16), "midtop", (120, 96, 70))
        kit.blit_text(surface, self.card_text(card), size, (rect.centerx, (rect.y + 52 + rect.bottom) // 2), "center",
                      (40, 30, 50), max_width=rect.width - 40 if rect.width < 500 else rect.width - 80, align="center")

    def _draw_progress(self, surface: pygame.Surface) -> None:
        kit, c, p = self.ctx.kit, self.ctx.kit.colours, self.public
        if p.phase in PHASE_PLAYERS:
            text = self.t("personality.vote.voted", n=len(p.voted), total=p.seats)
        elif p.phase == "exchange":
            text = self.t("personality.exchange.done", n=len(p.exchanged), total=len(p.exchangers))
        elif p.phase == "read":
            text = self.t("personality.read.bot", name=self.name(p.reader))
        else:
            return
        kit.blit_text(surface, text, 36, (745, 490), "center", c.text)
        for a, b in p.pairs:
            kit.blit_text(surface, self.t("personality.vote.pair", a=self.name(a), b=self.name(b)), 30, (745, 536),
                          "center", c.accent)

    def _draw_waiting(self, surface: pygame.Surface, text: str) -> None:
        kit = self.ctx.kit
        kit.blit_text(surface, text, 44, self._stage_rect().center, "center", kit.colours.text, max_width=1200,
                      align="center")

    def _draw_reveal(self, surface: pygame.Surface, alpha: float) -> None:
        kit, c, r = self.ctx.kit, self.ctx.kit.colours, self.public.result
        stage = self._stage_rect()
        kit.panel(surface, stage, c.panel, radius=30, border=c.gold)
        outcome = r.outcome
        if outcome == "elected":
            winner = r.elected
            if r.kind == VoteKind.NORMAL:
                text = self.t("personality.reveal.elected", name=self.name(winner))
            else:
                owner = r.owners.get(winner)
                text = self.t("personality.reveal.card_elected", name=self.name(owner) if owner is not None else "?")
        elif outcome == "tie":
            text = self.t("personality.reveal.tie")
        else:
            text = self.t("personality.reveal.still_tied" if r.stage == PEPhase.REVOTE else "personality.reveal.none")
        scale = float(self.pop.value(alpha))
        image = kit.text(text, 46, c.gold, max_width=1300, align="center", shadow=True)
        if scale != 1.0:
            image = pygame.transform.smoothscale_by(image, scale)
        surface.blit(image, image.get_rect(midtop=(stage.centerx, stage.y + 18)))
        votes = sorted(r.votes.items())
        cols = 3 if len(votes) > 4 else 2
        for i, (voter, vote) in enumerate(votes):
            col, row = i % cols, i // cols
            w = stage.width // cols
            cx = stage.x + col * w + w // 2
            cy = stage.y + 140 + row * 120
            box = pygame.Rect(0, 0, w - 40, 100)
            box.center = (cx, cy)
            winner = outcome == "elected" and vote.choice == r.elected
            kit.panel(surface, box, c.panel_hi, radius=22, border=c.good if winner else None, shadow=False)
            kit.seat_token(surface, self.ctx.seats[voter].style, (box.x + 44, cy), 28)
            partner = next((b for a, b in r.pairs if a == voter), None)
            if partner is not None:
                kit.seat_token(surface, self.ctx.seats[partner].style, (box.x + 74, cy + 24), 16)
            ax = box.x + 112
            pygame.draw.polygon(surface, c.text, [(ax - 18, cy - 8), (ax + 4, cy - 8), (ax + 4, cy - 18), (ax + 22, cy),
                                                  (ax + 4, cy + 18), (ax + 4, cy + 8), (ax - 18, cy + 8)])
            choice = vote.choice
            if isinstance(choice, int):
                kit.draw_seat_badge(surface, self.ctx.seats[choice], (box.x + 190, cy), 56, beside=True, name_size=30)
            else:
                number = sorted(r.owners).index(choice) + 1 if choice in r.owners else "?"
                kit.blit_text(surface, f"#{number}", 40, (box.x + 170, cy), "midleft", c.text)
            if r.stage == PEPhase.VOTE:
                kit.blit_text(surface, self.t("personality.reveal.bet", n=vote.bet), 36, (box.right - 24, cy),
                              "midright", c.gold)
        if r.card is not None:
            kit.blit_text(surface, self.card_text(r.card), 30, (stage.centerx, stage.y + 350), "center",
                          c.muted, max_width=stage.width - 80, align="center")
        moves = {m.seat: m for m in r.moves}
        if moves:
            y = stage.bottom - 40
            x = stage.x + 40
            for seat, move in moves.items():
                delta = move.delta
                colour = c.good if delta > 0 else c.bad
                kit.seat_token(surface, self.ctx.seats[seat].style, (x + 20, y), 18)
                kit.blit_text(surface, f"{delta:+d}", 32, (x + 46, y), "midleft", colour)
                x += 140

    def _draw_debate(self, surface: pygame.Surface) -> None:
        kit, c, p = self.ctx.kit, self.ctx.kit.colours, self.public
        stage = self._stage_rect()
        kit.panel(surface, stage, c.panel, radius=30, border=c.accent)
        kit.blit_text(surface, self.t("personality.debate.explain"), 40, (stage.x + 40, stage.y + 30), "topleft", c.text,
                      max_width=900)
        candidates = p.candidates
        for i, cand in enumerate(candidates):
            x = stage.x + 120 + i * 220
            if isinstance(cand, int):
                kit.draw_seat_badge(surface, self.ctx.seats[cand], (x, stage.y + 230), 110, name_size=36)
            else:
                box = pygame.Rect(stage.x + 30 + i * 330, stage.y + 130, 310, 220)
                kit.panel(surface, box, (252, 244, 226), radius=18, border=c.gold)
                kit.blit_text(surface, self.card_text(cand), 28, box.center, "center", (40, 30, 50),
                              max_width=280, align="center")
        kit.blit_text(surface, self.t("personality.debate.ready", n=len(p.ready), total=p.seats), 36,
                      (stage.x + 40, stage.bottom - 40), "midleft", c.muted)
        remaining = self.session.remaining()
        if p.debate_ticks > 0 and remaining is not None:
            kit.countdown(surface, (stage.right - 170, stage.centery), remaining / 60, p.debate_ticks / 60, radius=120)
        else:
            kit.blit_text(surface, self.t("personality.debate.no_timer"), 32, (stage.right - 170, stage.centery),
                          "center", c.muted)
        kit.hint_bar(surface, [(Intent.CONFIRM, self.t("personality.debate.hint"))])
        if p.table and p.vote_kind == "normal":
            self._draw_card(surface, p.table[0], "", pygame.Rect(stage.x + 520, stage.y + 130, 560, 180), 32)

    def _draw_inversion(self, surface: pygame.Surface) -> None:
        kit, c, p = self.ctx.kit, self.ctx.kit.colours, self.public
        stage = self._stage_rect()
        kit.blit_text(surface, self.t("personality.inversion.show", name=self.name(p.target)), 36,
                      (stage.centerx, stage.y + 6), "midtop", c.gold)
        if p.phase == "play":
            total = len(p.played) + len(self.session.current())
            kit.blit_text(surface, self.t("personality.inversion.played", n=len(p.played), total=total), 40,
                          stage.center, "center", c.text)
            return
        cards = list(p.table)
        w = min(440, (stage.width - 20) // max(1, len(cards)))
        for i, card in enumerate(cards):
            rect = pygame.Rect(stage.x + 10 + i * w, stage.y + 60, w - 16, 300)
            self._draw_card(surface, card, f"#{i + 1}", rect, 30)
        self._draw_progress(surface)

    def _draw_endgame(self, surface: pygame.Surface) -> None:
        kit, c, p = self.ctx.kit, self.ctx.kit.colours, self.public
        stage = self._stage_rect()
        kit.panel(surface, stage, c.panel, radius=30, border=c.gold)
        kit.draw_seat_badge(surface, self.ctx.seats[p.giver], (stage.x + 90, stage.y + 90), 100, name_size=34)
        for i, gift in enumerate(p.gifts):
            box = pygame.Rect(stage.x + 200, stage.y + 24 + i * 140, 1180, 124)
            active = p.contest == i
            kit.panel(surface, box, c.panel_hi, radius=20, border=c.accent if active else None, shadow=False)
            kit.blit_text(surface, self.card_text(gift.card), 30, (box.x + 24, box.centery), "midleft", c.text,
                          max_width=720)
            kit.draw_seat_badge(surface, self.ctx.seats[gift.to], (box.x + 820, box.centery), 56, beside=True,
                                name_size=30)
            answer = gift.answer
            label = {"accept": "personality.endgame.accepted", "contest": "personality.endgame.contested"}.get(
                answer, "personality.endgame.waiting")
            colour = c.good if answer == "accept" else (c.bad if answer == "contest" else c.muted)
            kit.blit_text(surface, self.t(label), 30, (box.right - 20, box.centery), "midright", colour)
        if p.phase == "respond":
            kit.hint_bar(surface, [(Intent.CONFIRM, self.t("personality.endgame.accept")),
                                   (Intent.ALT, self.t("personality.endgame.contest"))])
        if p.phase == "give" and len(p.gifts) < p.gift_count:
            kit.blit_text(surface, self.t("personality.endgame.pick_card"), 34,
                          (stage.x + 790, stage.y + 60 + len(p.gifts) * 140), "center", c.muted)

    def _draw_banner(self, surface: pygame.Surface) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        icon, title, body, _left = self.banners[0]
        box = pygame.Rect(0, 0, 1200, 220)
        box.center = (745, 380)
        kit.panel(surface, box, c.panel_hi, radius=30, border=c.gold, border_width=6)
        surface.blit(kit.icon(icon, 120), kit.icon(icon, 120).get_rect(center=(box.x + 100, box.centery)))
        kit.blit_text(surface, title, 42, (box.x + 190, box.y + 26), "topleft", c.gold, max_width=980)
        kit.blit_text(surface, body, 32, (box.x + 190, box.y + 86), "topleft", c.text, max_width=980)


# --- portraits (PE-13) --------------------------------------------------------------------------
def draw_portraits(board: PersonalityBoard, surface: pygame.Surface, hints: bool = True) -> None:
    kit, c, p = board.ctx.kit, board.ctx.kit.colours, board.public
    kit.blit_text(surface, board.t("personality.portraits.title"), 60, (kit.W // 2, 40), "midtop", c.gold, shadow=True)
    if hints and board.message:  # where the picture went, in place of the winners (the crowns say it too)
        kit.blit_text(surface, board.message, 30, (kit.W // 2, 120), "midtop", c.accent, max_width=1700)
    else:
        kit.blit_text(surface, board.t("personality.winners", names=", ".join(board.name(s) for s in p.winners)), 36,
                      (kit.W // 2, 116), "midtop", c.text)
    cols, top, gap = 3, 170, 20
    # on screen the boxes stop above the hint bar; the saved picture has no hint bar
    bottom = kit.safe_rect.bottom - 74 if hints else kit.H - 30
    rows = (p.seats + cols - 1) // cols
    w, h = 600, (bottom - top - gap * (rows - 1)) // rows
    for seat in range(p.seats):
        col, row = seat % cols, seat // cols
        box = pygame.Rect(30 + col * (w + 25), top + row * (h + gap), w, h)
        style = kit.seat_style(board.ctx.seats[seat].style)
        kit.panel(surface, box, c.panel, radius=26, border=style.colour)
        kit.draw_seat_badge(surface, board.ctx.seats[seat], (box.x + 50, box.y + 44), 56, beside=True, name_size=36)
        if seat in p.winners:
            surface.blit(kit.icon("1F451", 52), kit.icon("1F451", 52).get_rect(center=(box.right - 44, box.y + 44)))
        cards = p.received[seat]
        y = box.y + 90
        if not cards:
            kit.blit_text(surface, board.t("personality.portraits.none"), 30, (box.centerx, y + 40), "midtop", c.muted)
        for i, card in enumerate(cards):
            text = kit.text("• " + board.card_text(card), 28, c.text, max_width=w - 40)
            room = box.bottom - 10 - (0 if i == len(cards) - 1 else 40)  # keep a line for "…"
            if y + text.get_height() > room:
                kit.blit_text(surface, "…", 30, (box.centerx, y - 6), "midtop", c.muted)
                break
            surface.blit(text, (box.x + 20, y))
            y += text.get_height() + 6
    if hints:
        kit.hint_bar(surface, [(Intent.ALT, board.t("personality.portraits.save")),
                               (Intent.CONFIRM, board.t("personality.portraits.again")),
                               (Intent.BACK, board.t("personality.portraits.lobby"))])


def pictures_dir() -> Path:
    """Where portraits are saved: the user's pictures folder, in "Secret Salon"."""
    import platformdirs

    return Path(platformdirs.user_pictures_dir()) / "Secret Salon"


def save_portraits(board: PersonalityBoard) -> Path:
    canvas = board.ctx.kit.canvas()
    board.ctx.kit.background(canvas)
    draw_portraits(board, canvas, hints=False)
    folder = pictures_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"personality-{time.strftime('%Y%m%d-%H%M%S')}.png"
    pygame.image.save(canvas, str(path))
    return path


def make_board(ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot]) -> PersonalityBoard:
    return PersonalityBoard(ctx, entry, session, bots)


# --- screenshots --------------------------------------------------------------------------------
def _drive(ctx: Any, args: argparse.Namespace, until: Callable[[Any, Any], bool], min_turn: int = 2) -> Session:
    """A 6-seat (or --seats) match played by bots until ``until(state, session)`` holds."""
    entry = ctx.games["personality"]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    seats = max(3, min(6, len(ctx.seats)))
    for attempt in range(60):
        seed = args.seed * 100 + attempt
        session = Session(entry.make_definition(catalogue), entry.default_config(seats), seed)
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"shot:{seed}:{s}")) for s in range(seats)}
        for _ in range(3000):
            state = session.state
            if state.turn >= min_turn and until(state, session):
                return session
            if session.outcome() is not None:
                break
            current = sorted(session.current())
            if not current:
                session.jump_to_deadline()
                continue
            seat = current[0]
            session.submit(bots[seat].act(session.view(seat), session.legal(seat)))
    raise RuntimeError("no match reached the wanted moment")


def _shot(until: Callable[[Any, Any], bool], min_turn: int = 2,
          peek: bool = False) -> Callable[[Any, argparse.Namespace], None]:
    def build(ctx: Any, args: argparse.Namespace) -> None:
        while len(ctx.seats) < 6:
            ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
        session = _drive(ctx, args, until, min_turn)
        entry = ctx.games["personality"]
        board = make_board(ctx, entry, session, {})
        ctx.stack.push(board)
        board.sync_overlays()
        if peek and board.overlay is not None:
            seat = getattr(board.overlay, "seat", None)
            if seat is not None:
                board.overlay.handle(seat, InputEvent(ctx.seats[seat].device, Intent.PEEK, pressed=True))
    return build


def _reveal_shot(ctx: Any, args: argparse.Namespace) -> None:
    def until(state: Any, session: Session) -> bool:
        return (state.result is not None and state.result.outcome == "elected" and state.result.turn == state.turn
                and len(state.result.votes) >= 5 and state.phase == "exchange")
    _shot(until, 2)(ctx, args)
    board = ctx.stack.top
    while not isinstance(board, PersonalityBoard):
        ctx.stack.pop()
        board = ctx.stack.top
    result = board.public.result
    for move in result.moves:
        board.shown[move.seat] = float(move.start)
    board.on_events(None, (VoteRevealed(result), *(MaskMoved(move) for move in result.moves)))


SHOTS = {
    "personality.read": _shot(lambda s, _: s.phase == "read", 3),
    "personality.read.peek": _shot(lambda s, _: s.phase == "read", 3, peek=True),
    "personality.vote": _shot(lambda s, _: s.phase == "vote" and s.vote_kind == "normal" and 0 < len(s.votes()) < 4, 3),
    "personality.reveal": _reveal_shot,
    "personality.debate": _shot(lambda s, _: s.phase == "debate", 2),
    "personality.revote": _shot(lambda s, _: s.phase == "revote", 1),
    "personality.exchange": _shot(lambda s, _: s.phase == "exchange", 3),
    "personality.exchange.peek": _shot(lambda s, _: s.phase == "exchange", 3, peek=True),
    "personality.tete_a_tete": _shot(lambda s, _: s.phase == "partner", 1),
    "personality.inversion": _shot(lambda s, _: s.phase == "play" and 0 < len(s.played), 1),
    "personality.inversion.vote": _shot(lambda s, _: s.phase == "vote" and s.vote_kind == "inversion", 1),
    "personality.endgame": _shot(lambda s, _: s.phase == "respond", 1),
    "personality.contest": _shot(lambda s, _: s.phase == "contest", 1),
    "personality.portraits": _shot(lambda s, _: s.phase == "over", 1),
}
