"""The competitive board's vote (SI-5, SS-3): a section of its phase board
(:class:`VoteSection`) and the kit's ring picker on the board's own ring
(:class:`VotePicker`), with the board's seat panels in place of its progress cards and,
while a seat peeks, whose character it guesses in the hub. Phones vote on the phone:
the ring is for the seats at the TV only."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ....core.actions import Action
from ....input.intents import Intent
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....scenes.ring_geometry import RingGeometry
from ..rules.view import CompetitivePublic
from .hub import fitted, fixed_part, seat_token_image, stack_in_hub, text_part
from .portrait import Portrait
from .round import TableSection
from .widgets import board_ring, paint_character

if TYPE_CHECKING:
    from .board import CompetitiveBoard, Status


class VoteSection(TableSection):
    """Blind voting: each seat at the TV votes on the ring picker (pushed over the board
    while they vote), a number per opponent; BACK takes the last vote back (SI-5). The
last vote scores the round: the board opens its reveal."""

    name = "vote"

    def __init__(self, board: CompetitiveBoard) -> None:
        super().__init__(board)
        self.picker: VotePicker | None = None

    def fixed_update(self) -> None:
        """The ring opens once the board is on the stack, for the seats at the TV with votes to cast."""
        super().fixed_update()
        board = self.board
        if self.picker is None and board.stack is not None:
            voters = [s for s in board.at_the_tv() if self.next_target(s) is not None]
            if voters:
                self.picker = VotePicker(self, self.ctx, voters, self.question, self.choose, progress=self.progress,
                                         on_back=self.take_back)
                board.stack.push(self.picker)

    def exit(self) -> None:
        if self.picker is not None and self.picker.stack is not None:
            self.picker.stack.remove(self.picker)
        self.picker = None

    # --- voting --------------------------------------------------------------------------
    def numbers(self, voter: int) -> tuple[int | None, ...]:
        """The numbers ``voter`` has given so far, by target (None: not yet)."""
        my_votes = self.board.session.view(voter).mine.my_votes
        assert my_votes is not None  # a seat holds its votes while the vote is on
        return my_votes.numbers

    def next_target(self, voter: int) -> int | None:
        numbers = self.numbers(voter)
        return next((t for t in range(self.board.seats) if t != voter and numbers[t] is None), None)

    def question(self, voter: int) -> RingQuestion | None:
        if self.next_target(voter) is None:
            return None
        board = self.board
        used = {n for n in self.numbers(voter) if n is not None}
        options = tuple(
            RingOption(board.character(i).name(self.ctx.settings.lang),
                       Portrait(board.character(i), board.catalogue.kit), i + 1, used=(i + 1) in used)
            for i in range(8)
        )
        return RingQuestion(self.ctx.t("si.vote.prompt"), options)

    def choose(self, voter: int, index: int) -> str | None:
        target = self.next_target(voter)
        if target is None:
            return None
        refusal = self.board.submit(Action("vote", voter, {"target": target, "number": index + 1}))
        return None if refusal is None else f"si.refused.{refusal}"

    def take_back(self, voter: int) -> bool:
        """SI-5: votes change until everyone has voted. BACK unvotes the seat's last
        vote (targets are asked in seat order, so the last voted is the highest one)."""
        board = self.board
        numbers = self.numbers(voter)
        voted = [t for t in range(board.seats) if t != voter and numbers[t] is not None]
        return bool(voted) and board.submit(Action("unvote", voter, {"target": voted[-1]})) is None

    def progress(self, voter: int) -> tuple[int, int]:
        return self.board.public.seats[voter].votes_given, self.board.seats - 1

    # --- drawing -------------------------------------------------------------------------
    def status(self, seat: int) -> Status:
        t, board = self.ctx.t, self.board
        given, total = board.public.seats[seat].votes_given, board.seats - 1
        if given >= total:
            return True, t("si.status.voted"), None
        if board.on_phone(seat):  # a phone votes for its opponents in any order
            return False, t("si.status.voting_phone", n=given, total=total), None
        opponents = [o for o in range(board.seats) if o != seat]
        return False, t("si.status.voting", n=given, total=total), opponents[given]  # shown by its shape

    def hub_words(self) -> tuple[str, str]:
        return self.ctx.t("si.phase.vote"), self.ctx.t("si.phase.vote_body")

    def draw_panels(self, surface: pygame.Surface) -> None:
        self.board.draw_panels(surface, self.board.scores(), self.status)

    def draw(self, surface: pygame.Surface, view: CompetitivePublic, alpha: float) -> None:
        """Under the ring picker, the table without its hub and the panels (the ring draws
        the characters over its veil); with no ring (every person votes on a phone), the table."""
        if self.picker is None:
            super().draw(surface, view, alpha)
            return
        self.board.draw_table(surface, False, self.board.scores())
        self.draw_panels(surface)


class VotePicker(RingPicker):
    """The kit's ring picker with this board's seat panels (clues + public progress)
    drawn in place of its progress cards, so the clues stay readable while voting."""

    def __init__(self, vote: VoteSection, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.vote = vote

    @property
    def geometry(self) -> RingGeometry:
        """The board's ring: each option on its character's card."""
        return board_ring(self.ctx.kit)

    def _draw_seats(self, surface: pygame.Surface, alpha: float) -> None:
        self.vote.draw_panels(surface)

    def _draw_face(self, surface: pygame.Surface, option: RingOption, index: int, rect: pygame.Rect, pointer: Any,
                   used: bool) -> None:
        """A character's option is its board card (the same portrait size and name), rimmed
        in the peeker's colour where it points, greyed where its number is used."""
        if not isinstance(option.icon, Portrait):
            super()._draw_face(surface, option, index, rect, pointer, used)
            return
        kit, c = self.ctx.kit, self.ctx.kit.colours
        if pointer is not None:
            kit.panel(surface, rect, c.panel_hi, radius=30, border=pointer.colour, border_width=8)
        else:
            kit.panel(surface, rect, c.panel if not used else c.bg, radius=28, border=c.panel_hi)
        paint_character(surface, self.ctx, option.icon.character, rect, dim=used)

    def _draw_hub(self, surface: pygame.Surface, question: RingQuestion, peeker: int | None,
                  pointed: int | None) -> None:
        """The hub's words, stacked in the room the board's cards leave it (``hub``): while
        nobody peeks, that nobody sees where one points and how to look; while a seat peeks,
        whose character it guesses and what it points at ("Your vote for Bruno: 3 — The
        Tengu"), never the peeker's own name over a character; once it has voted for
        everyone, its own shape, name and the card it points at."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        if peeker is None or pointed is None:
            parts = [text_part(kit, t("ring.secret_note"), (34, 30), 2, c.text, shadow=True),
                     fixed_part(kit.button_hint(Intent.PEEK, 56)),
                     text_part(kit, t("ring.secret_hold"), (30, 28), 2, c.accent)]
            stack_in_hub(surface, kit, fitted(kit, parts))
            return
        target = self.vote.next_target(peeker)
        option = question.options[pointed]
        seat = self.ctx.seats[target if target is not None else peeker]
        light = kit.seat_style(seat.style).light
        if target is not None:
            title = t("si.vote.peek_for", name=seat.name)
            words = t("si.vote.peek_choice", number=option.number, character=option.label)
        else:
            title, words = seat.name, option.label or str(option.number or pointed + 1)
        parts = [fixed_part(seat_token_image(kit, seat.style, 34)),
                 text_part(kit, title, (34, 30, 28), 2, light, shadow=True),
                 text_part(kit, words, (36, 32, 28), 3, c.text)]
        stack_in_hub(surface, kit, fitted(kit, parts))
