"""The play section: whose turn it is, the cursor, the pick and the swap (MS-3, MS-4).

The active seat moves a cursor, picks a card, then a direction (or a second card with
``free_swap``); the board flies the two cards past each other once the rules say they
swapped. Any seat may hold PEEK to see its mission or ALT to accuse (``accuse.py``). A
seat played on a phone swaps, peeks and accuses there: on its turn the TV shows no
cursor, only a phone by its row.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....scenes.board import Section
from ....scenes.phone_seats import draw_phone_mark, on_phone
from ....ui.theme import TOKEN_RADIUS
from ..rules.view import MSPhase, MSPublic
from .table import Colour

if TYPE_CHECKING:
    from .board import MissionBoard

DIRECTIONS = {Intent.UP: (-1, 0), Intent.DOWN: (1, 0), Intent.LEFT: (0, -1), Intent.RIGHT: (0, 1)}
#: The veil over the table at the height of a swap (its alpha), fading in and out with the lift.
SWAP_VEIL = 120


class PlaySection(Section[MSPublic]):
    """The board in play: the still table, what moves on the grid, and the swapper's input.
    The board keeps it for the match (the cursor stays where it was after a reading)."""

    name = "play"
    board: MissionBoard

    def __init__(self, board: MissionBoard) -> None:
        super().__init__(board)
        self.cursor = 12
        self.selected: int | None = None

    @property
    def bots_play(self) -> bool:
        return not self.board.busy

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int, event: InputEvent) -> bool:
        board = self.board
        if board.accusation.accuser is not None:
            return False  # the accuser's ring picker has the floor
        if event.intent is Intent.PEEK and event.pressed:
            board.peeks.open(seat)
            return True
        if event.intent is Intent.ALT:
            board.accusation.hold(seat, event)
            return True
        return seat == board.public.turn and not board.busy and self._handle_cursor(event)

    def _handle_cursor(self, event: InputEvent) -> bool:
        # The input hub turns stick flicks into directions (with repeats) already.
        intent, public, audio = event.intent, self.board.public, self.ctx.audio
        if not event.pressed or intent is Intent.STICK:
            return False
        columns, rows = public.columns, public.rows
        if intent in DIRECTIONS:
            dr, dc = DIRECTIONS[intent]
            if self.selected is not None and not public.free_swap:
                if event.repeat:
                    return True  # a held direction moves the cursor, never swaps twice
                r, c = divmod(self.selected, columns)
                if 0 <= r + dr < rows and 0 <= c + dc < columns:
                    self._swap(self.selected, (r + dr) * columns + c + dc)
                else:
                    audio.play("buzz")
                return True
            r, c = divmod(self.cursor, columns)
            self.cursor = max(0, min(rows - 1, r + dr)) * columns + max(0, min(columns - 1, c + dc))
            audio.play("nav")
            return True
        if intent is Intent.CONFIRM:
            if self.selected is None:
                self.selected = self.cursor
                audio.play("confirm")
            elif self.selected == self.cursor:
                self.selected = None
                audio.play("back")
            else:
                self._swap(self.selected, self.cursor)
            return True
        if intent is Intent.BACK and self.selected is not None:
            self.selected = None
            audio.play("back")
            return True
        return False

    def _swap(self, a: int, b: int) -> None:
        refusal = self.board.submit(Action("swap", self.board.public.turn, {"a": a, "b": b}))
        if refusal is not None:
            self.ctx.audio.play("buzz")
        else:
            self.cursor = b

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, view: MSPublic, alpha: float) -> None:
        """The still layer (background, resting cards, banner, seat rows, recap), then what
        moves over it: the flying cards thus pass over the banner instead of under it."""
        board, table = self.board, self.board.table
        surface.blit(table.still_surface(), (0, 0))
        self.draw_grid_live(surface, alpha)
        table.draw_seat_marks(surface)
        turn = board.public.turn
        if turn is not None:  # every seat may accuse at any time: only the swapper "thinks"
            row = table.seats_panel()[1][turn]
            board.draw_thinking(surface, turn, (row.right - 52, row.bottom - 30), 40)  # on the status line
            draw_phone_mark(self.ctx, surface, turn, (row.right - 52, row.bottom - 30), 48)  # it swaps on its phone
        if board.reveal is None and board.accusation.accuser is None:
            self.draw_hints(surface)
        if board.accusation.holds:
            board.accusation.draw_holding(surface)

    def draw_grid_live(self, surface: pygame.Surface, alpha: float) -> None:
        """What moves on the grid: the two flying cards, the last swap's marks, the cursor."""
        board, table, c = self.board, self.board.table, self.ctx.kit.colours
        public = board.public
        if board.swap is not None:
            a, b, tween = board.swap
            t = float(tween.value(alpha))
            lift = math.sin(math.pi * t)
            # the table dims as the two cards rise, so they fly over a backdrop, not over
            # their neighbours (issue 28): the eye follows the swap
            self.ctx.kit.darken(surface, int(SWAP_VEIL * lift))
            for cell, source in ((a, b), (b, a)):
                start, end = table.cell_rect(source, alpha), table.cell_rect(cell, alpha)
                dx, dy = end.centerx - start.centerx, end.centery - start.centery
                length = math.hypot(dx, dy) or 1.0
                grow = int(lift * 12)
                # each card steps aside across its path (to its left: the two opposite ways),
                # far enough that the two pass clear
                aside = lift * (start.width / 2 + 10 + grow / 2)
                rect = start.inflate(grow, grow)
                rect.center = (int(start.centerx + dx * t - dy / length * aside),
                               int(start.centery + dy * t + dx / length * aside))
                table.draw_card(surface, rect, public.grid[cell], c.gold, start.width)
        if public.phase == MSPhase.PLAY and board.swap is None and board.reveal is None:
            self._draw_last_swap(surface, alpha)
            if public.turn not in board.bots and not on_phone(self.ctx, public.turn):
                self._draw_cursor(surface, alpha)

    def _draw_last_swap(self, surface: pygame.Surface, alpha: float) -> None:
        """The last swap stays marked with its player's shape, so it can be read later."""
        public = self.board.public
        if not public.swaps:
            return
        last = public.swaps[-1]
        style = self.ctx.seats[last.seat].style
        for cell in (last.a, last.b):
            rect = self.board.table.cell_rect(cell, alpha)
            self.ctx.kit.seat_token(surface, style, (rect.right - 26, rect.y + 26), TOKEN_RADIUS)

    def _draw_cursor(self, surface: pygame.Surface, alpha: float) -> None:
        kit, table, public = self.ctx.kit, self.board.table, self.board.public
        assert public.turn is not None
        style = kit.seat_style(self.ctx.seats[public.turn].style)
        pulse = 0.5 + kit.motion(0.5 * math.sin((self.board.ticks + alpha) / 7))
        if self.selected is not None:
            rect = table.cell_rect(self.selected, alpha)
            kit.outline(surface, rect.inflate(22, 22), kit.colours.gold, 8, 28)
            if not public.free_swap:
                self._draw_arrows(surface, rect, self.selected, style.colour)
        if self.selected is None or public.free_swap:
            rect = table.cell_rect(self.cursor, alpha).inflate(int(14 + 8 * pulse), int(14 + 8 * pulse))
            kit.outline(surface, rect, style.colour, 9, 28)
            kit.seat_token(surface, self.ctx.seats[public.turn].style, (rect.x + 14, rect.y + 14), TOKEN_RADIUS)

    def _draw_arrows(self, surface: pygame.Surface, rect: pygame.Rect, selected: int, colour: Colour) -> None:
        """Arrows on the sides of the picked card toward each neighbour it may swap with."""
        columns, rows = self.board.public.columns, self.board.public.rows
        r, c = divmod(selected, columns)
        half, wing, reach = rect.width // 2 + 8, 22, 30
        for dr, dc in DIRECTIONS.values():
            if not (0 <= r + dr < rows and 0 <= c + dc < columns):
                continue
            bx, by = rect.centerx + dc * half, rect.centery + dr * half
            points = [(bx + dc * reach, by + dr * reach), (bx - dr * wing, by + dc * wing),
                      (bx + dr * wing, by - dc * wing)]
            pygame.draw.polygon(surface, self.ctx.kit.colours.shadow, [(x + 3, y + 3) for x, y in points])
            pygame.draw.polygon(surface, colour, points)

    def draw_hints(self, surface: pygame.Surface) -> None:
        t, board = self.ctx.t, self.board
        items: list[tuple[Intent, str]] = []
        turn = board.public.turn
        if turn not in board.bots and not on_phone(self.ctx, turn) and not board.busy:
            items += [(Intent.STICK, t("ms.hint.move")), (Intent.CONFIRM, t("ms.hint.pick"))]
            if self.selected is not None:
                items.append((Intent.BACK, t("ms.hint.cancel")))
        items += [(Intent.PEEK, t("ms.peek.hint")), (Intent.ALT, t("ms.hint.accuse"))]
        self.ctx.kit.hint_bar(surface, items)
