"""The Hidden Hue board: a phase board (``game/scenes/board``) whose sections draw.

The phase table (``SECTIONS``) opens the guesses (``guess``) and the end (``end``: the
shared end show). A scored round is read out by its own section (``reveal``: the shared
reveal pacing, a beat per seat), which holds the floor, so the next round's guesses or
the end open once the last colour is turned over. The board keeps what the sections
share: the catalogue, the seat cards' layout and the peek curtain a seat guesses behind
(``guess.GuessCurtain``). A seat's colour and guess are only ever drawn inside its own
curtain until the round is scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

import pygame

from game.core.actions import Action
from game.core.bots import Bot
from game.core.events import Event
from game.core.session import Session
from game.scenes.board import PhaseBoard

from ..rules.events import Guessed, RoundScored
from ..rules.view import HuePhase, HuePublic
from .end import EndSection
from .guess import GuessCurtain, GuessSection
from .reveal import RevealSection

if TYPE_CHECKING:
    from game.context import AppContext
    from game.games import GameEntry

#: The seat cards' most width, and the gap between two.
CARD_W, CARD_GAP = 280, 24


class HueBoard(PhaseBoard[HuePublic]):
    SECTIONS = {HuePhase.GUESS: GuessSection, HuePhase.OVER: EndSection}

    def __init__(self, ctx: AppContext, entry: GameEntry, session: Session,
                 bots: Mapping[int, Bot] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = ctx.catalogue.game(entry.catalogue_key)
        #: The curtain a seat guesses behind (one at a time), or None.
        self.curtain: GuessCurtain | None = None
        self.open_phase()

    # --- helpers -----------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        return self.ctx.seats[seat].name

    def colour_name(self, colour_id: str) -> str:
        return self.catalogue.colour(colour_id).name(self.ctx.settings.lang)

    def seat_cards(self, top: int, height: int) -> list[pygame.Rect]:
        """One card per seat in a row, centred, from ``top``."""
        safe = self.ctx.kit.safe_rect
        width = min(CARD_W, (safe.width - CARD_GAP * (self.seats - 1)) // self.seats)
        left = safe.centerx - (width * self.seats + CARD_GAP * (self.seats - 1)) // 2
        return [pygame.Rect(left + k * (width + CARD_GAP), top, width, height) for k in range(self.seats)]

    def draw_title(self, surface: pygame.Surface, title: str, subtitle: str) -> int:
        """The title in gold over a subtitle, at the top of the safe area; returns the
        bottom of what was drawn."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        safe = kit.safe_rect
        drawn = kit.blit_text(surface, title, 64, (safe.centerx, safe.y + 10), "midtop", c.gold, shadow=True)
        return kit.blit_text(surface, subtitle, 36, (safe.centerx, drawn.bottom + 6), "midtop", c.muted,
                             max_width=safe.width, align="center").bottom

    def draw_colour(self, surface: pygame.Surface, colour_id: str, center: tuple[int, int], size: int,
                    label: bool = True, gap: int = 6) -> pygame.Rect:
        """A colour's disc, its name ``gap`` under it; returns the area drawn."""
        kit = self.ctx.kit
        icon = kit.icon(self.catalogue.colour(colour_id).icon, size)
        drawn = surface.blit(icon, icon.get_rect(center=center))
        if label:
            drawn = drawn.union(kit.blit_text(surface, self.colour_name(colour_id), 32, (center[0], drawn.bottom + gap),
                                              "midtop", kit.colours.text))
        return drawn

    # --- flow --------------------------------------------------------------------------------
    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """A guess is heard (never what it was); a scored round is read out, seat by seat,
        before the next round's guesses or the end open."""
        for event in events:
            if isinstance(event, Guessed):
                self.ctx.audio.play("vote")
            elif isinstance(event, RoundScored):
                self.show(RevealSection(self, event.number, event.record))
        super().on_events(action, events)


def make_board(ctx: AppContext, entry: GameEntry, session: Session, bots: Mapping[int, Bot]) -> HueBoard:
    return HueBoard(ctx, entry, session, bots)
