"""The reveal of a scored round (SI-6), drawn over the board's ring: the safes open one
by one, each voter's key flips onto the character it named (green right, red wrong),
then "+n" chips fly to the scorers' markers on the track.

The board starts a :class:`Reveal` when the rules tell it a round was scored (the
``RoundScored`` event); everything drawn here is public by then (the result's keys and
votes).
"""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from ....scenes.ring import RING_CENTER
from ..rules.view import RoundResult
from .widgets import SLOT_H, hub_text, slot_positions, track_point

#: Reveal timing per safe, in fixed ticks: open, votes flip, points fly.
OPEN_TICKS, VOTES_TICKS, POINTS_TICKS = 40, 60, 50
SAFE_TICKS = OPEN_TICKS + VOTES_TICKS + POINTS_TICKS


class Reveal:
    """The animated reading of one scored round (a RoundResult), safe after safe."""

    def __init__(self, result: RoundResult, base_scores: Sequence[int]) -> None:
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


def draw_votes(surface: pygame.Surface, ctx: Any, reveal: Reveal) -> None:
    """The voters' keys on the open safe, flipping over one after another."""
    kit, c = ctx.kit, ctx.kit.colours
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
                kit.seat_token(surface, ctx.seats[voter].style, card.center, size // 3)


def draw_flying_points(surface: pygame.Surface, ctx: Any, reveal: Reveal, shown_scores: Sequence[float]) -> None:
    """"+n" chips fly from the open safe's character to each scorer's marker."""
    kit, c = ctx.kit, ctx.kit.colours
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
        end = track_point(kit, shown_scores[seat], kit.safe_rect.y + 36)
        x = start[0] + (end[0] - start[0]) * ease
        y = start[1] + (end[1] - start[1]) * ease
        style = kit.seat_style(ctx.seats[seat].style)
        chip = kit.text(f"+{gain}", 34, c.shadow)
        box = chip.get_rect(center=(int(x), int(y))).inflate(22, 8)
        kit.panel(surface, box, style.colour, radius=box.height // 2, shadow=False, border=c.shadow,
                  border_width=2)
        surface.blit(chip, chip.get_rect(center=box.center))


def draw_reveal_hub(surface: pygame.Surface, ctx: Any, reveal: Reveal, name: str) -> None:
    """The hub under the open safe: whose it is, its number, how many found it."""
    t = ctx.t
    owner = reveal.safe
    key = reveal.result.keys[owner]
    style = ctx.kit.seat_style(ctx.seats[owner].style)
    ctx.kit.seat_token(surface, ctx.seats[owner].style, (RING_CENTER[0], RING_CENTER[1] - 110), 34)
    body = t("si.reveal.was", n=key) if reveal.tick >= 10 else ""
    right = reveal.result.guessed_by[owner]
    if reveal.tick >= OPEN_TICKS + VOTES_TICKS:
        body = t("si.reveal.found_by", n=right)
    hub_text(surface, ctx, t("si.reveal.safe_of", name=name), body, style.light, 20)


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
