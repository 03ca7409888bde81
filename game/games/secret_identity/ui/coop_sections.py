"""The co-op board's screens of a turn (sections of its phase board): the clue (SC-2:
the active seat builds it in its peek curtain), the guess (SC-3: the team's cursor and
its lock), the locked answer's reveal (the shared reveal pacing: its flash, watched
out) and the result, which waits for "next". The end is ``coop_end.py``'s.

The guess: the team decides together (the booklet: "the other players discuss and
decide on one character together"): the answer locks once every person guessing
agrees, for 1.5 s from the last pad's press. A pad or keyboard agrees by holding
CONFIRM; a phone by holding its own "agree" button 1.5 s (its ``lock`` move, taken by
:meth:`GuessSection.phone_agrees` as the phone's agreement, never as a lock on its own),
which stays until taken back. An agreement is for the slot it began on; when the
cursor moves, every one is dropped. The panels and the hub show who agrees, the phones
too (``BoardNow.agreed``). Bots are team-mates who may suggest: until a person aims,
steps or holds in this guess, a bot may move the cursor to its favourite; after that it
leaves the cursor to the people, and while a person guesses a bot never locks
(:meth:`GuessSection.bot_legal`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....scenes.board import Section
from ....scenes.ring import sector
from ....scenes.shows import RevealPacing
from ..rules.events import GuessProposed
from ..rules.view import CoopPhase, CoopPublic

if TYPE_CHECKING:
    from ...phone_kit import BoardNow
    from ....core.events import Event
    from .board_coop import CoopBoard

#: SC-3: holding CONFIRM this long (fixed ticks, 1.5 s) locks the team's answer.
LOCK_HOLD_TICKS = 90
#: The locked answer flashes this long (phones' moves and pads' presses wait), then the
#: bots wait this long more so people can read it.
RESULT_TICKS, RESULT_READ_TICKS = 150, 150
#: The answer's card is turned over this many ticks after the lock (the cursor stays till then).
TURN_TICKS = 30
#: Then it swells in green this long, and a wrong guess's card shakes in red this long.
SWELL_TICKS, SHAKE_TICKS = 40, 45
STICK_THRESHOLD = 0.5


class ClueSection(Section[CoopPublic]):
    """SC-2: the active seat's PEEK opens its clue workshop (a seat on a phone builds on it)."""

    name = "clue"
    board: CoopBoard

    def handle(self, seat: int, event: InputEvent) -> bool:
        if seat == self.board.public.active and event.intent is Intent.PEEK and event.pressed:
            self.board.open_editor(seat)
            return True
        return False

    def draw(self, surface: pygame.Surface, view: CoopPublic, alpha: float) -> None:
        self.board.draw_table(surface, alpha)


class GuessSection(Section[CoopPublic]):
    """SC-3: any guesser moves the shared cursor; everyone agreeing locks it (module doc)."""

    name = "guess"
    board: CoopBoard

    def __init__(self, board: CoopBoard) -> None:
        super().__init__(board)
        #: Person's seat -> fixed ticks held on the cursor's slot.
        self.holding: dict[int, int] = {}
        #: The phones that agreed with the cursor's slot, in order (until it moves).
        self.agreed: list[int] = []
        #: A person has aimed, stepped or held in this guess: bots leave the cursor be.
        self.people_on_cursor = False

    def agreeing(self) -> list[int]:
        """The people guessing who agree now: a pad holding CONFIRM, a phone that agreed."""
        return [seat for seat in self.board.people_guessing() if seat in self.holding or seat in self.agreed]

    def team_hold(self) -> float:
        """0..1: how far the team is into its lock (everyone must agree; the pads' holds
        fill it, phones agreed by holding on their own screen)."""
        people = self.board.people_guessing()
        if not people or len(self.agreeing()) < len(people):
            return 0.0
        holds = [self.holding[seat] for seat in people if seat in self.holding]
        return min(1.0, min(holds, default=LOCK_HOLD_TICKS) / LOCK_HOLD_TICKS)

    def board_now(self, now: BoardNow) -> BoardNow:
        """The phones' screens show who guesses and who agrees, as the panels do."""
        return replace(now, guessers=tuple(self.board.people_guessing()), agreed=tuple(self.agreeing()))

    def bot_legal(self, seat: int) -> list[Action]:
        """While people guess, bots never lock, and once a person has taken the cursor
        in this guess they wait (they would pull it back to their favourite)."""
        legal = super().bot_legal(seat)
        if not self.board.people_guessing():
            return legal
        if self.people_on_cursor:
            return []
        return [action for action in legal if action.kind != "lock"]

    def phone_agrees(self, action: Action) -> str | None:
        """A phone's ``lock`` (its agreement) or ``unlock`` (taken back); the answer locks
        once every person guessing agrees."""
        assert action.seat is not None  # a phone's move names its seat
        if action.kind == "unlock":
            if action.seat in self.agreed:
                self.agreed.remove(action.seat)
            return None
        if action.seat not in self.agreed:
            self.people_on_cursor = True
            self.agreed.append(action.seat)
            self.ctx.audio.play("confirm")
        self.lock_if_agreed()
        return None

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """A moved cursor pops and drops every agreement (each is for the slot it began on)."""
        for event in events:
            if isinstance(event, GuessProposed):
                self.holding.clear()
                self.agreed.clear()
                self.board.cursor_pop = self.ctx.kit.tween(1.12, 1.0, 14, "out_back")
                self.ctx.audio.play("nav")

    def fixed_update(self) -> None:
        super().fixed_update()
        if self.holding:
            for seat in self.holding:
                self.holding[seat] += 1
            self.lock_if_agreed()

    def lock_if_agreed(self) -> None:
        """SC-3: every person guessing agrees, the last pad holding for 1.5 s: the
        cursor's slot locks, in the name of the last pad to press (or phone to agree)."""
        people = self.board.people_guessing()
        if not people or len(self.agreeing()) < len(people) or self.team_hold() < 1.0:
            return
        holders = [seat for seat in people if seat in self.holding]
        last = min(holders, key=lambda seat: self.holding[seat]) if holders else self.agreed[-1]
        self.holding.clear()
        self.agreed.clear()
        self.board.submit(Action("lock", last))

    def handle(self, seat: int, event: InputEvent) -> bool:
        """Any guesser moves the cursor (stick, D-pad, keys) and holds CONFIRM to agree."""
        board = self.board
        if seat == board.public.active or seat in board.bots:
            return False
        cursor = board.public.cursor
        if event.intent is Intent.STICK:
            if event.magnitude >= STICK_THRESHOLD:
                self.people_on_cursor = True
                if sector(event.angle, 8) != cursor:
                    board.submit(Action("move", seat, {"slot": sector(event.angle, 8)}))
            return True
        if event.intent is Intent.CONFIRM:
            if event.pressed and not event.repeat:
                self.people_on_cursor = True
                self.holding[seat] = 0
            elif not event.pressed:
                self.holding.pop(seat, None)
            return True
        if event.from_stick:
            return True  # the hub's flick direction for the STICK angle just followed: no extra step
        if event.pressed and event.intent in (Intent.LEFT, Intent.RIGHT, Intent.UP, Intent.DOWN):
            self.people_on_cursor = True
            step = 1 if event.intent in (Intent.RIGHT, Intent.DOWN) else -1
            board.submit(Action("move", seat, {"slot": (cursor + step) % 8}))
            return True
        return False

    def draw(self, surface: pygame.Surface, view: CoopPublic, alpha: float) -> None:
        self.board.draw_table(surface, alpha, guess=self)


class AnswerReveal(RevealPacing[CoopPublic]):
    """The locked answer (SC-3), paced as every game's reveal: for :data:`RESULT_TICKS`
    the cursor stays, then the answer's card swells in green (a wrong guess's shakes in
    red) and the hub says whether the team found it. The table watches it out — pads'
    presses and phones' moves wait, nothing skips it, the bots wait — then the result
    waits for "next" (or the end opens)."""

    name = "answer"
    board: CoopBoard

    def __init__(self, board: CoopBoard, correct: bool) -> None:
        super().__init__(board, [RESULT_TICKS])
        self.correct = correct

    def enter(self) -> None:
        self.ctx.audio.play("right" if self.correct else "wrong")

    @property
    def skippable(self) -> bool:
        return False  # watched out, by pads too

    def handle(self, seat: int, event: InputEvent) -> bool:
        """A pad's CONFIRM (and at the end, BACK) waits for the flash: taken, doing nothing."""
        return event.pressed and (event.intent is Intent.CONFIRM
                                  or event.intent is Intent.BACK and self.board.public.phase == CoopPhase.OVER)

    def next_tick_redraws(self) -> bool:
        """The end of the flash, or the answer's card turned over, then every tick it swells
        or the wrong guess's shakes (its place on the table's layer repainted)."""
        return super().next_tick_redraws() or TURN_TICKS <= self.tick + 1 < TURN_TICKS + max(SWELL_TICKS, SHAKE_TICKS)

    def finish(self) -> None:
        """The result, which waits for "next"; at the end, the end."""
        board = self.board
        if board.public.phase == CoopPhase.RESULT:
            board.show(ResultSection(board, read=RESULT_READ_TICKS))
        else:
            board.open_phase()

    def draw(self, surface: pygame.Surface, view: CoopPublic, alpha: float) -> None:
        self.board.draw_table(surface, alpha, result_ticks=self.tick)


class ResultSection(Section[CoopPublic]):
    """The result read: CONFIRM (or a phone's "next") goes on to the next turn; bots wait
    ``read`` ticks first (none in a match resumed here)."""

    name = "result"
    board: CoopBoard

    def __init__(self, board: CoopBoard, read: int = 0) -> None:
        super().__init__(board)
        self.read = read

    @property
    def bots_play(self) -> bool:
        return self.ticks >= self.read

    def handle(self, seat: int, event: InputEvent) -> bool:
        if event.pressed and event.intent is Intent.CONFIRM:
            self.board.submit(Action("next", seat))
            return True
        return False

    def draw(self, surface: pygame.Surface, view: CoopPublic, alpha: float) -> None:
        self.board.draw_table(surface, alpha, result_ticks=RESULT_TICKS + self.ticks)
