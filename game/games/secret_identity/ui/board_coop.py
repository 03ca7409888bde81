"""The cooperative Secret Identity board (SC-1..SC-5): a phase board (``game/scenes/board``)
drawn from the public view only, a section per screen (``coop_sections.py``).

Its table (:attr:`CoopBoard.SECTIONS`): the active seat builds its clue in its peek
curtain (on its phone, if it plays on one: then no curtain, the hub says so), the hub
showing the clue as it is placed; then every other seat moves one shared team cursor
round the ring (stick, D-pad or keys) and the team agrees to lock the answer (a
progress ring fills); a locked answer opens its reveal (the shared reveal pacing: the
result flashes right or wrong, watched out by pads and phones alike), then the result
waits for "next"; the end (``coop_end.py``, the shared end show) counts the team's
score up and gives the printed rating band as its verdict. The track shows 0–10
correct answers.

The team decides together (the booklet: "the other players discuss and decide on one
character together"): see :class:`~.coop_sections.GuessSection`. Bots are team-mates who
may suggest, never lock while a person guesses; the guess tells them so through its
``bot_legal``, never through anything they could not see.

The board keeps what several screens draw: the still layer, the ring and the team
cursor (its pop when it moves), the panels, the hub and the hint bar.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event
from ....core.session import Session
from ....input.intents import Intent
from ....ui.stage import StageItem, draw_stage, layer_part
from ....ui.tween import Tween
from ....ui.theme import TOKEN_RADIUS
from ..rules.events import GuessLocked
from ..rules.coop import CoopState
from ..rules.view import CoopPhase, CoopPrivate, CoopPublic
from .board_base import SecretIdentityBoard
from .coop_end import CoopEnd
from .coop_sections import (RESULT_TICKS, SHAKE_TICKS, SWELL_TICKS, TURN_TICKS, AnswerReveal, ClueSection,
                            GuessSection, ResultSection)
from .hub import badge_stack, clue_row_image, fitted, hub_text, sized_part, stack_in_hub, text_part
from .seat_panel import draw_seat_panel, panel_positions, thinking_area, thinking_place
from .track import track_line
from .widgets import (
    SLOT_H,
    SLOT_W,
    RingCard,
    board_ring,
    draw_cross,
    draw_slot_badge,
    paint_table_still,
    ring_card_items,
    slot_area,
    slot_positions,
)

#: The hold-to-lock progress: this thick on the hub's rim.
HOLD_RIM = 10
#: Clue chips in the hub: the clue being guessed (as big as its stack lets it), the one just guessed.
CLUE_CHIPS, RESULT_CHIP = (96, 88, 80), 70
#: The smallest a hub's clue chip gets when the hub is short of room (a 48 px pictogram inside).
HUB_CHIP_MIN = 56


if TYPE_CHECKING:
    from ....context import AppContext
    from ....games import GameEntry
    from ..rules.catalogue import SICatalogue

#: The session of a cooperative match, as its board holds it.
CoopSession = Session[CoopState, CoopPublic, CoopPrivate]


class CoopBoard(SecretIdentityBoard[CoopPublic]):
    SECTIONS = {
        CoopPhase.CLUE: ClueSection,
        CoopPhase.GUESS: GuessSection,
        CoopPhase.RESULT: ResultSection,
        CoopPhase.OVER: CoopEnd,
    }

    session: CoopSession

    def __init__(self, ctx: AppContext, entry: GameEntry[SICatalogue], session: CoopSession,
                 bots: Mapping[int, Bot[CoopPublic, CoopPrivate]] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        #: The team cursor pops when it moves (the guess and the answer's reveal draw it).
        self.cursor_pop: Tween[float] | None = None
        self.open_phase()  # a resumed match opens on its phase (a result resumed is read already)

    def people_guessing(self) -> list[int]:
        """The seats played by people that guess now (the lock is theirs, together)."""
        public = self.public
        if public.phase != CoopPhase.GUESS:
            return []
        return [seat for seat in range(self.seats) if seat != public.active and seat not in self.bots]

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """A locked answer opens its reveal over whatever shows — the guess, or the last
        answer's reveal when moves come faster than the TV plays it (a test's) — which
        holds the floor until the result or the end."""
        for event in events:
            if isinstance(event, GuessLocked):
                self.show(AnswerReveal(self, event.turn.correct))
        super().on_events(action, events)

    def phone_submit(self, action: Action) -> str | None:
        """While the team guesses, a phone's ``lock`` is its agreement (the pads' hold,
        held on its screen) and ``unlock`` takes it back (``GuessSection.phone_agrees``)."""
        section = self.section
        if isinstance(section, GuessSection) and action.kind in ("lock", "unlock") \
                and action.seat in self.people_guessing():
            return section.phone_agrees(action)
        return super().phone_submit(action)

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        if self.cursor_pop is not None:
            self.cursor_pop.step()

    # --- drawing -------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, alpha: float, result_ticks: int = RESULT_TICKS,
                   guess: GuessSection | None = None) -> None:
        """The table: the still layer (the turn track, the hub's disc rimmed in the active
        seat's colour), the ring, the panels, the hub's words and the hint bar.
        ``result_ticks``: how long the answer just locked has shown (its flash plays in
        the first :data:`RESULT_TICKS`); ``guess``: the guess going on (who holds, who agrees)."""
        kit = self.ctx.kit
        public = self.public
        border = kit.seat_style(self.ctx.seats[public.active].style).colour
        key = (public.turns, public.turn, tuple(turn.correct for turn in public.history), public.team_score,
               tuple(border), self.ctx.settings.lang, tuple(kit.safe_rect), kit.scaled(100))
        # the ring and the panels kept on the still layer as a stage (game/ui/stage.py)
        look = (*key, kit.colours)
        draw_stage(surface, self.kept, look, layer_part(self.still, look, lambda layer: paint_table_still(
            layer, self.ctx, True, border, self.draw_turn_track)),
            [*self.ring_items(alpha, result_ticks, guess), *self.panel_items(guess)], self.canvas_copy)
        # all it draws over the stage named: the next frame copies the layer back there only
        self.canvas_copy.drew(self.draw_hub_content(surface, result_ticks, guess), self.draw_hints(surface))
        self.canvas_copy.complete()

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
                    kit.draw_shape(surface, "circle", c.good if right else c.bad, (x, y), TOKEN_RADIUS, outline=c.shadow)
                    if right:
                        kit.draw_check(surface, (x, y), 24, c.text)
                    else:
                        draw_cross(surface, c.text, (x, y), 14)
                else:
                    kit.draw_shape(surface, "circle", c.panel_hi, (x, y), TOKEN_RADIUS)
                    if i == public.turn - 1:
                        pygame.draw.circle(surface, c.accent, (x, y), TOKEN_RADIUS + 2, width=4)

        key = ("sc.turns", public.turns, public.turn, tuple(turn.correct for turn in public.history))
        kit.filled_panel(surface, bar, key, pips, c.panel, radius=32, border=c.panel_hi)
        kit.blit_text(surface, t("sc.turn", n=public.turn, total=public.turns), 32, (bar.x - 20, y), "midright", c.muted)
        kit.blit_text(surface, t("sc.score", n=public.team_score), 36, (bar.right + 20, y), "midleft", c.gold)

    def _last_result(self) -> Any:
        """The turn just locked, while the result is on screen."""
        public = self.public
        return public.history[-1] if public.phase in (CoopPhase.RESULT, CoopPhase.OVER) and public.history else None

    def ring_items(self, alpha: float, result_ticks: int, guess: GuessSection | None) -> list[StageItem]:
        """The ring (dimmed but for the cursor's card while the team guesses; the answer's
        card swelling in green, a wrong guess's shaking in red) and the team cursor."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        public = self.public
        result = self._last_result()
        reveal = result is not None and result_ticks >= TURN_TICKS
        since = result_ticks - TURN_TICKS
        cards = []
        for slot, pos in enumerate(slot_positions(kit)):
            character = self.catalogue.character(public.board[slot])
            border = glow = None
            scale = 1.0
            if reveal and slot == result.key - 1:
                border = glow = c.good
                scale = 1.0 + kit.motion(0.18 * max(0.0, 1.0 - since / SWELL_TICKS))
            elif reveal and slot == result.guess - 1:
                border = glow = c.bad
                shake = kit.motion(12 * math.sin(since * 0.9) * max(0.0, 1.0 - since / SHAKE_TICKS))
                pos = (pos[0] + int(shake), pos[1])
            cards.append(RingCard(character, slot + 1, pos, border, glow, scale,
                                  dim=public.phase == CoopPhase.GUESS and slot != public.cursor))
        items = ring_card_items(self.ctx, cards)
        if items and (public.phase == CoopPhase.GUESS or (result is not None and not reveal)):
            held = guess.team_hold() if guess is not None else 0.0
            frame, card, box = self._cursor_rects(alpha)
            area = frame.inflate(16, 16).union(box).union(slot_area(card.center, card.width / SLOT_W))
            if held > 0.0:
                ring = board_ring(kit)
                area = area.union(pygame.Rect(0, 0, 2 * ring.hub + 8, 2 * ring.hub + 8).move_to(center=ring.center))
            # (the cursor floats over the panels' shadows too, never keeping them out of the layer)
            items[-1] = items[-1]._replace(over=lambda s: self._draw_cursor(s, alpha, held), over_area=area, floats=True)
        return items

    def _cursor_rects(self, alpha: float) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The team cursor's frame, the card it frames and its "team" tag's box."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        x, y = slot_positions(kit)[self.public.cursor]
        scale = float(self.cursor_pop.value(alpha)) if self.cursor_pop is not None else 1.0
        frame = pygame.Rect(0, 0, int((SLOT_W + 30) * scale), int((SLOT_H + 30) * scale))
        frame.center = (x, y)
        card = pygame.Rect(0, 0, int(SLOT_W * scale), int(SLOT_H * scale))
        card.center = (x, y)
        tag = kit.text(t("sc.team"), 28, c.shadow)
        return frame, card, tag.get_rect(midbottom=(x, frame.y + 4)).inflate(24, 6)

    def _draw_cursor(self, surface: pygame.Surface, alpha: float, held: float) -> None:
        """The shared team cursor: a thick amber frame with a hold-to-lock ring."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        frame, card, box = self._cursor_rects(alpha)
        kit.outline(surface, frame, c.accent, 8, 34)
        draw_slot_badge(surface, self.ctx, card, self.public.cursor + 1)  # over the frame, whole
        tag = kit.text(t("sc.team"), 28, c.shadow)
        kit.panel(surface, box, c.accent, radius=box.height // 2, shadow=False)
        surface.blit(tag, tag.get_rect(center=box.center))
        # SC-3 hold-to-lock: the hub's rim fills as the team holds (the hint bar says
        # which button; beside the cursor a ring would cover a neighbour's or its own name)
        if held > 0.0:
            ring = board_ring(kit)
            kit.arc(surface, c.good, ring.center, ring.hub, HOLD_RIM, 0, 360 * held)

    def panel_items(self, guess: GuessSection | None) -> list[StageItem]:
        """Every seat's panel: who gives the clue, and while the team guesses who holds,
        who agrees and whom the lock waits for; over it, a bot's thinking bubble."""
        t = self.ctx.t
        kit = self.ctx.kit
        items = []
        public = self.public
        c = self.ctx.kit.colours
        people = self.people_guessing()
        holding = guess.holding if guess is not None else {}
        agreeing = guess.agreeing() if guess is not None else []
        for seat, rect in enumerate(panel_positions(self.ctx.kit, self.seats)):
            active = seat == public.active
            if active:
                status, colour = t("sc.status.active"), c.accent
            elif seat in people and seat in holding:
                status, colour = t("sc.status.holding"), c.good
            elif seat in agreeing:
                status, colour = t("sc.status.agreed"), c.good
            elif seat in people and agreeing:  # the lock waits for this one
                status, colour = t("sc.status.agree_phone" if self.on_phone(seat) else "sc.status.hold_too"), c.accent
            else:
                status, colour = t("sc.status.guesser"), None
            highlight = self.ctx.kit.seat_style(self.ctx.seats[seat].style).light if active else None
            look = dict(score=0, hand_count=public.hand_counts[seat], clue=(), status=status, highlight=highlight,
                        show_score=False, show_clue=False, status_colour=colour)
            seat_ = self.ctx.seats[seat]
            key = ("sc.panel", seat, seat_.name, seat_.style, seat_.bot, tuple(rect), tuple(look.items()))

            def paint(surface: pygame.Surface, seat: int = seat, rect: pygame.Rect = rect,
                      look: dict[str, Any] = look) -> None:
                draw_seat_panel(surface, self.ctx, seat, rect, **look)
            over = over_area = None
            if self.thinking(seat):
                def over(surface: pygame.Surface, seat: int = seat, rect: pygame.Rect = rect) -> None:
                    self.draw_thinking(surface, seat, *thinking_place(rect, show_clue=False))
                over_area = thinking_area(rect, show_clue=False)
            items.append(StageItem(key, kit.panels.touched(rect, 26), paint, over, over_area, floats=True))
        return items

    def draw_hub_content(self, surface: pygame.Surface, result_ticks: int, guess: GuessSection | None) -> pygame.Rect:
        """In the hub's room, one under the other: the clue just guessed and whether the
        team found it; or the clue and what the team does now (under whose clue it is,
        once guessing). Where it drew."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        public = self.public
        active = self.ctx.seats[public.active]
        result = self._last_result()
        if result is not None and result_ticks >= TURN_TICKS:
            character = self.catalogue.character(result.character)
            slots = max(1, len(result.clue))

            def result_size(_step: int, width: int) -> int:
                return max(HUB_CHIP_MIN, min(RESULT_CHIP, (width - (slots - 1) * 12) // slots))

            row = [sized_part(("result", tuple(result.clue), slots), result_size,
                              lambda size: clue_row_image(self.ctx, result.clue, size, slots=slots))]
            if result.correct:
                return hub_text(surface, self.ctx, t("sc.result.right"), t("sc.result.plus_one"), c.good, above=row)
            name = character.name(self.ctx.settings.lang)
            return hub_text(surface, self.ctx, t("sc.result.wrong"), t("sc.result.it_was", name=name), c.bad, above=row)
        people = self.people_guessing()
        agreeing = guess.agreeing() if guess is not None else []
        if public.phase == CoopPhase.CLUE:
            clue = "sc.phase.clue_phone" if self.on_phone(public.active) else "sc.phase.clue"
            body, colour = t(clue, name=active.name), c.muted
        elif len(people) > 1 and agreeing:
            together = "sc.phase.agree_together" if any(map(self.on_phone, people)) else "sc.phase.hold_together"
            body, colour = t(together, n=len(agreeing), total=len(people)), c.good
        else:
            body, colour = t("sc.phase.guess"), c.muted
        def clue_size(step: int, width: int) -> int:
            return max(HUB_CHIP_MIN, min(CLUE_CHIPS[min(step, len(CLUE_CHIPS) - 1)], (width - 2 * 12) // 3))

        parts = [sized_part(("clue", tuple(public.clue)), clue_size,
                            lambda size: clue_row_image(self.ctx, public.clue, size)),
                 text_part(kit, body, (30, 28), 3, colour)]
        # while the clue is built its words name the giver: the badge would say it twice
        return stack_in_hub(surface, kit, fitted(kit, parts) if public.phase == CoopPhase.CLUE
                            else badge_stack(self.ctx, public.active, parts))

    def draw_hints(self, surface: pygame.Surface) -> pygame.Rect:
        """What the buttons at the TV do now (nothing while the answer of the last turn
        flashes); where it drew."""
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
        return self.ctx.kit.hint_bar(surface, items)
