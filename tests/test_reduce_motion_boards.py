"""Reduce motion reaches the boards' and shows' own motion (issue 31 item 5), not only the
menus' (tests/test_motor_motion.py): with the setting on, a screen drawn a few ticks later
is pixel for pixel the same where only decoration moved (a shake, a pulse, a glow, the
bots' thinking dots, a card flying, popping or dealt, a curtain closing); with it off the
two frames differ. Each screen is a registered shot (game/shots.py), ticked on from the
first frame to the second: the tick pairs avoid what rightly changes with time (a
countdown's sweep, a score counting up, a look-away's arc)."""

from __future__ import annotations

import pygame
import pytest

from game.context import build_context
from game.settings import Settings
from game.shots import ShotRequest, prepare

#: (shot, first tick, second tick): every screen whose frames moved with reduce motion on.
MOVING = [
    ("disconnect", 60, 67),                    # the next held seat's card pulsing
    ("peek", 60, 67),                          # the breathing halo behind the badge
    ("lobby", 60, 67),                         # the free seat's pulsing frame
    ("title.attract", 60, 67),                 # "press start" breathing
    ("incognito.deal", 5, 12),                 # the place cards dealt in
    ("incognito.lineup", 60, 67),              # the tiles unfolding
    ("incognito.turn", 60, 67),                # the bots' thinking dots
    ("incognito.turn.open", 5, 12),
    ("incognito.draw", 60, 67),
    ("mission_secrete.reveal", 5, 12),         # the accusation's shake and drum beat
    ("mission_secrete.swap", 5, 12),           # two cards flying
    ("mission_secrete.accuse", 5, 12),
    ("mission_secrete.win", 60, 67),           # the winning lines' glow, the grid sliding
    ("personality.read", 60, 67),
    ("personality.exchange", 60, 67),
    ("personality.inversion", 60, 67),
    ("personality.reveal", 1, 4),              # the headline popping in
    ("secret_identity.replace", 5, 12),        # the new character's card pulsing
    ("secret_identity.reveal", 60, 67),        # the safe's card swelling, votes flipping, points flying
    ("secret_identity_coop.guess", 60, 67),    # the team cursor's pop
    ("secret_identity_coop.result", 60, 67),   # the answer swelling, a wrong guess shaking
]


def drawn(ctx) -> bytes:
    canvas = ctx.kit.canvas()
    ctx.kit.background(canvas)
    ctx.stack.draw(canvas, 1.0)
    return pygame.image.tobytes(canvas, "RGB")


def two_frames(name: str, first: int, second: int, reduce_motion: bool, then=None) -> tuple[bytes, bytes]:
    """The shot drawn at tick ``first`` (``then(ctx)`` done first) and again, ticked on, at ``second``."""
    ctx = prepare(name, ShotRequest(ticks=first), settings=Settings(reduce_motion=reduce_motion))
    if then is not None:
        then(ctx)
    before = drawn(ctx)
    for _ in range(second - first):
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
    return before, drawn(ctx)


@pytest.mark.parametrize("name,first,second", MOVING, ids=[case[0] for case in MOVING])
def test_a_screen_stands_still_with_reduced_motion(name, first, second):
    before, after = two_frames(name, first, second, reduce_motion=False)
    assert before != after, f"{name} does not move between ticks {first} and {second}: the case tests nothing"
    before, after = two_frames(name, first, second, reduce_motion=True)
    assert before == after, f"{name} still moves with reduced motion"


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_a_seat_s_badge_pops_on_the_ring_only_with_motion(reduce_motion):
    def choose(ctx) -> None:
        ctx.stack.top._choose(1, 0)  # seat 1 picks its second option: its badge pops
        ctx.stack.fixed_update(1 / 60)

    before, after = two_frames("ring", 1, 6, reduce_motion, then=choose)
    assert (before == after) is reduce_motion


# --- the shared pieces, one by one ---------------------------------------------------------------
def kit_with(reduce_motion: bool):
    return build_context(headless=True, settings=Settings(reduce_motion=reduce_motion), seats=4).kit


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_the_thinking_dots_rise_only_with_motion(reduce_motion):
    from game.ui.thinking import draw_thinking

    kit = kit_with(reduce_motion)
    frames = []
    for tick in (3, 12):
        canvas = pygame.Surface((200, 120))
        draw_thinking(canvas, kit, (100, 60), 44, tick)
        frames.append(pygame.image.tobytes(canvas, "RGB"))
    assert (frames[0] == frames[1]) is reduce_motion


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_the_podium_s_columns_rise_or_stand_at_once(reduce_motion):
    from game.ui.show import RISE_TICKS, Show, Standing

    ctx = build_context(headless=True, settings=Settings(reduce_motion=reduce_motion), seats=3)
    show = Show(ctx, [Standing(0, 5, place=1), Standing(1, 3, place=2), Standing(2, 1, place=3)])
    heights = set()
    for _ in range(RISE_TICKS):
        show.step()
        heights.add(round(show.rise(3), 3))
    assert heights <= {0.0, 1.0} if reduce_motion else len(heights) > 10


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_personality_s_masks_hop_square_to_square(reduce_motion):
    from game.games.personality.rules.view import MaskMove
    from game.games.personality.ui.timeline import STEP_TICKS, Timeline

    timeline = Timeline((2, 0), lambda seat: None, hops=lambda: reduce_motion)
    timeline.walk(MaskMove(0, 2, 5, 0, False))
    places = []
    while timeline.walking:
        timeline.tick()
        places.append(timeline.shown[0])
    assert len(places) == 3 * STEP_TICKS and places[-1] == 5.0
    assert all(p.is_integer() for p in places) is reduce_motion


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_the_last_seconds_swell_only_with_motion(reduce_motion, monkeypatch):
    kit = kit_with(reduce_motion)
    radii = []
    body = kit.shapes._countdown_body
    monkeypatch.setattr(kit.shapes, "_countdown_body", lambda r: radii.append(r) or body(r))
    for left in (2.95, 2.5):
        kit.countdown(pygame.Surface((400, 400)), (200, 200), left, 10.0, radius=84)
    assert (radii == [84, 84]) is reduce_motion


@pytest.mark.parametrize("reduce_motion", [False, True])
def test_a_toast_slides_in_or_is_there(reduce_motion):
    from game.scenes.toast import ToastScene

    ctx = build_context(headless=True, settings=Settings(reduce_motion=reduce_motion))
    toast = ToastScene(ctx, ["The settings file could not be read."])
    frames = []
    for ticks in (2, 20):
        toast.ticks = ticks
        canvas = pygame.Surface((1920, 1080))
        toast.draw(canvas, 1.0)
        frames.append(pygame.image.tobytes(canvas, "RGB"))
    assert (frames[0] == frames[1]) is reduce_motion
