"""Synthesised sounds: every effect renders, deterministically, and Audio is safe headless."""

import pytest

from game.settings import Settings
from game.ui.audio import EFFECTS, RATE, Audio, effect_samples, render


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_every_effect_renders_short_and_loud_enough(name):
    samples = render(EFFECTS[name])
    assert 0.02 < len(samples) / RATE < 1.5
    assert 3000 < max(abs(s) for s in samples) <= 30000  # audible, never clipping
    assert render(EFFECTS[name]) == samples  # no randomness, no secrets


def test_the_effects_the_game_relies_on_exist():
    needed = {"nav", "confirm", "back", "join", "leave", "vote", "reveal", "points", "tick", "tick_fast",
              "right", "wrong", "victory", "buzz"}
    assert needed <= set(EFFECTS)


def test_effects_are_cached_on_disk_and_read_back_the_same(tmp_path, monkeypatch):
    first = effect_samples("reveal", tmp_path)
    assert first == render(EFFECTS["reveal"]) and len(list(tmp_path.iterdir())) == 1
    monkeypatch.setattr("game.ui.audio.render", lambda notes: pytest.fail("rendered again"))
    assert effect_samples("reveal", tmp_path) == first


def test_headless_audio_is_silent_but_records_and_checks_names():
    audio = Audio(Settings(), headless=True)
    audio.play("vote")
    audio.music("title")
    assert list(audio.history) == ["vote"] and audio.current_music == "title" and not audio.enabled
    with pytest.raises(KeyError):
        audio.play("nope")


def test_with_a_mixer_sounds_play(monkeypatch):
    audio = Audio(Settings(sound_volume=0.5), headless=False)  # SDL_AUDIODRIVER=dummy in tests
    if not audio.enabled:
        pytest.skip("no mixer on this machine")
    audio.play("confirm")
    assert "confirm" in audio._sounds
