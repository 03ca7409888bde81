"""Music loops: whole bars, stereo 16-bit, seamless, never clipping, under the effects."""

import math
from array import array

import pytest

from game.settings import Settings
from game.ui import audio as audio_module
from game.ui import music
from game.ui.audio import EFFECTS, Audio, render


def _dbfs(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9) / 32768)


@pytest.fixture(scope="module")
def loops(tmp_path_factory):
    folder = tmp_path_factory.mktemp("music-cache")
    return {name: music.loop_samples(name, folder) for name in music.LOOPS}, folder


def test_a_menu_loop_and_a_play_loop_exist():
    assert set(music.LOOPS) == {"title", "match"}
    assert music.LOOPS["title"].bpm > music.LOOPS["match"].bpm  # the menu bounces, play is calmer
    for loop in music.LOOPS.values():
        assert 8 <= len(loop.chords) <= 16
        assert any(isinstance(p.voice, str) for p in loop.parts) and any(p.tones == "bass" for p in loop.parts)


def test_loops_are_whole_bars_of_stereo_16_bit(loops):
    samples, _ = loops
    for name, stereo in samples.items():
        loop = music.LOOPS[name]
        assert stereo.typecode == "h" and stereo.itemsize == 2
        bar_seconds = 4 * 60 / loop.bpm
        assert len(stereo) == 2 * round(len(loop.chords) * bar_seconds * music.RATE)
        assert stereo[0::2] != stereo[1::2]  # panned parts: really stereo


def test_loops_peak_under_minus_one_dbfs_and_are_audible(loops):
    samples, _ = loops
    for stereo in samples.values():
        peak = max(map(abs, stereo))
        assert _dbfs(peak) <= -1.0
        assert abs(_dbfs(peak) - music.MASTER_PEAK_DB) < 0.1
        rms = math.sqrt(sum(v * v for v in stereo[::7]) / len(stereo[::7]))
        assert _dbfs(rms) > -36


def test_loops_are_seamless(loops):
    """The jump from the last sample to the first is no bigger than jumps inside."""
    samples, _ = loops
    for stereo in samples.values():
        for side in (stereo[0::2], stereo[1::2]):
            inner = max(abs(b - a) for a, b in zip(side, side[1:]))
            assert abs(side[0] - side[-1]) <= inner


def test_music_and_the_loudest_effect_together_stay_under_minus_one_dbfs(loops):
    """At the default volumes; and the effects' peaks sit at least 6 dB above the music's."""
    samples, _ = loops
    settings = Settings()
    effect_peak = max(max(map(abs, render(notes))) for notes in EFFECTS.values()) * settings.sound_volume
    for stereo in samples.values():
        music_peak = max(map(abs, stereo)) * settings.music_volume
        assert _dbfs(music_peak + effect_peak) <= -1.0
        assert _dbfs(effect_peak) - _dbfs(music_peak) >= 6


def test_rendering_is_deterministic_and_cached(loops, tmp_path):
    samples, folder = loops
    for name, stereo in samples.items():
        path = music.cache_path(name, folder)
        assert path.read_bytes() == stereo.tobytes()
        assert music.loop_samples(name, folder) == stereo  # read back, not rendered
    path = music.cache_path("title", tmp_path)
    path.write_bytes(b"torn")  # a broken cache file is rendered again
    assert music.loop_samples("title", tmp_path) == samples["title"]
    assert path.stat().st_size == 4 * music.LOOPS["title"].samples


def test_loop_bytes_fit_the_mixer_channels(loops):
    samples, folder = loops
    stereo = samples["match"]
    assert music.loop_bytes("match", 2, folder) == stereo.tobytes()
    mono = array("h")
    mono.frombytes(music.loop_bytes("match", 1, folder))
    assert len(mono) == len(stereo) // 2 and mono[100] == (stereo[200] + stereo[201]) // 2


def test_patterns_are_checked():
    with pytest.raises(ValueError):
        music._events("x...")
    assert music._events("0-..c---........") == [(0, 2, "0"), (4, 4, "c")]
    assert music.note("A4") == 69 and music.note("C4") == 60 and music.note("F#3") == 54


def test_boards_switch_to_the_play_loop_and_menus_back(tmp_path):
    from game.context import build_context
    from game.core.session import Session
    from game.scenes.match import MatchScene
    from tests.toygame import ENTRY

    ctx = build_context(headless=True, settings=Settings(), seats=2)
    ctx.audio.music("title")
    session = Session(ENTRY.make_definition(None), ENTRY.default_config(2), 1)
    ctx.stack.push(MatchScene(ctx, ENTRY, session))
    assert ctx.audio.current_music == "match"


def test_headless_audio_accepts_both_loops():
    audio = Audio(Settings(), headless=True)
    assert set(audio_module.TRACKS) == set(music.LOOPS)
    for name in music.LOOPS:
        audio.music(name)
        assert audio.current_music == name
    with pytest.raises(KeyError):
        audio.music("polka")


def test_a_worker_makes_no_mixer_call_once_pygame_quits(monkeypatch):
    """pygame.quit() while a loop renders in the background used to segfault the frozen
    build; now the quit hook waits for the worker's mixer call and stops further ones."""
    import pygame

    pygame.init()
    audio = Audio(Settings(), headless=False)  # SDL_AUDIODRIVER=dummy in tests
    if not audio.enabled:
        pytest.skip("no mixer on this machine")
    monkeypatch.setattr(music, "loop_bytes", lambda name, channels: bytes(4 * 441))
    pygame.quit()
    assert audio._closed
    audio._render_music("match", 2)  # would create a Sound on a closed mixer
    assert "match" not in audio._music_sounds


def test_the_audio_workers_wait_for_the_first_frame(monkeypatch):
    """Effects and music load in threads started by ``Audio.start`` (once the title's
    first frame is shown, start-up), not when the context is built or the title asks."""
    import threading
    from types import SimpleNamespace

    import pygame

    started = []

    class Recorded:
        def __init__(self, target, args=(), daemon=None):
            self.target, self.args = target, args

        def start(self):
            started.append((self.target.__name__, self.args[:1]))

    monkeypatch.setattr(audio_module, "threading", SimpleNamespace(Thread=Recorded, Lock=threading.Lock))
    pygame.init()
    audio = Audio(Settings(), headless=False)  # SDL_AUDIODRIVER=dummy in tests
    if not audio.enabled:
        pytest.skip("no mixer on this machine")
    audio.music("title")
    assert started == []
    audio.start()
    audio.start()
    assert started == [("_prepare", ()), ("_render_music", ("title",))]
    audio.music("match")
    assert started[-1] == ("_render_music", ("match",))
