"""The board's timeline: what plays on the track after the rules' events, in fixed ticks,
whichever section shows (a reveal, the next phase, the end).

Masks walk square by square (:data:`STEP_TICKS` each, through the Gouffre when they
fall); a special square's banner waits for the walks to end, then shows
:data:`BANNER_TICKS`. While anything plays the timeline is ``busy``: bots wait and no
overlay opens (the sections ask it). Nothing here depends on a secret: it is driven by
public events only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..rules.view import MaskMove

STEP_TICKS = 9            # one square of a mask's walk
BANNER_TICKS = 200        # a special square's explanation


@dataclass
class Banner:
    icon: str
    title: str
    body: str
    ticks: int


class Timeline:
    def __init__(self, positions: tuple[int, ...], on_fall: Callable[[int], None]) -> None:
        #: Where each mask is drawn: a float between squares while it walks.
        self.shown = [float(p) for p in positions]
        self.paths: dict[int, list[int]] = {s: [] for s in range(len(positions))}
        self.step = {s: 0 for s in range(len(positions))}
        self.banners: list[Banner] = []
        self.on_fall = on_fall

    @property
    def walking(self) -> bool:
        return any(self.paths.values())

    @property
    def busy(self) -> bool:
        return self.walking or bool(self.banners)

    @property
    def banner(self) -> Banner | None:
        """The banner on screen (banners wait for the masks to stop)."""
        return self.banners[0] if self.banners and not self.walking else None

    def add_banner(self, icon: str, title: str, body: str) -> None:
        self.banners.append(Banner(icon, title, body, BANNER_TICKS))

    def walk(self, move: MaskMove) -> None:
        if move.fell:
            path = list(range(move.start - 1, -2, -1)) + [move.end]
        else:
            step = 1 if move.end > move.start else -1
            path = list(range(move.start + step, move.end + step, step)) if move.end != move.start else []
        self.paths[move.seat] = path
        self.step[move.seat] = 0

    def tick(self) -> None:
        for seat, path in self.paths.items():
            if path:
                self._step_mask(seat, path)
        banner = self.banner
        if banner is not None:
            banner.ticks -= 1
            if banner.ticks <= 0:
                self.banners.pop(0)

    def _step_mask(self, seat: int, path: list[int]) -> None:
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
                self.on_fall(seat)
