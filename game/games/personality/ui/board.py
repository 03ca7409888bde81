"""The Personality board: it coordinates. It owns the :class:`Timeline` (what plays
after the rules' events: a reveal, masks walking, special squares' banners; bots wait
and no overlay opens while it is busy) and a phase → :class:`Screen` table; each
phase's screen draws the stage, names the overlay its human seats need and takes its
input. The board draws the chrome around the stage (top bar, track, seat column) and
opens or closes the overlays:

- the reader's hand, exchanges, Inversion cards and endgame gifts are picked inside the
  owner's :class:`PeekCurtain` (``curtains.py``); a seat played on a phone picks on its
  phone and gets no curtain (``scenes/phone_seats.py``): the TV shows it at it;
- votes, bets, partners and contest votes use the ring (``vote_ring.py``), which shows
  only progress on the TV, and the cards being chosen among in full;
- the debate ends when everyone presses CONFIRM on the board, or when the countdown ends;
- when the match ends, the show (``game/ui/show.py``) raises the podium by track position,
  counts each mask's square up and celebrates the winners, before the portraits (A skips).
"""

from __future__ import annotations

from typing import Any, Hashable, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event, PhaseStarted
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.base import Scene
from ....scenes.match import MatchScene
from ....scenes.phone_seats import pad_seats, pads_first
from ....ui.show import Show
from ..rules.events import CardRead, GiftGiven, Landed, MaskMoved, SentToDoor, VoteRevealed, Won
from ..rules.view import MaskMove, PEPhase, PEPublic, VoteKind
from .chrome import ICONS, cheer_keep_out, draw_banner, draw_masks, draw_seat_column, paint_still, still_key
from .debate_screen import DebateScreen
from .endgame_screen import EndgameScreen
from .layout import BoardLayout
from .partner_screen import PartnerScreen
from .portraits import PortraitsScreen, draw_podium, draw_portraits, final_standings
from .read_screen import ExchangeScreen, ReadScreen
from .reveal_screen import SKIPPED_TICKS, RevealScreen, reveal_show
from .screen import Screen
from .timeline import Timeline
from .vote_screen import InversionScreen, VoteScreen


class PersonalityBoard(MatchScene):
    again_from_lobby = True

    def __init__(self, ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = ctx.catalogue.game(entry.catalogue_key)
        self.track = self.catalogue.board
        self.layout = BoardLayout(ctx.kit.safe_rect)
        self.public: PEPublic = session.view(None).public
        self.timeline = Timeline(self.public.positions, self._fell)
        self.overlay: Scene | None = None
        self.overlay_key: Hashable = None
        #: A human's choice between the two steps of one move (a vote before its bet, a gift before its receiver).
        self.picks: dict[int, Any] = {}
        #: Bumped when the phase moves on (or a gift is given): overlays keyed by it reopen.
        self.serial = 1
        self.message = ""
        #: The end's celebration, from the phase ``over`` starting (None for a match loaded over).
        self.show: Show | None = None
        #: The count of the last vote's moves while its reveal is up.
        self.reveal_show: Show | None = None
        vote, endgame = VoteScreen(self), EndgameScreen(self)
        self.screens: dict[PEPhase, Screen] = {
            PEPhase.READ: ReadScreen(self), PEPhase.VOTE: vote, PEPhase.REVOTE: vote,
            PEPhase.DEBATE: DebateScreen(self), PEPhase.EXCHANGE: ExchangeScreen(self),
            PEPhase.PARTNER: PartnerScreen(self), PEPhase.PLAY: InversionScreen(self),
            PEPhase.GIVE: endgame, PEPhase.RESPOND: endgame, PEPhase.CONTEST: endgame,
            PEPhase.OVER: PortraitsScreen(self),
        }
        self.reveal = RevealScreen(self)
        #: The background, top bar and track, repainted when what they show changes.
        self.still = ctx.kit.layer()
        self._show_inversion_cards()

    # --- helpers the screens share -------------------------------------------------------
    def t(self, key: str, **fmt: Any) -> str:
        return str(self.ctx.t(key, **fmt))

    def name(self, seat: int | None) -> str:
        return str(self.ctx.seats[seat or 0].name)

    def card_text(self, card: str) -> str:
        return str(self.catalogue.trait(card).text(self.ctx.settings.lang))

    def humans(self) -> set[int]:
        return {s for s in range(self.public.seats) if s not in self.bots}

    @property
    def screen(self) -> Screen:
        return self.screens.get(self.public.phase, self.screens[PEPhase.READ])

    def busy(self) -> bool:
        """The timeline plays, or the end's show does: bots wait, no overlay opens."""
        return self.timeline.busy or (self.show is not None and not self.show.done)

    def bots_may_act(self) -> bool:
        return not self.busy()

    def end_choices_open(self) -> bool:
        """The portraits show (the podium's show is over)."""
        return self.session.outcome() is not None and not self.busy()

    def show_to_skip(self) -> bool:
        """Once the match is over, where the table waits for the portraits: the last
        vote's reveal while A can still cut it short, then the podium's show. (During
        the match a phone plays on under a reveal: no "Skip" over its moves.)"""
        if self.session.outcome() is None:
            return False
        if self.show is not None and not self.timeline.busy:
            return not self.show.done
        return self.timeline.reveal_ticks > SKIPPED_TICKS

    def skip_show(self) -> None:
        """A pad's CONFIRM on a show: the podium's to its end; a vote's count to its end
        and its reveal cut short (:data:`SKIPPED_TICKS` left)."""
        if self.show is not None and not self.timeline.busy:
            self.show.skip()
        elif self.timeline.reveal_ticks > 0:
            if self.reveal_show is not None:
                self.reveal_show.skip()
            self.timeline.reveal_ticks = min(self.timeline.reveal_ticks, SKIPPED_TICKS)

    # --- what happened -------------------------------------------------------------------
    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Animate what the rules say happened: the vote's reveal, masks walking, the
        banner of a special square, an endgame's end."""
        self.public = self.session.view(None).public
        timeline = self.timeline
        moved_on = False
        for event in events:
            if isinstance(event, VoteRevealed):
                timeline.reveal()
                self.reveal_show = reveal_show(self.ctx, event.record, self.public.positions, seed=self.public.turn)
            elif isinstance(event, MaskMoved):
                timeline.walk(event.move)
            elif isinstance(event, CardRead):
                timeline.show_card()
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
                if isinstance(event, PhaseStarted) and event.phase == PEPhase.OVER:
                    self.show = Show(self.ctx, final_standings(self.public), seed=sum(self.public.positions))
        if moved_on:
            self.serial += 1
            self.picks = {}
            self._show_inversion_cards()

    def _show_inversion_cards(self) -> None:
        """The Inversion cards stay alone on screen a moment before their vote."""
        if self.public.phase == PEPhase.VOTE and self.public.vote_kind == VoteKind.INVERSION:
            self.timeline.show_card()

    def _fell(self, seat: int) -> None:
        self._banner("gouffre", self.name(seat))

    def _banner(self, square: str, who: str) -> None:
        title = self.t(f"personality.square.{square}.name")
        self.timeline.add_banner(ICONS[square], f"{title} · {who}", self.t(f"personality.square.{square}.help"))

    # --- clock and overlays --------------------------------------------------------------
    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.timeline.tick()
        if self.reveal_show is not None:
            self.reveal_show.step()
        if self.show is not None and not self.timeline.busy:  # after the last walk and banner
            self.show.step()
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
        wanted = self.screen.overlay(humans) if pad_seats(self.ctx, humans) else None
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

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if self.show is not None and not self.timeline.busy and self.show.handle(event):
            return True
        if seat is None or not event.pressed:
            return super().handle(seat, event)
        if self.timeline.reveal_ticks > 0 and event.intent is Intent.CONFIRM and not event.repeat:
            self.skip_show()  # A: the counts to their end, the reveal cut short
            return True
        if self.screen.handle(seat, event):
            return True
        if event.intent is Intent.PEEK and self.overlay is None:
            self.sync_overlays()
        return bool(super().handle(seat, event))

    # --- drawing -------------------------------------------------------------------------
    def veiled(self) -> bool:
        """An overlay of ours (a ring, a peek curtain) covers the board with its veil."""
        return self.overlay is not None and self.stack is not None and self.overlay in list(self.stack)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.veiled():
            self.ctx.kit.background(surface)
            return  # under the veil it would be unreadable clutter: the overlay shows what matters (the card voted on)
        if self.session.outcome() is not None and not self.timeline.busy:
            self.ctx.kit.background(surface)
            if self.show is not None and not self.show.done:
                kept = draw_podium(self, surface, self.show, alpha)
            else:
                kept = draw_portraits(self, surface)  # the OVER screen
            if self.show is not None:
                self.show.draw_confetti(surface, alpha, keep_out=kept)
            self.draw_audience_end(surface)
            return
        revealing = self.timeline.reveal_ticks > 0 and self.public.result is not None
        screen = self.reveal if revealing else self.screen
        title = screen.title()  # the still layer holds the background too
        surface.blit(self.still.get(still_key(self, title), lambda layer: paint_still(self, layer, title)), (0, 0))
        if revealing and self.reveal_show is not None:  # behind the masks, the seat column and the stage
            self.reveal_show.draw_confetti(surface, alpha, keep_out=cheer_keep_out(self))
        draw_masks(self, surface)
        draw_seat_column(self, surface)
        screen.draw(surface, self.layout.stage, alpha)
        banner = self.timeline.banner
        if banner is not None:
            draw_banner(self, surface, banner)


def make_board(ctx: Any, entry: Any, session: Session, bots: Mapping[int, Bot]) -> PersonalityBoard:
    return PersonalityBoard(ctx, entry, session, bots)
