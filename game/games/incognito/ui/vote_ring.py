"""The ring picker of the vote (IN-4): each voter numbers the other drawings one by one,
and only while it holds PEEK."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....core.actions import Action
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....scenes.ring_geometry import ring_geometry
from ....ui.fit import fit_text
from ..rules.view import INPhase

if TYPE_CHECKING:
    from .board import IncognitoBoard


class VoteRing(RingPicker):
    """The ring picker for IN-4: each voter numbers the other drawings one by one.

    Nothing is drawn while nobody peeks (the board shows the drawings, the lineup and
    everyone's progress); while a seat holds PEEK the curtain names it, then the ring
    appears with that seat's question, and the drawing it is about is shown large in the
    left column."""

    def __init__(self, board: IncognitoBoard, seats: list[int]) -> None:
        super().__init__(board.ctx, seats, self.ask, self.choose, progress=self.count, on_back=self.take_back)
        self.board = board
        #: Per seat, the drawings whose vote BACK reopened, last first out. A reopened
        #: vote stands in the rules until the seat numbers that drawing again (IN-4:
        #: votes change until the phase closes; the rules have no "unvote").
        self.reopened: dict[int, list[int]] = {seat: [] for seat in seats}

    def target(self, seat: int) -> int | None:
        private = self.board.session.view(seat).mine
        public = self.board.public
        if public.phase != INPhase.VOTE or private.my_votes is None:
            return None
        numbers = private.my_votes.numbers
        for target in range(public.seats):
            if target != seat and (not numbers[target] or target in self.reopened[seat]):
                return target
        return None

    def ask(self, seat: int) -> RingQuestion | None:
        target = self.target(seat)
        if target is None:
            return None
        board, public = self.board, self.board.public
        my_votes = board.session.view(seat).mine.my_votes
        assert my_votes is not None  # target() found a drawing to number
        numbers = my_votes.numbers
        used = {n for t, n in enumerate(numbers) if n and t != target}
        options = tuple(RingOption(board.word_name(w), None, i + 1, used=(i + 1) in used)
                        for i, w in enumerate(public.lineup))
        return RingQuestion(board.text("incognito.vote.question", name=board.seat(target).name), options)

    def choose(self, seat: int, index: int) -> str | None:
        target = self.target(seat)
        if target is None:
            return "incognito.refuse.closed"
        refusal = self.board.submit(Action("vote", seat, {"target": target, "number": index + 1}))
        if refusal is not None:
            return f"incognito.refuse.{refusal}"
        if target in self.reopened[seat]:
            self.reopened[seat].remove(target)
        return None

    def take_back(self, seat: int) -> bool:
        """BACK reopens the seat's last vote still standing (drawings are asked in seat
        order, so that is the highest one not reopened yet)."""
        private = self.board.session.view(seat).mine
        if self.board.public.phase != INPhase.VOTE or private.my_votes is None:
            return False
        numbers = private.my_votes.numbers
        voted = [t for t in range(self.board.public.seats)
                 if t != seat and numbers[t] and t not in self.reopened[seat]]
        if not voted:
            return False
        self.reopened[seat].append(voted[-1])
        return True

    def count(self, seat: int) -> tuple[int, int]:
        public = self.board.public
        voted = public.voted[seat] if public.voted else public.seats - 1
        return voted - len(self.reopened.get(seat, ())), public.seats - 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.curtain_seat is None:  # nobody holds PEEK: the board's drawings and progress show
            if self.refusal is not None:
                self._draw_refusal(surface)
            return
        super().draw(surface, alpha)  # the seat named first, then its ring

    def draw_picker(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw_picker(surface, alpha)
        peeker = self.peeker
        target = self.target(peeker) if peeker is not None else None
        if target is None:
            return
        board, kit, c = self.board, self.ctx.kit, self.ctx.kit.colours
        # under the two-line question, left of the ring's slots, inside the safe area
        public = board.public
        ring = ring_geometry(kit)
        right = min(x for x, _y in ring.positions(len(public.lineup))) - ring.slot[0] // 2 - 16
        panel = pygame.Rect(board.safe.x + 12, 240, min(520, right - board.safe.x - 12), 510)
        style = kit.seat_style(board.seat(target).style)
        kit.panel(surface, panel, c.panel, radius=24, border=style.colour, border_width=6)
        token = kit.seat_token(surface, board.seat(target).style, (panel.x + 40, panel.y + 36), 24)
        size, name = fit_text(kit, board.seat(target).name, panel.right - 16 - token.right - 10, (34, 30))
        kit.blit_text(surface, name, size, (token.right + 10, token.centery), "midleft", style.light, shadow=True)
        image = board.cache(("now", target), public.drawings[target], panel.width - 30)
        surface.blit(image, (panel.x + 15, panel.y + 76))
        kit.blit_text(surface, board.place_name(public.places[target]), 30, (panel.centerx, panel.y + 90 + image.get_height()),
                      "midtop", c.muted, max_width=panel.width - 30, align="center")

