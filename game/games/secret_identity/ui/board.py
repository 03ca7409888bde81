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
from ....ui.stage import Paint, StageItem, draw_items, draw_stage, layer_part
from ....ui.tween import Tween
from ..rules.events import RoundScored
from ..rules.competitive_state import CompetitiveState
from ..rules.view import CompetitivePrivate, CompetitivePublic, SIPhase
from .board_base import SecretIdentityBoard
from .podium import CompetitiveEnd
from .reveal import CompetitiveReveal
from .round import CluesSection, RoundStartSection, SummarySection
from .seat_panel import draw_seat_panel, panel_positions, thinking_area, thinking_place, thirty_spot
from .track import draw_track, draw_track_markers, marker_spots, markers_area, track_line
from .vote_picker import VoteSection
from .widgets import RingCard, draw_thirty_token, paint_table_still, ring_card_items, slot_positions

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

    def show_tick(self) -> None:
        """The section's tick and the pulsing cards' (taken between frames with it while
        they pulse: a round's start pulses three cards at once, ~1.5 ms a repaint of their
        places on a busy machine)."""
        super().show_tick()
        for tween in self.pulse.values():
            tween.step()

    def next_tick_redraws(self) -> bool:
        return super().next_tick_redraws() or any(not tween.done for tween in self.pulse.values())

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.curtain is not None and self.curtain.showing:
            self.ctx.kit.background(surface)
            return  # the open curtain's workshop covers the table: under its veil the board is only clutter
        super().draw(surface, alpha)

    def draw_table(self, surface: pygame.Surface, hub: bool, scores: Sequence[float],
                   items: Sequence[StageItem] = (), confetti: Paint | None = None) -> int:
        """The still layer (background, score track, the hub's disc when ``hub``), the
        markers on the track at ``scores`` (then ``confetti`` over them) and ``items``
        (:meth:`ring_items`, :meth:`panel_items`) kept on it as a stage
        (``game/ui/stage.py``: repainted where one changed); returns the track's line."""
        kit, public = self.ctx.kit, self.public
        y, label = track_line(kit), self.ctx.t("si.round", n=max(1, public.round), total=public.rounds)
        key = (label, hub, tuple(kit.safe_rect), kit.scaled(100), kit.colours, self.ctx.settings.lang)
        seats = range(self.seats)
        spots = marker_spots(kit, scores, seats, y)
        markers = StageItem(("si.markers", tuple(spots.items()), tuple(self.ctx.seats[s].style for s in seats)),
                            markers_area(spots), lambda s: draw_track_markers(s, self.ctx, scores, seats, y),
                            confetti)
        draw_stage(surface, self.kept, key, layer_part(self.still, key, lambda layer: paint_table_still(
            layer, self.ctx, hub, top=lambda s: draw_track(s, self.ctx, y, label=label))), [markers, *items],
            self.canvas_copy)
        return y

    def ring_items(self, reveal: CompetitiveReveal | None = None, replaced: Sequence[int] = ()) -> list[StageItem]:
        """The character ring: a pulsing replaced card, the ``replaced`` slots rimmed, the
        open safe's card swelling in its owner's colour (``reveal``) and its points flying
        over the last card. A pulse, as a swell, changes size once a tick (not between
        ticks: at 120 frames a second, one repaint of its place every other frame)."""
        c = self.ctx.kit.colours
        board = reveal.result.board if reveal is not None else self.public.board
        owner_slot = reveal.owner_slot() if reveal is not None else None
        cards = []
        for slot, pos in enumerate(slot_positions(self.ctx.kit)[:len(board)]):
            character = self.catalogue.character(board[slot])
            pulse = self.pulse.get(slot)
            scale = float(pulse.value()) if pulse is not None and not pulse.done else 1.0
            border = glow = None
            if reveal is not None and owner_slot == slot:
                style = self.ctx.kit.seat_style(self.ctx.seats[reveal.beat].style)
                border, glow, scale = style.colour, style.colour, reveal.swell()
            elif slot in replaced:
                border = c.accent
            cards.append(RingCard(character, slot + 1, pos, border, glow, scale))
        items = ring_card_items(self.ctx, cards)
        if reveal is not None and reveal.points_flying() and items:  # what they fly over is drawn, not kept
            draw, area = reveal.flying_points(reveal.shown)
            items[-1] = items[-1]._replace(over=draw, over_area=area)
        return items

    def panel_items(self, scores: Sequence[float], status: Callable[[int], Status] | None = None,
                    reveal: CompetitiveReveal | None = None) -> list[StageItem]:
        """Every seat's public panel: score, clue, cards left and ``status(seat)``; during
        a ``reveal`` no status, the seats it is not about veiled (the votes turned on
        their voters' panels: :meth:`draw_panels`). Over each, a bot's thinking bubble
        and a popping "30" token."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        highlighted = reveal.highlighted() if reveal is not None else []
        items = []
        for seat, rect in enumerate(panel_positions(kit, self.seats)):
            info = self.public.seats[seat]
            done, words, status_seat = status(seat) if status is not None else NO_STATUS
            highlight = kit.seat_style(self.ctx.seats[seat].style).light if seat in highlighted else None
            pop = reveal.token_pops.get(seat) if reveal is not None else None
            popping = pop is not None and not pop.done
            veiled = highlight is None and reveal is not None
            thinking = self.thinking(seat)
            # a veil over nothing but the panel is remembered with it (one blit less to blend each frame)
            baked = veiled and not popping and not thinking
            # the score as the panel shows it (a count-up's fractions would repaint it every frame)
            look = dict(score=round(scores[seat]), hand_count=info.hand_count, clue=info.clue, status=words, done=done,
                        highlight=highlight, status_seat=status_seat, veil=(*c.shadow, 90) if baked else None)
            seat_ = self.ctx.seats[seat]
            key = ("si.panel", seat, seat_.name, seat_.style, seat_.bot, tuple(rect), tuple(look.items()))

            def paint(surface: pygame.Surface, seat: int = seat, rect: pygame.Rect = rect, look: dict[str, Any] = look) -> None:
                draw_seat_panel(surface, self.ctx, seat, rect, **look)
            over = over_area = None
            if thinking or popping or (veiled and not baked):
                def over(surface: pygame.Surface, seat: int = seat, rect: pygame.Rect = rect, pop: Any = pop,
                         veil: bool = veiled and not baked) -> None:
                    self.draw_thinking(surface, seat, *thinking_place(rect))
                    if pop is not None and not pop.done:
                        draw_thirty_token(surface, self.ctx, thirty_spot(rect), int(22 * float(pop.value())))
                    if veil:
                        surface.blit(kit.rounded(rect.size, (*c.shadow, 90), 26), rect)
                over_area = None if popping else thinking_area(rect) if not veiled or baked else thinking_area(rect).union(rect)
            # (a bubble or a token floats over the neighbours' shadows; a veil is the panel's own)
            items.append(StageItem(key, kit.panels.touched(rect, 26), paint, over, over_area, floats=not veiled or baked))
        return items

    def draw_panels(self, surface: pygame.Surface, scores: Sequence[float],
                    status: Callable[[int], Status] | None = None, reveal: CompetitiveReveal | None = None) -> None:
        """:meth:`panel_items` drawn, and during a ``reveal`` the votes turned on their
        voters' panels."""
        draw_items(surface, self.panel_items(scores, status, reveal))
        if reveal is not None:
            reveal.draw_votes(surface, panel_positions(self.ctx.kit, self.seats))  # over the veil: each voter's vote

    def draw_hints(self, surface: pygame.Surface, items: list[tuple[Intent, str]]) -> pygame.Rect:
        """The hint bar, unless only phones and bots play (no button at the TV does
        anything); where it drew."""
        phones_alone = not self.at_the_tv() and any(map(self.on_phone, range(self.seats)))
        return self.ctx.kit.hint_bar(surface, [] if phones_alone else items)
