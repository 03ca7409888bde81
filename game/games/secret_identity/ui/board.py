"""The competitive Secret Identity board (SI-1..SI-9), drawn from the public view only.

Phases on screen: the round-start replacement window, clue building (each seat builds
its clue inside its own peek curtain; the panels show placed pictograms publicly),
blind voting on the ring picker, the animated reveal (safes open one by one, votes
flip, points move the markers on the 0–30 track), the round summary and the podium.
"""

from __future__ import annotations

from typing import Any, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.peek import PeekCurtain
from ....scenes.ring import RING_CENTER, RingOption, RingPicker, RingQuestion, sector
from ....ui.tween import Tween, Tweens
from .board_base import SecretIdentityBoard
from .clue_links import LINKS_WIDTH, draw_clue_links, draw_links_header
from .portrait import Portrait, portrait
from ..rules.view import track_position
from .widgets import (
    FALLBACK_ICON,
    SLOT_H,
    fit_text,
    draw_character_slot,
    draw_hand_count,
    draw_hub,
    draw_score_track,
    draw_seat_panel,
    draw_thirty_token,
    hub_text,
    mix,
    panel_positions,
    slot_positions,
    track_point,
)

#: Reveal timing per safe, in fixed ticks: open, votes flip, points fly.
OPEN_TICKS, VOTES_TICKS, POINTS_TICKS = 40, 60, 50
SAFE_TICKS = OPEN_TICKS + VOTES_TICKS + POINTS_TICKS
#: Bots wait this long on the summary so people can read it.
SUMMARY_READ_TICKS = 240
STICK_THRESHOLD = 0.5


class Reveal:
    """The animated reading of one scored round (a RoundResult), safe after safe."""

    def __init__(self, result: Any, base_scores: list[int]) -> None:
        self.result = result
        self.base = list(base_scores)
        self.safe = 0
        self.tick = 0

    @property
    def done(self) -> bool:
        return self.safe >= len(self.result.keys)

    def step(self) -> bool:
        """Advance one tick; True when a new safe starts (for the sound)."""
        if self.done:
            return False
        self.tick += 1
        if self.tick >= SAFE_TICKS:
            self.tick = 0
            self.safe += 1
            return not self.done
        return False

    def skip(self) -> None:
        self.tick = SAFE_TICKS - 1

    def credited(self, seat: int) -> float:
        """Points of ``seat`` counted so far: SI-6 both ways, safe by safe."""
        total = 0.0
        n = len(self.result.keys)
        for owner in range(min(self.safe + 1, n)):
            share = 1.0 if owner < self.safe else max(0.0, min(1.0, (self.tick - OPEN_TICKS - VOTES_TICKS) / POINTS_TICKS))
            right = [v for v in range(n) if v != owner and self.result.votes[v][owner] == self.result.keys[owner]]
            if seat == owner:
                total += len(right) * share
            elif seat in right:
                total += share
        return total


class VotePicker(RingPicker):
    """The kit's ring picker with this board's seat panels (clues + public progress)
    drawn in place of its progress cards, so the clues stay readable while voting."""

    def __init__(self, board: "CompetitiveBoard", *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.board = board

    def _draw_seats(self, surface: pygame.Surface, alpha: float) -> None:
        self.board.draw_panels(surface, voting=True)


class CompetitiveBoard(SecretIdentityBoard):
    def __init__(self, ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        self.tweens = Tweens()
        self.reveal: Reveal | None = None
        self.revealed = len(self.public.round_points)
        self.shown_scores = [float(s.score) for s in self.public.seats]
        self.summary_ticks = 0
        self.markers: dict[int, int] = {}
        self.picker: VotePicker | None = None
        self.pulse: dict[int, Tween] = {}
        #: SI-7: a "30" token pops on a seat's panel when its marker laps the track.
        self.token_pops: dict[int, Tween] = {}

    # --- helpers -------------------------------------------------------------------------
    @property
    def seats(self) -> int:
        return len(self.public.seats)

    def humans(self) -> list[int]:
        return [s for s in range(self.seats) if s not in self.bots]

    def character(self, slot: int) -> Any:
        return self.catalogue.character(self.public.board[slot])

    # --- flow ----------------------------------------------------------------------------
    def on_state_changed(self, action: Action | None) -> None:
        previous = self.public
        self.public = self.session.view(None).public
        if len(self.public.round_points) > self.revealed:
            result = self.public.last
            base = [s.score - p for s, p in zip(self.public.seats, result.points)]
            self.reveal = Reveal(result, base)
            self.revealed = len(self.public.round_points)
            self.summary_ticks = 0
            self.ctx.audio.play("reveal")
        if previous.phase != self.public.phase and self.public.phase == "round_start":
            self.markers = {}
        for slot in self.public.replaced:
            if slot not in previous.replaced:
                self.pulse[slot] = Tween(1.25, 1.0, 30, "out_back")
                self.ctx.audio.play("confirm")

    def bots_may_act(self) -> bool:
        if self.reveal is not None:
            return False
        return self.public.phase != "summary" or self.summary_ticks >= SUMMARY_READ_TICKS

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.ticks += 1
        self.tweens.step()
        for tween in (*self.pulse.values(), *self.token_pops.values()):
            tween.step()
        if self.reveal is not None:
            if self.reveal.step():
                self.ctx.audio.play("reveal")
            if self.reveal.tick == OPEN_TICKS + VOTES_TICKS + 1:
                self.ctx.audio.play("points")
            for s in range(self.seats):
                before = track_position(int(self.shown_scores[s]))[0]
                self.shown_scores[s] = self.reveal.base[s] + self.reveal.credited(s)
                if track_position(int(self.shown_scores[s]))[0] > before:
                    self.token_pops[s] = Tween(2.4, 1.0, 45, "out_back")
                    self.ctx.audio.play("victory")
            if self.reveal.done:
                self.reveal = None
                self.shown_scores = [float(s.score) for s in self.public.seats]
                if self.public.phase == "over":
                    self.ctx.audio.play("victory")
        elif self.public.phase == "summary":
            self.summary_ticks += 1
        self._sync_picker()

    def _sync_picker(self) -> None:
        voting = self.public.phase == "vote" and self.reveal is None
        if voting and self.picker is None and self.stack is not None:
            humans = [s for s in self.humans() if self._next_target(s) is not None]
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
        if self.public.phase != "vote":
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
                       Portrait(self.character(i), self.ctx.settings.lang, FALLBACK_ICON), i + 1, used=(i + 1) in used)
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
        if self.public.phase != "vote":
            return False
        numbers = self.session.view(voter).private.my_votes.numbers
        voted = [t for t in range(self.seats) if t != voter and numbers[t] is not None]
        return bool(voted) and self.submit(Action("unvote", voter, {"target": voted[-1]})) is None

    def _progress(self, voter: int) -> tuple[int, int]:
        return self.public.seats[voter].votes_given, self.seats - 1

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat is None or seat >= self.seats or seat in self.bots:
            return super().handle(seat, event)
        phase = self.public.phase
        if self.reveal is not None:
            if event.pressed and event.intent is Intent.CONFIRM:
                self.reveal.skip()
                return True
            return super().handle(seat, event)
        if phase == "round_start" and self._handle_replace(seat, event):
            return True
        if phase == "clues" and event.intent is Intent.PEEK and event.pressed:
            self.open_editor(seat)
            return True
        if phase == "summary" and event.pressed and event.intent is Intent.CONFIRM:
            if not self.public.seats[seat].ready:
                self.submit(Action("ready", seat))
                self.ctx.audio.play("confirm")
            return True
        if phase == "over" and event.pressed and event.intent in (Intent.CONFIRM, Intent.BACK):
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
        kit.background(surface)
        public = self.public
        if public.phase == "over" and self.reveal is None:
            self.draw_podium(surface)
            return
        draw_score_track(surface, self.ctx, self.shown_scores, range(self.seats), kit.safe_rect.y + 36,
                         label=self.ctx.t("si.round", n=max(1, public.round), total=public.rounds))
        if self.reveal is None and public.phase == "summary":
            self.draw_panels(surface)
            self.draw_summary(surface)
        else:
            draw_hub(surface, self.ctx)
            self.draw_ring(surface, alpha)
            self.draw_panels(surface)
            self.draw_hub_text(surface)
        self.draw_hints(surface)

    def draw_ring(self, surface: pygame.Surface, alpha: float) -> None:
        c = self.ctx.kit.colours
        reveal = self.reveal
        board = reveal.result.board if reveal is not None else self.public.board
        owner_slot = None
        if reveal is not None and not reveal.done:
            owner_slot = reveal.result.keys[reveal.safe] - 1
        for slot, pos in enumerate(slot_positions(self.ctx.kit)):
            if slot >= len(board):
                break
            character = self.catalogue.character(board[slot])
            pulse = self.pulse.get(slot)
            scale = float(pulse.value(alpha)) if pulse is not None and not pulse.done else 1.0
            border = glow = None
            if owner_slot == slot:
                style = self.ctx.kit.seat_style(self.ctx.seats[reveal.safe].style)
                border, glow = style.colour, style.colour
            elif slot in self.public.replaced and self.public.phase == "round_start":
                border = c.accent
            draw_character_slot(surface, self.ctx, character, slot + 1, pos, border=border, glow=glow, scale=scale)
        if reveal is not None and not reveal.done:
            self._draw_votes(surface, reveal)
            self._draw_flying_points(surface, reveal)
        if self.public.phase == "round_start":
            self._draw_markers(surface)

    def _draw_votes(self, surface: pygame.Surface, reveal: Reveal) -> None:
        """The voters' keys on the open safe, flipping over one after another."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        owner = reveal.safe
        if reveal.tick < OPEN_TICKS:
            return
        voters = [v for v in range(len(reveal.result.keys)) if v != owner]
        positions = slot_positions(kit)
        totals: dict[int, int] = {}
        for voter in voters:
            slot = reveal.result.votes[voter][owner] - 1
            totals[slot] = totals.get(slot, 0) + 1
        per_slot: dict[int, int] = {}
        for k, voter in enumerate(voters):
            start = OPEN_TICKS + k * (VOTES_TICKS // max(1, len(voters)))
            if reveal.tick < start:
                continue
            flip = min(1.0, (reveal.tick - start) / 10)
            number = reveal.result.votes[voter][owner]
            slot = number - 1
            k_here = per_slot.get(slot, 0)
            per_slot[slot] = k_here + 1
            size, (cx, cy) = key_place(positions[slot], k_here, totals[slot])
            width = max(2, int(size * abs(1 - 2 * flip)))
            card = pygame.Rect(0, 0, width, size)
            card.center = (cx, cy)
            right = number == reveal.result.keys[owner]
            if flip < 0.5:
                pygame.draw.rect(surface, c.panel_hi, card, border_radius=10)
            else:
                pygame.draw.rect(surface, c.good if right else c.bad, card, border_radius=10)
                pygame.draw.rect(surface, c.shadow, card, width=2, border_radius=10)
                if width > size * 0.65:
                    kit.seat_token(surface, self.ctx.seats[voter].style, card.center, size // 3)

    def _draw_flying_points(self, surface: pygame.Surface, reveal: Reveal) -> None:
        """"+n" chips fly from the open safe's character to each scorer's marker."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        progress = (reveal.tick - OPEN_TICKS - VOTES_TICKS) / POINTS_TICKS
        if not 0 <= progress < 1:
            return
        owner = reveal.safe
        result = reveal.result
        right = [v for v in range(len(result.keys)) if v != owner and result.votes[v][owner] == result.keys[owner]]
        gains = {v: 1 for v in right}
        if right:
            gains[owner] = len(right)
        start = slot_positions(kit)[result.keys[owner] - 1]
        ease = 1 - (1 - progress) ** 3
        for seat, gain in gains.items():
            end = track_point(kit, self.shown_scores[seat], kit.safe_rect.y + 36)
            x = start[0] + (end[0] - start[0]) * ease
            y = start[1] + (end[1] - start[1]) * ease
            style = kit.seat_style(self.ctx.seats[seat].style)
            chip = kit.text(f"+{gain}", 34, c.shadow)
            box = chip.get_rect(center=(int(x), int(y))).inflate(22, 8)
            kit.panel(surface, box, style.colour, radius=box.height // 2, shadow=False, border=c.shadow,
                      border_width=2)
            surface.blit(chip, chip.get_rect(center=box.center))

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
        highlight_seat = self.reveal.safe if self.reveal is not None and not self.reveal.done else None
        for seat, rect in enumerate(panel_positions(self.ctx.kit, self.seats)):
            info = public.seats[seat]
            done, status = False, ""
            if public.phase == "round_start" or public.phase == "summary":
                done = info.ready
                status = t("si.status.ready") if done else t("si.status.waiting")
            elif public.phase == "clues":
                done = info.confirmed
                status = t("si.status.clue_ready") if done else t("si.status.building")
            elif public.phase == "vote":
                total = self.seats - 1
                done = info.votes_given >= total
                opponents = [o for o in range(self.seats) if o != seat]
                status = t("si.status.voted") if done else t(
                    "si.status.voting", name=self.name(opponents[info.votes_given]), n=info.votes_given, total=total)
            if self.reveal is not None:
                done, status = False, ""
            highlight = None
            if highlight_seat == seat:
                highlight = self.ctx.kit.seat_style(self.ctx.seats[seat].style).light
            draw_seat_panel(surface, self.ctx, seat, rect, score=self.shown_scores[seat], hand_count=info.hand_count,
                            clue=info.clue, status=status, done=done, highlight=highlight)
            self.draw_thinking(surface, seat, (rect.x + 80, rect.y + 6), 38)
            pop = self.token_pops.get(seat)
            if pop is not None and not pop.done:
                draw_thirty_token(surface, self.ctx, (rect.right - 98, rect.y + 36), int(22 * float(pop.value())))
            if highlight is None and self.reveal is not None:
                surface.blit(self.ctx.kit.rounded(rect.size, (*c.shadow, 90), 26), rect)

    def draw_hub_text(self, surface: pygame.Surface) -> None:
        t, public = self.ctx.t, self.public
        if self.reveal is not None and not self.reveal.done:
            owner = self.reveal.safe
            key = self.reveal.result.keys[owner]
            style = self.ctx.kit.seat_style(self.ctx.seats[owner].style)
            self.ctx.kit.seat_token(surface, self.ctx.seats[owner].style, (RING_CENTER[0], RING_CENTER[1] - 110), 34)
            body = t("si.reveal.was", n=key) if self.reveal.tick >= 10 else ""
            right = self.reveal.result.guessed_by[owner]
            if self.reveal.tick >= OPEN_TICKS + VOTES_TICKS:
                body = t("si.reveal.found_by", n=right)
            hub_text(surface, self.ctx, t("si.reveal.safe_of", name=self.name(owner)), body, style.light, 20)
            return
        if public.phase == "round_start":
            hub_text(surface, self.ctx, t("si.phase.round_start"),
                     t("si.phase.replacements", n=public.replacements_left))
        elif public.phase == "clues":
            hub_text(surface, self.ctx, t("si.phase.clues"), t("si.phase.clues_body"))
        elif public.phase == "vote":
            hub_text(surface, self.ctx, t("si.phase.vote"), t("si.phase.vote_body"))
        elif public.phase == "summary":
            hub_text(surface, self.ctx, t("si.phase.summary"))

    def draw_hints(self, surface: pygame.Surface) -> None:
        t, kit, phase = self.ctx.t, self.ctx.kit, self.public.phase
        if self.reveal is not None:
            items = [(Intent.CONFIRM, t("si.hint.faster"))]
        elif phase == "round_start":
            items = [(Intent.LEFT, t("si.hint.point")), (Intent.ALT, t("si.hint.replace")),
                     (Intent.CONFIRM, t("si.hint.ready"))]
        elif phase == "clues":
            items = [(Intent.PEEK, t("si.hint.build"))]
        elif phase == "summary":
            items = [(Intent.CONFIRM, t("si.hint.next_round"))]
        else:
            items = []
        if items:
            kit.hint_bar(surface, items)

    def draw_summary(self, surface: pygame.Surface) -> None:
        """Round summary: who had whom, who found whom, points, catch-up cards (SI-8)."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        result = self.public.last
        row = 72
        box = pygame.Rect(0, 0, 900 + LINKS_WIDTH, 170 + row * self.seats)
        box.center = (RING_CENTER[0], RING_CENTER[1] + 6)
        kit.panel(surface, box, (*c.panel, 250), radius=36, border=c.gold)
        kit.blit_text(surface, t("si.summary.title", n=result.round), 44, (box.centerx, box.y + 18), "midtop", c.gold)
        columns = {"found_by": 556, "found": 660, "points": 764}
        kit.blit_text(surface, t("si.summary.character"), 28, (box.x + 270, box.y + 118), "midleft", c.muted)
        if any(result.catch_up):
            columns["catch_up"] = 860
        for key, x in columns.items():
            kit.blit_text(surface, t(f"si.summary.{key}"), 28, (box.x + x, box.y + 136), "midbottom", c.muted,
                          max_width=96, align="center")
        draw_links_header(surface, self.ctx, (box.x + 920, box.y + 136))
        for seat in range(self.seats):
            y = box.y + 150 + seat * row + row // 2
            if self.public.clue_links:
                draw_clue_links(surface, self.ctx, self.public.clue_links[seat],
                                pygame.Rect(box.x + 920, y - row // 2, LINKS_WIDTH - 40, row))
            style = self.ctx.seats[seat].style
            if self.public.seats[seat].ready:
                kit.draw_check(surface, (box.x + 26, y), 30, c.good)
            kit.seat_token(surface, style, (box.x + 66, y), 22)
            kit.blit_text(surface, fit_text(kit, self.name(seat), 30, 160), 30, (box.x + 96, y), "midleft",
                          kit.seat_style(style).light)
            character = self.catalogue.character(result.board[result.keys[seat] - 1])
            icon = portrait(kit, character, self.ctx.settings.lang, 52, FALLBACK_ICON)
            surface.blit(icon, icon.get_rect(midleft=(box.x + 262, y)))
            name = character.name(self.ctx.settings.lang)
            if len(kit.wrap(name, 28, 200)) > 2:  # two lines fit a row; past that, shorten
                name = fit_text(kit, name, 28, 200)
            kit.blit_text(surface, name, 28, (box.x + 320, y), "midleft", c.text, max_width=200)
            kit.blit_text(surface, str(result.guessed_by[seat]), 36, (box.x + columns["found_by"], y), "center", c.text)
            kit.blit_text(surface, str(result.found[seat]), 36, (box.x + columns["found"], y), "center", c.text)
            kit.blit_text(surface, f"+{result.points[seat]}", 38, (box.x + columns["points"], y), "center", c.gold)
            if result.catch_up[seat]:
                draw_hand_count(surface, self.ctx, result.catch_up[seat], (box.x + columns["catch_up"], y), prefix="+")

    def draw_podium(self, surface: pygame.Surface) -> None:
        """Final podium with the SI-9 explanation of how ties were settled."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        outcome = self.session.outcome()
        ranks = outcome.ranks
        order = sorted(range(self.seats), key=lambda s: (ranks[s], s))
        kit.blit_text(surface, t("si.podium.title"), 72, (kit.W // 2, kit.safe_rect.y + 10), "midtop", c.gold,
                      shadow=True)
        places = {1: (kit.W // 2, 330), 2: (kit.W // 2 - 330, 250), 3: (kit.W // 2 + 330, 190)}
        base_y = 650
        by_rank: dict[int, list[int]] = {}
        for seat in order:
            by_rank.setdefault(ranks[seat], []).append(seat)
        for rank, (x, height) in places.items():
            block = pygame.Rect(0, 0, 300, height)
            block.midbottom = (x, base_y)
            colour = {1: c.gold, 2: mix(c.muted, c.text, 0.4), 3: mix(c.accent, c.shadow, 0.3)}[rank]
            kit.panel(surface, block, colour, radius=20)
            kit.blit_text(surface, str(rank), 80, (x, block.y + 20), "midtop", c.shadow)
            members = by_rank.get(rank, [])
            for k, seat in enumerate(members):
                dx = (k - (len(members) - 1) / 2) * 140
                token_y = block.y - 120
                kit.draw_seat_badge(surface, self.ctx.seats[seat], (int(x + dx), token_y), 84, name_size=34)
                kit.blit_text(surface, t("si.podium.points", n=self.public.seats[seat].score), 32,
                              (int(x + dx), block.y + 108), "midtop", c.shadow)
        rest = [s for s in order if ranks[s] > 3]
        for k, seat in enumerate(rest):
            x = int(kit.W // 2 + (k - (len(rest) - 1) / 2) * 230)
            kit.draw_seat_badge(surface, self.ctx.seats[seat], (x, base_y + 40), 48, name_size=30)
            kit.blit_text(surface, t("si.podium.rest", rank=ranks[seat], n=self.public.seats[seat].score), 28,
                          (x, base_y + 112), "midtop", c.muted)
        # the explanation sits just above the hint bar, whatever its number of lines
        kit.blit_text(surface, self.tie_break_text(order, ranks), 34, (kit.W // 2, kit.safe_rect.bottom - 84),
                      "midbottom", c.text, max_width=1600, align="center")
        kit.hint_bar(surface, [(Intent.CONFIRM, t("si.podium.again")), (Intent.BACK, t("si.podium.lobby"))])

    def tie_break_text(self, order: list[int], ranks: Mapping[int, int]) -> str:
        t = self.ctx.t
        winners = [s for s in order if ranks[s] == 1]
        names = ", ".join(self.name(s) for s in winners)
        score = self.public.seats[winners[0]].score
        decided = self.public.decided_by
        if decided == "cards":
            text = t("si.podium.by_cards", name=names, score=score, n=self.public.seats[winners[0]].hand_count)
        elif decided == "shared":
            text = t("si.podium.shared", names=names, score=score)
        else:
            text = t("si.podium.by_score", name=names, score=score)
        # SI-9 lower down too: the first pair tied on points but split by cards left
        seats = self.public.seats
        for a, b in zip(order, order[1:]):
            if seats[a].score == seats[b].score and ranks[a] != ranks[b] and ranks[a] > 1:
                text += "\n" + t("si.podium.ahead_by_cards", a=self.name(a), b=self.name(b),
                                  n=seats[a].hand_count, m=seats[b].hand_count)
                break
        return text


def key_place(center: tuple[int, int], index: int, count: int) -> tuple[int, tuple[int, int]]:
    """Size and centre of the ``index``-th of ``count`` voters' keys on a character card:
    over the portrait, right of the number badge, so the name under it stays readable
    (one row of up to 4, else two rows of smaller keys)."""
    x, y = center
    top = y - SLOT_H // 2
    if count <= 4:
        size, row, column, in_row = 42, 0, index, count
    else:
        size, row, column = 38, index // 4, index % 4
        in_row = 4 if row == 0 else count - 4
    step = size + 4
    left = x + 12 - (in_row - 1) * step // 2   # a little right of centre: the badge sits top left
    return size, (left + column * step, top + 8 + size // 2 + row * (size + 2))
