"""A short show for reveal and end screens: the podium rises, scores count up, confetti
falls on the winners, their pads rumble and the fanfare plays. A skips to the end.

Counted in fixed ticks, so a show lasts the same on every machine and in every test, and
fed only public results (who placed where, the scores): no sound, motion or rumble
depends on a secret. The confetti's scatter comes from the seed the board hands in.

How a board uses it, when its reveal or end phase starts::

    self.show = Show(ctx, [Standing(seat, score, start=old_score, place=place), ...], seed)

then ``self.show.step()`` in ``fixed_update``; ``if self.show.handle(event): return True``
first in ``handle`` (A skips while the show runs, and passes through once it is over);
``self.show.draw_podium(surface, rect)`` where the podium goes (it returns its columns,
labels included) and ``self.show.draw_confetti(surface, keep_out=[...])`` after it: the
keep-out lists what no disc may touch (the podium's columns, every text with no panel
behind it, the panels drawn before the confetti); and ``self.show.count(seat)`` wherever the board
prints that seat's score, so the number counts up with the show.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Sequence

import pygame

from ..input.intents import InputEvent, Intent
from . import podium
from .shapes import shape_box
from .tween import easing

#: Ticks for the columns to rise (each column starts a little after the one placed below it).
RISE_TICKS = 48
RISE_STAGGER = 14
#: Ticks for a score to count up, once its column has risen.
COUNT_TICKS = 54
#: Ticks the confetti falls after the cheer.
CONFETTI_TICKS = 150
CONFETTI_COUNT = 90
#: The winners' rumble: low and high motor strength, milliseconds.
RUMBLE = (0.6, 1.0, 700)


@dataclass(frozen=True)
class Standing:
    """One seat's result: its score (counted up from ``start``) and its place (1 = won;
    ties share a place)."""

    seat: int
    score: int
    start: int = 0
    place: int = 1


@dataclass(frozen=True)
class Confetto:
    x: float
    y: float
    vx: float
    vy: float
    spin: float
    style: int
    size: int


class Show:
    """The timeline of one celebration (module docstring)."""

    def __init__(self, ctx: Any, standings: Sequence[Standing], seed: int = 0) -> None:
        self.ctx = ctx
        self.standings = sorted(standings, key=lambda s: (s.place, s.seat))
        self.tick = 0
        places = sorted({s.place for s in self.standings}, reverse=True)
        #: The tick each place's column starts rising: the lowest place first, the winners last.
        self.rise_start = {place: i * RISE_STAGGER for i, place in enumerate(places)}
        self.cheer_tick = max(self.rise_start.values(), default=0) + RISE_TICKS
        self.total = self.cheer_tick + COUNT_TICKS
        self.cheered = False
        self._seed = seed
        self.confetti: list[Confetto] = []
        self._cheer_at = 0
        self._rise = easing("out_back")
        self._count = easing("out_cubic")
        #: The podium's layout and what it was measured for (see :meth:`draw_podium`).
        self._podium: tuple[tuple[tuple[int, ...], int, tuple[str, ...]], podium.PodiumLayout] | None = None

    # --- time -------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.tick >= self.total

    def step(self) -> None:
        """One fixed tick."""
        self.tick += 1
        if not self.cheered and self.tick >= self.cheer_tick:
            self.cheer()

    def skip(self) -> None:
        """Straight to the end: columns up, scores counted; the winners still get their
        cheer if it had not come yet."""
        self.tick = max(self.tick, self.total)
        if not self.cheered:
            self.cheer()

    def handle(self, event: InputEvent) -> bool:
        """A (CONFIRM) pressed while the show runs skips it (taken: True); once it is over
        every event passes through to the board."""
        if self.done or event.intent is not Intent.CONFIRM:
            return False
        if event.pressed and not event.repeat:
            self.skip()
        return True

    def cheer(self) -> None:
        """The winners' moment: confetti in their colours, the fanfare, their pads rumble."""
        self.cheered = True
        self._cheer_at = self.tick
        winners = [s.seat for s in self.standings if s.place == 1]
        self.confetti = self._scatter(winners)
        audio = getattr(self.ctx, "audio", None)
        if audio is not None:
            audio.play("victory")
        hub = getattr(self.ctx, "input", None)
        if hub is not None:
            for seat in winners:
                hub.rumble(seat, *RUMBLE)

    def _scatter(self, winners: Sequence[int]) -> list[Confetto]:
        rng = random.Random(self._seed)
        styles = [self.ctx.seats[seat].style for seat in winners if 0 <= seat < len(self.ctx.seats)] or [0]
        width = self.ctx.kit.W
        return [Confetto(rng.uniform(0, width), rng.uniform(-400, -20), rng.uniform(-1.2, 1.2), rng.uniform(2.0, 5.0),
                         rng.uniform(-6, 6), styles[i % len(styles)], rng.randint(10, 18))
                for i in range(CONFETTI_COUNT)]

    # --- values -------------------------------------------------------------------------------
    def rise(self, place: int, alpha: float = 1.0) -> float:
        """0..1 (a little over 1 while it settles): how far the column of ``place`` has risen."""
        start = self.rise_start.get(place, 0)
        t = (self.tick - 1 + alpha - start) / RISE_TICKS if not self.done else 1.0
        return self._rise(self.ctx.kit.cut(min(1.0, max(0.0, t))))

    def count(self, seat: int, alpha: float = 1.0) -> int:
        """The score to print for ``seat`` now: from its start to its score, counted up
        once its column has risen."""
        standing = next((s for s in self.standings if s.seat == seat), None)
        if standing is None:
            raise KeyError(f"seat {seat} has no standing in this show")
        if self.done:
            return standing.score
        begin = self.rise_start.get(standing.place, 0) + RISE_TICKS
        t = min(1.0, max(0.0, (self.tick - 1 + alpha - begin) / COUNT_TICKS))
        return int(round(standing.start + (standing.score - standing.start) * self._count(t)))

    # --- drawing --------------------------------------------------------------------------------
    def draw_podium(self, surface: pygame.Surface, rect: pygame.Rect, alpha: float = 1.0) -> list[pygame.Rect]:
        """Columns for the first three places in ``rect``, topped by their seats' labels
        (shape, colour, name, counting score); tied seats in rows (:mod:`game.ui.podium`).

        Returns each risen column with its labels (badge to foot), the confetti's keep-out.
        The layout (every name measured) is made once for what it depends on: the rect,
        the text size setting and the seats' names; each frame only draws it."""
        key = (tuple(rect), self.ctx.kit.scaled(100), tuple(self.ctx.seats[s.seat].name for s in self.standings))
        if self._podium is None or self._podium[0] != key:
            self._podium = (key, podium.PodiumLayout(self, rect))
        return self._podium[1].draw(surface, alpha)

    def confetti_falling(self, alpha: float = 1.0) -> bool:
        """Whether :meth:`draw_confetti` draws anything now."""
        age = self.tick - 1 + alpha - self._cheer_at
        return bool(self.confetti) and 0 <= age <= CONFETTI_TICKS and not self.ctx.kit.reduce_motion

    def draw_confetti(self, surface: pygame.Surface, alpha: float = 1.0,
                      keep_out: Sequence[pygame.Rect] = ()) -> None:
        """The winners' confetti falling, for :data:`CONFETTI_TICKS` after the cheer.

        A disc is drawn whole inside the safe area (festive, but never in the TV's
        margin) or not at all, so none shows a straight cut edge at the area's sides, top
        or bottom: the discs come in whole below its top and go before they touch its
        sides or bottom. ``keep_out`` (a headline with no panel behind it, the podium's
        columns, a panel) lists rectangles no disc touches: the discs falling through one
        appear whole below it, as if they had passed behind."""
        age = self.tick - 1 + alpha - self._cheer_at
        kit = self.ctx.kit
        if not self.confetti_falling(alpha):
            return  # with reduced motion the cheer is the fanfare and the podium alone
        area = kit.safe_rect.clip(surface.get_clip())
        for bit in self.confetti:
            x = bit.x + bit.vx * age + 18 * math.sin((bit.x + age * bit.spin) / 40)
            y = bit.y + bit.vy * age + 0.02 * age * age
            centre = (int(x), int(y))
            box = shape_box(centre, bit.size)
            if not area.contains(box) or box.collidelist(keep_out) >= 0:
                continue
            style = kit.seat_style(bit.style)
            kit.draw_confetto(surface, style.shape, style.colour, centre, bit.size)
