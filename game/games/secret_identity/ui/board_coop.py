"""The cooperative Secret Identity board (SC-1..SC-5), drawn from the public view only.

The active seat builds its clue in its peek curtain (on its phone, if it plays on one:
then no curtain, the hub says so); the hub shows the clue as it is placed. Then every
other seat moves one shared team cursor round the ring (stick, D-pad or keys) and
holding CONFIRM for 1.5 s locks the answer (a progress ring fills).
The result flashes right or wrong; the track shows 0–10 correct answers and the end
screen the printed rating band.

The team decides together (the booklet: "the other players discuss and decide on one
character together"): the answer locks once every person guessing agrees, for 1.5 s
from the last pad's press. A pad or keyboard agrees by holding CONFIRM; a phone by
holding its own "agree" button 1.5 s (its ``lock`` move, taken by :meth:`phone_submit`
as the phone's agreement, never as a lock on its own), which stays until taken back.
An agreement is for the slot it began on; when the cursor moves, every one is dropped.
The panels and the hub show who agrees, the phones too (``BoardNow.agreed``). Bots are team-mates who may suggest:
until a person aims, steps or holds in this guess, a bot may move the cursor to its
favourite; after that it leaves the cursor to the people, and while a person guesses a
bot never locks. The board tells the bots so through :meth:`bot_legal` (what they may
do now), never through anything they could not see.

The board animates from the rules' events (:meth:`react`): a moved cursor pops and
drops every hold, a locked answer flashes right or wrong.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event, PhaseStarted
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.ring import sector
from ....ui.show import Show, Standing
from ....ui.tween import Tween
from ..rules.events import GuessLocked, GuessProposed
from ..rules.view import CoopPhase
from .board_base import SecretIdentityBoard
from .coop_end import draw_end
from .hub import badge_stack, clue_row_image, fitted, hub_text, hub_width, stack_in_hub, text_part
from .track import track_line
from .widgets import (
    SLOT_H,
    SLOT_W,
    RingCard,
    board_ring,
    draw_cross,
    draw_ring_cards,
    draw_seat_panel,
    paint_table_still,
    panel_positions,
    slot_positions,
)

#: SC-3: holding CONFIRM this long (fixed ticks, 1.5 s) locks the team's answer.
LOCK_HOLD_TICKS = 90
#: The hold-to-lock progress: this thick on the hub's rim.
HOLD_RIM = 10
#: Clue chips in the hub: the clue being guessed (as big as its stack lets it), the one just guessed.
CLUE_CHIPS, RESULT_CHIP = (96, 88, 80), 70
RESULT_TICKS = 150
RESULT_READ_TICKS = 150
STICK_THRESHOLD = 0.5


class CoopBoard(SecretIdentityBoard):
    def __init__(self, ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        #: SC-3 hold-to-lock: person's seat -> fixed ticks held on the cursor's slot.
        self.holding: dict[int, int] = {}
        #: The phones that agreed with the cursor's slot, in order (until it moves).
        self.agreed: list[int] = []
        #: A person has aimed, stepped or held in this guess: bots leave the cursor be.
        self.people_on_cursor = False
        self.result_ticks = RESULT_TICKS + RESULT_READ_TICKS
        #: The end screen's show (game/ui/show.py), from the moment the end screen appears.
        self.end_show: Show | None = None
        self.cursor_pop: Tween | None = None

    @property
    def seats(self) -> int:
        return len(self.public.hand_counts)

    def people_guessing(self) -> list[int]:
        """The seats played by people that guess now (the lock is theirs, together)."""
        public = self.public
        if public.phase != CoopPhase.GUESS:
            return []
        return [seat for seat in range(self.seats) if seat != public.active and seat not in self.bots]

    def agreeing(self) -> list[int]:
        """The people guessing who agree now: a pad holding CONFIRM, a phone that agreed."""
        return [seat for seat in self.people_guessing() if seat in self.holding or seat in self.agreed]

    def team_hold(self) -> float:
        """0..1: how far the team is into its lock (everyone must agree; the pads' holds
        fill it, phones agreed by holding on their own screen)."""
        people = self.people_guessing()
        if not people or len(self.agreeing()) < len(people):
            return 0.0
        holds = [self.holding[seat] for seat in people if seat in self.holding]
        return min(1.0, min(holds, default=LOCK_HOLD_TICKS) / LOCK_HOLD_TICKS)

    def board_now(self) -> Any:
        """The phones' screens show who guesses and who agrees, as the panels do."""
        return replace(super().board_now(), guessers=tuple(self.people_guessing()), agreed=tuple(self.agreeing()))

    def phones_wait(self) -> bool:
        """The answer's flash plays: "continue" waits for it, as a pad's CONFIRM does."""
        return self.public.phase in (CoopPhase.RESULT, CoopPhase.OVER) and self.result_ticks < RESULT_TICKS

    def end_choices_open(self) -> bool:
        return self.end_show is not None and self.end_show.done

    def show_to_skip(self) -> bool:
        """The end show plays (an answer's flash is watched out, by pads too)."""
        return self.end_show is not None and not self.end_show.done

    def skip_show(self) -> None:
        if self.end_show is not None:
            self.end_show.skip()

    def phone_submit(self, action: Action) -> str | None:
        """A phone's ``lock`` is its agreement (the pads' hold, held on its screen), and
        ``unlock`` takes it back; the answer locks once every person guessing agrees."""
        if action.kind not in ("lock", "unlock") or action.seat not in self.people_guessing() or self.phones_wait():
            return super().phone_submit(action)
        if action.kind == "unlock":
            if action.seat in self.agreed:
                self.agreed.remove(action.seat)
            return None
        if action.seat not in self.agreed:
            self.people_on_cursor = True
            self.agreed.append(action.seat)
            self.ctx.audio.play("confirm")
        self._lock_if_agreed()
        return None

    # --- flow ----------------------------------------------------------------------------
    def react(self, event: Event) -> None:
        if isinstance(event, GuessProposed):
            self.holding.clear()  # an agreement is for the slot it began on, not the new one
            self.agreed.clear()
            self.cursor_pop = Tween(1.12, 1.0, 14, "out_back")
            self.ctx.audio.play("nav")
        elif isinstance(event, GuessLocked):
            self.result_ticks = 0
            self.holding.clear()
            self.agreed.clear()
            self.ctx.audio.play("right" if event.turn.correct else "wrong")
        elif isinstance(event, PhaseStarted) and event.phase != CoopPhase.GUESS:
            self.people_on_cursor = False

    def bots_may_act(self) -> bool:
        if self.end_show is not None and not self.end_show.done:
            return False
        return self.result_ticks >= RESULT_TICKS + RESULT_READ_TICKS or self.public.phase != CoopPhase.RESULT

    def bot_legal(self, seat: int) -> list[Action]:
        """While people guess, bots never lock, and once a person has taken the cursor
        in this guess they wait (they would pull it back to their favourite)."""
        legal = super().bot_legal(seat)
        if not self.people_guessing():
            return legal
        if self.people_on_cursor:
            return []
        return [action for action in legal if action.kind != "lock"]

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.ticks += 1
        if self.cursor_pop is not None:
            self.cursor_pop.step()
        self.result_ticks += 1
        if self.end_show is None and self.public.phase == CoopPhase.OVER and self.result_ticks >= RESULT_TICKS:
            # the team's moment: the score counts up and every seat is cheered together
            score = self.public.team_score
            self.end_show = Show(self.ctx, [Standing(seat, score) for seat in range(self.seats)], seed=score)
        if self.end_show is not None:
            self.end_show.step()
        if self.public.phase == CoopPhase.GUESS and self.holding:
            for seat in self.holding:
                self.holding[seat] += 1
            self._lock_if_agreed()

    def _lock_if_agreed(self) -> None:
        """SC-3: every person guessing agrees, the last pad holding for 1.5 s: the
        cursor's slot locks, in the name of the last pad to press (or phone to agree)."""
        people = self.people_guessing()
        if not people or len(self.agreeing()) < len(people) or self.team_hold() < 1.0:
            return
        holders = [seat for seat in people if seat in self.holding]
        last = min(holders, key=lambda seat: self.holding[seat]) if holders else self.agreed[-1]
        self.holding.clear()
        self.agreed.clear()
        self.submit(Action("lock", last))

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if self.end_show is not None and self.end_show.handle(event):
            return True
        if seat is None or seat >= self.seats or seat in self.bots:
            return super().handle(seat, event)
        public = self.public
        if public.phase == CoopPhase.CLUE and seat == public.active and event.intent is Intent.PEEK and event.pressed:
            self.open_editor(seat)
            return True
        if public.phase == CoopPhase.GUESS and seat != public.active and self._handle_guess(seat, event):
            return True
        if public.phase == CoopPhase.RESULT and event.pressed and event.intent is Intent.CONFIRM:
            if self.result_ticks >= RESULT_TICKS:
                self.submit(Action("next", seat))
            return True
        if public.phase == CoopPhase.OVER and event.pressed and event.intent in (Intent.CONFIRM, Intent.BACK):
            if self.end_show is not None:  # the end screen is up: no choice during the last answer's flash
                self.finish(again=event.intent is Intent.CONFIRM)
            return True
        return super().handle(seat, event)

    def _handle_guess(self, seat: int, event: InputEvent) -> bool:
        """SC-3: any guesser moves the shared cursor; all holding CONFIRM 1.5 s locks."""
        cursor = self.public.cursor
        if event.intent is Intent.STICK:
            if event.magnitude >= STICK_THRESHOLD:
                self.people_on_cursor = True
                if sector(event.angle, 8) != cursor:
                    self.submit(Action("move", seat, {"slot": sector(event.angle, 8)}))
            return True
        if event.intent is Intent.CONFIRM:
            if event.pressed and not event.repeat:
                self.people_on_cursor = True
                self.holding[seat] = 0
            elif not event.pressed:
                self.holding.pop(seat, None)
            return True
        if event.from_stick:
            return True  # the hub's flick direction for the STICK angle just followed: no extra step
        if event.pressed and event.intent in (Intent.LEFT, Intent.RIGHT, Intent.UP, Intent.DOWN):
            self.people_on_cursor = True
            step = 1 if event.intent in (Intent.RIGHT, Intent.DOWN) else -1
            self.submit(Action("move", seat, {"slot": (cursor + step) % 8}))
            return True
        return False

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.ctx.kit
        public = self.public
        if public.phase == CoopPhase.OVER and self.result_ticks >= RESULT_TICKS:
            kit.background(surface)
            draw_end(self, surface)
            self.draw_audience_end(surface)
            return
        border = kit.seat_style(self.ctx.seats[public.active].style).colour
        key = (public.turns, public.turn, tuple(turn.correct for turn in public.history), public.team_score,
               tuple(border), self.ctx.settings.lang, tuple(kit.safe_rect), kit.scaled(100))
        surface.blit(self.still.get(key, lambda layer: paint_table_still(layer, self.ctx, True, border,
                                                                         self.draw_turn_track)), (0, 0))
        self.draw_ring(surface, alpha)
        self.draw_panels(surface)
        self.draw_hub_content(surface)
        self.draw_hints(surface)

    def draw_turn_track(self, surface: pygame.Surface) -> None:
        """Progress 0–10: one pip per turn, green right, red wrong, the current one ringed."""
        kit, c, t, public = self.ctx.kit, self.ctx.kit.colours, self.ctx.t, self.public
        y = track_line(kit)
        bar = pygame.Rect(0, 0, 1100, 64)
        bar.center = (kit.W // 2, y)

        def pips() -> None:  # inside the bar: remembered with it, drawn afresh when a turn ends
            for i in range(public.turns):
                x = int(bar.x + 40 + i * ((bar.width - 80) / (public.turns - 1)))
                if i < len(public.history):
                    right = public.history[i].correct
                    kit.draw_shape(surface, "circle", c.good if right else c.bad, (x, y), 20, outline=c.shadow)
                    if right:
                        kit.draw_check(surface, (x, y), 24, c.text)
                    else:
                        draw_cross(surface, c.text, (x, y), 14)
                else:
                    kit.draw_shape(surface, "circle", c.panel_hi, (x, y), 14)
                    if i == public.turn - 1:
                        pygame.draw.circle(surface, c.accent, (x, y), 22, width=4)

        key = ("sc.turns", public.turns, public.turn, tuple(turn.correct for turn in public.history))
        kit.filled_panel(surface, bar, key, pips, c.panel, radius=32, border=tuple(c.panel_hi))
        kit.blit_text(surface, t("sc.turn", n=public.turn, total=public.turns), 32, (bar.x - 20, y), "midright", c.muted)
        kit.blit_text(surface, t("sc.score", n=public.team_score), 36, (bar.right + 20, y), "midleft", c.gold)

    def _last_result(self) -> Any:
        """The turn just locked, while the result is on screen."""
        public = self.public
        return public.history[-1] if public.phase in (CoopPhase.RESULT, CoopPhase.OVER) and public.history else None

    def draw_ring(self, surface: pygame.Surface, alpha: float) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        public = self.public
        result = self._last_result()
        reveal = result is not None and self.result_ticks >= 30
        since = self.result_ticks - 30
        cards = []
        for slot, pos in enumerate(slot_positions(kit)):
            character = self.catalogue.character(public.board[slot])
            border = glow = None
            scale = 1.0
            if reveal and slot == result.key - 1:
                border = glow = c.good
                scale = 1.0 + 0.18 * max(0.0, 1.0 - since / 40)
            elif reveal and slot == result.guess - 1:
                border = glow = c.bad
                pos = (pos[0] + int(12 * math.sin(since * 0.9) * max(0.0, 1.0 - since / 45)), pos[1])
            cards.append(RingCard(character, slot + 1, pos, border, glow, scale,
                                  dim=public.phase == CoopPhase.GUESS and slot != public.cursor))
        draw_ring_cards(surface, self.ctx, cards)
        if public.phase == CoopPhase.GUESS or (result is not None and not reveal):
            self._draw_cursor(surface, alpha)

    def _draw_cursor(self, surface: pygame.Surface, alpha: float) -> None:
        """The shared team cursor: a thick amber frame with a hold-to-lock ring."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        x, y = slot_positions(kit)[self.public.cursor]
        scale = float(self.cursor_pop.value(alpha)) if self.cursor_pop is not None else 1.0
        frame = pygame.Rect(0, 0, int((SLOT_W + 30) * scale), int((SLOT_H + 30) * scale))
        frame.center = (x, y)
        pygame.draw.rect(surface, c.accent, frame, width=8, border_radius=34)
        tag = kit.text(t("sc.team"), 28, c.shadow)
        box = tag.get_rect(midbottom=(x, frame.y + 4)).inflate(24, 6)
        kit.panel(surface, box, c.accent, radius=box.height // 2, shadow=False)
        surface.blit(tag, tag.get_rect(center=box.center))
        # SC-3 hold-to-lock: the hub's rim fills as the team holds (the hint bar says
        # which button; beside the cursor a ring would cover a neighbour's or its own name)
        held = self.team_hold()
        if held > 0.0:
            ring = board_ring(kit)
            kit.arc(surface, c.good, ring.center, ring.hub, HOLD_RIM, 0, 360 * held)

    def draw_panels(self, surface: pygame.Surface) -> None:
        t = self.ctx.t
        public = self.public
        c = self.ctx.kit.colours
        people = self.people_guessing()
        agreeing = self.agreeing()
        for seat, rect in enumerate(panel_positions(self.ctx.kit, self.seats)):
            active = seat == public.active
            if active:
                status, colour = t("sc.status.active"), c.accent
            elif seat in people and seat in self.holding:
                status, colour = t("sc.status.holding"), c.good
            elif seat in agreeing:
                status, colour = t("sc.status.agreed"), c.good
            elif seat in people and agreeing:  # the lock waits for this one
                status, colour = t("sc.status.agree_phone" if self.on_phone(seat) else "sc.status.hold_too"), c.accent
            else:
                status, colour = t("sc.status.guesser"), None
            highlight = self.ctx.kit.seat_style(self.ctx.seats[seat].style).light if active else None
            draw_seat_panel(surface, self.ctx, seat, rect, score=0, hand_count=public.hand_counts[seat], clue=(),
                            status=status, highlight=highlight, show_score=False, show_clue=False,
                            status_colour=colour)
            self.draw_thinking(surface, seat, (rect.x + 80, rect.y + 6), 38)

    def draw_hub_content(self, surface: pygame.Surface) -> None:
        """In the hub's room, one under the other: the clue just guessed and whether the
        team found it; or the clue and what the team does now (under whose clue it is,
        once guessing)."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        public = self.public
        active = self.ctx.seats[public.active]
        result = self._last_result()
        width = hub_width(kit)
        if result is not None and self.result_ticks >= 30:
            character = self.catalogue.character(result.character)
            row = [clue_row_image(self.ctx, result.clue, RESULT_CHIP, slots=max(1, len(result.clue)))]
            if result.correct:
                hub_text(surface, self.ctx, t("sc.result.right"), t("sc.result.plus_one"), c.good, above=row)
            else:
                name = character.name(self.ctx.settings.lang)
                hub_text(surface, self.ctx, t("sc.result.wrong"), t("sc.result.it_was", name=name), c.bad, above=row)
            return
        people = self.people_guessing()
        agreeing = self.agreeing()
        if public.phase == CoopPhase.CLUE:
            clue = "sc.phase.clue_phone" if self.on_phone(public.active) else "sc.phase.clue"
            body, colour = t(clue, name=active.name), c.muted
        elif len(people) > 1 and agreeing:
            together = "sc.phase.agree_together" if any(map(self.on_phone, people)) else "sc.phase.hold_together"
            body, colour = t(together, n=len(agreeing), total=len(people)), c.good
        else:
            body, colour = t("sc.phase.guess"), c.muted
        chips = [min(size, (width - 2 * 12) // 3) for size in CLUE_CHIPS]
        parts = [lambda step: clue_row_image(self.ctx, public.clue, chips[min(step, len(chips) - 1)]),
                 text_part(kit, body, (30, 28), 3, colour)]
        # while the clue is built its words name the giver: the badge would say it twice
        stack_in_hub(surface, kit, fitted(kit, parts) if public.phase == CoopPhase.CLUE
                     else badge_stack(self.ctx, public.active, parts))

    def draw_hints(self, surface: pygame.Surface) -> None:
        t, phase = self.ctx.t, self.public.phase
        if phase == CoopPhase.CLUE and self.on_phone(self.public.active):
            items = []  # the clue is built on the phone: nothing to press at the TV
        elif phase == CoopPhase.CLUE:
            items = [(Intent.PEEK, t("sc.hint.build", name=self.name(self.public.active)))]
        elif phase == CoopPhase.GUESS:
            hold = t("sc.hint.hold_all") if len(self.people_guessing()) > 1 else t("sc.hint.hold")
            items = [(Intent.LEFT, t("sc.hint.move")), (Intent.CONFIRM, hold)]
        elif phase == CoopPhase.RESULT:
            items = [(Intent.CONFIRM, t("sc.hint.next"))]
        else:
            items = []
        if items:
            self.ctx.kit.hint_bar(surface, items)
