"""The competitive Secret Identity board (SI-1..SI-9), drawn from the public view only.

Phases on screen: the round-start replacement window, clue building (each seat on a pad
or keyboard builds its clue inside its own peek curtain, one at a time; seats on phones
build theirs on the phone, all at once and alongside the curtains; the panels show
placed pictograms and who is done publicly), blind voting on the ring picker (phones
vote on the phone: the ring is for the seats at the TV only), the animated reveal
(``reveal.py``: safes open one by one, votes flip, points move the markers on the 0–30
track), the round summary (``summary.py``) and the podium (``podium.py``).

The board learns what happened from the rules' events (:meth:`react`): a round scored
starts the reveal, a replaced character pulses, a new board clears the round-start
markers.
"""

from __future__ import annotations

from typing import Any, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.peek import PeekCurtain
from ....scenes.ring import RingOption, RingQuestion, sector
from ....ui.tween import Tween, Tweens
from ..rules.events import BoardDealt, CharacterReplaced, RoundScored
from ..rules.view import RoundResult, SIPhase, track_position
from .board_base import SecretIdentityBoard
from .podium import Podium
from .portrait import Portrait
from .reveal import Reveal
from .summary import RoundSummary
from .track import draw_track, draw_track_markers, track_line
from .vote_picker import VotePicker
from .hub import hub_text
from .widgets import (
    RingCard,
    cheer_keep_out,
    draw_ring_cards,
    draw_seat_panel,
    draw_thirty_token,
    paint_table_still,
    panel_positions,
    slot_positions,
)

#: Bots wait this long on the summary so people can read it.
SUMMARY_READ_TICKS = 240
STICK_THRESHOLD = 0.5


class CompetitiveBoard(SecretIdentityBoard):
    def __init__(self, ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        self.tweens = Tweens()
        self.reveal: Reveal | None = None
        self.shown_scores = [float(s.score) for s in self.public.seats]
        self.summary_ticks = 0
        self.markers: dict[int, int] = {}
        self.picker: VotePicker | None = None
        self.pulse: dict[int, Tween] = {}
        #: SI-7: a "30" token pops on a seat's panel when its marker laps the track.
        self.token_pops: dict[int, Tween] = {}
        self.summary = RoundSummary(ctx, self.catalogue, self.name)
        self.podium = Podium(ctx, self.name)

    # --- helpers -------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.public.seats)

    def humans(self) -> list[int]:
        return [s for s in range(self.seats) if s not in self.bots]

    def character(self, slot: int) -> Any:
        return self.catalogue.character(self.public.board[slot])

    # --- flow ----------------------------------------------------------------------------
    def react(self, event: Event) -> None:
        if isinstance(event, RoundScored):
            self.start_reveal(event.result)
        elif isinstance(event, BoardDealt):
            self.markers = {}
        elif isinstance(event, CharacterReplaced):
            self.pulse[event.slot] = Tween(1.25, 1.0, 30, "out_back")
            self.ctx.audio.play("confirm")

    def start_reveal(self, result: RoundResult) -> None:
        """Open the safes of a scored round, from the scores before it (SI-6)."""
        base = [s.score - p for s, p in zip(self.public.seats, result.points)]
        self.reveal = Reveal(self.ctx, result, base, seed=result.round)
        self.summary_ticks = 0

    def phones_wait(self) -> bool:
        """The reveal plays: a phone's "ready" waits for it, as a pad's CONFIRM only skips it."""
        return self.reveal is not None

    def show_to_skip(self) -> bool:
        """The reveal or the podium's show plays: a phone's "Skip" is a pad's CONFIRM there."""
        return self.reveal is not None or self.podium.playing

    def skip_show(self) -> None:
        if self.reveal is not None:
            self.reveal.skip()  # the whole show: every safe open, every point counted, the cheer given
        elif self.podium.show is not None:
            self.podium.show.skip()

    def end_choices_open(self) -> bool:
        """The podium has risen (its show is over, or skipped)."""
        return self.podium.show is not None and self.podium.show.done and self.reveal is None

    def bots_may_act(self) -> bool:
        if self.reveal is not None or self.podium.playing:
            return False
        return self.public.phase != SIPhase.SUMMARY or self.summary_ticks >= SUMMARY_READ_TICKS

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.ticks += 1
        self.tweens.step()
        outcome = self.session.outcome()
        if outcome is not None and self.reveal is None and self.podium.show is None:
            self.podium.start(self.public, outcome)  # the last round's reveal has played
        if self.podium.show is not None:
            self.podium.show.step()
        for tween in (*self.pulse.values(), *self.token_pops.values()):
            tween.step()
        if self.reveal is not None:
            self.reveal.step()
            for s in range(self.seats):
                before = track_position(int(self.shown_scores[s]))[0]
                self.shown_scores[s] = self.reveal.base[s] + self.reveal.credited(s)
                if track_position(int(self.shown_scores[s]))[0] > before:
                    self.token_pops[s] = Tween(2.4, 1.0, 45, "out_back")
                    self.ctx.audio.play("victory")
            if self.reveal.done:
                self.reveal = None
                self.shown_scores = [float(s.score) for s in self.public.seats]
        elif self.public.phase == SIPhase.SUMMARY:
            self.summary_ticks += 1
        self._sync_picker()

    def _sync_picker(self) -> None:
        voting = self.public.phase == SIPhase.VOTE and self.reveal is None
        if voting and self.picker is None and self.stack is not None:
            humans = [s for s in self.at_the_tv() if self._next_target(s) is not None]
            if humans:
                self.picker = VotePicker(self, self.ctx, humans, self._question, self._choose,
                                         progress=self._progress, on_back=self._take_back)
                self.stack.push(self.picker)
        elif not voting and self.picker is not None:
            if self.stack is not None and self.picker.stack is not None:
                self.stack.remove(self.picker)
            self.picker = None

    # --- voting (SI-5, SS-3) -------------------------------------------------------------
    def _next_target(self, voter: int) -> int | None:
        if self.public.phase != SIPhase.VOTE:
            return None
        numbers = self.session.view(voter).private.my_votes.numbers
        return next((t for t in range(self.seats) if t != voter and numbers[t] is None), None)

    def _question(self, voter: int) -> RingQuestion | None:
        if self._next_target(voter) is None:
            return None
        private = self.session.view(voter).private
        used = {n for n in private.my_votes.numbers if n is not None}
        options = tuple(
            RingOption(self.character(i).name(self.ctx.settings.lang),
                       Portrait(self.character(i), self.catalogue.kit), i + 1, used=(i + 1) in used)
            for i in range(8)
        )
        return RingQuestion(self.ctx.t("si.vote.prompt"), options)

    def _choose(self, voter: int, index: int) -> str | None:
        target = self._next_target(voter)
        if target is None:
            return None
        refusal = self.submit(Action("vote", voter, {"target": target, "number": index + 1}))
        return None if refusal is None else f"si.refused.{refusal}"

    def _take_back(self, voter: int) -> bool:
        """SI-5: votes change until everyone has voted. BACK unvotes the seat's last
        vote (targets are asked in seat order, so the last voted is the highest one)."""
        if self.public.phase != SIPhase.VOTE:
            return False
        numbers = self.session.view(voter).private.my_votes.numbers
        voted = [t for t in range(self.seats) if t != voter and numbers[t] is not None]
        return bool(voted) and self.submit(Action("unvote", voter, {"target": voted[-1]})) is None

    def _progress(self, voter: int) -> tuple[int, int]:
        return self.public.seats[voter].votes_given, self.seats - 1

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if self.podium.show is not None and self.podium.show.handle(event):
            return True
        if seat is None or seat >= self.seats or seat in self.bots:
            return super().handle(seat, event)
        phase = self.public.phase
        if self.reveal is not None:
            if event.pressed and event.intent is Intent.CONFIRM and not event.repeat:
                self.skip_show()
                return True
            return super().handle(seat, event)
        if phase == SIPhase.ROUND_START and self._handle_replace(seat, event):
            return True
        if phase == SIPhase.CLUES and event.intent is Intent.PEEK and event.pressed:
            self.open_editor(seat)
            return True
        if phase == SIPhase.SUMMARY and event.pressed and event.intent is Intent.CONFIRM:
            if not self.public.seats[seat].ready:
                self.submit(Action("ready", seat))
                self.ctx.audio.play("confirm")
            return True
        if phase == SIPhase.OVER and event.pressed and event.intent in (Intent.CONFIRM, Intent.BACK):
            self.finish(again=event.intent is Intent.CONFIRM)
            return True
        return super().handle(seat, event)

    def _handle_replace(self, seat: int, event: InputEvent) -> bool:
        """SI-3: each seat points at a slot; ALT asks for it to be replaced, CONFIRM = ready."""
        if self.public.seats[seat].ready:
            return False
        marker = self.markers.get(seat)
        if event.intent is Intent.STICK and event.magnitude >= STICK_THRESHOLD:
            self.markers[seat] = sector(event.angle, 8)
            return True
        if not event.pressed:
            return False
        if event.from_stick:
            return True  # the hub's flick direction for the STICK angle just followed: no extra step
        if event.intent in (Intent.LEFT, Intent.RIGHT, Intent.UP, Intent.DOWN):
            step = 1 if event.intent in (Intent.RIGHT, Intent.DOWN) else -1
            self.markers[seat] = (0 if marker is None else (marker + step) % 8)
            self.ctx.audio.play("nav")
            return True
        if event.intent is Intent.ALT and marker is not None:
            refusal = self.submit(Action("replace", seat, {"slot": marker}))
            if refusal is not None:
                self.ctx.audio.play("buzz")
            return True
        if event.intent is Intent.CONFIRM:
            self.submit(Action("ready", seat))
            self.ctx.audio.play("confirm")
            return True
        return False

    def open_editor(self, seat: int) -> PeekCurtain | None:
        """SI-4: a seat that confirmed with no cards left has nothing to build."""
        if self.stack is None or self.public.seats[seat].confirmed and not self.session.view(seat).private.hand:
            return None
        return super().open_editor(seat)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.ctx.kit
        public = self.public
        outcome = self.session.outcome()
        if self.curtain is not None and self.curtain.showing:
            kit.background(surface)
            return  # the open curtain's workshop covers the table: under its veil the board is only clutter
        if outcome is not None and self.reveal is None:
            kit.background(surface)
            self.podium.draw(surface, public, outcome, alpha)
            self.draw_audience_end(surface)
            return
        summary = self.reveal is None and public.phase == SIPhase.SUMMARY
        hub = not summary and self.picker is None
        y, label = track_line(kit), self.ctx.t("si.round", n=max(1, public.round), total=public.rounds)
        key = (label, hub, tuple(kit.safe_rect), kit.scaled(100))
        surface.blit(self.still.get(key, lambda layer: paint_table_still(
            layer, self.ctx, hub, top=lambda s: draw_track(s, self.ctx, y, label=label))), (0, 0))
        draw_track_markers(surface, self.ctx, self.shown_scores, range(self.seats), y)
        if self.reveal is not None:  # the cheer's confetti, behind the ring's cards and the panels
            self.reveal.draw_confetti(surface, cheer_keep_out(self.ctx, y))
        if summary:
            self.summary.draw(surface, public)  # over the whole table: the panels would be hidden
        elif self.picker is not None:
            self.draw_panels(surface)  # the vote ring draws the characters over its veil
        else:
            self.draw_ring(surface, alpha)
            self.draw_panels(surface)
            self.draw_hub_text(surface)
        self.draw_hints(surface)

    def draw_ring(self, surface: pygame.Surface, alpha: float) -> None:
        c = self.ctx.kit.colours
        reveal = self.reveal
        board = reveal.result.board if reveal is not None else self.public.board
        owner_slot = reveal.owner_slot() if reveal is not None else None
        cards = []
        for slot, pos in enumerate(slot_positions(self.ctx.kit)[:len(board)]):
            character = self.catalogue.character(board[slot])
            pulse = self.pulse.get(slot)
            scale = float(pulse.value(alpha)) if pulse is not None and not pulse.done else 1.0
            border = glow = None
            if owner_slot == slot:
                style = self.ctx.kit.seat_style(self.ctx.seats[reveal.safe].style)
                border, glow, scale = style.colour, style.colour, reveal.swell()
            elif slot in self.public.replaced and self.public.phase == SIPhase.ROUND_START:
                border = c.accent
            cards.append(RingCard(character, slot + 1, pos, border, glow, scale))
        draw_ring_cards(surface, self.ctx, cards)
        if reveal is not None:
            reveal.draw_flying_points(surface, self.shown_scores)
        if self.public.phase == SIPhase.ROUND_START:
            self._draw_markers(surface)

    def _draw_markers(self, surface: pygame.Surface) -> None:
        kit = self.ctx.kit
        positions = slot_positions(kit)
        stacks: dict[int, int] = {}
        for seat, slot in sorted(self.markers.items()):
            k = stacks.get(slot, 0)
            stacks[slot] = k + 1
            x, y = positions[slot]
            kit.seat_token(surface, self.ctx.seats[seat].style, (x + 88 - k * 34, y - 74), 19)

    def draw_panels(self, surface: pygame.Surface, voting: bool = False) -> None:
        t = self.ctx.t
        c = self.ctx.kit.colours
        public = self.public
        highlighted = self.reveal.highlighted() if self.reveal is not None else []
        rects = panel_positions(self.ctx.kit, self.seats)
        for seat, rect in enumerate(rects):
            info = public.seats[seat]
            done, status, status_seat = False, "", None
            if public.phase == SIPhase.ROUND_START or public.phase == SIPhase.SUMMARY:
                done = info.ready
                status = t("si.status.ready") if done else t("si.status.waiting")
            elif public.phase == SIPhase.CLUES:
                done = info.confirmed
                building = "si.status.building_phone" if self.on_phone(seat) else "si.status.building"
                status = t("si.status.clue_ready") if done else t(building)
            elif public.phase == SIPhase.VOTE:
                total = self.seats - 1
                done = info.votes_given >= total
                opponents = [o for o in range(self.seats) if o != seat]
                status_seat = None
                if done:
                    status = t("si.status.voted")
                elif self.on_phone(seat):  # a phone votes for its opponents in any order
                    status = t("si.status.voting_phone", n=info.votes_given, total=total)
                else:
                    status = t("si.status.voting", n=info.votes_given, total=total)
                    status_seat = opponents[info.votes_given]  # shown by its shape, after the words
            if self.reveal is not None:
                done, status, status_seat = False, "", None
            highlight = None
            if seat in highlighted:
                highlight = self.ctx.kit.seat_style(self.ctx.seats[seat].style).light
            pop = self.token_pops.get(seat)
            popping = pop is not None and not pop.done
            veiled = highlight is None and self.reveal is not None
            # a veil over nothing but the panel is remembered with it (one blit less to blend each frame)
            baked = veiled and not popping and not self.thinking(seat)
            draw_seat_panel(surface, self.ctx, seat, rect, score=self.shown_scores[seat], hand_count=info.hand_count,
                            clue=info.clue, status=status, done=done, highlight=highlight, status_seat=status_seat,
                            veil=(*c.shadow, 90) if baked else None)
            self.draw_thinking(surface, seat, (rect.x + 80, rect.y + 6), 38)
            if popping:
                draw_thirty_token(surface, self.ctx, (rect.right - 98, rect.y + 36), int(22 * float(pop.value())))
            if veiled and not baked:
                surface.blit(self.ctx.kit.rounded(rect.size, (*c.shadow, 90), 26), rect)
        if self.reveal is not None:
            self.reveal.draw_votes(surface, rects)  # over the veil: each voter's vote on its panel

    def draw_hub_text(self, surface: pygame.Surface) -> None:
        t, public = self.ctx.t, self.public
        if self.reveal is not None:
            self.reveal.draw_hub(surface, self.name)
            return
        if public.phase == SIPhase.ROUND_START:
            hub_text(surface, self.ctx, t("si.phase.round_start"),
                     t("si.phase.replacements", n=public.replacements_left))
        elif public.phase == SIPhase.CLUES:
            hub_text(surface, self.ctx, t("si.phase.clues"), t(self._clues_body()))
        elif public.phase == SIPhase.VOTE:
            hub_text(surface, self.ctx, t("si.phase.vote"), t("si.phase.vote_body"))
        elif public.phase == SIPhase.SUMMARY:
            hub_text(surface, self.ctx, t("si.phase.summary"))

    def _clues_body(self) -> str:
        """How this round's clues are built: in curtains one at a time, on phones all at
        once, or both (a seat with no cards left makes no clue, SI-4)."""
        makers = [s for s in self.humans() if self.public.seats[s].hand_count or self.public.seats[s].clue]
        phones = sum(self.on_phone(s) for s in makers)
        if not phones:
            return "si.phase.clues_body"
        return "si.phase.clues_phones" if phones == len(makers) else "si.phase.clues_mixed"

    def draw_hints(self, surface: pygame.Surface) -> None:
        t, kit, phase = self.ctx.t, self.ctx.kit, self.public.phase
        if not self.at_the_tv() and any(map(self.on_phone, range(self.seats))):
            return  # phones and bots only: no button at the TV does anything
        if self.reveal is not None:
            items = [(Intent.CONFIRM, t("si.hint.skip"))]
        elif phase == SIPhase.ROUND_START:
            items = [(Intent.LEFT, t("si.hint.point")), (Intent.ALT, t("si.hint.replace")),
                     (Intent.CONFIRM, t("si.hint.ready"))]
        elif phase == SIPhase.CLUES:
            items = [(Intent.PEEK, t("si.hint.build"))]
        elif phase == SIPhase.SUMMARY:
            items = [(Intent.CONFIRM, t("si.hint.next_round"))]
        else:
            items = []
        if items:
            kit.hint_bar(surface, items)

