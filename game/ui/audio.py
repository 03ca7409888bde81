"""Sound effects and music, synthesised by our own code (no sound files to license).

Each effect is a short recipe of notes (pitch, start, length, waveform) rendered in pure
Python into 16-bit samples and kept as a ``pygame.mixer.Sound``. Rendering them all takes
~0.14 s of CPU, which a background thread would take from the title's first frame at
every start (one interpreter lock), so rendered effects are kept in the user's cache
folder, named by a digest of their recipe, and a background thread loads them at start
(an effect played sooner renders on the spot). Music loops come from ``ui/music.py``,
also rendered once and cached, loaded by a background thread.

Sounds never depend on a secret: a refusal always buzzes the same, a vote always pops
the same, whoever voted for what. Headless, or when the mixer cannot start, ``Audio``
stays silent but still records what it was asked to play (tests read ``history``).
"""

from __future__ import annotations

import math
import threading
from array import array
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from . import pcm_cache

if TYPE_CHECKING:
    from ..settings import Settings

RATE = 44100
#: Bump when ``render`` changes the sound of a recipe (the cached effects are re-rendered).
SYNTH_VERSION = 1
#: The music loops by name (``music.LOOPS``, imported with the first to load, after the
#: title's first frame).
TRACKS = ("title", "match")


@dataclass(frozen=True)
class Note:
    freq: float          # Hz at the start
    start: float         # seconds
    length: float        # seconds
    wave: str = "sine"   # sine | triangle | soft_square | noise
    volume: float = 0.5
    glide: float = 0.0   # Hz added by the end (pitch slide)
    decay: float = 8.0   # exponential decay rate (1/s); bigger = shorter


def _n(semitones_from_a4: int) -> float:
    return 440.0 * 2 ** (semitones_from_a4 / 12)


C5, D5, E5, G5, A5, B5 = _n(3), _n(5), _n(7), _n(10), _n(12), _n(14)
C6, E6, G6 = _n(15), _n(19), _n(22)

#: Every effect the game plays. Short, soft, pleasant; the refusal buzz is low and brief.
EFFECTS: dict[str, tuple[Note, ...]] = {
    "nav": (Note(880, 0, 0.05, "sine", 0.25, decay=60),),
    "confirm": (Note(E5, 0, 0.07, "triangle", 0.4, decay=30), Note(B5, 0.06, 0.12, "triangle", 0.4, decay=24)),
    "back": (Note(B5, 0, 0.07, "triangle", 0.35, decay=30), Note(E5, 0.06, 0.12, "triangle", 0.35, decay=24)),
    "join": tuple(Note(f, 0.06 * i, 0.16, "triangle", 0.35, decay=18) for i, f in enumerate((C5, E5, G5, C6))),
    "leave": tuple(Note(f, 0.06 * i, 0.16, "triangle", 0.3, decay=18) for i, f in enumerate((G5, E5, C5))),
    "vote": (Note(620, 0, 0.09, "sine", 0.45, glide=-260, decay=28),),
    "reveal": (Note(C5, 0, 0.5, "sine", 0.3, glide=C5, decay=5),
               Note(E6, 0.18, 0.45, "triangle", 0.2, decay=7), Note(G6, 0.24, 0.45, "triangle", 0.18, decay=7)),
    "points": (Note(B5, 0, 0.07, "soft_square", 0.25, decay=20), Note(E6, 0.07, 0.22, "soft_square", 0.25, decay=12)),
    "tick": (Note(1250, 0, 0.03, "sine", 0.3, decay=120),),
    "tick_fast": (Note(1700, 0, 0.035, "triangle", 0.35, decay=100),),
    "right": tuple(Note(f, 0.07 * i, 0.3, "sine", 0.35, decay=9) for i, f in enumerate((C5, E5, G5, C6))),
    "wrong": (Note(260, 0, 0.16, "soft_square", 0.25, decay=10), Note(196, 0.14, 0.28, "soft_square", 0.25, decay=8)),
    "victory": tuple(Note(f, 0.12 * i, 0.2 if i < 3 else 0.8, "soft_square", 0.22, decay=6 if i < 3 else 2.5)
                     for i, f in enumerate((C5, E5, G5, C6))) + (Note(E6, 0.36, 0.8, "sine", 0.15, decay=2.5),),
    "buzz": (Note(110, 0, 0.2, "soft_square", 0.3, decay=6), Note(116, 0, 0.2, "soft_square", 0.2, decay=6)),
}


def _wave(kind: str, phase: float, seed: list[int]) -> float:
    if kind == "sine":
        return math.sin(phase)
    if kind == "triangle":
        x = (phase / math.pi) % 2.0
        return 2 * x - 1 if x < 1 else 3 - 2 * x
    if kind == "soft_square":
        return (math.sin(phase) + math.sin(3 * phase) / 3 + math.sin(5 * phase) / 5) * 0.8
    if kind == "noise":
        seed[0] = (seed[0] * 1103515245 + 12345) & 0x7FFFFFFF  # fixed LCG: same noise every time
        return seed[0] / 0x3FFFFFFF - 1.0
    raise ValueError(f"unknown waveform {kind!r}")


def render(notes: tuple[Note, ...], rate: int = RATE) -> array[int]:
    """Mono signed 16-bit samples for a recipe (pure Python, deterministic)."""
    end = max(n.start + n.length for n in notes)
    mix = [0.0] * (int(end * rate) + 1)
    seed = [1]
    attack = int(0.004 * rate)
    for note in notes:
        first, count = int(note.start * rate), int(note.length * rate)
        phase = 0.0
        release = min(count, int(0.012 * rate))
        for i in range(count):
            t = i / rate
            freq = note.freq + note.glide * (i / count)
            phase += 2 * math.pi * freq / rate
            env = math.exp(-note.decay * t)
            if i < attack:
                env *= i / attack
            if i > count - release:
                env *= (count - i) / release
            mix[first + i] += _wave(note.wave, phase, seed) * env * note.volume
    peak = max(1.0, max(abs(v) for v in mix))
    return array("h", (int(v / peak * 30000) for v in mix))


def cache_dir() -> Path:
    return pcm_cache.cache_dir("sounds")


def effect_samples(name: str, folder: Path | None = None) -> array[int]:
    """The named effect's samples, from the cache folder when rendered before."""
    notes = EFFECTS[name]
    path = pcm_cache.cache_path(folder or cache_dir(), name, (SYNTH_VERSION, RATE, notes))
    return pcm_cache.cached_samples(path, lambda: render(notes))


class Audio:
    def __init__(self, settings: Settings, headless: bool = False) -> None:
        self.settings = settings
        self.history: deque[str] = deque(maxlen=64)
        #: Called with each effect's name as it plays, headless too (the captions: ui/captions.py).
        self.listeners: list[Callable[[str], None]] = []
        self.current_music: str | None = None
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._music_sounds: dict[str, pygame.mixer.Sound] = {}
        self._music_channel: pygame.mixer.Channel | None = None
        self._lock = threading.Lock()
        self._closed = False  # pygame quit: workers make no more mixer calls
        #: Whether the background workers may run (:meth:`start`).
        self._started = False
        self.enabled = not headless and self._init_mixer()
        if self.enabled:
            pygame.register_quit(self._close)

    def start(self) -> None:
        """Load (or render) every effect and the music asked for so far, in background
        threads: no hitch on a first play. ``play`` calls it once the first title frame
        is on screen, so that their CPU (they share the interpreter lock) is not taken
        from that frame (start-up, issue 18); the title's music starts a frame later."""
        if self._started or not self.enabled:
            return
        self._started = True
        threading.Thread(target=self._prepare, daemon=True).start()
        if self.current_music is not None:
            self._load_music(self.current_music)

    def _close(self) -> None:
        """Run by ``pygame.quit()`` before it closes the mixer: waits for a worker's mixer
        call in flight and stops further ones (a worker inside the mixer while it closes
        segfaults — seen in the frozen build's smoke run)."""
        with self._lock:
            self._closed = True

    def _prepare(self) -> None:
        for name in EFFECTS:
            samples = effect_samples(name)
            with self._lock:
                if self._closed:
                    return
                if name not in self._sounds:
                    self._sounds[name] = self._to_sound(samples)

    @staticmethod
    def _init_mixer() -> bool:
        try:
            init = pygame.mixer.get_init()
            if init is not None and (init[1] != -16 or init[0] != RATE):
                pygame.mixer.quit()
                init = None
            if init is None:
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            pygame.mixer.set_reserved(1)
            return pygame.mixer.get_init() is not None
        except pygame.error:
            return False

    def _to_sound(self, mono: array[int]) -> pygame.mixer.Sound:
        channels = _mixer_channels()
        if channels == 1:
            data = mono
        else:
            data = array("h", bytes(len(mono) * 2 * channels))
            for c in range(channels):
                data[c::channels] = mono
        return pygame.mixer.Sound(buffer=data.tobytes())

    def play(self, name: str) -> None:
        """Play an effect by name (see ``EFFECTS``); unknown names raise ``KeyError``."""
        if name not in EFFECTS:
            raise KeyError(name)
        self.history.append(name)
        for listener in list(self.listeners):
            listener(name)
        if not self.enabled:
            return
        with self._lock:
            sound = self._sounds.get(name)
        if sound is None:
            sound = self._to_sound(effect_samples(name))
            with self._lock:
                sound = self._sounds.setdefault(name, sound)
        sound.set_volume(float(getattr(self.settings, "sound_volume", 0.8)))
        sound.play()

    def music(self, name: str | None) -> None:
        """Loop a music track (:data:`TRACKS`), or stop with None. It is loaded (or
        rendered) in a background thread the first time (once :meth:`start` has run);
        the loop starts when it is ready."""
        if name is not None and name not in TRACKS:
            raise KeyError(name)
        if name == self.current_music:
            return
        self.current_music = name
        if not self.enabled:
            return
        channel = pygame.mixer.Channel(0)
        channel.fadeout(400)
        if name is None:
            return
        if name in self._music_sounds:
            self._start_music(name)
        elif self._started:
            self._load_music(name)

    def _load_music(self, name: str) -> None:
        channels = _mixer_channels()
        threading.Thread(target=self._render_music, args=(name, channels), daemon=True).start()

    def _render_music(self, name: str, channels: int) -> None:
        from . import music  # the menu and play loops (ui/music.py), cached on disk

        data = music.loop_bytes(name, channels)
        with self._lock:
            if self._closed:
                return
            self._music_sounds[name] = pygame.mixer.Sound(buffer=data)
        if self.current_music == name:
            self._start_music(name)

    def _start_music(self, name: str) -> None:
        with self._lock:
            if self._closed:
                return
            sound = self._music_sounds[name]
            channel = pygame.mixer.Channel(0)
            channel.set_volume(float(getattr(self.settings, "music_volume", 0.6)))
            channel.play(sound, loops=-1, fade_ms=800)

    def refresh_volumes(self) -> None:
        """Apply changed settings to the playing music (effects read them on play)."""
        if self.enabled:
            pygame.mixer.Channel(0).set_volume(float(getattr(self.settings, "music_volume", 0.6)))


def _mixer_channels() -> int:
    """The channels of the mixer a sound is made for (started: the audio is enabled)."""
    started = pygame.mixer.get_init()
    assert started is not None, "the mixer is started before a sound is made"
    return started[2]
