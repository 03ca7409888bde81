"""The competitive Secret Identity board (SI-1..SI-9): a phase board (``game/scenes/board``)
drawn from the public view only, a section per screen.

Its table (:attr:`CompetitiveBoard.SECTIONS`): the round-start replacement window
(``round.py``: each seat points at a slot, asks for a replacement, says it is ready),
clue building (each seat on a pad or keyboard builds its clue inside its own peek
curtain, one at a time; seats on phones build theirs on the phone, all at once and
alongside the curtains; the panels show placed pictograms and who is done publicly),
blind voting on the ring picker (``vote_picker.py``; phones vote on the phone: the ring
is for the seats at the TV only), the round summary (``summary.py``) and the end
(``podium.py``: the shared end show, with SI-9's tie-break as its verdict). A scored
round opens its reveal (``reveal.py``, the shared reveal pacing: safes open one by one,
votes flip, points move the markers on the 0–30 track), which holds the floor until the
summary or the end.

The board keeps what several sections draw: the table's still layer, the ring, the seat
panels and the hint bar, and a replaced character's pulse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event
from ....core.session import Session
from ....input.intents import Intent
from ....ui.tween import Tween
from ..rules.events import RoundScored
from ..rules.competitive_state import CompetitiveState
from ..rules.view import CompetitivePrivate, CompetitivePublic, SIPhase
from .board_base import SecretIdentityBoard
from .podium import CompetitiveEnd
from .reveal import CompetitiveReveal
from .round import CluesSection, RoundStartSection, SummarySection
from .seat_panel import draw_seat_panel, panel_positions, thinking_place, thirty_spot
from .track import draw_track, draw_track_markers, track_line
from .vote_picker import VoteSection
from .widgets import RingCard, draw_ring_cards, draw_thirty_token, paint_table_still, slot_positions

#: A seat panel's status: (done, the words, a seat the words name by its shape).
Status = tuple[bool, str, int | None]
NO_STATUS: Status = (False, "", None)


if TYPE_CHECKING:
    from ....context import AppContext
    from ....games import GameEntry
    from ..rules.catalogue import SICatalogue

#: The session of a competitive match, as its board holds it.
CompetitiveSession = Session[CompetitiveState, CompetitivePublic, CompetitivePrivate]


class CompetitiveBoard(SecretIdentityBoard[CompetitivePublic]):
    SECTIONS = {
        SIPhase.ROUND_START: RoundStartSection.of_round,
        SIPhase.CLUES: CluesSection,
        SIPhase.VOTE: VoteSection,
        SIPhase.SUMMARY: SummarySection,
        SIPhase.OVER: CompetitiveEnd,
    }

    session: CompetitiveSession

    def __init__(self, ctx: AppContext, entry: GameEntry[SICatalogue], session: CompetitiveSession,
                 bots: Mapping[int, Bot[CompetitivePublic, CompetitivePrivate]] | None = None) -> None:
        super().__init__(ctx, entry, session, bots)
        #: A replaced character's card pulses (SI-3), on whichever screen shows the ring.
        self.pulse: dict[int, Tween[float]] = {}
        #: The round's start, kept while a replacement passes through its chance phase.
        self.round_start: RoundStartSection | None = None
        self.open_phase()  # a resumed match opens on its phase

    # --- helpers -------------------------------------------------------------------------
    def humans(self) -> list[int]:
        return [s for s in range(self.seats) if s not in self.bots]

    def character(self, slot: int) -> Any:
        return self.catalogue.character(self.public.board[slot])

    def scores(self) -> list[float]:
        """The seats' scores as the track and the panels show them (a reveal counts its own)."""
        return [float(s.score) for s in self.public.seats]

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """A scored round opens its reveal over whatever shows — the vote, or the last
        round's reveal when moves come faster than the TV plays it (a test's or a tool's)
        — and the reveal holds the floor until the summary or the end (module doc)."""
        for event in events:
            if isinstance(event, RoundScored):
                self.show(CompetitiveReveal(self, event.result))
        super().on_events(action, events)

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        for tween in self.pulse.values():
            tween.step()

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.curtain is not None and self.curtain.showing:
            self.ctx.kit.background(surface)
            return  # the open curtain's workshop covers the table: under its veil the board is only clutter
        super().draw(surface, alpha)

    def draw_table(self, surface: pygame.Surface, hub: bool, scores: Sequence[float]) -> int:
        """The still layer (background, score track, the hub's disc when ``hub``) and the
        markers on the track at ``scores``; returns the track's line."""
        kit, public = self.ctx.kit, self.public
        y, label = track_line(kit), self.ctx.t("si.round", n=max(1, public.round), total=public.rounds)
        key = (label, hub, tuple(kit.safe_rect), kit.scaled(100))
        surface.blit(self.still.get(key, lambda layer: paint_table_still(
            layer, self.ctx, hub, top=lambda s: draw_track(s, self.ctx, y, label=label))), (0, 0))
        draw_track_markers(surface, self.ctx, scores, range(self.seats), y)
        return y

    def draw_ring(self, surface: pygame.Surface, alpha: float, reveal: CompetitiveReveal | None = None,
                  replaced: Sequence[int] = ()) -> None:
        """The character ring: a pulsing replaced card, the ``replaced`` slots rimmed, the
        open safe's card swelling in its owner's colour (``reveal``) and its points flying."""
        c = self.ctx.kit.colours
        board = reveal.result.board if reveal is not None else self.public.board
        owner_slot = reveal.owner_slot() if reveal is not None else None
        cards = []
        for slot, pos in enumerate(slot_positions(self.ctx.kit)[:len(board)]):
            character = self.catalogue.character(board[slot])
            pulse = self.pulse.get(slot)
            scale = float(pulse.value(alpha)) if pulse is not None and not pulse.done else 1.0
            border = glow = None
            if reveal is not None and owner_slot == slot:
                style = self.ctx.kit.seat_style(self.ctx.seats[reveal.beat].style)
                border, glow, scale = style.colour, style.colour, reveal.swell()
            elif slot in replaced:
                border = c.accent
            cards.append(RingCard(character, slot + 1, pos, border, glow, scale))
        draw_ring_cards(surface, self.ctx, cards)
        if reveal is not None:
            reveal.draw_flying_points(surface, reveal.shown)

    def draw_panels(self, surface: pygame.Surface, scores: Sequence[float],
                    status: Callable[[int], Status] | None = None, reveal: CompetitiveReveal | None = None) -> None:
        """Every seat's public panel: score, clue, cards left and ``status(seat)``; during
        a ``reveal`` no status, the seats it is not about veiled and the votes turned on
        their voters' panels."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        highlighted = reveal.highlighted() if reveal is not None else []
        rects = panel_positions(kit, self.seats)
        for seat, rect in enumerate(rects):
            info = self.public.seats[seat]
            done, words, status_seat = status(seat) if status is not None else NO_STATUS
            highlight = kit.seat_style(self.ctx.seats[seat].style).light if seat in highlighted else None
            pop = reveal.token_pops.get(seat) if reveal is not None else None
            popping = pop is not None and not pop.done
            veiled = highlight is None and reveal is not None
            # a veil over nothing but the panel is remembered with it (one blit less to blend each frame)
            baked = veiled and not popping and not self.thinking(seat)
            draw_seat_panel(surface, self.ctx, seat, rect, score=scores[seat], hand_count=info.hand_count,
                            clue=info.clue, status=words, done=done, highlight=highlight, status_seat=status_seat,
                            veil=(*c.shadow, 90) if baked else None)
            self.draw_thinking(surface, seat, *thinking_place(rect))
            if popping and pop is not None:
                draw_thirty_token(surface, self.ctx, thirty_spot(rect), int(22 * float(pop.value())))
            if veiled and not baked:
                surface.blit(kit.rounded(rect.size, (*c.shadow, 90), 26), rect)
        if reveal is not None:
            reveal.draw_votes(surface, rects)  # over the veil: each voter's vote on its panel

    def draw_hints(self, surface: pygame.Surface, items: list[tuple[Intent, str]]) -> None:
        """The hint bar, unless only phones and bots play (no button at the TV does anything)."""
        if not self.at_the_tv() and any(map(self.on_phone, range(self.seats))):
            return
        if items:
            self.ctx.kit.hint_bar(surface, items)
