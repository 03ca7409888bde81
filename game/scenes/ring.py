"""The ring picker: several seats choose secretly, at the same time, on one TV.

Options sit on a ring numbered clockwise from 12 o'clock (``ring_geometry``: a circle
fitted to the safe area, which boards use for their slots). Each seat has a hidden
pointer: the stick angle picks the option in that direction, the D-pad / keys step it
round the ring, CONFIRM submits it to the game's ``on_choose``.

Blindness: what the TV draws never depends on where a seat points or on what it chose.
A seat sees its own pointer only while it holds PEEK, and in the peek curtain's order
(SS-2): the press first shows the curtain's closed face for that seat (its name,
"everyone else, look away!", ``peek.draw_look_away``) for ``LOOK_AWAY_TICKS``, then the
pointer and hub; letting go hides them on the next frame. One peeker at a time, the
others queue (each named in turn). Otherwise the TV shows per-seat progress only ("Bob
✓ 3/7"). A refused choice buzzes and shows the game's refusal text, which names no
option. ``tests/test_ring.py`` compares canvases pixel for pixel.

Take-backs: a game that lets votes change until its phase closes passes ``on_back``;
BACK then asks it to take back the seat's last vote (its question comes back). The sound
is the same whatever was taken back, and such a ring stays open until the board closes it
with its phase, so a seat that has answered everything can still change its mind.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from ..input.intents import InputEvent, Intent
from ..ui.fit import fit_text, fit_wrapped
from ..ui.tween import Tween, easing
from .base import Scene
from .peek import PeekGate, draw_look_away, draw_stage
from .ring_cards import card_width, draw_aside_card, draw_seat_card, seat_slots
from .ring_geometry import RingGeometry, ring_geometry
from .ring_slots import draw_face

if TYPE_CHECKING:
    from ..context import AppContext
    from ..ui.kit import UiKit
    from ..ui.theme import SeatStyle

#: Stick push (0..1) needed before its angle moves the pointer.
STICK_THRESHOLD = 0.5
REFUSAL_TICKS = 180
#: A slot's number badge's radius (52 px across, in the slot's top-left corner).
SLOT_BADGE = 26


@dataclass(frozen=True)
class RingOption:
    label: str
    #: An OpenMoji code, or a comparable callable ``(kit, size) -> Surface`` (a
    #: character's portrait drawn by its game).
    icon: str | Callable[[UiKit, int], pygame.Surface] | None = None
    number: int | None = None   # shown in the slot (1..8); defaults to its place on the ring
    #: The option is a player: the slot shows that seat's shape in its colour by the name.
    seat: int | None = None
    #: Greyed out for its seat (e.g. a number already used). Per-seat knowledge: drawn
    #: only inside that seat's peek, never on the public ring.
    used: bool = False


@dataclass(frozen=True)
class RingQuestion:
    prompt: str                 # public text, e.g. "Who is Bob?" (must reveal nothing)
    options: tuple[RingOption, ...]

    def __post_init__(self) -> None:
        if not 2 <= len(self.options) <= 8:
            raise ValueError(f"a ring holds 2 to 8 options, not {len(self.options)}")


def sector(angle: float, n: int) -> int:
    """The option whose sector contains ``angle`` (degrees clockwise from up)."""
    return int(math.floor((angle % 360.0) / (360.0 / n) + 0.5)) % n


def _public(option: RingOption) -> tuple[object, ...]:
    return option.label, option.icon, option.number, option.seat


class RingPicker(Scene):
    opaque = False
    own_hint_bar = True
    blocks_input = False
    #: The board keeps running underneath: bots choose while people do, countdowns
    #: (Incognito's last voter) run, and a board can close a ring its phase left behind.
    freezes_below = False
    #: A choice said aloud (Mission Secrète's accusation, MS-6): every pointer is always on
    #: show, the hub says so, and nothing offers a private look (PEEK does nothing).
    aloud = False

    def __init__(self, ctx: AppContext, seats: list[int],
                 question: Callable[[int], RingQuestion | None],
                 on_choose: Callable[[int, int], str | None],
                 on_done: Callable[[], None] | None = None,
                 progress: Callable[[int], tuple[int, int]] | None = None,
                 on_back: Callable[[int], bool] | None = None,
                 aside: tuple[str, str, str] | None = None) -> None:
        """``aside``: (pictogram, title, rule) of a card shown in the column a lone
        chooser's progress card leaves empty."""
        super().__init__()
        self.ctx = ctx
        self.seats = list(seats)
        self.question = question
        self.on_choose = on_choose
        self.on_done = on_done
        self.progress = progress
        self.on_back = on_back
        self.aside = aside
        self.pointer: dict[int, int] = {seat: 0 for seat in self.seats}
        self.holding: list[int] = list(self.seats) if self.aloud else []  # seats holding PEEK, first = shown
        self.gate = PeekGate()  # the first holder is named before its pointer shows
        self.refusal: tuple[int, str] | None = None
        self.refusal_ticks = 0
        self.pops: dict[int, Tween[float]] = {}   # a seat's badge pops when it confirms
        self.ticks = 0
        self.finished = False

    # --- state ---------------------------------------------------------------------------
    @property
    def curtain_seat(self) -> int | None:
        """The seat holding PEEK whose turn it is to look (named first, then shown)."""
        for seat in self.holding:
            if self.ctx.seats[seat].connected:
                return seat
        return None

    @property
    def peeker(self) -> int | None:
        """The seat whose pointer the TV shows: the curtain seat once named long enough."""
        seat = self.curtain_seat
        return seat if self.aloud or self.gate.open_for(seat) else None

    def private_for(self, seat: int) -> bool:
        return not self.aloud and self.peeker == seat

    def look_away_for(self, seat: int) -> bool:
        return not self.aloud and self.curtain_seat == seat and self.peeker is None

    def pending(self) -> list[int]:
        return [seat for seat in self.seats if self.question(seat) is not None]

    def _check_done(self) -> None:
        if self.finished or self.on_back is not None or self.pending():
            return  # a ring with take-backs is closed by its board when the phase ends
        self.finished = True
        if self.stack is not None:
            self.stack.remove(self)
        if self.on_done is not None:
            self.on_done()

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat not in self.pointer or event.intent is Intent.MENU:
            return False  # not choosing here: the board (or the pause menu) takes it
        if event.intent is Intent.PEEK:
            if self.aloud:
                return True
            if event.pressed and seat not in self.holding:
                self.holding.append(seat)
            elif not event.pressed and seat in self.holding:
                self.holding.remove(seat)
            self.gate.follow(self.curtain_seat)
            return True
        if event.intent is Intent.BACK and self.on_back is not None:
            if event.pressed and not event.repeat:
                self._take_back(seat)
            return True
        question = self.question(seat)
        if question is None:
            return True  # done: nothing more to choose, and nothing falls to the board
        n = len(question.options)
        if event.intent is Intent.STICK:
            if event.magnitude >= STICK_THRESHOLD:
                self.pointer[seat] = sector(event.angle, n)
        elif event.from_stick:
            pass  # the hub's flick direction for the STICK angle just followed: no extra step
        elif event.pressed and event.intent in (Intent.RIGHT, Intent.DOWN):
            self.pointer[seat] = (self.pointer[seat] % n + 1) % n
        elif event.pressed and event.intent in (Intent.LEFT, Intent.UP):
            self.pointer[seat] = (self.pointer[seat] % n - 1) % n
        elif event.pressed and event.intent is Intent.CONFIRM and not event.repeat:
            self._choose(seat, self.pointer[seat] % n)
        return True

    def _choose(self, seat: int, index: int) -> None:
        refusal = self.on_choose(seat, index)
        if refusal is not None:
            self.ctx.audio.play("buzz")
            self.refusal = (seat, refusal)
            self.refusal_ticks = REFUSAL_TICKS
            return
        self.ctx.audio.play("vote")
        self.pointer[seat] = 0
        if self.refusal is not None and self.refusal[0] == seat:
            self.refusal = None
        self.pops[seat] = self.ctx.kit.tween(1.35, 1.0, 18, "out_back")
        self._check_done()

    def _take_back(self, seat: int) -> None:
        """``on_back`` says whether a vote was taken back (False: the seat has none)."""
        if self.on_back is None or not self.on_back(seat):
            self.ctx.audio.play("buzz")
            return
        self.ctx.audio.play("back")  # one sound for any take-back: it names no vote
        self.pointer[seat] = 0
        if self.refusal is not None and self.refusal[0] == seat:
            self.refusal = None

    def fixed_update(self, dt: float) -> None:
        self.ticks += 1
        # a pad unplugged mid-peek never sends its release
        self.holding = [seat for seat in self.holding if self.ctx.seats[seat].connected]
        self.gate.follow(self.curtain_seat)
        self.gate.step()
        if self.refusal_ticks > 0:
            self.refusal_ticks -= 1
            if self.refusal_ticks == 0:
                self.refusal = None
        for tween in self.pops.values():
            tween.step()
        self._check_done()  # the game may have settled (a timeout) without us

    # --- drawing -------------------------------------------------------------------------
    @property
    def geometry(self) -> RingGeometry:
        return ring_geometry(self.ctx.kit)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The picker, or while a seat's look-away runs, the curtain naming it."""
        named = self.curtain_seat
        if named is not None and self.peeker is None:
            self.ctx.kit.dim(surface, 215)
            draw_stage(self.ctx.kit, surface, easing("out_back")(self.ctx.kit.cut(self.gate.progress(alpha))))  # as a curtain closes
            draw_look_away(self.ctx, surface, named, "", self.ticks + alpha, self.gate.progress(alpha))
            self.ctx.kit.hint_bar(surface, self._hints())
            return
        self.draw_picker(surface, alpha)

    def draw_picker(self, surface: pygame.Surface, alpha: float) -> None:
        """The ring: the options (the peeker's, with its pointer), prompt, progress."""
        kit = self.ctx.kit
        kit.dim(surface, 225)
        peeker = self.peeker
        shown = self.question(peeker) if peeker is not None else None
        if shown is not None:
            self._draw_ring(surface, shown, peeker)
        else:
            self._draw_ring(surface, self._public_question(), None)
        if self.refusal is not None:
            self._draw_refusal(surface)
        else:
            self._draw_prompt(surface, shown)
        self._draw_seats(surface, alpha)
        kit.hint_bar(surface, self._hints())

    def _hints(self) -> list[tuple[Intent, str]]:
        hints = [(Intent.STICK, self.ctx.t("ring.point")), (Intent.CONFIRM, self.ctx.t("ring.choose"))]
        if not self.aloud:
            hints.append((Intent.PEEK, self.ctx.t("ring.look")))
        if self.on_back is not None:
            hints.append((Intent.BACK, self.ctx.t("ring.take_back")))
        return hints

    def _public_question(self) -> RingQuestion | None:
        """What the TV may show: the options when every seat still choosing has the
        same ones (used flags ignored: those are private), else numbered slots only."""
        questions = [q for q in (self.question(s) for s in self.seats) if q is not None]
        if not questions:
            return None
        first = questions[0]
        if all(tuple(map(_public, q.options)) == tuple(map(_public, first.options)) and q.prompt == first.prompt
               for q in questions):
            return RingQuestion(first.prompt, tuple(RingOption(o.label, o.icon, o.number, o.seat) for o in first.options))
        numbers = tuple(RingOption("", None, i + 1) for i in range(len(first.options)))
        return RingQuestion("", numbers) if all(len(q.options) == len(first.options) for q in questions) else None

    def _draw_prompt(self, surface: pygame.Surface, peek_question: RingQuestion | None) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        public = self._public_question()
        prompt = peek_question.prompt if peek_question is not None else (public.prompt if public else "")
        if not prompt:
            prompt = self.ctx.t("ring.all_done") if public is None else self.ctx.t("ring.choose_now")
        safe = kit.safe_rect
        # the largest size whose box ends above the top slot (large text shrinks it)
        bottom = self.geometry.top - 6
        for size in (56, 52, 48, 44, 40, 36, 32, 28):
            image = kit.text(prompt, size, c.text, max_width=1100, align="center", shadow=True)
            box = image.get_rect().inflate(70, 26)
            box.midtop = (kit.W // 2, safe.y + 4)
            if box.bottom <= bottom:
                break
        kit.panel(surface, box, c.panel, radius=box.height // 2, border=c.accent)
        surface.blit(image, image.get_rect(center=box.center))

    def hub_radius(self, question: RingQuestion | None) -> int:
        """The hub's radius (its needle points from its rim)."""
        return self.geometry.hub

    def slot_rects(self, question: RingQuestion) -> list[pygame.Rect]:
        """Slot k at 360k/n degrees clockwise from 12 o'clock, as the stick points."""
        return self.geometry.slot_rects(len(question.options))

    def _draw_ring(self, surface: pygame.Surface, question: RingQuestion | None, peeker: int | None) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        cx, cy = centre = self.geometry.center
        hub = self.hub_radius(question)
        kit.draw_shape(surface, "circle", c.bg, centre, hub, outline=c.panel_hi)
        if question is None:
            return
        n = len(question.options)
        pointed = self.pointer[peeker] % n if peeker is not None else None
        style = kit.seat_style(self.ctx.seats[peeker].style) if peeker is not None else None
        if pointed is not None and style is not None:
            # a needle on the hub's rim, in the peeker's colour, pointing at the option
            a = math.radians(360.0 * pointed / n)
            dx, dy = math.sin(a), -math.cos(a)
            tip, base = hub - 4, hub - 50
            pygame.draw.polygon(surface, style.colour, [
                (cx + dx * tip, cy + dy * tip),
                (cx + dx * base - dy * 26, cy + dy * base + dx * 26),
                (cx + dx * base + dy * 26, cy + dy * base - dx * 26)])
        for i, (option, rect) in enumerate(zip(question.options, self.slot_rects(question))):
            self._draw_slot(surface, option, i, rect, style if pointed == i else None, peeker is not None)
        self._draw_hub(surface, question, peeker, pointed)

    def _draw_slot(self, surface: pygame.Surface, option: RingOption, index: int, rect: pygame.Rect,
                   pointer: SeatStyle | None, private: bool) -> None:
        """One option: its face (``_draw_face``), its number badge, and a stroke across it
        when it is used (only in its seat's peek). ``pointer`` is the peeker's style when
        it points here: the slot grows and takes its colour."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        used = private and option.used
        if pointer is not None:
            rect = rect.inflate(26, 20)
        self._draw_face(surface, option, index, rect, pointer, used)
        if option.icon or option.label or option.seat is not None:
            badge = self.badge_centre(rect)
            kit.draw_shape(surface, "circle", c.gold, badge, SLOT_BADGE, outline=c.shadow)
            kit.blit_text(surface, str(option.number or index + 1), 32, (badge[0], badge[1] + 1), "center", c.shadow)
        if used:
            pygame.draw.line(surface, c.bad, rect.bottomleft, rect.topright, 6)

    def badge_centre(self, slot: pygame.Rect) -> tuple[int, int]:
        """Where a slot's number badge goes: inside its top-left corner, over no neighbour
        and under no title (issue 28)."""
        return slot.x + SLOT_BADGE + 6, slot.y + SLOT_BADGE + 6

    def _draw_face(self, surface: pygame.Surface, option: RingOption, index: int, rect: pygame.Rect,
                   pointer: SeatStyle | None, used: bool) -> None:
        """The slot's panel and what it holds (``ring_slots.draw_face``)."""
        draw_face(self.ctx, surface, option, index, rect, pointer, used)

    def _draw_hub(self, surface: pygame.Surface, question: RingQuestion, peeker: int | None,
                  pointed: int | None) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        cx, cy = self.geometry.center
        if peeker is None:
            # at most three lines above the glyph and two under it, clear of the slots' badges
            note_text, look_text = self.ctx.t("ring.secret_note"), self.ctx.t("ring.secret_hold")
            note = kit.text(note_text, fit_wrapped(kit, note_text, 260, 3, (34, 30)), c.text, max_width=260,
                            align="center")
            surface.blit(note, note.get_rect(midbottom=(cx, cy - 10)))
            glyph = kit.button_hint(Intent.PEEK, 56)
            surface.blit(glyph, glyph.get_rect(midtop=(cx, cy - 2)))
            look = kit.text(look_text, fit_wrapped(kit, look_text, 230, 2, (30, 28)), c.accent, max_width=230,
                            align="center")
            surface.blit(look, look.get_rect(midtop=(cx, cy + 62)))
            return
        assert pointed is not None, "a peeker points at an option"
        seat = self.ctx.seats[peeker]
        style = kit.seat_style(seat.style)
        kit.seat_token(surface, seat.style, (cx, cy - 110), 40)
        size, name = fit_text(kit, seat.name, 300, (40, 36, 32, 28))
        placed = kit.blit_text(surface, name, size, (cx, cy - 64), "midtop", style.light, align="center", shadow=True)
        option = question.options[pointed]
        words = option.label or str(option.number or pointed + 1)
        label = kit.blit_text(surface, words, fit_wrapped(kit, words, 300, 2, (40, 36, 32)), (cx, placed.bottom + 10),
                              "midtop", style.light, max_width=300, align="center")
        if self.aloud:
            kit.blit_text(surface, self.ctx.t("ring.aloud"), 28, (cx, label.bottom + 2), "midtop", c.muted)

    def _card_width(self) -> int:
        return card_width(self.ctx.kit, self.geometry.left)

    def _seat_slots(self) -> list[tuple[int, tuple[int, int]]]:
        """Progress cards in two columns beside the ring (left first, top to bottom)."""
        return seat_slots(self.ctx.kit, self.seats, self._card_width(), self.geometry.center[1])

    def _draw_seats(self, surface: pygame.Surface, alpha: float) -> None:
        width = self._card_width()
        for seat_index, centre in self._seat_slots():
            pop = self.pops.get(seat_index)
            label = None
            if self.progress is not None:
                count, total = self.progress(seat_index)
                label = f"{count}/{total}"
            draw_seat_card(self.ctx, surface, seat_index, centre, width, done=self.question(seat_index) is None,
                           refused=self.refusal is not None and self.refusal[0] == seat_index,
                           peeking=self.curtain_seat == seat_index and not self.aloud, progress=label,
                           pop=pop.value(alpha) if pop is not None else 1.0)
        if self.aside is not None and len(self.seats) == 1:
            kit = self.ctx.kit
            draw_aside_card(kit, surface, (kit.W - self._seat_slots()[0][1][0], self.geometry.center[1]), width,
                            (self.geometry.top, kit.hint_bar_top() - 12), *self.aside)

    def _draw_refusal(self, surface: pygame.Surface) -> None:
        """Shown in place of the prompt for a few seconds: who was refused and why."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        if self.refusal is None:
            return
        seat_index, key = self.refusal
        seat = self.ctx.seats[seat_index]
        token_w = 64
        name = kit.text(seat.name, 38, kit.seat_style(seat.style).light)
        line = kit.rich(self.ctx.strings.get(key), 38, c.text, button=Intent.PEEK)
        width = token_w + name.get_width() + 24 + line.get_width()
        box = pygame.Rect(0, 0, width + 60, max(line.get_height(), name.get_height()) + 26)
        box.midtop = (kit.W // 2, kit.safe_rect.y + 6)
        kit.panel(surface, box, c.panel, radius=box.height // 2, border=c.bad, border_width=5)
        x = box.x + 30
        kit.seat_token(surface, seat.style, (x + 24, box.centery), 24)
        x += token_w
        surface.blit(name, name.get_rect(midleft=(x, box.centery)))
        x += name.get_width() + 24
        surface.blit(line, line.get_rect(midleft=(x, box.centery)))
