"""The Mission Secrète board: a phase board (``game/scenes/board``) whose sections draw.

The phase table opens the play (``play``: turn, cursor, swap) and the end (``win``: the
shared end show, the grid moved aside for who was who); an accusation the rules tell is
read out by its own section (``reveal``: the shared reveal pacing, claim then verdict),
which holds the floor, so the end waits for the last verdict. The board keeps what
outlives a section: the public view's animations that hold the game (a swap in flight,
the struck crosses, the end's slide: bots wait, cursors freeze), the ALT holds and the
accusation being made (``accuse``: the ring picker), the peek curtains (``peek``) and
the grid's geometry and still layer (``table``); ``shots`` the screenshots. Characters
are only ever drawn inside the owner's peek curtain until they are revealed.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Mapping

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event, PhaseStarted, TurnStarted
from ....core.session import Session
from ....scenes.base import Scene
from ....scenes.board import PhaseBoard
from ....ui.tween import Tween
from ..rules.events import Accused, Swapped
from ..rules.game import MSState
from ..rules.view import MSPhase, MSPrivate, MSPublic
from .accuse import Accusation
from .peek import MissionPeek
from .play import PlaySection
from .reveal import Reading
from .table import MissionTable
from .win import WinSection

if TYPE_CHECKING:
    from ....context import AppContext
    from ... import GameEntry
    from ..rules.catalogue import MSCatalogue

SWAP_TICKS = 28

#: The session of a Mission Secrète match, as its board holds it.
MSSession = Session[MSState, MSPublic, MSPrivate]


class MissionBoard(PhaseBoard[MSPublic]):
    SECTIONS = {MSPhase.PLAY: attrgetter("play"), MSPhase.OVER: WinSection}

    session: MSSession

    def __init__(self, ctx: AppContext, entry: GameEntry[MSCatalogue], session: MSSession,
                 bots: Mapping[int, Bot[MSPublic, MSPrivate]] | None = None, intro: bool = True) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = entry.catalogue(ctx.catalogue)
        self.ticks = 0
        public = self.public
        # --- what plays over the sections (all but the struck crosses hold the game) ----
        self.swap: tuple[int, int, Tween[float]] | None = None
        self.struck: dict[int, Tween[float]] = {s: Tween(1.0, 1.0, 0) for s in range(self.seats) if public.out[s]}
        #: The grid moving aside at the end (done already for a match loaded over).
        self.end_move: Tween[float] | None = Tween(1.0, 1.0, 0) if public.phase == MSPhase.OVER else None
        # --- what the sections share ----------------------------------------------------
        self.table = MissionTable(self)
        self.play = PlaySection(self)
        self.accusation = Accusation(self)
        self.peeks = MissionPeek(self, intro)
        self.open_phase()

    # --- helpers -------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.ctx.seats[seat].name

    def lang(self) -> str:
        return self.ctx.settings.lang

    def character_name(self, cid: str) -> str:
        return self.catalogue.character(cid).name(self.lang())

    def still_in(self) -> list[int]:
        return [s for s in range(self.seats) if not self.public.out[s]]

    @property
    def reveal(self) -> Reading | None:
        """The accusation being read out, if one is."""
        return self.section if isinstance(self.section, Reading) else None

    @property
    def win(self) -> WinSection | None:
        """The end, once the match is over and the last verdict read."""
        return self.section if isinstance(self.section, WinSection) else None

    @property
    def busy(self) -> bool:
        """An animation or an accusation holds the game (bots wait, cursors freeze)."""
        return (self.swap is not None or self.reveal is not None or self.accusation.accuser is not None
                or bool(self.peeks.intro))

    # --- flow ----------------------------------------------------------------------------
    def enter(self, previous: Scene | None) -> None:
        super().enter(previous)
        self.peeks.next_intro()

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Animate what the rules say happened: a swap flies, an accusation is read out
        (then the sections hear of it, and a phase that started opens its own)."""
        for event in events:
            if isinstance(event, Swapped):
                self.swap = (event.a, event.b, Tween(0.0, 1.0, SWAP_TICKS, "in_out_cubic"))
                self.play.selected = None
                self.ctx.audio.play("vote")
            elif isinstance(event, Accused):
                self.show(Reading(self, event))
                self.accusation.holds.clear()
                self.ctx.audio.play("reveal")
            elif isinstance(event, PhaseStarted) and event.phase == MSPhase.OVER:
                self.accusation.holds.clear()
            elif isinstance(event, TurnStarted):
                self.rethink(event.seat)  # a bot polling for accusations now has a swap to think over
        super().on_events(action, events)

    def fixed_update(self, dt: float) -> None:
        self.ticks += 1
        super().fixed_update(dt)  # the clock, the bots, the section (a reading, the end)
        if self.swap is not None:
            self.swap[2].step()
            if self.swap[2].done:
                self.swap = None
        for tween in self.struck.values():
            tween.step()
        self.accusation.step()


def make_board(ctx: AppContext, entry: GameEntry[MSCatalogue], session: MSSession,
               bots: Mapping[int, Bot[MSPublic, MSPrivate]]) -> MissionBoard:
    return MissionBoard(ctx, entry, session, bots)
