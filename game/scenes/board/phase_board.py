"""The one shape of a game's board: a :class:`PhaseBoard` holds a section per screen
(``section.py``) and routes to the active one.

A game declares its phase → section table once, ``SECTIONS`` (a factory per phase at
rest: chance phases settle at once and need none), and its board's ``__init__`` ends
with :meth:`PhaseBoard.open_phase`, which opens the section of the phase the match is
in (a match resumed mid-phase opens there). A ``PhaseStarted`` event opens its phase's
section (the board follows the rules' events, never a comparison of views); a section moves on to a sub-beat of its phase with :meth:`PhaseBoard.show`
(the line-up before the vote, the scores after a reveal), and a sub-beat goes back with
:meth:`PhaseBoard.open_phase`. A section that ``holds`` (a reveal still read out while
the rules have moved on) is not replaced by a phase that starts meanwhile: the phase's
section opens when it calls ``open_phase``.

The board answers the table's hooks (``scenes/match.py``: what the phones may do, whether
bots act, what a bot may choose) from the active section's flags, so no game overrides
them; it hands the active section every fixed tick, every seated player's input and the
frame to draw with the public view (:attr:`PhaseBoard.public`, never the state). What
outlives a section — the session, overlays, caches, an animation several sections draw
(a swap in flight) — is the game's board's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Mapping, TypeVar

import pygame

from ...games.phone_kit import BoardNow
from ...core.actions import Action
from ...core.events import Event, PhaseStarted
from ...ui.stage import CanvasCopy
from ..match import MatchScene
from .section import PhasedView, Section

if TYPE_CHECKING:
    from ...context import AppContext
    from ...core.bots import Bot
    from ...core.session import Session
    from ...games import GameEntry
    from ...input.intents import InputEvent


V = TypeVar("V", bound=PhasedView)


class PhaseBoard(MatchScene, Generic[V]):
    #: The section each phase at rest opens on: ``phase -> factory(board)`` (a factory may
    #: hand back a section the board keeps, to keep its state between visits).
    SECTIONS: ClassVar[Mapping[str, Callable[[Any], Section[Any]]]] = {}

    def __init__(self, ctx: AppContext, entry: GameEntry[Any], session: Session[Any, Any, Any],
                 bots: Mapping[int, Bot[Any, Any]] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        #: The seats at the table (input from any other is not the board's).
        self.seats = int(session.config["seats"])
        self._section: Section[V] | None = None
        #: The public view and the state it was made from (made again when that changes).
        self._seen: tuple[object, V] | None = None
        #: The show's next tick was taken between frames (:meth:`between_frames`).
        self._show_ticked_early = False
        #: What its last frame drew over its stage (:meth:`draw`; a board's stage may use it).
        self.canvas_copy = CanvasCopy()

    # --- the view and the sections ---------------------------------------------------------
    @property
    def public(self) -> V:
        """The public view of the match now (what every section draws)."""
        state = self.session.state  # only compared: a new state is a new view
        if self._seen is None or self._seen[0] is not state:
            self._seen = (state, self.session.view(None).public)
        return self._seen[1]

    @property
    def section(self) -> Section[V]:
        """The section showing."""
        if self._section is None:
            raise RuntimeError(f"{type(self).__name__} opened no section: its __init__ ends with open_phase()")
        return self._section

    @property
    def stage(self) -> str:
        """The name of the section showing."""
        return self.section.name

    def show(self, section: Section[V]) -> None:
        """Open ``section`` in place of the one showing."""
        if self._section is not None:
            self._section.exit()
        self._section = section
        section.enter()

    def open_phase(self, phase: str | None = None) -> None:
        """Open the section of ``phase`` (None: of the phase the match is in)."""
        phase = self.public.phase if phase is None else phase
        make = self.SECTIONS.get(phase)
        if make is None:
            if self._section is None:
                raise LookupError(f"{type(self).__name__}.SECTIONS has no section for the phase {phase!r}")
            return
        self.show(make(self))

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """The active section hears what happened; then the phase that started opens its
        section (the last in the table, when an action ran through several phases),
        unless the active one holds the floor (module doc)."""
        self.section.on_events(action, events)
        started = [e.phase for e in events if isinstance(e, PhaseStarted) and e.phase in self.SECTIONS]
        if started and not self.section.holds:
            self.open_phase(started[-1])

    # --- the table's hooks, from the active section ------------------------------------------
    def phones_wait(self) -> bool:
        return self.section.phones_wait

    def end_choices_open(self) -> bool:
        return self.section.end_choices

    def show_to_skip(self) -> bool:
        return self.section.skippable

    def skip_show(self) -> None:
        self.section.skip()

    def bots_may_act(self) -> bool:
        return self.section.bots_play

    def bot_legal(self, seat: int) -> list[Action]:
        return self.section.bot_legal(seat)

    def board_now(self) -> BoardNow:
        return self.section.board_now(super().board_now())

    # --- the loop ---------------------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        """The clock, the bots and the save notice (``MatchScene``), then the show's tick
        (unless it was taken between frames)."""
        super().fixed_update(dt)
        if self._show_ticked_early:
            self._show_ticked_early = False
        else:
            self.show_tick()

    def show_tick(self) -> None:
        """One tick of what the board shows: the section's (a board adds its own
        animations: SI's pulsing cards)."""
        self.section.fixed_update()

    def next_tick_redraws(self) -> bool:
        """Whether the next :meth:`show_tick` changes much of what the board draws
        (``Section.next_tick_redraws``: a reveal's new beat)."""
        return self.section.next_tick_redraws()

    def between_frames(self) -> bool:
        """The bots' move due next tick (``MatchScene``); the show's next tick when it
        redraws much of the board (:meth:`next_tick_redraws`), taken now so that the stack
        draws it ahead and the frame that shows it finds its panels and faces made; then
        the section's work ahead. Whether either changed what the board shows. The show's
        tick comes before the next tick's clock and bots instead of after them (a reveal's
        beats: the table waits for them)."""
        moved = super().between_frames()
        early = not self._show_ticked_early and self.next_tick_redraws()
        if early:
            self.show_tick()
            self._show_ticked_early = True
        self.section.between_frames()
        return moved or early

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        """MENU pauses; a seated person's input goes to the section."""
        if super().handle(seat, event):
            return True
        if seat is None or not 0 <= seat < self.seats:
            return False
        return self.section.handle(seat, event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """The section (a section that names all it draws over its stage completes the
        frame's ``canvas_copy``: ``game/ui/stage.py``), then the audience's leaderboard
        over the end screen, on the audience's turn."""
        stack = self.stack
        alone = stack is not None and stack.visible() == [self]
        self.canvas_copy.begin(surface, stack.draws if stack is not None else 0, alone,
                               stack is not None and stack.canvas_kept)
        self.section.draw(surface, self.public, alpha)
        if self.draw_audience_end(surface):
            self.canvas_copy.spoil()
