"""The competitive board's screens of a round around the table (sections of its phase
board): the round's start (SI-3: point at a character, ask for its replacement, say
ready), the clues (SI-4: each seat at the TV builds its clue in its own peek curtain)
and, after the reveal, the round's summary (who had whom: ``summary.py``). The vote is
``vote_picker.py``'s, the reveal ``reveal.py``'s, the end ``podium.py``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ....core.actions import Action
from ....input.intents import InputEvent, Intent
from ....scenes.board import Section
from ....scenes.ring import sector
from ....ui.shapes import shape_box
from ....ui.stage import StageItem
from ....ui.theme import TOKEN_RADIUS
from ..rules.events import CharacterReplaced
from ..rules.view import CompetitivePublic
from .hub import hub_text
from .summary import RoundSummary
from .widgets import slot_positions

if TYPE_CHECKING:
    from ....core.events import Event
    from .board import CompetitiveBoard, Status

#: Bots wait this long on the summary so people can read it.
SUMMARY_READ_TICKS = 240
STICK_THRESHOLD = 0.5


class TableSection(Section[CompetitivePublic]):
    """A screen of the round on the table: the track, the ring, the seat panels with
    this screen's status lines, the hub's words and the hint bar."""

    board: CompetitiveBoard

    def status(self, seat: int) -> Status:
        """``seat``'s panel's status line on this screen."""
        return False, "", None

    def hub_words(self) -> tuple[str, str]:
        """The hub's title and body."""
        raise NotImplementedError

    def hints(self) -> list[tuple[Intent, str]]:
        return []

    def draw(self, surface: pygame.Surface, view: CompetitivePublic, alpha: float) -> None:
        """The table, then the hub's words and the hint bar over it: all it draws over the
        stage named (``board.canvas_copy``: the next frame copies the layer back there only)."""
        board = self.board
        scores = board.scores()
        board.draw_table(surface, True, scores, [*self.ring_items(), *board.panel_items(scores, self.status)])
        board.canvas_copy.drew(hub_text(surface, self.ctx, *self.hub_words()), board.draw_hints(surface, self.hints()))
        board.canvas_copy.complete()

    def ring_items(self) -> list[StageItem]:
        return self.board.ring_items()


class RoundStartSection(TableSection):
    """SI-3: each seat points at a slot; ALT asks for it to be replaced, CONFIRM = ready."""

    name = "round_start"

    def __init__(self, board: CompetitiveBoard) -> None:
        super().__init__(board)
        self.round = board.public.round
        #: Where each seat points (its token on that card).
        self.markers: dict[int, int] = {}

    @classmethod
    def of_round(cls, board: CompetitiveBoard) -> RoundStartSection:
        """The round's start: a new one each round, the same one again when a replacement
        comes back to it through its chance phase (the seats' markers stay)."""
        kept = board.round_start
        if kept is None or kept.round != board.public.round:
            kept = board.round_start = cls(board)
        return kept

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        for event in events:
            if isinstance(event, CharacterReplaced):
                self.board.pulse[event.slot] = self.ctx.kit.tween(1.25, 1.0, 30, "out_back")
                self.ctx.audio.play("confirm")

    def handle(self, seat: int, event: InputEvent) -> bool:
        board = self.board
        if board.public.seats[seat].ready:
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
            refusal = board.submit(Action("replace", seat, {"slot": marker}))
            if refusal is not None:
                self.ctx.audio.play("buzz")
            return True
        if event.intent is Intent.CONFIRM:
            board.submit(Action("ready", seat))
            self.ctx.audio.play("confirm")
            return True
        return False

    def status(self, seat: int) -> Status:
        done = self.board.public.seats[seat].ready
        return done, self.ctx.t("si.status.ready" if done else "si.status.waiting"), None

    def hub_words(self) -> tuple[str, str]:
        t = self.ctx.t
        return t("si.phase.round_start"), t("si.phase.replacements", n=self.board.public.replacements_left)

    def hints(self) -> list[tuple[Intent, str]]:
        t = self.ctx.t
        return [(Intent.LEFT, t("si.hint.point")), (Intent.ALT, t("si.hint.replace")),
                (Intent.CONFIRM, t("si.hint.ready"))]

    def ring_items(self) -> list[StageItem]:
        """The ring with this round's replaced cards rimmed, and each seat's token on the
        card it points at."""
        kit = self.ctx.kit
        positions = slot_positions(kit)
        stacks: dict[int, int] = {}
        tokens = []
        for seat, slot in sorted(self.markers.items()):
            k = stacks.get(slot, 0)
            stacks[slot] = k + 1
            x, y = positions[slot]
            tokens.append((self.ctx.seats[seat].style, (x + 84 - k * 40, y - 70)))

        def paint(surface: pygame.Surface) -> None:
            for style, center in tokens:
                kit.seat_token(surface, style, center, TOKEN_RADIUS)
        boxes = [shape_box(center, TOKEN_RADIUS).inflate(4, 4) for _, center in tokens]
        area = boxes[0].unionall(boxes[1:]) if boxes else pygame.Rect(0, 0, 0, 0)
        return [*self.board.ring_items(replaced=self.board.public.replaced),
                StageItem(("si.pointing", tuple(tokens)), area, paint)]


class CluesSection(TableSection):
    """SI-4: PEEK opens a seat's clue workshop in its curtain (a seat on a phone builds on it)."""

    name = "clues"

    def handle(self, seat: int, event: InputEvent) -> bool:
        if event.intent is Intent.PEEK and event.pressed:
            self.open_editor(seat)
            return True
        return False

    def open_editor(self, seat: int) -> None:
        """SI-4: a seat that confirmed with no cards left has nothing to build."""
        board = self.board
        if board.public.seats[seat].confirmed and not board.session.view(seat).mine.hand:
            return
        board.open_editor(seat)

    def status(self, seat: int) -> Status:
        t, board = self.ctx.t, self.board
        done = board.public.seats[seat].confirmed
        building = "si.status.building_phone" if board.on_phone(seat) else "si.status.building"
        return done, t("si.status.clue_ready") if done else t(building), None

    def hub_words(self) -> tuple[str, str]:
        return self.ctx.t("si.phase.clues"), self.ctx.t(self.clues_body())

    def clues_body(self) -> str:
        """How this round's clues are built: in curtains one at a time, on phones all at
        once, or both (a seat with no cards left makes no clue, SI-4)."""
        board = self.board
        seats = board.public.seats
        makers = [s for s in board.humans() if seats[s].hand_count or seats[s].clue]
        phones = sum(board.on_phone(s) for s in makers)
        if not phones:
            return "si.phase.clues_body"
        return "si.phase.clues_phones" if phones == len(makers) else "si.phase.clues_mixed"

    def hints(self) -> list[tuple[Intent, str]]:
        return [(Intent.PEEK, self.ctx.t("si.hint.build"))]


class SummarySection(Section[CompetitivePublic]):
    """The round's summary over the table; every seat says it is ready for the next
    round (CONFIRM), bots after giving people time to read it."""

    name = "summary"
    board: CompetitiveBoard

    def __init__(self, board: CompetitiveBoard) -> None:
        super().__init__(board)
        self.summary = RoundSummary(self.ctx, board.catalogue, board.name)

    @property
    def bots_play(self) -> bool:
        return self.ticks >= SUMMARY_READ_TICKS

    def handle(self, seat: int, event: InputEvent) -> bool:
        if not (event.pressed and event.intent is Intent.CONFIRM):
            return False
        if not self.board.public.seats[seat].ready:
            self.board.submit(Action("ready", seat))
            self.ctx.audio.play("confirm")
        return True

    def draw(self, surface: pygame.Surface, view: CompetitivePublic, alpha: float) -> None:
        board = self.board
        board.draw_table(surface, False, board.scores())
        self.summary.draw(surface, view)  # over the whole table: the panels would be hidden
        board.draw_hints(surface, [(Intent.CONFIRM, self.ctx.t("si.hint.next_round"))])
