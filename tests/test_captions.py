"""Captions for sound cues (issue 31 item 2): every sound the game plays and a rumble
have a caption in French and English; with the setting on, the app writes each cue in a
strip on the TV as it plays, wherever it is played from; a blind vote's captions are the
same whoever it names (as its sounds are: tests/test_sound_secrets.py)."""

from __future__ import annotations

import pygame
import pytest

from game import paths
from game.context import build_context
from game.i18n import Strings
from game.settings import Settings
from game.shots import ShotRequest, registry
from game.ui.audio import EFFECTS
from game.ui.captions import LINE_TICKS, QUIET, RUMBLE, CaptionStrip, keep_captions
from tests.test_sound_secrets import AFTER_TICKS, OPTIONS_TRIED, VOTE_SCENES, _picker, _press


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_sound_and_the_rumble_have_a_caption(lang):
    strings = Strings.load(paths.data_dir() / "i18n", lang)
    for cue in (*EFFECTS, RUMBLE):
        assert strings.has(f"captions.{cue}"), cue
        text = strings.get(f"captions.{cue}")
        assert text.startswith("[") and text.endswith("]"), text
    assert QUIET < set(EFFECTS)


def strip_pixels(canvas: pygame.Surface, kit) -> bytes:
    """The band above the hint bar, where the strip is written."""
    top = kit.hint_bar_top()
    return pygame.image.tobytes(canvas.subsurface((0, top - 260, 1920, 260)), "RGB")


def test_the_app_writes_each_cue_on_the_tv_while_the_setting_is_on():
    from tests.e2e import Room

    room = Room(lang="en")
    try:
        ctx, app = room.ctx, room.app
        registry()["mission_secrete.turn"](ctx, ShotRequest(seats=3, ticks=0))
        room.run(1)
        assert app.captions is None and not ctx.audio.listeners
        app.draw(0.0)
        silent = strip_pixels(app.canvas, ctx.kit)
        ctx.settings.captions = True
        room.run(1)
        ctx.audio.play("victory")
        ctx.audio.play("nav")  # a menu's click: not news
        ctx.input.rumble(0, 0.5, 0.5, 100)
        ctx.audio.play("tick")
        ctx.audio.play("tick")
        assert app.captions.texts() == ["[Victory fanfare]", "[Controllers rumble]", "[Countdown beep] ×2"]
        app.draw(0.0)
        assert strip_pixels(app.canvas, ctx.kit) != silent
        room.fast(LINE_TICKS // 5 + 1)  # five fixed steps a frame: the lines have had their time
        assert app.captions.texts() == []
        ctx.settings.captions = False
        room.run(1)
        assert app.captions is None and not ctx.audio.listeners and not ctx.input.rumble_listeners
    finally:
        ctx.stack.clear()
        room.close()


def test_the_strip_keeps_its_newest_lines_and_speaks_the_game_s_language():
    ctx = build_context(headless=True, lang="fr", settings=Settings())
    ctx.settings.captions = True
    strip = keep_captions(ctx, None, 0)
    for cue in ("join", "vote", "reveal", "points"):
        ctx.audio.play(cue)
    assert strip.texts() == ["[Pop\u00a0: un vote]", "[Montée\u00a0: la révélation]", "[Ding\u00a0: des points]"]


def _captions_of_a_vote(scene: str, option: int) -> tuple[list[str], bool]:
    """The caption strip's lines after a seat votes for ``option`` (real headless audio)."""
    ctx = build_context(headless=True, settings=Settings(lang="en", captions=True), seats=6)
    registry()[scene](ctx, ShotRequest(seats=6, ticks=0))
    strip = CaptionStrip(ctx)
    strip.attach()
    for _ in range(3):
        ctx.stack.fixed_update(1 / 60)
    picker = _picker(ctx)
    seat = picker.pending()[0]
    offered = len(picker.question(seat).options)
    strip.lines.clear()
    for _ in range(option % offered):
        _press(ctx, seat, pygame_intent("RIGHT"))
    _press(ctx, seat, pygame_intent("CONFIRM"))
    accepted = picker.refusal is None
    for _ in range(AFTER_TICKS):
        ctx.stack.fixed_update(1 / 60)
        ctx.stack.update(1 / 60)
    return strip.texts(), accepted


def pygame_intent(name: str):
    from game.input.intents import Intent

    return Intent[name]


@pytest.mark.parametrize("scene", VOTE_SCENES)
def test_a_vote_is_captioned_the_same_whoever_it_names(scene):
    if scene not in registry():
        pytest.skip(f"{scene} is not built yet")
    captions = {}
    for option in range(OPTIONS_TRIED):
        texts, accepted = _captions_of_a_vote(scene, option)
        if accepted:
            captions[option] = texts
    assert len(captions) >= 2, f"{scene}: fewer than two votes accepted"
    first = next(iter(captions.values()))
    assert any("vote" in text for text in first), first  # the vote was captioned
    assert all(texts == first for texts in captions.values()), captions
