"""Differential TV tests (issue 25, item 14): one seat's secret input never changes what
the TV shows, except inside that seat's own peek.

A stretch of a match is played twice through the real App and real devices
(``tests/e2e.Room``: SDL virtual pads, posted keyboard events), from the same seed, with
the same seats and the same inputs, except for one seat's secret input (where it aims,
what it votes, which card it picks) or one seat's secret (the word or character it was
dealt). Every frame the App draws is recorded: a digest of the whole canvas, and what
the scene stack says of the watched seat at that frame, read from the overlays drawn:

- ``private``: an overlay draws the seat's private view (``private_for(seat)``: the peek
  curtain open, the ring showing the seat's pointer);
- ``named``: an overlay names the seat and asks the room to look away
  (``look_away_for(seat)``: the curtain closed, or the ring's look-away after a press).

Any overlay that draws a secret takes part by offering those two methods (Incognito's
drawing curtain will, being a :class:`~game.scenes.peek.PeekCurtain`). ``same_tv``
then holds the two recordings to SS-1..SS-3: as many frames, the curtain private at the
same frames in both, every other frame identical pixel for pixel, and each private
stretch starting at least ``LOOK_AWAY_TICKS`` ticks after the seat's look-away did
(SS-2's order; those frames are compared too). Nothing is exempted by timing: only the frames
the scene stack says are private. It returns how many private frames differed, the
positive control that the two runs' secrets did differ on the seat's own screen.

A secret that becomes public later (a vote at the reveal, the card a reader plays)
stops the comparison there: ``record(..., stop=...)`` leaves out every frame from the
first one ``stop()`` holds for.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.core.rng import Rng
from game.core.session import Session
from game.scenes.menus.matches import make_bots
from game.scenes.peek import LOOK_AWAY_TICKS
from tests.e2e import Hand, Room

#: What seats a run has: a pad (its name) or a keyboard side ("left"/"right"), in seat order.
PAD, LEFT, RIGHT = "pad", "left", "right"


@dataclass(frozen=True)
class Frame:
    digest: int       # CRC-32 of the canvas's pixels (a full-HD frame in ~2 ms)
    ticks: int        # fixed ticks run since the frame before
    private: bool     # an overlay draws the watched seat's private view
    named: bool       # an overlay names the watched seat and asks the room to look away


@dataclass
class Run:
    """One run's room, its board and the humans' hands by seat."""

    room: Room
    board: Any
    hands: dict[int, Hand]
    frames: list[Frame] = field(default_factory=list)
    #: How many frames came before the first one ``record_run``'s ``mark`` held for (None: none).
    marked: int | None = None

    def frame(self, count: int = 1) -> None:
        """``count`` frames of one fixed tick each, every one drawn and recorded."""
        self.room.run(count)

    def until(self, done: Callable[[], bool], limit: int = 1200) -> None:
        """Frames of one tick until ``done()`` (a state both runs reach at the same frame)."""
        for _ in range(limit):
            if done():
                return
            self.room.run(1)
        assert done(), f"still waiting after {limit} frames; top scene {type(self.room.top).__name__}"


def _says(stack: Any, method: str, seat: int) -> bool:
    return any(getattr(scene, method, None) is not None and getattr(scene, method)(seat) for scene in stack.visible())


def advance(session: Session, entry: Any, catalogue: Any, seed: int, until: Callable[[Session], bool],
            limit: int = 2000) -> None:
    """Play ``session`` with a bot in every seat (humans included, each from its own
    view) until ``until(session)``: the stretch under test starts there."""
    brains = {seat: entry.make_bot(catalogue, seat, Rng.from_seed(f"tv/{seed}/{seat}"))
              for seat in range(int(session.config["seats"]))}
    order = Rng.from_seed(f"tv/order/{seed}")
    for _ in range(limit):
        if until(session):
            return
        assert session.outcome() is None, "the match ended before the stretch under test"
        for seat in order.shuffled(sorted(session.current())):
            legal = session.legal(seat)
            action = brains[seat].act(session.view(seat), legal) if legal else None
            if action is not None:
                session.submit(action)
                break
        else:
            assert session.jump_to_deadline(), "every seat waits and no countdown runs"
    assert until(session), f"not there after {limit} actions"


def record(game_id: str, seed: int, devices: Iterable[str], bots: int, watched: int,
           script: Callable[[Run], None], *, until: Callable[[Session], bool] = lambda session: True,
           stop: Callable[[Run], bool] | None = None, prepare: Callable[[Session], None] | None = None) -> list[Frame]:
    """The frames of one run: ``devices`` then ``bots`` bots sit down, the match
    (``seed``, the default config) is played by bots until ``until``, ``prepare`` may
    set a seat's secret, the board goes up, and ``script``
    plays the humans' inputs. Every frame from the board's first is recorded with what
    the stack says of ``watched``, until ``stop(run)`` first holds."""
    return record_run(game_id, seed, devices, bots, watched, script, until=until, stop=stop, prepare=prepare).frames


def record_run(game_id: str, seed: int, devices: Iterable[str], bots: int, watched: int,
               script: Callable[[Run], None], *, until: Callable[[Session], bool] = lambda session: True,
               stop: Callable[[Run], bool] | None = None, prepare: Callable[[Session], None] | None = None,
               mark: Callable[[Run], bool] | None = None) -> Run:
    """:func:`record`'s run, its frames and, with ``mark``, :attr:`Run.marked`: how many
    frames came before the first one ``mark(run)`` held for (None if none did, the frame
    the room's closing draws included), so ``frames[:marked]`` are the frames the same run
    records with ``stop=mark``. ``mark`` only reads the run, as ``stop`` does: one run
    serves both (tests/test_tv_secrets.py)."""
    room = Room(seed=None)
    try:
        ctx = room.ctx
        hands: list[Hand] = []
        for device in devices:
            hand = room.keyboard(device) if device in (LEFT, RIGHT) else room.attach_pad(device)
            ctx.seats.join(hand.device, f"{device.title()} {len(hands) + 1}")
            hands.append(hand)
        for i in range(bots):
            ctx.seats.add_bot(f"Robot {i + 1}")
        entry = ctx.games[game_id]
        catalogue = ctx.catalogue.game(entry.catalogue_key)
        session = Session(entry.make_definition(catalogue), entry.default_config(len(ctx.seats)), seed)
        advance(session, entry, catalogue, seed, until)
        if prepare is not None:
            prepare(session)
        board = entry.scenes().make_board(ctx, entry, session, make_bots(ctx, entry, seed))
        board.bot_delay = (6, 12)
        run = Run(room, board, {hand.seat: hand for hand in hands})
        stopped = False

        def present() -> None:  # in place of the window's flip: the TV's frame, kept as a digest
            nonlocal stopped
            stopped = stopped or (stop is not None and stop(run))
            if run.marked is None and mark is not None and mark(run):
                run.marked = len(run.frames)
            if not stopped:
                run.frames.append(Frame(zlib.crc32(room.app.canvas.get_view("1")), room.app.last_steps,
                                        _says(ctx.stack, "private_for", watched),
                                        _says(ctx.stack, "look_away_for", watched)))

        room.app.present = present
        ctx.stack.push(board)
        script(run)
        return run
    finally:
        room.close()


def same_tv(a: list[Frame], b: list[Frame]) -> int:
    """Assert that two runs showed the same TV outside the watched seat's private view
    (module doc); the number of private frames that differed."""
    assert len(a) == len(b), f"the runs drew {len(a)} and {len(b)} frames"
    assert a, "nothing was recorded"
    for i, (x, y) in enumerate(zip(a, b)):
        assert x.private == y.private and x.named == y.named, f"frame {i}: the curtain is not up alike in both runs"
        assert x.private or x.digest == y.digest, f"frame {i} differs and shows no private view"
    for run in (a, b):
        _named_first(run)
    return sum(x.digest != y.digest for x, y in zip(a, b) if x.private)


def _named_first(frames: list[Frame]) -> None:
    """Each private stretch starts at least LOOK_AWAY_TICKS ticks after the seat's
    look-away did (counted from the ticks that ran before its first frame: the press
    came before them)."""
    named = 0
    for i, frame in enumerate(frames):
        if frame.private:
            if i == 0 or not frames[i - 1].private:
                assert named + frame.ticks >= LOOK_AWAY_TICKS, (
                    f"frame {i}: the seat's private view shows {named + frame.ticks} ticks after its look-away "
                    f"began, not {LOOK_AWAY_TICKS}")
        elif frame.named:
            named += frame.ticks
            continue
        named = 0
