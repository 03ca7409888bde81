"""The Mission Secrète board: it coordinates, its screens draw.

The board keeps the public view, reacts to what the rules say happened (``on_events``:
a swap flies, an accusation is read out), runs the timeline of animations that hold
the game (bots wait and cursors freeze while one plays) and hands input and drawing to
the screen that has the floor: the phase's (``screens``), unless an accusation is being
read out. Each screen is one module with its own update, input and draw (after Arcade's
``Section``): ``play`` (turn, cursor, swap), ``accuse`` (hold ALT, the ring picker),
``reveal`` (the verdict), ``win`` (the end); ``peek`` shows one's mission; ``table``
holds the geometry and the still layer they share; ``shots`` the screenshots. Characters
are only ever drawn inside the owner's peek curtain until they are revealed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Protocol

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event, PhaseStarted, TurnStarted
from ....core.session import Session
from ....input.intents import InputEvent
from ....scenes.base import Scene
from ....scenes.match import MatchScene
from ....ui.tween import Tween
from ..rules.events import Accused, Swapped
from ..rules.view import MSPhase, MSPublic
from .accuse import Accusation
from .peek import MissionPeek
from .play import PlayScreen
from .reveal import Reveal, RevealScreen
from .table import MissionTable
from .win import WinScreen

if TYPE_CHECKING:
    from ....context import AppContext
    from ... import GameEntry

SWAP_TICKS = 28


class Screen(Protocol):
    def handle(self, seat: int, event: InputEvent) -> bool: ...

    def draw(self, surface: pygame.Surface, alpha: float) -> None: ...


class MissionBoard(MatchScene):
    def __init__(self, ctx: AppContext, entry: GameEntry, session: Session, bots: Mapping[int, Bot] | None = None,
                 intro: bool = True) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = ctx.catalogue.game(entry.catalogue_key)
        self.public: MSPublic = session.view(None).public
        self.seats = len(self.public.out)
        self.ticks = 0
        # --- the timeline: what plays now (all but the struck crosses hold the game) ---
        self.swap: tuple[int, int, Tween] | None = None
        self.reveal: Reveal | None = None
        self.struck: dict[int, Tween] = {s: Tween(1.0, 1.0, 0) for s in range(self.seats) if self.public.out[s]}
        self.end_move: Tween | None = Tween(1.0, 1.0, 0) if self.public.phase == MSPhase.OVER else None
        # --- the screens --------------------------------------------------------------
        self.table = MissionTable(self)
        self.play = PlayScreen(self)
        self.accusation = Accusation(self)
        self.reveal_screen = RevealScreen(self)
        self.win = WinScreen(self)
        self.peeks = MissionPeek(self, intro)
        self.screens: dict[MSPhase, Screen] = {MSPhase.PLAY: self.play, MSPhase.OVER: self.win}

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
    def busy(self) -> bool:
        """An animation or an accusation holds the game (bots wait, cursors freeze)."""
        return (self.swap is not None or self.reveal is not None or self.accusation.accuser is not None
                or bool(self.peeks.intro))

    def bots_may_act(self) -> bool:
        return not self.busy

    def end_choices_open(self) -> bool:
        return self.public.phase == MSPhase.OVER and self.win.choices_open and not self.win.showing

    def show_to_skip(self) -> bool:
        """Once the match is over, where the table waits for the end screen: the last
        accusation's reading, then the winners' show. (During the match a phone plays on
        under a reading: no "Skip" over its moves.)"""
        return self.public.phase == MSPhase.OVER and (self.reveal is not None or self.win.showing)

    def skip_show(self) -> None:
        """A pad's CONFIRM on a show: a reading to its verdict, then past it; the
        winners' show to its end."""
        if self.reveal is not None:
            self.reveal.skip()
        elif self.win.show is not None:
            self.win.show.skip()

    def screen(self) -> Screen:
        """Who has the floor: the phase's screen, or in play an accusation being read out."""
        if self.public.phase == MSPhase.PLAY and self.reveal is not None:
            return self.reveal_screen
        return self.screens[self.public.phase]

    # --- flow ----------------------------------------------------------------------------
    def enter(self, previous: Scene | None) -> None:
        super().enter(previous)
        self.peeks.next_intro()

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Animate what the rules say happened: a swap flies, an accusation is read out."""
        self.public = self.session.view(None).public
        for event in events:
            if isinstance(event, Swapped):
                self.swap = (event.a, event.b, Tween(0.0, 1.0, SWAP_TICKS, "in_out_cubic"))
                self.play.selected = None
                self.ctx.audio.play("vote")
            elif isinstance(event, Accused):
                self.reveal = Reveal(event)
                self.accusation.holds.clear()
                self.ctx.audio.play("reveal")
            elif isinstance(event, PhaseStarted) and event.phase == MSPhase.OVER:
                self.accusation.holds.clear()
            elif isinstance(event, TurnStarted):
                self.rethink(event.seat)  # a bot polling for accusations now has a swap to think over

    def fixed_update(self, dt: float) -> None:
        self.ticks += 1
        super().fixed_update(dt)
        if self.swap is not None:
            self.swap[2].step()
            if self.swap[2].done:
                self.swap = None
        if self.reveal is not None:
            self.reveal_screen.step(self.reveal)
        for tween in self.struck.values():
            tween.step()
        self.accusation.step()
        if self.public.phase == MSPhase.OVER:
            self.win.step()

    # --- input and drawing: the screen's ---------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat is None or seat >= self.seats or seat in self.bots:
            return super().handle(seat, event)
        return self.screen().handle(seat, event) or super().handle(seat, event)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.screen().draw(surface, alpha)
        self.draw_audience_end(surface)  # the end's turns: nothing before the end screen stands


def make_board(ctx: AppContext, entry: GameEntry, session: Session, bots: Mapping[int, Bot]) -> MissionBoard:
    return MissionBoard(ctx, entry, session, bots)
