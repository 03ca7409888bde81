"""No sound depends on a secret: a blind vote sounds the same whoever it names.

For every board with a blind vote on the ring picker, one seat points at different
options with the D-pad (so a "nav" per step would be caught too) and confirms; the
names the board and its overlays ask ``ctx.audio`` to play must be the same for every
accepted option, while the voter's own peek shows the options apart (the positive
control). Boards land over time: a vote scene not registered yet is skipped.
"""


import pygame
import pytest

from game.context import build_context
from game.input.intents import InputEvent, Intent
from game.scenes.peek import LOOK_AWAY_TICKS
from game.scenes.ring import RingPicker
from game.settings import Settings
from game.shots import ShotRequest, registry
from tests.fakes import RecordingAudio

#: Shots that open a blind vote (a RingPicker) for human seats.
VOTE_SCENES = ("personality.vote", "personality.inversion.vote", "secret_identity.vote", "incognito.vote")
#: Ticks recorded after the vote: its own feedback, not a later public reveal.
AFTER_TICKS = 90
OPTIONS_TRIED = 3


def _picker(ctx) -> RingPicker | None:
    return next((scene for scene in reversed(list(ctx.stack)) if isinstance(scene, RingPicker)), None)


def _press(ctx, seat: int, intent: Intent) -> None:
    device = ctx.seats[seat].device
    ctx.stack.handle(seat, InputEvent(device, intent, True))
    ctx.stack.handle(seat, InputEvent(device, intent, False))


def _peeked(ctx, seat: int) -> bytes:
    """The canvas while ``seat`` holds PEEK, past its look-away (then it lets go)."""
    device = ctx.seats[seat].device
    ctx.stack.handle(seat, InputEvent(device, Intent.PEEK, True))
    for _ in range(LOOK_AWAY_TICKS):
        ctx.stack.fixed_update(1 / 60)
    canvas = ctx.kit.canvas()
    ctx.stack.draw(canvas, 1.0)
    ctx.stack.handle(seat, InputEvent(device, Intent.PEEK, False))
    return pygame.image.tobytes(canvas, "RGB")


def _vote(scene: str, option: int) -> tuple[list[str], bool, int, bytes]:
    """(sounds asked for, whether the vote was accepted, options offered, the canvas
    while the voter peeked at its pointer before confirming)."""
    ctx = build_context(headless=True, settings=Settings(), seats=6)
    registry()[scene](ctx, ShotRequest(seats=6, ticks=0))
    audio = ctx.audio = RecordingAudio()
    for _ in range(3):  # boards open their picker on a tick
        ctx.stack.fixed_update(1 / 60)
    picker = _picker(ctx)
    assert picker is not None, f"{scene}: no ring picker open"
    seat = picker.pending()[0]
    offered = len(picker.question(seat).options)
    before = len(audio.played)
    for _ in range(option % offered):
        _press(ctx, seat, Intent.RIGHT)
    peeked = _peeked(ctx, seat)
    _press(ctx, seat, Intent.CONFIRM)
    accepted = picker.refusal is None
    for _ in range(AFTER_TICKS):
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
    return audio.played[before:], accepted, offered, peeked


@pytest.mark.parametrize("scene", VOTE_SCENES)
def test_a_vote_sounds_the_same_whoever_it_names(scene):
    if scene not in registry():
        pytest.skip(f"{scene} is not built yet")
    sounds: dict[int, list[str]] = {}
    peeks: dict[int, bytes] = {}
    _, _, offered, _ = _vote(scene, 0)
    for option in range(offered):
        played, accepted, _, peeked = _vote(scene, option)
        if accepted:  # a refusal (e.g. naming yourself) follows public rules, not secrets
            sounds[option], peeks[option] = played, peeked
        if len(sounds) == OPTIONS_TRIED:
            break
    assert len(sounds) >= 2, f"{scene}: fewer than two options accepted"
    first = next(iter(sounds.values()))
    assert "vote" in first
    for option, played in sounds.items():
        assert played == first, f"{scene}: option {option} sounds {played}, option 0 sounds {first}"
    # positive control: the votes compared were different ones (the voter's peek tells them apart)
    assert len(set(peeks.values())) == len(peeks), f"{scene}: two votes looked the same in the voter's peek"
