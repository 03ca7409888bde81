"""End-to-end rig: the real App, the real InputHub, real SDL virtual pads and posted
keyboard events, driven the way a living room does.

    room = Room()                       # headless context + App on a hand-ticked clock
    pad = room.attach_pad()             # a real SDL virtual controller
    kb = room.keyboard("left")          # the WASD side
    pad.tap(Intent.CONFIRM); room.run(2)
    kb.hold(Intent.PEEK); ...; kb.let_go(Intent.PEEK)

Players only ever press buttons, move sticks and type keys: every action reaches the
game through ``pygame.event.get`` → ``InputHub`` → ``SceneStack.handle``. Tests read
the screen's state (the stack, the public view, the seat's own private view while it
peeks) to decide what to press, as a person looking at the TV would.
"""

from __future__ import annotations

import gc
import math
import time
from typing import Any, Callable

import pygame

from game.app import App
from game.context import build_context
from game.input.intents import Intent
from game.input.keymap import KEYBOARD, PAD_BUTTONS
from game.scenes.base import Scene
from game.scenes.peek import LOOK_AWAY_TICKS
from game.settings import Settings
from game.cli.virtual_pads import VirtualPads

#: Fixed steps per frame: the App's cap (5), so a long match runs in few draws.
BIG_STEP = 5
PAD_BUTTON_OF = {intent: button for button, intent in PAD_BUTTONS.items()}
SCANCODE_OF = {side: {intent: code for code, intent in table.items()} for side, table in KEYBOARD.items()}


class Clock:
    """A clock the test moves by hand (the App never sleeps)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Hand:
    """One physical device in a player's hands."""

    room: "Room"
    device: tuple

    def hold(self, intent: Intent) -> None:
        raise NotImplementedError

    def let_go(self, intent: Intent) -> None:
        raise NotImplementedError

    def tap(self, intent: Intent, frames: int = 1) -> None:
        """Press and release (in one frame: the hub reads both, in order)."""
        self.hold(intent)
        self.let_go(intent)
        self.room.run(frames)

    def point(self, angle: float) -> None:
        """Aim at ``angle`` (degrees clockwise from up): the stick on a pad."""
        raise NotImplementedError

    @property
    def seat(self) -> int | None:
        return self.room.ctx.seats.seat_of(self.device)


class PadHand(Hand):
    def __init__(self, room: "Room", vpad: Any) -> None:
        self.room = room
        self.vpad = vpad

    @property
    def device(self) -> tuple:
        return ("pad", self.vpad.instance_id)

    def hold(self, intent: Intent) -> None:
        self.vpad.press(PAD_BUTTON_OF[intent])

    def let_go(self, intent: Intent) -> None:
        self.vpad.release(PAD_BUTTON_OF[intent])

    def point(self, angle: float) -> None:
        """Push the stick fully towards ``angle`` and let it spring back, both radially
        as a thumb does (SDL moves one axis at a time: in small steps the angle on the
        way stays within a few degrees of ``angle``)."""
        rad = math.radians(angle)
        for r in (0.25, 0.5, 0.75, 1.0):
            self.vpad.stick(r * math.sin(rad), -r * math.cos(rad))
        self.room.run(1)
        for r in (0.75, 0.5, 0.25, 0.0):
            self.vpad.stick(r * math.sin(rad), -r * math.cos(rad))
        self.room.run(1)

    def unplug(self) -> None:
        self.vpad.detach()


class KeyHand(Hand):
    def __init__(self, room: "Room", side: str) -> None:
        self.room = room
        self.side = side
        self.device = ("kb", side)

    def _post(self, kind: int, intent: Intent) -> None:
        code = SCANCODE_OF[self.side][intent]
        pygame.event.post(pygame.event.Event(kind, key=0, scancode=code, mod=0, unicode=""))

    def hold(self, intent: Intent) -> None:
        self._post(pygame.KEYDOWN, intent)

    def let_go(self, intent: Intent) -> None:
        self._post(pygame.KEYUP, intent)

    def point(self, angle: float) -> None:
        raise TypeError("a keyboard side has no stick: step with directions")


def set_aside() -> None:
    """What the process holds now, freed of its garbage, then set aside from the cyclic GC
    (``gc.freeze``), as ``play`` freezes what it loaded: the App runs a full collection
    each time a scene leaves (game/heap.py), which then walks only what came after."""
    gc.collect()
    gc.freeze()


def free_thawed() -> None:
    """Free what was set aside and has died since (a settled room, a storm): the heap
    thawed, collected and set aside again (~0.05-0.09 s)."""
    gc.unfreeze()
    set_aside()


class Room:
    """A headless Secret Salon on a hand-ticked clock, with real devices. ``seed`` fixes
    the seed the lobby gives new matches (it takes the time otherwise)."""

    def __init__(self, lang: str = "fr", seed: int | None = 1) -> None:
        self._settled = False  # (settle)
        if seed is not None:
            from types import SimpleNamespace

            from game.scenes.menus import matches

            self._time = matches.time
            matches.time = SimpleNamespace(time_ns=lambda: seed)
        pygame.init()
        pygame.event.clear()
        # What the test process holds (its modules, the catalogues an earlier room loaded)
        # set aside from the cyclic GC, as ``play`` freezes what it loaded: the App runs a
        # full collection each time a scene leaves (game/heap.py). The room's own context
        # is made after, so ``close`` frees it with a collection of what is not frozen:
        # thawing the whole process's heap to free it was ~0.3 s a room.
        set_aside()
        self.ctx = build_context(headless=True, lang=lang, settings=Settings(lang=lang))
        self.clock = Clock()
        self.app = App(self.ctx, clock=self.clock)
        # Every frame is drawn on the canvas, where the tests look; only SDL's upload and
        # scaling of it into the hidden window is left out (as tv_diff's runs do): ~4 ms a
        # frame with the dummy driver, 40 % of a whole match. tests/test_loop.py and
        # test_screen.py present through the real window.
        self.app.present = lambda: None
        self.vpads = VirtualPads()
        self.hands: list[Hand] = []

    # --- devices -------------------------------------------------------------------------
    def attach_pad(self, name: str = "Virtual Pad") -> PadHand:
        hand = PadHand(self, self.vpads.attach(name))
        self.run(1)
        assert hand.vpad.instance_id in self.app.hub.pad_names
        self.hands.append(hand)
        return hand

    def keyboard(self, side: str) -> KeyHand:
        hand = KeyHand(self, side)
        self.hands.append(hand)
        return hand

    # --- time ----------------------------------------------------------------------------
    def run(self, frames: int = 1, steps: int = 1) -> None:
        """``frames`` App frames of ``steps`` fixed steps each (events pumped, one draw)."""
        for _ in range(frames):
            self.clock.now += steps / 60.0
            self.app.frame()

    def fast(self, frames: int = 1) -> None:
        self.run(frames, BIG_STEP)

    def skim(self, frames: int, steps: int = BIG_STEP) -> None:
        """``frames`` App frames of which only the last is drawn: the others pump events,
        run their fixed steps and serve phones as any frame does, and skip the draw (for
        a wait no check looks at, such as a show phones watch; drawing is most of a frame's cost)."""
        self.app.draw = lambda alpha: None  # an instance attribute over App.draw
        try:
            self.run(frames - 1, steps)
        finally:
            del self.app.draw
        self.run(1, steps)

    def look_away(self) -> None:
        """The fixed ticks a held PEEK first shows the curtain naming its seat (SS-2),
        in big frames: then the seat's private view is on the TV."""
        self.skim(-(-LOOK_AWAY_TICKS // BIG_STEP))

    def until(self, done: Callable[[], bool], limit: int = 2000, steps: int = BIG_STEP) -> None:
        """Run big frames until ``done()``; fails after ``limit`` frames."""
        for _ in range(limit):
            if done():
                return
            self.run(1, steps)
        assert done(), f"still waiting after {limit} frames; top scene {type(self.ctx.stack.top).__name__}"

    def until_served(self, done: Callable[[], bool], seconds: float = 5.0) -> None:
        """Frames of one tick until ``done()`` (fails after ``seconds``), the TV idle a
        moment before each, as the app's loop idles between frames: for news from another
        thread (the companion's server bound, a phone's socket closed, its act arrived).
        Frames back to back starve that thread of the interpreter lock, and on a busy
        machine a fixed count of them was not always enough."""
        end = time.monotonic() + seconds
        while not done() and time.monotonic() < end:
            time.sleep(0.002)
            self.run(1)
        assert done(), f"still waiting after {seconds} s; top scene {type(self.ctx.stack.top).__name__}"

    # --- what the TV shows ---------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.ctx.stack.top

    def find(self, kind: type) -> Any:
        """The topmost scene of ``kind`` on the stack, or None."""
        for scene in reversed(list(self.ctx.stack)):
            if isinstance(scene, kind):
                return scene
        return None

    def settle(self) -> None:
        """The room's context set aside from the cyclic GC too, as ``play`` freezes what it
        loaded (cli/play.settle), for a test whose match has many scene exits (a curtain
        and a picker a move): each is a full collection (game/heap.py), which otherwise
        walks the whole unfrozen context, ~25 ms each. :meth:`close` then thaws the
        process's heap once to free it (~0.05 s)."""
        set_aside()
        self._settled = True

    def close(self) -> None:
        if hasattr(self, "_time"):
            from game.scenes.menus import matches

            matches.time = self._time
        self.vpads.close()
        self.run(1)
        self.app.hub.pads.close_all()
        pygame.event.clear()
        # Scenes, kit caches and full-HD surfaces sit in reference cycles: free them now,
        # not whenever the collector next runs (tests build several rooms in a process).
        # None of them is frozen (``__init__`` froze before making them) unless the room
        # was settled: then the heap is thawed to free them, and what lives on frozen again.
        self.ctx.stack.clear()
        if self._settled:
            free_thawed()
        else:
            gc.collect()


# --- menus -------------------------------------------------------------------------------
def focus_to(room: Room, hand: Hand, key: str, limit: int = 16) -> None:
    """Move the menu focus to the item ``key`` with directions (as a player watching the
    focus ring does): down first, then right, then up, then left."""
    scene = room.top
    for direction in (Intent.DOWN, Intent.RIGHT, Intent.UP, Intent.LEFT):
        for _ in range(limit):
            if _focused(room) == key:
                return
            before = _focused(room)
            hand.tap(direction)
            if _focused(room) == before:
                break
    assert _focused(room) == key, f"no way to {key!r} from {_focused(room)!r} on {type(scene).__name__}"


def _focused(room: Room) -> str | None:
    item = room.top.focused() if hasattr(room.top, "focused") else None
    return item.key if item else None


def title_to_lobby(room: Room, hand: Hand, game_id: str) -> Any:
    """From the attract title: open the menu, Play, pick ``game_id``; returns the lobby."""
    from game.scenes.menus.games import GameChoiceScene
    from game.scenes.menus.lobby import LobbyScene
    from game.scenes.menus.title import TitleScene

    assert isinstance(room.top, TitleScene) and room.top.attract
    hand.tap(Intent.CONFIRM, 2)
    assert not room.top.attract
    focus_to(room, hand, "play")
    hand.tap(Intent.CONFIRM, 2)
    assert isinstance(room.top, GameChoiceScene)
    focus_to(room, hand, game_id)
    hand.tap(Intent.CONFIRM, 2)
    assert isinstance(room.top, LobbyScene) and room.top.entry.id == game_id
    return room.top


def seat_table(room: Room, hands: list[Hand], bots: int, fast_bots: bool = True) -> Any:
    """In the lobby: each hand joins with CONFIRM, the first adds ``bots`` bots and
    starts the match with MENU (A on Start only says so). Returns the board."""
    from game.scenes.match import MatchScene

    lobby = room.top
    for hand in hands:
        hand.tap(Intent.CONFIRM, 2)
        assert hand.seat is not None, f"{hand.device} did not join"
    chair = hands[0]
    focus_to(room, chair, "add_bot")
    for _ in range(bots):
        chair.tap(Intent.CONFIRM, 2)
    assert len(room.ctx.seats) == len(hands) + bots
    assert lobby.problem() is None, lobby.problem()
    chair.tap(Intent.MENU, 1)
    board = room.find(MatchScene)
    assert board is not None, f"no board after Start; top {type(room.top).__name__}"
    if fast_bots:
        board.bot_delay = (2, 4)
    return board


# --- the secret-input pieces, as a player works them ---------------------------------------
def ring_choose(room: Room, hand: Hand, ring: Any, index: int) -> None:
    """Choose option ``index`` on a ring picker: hold PEEK (the own needle shows), aim —
    the stick's angle on a pad, RIGHT steps on a keyboard —, check the needle, CONFIRM,
    let go."""
    seat = hand.seat
    hand.hold(Intent.PEEK)
    room.run(1)
    n = len(ring.question(seat).options)
    if isinstance(hand, PadHand):
        hand.point(index * 360.0 / n)
    else:
        for _ in range(n):
            if ring.pointer[seat] % n == index:
                break
            hand.tap(Intent.RIGHT)
    assert ring.pointer[seat] % n == index, (
        f"seat {seat} aimed at option {index} of {n} but the needle shows {ring.pointer[seat] % n}")
    hand.tap(Intent.CONFIRM)
    hand.let_go(Intent.PEEK)
    room.run(1)


def rings_for(room: Room, seat: int) -> Any:
    """The topmost ring picker waiting for ``seat``'s choice, or None."""
    from game.scenes.ring import RingPicker

    for scene in reversed(list(room.ctx.stack)):
        if isinstance(scene, RingPicker) and seat in scene.pointer and scene.question(seat) is not None:
            return scene
    return None


def curtain_for(room: Room, seat: int) -> Any:
    from game.scenes.peek import PeekCurtain

    for scene in reversed(list(room.ctx.stack)):
        if isinstance(scene, PeekCurtain) and scene.seat == seat:
            return scene
    return None


def brains(room: Room, entry: Any, seats: list[int], seed: str = "e2e") -> dict[int, Any]:
    """What the humans think with: the game's own bot, fed only the seat's own view."""
    from game.core.rng import Rng

    catalogue = room.ctx.catalogue.game(entry.catalogue_key)
    return {s: entry.make_bot(catalogue, s, Rng.from_seed(f"{seed}/{s}")) for s in seats}


def pad_keyboard_bot_board(room: Room, game_id: str, seed: int) -> tuple[Any, Any, Any, dict[int, Any]]:
    """``game_id``'s board on the stack for a pad ("Bo"), a keyboard side ("Ana") and a
    bot ("Robot"), dealt from ``seed``: (the pad, session, board, each seat's bot brain,
    seeded by its index) — the brains play the humans' moves through the board."""
    from game.core.rng import Rng
    from game.core.session import Session

    ctx = room.ctx
    pad = room.attach_pad()
    ctx.seats.join(pad.device, "Bo")
    ctx.seats.join(("kb", "left"), "Ana")
    ctx.seats.add_bot("Robot")
    entry = ctx.games[game_id]
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), seed)
    board = entry.scenes().make_board(ctx, entry, session, {})
    ctx.stack.push(board)
    return pad, session, board, {s: entry.make_bot(catalogue, s, Rng(s)) for s in range(len(ctx.seats))}


def think(board: Any, brain: Any, seat: int) -> Any:
    """The move a seat would make now, from its own view (None: it waits)."""
    legal = board.session.legal(seat)
    return brain.act(board.session.view(seat), legal) if legal else None


def same_action(a: Any, b: Any) -> bool:
    return a.kind == b.kind and a.data == b.data


def room_at_title(seed: int | None = 1) -> Room:
    """A room whose stack starts on the title screen, as a player switching on sees it."""
    from game.scenes.menus.title import TitleScene

    room = Room(seed=seed)
    room.ctx.stack.push(TitleScene(room.ctx))
    return room


class Table:
    """The humans at a board: their hands by seat and, unless told not to, a bot "brain"
    per seat that plans the move each human then makes through its own device."""

    def __init__(self, room: Room, board: Any, hands: list[Hand], with_brains: bool = True) -> None:
        self.room, self.board = room, board
        self.hands = {hand.seat: hand for hand in hands}
        self.brains = brains(room, board.entry, list(self.hands)) if with_brains else {}
