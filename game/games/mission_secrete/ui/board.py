"""The Mission Secrète board, drawn from the public view only, and its screenshots.

The 5×5 grid sits in the middle; players (colour + shape + name, who is out, revealed
characters) on the left; the recap of missions (character → object) on the right.
The active seat moves a cursor, picks a card, then a direction (or a second card with
``free_swap``); the two cards fly past each other. Any seat still in holds ALT for a
second to accuse (MS-6): play pauses, that seat picks the accused and a character on
the ring picker (in public: an accusation is said aloud), a drum roll, the verdict, the
loser's badge is struck out. A completed mission (MS-5) moves the grid aside for the
"Mission réussie !" card naming the winners and their line. Characters are only ever
drawn inside the owner's peek curtain until they are revealed.
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any, Callable, Mapping

import pygame

from ....core.actions import Action
from ....core.bots import Bot
from ....core.events import Event, PhaseStarted, TurnStarted
from ....core.rng import Rng
from ....core.session import Session
from ....input.intents import InputEvent, Intent
from ....scenes.match import MatchScene
from ....scenes.peek import PeekCurtain
from ....scenes.ring import RingOption, RingPicker, RingQuestion
from ....ui.kit import shadowed
from ....ui.tween import Tween
from ..rules.events import Accused, Swapped
from ..rules.view import Ending, MSPhase, MSPublic

if TYPE_CHECKING:
    from ....context import AppContext
    from ... import GameEntry

#: Grid geometry on the 1920×1080 canvas, in play and once the match is over.
PLAY_CELL, PLAY_GAP, PLAY_CENTER = 150, 12, (960, 560)
END_CELL, END_GAP, END_CENTER = 128, 10, (520, 560)
SWAP_TICKS = 28
#: Holding ALT this long starts an accusation (a deliberate act, not a slip).
HOLD_TICKS = 60
#: The accusation reveal: the claim and drum roll, then the verdict on screen.
CLAIM_TICKS, VERDICT_TICKS = 110, 170
END_MOVE_TICKS = 40
#: The veil over the board while an accusation is read out (alpha), and the drum-roll
#: icon's size: it beats up to ``BEAT_MAX`` px, scaled from one render (not one SVG per size).
REVEAL_VEIL, BEAT_SIZE, BEAT_MAX = 190, 180, 194
DIRECTIONS = {Intent.UP: (-1, 0), Intent.DOWN: (1, 0), Intent.LEFT: (0, -1), Intent.RIGHT: (0, 1)}


def mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


class Reveal:
    """The public reading of one accusation: claim, drum roll, verdict."""

    def __init__(self, accusation: Accused) -> None:
        self.accusation = accusation
        self.tick = 0

    @property
    def verdict(self) -> bool:
        return self.tick >= CLAIM_TICKS

    @property
    def done(self) -> bool:
        return self.tick >= CLAIM_TICKS + VERDICT_TICKS

    def skip(self) -> None:
        self.tick = CLAIM_TICKS if not self.verdict else CLAIM_TICKS + VERDICT_TICKS


class AccusePicker(RingPicker):
    """The ring picker for one accuser; BACK before the last choice calls it off."""

    def __init__(self, board: "MissionBoard", *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.board = board
        # An accusation is said aloud (MS-6): the accuser's pointer is always on show.
        self.holding = list(self.seats)

    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat in self.pointer and event.intent is Intent.PEEK:
            return True
        if seat in self.pointer and event.pressed and event.intent is Intent.BACK:
            self.board.cancel_accusation()
            return True
        return super().handle(seat, event)


class MissionBoard(MatchScene):
    def __init__(self, ctx: AppContext, entry: GameEntry, session: Session, bots: Mapping[int, Bot] | None = None,
                 intro: bool = True) -> None:
        super().__init__(ctx, entry, session, bots)
        self.catalogue = ctx.catalogue.game(entry.catalogue_key)
        self.public: MSPublic = session.view(None).public
        self.seats = len(self.public.out)
        self.ticks = 0
        self.cursor = 12
        self.selected: int | None = None
        self.swap: tuple[int, int, Tween] | None = None
        self.reveal: Reveal | None = None
        self.holds: dict[int, int] = {}
        self.accuser: int | None = None
        self.accused: int | None = None
        self.accused_done = False
        self.struck: dict[int, Tween] = {s: Tween(1.0, 1.0, 0) for s in range(self.seats) if self.public.out[s]}
        self.end_move: Tween | None = Tween(1.0, 1.0, 0) if self.public.phase == MSPhase.OVER else None
        self.curtain: PeekCurtain | None = None
        self.intro = [s for s in range(self.seats) if s not in self.bots] if intro and not self.public.swaps else []
        #: What stays still between moves, painted once per change (see ``draw``).
        self.still, self.veiled = ctx.kit.layer(), ctx.kit.layer()

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
        return self.swap is not None or self.reveal is not None or self.accuser is not None or bool(self.intro)

    def bots_may_act(self) -> bool:
        return not self.busy

    # --- flow ----------------------------------------------------------------------------
    def enter(self, previous: Any) -> None:
        super().enter(previous)
        self._next_intro()

    def _next_intro(self) -> None:
        if self.intro and self.stack is not None and self.curtain is None:
            self.open_peek(self.intro[0], intro=True)

    def on_events(self, action: Action | None, events: tuple[Event, ...]) -> None:
        """Animate what the rules say happened: a swap flies, an accusation is read out."""
        self.public = self.session.view(None).public
        for event in events:
            if isinstance(event, Swapped):
                self.swap = (event.a, event.b, Tween(0.0, 1.0, SWAP_TICKS, "in_out_cubic"))
                self.selected = None
                self.ctx.audio.play("vote")
            elif isinstance(event, Accused):
                self.reveal = Reveal(event)
                self.holds.clear()
                self.ctx.audio.play("reveal")
            elif isinstance(event, PhaseStarted) and event.phase == MSPhase.OVER:
                self.holds.clear()
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
            self._step_reveal()
        for tween in self.struck.values():
            tween.step()
        for seat in self.holds:
            self.holds[seat] += 1
        # holds overlap: the first to complete accuses (ties: the first to start);
        # starting the accusation drops every other hold
        first = next((seat for seat, ticks in self.holds.items() if ticks >= HOLD_TICKS), None)
        if first is not None:
            self.start_accusation(first)
        if self.public.phase == MSPhase.OVER and not self.busy:
            if self.end_move is None:
                self.end_move = Tween(0.0, 1.0, END_MOVE_TICKS, "in_out_cubic")
                self.ctx.audio.play("victory")
            self.end_move.step()

    def _step_reveal(self) -> None:
        reveal = self.reveal
        was_verdict = reveal.verdict
        reveal.tick += 1
        if reveal.tick < CLAIM_TICKS and reveal.tick % 22 == 0:
            self.ctx.audio.play("tick")
        if reveal.verdict and not was_verdict:
            acc = reveal.accusation
            self.ctx.audio.play("right" if acc.right else "wrong")
            loser = acc.accused if acc.right else acc.accuser
            self.struck[loser] = Tween(0.0, 1.0, 30, "out_back")
        if reveal.done:
            self.reveal = None

    # --- input ---------------------------------------------------------------------------
    def handle(self, seat: int | None, event: InputEvent) -> bool:
        if seat is None or seat >= self.seats or seat in self.bots:
            return super().handle(seat, event)
        if self.public.phase == MSPhase.OVER:
            if self.end_move is not None and self.end_move.done and event.pressed and not event.repeat:
                if event.intent in (Intent.CONFIRM, Intent.BACK):
                    self.finish(again=event.intent is Intent.CONFIRM)
                    return True
            return super().handle(seat, event)
        if self.reveal is not None:
            if event.pressed and event.intent is Intent.CONFIRM:
                self.reveal.skip()
                return True
            return super().handle(seat, event)
        if self.accuser is not None:
            return super().handle(seat, event)  # the accuser's ring picker has the floor
        if event.intent is Intent.PEEK and event.pressed:
            self.open_peek(seat)
            return True
        if event.intent is Intent.ALT:
            if event.pressed and not event.repeat and not self.public.out[seat]:
                self.holds[seat] = 0
            elif not event.pressed:
                self.holds.pop(seat, None)
            return True
        if seat == self.public.turn and not self.busy and self._handle_cursor(event):
            return True
        return super().handle(seat, event)

    def _handle_cursor(self, event: InputEvent) -> bool:
        # The input hub turns stick flicks into directions (with repeats) already.
        intent = event.intent
        if not event.pressed or intent is Intent.STICK:
            return False
        columns, rows = self.public.columns, self.public.rows
        if intent in DIRECTIONS:
            dr, dc = DIRECTIONS[intent]
            if self.selected is not None and not self.public.free_swap:
                if event.repeat:
                    return True  # a held direction moves the cursor, never swaps twice
                r, c = divmod(self.selected, columns)
                if 0 <= r + dr < rows and 0 <= c + dc < columns:
                    self._swap(self.selected, (r + dr) * columns + c + dc)
                else:
                    self.ctx.audio.play("buzz")
                return True
            r, c = divmod(self.cursor, columns)
            self.cursor = max(0, min(rows - 1, r + dr)) * columns + max(0, min(columns - 1, c + dc))
            self.ctx.audio.play("nav")
            return True
        if intent is Intent.CONFIRM:
            if self.selected is None:
                self.selected = self.cursor
                self.ctx.audio.play("confirm")
            elif self.selected == self.cursor:
                self.selected = None
                self.ctx.audio.play("back")
            else:
                self._swap(self.selected, self.cursor)
            return True
        if intent is Intent.BACK and self.selected is not None:
            self.selected = None
            self.ctx.audio.play("back")
            return True
        return False

    def _swap(self, a: int, b: int) -> None:
        refusal = self.submit(Action("swap", self.public.turn, {"a": a, "b": b}))
        if refusal is not None:
            self.ctx.audio.play("buzz")
        else:
            self.cursor = b

    # --- accusations (MS-6) -----------------------------------------------------------------
    def start_accusation(self, seat: int) -> None:
        self.holds.clear()
        if self.stack is None or self.public.phase != MSPhase.PLAY or self.public.out[seat]:
            return
        others = [s for s in self.still_in() if s != seat]
        self.accuser, self.accused_done = seat, False
        self.accused = others[0] if len(others) == 1 else None  # a ring needs two options
        self.ctx.audio.play("confirm")
        self.stack.push(AccusePicker(self, self.ctx, [seat], self._question, self._choose, self._accusation_over))

    def _others(self) -> list[int]:
        return [s for s in self.still_in() if s != self.accuser]

    def _question(self, seat: int) -> RingQuestion | None:
        if seat != self.accuser or self.accused_done:
            return None
        if self.accused is None:
            others = self._others()
            if not others:
                return None
            if len(others) == 1:  # someone left the game while the ring was up: one suspect is left
                self.accused = others[0]
            else:
                options = tuple(RingOption(self.name(s), seat=s) for s in others)
                return RingQuestion(self.ctx.t("ms.accuse.who", name=self.name(seat)), options)
        options = tuple(RingOption(c.name(self.lang()), c.icon) for c in self.catalogue.characters)
        return RingQuestion(self.ctx.t("ms.accuse.what", name=self.name(seat), target=self.name(self.accused)), options)

    def _choose(self, seat: int, index: int) -> str | None:
        if self.accused is None:
            others = self._others()
            self.accused = others[index] if index < len(others) else None
            return None
        character = self.catalogue.characters[index].id
        refusal = self.submit(Action("accuse", seat, {"accused": self.accused, "character": character}))
        if refusal is not None:
            return f"ms.refused.{refusal}"
        self.accused_done = True
        return None

    def _accusation_over(self) -> None:
        self.accuser = self.accused = None

    def cancel_accusation(self) -> None:
        for scene in list(self.stack or []):
            if isinstance(scene, AccusePicker):
                self.stack.remove(scene)
        self.accuser = self.accused = None
        self.ctx.audio.play("back")

    # --- peeking at one's mission ----------------------------------------------------------------
    def open_peek(self, seat: int, intro: bool = False) -> PeekCurtain | None:
        if self.stack is None or self.curtain is not None:
            return None
        self.curtain = PeekCurtain(self.ctx, seat, lambda surface, rect: self.draw_mission(surface, rect, seat),
                                   title=self.ctx.t("ms.peek.intro") if intro else self.ctx.t("ms.peek.title"),
                                   on_close=lambda: self._peek_closed(seat))
        self.stack.push(self.curtain)
        return self.curtain

    def _peek_closed(self, seat: int) -> None:
        self.curtain = None
        if self.intro and self.intro[0] == seat:
            self.intro.pop(0)
            self._next_intro()

    def draw_mission(self, surface: pygame.Surface, rect: pygame.Rect, seat: int) -> None:
        """Inside the peek curtain: the seat's own character card and goal."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        private = self.session.view(seat).private
        if private is None:
            return
        character = self.catalogue.character(private.my_character)
        obj = self.catalogue.object(private.my_object)
        card = pygame.Rect(0, 0, 440, rect.height - 20)
        card.midleft = (rect.x + 80, rect.centery)
        kit.panel(surface, card, c.panel_hi, radius=36, border=c.gold, border_width=6)
        kit.blit_text(surface, self.ctx.t("ms.peek.you_are"), 40, (card.centerx, card.y + 30), "midtop", c.muted)
        icon = kit.icon(character.icon, 260)
        surface.blit(icon, icon.get_rect(center=(card.centerx, card.centery)))
        kit.blit_text(surface, character.name(self.lang()), 52, (card.centerx, card.bottom - 36), "midbottom", c.gold,
                      max_width=card.width - 40, align="center")
        right = pygame.Rect(card.right + 60, rect.y + 40, rect.right - card.right - 120, rect.height - 80)
        kit.blit_text(surface, self.ctx.t("ms.peek.goal", object=obj.plural(self.lang())), 48, right.topleft,
                      "topleft", c.text, max_width=right.width)
        size = min(150, (right.width - 60) // 4)
        for k in range(obj.count):
            x = right.x + k * (size + 20) + size // 2
            kit.panel(surface, pygame.Rect(x - size // 2, right.centery, size, size), c.panel, radius=20,
                      border=c.gold)
            image = kit.icon(obj.icon, int(size * 0.78))
            surface.blit(image, image.get_rect(center=(x, right.centery + size // 2)))

    # --- geometry --------------------------------------------------------------------------
    def layout(self, alpha: float = 1.0) -> tuple[int, int, int, int]:
        """(left, top, cell, gap) of the grid: centred in play, to the left at the end."""
        t = float(self.end_move.value(alpha)) if self.end_move is not None else 0.0
        cell = PLAY_CELL + (END_CELL - PLAY_CELL) * t
        gap = PLAY_GAP + (END_GAP - PLAY_GAP) * t
        cx = PLAY_CENTER[0] + (END_CENTER[0] - PLAY_CENTER[0]) * t
        cy = PLAY_CENTER[1] + (END_CENTER[1] - PLAY_CENTER[1]) * t
        width = self.public.columns * cell + (self.public.columns - 1) * gap
        height = self.public.rows * cell + (self.public.rows - 1) * gap
        return int(cx - width / 2), int(cy - height / 2), int(cell), int(gap)

    def grid_height(self) -> int:
        _left, _top, cell, gap = self.layout()
        return self.public.rows * cell + (self.public.rows - 1) * gap

    def cell_rect(self, index: int, alpha: float = 1.0) -> pygame.Rect:
        left, top, cell, gap = self.layout(alpha)
        r, c = divmod(index, self.public.columns)
        return pygame.Rect(left + c * (cell + gap), top + r * (cell + gap), cell, cell)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """In play the background, resting cards, banner, seat rows and recap come from
        one cached layer repainted only when the public view, the swap in flight, the pick
        or the table changes; what moves is drawn over it. The flying cards thus pass over
        the banner instead of under it. The end (the grid slides aside) is drawn directly."""
        if self.end_move is not None:
            self.ctx.kit.background(surface)
            self.draw_grid(surface, alpha)
            self.draw_end(surface, alpha)
            return
        if self.reveal is not None and self.swap is None:
            # under the veil only the struck crosses move: the veiled board is cached too
            surface.blit(self.veiled.get(self._still_key(), self._paint_veiled, self._still_dirty), (0, 0))
            self.draw_seat_marks(surface, veil=REVEAL_VEIL)
            self.draw_reveal(surface, alpha)
            return
        surface.blit(self.still.get(self._still_key(), self._paint_still, self._still_dirty), (0, 0))
        self.draw_grid_live(surface, alpha)
        self.draw_seat_marks(surface)
        turn = self.public.turn
        if turn is not None:  # every seat may accuse at any time: only the swapper "thinks"
            row = self._seats_panel()[1][turn]
            self.draw_thinking(surface, turn, (row.right - 60, row.y + 34), 40)
        if self.reveal is None and self.accuser is None:
            self.draw_hints(surface)
        if self.holds:
            self.draw_holds(surface)
        if self.reveal is not None:
            self.ctx.kit.dim(surface, REVEAL_VEIL)
            self.draw_reveal(surface, alpha)

    def _still_key(self) -> tuple:
        """Everything the still layer shows depends on (compared every frame: cheap)."""
        settings = self.ctx.settings
        return (self.public, self.swap[:2] if self.swap is not None else None, self.selected is None,
                self.accuser, tuple((seat.name, seat.style) for seat in self.ctx.seats), settings.lang,
                getattr(settings, "text_scale", 1.0), getattr(settings, "safe_area", 0.05))

    def _paint_still(self, surface: pygame.Surface) -> None:
        """The still layer, or the part of it inside the surface's clip (what a swap or a
        turn changes: two cells, the banner, two seat rows)."""
        clip = surface.get_clip()
        self.ctx.kit.background(surface)
        left, top, cell, gap = self.layout()
        grid = pygame.Rect(left, top, self.public.columns * (cell + gap) - gap, self.grid_height())
        pieces = ((shadowed(grid), lambda: self.draw_cards(surface, 1.0)),
                  (shadowed(self._banner_rect()), lambda: self.draw_banner(surface)),
                  (shadowed(self._seats_panel()[0]), lambda: self.draw_seats(surface)),
                  (shadowed(self._recap_rect()), lambda: self.draw_recap(surface)))
        for bounds, paint in pieces:
            if clip.colliderect(bounds):
                paint()

    def _paint_veiled(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.blit(self.still.get(self._still_key(), self._paint_still, self._still_dirty), clip, clip)
        self.ctx.kit.dim(surface, REVEAL_VEIL)

    def _still_dirty(self, old: tuple, new: tuple) -> list[pygame.Rect] | None:
        """Where two still layers differ (None: everywhere). A swap changes its two cells,
        the banner and the rows of the seats whose turn ends and starts."""
        (was, was_moving, was_pick, was_accuser, *was_rest), (now, moving, pick, accuser, *rest) = old, new
        if was_rest != rest or (was.rows, was.columns, was.free_swap) != (now.rows, now.columns, now.free_swap):
            return None
        dirty = [shadowed(self.cell_rect(index)) for index in range(len(now.grid))
                 if was.grid[index] != now.grid[index]
                 or (index in (was_moving or ())) != (index in (moving or ()))]
        if (was.turn, was_pick) != (now.turn, pick):
            dirty.append(shadowed(self._banner_rect()))
        _panel, rows = self._seats_panel()
        for seat, row in enumerate(rows):
            if self._row_state(was, was_accuser, seat) != self._row_state(now, accuser, seat):
                dirty.append(row.inflate(8, 8))
        return dirty

    @staticmethod
    def _row_state(public: MSPublic, accuser: int | None, seat: int) -> tuple:
        return public.out[seat], public.turn == seat, public.revealed.get(seat), accuser == seat

    def draw_grid(self, surface: pygame.Surface, alpha: float) -> None:
        """The whole grid drawn directly: cards (winning lines glowing), then what moves."""
        self.draw_cards(surface, alpha, self._winning_cells())
        self.draw_grid_live(surface, alpha)

    def draw_cards(self, surface: pygame.Surface, alpha: float, winning: set[int] | frozenset[int] = frozenset()) -> None:
        """The resting cards; an empty slot where a card is flying."""
        kit, c = self.ctx.kit, self.ctx.kit.colours
        moving = {self.swap[0], self.swap[1]} if self.swap is not None else set()
        glow = 0.5 + 0.5 * math.sin((self.ticks + alpha) / 9)
        clip = surface.get_clip()
        for index, obj in enumerate(self.public.grid):
            rect = self.cell_rect(index, alpha)
            if not clip.colliderect(shadowed(rect)):
                continue
            if index in moving:
                kit.panel(surface, rect, mix(c.panel, c.bg, 0.5), radius=22, shadow=False)
                continue
            border = mix(c.gold, c.accent, glow) if index in winning else None
            self._draw_card(surface, rect, obj, border)

    def draw_grid_live(self, surface: pygame.Surface, alpha: float) -> None:
        """What moves on the grid: the two flying cards, the last swap's marks, the cursor."""
        c = self.ctx.kit.colours
        public = self.public
        if self.swap is not None:
            a, b, tween = self.swap
            t = float(tween.value(alpha))
            lift = math.sin(math.pi * t) * 46
            for cell, source, sign in ((a, b, -1), (b, a, 1)):
                start, end = self.cell_rect(source, alpha), self.cell_rect(cell, alpha)
                rect = start.copy()
                rect.x = int(start.x + (end.x - start.x) * t + sign * lift * 0.4)
                rect.y = int(start.y + (end.y - start.y) * t + sign * lift)
                self._draw_card(surface, rect.inflate(int(lift / 3), int(lift / 3)), public.grid[cell], c.gold)
        if public.phase == MSPhase.PLAY and self.swap is None and self.reveal is None:
            self._draw_last_swap(surface, alpha)
            if public.turn not in self.bots:
                self._draw_cursor(surface, alpha)

    def _draw_card(self, surface: pygame.Surface, rect: pygame.Rect, obj: str, border=None) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        neutral = self.catalogue.object(obj).neutral
        kit.panel(surface, rect, mix(c.panel_hi, c.panel, 0.5) if neutral else c.panel_hi, radius=22,
                  border=border, border_width=7 if border else 4)
        icon = kit.icon(self.catalogue.object(obj).icon, int(rect.width * 0.74))
        surface.blit(icon, icon.get_rect(center=rect.center))

    def _winning_cells(self) -> set[int]:
        cells: set[int] = set()
        if self.swap is not None:
            return cells
        columns = self.public.columns
        for line in self.public.lines:
            if line.kind == "row":
                cells |= {line.index * columns + k for k in range(columns)}
            else:
                cells |= {k * columns + line.index for k in range(self.public.rows)}
        return cells

    def _draw_last_swap(self, surface: pygame.Surface, alpha: float) -> None:
        """The last swap stays marked with its player's shape, so it can be read later."""
        if not self.public.swaps:
            return
        last = self.public.swaps[-1]
        style = self.ctx.seats[last.seat].style
        for cell in (last.a, last.b):
            rect = self.cell_rect(cell, alpha)
            self.ctx.kit.seat_token(surface, style, (rect.right - 20, rect.y + 20), 15)

    def _draw_cursor(self, surface: pygame.Surface, alpha: float) -> None:
        kit = self.ctx.kit
        style = kit.seat_style(self.ctx.seats[self.public.turn].style)
        pulse = 0.5 + 0.5 * math.sin((self.ticks + alpha) / 7)
        if self.selected is not None:
            rect = self.cell_rect(self.selected, alpha)
            pygame.draw.rect(surface, kit.colours.gold, rect.inflate(22, 22), width=8, border_radius=28)
            if not self.public.free_swap:
                self._draw_arrows(surface, rect, style.colour)
        if self.selected is None or self.public.free_swap:
            rect = self.cell_rect(self.cursor, alpha).inflate(int(14 + 8 * pulse), int(14 + 8 * pulse))
            pygame.draw.rect(surface, style.colour, rect, width=9, border_radius=28)
            kit.seat_token(surface, self.ctx.seats[self.public.turn].style, (rect.x + 12, rect.y + 12), 20)

    def _draw_arrows(self, surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
        """Arrows on the sides of the picked card toward each neighbour it may swap with."""
        columns, rows = self.public.columns, self.public.rows
        r, c = divmod(self.selected, columns)
        half, wing, reach = rect.width // 2 + 8, 22, 30
        for dr, dc in DIRECTIONS.values():
            if not (0 <= r + dr < rows and 0 <= c + dc < columns):
                continue
            bx, by = rect.centerx + dc * half, rect.centery + dr * half
            points = [(bx + dc * reach, by + dr * reach), (bx - dr * wing, by + dc * wing),
                      (bx + dr * wing, by - dc * wing)]
            pygame.draw.polygon(surface, self.ctx.kit.colours.shadow, [(x + 3, y + 3) for x, y in points])
            pygame.draw.polygon(surface, colour, points)

    def draw_banner(self, surface: pygame.Surface) -> None:
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        public = self.public
        if public.turn is None:
            return
        seat = self.ctx.seats[public.turn]
        style = kit.seat_style(seat.style)
        box = self._banner_rect()
        kit.panel(surface, box, style.dark, radius=30, border=style.colour)
        kit.seat_token(surface, seat.style, (box.x + 56, box.centery), 32)
        human = public.turn not in self.bots
        title = t("ms.turn.yours" if human else "ms.turn.other", name=seat.name)
        kit.blit_text(surface, title, 48, (box.x + 104, box.centery), "midleft", style.light, shadow=True)
        if human:
            step = "ms.turn.pick" if self.selected is None else (
                "ms.turn.second" if public.free_swap else "ms.turn.direction")
            kit.blit_text(surface, t(step), 30, (box.right - 30, box.centery), "midright", c.text,
                          max_width=560, align="right")

    def _seats_panel(self) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The players' panel left of the grid and one row in it per seat."""
        kit = self.ctx.kit
        left, top, _cell, _gap = self.layout()
        panel = pygame.Rect(kit.safe_rect.x, top, left - kit.safe_rect.x - 40, self.grid_height())
        row_h = min(170, (panel.height - 84) // max(1, self.seats))
        return panel, [pygame.Rect(panel.x + 14, panel.y + 76 + seat * row_h, panel.width - 28, row_h - 12)
                       for seat in range(self.seats)]

    def _banner_rect(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, 1160, 96)
        box.midtop = (960, self.ctx.kit.safe_rect.y)
        return box

    def _recap_rect(self) -> pygame.Rect:
        left, top, cell, gap = self.layout()
        grid_right = left + self.public.columns * cell + (self.public.columns - 1) * gap
        return pygame.Rect(grid_right + 40, top, self.ctx.kit.safe_rect.right - grid_right - 40, self.grid_height())

    def draw_seats(self, surface: pygame.Surface) -> None:
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        panel, rows = self._seats_panel()
        kit.panel(surface, panel, c.panel, radius=30)
        kit.blit_text(surface, t("ms.seats.title"), 36, (panel.centerx, panel.y + 18), "midtop", c.muted)
        for seat, row in enumerate(rows):
            out = self.public.out[seat]
            turn = seat == self.public.turn
            style = kit.seat_style(self.ctx.seats[seat].style)
            kit.panel(surface, row, style.dark if turn else c.panel_hi, radius=22, shadow=False,
                      border=style.colour if turn else None)
            kit.draw_seat_badge(surface, self.ctx.seats[seat], (row.x + 48, row.y + 44), 60, beside=True,
                                name_size=34, dim=out)
            revealed = self.public.revealed.get(seat)
            if revealed is not None:
                icon = kit.icon(self.catalogue.character(revealed).icon, 72)
                surface.blit(icon, icon.get_rect(midright=(row.right - 12, row.centery)))
            status = "ms.seats.out" if out else ("ms.seats.accusing" if seat == self.accuser else
                                                 "ms.seats.turn" if turn else "ms.seats.in")
            colour = c.bad if out else (c.accent if turn or seat == self.accuser else c.muted)
            kit.blit_text(surface, t(status), 30, (row.x + 20, row.bottom - 10), "bottomleft", colour)

    def draw_seat_marks(self, surface: pygame.Surface, veil: int = 0) -> None:
        """Over the seat rows: the crosses striking out a seat and the hold-to-accuse arcs.
        Under the reveal's veil their colours are pre-mixed with it (same look, no blend)."""
        kit = self.ctx.kit
        if not self.struck and not self.holds:
            return
        _panel, rows = self._seats_panel()
        for seat, struck in self.struck.items():
            row = rows[seat]
            self._draw_cross(surface, (row.x + 48, row.y + 44), 40 * float(struck.value()), veil)
        for seat, hold in self.holds.items():
            row = rows[seat]
            colour = mix(kit.colours.accent, kit.colours.shadow, veil / 255)
            kit.arc(surface, colour, (row.x + 48, row.y + 44), 42, 8, 0, 360 * hold / HOLD_TICKS)

    def _draw_cross(self, surface: pygame.Surface, center, size: float, veil: int = 0) -> None:
        if size <= 1:
            return
        colour = mix(self.ctx.kit.colours.bad, self.ctx.kit.colours.shadow, veil / 255)
        x, y = center
        for dx in (-1, 1):
            pygame.draw.line(surface, self.ctx.kit.colours.shadow, (x - size + 3, y - dx * size + 3),
                             (x + size + 3, y + dx * size + 3), 14)
            pygame.draw.line(surface, colour, (x - size, y - dx * size), (x + size, y + dx * size), 12)

    def draw_recap(self, surface: pygame.Surface) -> None:
        """The printed recap sheet: each character and the object it collects (public)."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        panel = self._recap_rect()
        kit.panel(surface, panel, c.panel, radius=30)
        kit.blit_text(surface, t("ms.recap.title"), 36, (panel.centerx, panel.y + 18), "midtop", c.muted)
        row_h = (panel.height - 130) // max(1, len(self.catalogue.characters))
        for k, character in enumerate(self.catalogue.characters):
            y = panel.y + 70 + k * row_h
            icon = kit.icon(character.icon, 92)
            surface.blit(icon, icon.get_rect(center=(panel.x + 70, y + row_h // 2 - 6)))
            obj = self.catalogue.object(character.object)
            kit.blit_text(surface, character.name(self.lang()), 30, (panel.x + 132, y + 4), "topleft", c.text,
                          max_width=panel.width - 146)
            for n in range(obj.count):
                image = kit.icon(obj.icon, 52)
                surface.blit(image, image.get_rect(bottomleft=(panel.x + 128 + n * 56, y + row_h - 14)))
        if self.public.free_swap:
            kit.blit_text(surface, t("ms.recap.free_swap"), 30, (panel.centerx, panel.bottom - 20), "midbottom",
                          c.accent)

    def draw_hints(self, surface: pygame.Surface) -> None:
        t = self.ctx.t
        items: list[tuple[Intent, str]] = []
        if self.public.turn not in self.bots and not self.busy:
            items += [(Intent.STICK, t("ms.hint.move")), (Intent.CONFIRM, t("ms.hint.pick"))]
            if self.selected is not None:
                items.append((Intent.BACK, t("ms.hint.cancel")))
        items += [(Intent.PEEK, t("ms.peek.hint")), (Intent.ALT, t("ms.hint.accuse"))]
        self.ctx.kit.hint_bar(surface, items)

    def draw_holds(self, surface: pygame.Surface) -> None:
        kit, c = self.ctx.kit, self.ctx.kit.colours
        seat = max(self.holds, key=self.holds.get)
        text = self.ctx.t("ms.accuse.holding", name=self.name(seat))
        box = pygame.Rect(0, 0, 900, 90)
        box.center = (960, PLAY_CENTER[1])
        kit.panel(surface, box, (*c.shadow, 220), radius=30, border=kit.seat_style(self.ctx.seats[seat].style).colour)
        kit.blit_text(surface, text, 44, box.center, "center", c.text)

    def draw_reveal(self, surface: pygame.Surface, alpha: float) -> None:
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        reveal = self.reveal
        acc = reveal.accusation
        box = pygame.Rect(0, 0, 1240, 640)
        box.center = (960, 560)
        border = c.accent if not reveal.verdict else (c.good if acc.right else c.bad)
        kit.panel(surface, box, c.panel, radius=40, border=border, border_width=8)
        accuser, accused = self.ctx.seats[acc.accuser], self.ctx.seats[acc.accused]
        kit.blit_text(surface, t("ms.accuse.claim", accuser=accuser.name, accused=accused.name), 52,
                      (box.centerx, box.y + 34), "midtop", c.text, max_width=box.width - 80, align="center")
        left, right = (box.x + 230, box.y + 260), (box.right - 230, box.y + 260)
        shake = 0 if reveal.verdict else int(6 * math.sin((reveal.tick + alpha) * 1.3))
        kit.draw_seat_badge(surface, accuser, (left[0] + shake, left[1]), 120, name_size=40,
                            dim=reveal.verdict and not acc.right)
        kit.draw_seat_badge(surface, accused, (right[0] - shake, right[1]), 120, name_size=40,
                            dim=reveal.verdict and acc.right)
        character = self.catalogue.character(acc.character)
        beat = 1.0 + (0 if reveal.verdict else 0.08 * max(0.0, math.sin((reveal.tick + alpha) / 22 * math.pi * 2)))
        size = int(BEAT_SIZE * beat)
        icon = kit.icon(character.icon, size) if size == BEAT_SIZE else pygame.transform.smoothscale(
            kit.icon(character.icon, BEAT_MAX), (size, size))
        surface.blit(icon, icon.get_rect(center=(box.centerx, box.y + 250)))
        name = character.name(self.lang())
        if not reveal.verdict:
            kit.blit_text(surface, t("ms.accuse.question", character=name), 56, (box.centerx, box.y + 410), "midtop",
                          c.gold, max_width=box.width - 80, align="center")
            return
        progress = min(1.0, (reveal.tick - CLAIM_TICKS) / 30)
        if acc.right:
            line = t("ms.accuse.right", accused=accused.name, character=name)
            sub = ""
        else:
            line = t("ms.accuse.wrong", accuser=accuser.name)
            sub = t("ms.accuse.wrong_hint", accused=accused.name)
        kit.blit_text(surface, line, 56, (box.centerx, box.y + 400), "midtop", c.good if acc.right else c.bad,
                      max_width=box.width - 80, align="center", shadow=True)
        if sub:
            kit.blit_text(surface, sub, 40, (box.centerx, box.y + 480), "midtop", c.muted)
        loser = right if acc.right else left
        self._draw_cross(surface, loser, 70 * min(1.0, progress * 1.2))
        stamp = kit.text(t("ms.accuse.out"), 44, c.text)
        stamp_box = stamp.get_rect(center=(loser[0], loser[1] + 110)).inflate(30, 10)
        if progress > 0.5:
            kit.panel(surface, stamp_box, c.bad, radius=16, shadow=False)
            surface.blit(stamp, stamp.get_rect(center=stamp_box.center))
        kit.hint_bar(surface, [(Intent.CONFIRM, t("ms.hint.skip"))])

    def draw_end(self, surface: pygame.Surface, alpha: float) -> None:
        """"Mission réussie !" (or last one standing): winners, their line, every card."""
        kit, c, t = self.ctx.kit, self.ctx.kit.colours, self.ctx.t
        public = self.public
        shown = float(self.end_move.value(alpha))
        self._draw_confetti(surface, alpha)
        panel = pygame.Rect(980, kit.safe_rect.y + 40, kit.safe_rect.right - 980, 860)
        panel.x += int((1 - shown) * 900)
        kit.panel(surface, panel, c.panel, radius=40, border=c.gold, border_width=6)
        mission = public.end == Ending.MISSION
        title = t("ms.end.shared" if len(public.winners) > 1 else "ms.end.mission") if mission else t("ms.end.last")
        y = kit.blit_text(surface, title, 68, (panel.centerx, panel.y + 26), "midtop", c.gold, shadow=True,
                          max_width=panel.width - 40, align="center").bottom + 16
        for seat in public.winners:
            cid = public.final_characters[seat]
            kit.draw_seat_badge(surface, self.ctx.seats[seat], (panel.x + 90, y + 50), 96, beside=True, name_size=52)
            kit.blit_text(surface, t("ms.end.was", character=self.character_name(cid)), 34, (panel.x + 160, y + 84),
                          "topleft", c.muted)
            icon = kit.icon(self.catalogue.character(cid).icon, 120)
            surface.blit(icon, icon.get_rect(midright=(panel.right - 40, y + 64)))
            y += 150
        if mission:
            for line in public.lines:
                obj = self.catalogue.object(self.catalogue.character(line.character).object)
                key = "ms.end.line_row" if line.kind == "row" else "ms.end.line_column"
                text = t(key, object=obj.plural(self.lang()), n=line.index + 1)
                y = kit.blit_text(surface, text, 40, (panel.centerx, y), "midtop", c.text,
                                  max_width=panel.width - 60, align="center").bottom + 10
        else:
            y = kit.blit_text(surface, t("ms.end.last_body", name=self.name(public.winners[0])), 40,
                              (panel.centerx, y), "midtop", c.text, max_width=panel.width - 60,
                              align="center").bottom + 10
        # every card face up: who was who
        y = max(y + 20, panel.bottom - 250)
        step = (panel.width - 40) // max(1, self.seats)
        for seat, cid in enumerate(public.final_characters):
            x = panel.x + 20 + step * seat + step // 2
            kit.seat_token(surface, self.ctx.seats[seat].style, (x, y + 30), 28, dim=public.out[seat])
            icon = kit.icon(self.catalogue.character(cid).icon, 96)
            surface.blit(icon, icon.get_rect(midtop=(x, y + 66)))
            kit.blit_text(surface, self.name(seat), 28, (x, y + 170), "midtop", c.muted, max_width=step - 10,
                          align="center")
            if public.out[seat]:
                self._draw_cross(surface, (x, y + 114), 34)
        if self.end_move.done:
            kit.hint_bar(surface, [(Intent.CONFIRM, t("ms.end.again")), (Intent.BACK, t("ms.end.lobby"))])

    def _draw_confetti(self, surface: pygame.Surface, alpha: float) -> None:
        """Falling confetti in the winners' colours (deterministic, no generator)."""
        kit = self.ctx.kit
        colours = [kit.seat_style(self.ctx.seats[s].style).colour for s in self.public.winners] or [kit.colours.gold]
        time = self.ticks + alpha
        for i in range(70):
            x = (i * 277 + int(40 * math.sin(time / 30 + i))) % kit.W
            y = (time * (3 + i % 5) + i * 97) % (kit.H + 80) - 40
            size = 10 + i % 4 * 3
            piece = pygame.Rect(int(x), int(y), size, int(size * (0.5 + 0.5 * abs(math.sin(time / 12 + i)))))
            pygame.draw.rect(surface, colours[i % len(colours)], piece, border_radius=3)


def make_board(ctx: AppContext, entry: GameEntry, session: Session, bots: Mapping[int, Bot]) -> MissionBoard:
    return MissionBoard(ctx, entry, session, bots)


# --- screenshots -------------------------------------------------------------------------
SHOT_SEATS = 4


def _table(ctx: AppContext, seed: int, seats: int = SHOT_SEATS) -> tuple[GameEntry, Session, dict[int, Bot]]:
    while len(ctx.seats) < seats:
        ctx.seats.add_bot(ctx.t("kit.bot_name", n=len(ctx.seats) + 1))
    entry = ctx.games["mission_secrete"]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(seats), seed)
    bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"shot:{seed}:{s}")) for s in range(seats)}
    return entry, session, bots


def _play(session: Session, bots: Mapping[int, Bot], stop: Callable[[MSPublic], bool], seed: int,
          accuse: bool = True) -> None:
    """Bots play (a seeded seat order) until ``stop(public)``; accusations only if allowed."""
    order = Rng.from_seed(f"order:{seed}")
    for _ in range(3000):
        public = session.view(None).public
        if stop(public) or session.outcome() is not None:
            return
        for seat in order.shuffled(sorted(session.current())):
            legal = [a for a in session.legal(seat) if accuse or a.kind != "accuse"]
            action = bots[seat].act(session.view(seat), legal) if legal else None
            if action is not None:
                session.submit(action)
                break


def _mid_match(ctx: AppContext, args: argparse.Namespace, swaps: int = 7) -> tuple[GameEntry, Session, dict[int, Bot], MissionBoard]:
    """A match ``swaps`` swaps in and still going (the first seed from ``args.seed`` on
    whose match lasts that long)."""
    for seed in range(args.seed, args.seed + 50):
        entry, session, bots = _table(ctx, seed)
        _play(session, bots, lambda public: len(public.swaps) >= swaps, seed, accuse=False)
        if session.outcome() is None:
            break
    board = MissionBoard(ctx, entry, session, {}, intro=False)
    ctx.stack.push(board)
    return entry, session, bots, board


def _press(ctx: AppContext, seat: int, intent: Intent, pressed: bool = True, **extra: Any) -> None:
    ctx.stack.handle(seat, InputEvent(ctx.seats[seat].device, intent, pressed=pressed, **extra))


def shot_turn(ctx: AppContext, args: argparse.Namespace) -> None:
    _entry, session, _bots, board = _mid_match(ctx, args)
    turn = session.view(None).public.turn
    board.cursor = 7
    _press(ctx, turn, Intent.CONFIRM)


def shot_swap(ctx: AppContext, args: argparse.Namespace) -> None:
    _entry, session, bots, board = _mid_match(ctx, args)
    turn = session.view(None).public.turn
    swaps = [a for a in session.legal(turn) if a.kind == "swap"]
    board.submit(bots[turn].act(session.view(turn), swaps))
    a, b, _tween = board.swap
    board.swap = (a, b, Tween(0.0, 1.0, SWAP_TICKS, "in_out_cubic", delay=max(0, args.ticks - SWAP_TICKS // 2)))


def shot_accuse(ctx: AppContext, args: argparse.Namespace) -> None:
    _entry, session, _bots, board = _mid_match(ctx, args)
    accuser = (session.view(None).public.turn + 2) % SHOT_SEATS
    board.start_accusation(accuser)
    _press(ctx, accuser, Intent.RIGHT)
    _press(ctx, accuser, Intent.CONFIRM)


def shot_reveal(ctx: AppContext, args: argparse.Namespace) -> None:
    _entry, session, _bots, board = _mid_match(ctx, args)
    public = session.view(None).public
    accuser, accused = (public.turn + 1) % SHOT_SEATS, (public.turn + 3) % SHOT_SEATS
    # the accuser names a character the accused does not hold (a public outcome either way)
    held = session.view(accused).private.my_character
    wrong = next(c.id for c in board.catalogue.characters if c.id != held)
    board.submit(Action("accuse", accuser, {"accused": accused, "character": wrong}))
    board.reveal.tick = max(0, CLAIM_TICKS + 40 - args.ticks)


def shot_win(ctx: AppContext, args: argparse.Namespace) -> None:
    entry, session, bots = _table(ctx, args.seed)
    _play(session, bots, lambda public: public.phase == MSPhase.OVER and public.end == Ending.MISSION, args.seed,
          accuse=False)
    board = MissionBoard(ctx, entry, session, {}, intro=False)
    board.end_move = Tween(0.0, 1.0, 1)
    ctx.stack.push(board)


def shot_peek(ctx: AppContext, args: argparse.Namespace) -> None:
    _entry, _session, _bots, board = _mid_match(ctx, args)
    board.open_peek(1)
    _press(ctx, 1, Intent.PEEK)


SHOTS = {
    "mission_secrete.turn": shot_turn,
    "mission_secrete.swap": shot_swap,
    "mission_secrete.accuse": shot_accuse,
    "mission_secrete.reveal": shot_reveal,
    "mission_secrete.win": shot_win,
    "mission_secrete.peek": shot_peek,
}
