"""The Incognito board: a phase board (``game/scenes/board``) with a section per part of a
round, drawing views only and submitting actions for the players.

The phase table (:attr:`IncognitoBoard.SECTIONS`) opens the deal, the line-up and the
reveal; the sections then play the beats the rules do not need (the deal flying in, the
drawing, the line-up before the votes, the reveal drawing by drawing, the scores, the
end, the gallery) and move on with ``board.show``; the reveal, the scores and the end are
the shared shows (``game/scenes/shows``). The board owns what outlives a section: each
seat's drawing pad, the canvas caches and the overlays (the peek curtain, the drawing
curtain, the vote ring). The seats at the TV draw one at a time behind their drawing
curtain (IN-2a), which the board raises for the drawer it calls
(:meth:`IncognitoBoard.drawer_to_call`). A seat played on a phone has no drawing pad,
curtain or ring on the TV: it draws, reads its word and votes on its phone. No drawing
shows on the TV before the line-up but the one behind its curtain: the rules keep them
out of the public view and tell strokes to their drawer only.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import pygame

from ....core.actions import Action
from ....core.session import Session
from ....input.intents import InputEvent
from ....scenes.board import PhaseBoard, Section
from ....scenes.peek import PeekCurtain
from ....scenes.phone_seats import pad_seats
from ....ui.fit import fit_text
from ..rules.drawing import Stroke
from ..rules.game import IncognitoState
from ..rules.view import INPhase, IncognitoPrivate, IncognitoPublic
from .deal import DealSection, draw_word
from .drawing_screen import DrawSection
from .drawkit import CanvasCache, DrawPad
from .layout import CellLayout, grid
from .reveal import IncognitoReveal
from .turn_curtain import DrawingCurtain
from .vote import LineupSection
from .vote_ring import VoteRing

if TYPE_CHECKING:
    from ....context import AppContext
    from ....core.bots import Bot
    from ....games import GameEntry
    from ..rules.catalogue import IncognitoCatalogue

#: The top bar's height, and the room kept under the content for the hint bar.
BAR_H = 62
HINT_ROOM = 70
#: Bytes of rendered drawings kept (``IncognitoBoard.cache``): a frame shows at most
#: ~2.6 MB of them (the storm's 12,000 frames: fifteen at once, or a 735 px reveal).
#: Forty drawings by count held up to ~29 MB late in a match (issue 18's soak).
CANVAS_CACHE_BYTES = 12 << 20


#: The session of an Incognito match, as its board holds it.
IncognitoSession = Session[IncognitoState, IncognitoPublic, IncognitoPrivate]


def make_board(ctx: AppContext, entry: GameEntry[IncognitoCatalogue], session: IncognitoSession,
               bots: Mapping[int, Bot[IncognitoPublic, IncognitoPrivate]]) -> IncognitoBoard:
    return IncognitoBoard(ctx, entry, session, bots)


class IncognitoBoard(PhaseBoard[IncognitoPublic]):
    again_from_lobby = True
    SECTIONS = {
        INPhase.DRAW: DealSection,
        INPhase.VOTE: LineupSection,
        INPhase.REVEAL: IncognitoReveal,
        INPhase.OVER: IncognitoReveal,
    }

    session: IncognitoSession

    def __init__(self, ctx: AppContext, entry: GameEntry[IncognitoCatalogue], session: IncognitoSession,
                 bots: Mapping[int, Bot[IncognitoPublic, IncognitoPrivate]]) -> None:
        super().__init__(ctx, entry, session, bots)
        self.cat = entry.catalogue(ctx.catalogue)
        self.rgb = {c.id: c.rgb for c in self.cat.palette}
        self.colour_ids = self.cat.colour_ids()
        self.n = self.seats
        #: Everything is drawn inside the TV's safe area (settings.safe_area: 5 % or 10 %);
        #: ``content`` is what the top bar and the hint bar leave of it.
        self.safe = ctx.kit.safe_rect
        self.content = pygame.Rect(self.safe.x, self.safe.y + BAR_H + 12, self.safe.width,
                                   self.safe.height - BAR_H - 12 - HINT_ROOM)
        self.layouts = [CellLayout(r) for r in grid(self.n, self.content)]
        #: The seats that draw on the TV: not bots, not phones (a phone draws on itself).
        self.pads = {s: DrawPad(s, self.colour_ids, self._submitter(s))
                     for s in pad_seats(ctx, range(self.n)) if s not in self.bots}
        #: Drawings rendered per (key, width), least recently shown first (``cache``).
        self.caches: OrderedDict[tuple[Any, ...], CanvasCache] = OrderedDict()
        #: Fixed ticks since the board opened (blinking borders).
        self.ticks = 0
        #: A drawing curtain's backdrop (the background dimmed, the stage's curtains), closed
        #: or behind its open sheet, as it last stood: one opaque blit a frame (``turn_curtain.py``).
        self.backdrop = ctx.kit.layer()
        #: The drawing screen's background and cells as last drawn (``drawing_screen.py``):
        #: kept from round to round.
        self.cells = ctx.kit.layer()
        self.curtain: PeekCurtain | None = None
        self._turn_curtain: DrawingCurtain | None = None
        self.ring: VoteRing | None = None
        self.open_phase()  # a resumed match opens on its phase

    # --- shared helpers ------------------------------------------------------------------
    def seat(self, index: int) -> Any:
        return self.ctx.seats[index]

    def text(self, key: str, **fmt: Any) -> str:
        text: str = self.ctx.t(key, **fmt)
        return text

    def word_name(self, word_id: str) -> str:
        name: str = self.cat.word(word_id).name(self.ctx.settings.lang)
        return name

    def place_name(self, place_id: str) -> str:
        name: str = self.cat.place(place_id).name(self.ctx.settings.lang)
        return name

    def _submitter(self, seat: int) -> Callable[[str, dict[str, Any]], str | None]:
        def submit(kind: str, data: dict[str, Any]) -> str | None:
            return self.submit(Action(kind, seat, data))
        return submit

    def cache(self, key: tuple[Any, ...], strokes: Sequence[Stroke], width: int) -> pygame.Surface:
        """A drawing rendered ``width`` wide, kept up to date stroke by stroke. At most
        ``CANVAS_CACHE_BYTES`` of them are kept, the least recently shown dropped (the
        newest always stays): every round's drawings at every width a screen showed them
        stayed for the whole match (15–40 MB)."""
        cache = self.caches.get((key, width))
        if cache is None:
            cache = self.caches[(key, width)] = CanvasCache(self.rgb, width)
            held = sum(kept.surface.get_pitch() * kept.surface.get_height() for kept in self.caches.values())
            while held > CANVAS_CACHE_BYTES and len(self.caches) > 1:
                _, dropped = self.caches.popitem(last=False)
                held -= dropped.surface.get_pitch() * dropped.surface.get_height()
        else:
            self.caches.move_to_end((key, width))
        return cache.sync(strokes)

    def last_drawings(self, public: IncognitoPublic) -> Sequence[Sequence[Stroke]]:
        """This round's drawings, or the last round's once it is scored."""
        return public.drawings if public.drawings else (public.history[-1].drawings if public.history else [])

    def countdown_left(self, public: IncognitoPublic, alpha: float) -> tuple[float, float] | None:
        """``(seconds left, total)`` of the running countdown as its ring shows them
        (None: none runs, or timers are off)."""
        cd = public.countdown
        if cd is None or cd.ticks <= 0:
            return None
        total = cd.ticks / 60
        return max(0.0, min((cd.started + cd.ticks - self.session.tick - alpha) / 60, total)), total

    def top_bar(self, surface: pygame.Surface, public: IncognitoPublic, title: str, alpha: float | None = None) -> None:
        """The round and the screen's title along the top of the safe area; given the
        frame's ``alpha``, the running countdown's ring beside the title (never on a
        drawing)."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        bar = pygame.Rect(self.safe.x, self.safe.y, self.safe.width, BAR_H)
        kit.panel(surface, bar, c.panel, radius=BAR_H // 2, shadow=False)
        label = self.text("incognito.round", n=min(public.round, public.rounds), total=public.rounds)
        said = kit.blit_text(surface, label, 36, (bar.x + 32, bar.centery), "midleft", c.gold)
        timer = self.countdown_left(public, alpha) if alpha is not None else None
        # the title centred in what the round label (and the ring) leave, shrunk to fit one line
        room = pygame.Rect(said.right + 24, bar.y, bar.right - 24 - (112 if timer else 0) - said.right - 24, BAR_H)
        size, title = fit_text(kit, title, room.width, (36, 32, 30))
        shown = kit.blit_text(surface, title.replace("\n", " "), size, room.center, "center", c.text)
        if timer is not None:
            kit.countdown(surface, (shown.right + 56, bar.centery), *timer, radius=30)

    # --- sections ------------------------------------------------------------------------
    def show(self, section: Section[IncognitoPublic]) -> None:
        """Open ``section``: any but the drawing lets go of every pad's stroke and closes
        the drawing curtain."""
        if not isinstance(section, DrawSection):
            for pad in self.pads.values():
                pad.release_all()
            if self.turn_curtain is not None:
                self.turn_curtain.close()
        super().show(section)

    def fixed_update(self, dt: float) -> None:
        super().fixed_update(dt)
        self.ticks += 1
        if isinstance(self.section, (DealSection, DrawSection)):  # the pads follow their seats
            public = self.public
            mouse_up = self.ctx.input is not None and pygame.display.get_init() and not pygame.mouse.get_pressed()[0]
            for seat, pad in self.pads.items():
                if mouse_up:
                    pad.pointer_up()
                pad.tick(bool(public.done and public.done[seat]))
        if self.curtain is not None and self.curtain.stack is None:
            self.curtain = None
        elif self.curtain is not None and not self.curtain.peeking and self.curtain.ticks > 2:
            self.curtain.close()  # peeking is "hold Y": letting go closes it

    def pause(self) -> None:
        for pad in self.pads.values():
            pad.release_all()

    # --- overlays ------------------------------------------------------------------------
    def drawer_to_call(self) -> int | None:
        """The seat at the TV whose drawing curtain goes up now (IN-2a): the seat whose
        turn the rules say it is; else, in seat order, an unfinished seat at the TV the
        rules let draw at any time (no turn seats in the config: a save from before, or
        a phone's seat a pad took on resuming). None: nobody (a phone's turn, phones and
        bots drawing on, or the phase over)."""
        public = self.public
        if public.phase != INPhase.DRAW:
            return None
        if public.turn is not None and public.turn in self.pads:
            return public.turn
        return next((seat for seat in self.pads if not public.done[seat] and seat not in public.turn_seats), None)

    @property
    def turn_curtain(self) -> DrawingCurtain | None:
        """The drawing curtain up (None once it closed)."""
        curtain = self._turn_curtain
        return curtain if curtain is not None and curtain.stack is not None else None

    def call_drawer(self) -> None:
        """Raise the drawing curtain of :meth:`drawer_to_call` once the board is on top
        (no peek, pause or other overlay up) and no drawing curtain is."""
        if self.turn_curtain is not None or self.stack is None or self.stack.top is not self:
            return
        seat = self.drawer_to_call()
        if seat is not None:
            for pad in self.pads.values():
                pad.release_all()
            self._turn_curtain = DrawingCurtain(self, seat)
            self.stack.push(self._turn_curtain)

    def open_curtain(self, seat: int, event: InputEvent) -> None:
        """The peek curtain over the board: ``seat``'s word and where to hide it."""
        if self.stack is None or self.curtain is not None or not self.public.places:
            return
        for pad in self.pads.values():
            pad.release_all()
        self.curtain = PeekCurtain(self.ctx, seat, lambda surface, rect: draw_word(self, surface, rect, seat),
                                   title=self.text("incognito.peek_title"))
        self.stack.push(self.curtain)
        self.curtain.handle(seat, event)  # this very press opens it

    def open_ring(self) -> None:
        """The vote ring for the people voting on the TV (bots vote on their own, phones
        on their phones)."""
        voters = pad_seats(self.ctx, [s for s in range(self.n) if s not in self.bots])
        if self.stack is not None and self.ring is None and self.public.phase == INPhase.VOTE and voters:
            self.ring = VoteRing(self, voters)
            self.stack.push(self.ring)

    def close_overlays(self) -> None:
        if self.ring is not None and self.ring.stack is not None:
            self.ring.stack.remove(self.ring)
        self.ring = None
        for curtain in (self.curtain, self.turn_curtain):
            if curtain is not None:
                curtain.close()

    # --- input and drawing ---------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        """A seat's press is the board's whether its section takes it or not, so its
        release comes back here, never to an overlay pushed meanwhile (the mouse draws
        behind a drawing curtain only)."""
        return super().handle(seat, event) or (seat is not None and 0 <= seat < self.n)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if not isinstance(self.section, DrawSection):  # (the drawing's stage has it)
            self.ctx.kit.background(surface)
        super().draw(surface, alpha)
