"""A round's scores as a show (:class:`ScoresCountUp`): each seat's score counts up from
where the round found it, best first; the round's leaders are cheered (confetti in their
colours, the fanfare, a rumble on their pads). A pad's CONFIRM or a phone's "Skip"
hurries it; bots and phones wait for it; then the game's own step (a "ready") is a
pad's CONFIRM (:meth:`ScoresCountUp.go_on`).

A game gives the scores before and after the round and its texts: :meth:`draw_frame`
(its title; the room left for the rows), :meth:`gained_text` (what a row says of the
round), :meth:`marked` (a tick at a row's end: that seat is ready) and :meth:`hints`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, TypeVar

import pygame

from ...input.intents import InputEvent, Intent
from ...ui.fit import fit_text
from ...ui.show import Standing
from ...ui.theme import TOKEN_RADIUS
from ..board.section import PhasedView
from .celebration import Celebration, shared_places

if TYPE_CHECKING:
    from ..board.phase_board import PhaseBoard

V = TypeVar("V", bound=PhasedView)

#: A row's height at most, and between rows: three seats' rows stand tall in the middle
#: of the room rather than leave its lower half bare (the layout check's ``empty``).
ROW_MAX, ROW_GAP = 170, 16
#: A row's name sizes, largest first, in a row taller than :data:`TALL_ROW` and in others.
TALL_NAME_SIZES, NAME_SIZES, TALL_ROW = (56, 48, 40, 36, 32), (40, 36, 32), 130


class ScoresCountUp(Celebration[V]):
    name = "scores"

    def __init__(self, board: PhaseBoard[V], before: Sequence[int], after: Sequence[int], seed: int) -> None:
        self.before, self.after = list(before), list(after)
        #: Each seat's place by its new score (ties share): the first are cheered.
        self.places = shared_places(self.after)
        super().__init__(board, [Standing(s, self.after[s], self.before[s], self.places[s])
                                 for s in range(len(self.after))], seed)

    @property
    def phones_wait(self) -> bool:
        return self.running  # a phone's move waits as a pad's CONFIRM only hurries the count

    def handle(self, seat: int, event: InputEvent) -> bool:
        if super().handle(seat, event):
            return True
        return self.press(event) and event.intent is Intent.CONFIRM and self.go_on(seat)

    # --- the game's part -------------------------------------------------------------------------
    def go_on(self, seat: int) -> bool:
        """A pad's CONFIRM once the count is over (True: taken)."""
        return False

    def draw_frame(self, surface: pygame.Surface, view: V, alpha: float) -> pygame.Rect:
        """The game's title and chrome; returns the room for the rows (here the safe area
        above the hint bar)."""
        kit = self.ctx.kit
        safe = kit.safe_rect
        return pygame.Rect(safe.x, safe.y, safe.width, kit.hint_bar_top() - 12 - safe.y)

    def gained_text(self, seat: int) -> str:
        """What ``seat``'s row says of the round, left of its score."""
        return f"+{self.after[seat] - self.before[seat]}"

    def marked(self, seat: int, view: V) -> bool:
        """A tick at the end of ``seat``'s row (the seat said it is ready)."""
        return False

    def hints(self) -> list[tuple[Intent, str]]:
        """The hint bar (while the count runs, and after it)."""
        return []

    # --- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: V, alpha: float) -> None:
        """A row per seat, best first: shape, name, what it gained, its score counting
        up, the rows as tall as the room lets them (:data:`ROW_MAX`) and together in its
        middle; the confetti behind the rows, so every name and number stays readable."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        self.draw_confetti(surface, alpha)
        area = self.draw_frame(surface, view, alpha)
        seats = len(self.after)
        order = sorted(range(seats), key=lambda s: (-self.after[s], s))
        height = min(ROW_MAX, (area.height - ROW_GAP * (seats - 1)) // seats)
        top = area.y + (area.height - seats * height - ROW_GAP * (seats - 1)) // 2
        width = min(1240, area.width)
        for k, seat in enumerate(order):
            rect = pygame.Rect(area.centerx - width // 2, top + k * (height + ROW_GAP), width, height)
            score_x = self.draw_row(surface, rect, seat, alpha)
            gained = self.after[seat] - self.before[seat]
            room = score_x - 40 - (rect.x + rect.width // 2)
            size, text = fit_text(kit, self.gained_text(seat), room, (36, 32))
            kit.blit_text(surface, text, size, (score_x - 40, rect.centery), "midright", c.good if gained else c.muted)
            if self.marked(seat, view):
                kit.draw_check(surface, (rect.right - 50, rect.centery), min(56, height - 20))
        hints = self.hints()
        if hints:
            kit.hint_bar(surface, hints)

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, seat: int, alpha: float) -> int:
        """One seat's row: its shape, its name (up to the middle), its counting score;
        returns the score's left edge."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        player = self.ctx.seats[seat]
        style = kit.seat_style(player.style)
        kit.panel(surface, rect, c.panel, radius=22, border=style.colour)
        radius = max(TOKEN_RADIUS, min(44, rect.height // 3))  # (48 px at least: issue 28)
        token = kit.seat_token(surface, player.style, (rect.x + 20 + radius, rect.centery), radius)
        shown = kit.blit_text(surface, str(self.count(seat, alpha)), min(72, rect.height // 2),
                              (rect.right - 110, rect.centery), "midright", c.gold)
        sizes = TALL_NAME_SIZES if rect.height > TALL_ROW else NAME_SIZES
        size, name = fit_text(kit, player.name, rect.centerx - 12 - token.right - 12, sizes)
        kit.blit_text(surface, name, size, (token.right + 12, rect.centery), "midleft", style.light, shadow=True)
        return shown.x
