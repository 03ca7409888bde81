"""The Personality board: a phase board (``game/scenes/board``) whose table
(:attr:`PersonalityBoard.SECTIONS`) opens a section per phase; each draws its stage on
the board's chrome (``section.py``: top bar, track, seat column), names the overlay its
human seats need and takes its input. A vote's reveal is its own section
(``reveal_screen.py``, every game's reveal pacing), which holds the floor: the next
phase's section opens once it is over; the end is every game's end show, then the
portraits (``portraits.py``). The board owns what outlives a section: the
:class:`Timeline` (masks walking, special squares' banners: bots wait and no overlay
opens while it plays), the still layer and the overlays it opens or closes:

- the reader's hand, exchanges, Inversion cards and endgame gifts are picked inside the
  owner's :class:`PeekCurtain` (``curtains.py``); a seat played on a phone picks on its
  phone and gets no curtain (``scenes/phone_seats.py``): the TV shows it at it;
- votes, bets, partners and contest votes use the ring (``vote_ring.py``), which shows
  only progress on the TV, and the cards being chosen among in full;
- the debate ends when everyone presses CONFIRM on the board, or when the countdown ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event, PhaseStarted
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.base import Scene
from ....scenes.board import PhaseBoard
from ....scenes.phone_seats import pad_seats, pads_first
from ..rules.events import CardRead, GiftGiven, Landed, MaskMoved, SentToDoor, VoteRevealed, Won
from ..rules.state import PEState
from ..rules.view import MaskMove, PEPhase, PEPrivate, PEPublic
from .legend import ICONS
from .debate_screen import DebateSection
from .endgame_screen import EndgameSection
from .layout import BoardLayout
from .partner_screen import PartnerSection
from .portraits import PodiumSection, PortraitsSection
from .read_screen import ExchangeSection, ReadSection
from .reveal_screen import VoteReveal
from .section import BoardSection
from .timeline import Timeline
from .vote_screen import InversionSection, VoteSection


if TYPE_CHECKING:
    from ....context import AppContext
    from ....games import GameEntry
    from ..rules.catalogue import PECatalogue

#: The session of a Personality match, as its board holds it.
PESession = Session[PEState, PEPublic, PEPrivate]


class PersonalityBoard(PhaseBoard[PEPublic]):
    again_from_lobby = True
    SECTIONS = {
        PEPhase.READ: ReadSection, PEPhase.VOTE: VoteSection, PEPhase.REVOTE: VoteSection,
        PEPhase.DEBATE: DebateSection, PEPhase.EXCHANGE: ExchangeSection, PEPhase.PARTNER: PartnerSection,
        PEPhase.PLAY: InversionSection, PEPhase.GIVE: EndgameSection, PEPhase.RESPOND: EndgameSection,
        PEPhase.CONTEST: EndgameSection, PEPhase.OVER: PodiumSection,
    }

    session: PESession

    def __init__(self, ctx: AppContext, entry: GameEntry[PECatalogue], session: PESession,
                 bots: Mapping[int, Bot[PEPublic, PEPrivate]] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = entry.catalogue(ctx.catalogue)
        self.track = self.catalogue.board
        self.layout = BoardLayout(ctx.kit.safe_rect)
        self.timeline = Timeline(self.public.positions, self._fell, hops=lambda: ctx.kit.reduce_motion)
        self.overlay: Scene | None = None
        self.overlay_key: Hashable = None
        #: A human's choice between the two steps of one move (a vote before its bet, a gift before its receiver).
        self.picks: dict[int, Any] = {}
        #: Bumped when the phase moves on (or a gift is given): overlays keyed by it reopen.
        self.serial = 1
        #: The reader has just read a card: the vote's section keeps it alone on screen a moment.
        self.card_read = False
        #: The background, top bar and track, repainted when what they show changes.
        self.still = ctx.kit.layer()
        #: The still layer with the masks, the seat column and a still stage on it (``section.py``).
        self.kept = ctx.kit.layer()
        if self.public.phase == PEPhase.OVER:
            self.show(PortraitsSection(self))  # a match loaded over was celebrated when it ended
        else:
            self.open_phase()  # a resumed match opens on its phase

    # --- helpers the sections share ------------------------------------------------------
    def t(self, key: str, **fmt: Any) -> str:
        return str(self.ctx.t(key, **fmt))

    def name(self, seat: int | None) -> str:
        return str(self.ctx.seats[seat or 0].name)

    def card_text(self, card: str) -> str:
        return str(self.catalogue.trait(card).text(self.ctx.settings.lang))

    def humans(self) -> set[int]:
        return {s for s in range(self.public.seats) if s not in self.bots}

    def busy(self) -> bool:
        """Something plays that the table watches (the timeline, a card alone before its
        vote, a reveal, the end): bots wait, no overlay opens."""
        return not self.section.bots_play

    # --- what happened -------------------------------------------------------------------
    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Animate what the rules say happened: the vote's reveal, masks walking, the
        banner of a special square; then the sections hear of it, and a phase that
        started opens its own (after the reveal)."""
        timeline = self.timeline
        moved_on = False
        for event in events:
            if isinstance(event, VoteRevealed):
                self.show(VoteReveal(self, event.record))
            elif isinstance(event, MaskMoved):
                timeline.walk(event.move)
            elif isinstance(event, CardRead):
                self.card_read = True
            elif isinstance(event, Landed):
                self._banner(event.square, self.name(event.seat))
                self.ctx.audio.play("vote")
            elif isinstance(event, SentToDoor):
                self._banner("door", self.t("personality.endgame.overturned", name=self.name(event.seat)))
                self.ctx.audio.play("vote")
                timeline.walk(MaskMove(event.seat, int(round(timeline.shown[event.seat])), event.end, 0, False))
            elif isinstance(event, Won):
                self._banner("summit", self.t("personality.win", name=self.name(event.seat)))
                self.ctx.audio.play("vote")
            elif isinstance(event, (PhaseStarted, GiftGiven)):
                moved_on = True
        if moved_on:
            self.serial += 1
            self.picks = {}
        super().on_events(action, events)

    def _fell(self, seat: int) -> None:
        self._banner("gouffre", self.name(seat))

    def _banner(self, square: str, who: str) -> None:
        title = self.t(f"personality.square.{square}.name")
        self.timeline.add_banner(ICONS[square], f"{title} · {who}", self.t(f"personality.square.{square}.help"))

    # --- clock and overlays --------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)  # the clock, the bots, the section (a reveal's beat, the end's show)
        self.timeline.tick()
        if not self.busy():
            self.sync_overlays()

    def sync_overlays(self) -> None:
        """Open the overlay the phase needs for human seats, close a stale one. Seats on
        phones come after the pads (a curtain opens for the first), and a phase only
        phones must act in needs no overlay: each chooses on its own phone."""
        if self.stack is None or self.session.outcome() is not None:
            self._close_overlay()
            return
        humans = pads_first(self.ctx, self.session.current() & self.humans())
        section = self.section
        wanted = section.overlay(humans) if isinstance(section, BoardSection) and pad_seats(self.ctx, humans) else None
        key = wanted[0] if wanted is not None else None
        if key == self.overlay_key:
            return
        self._close_overlay()
        if wanted is not None:
            self.overlay_key = key
            self.overlay = wanted[1]()
            self.stack.push(self.overlay)

    def _close_overlay(self) -> None:
        if self.overlay is not None and self.stack is not None and self.overlay in list(self.stack):
            self.stack.remove(self.overlay)
        self.overlay = None
        self.overlay_key = None

    def submit_or_key(self, action: Action) -> str | None:
        """Submit; a refusal comes back as the key of the text that explains it."""
        reason = self.submit(action)
        if reason is None:
            return None
        key = f"personality.refuse.{reason}"
        return key if self.ctx.strings.has(key) else "personality.refuse.bad_choice"

    # --- input and drawing ---------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        """MENU pauses, a seat's input goes to the section; PEEK not taken opens the
        overlay the phase needs now (a curtain does not wait for the timeline)."""
        if super().handle(seat, event):
            return True
        if seat is not None and event.pressed and event.intent is Intent.PEEK and self.overlay is None:
            self.sync_overlays()
        return False

    def veiled(self) -> bool:
        """An overlay of ours (a ring, a peek curtain) covers the board with its veil."""
        return self.overlay is not None and self.stack is not None and self.overlay in list(self.stack)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.veiled():
            self.ctx.kit.background(surface)
            return  # under the veil it would be unreadable clutter: the overlay shows what matters (the card voted on)
        super().draw(surface, alpha)


def make_board(ctx: AppContext, entry: GameEntry[PECatalogue], session: PESession,
               bots: Mapping[int, Bot[PEPublic, PEPrivate]]) -> PersonalityBoard:
    return PersonalityBoard(ctx, entry, session, bots)
