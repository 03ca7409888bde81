"""Background music synthesised by our own code: a bouncy menu loop and a calmer play loop.

A loop is a recipe: a tempo, a chord per bar and parts written as 16-step patterns per
bar (drum-machine style). It renders to 44.1 kHz 16-bit stereo that loops without a
seam: a note still ringing at the end of the loop wraps onto its start.

Pure Python stays fast because nothing is computed per sample per note: each distinct
note is rendered once — a whole number of waveform cycles, tiled by array repetition,
times an envelope made with ``itertools.accumulate`` — and mixed into the buses with
``map`` over arrays (C loops). Both loops still take about a second of CPU, which a
background thread would steal from the title screen at every start, so the rendered
loops are kept in the user's cache folder, named by a digest of their recipe (bump
``SYNTH_VERSION`` when the rendering code changes the sound).

Mixed quiet on purpose: a loop peaks at ``MASTER_PEAK_DB`` (-12 dBFS), so at the
default volumes the music plus the loudest effect stays under -1 dBFS and effects sit
well above the music.
"""

from __future__ import annotations

import math
import random
from array import array
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate, repeat
from operator import add, mul
from pathlib import Path

from . import pcm_cache

RATE = 44100
STEPS = 16                 # pattern steps per bar (sixteenth notes in 4/4)
MASTER_PEAK_DB = -12.0
FULL_SCALE = 32767
SYNTH_VERSION = 1
#: A waveform chunk is about this long: a whole number of cycles, so tiling it is seamless.
CHUNK = 1024


@dataclass(frozen=True)
class Voice:
    """A pitched instrument: partial amplitudes and an envelope."""

    harmonics: tuple[float, ...] = (1.0,)
    attack: float = 0.005   # seconds of linear fade-in
    decay: float = 4.0      # exponential decay rate (1/s); 0 = sustained
    release: float = 0.03   # seconds of fade-out at the note's end


@dataclass(frozen=True)
class Part:
    """One line of the arrangement.

    ``patterns`` hold one bar each (16 steps) and cycle over the bars. Pitched parts
    (``voice`` is a :class:`Voice`): a digit plays that tone of the bar's chord (for
    ``tones="chord"`` the voicing, counted upwards through octaves; for ``"bass"`` 0 =
    root, 1 = fifth, 2 = octave), ``c`` plays the whole voicing, ``-`` holds the note
    before, ``.`` rests. Drum parts (``voice`` is a drum name): ``x`` hits, ``o`` hits
    softly, ``.`` rests."""

    voice: Voice | str
    patterns: tuple[str, ...]
    volume: float
    pan: float = 0.0        # -1 left … 1 right
    tones: str = "chord"    # chord | bass


@dataclass(frozen=True)
class Chord:
    root: int                # MIDI note of the bass root
    voicing: tuple[int, ...]  # MIDI notes the chord parts play


@dataclass(frozen=True)
class Loop:
    bpm: float
    chords: tuple[Chord, ...]  # one per bar
    parts: tuple[Part, ...]

    @property
    def samples(self) -> int:
        return self._step_start(len(self.chords) * STEPS)

    def _step_start(self, step: int) -> int:
        return round(step * 60.0 / self.bpm / 4 * RATE)


_NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def note(name: str) -> int:
    """MIDI number of a note name such as ``"C4"`` (60), ``"F#3"`` or ``"Bb2"``."""
    pitch = _NAMES[name[0]] + name.count("#") - name.count("b")
    return pitch + 12 * (int(name.lstrip("ABCDEFG#b")) + 1)


def chord(root: str, voicing: str) -> Chord:
    return Chord(note(root), tuple(note(n) for n in voicing.split()))


def frequency(midi: int) -> float:
    return 440.0 * 2 ** ((midi - 69) / 12)


# --- the two loops --------------------------------------------------------------------------
PLUCK = Voice((1.0, 0.5, 0.25, 0.12), attack=0.003, decay=9.0, release=0.02)
KEYS = Voice((1.0, 0.35, 0.2, 0.0, 0.06), attack=0.004, decay=6.0, release=0.03)
BELL = Voice((1.0, 0.0, 0.3, 0.0, 0.12, 0.0, 0.05), attack=0.004, decay=3.5, release=0.05)
BASS = Voice((1.0, 0.45, 0.12), attack=0.006, decay=5.0, release=0.03)
SOFT_BASS = Voice((1.0, 0.25), attack=0.02, decay=1.2, release=0.08)
PAD = Voice((1.0, 0.3, 0.12, 0.05), attack=0.45, decay=0.25, release=0.35)

#: Menus: bright and bouncy, C major at 120 bpm (I–vi–IV–V twice, a turnaround at the end).
MENU = Loop(
    bpm=120,
    chords=(chord("C2", "E4 G4 C5"), chord("A1", "E4 A4 C5"), chord("F2", "F4 A4 C5"), chord("G2", "D4 G4 B4"),
            chord("C2", "E4 G4 C5"), chord("A1", "E4 A4 C5"), chord("F2", "F4 A4 C5"), chord("G2", "F4 G4 B4")),
    parts=(
        Part("kick", ("x.....x.x.......", "x.....x.x.....o."), 0.9),
        Part("clap", ("....x.......x...",), 0.45),
        Part("hat", ("o.x.o.x.o.x.o.x.",), 0.22, pan=0.35),
        Part(BASS, ("0.2.0.2.0.2.1.2.", "0.2.0.2.0.2.0-1."), 0.55, tones="bass"),
        Part(KEYS, ("..c...c...c...c.",), 0.16, pan=-0.25),
        Part(PLUCK, ("3.4.5...4.3...2.", "2.3.4...5...4.3.", "3.4.5...6.5...4.", "4...3...2.1-----"), 0.22,
             pan=0.2),
    ),
)

#: Boards: calm and warm, A minor at 84 bpm, a held pad, a slow bell line, a brushed beat.
PLAY = Loop(
    bpm=84,
    chords=(chord("A1", "E4 G4 C5"), chord("F1", "E4 A4 C5"), chord("C2", "E4 G4 B4"), chord("G1", "D4 G4 B4"),
            chord("A1", "E4 G4 C5"), chord("F1", "E4 A4 C5"), chord("D2", "D4 F4 A4"), chord("E2", "D4 G#4 B4")),
    parts=(
        Part("kick", ("o.........o.....",), 0.55),
        Part("rim", ("........x.......",), 0.18, pan=-0.2),
        Part("shaker", ("..o...o...o...oo",), 0.12, pan=0.3),
        Part(SOFT_BASS, ("0-------1---2---", "0-------0---1---"), 0.5, tones="bass"),
        Part(PAD, ("c---------------",), 0.1),
        Part(BELL, ("3.......4...2...", "5.......4.......", "3...4...5...4...", "2.......1-------"), 0.2,
             pan=0.25),
    ),
)

LOOPS: dict[str, Loop] = {"title": MENU, "match": PLAY}


# --- rendering --------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _cycle_chunk(voice: Voice, pitch: int) -> array[float]:
    """A whole number of cycles of the voice's waveform, about ``CHUNK`` samples long."""
    freq = frequency(pitch)
    cycles = max(1, round(freq * CHUNK / RATE))
    length = round(cycles * RATE / freq)  # off by under half a sample: < 1 cent
    total = sum(abs(a) for a in voice.harmonics)
    wave = array("f", bytes(4 * length))
    for h, amplitude in enumerate(voice.harmonics, 1):
        if amplitude:
            k = 2 * math.pi * h * cycles / length
            wave = array("f", map(add, wave, (amplitude / total * math.sin(k * i) for i in range(length))))
    return wave


@lru_cache(maxsize=None)
def _envelope(voice: Voice, length: int, gain: float) -> array[float]:
    env = array("f", accumulate(repeat(math.exp(-voice.decay / RATE), length - 1), mul, initial=gain))
    attack = min(length, max(1, int(voice.attack * RATE)))
    env[:attack] = array("f", map(mul, env[:attack], (i / attack for i in range(attack))))
    release = min(length - attack, max(1, int(voice.release * RATE)))
    env[length - release:] = array("f", map(mul, env[length - release:], (1 - i / release for i in range(release))))
    return env


@lru_cache(maxsize=None)
def _tone(voice: Voice, pitches: tuple[int, ...], length: int, gain: float) -> array[float]:
    """One note, or a chord sharing one envelope, scaled by ``gain`` (cached: a loop
    repeats most of its notes)."""
    wave: array[float] | None = None
    for pitch in pitches:
        chunk = _cycle_chunk(voice, pitch)
        tiled = (chunk * (length // len(chunk) + 1))[:length]
        wave = tiled if wave is None else array("f", map(add, wave, tiled))
    assert wave is not None, "a note has a pitch"
    return array("f", map(mul, wave, _envelope(voice, length, gain)))


@lru_cache(maxsize=None)
def _drum(name: str) -> array[float]:
    """Short percussion sounds, rendered sample by sample once (they are tiny)."""
    noise = random.Random(f"drum:{name}")
    out = array("f")
    if name == "kick":  # a sine falling from 150 to 45 Hz
        phase = 0.0
        for i in range(int(0.3 * RATE)):
            t = i / RATE
            phase += 2 * math.pi * (45 + 105 * math.exp(-t * 30)) / RATE
            out.append(math.sin(phase) * math.exp(-t * 11) * min(1.0, i / 40))
    elif name in ("clap", "rim"):  # a noise burst over a short tone
        tone, decay = (200, 28) if name == "clap" else (820, 45)
        for i in range(int(0.22 * RATE)):
            t = i / RATE
            body = math.sin(2 * math.pi * tone * t) * math.exp(-t * 60)
            out.append((noise.uniform(-1, 1) * 0.7 + body * 0.5) * math.exp(-t * decay))
    elif name in ("hat", "shaker"):  # bright noise (each sample minus the last)
        decay, attack = (70, 20) if name == "hat" else (32, 400)
        last = 0.0
        for i in range(int(0.12 * RATE)):
            value = noise.uniform(-1, 1)
            out.append((value - last) * 0.5 * math.exp(-i / RATE * decay) * min(1.0, i / attack))
            last = value
    else:
        raise KeyError(f"unknown drum {name!r}")
    return out


@lru_cache(maxsize=None)
def _hit(name: str, gain: float) -> array[float]:
    return array("f", map(gain.__mul__, _drum(name)))


def _events(pattern: str) -> list[tuple[int, int, str]]:
    """(step, length in steps, symbol) for each note of one bar's pattern."""
    if len(pattern) != STEPS:
        raise ValueError(f"a pattern has {STEPS} steps: {pattern!r}")
    events: list[tuple[int, int, str]] = []
    for step, symbol in enumerate(pattern):
        if symbol == "-" and events:
            start, length, held = events[-1]
            events[-1] = (start, length + 1, held)
        elif symbol not in ".-":
            events.append((step, 1, symbol))
    return events


def _pitches(part: Part, bar: Chord, symbol: str) -> tuple[int, ...]:
    if symbol == "c":
        return bar.voicing
    index = int(symbol)
    if part.tones == "bass":
        return (bar.root + (0, 7, 12)[index],)
    tones = bar.voicing
    return (tones[index % len(tones)] + 12 * (index // len(tones)),)


def _mix(bus: array[float], sound: array[float], start: int) -> None:
    """Add ``sound`` into ``bus`` at ``start``, wrapping past the end (the loop)."""
    total = len(bus)
    start %= total
    sound = sound[:total]
    first = min(len(sound), total - start)
    bus[start:start + first] = array("f", map(add, bus[start:start + first], sound[:first]))
    if first < len(sound):
        rest = len(sound) - first
        bus[:rest] = array("f", map(add, bus[:rest], sound[first:]))


def render_loop(loop: Loop) -> tuple[array[float], array[float]]:
    """Left and right channels as floats, before the master level. Centred parts go to
    one bus shared by both sides, so only panned parts cost two mixes."""
    total = loop.samples
    centre, left, right = (array("f", bytes(4 * total)) for _ in range(3))
    for part in loop.parts:
        angle = (part.pan + 1) * math.pi / 4
        sides = ((centre, 1.0),) if part.pan == 0 else ((left, math.cos(angle) * math.sqrt(2)),
                                                         (right, math.sin(angle) * math.sqrt(2)))
        for bar_index, bar in enumerate(loop.chords):
            pattern = part.patterns[bar_index % len(part.patterns)]
            for step, length, symbol in _events(pattern):
                start = loop._step_start(bar_index * STEPS + step)
                for bus, side in sides:
                    if isinstance(part.voice, str):
                        sound = _hit(part.voice, part.volume * side * (1.0 if symbol == "x" else 0.5))
                    else:
                        samples = loop._step_start(bar_index * STEPS + step + length) - start
                        sound = _tone(part.voice, _pitches(part, bar, symbol), samples, part.volume * side)
                    _mix(bus, sound, start)
    return array("f", map(add, centre, left)), array("f", map(add, centre, right))


def render_samples(name: str) -> array[int]:
    """The named loop (``LOOPS``) as interleaved 16-bit stereo, peaking at ``MASTER_PEAK_DB``."""
    left, right = render_loop(LOOPS[name])
    peak = max(max(map(abs, left)), max(map(abs, right)), 1e-9)
    gain = FULL_SCALE * 10 ** (MASTER_PEAK_DB / 20) / peak
    stereo = array("h", bytes(4 * len(left)))
    stereo[0::2] = array("h", map(int, map(gain.__mul__, left)))
    stereo[1::2] = array("h", map(int, map(gain.__mul__, right)))
    for cache in (_tone, _envelope, _hit):  # megabytes of notes, useless once mixed
        cache.cache_clear()
    return stereo


def cache_dir() -> Path:
    return pcm_cache.cache_dir("music")


def cache_path(name: str, folder: Path | None = None) -> Path:
    return pcm_cache.cache_path(folder or cache_dir(), name, (SYNTH_VERSION, RATE, MASTER_PEAK_DB, LOOPS[name]))


def loop_samples(name: str, folder: Path | None = None) -> array[int]:
    """The named loop, from the cache folder when it was rendered before."""
    return pcm_cache.cached_samples(cache_path(name, folder), lambda: render_samples(name),
                                    expected_bytes=4 * LOOPS[name].samples)


def loop_bytes(name: str, channels: int = 2, folder: Path | None = None) -> bytes:
    """Raw samples for a ``pygame.mixer.Sound(buffer=…)`` on a mixer with ``channels``."""
    stereo = loop_samples(name, folder)
    if channels == 2:
        return stereo.tobytes()
    frames = len(stereo) // 2
    out = array("h", bytes(2 * frames * channels))
    if channels == 1:
        out[:] = array("h", map(lambda l, r: (l + r) // 2, stereo[0::2], stereo[1::2]))
    else:
        for c in range(channels):
            out[c::channels] = stereo[c % 2::2]
    return out.tobytes()
