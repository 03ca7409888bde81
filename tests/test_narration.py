"""Narration (issue 31 item 1): the public prompts, phase changes and results read aloud
in French or English by the computer's own offline voice, as a setting, never a secret.

espeak-ng speaks a French and an English prompt into WAV files that hold speech (on
Linux; skips without espeak-ng, which ``.ci/run`` installs); a bots' match of every game
narrated from start to end never says any seat's secret, and a private event is never
read while the same event made public is (the positive control); the app keeps a
narrator on the match on the stack while the setting is on, and none when it is off."""

from __future__ import annotations

import array
import json
import math
import shutil
import subprocess
import sys
import threading
import time
import wave
from dataclasses import dataclass
from types import SimpleNamespace

import pytest

from game import paths
from game.core.events import PhaseStarted, PrivateEvent, TurnStarted
from game.core.serial import to_plain
from game.i18n import Strings
from game.seats import SeatTable
from game.ui.narration import Narrator, keep_narrator
from game.ui.voices import QUEUE_SIZE, Speaker, Voice, find_voice
from tests.test_phone_screens import strings_in
from tests.test_phone_screens import GAMES, play

NAMES = ("Anouk", "Basile", "Céleste", "Dorian")


class Ears:
    """A mouth that only remembers what it was asked to say."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, str]] = []

    def say(self, text: str, lang: str) -> None:
        self.heard.append((text, lang))

    def stop(self) -> None:
        pass


def table(lang: str, seats: int) -> SimpleNamespace:
    """What a narrator reads of the app: strings, seats (public names), settings."""
    strings = Strings.load(paths.data_dir() / "i18n", lang)
    seat_table = SeatTable()
    for name in NAMES[:seats]:
        seat_table.join(("pad", name), name)
    return SimpleNamespace(strings=strings, seats=seat_table, t=strings.get, headless=True,
                           settings=SimpleNamespace(narration=True), stack=[])


# --- the voice ----------------------------------------------------------------------------------
ESPEAK = shutil.which("espeak-ng")


def speech_in(path) -> tuple[float, float]:
    """(seconds, RMS level 0–1) of a 16-bit mono WAV file."""
    with wave.open(str(path)) as wav:
        assert wav.getsampwidth() == 2 and wav.getnchannels() == 1
        samples = array.array("h", wav.readframes(wav.getnframes()))
        seconds = wav.getnframes() / wav.getframerate()
    if sys.byteorder == "big":
        samples.byteswap()
    rms = math.sqrt(sum(s * s for s in samples) / max(1, len(samples))) / 32768
    return seconds, rms


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="espeak-ng is Linux's voice")
@pytest.mark.skipif(ESPEAK is None, reason="espeak-ng is absent (apt-get install espeak-ng; .ci/run installs it)")
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_espeak_ng_says_a_prompt_in_french_and_in_english(tmp_path, lang):
    voice = find_voice("Linux")
    assert voice is not None and voice.kind == "espeak-ng"
    strings = Strings.load(paths.data_dir() / "i18n", lang)
    prompt = strings.get("narration.turn", name="Anouk") + " " + strings.get("narration.phase.vote")
    wav = tmp_path / f"{lang}.wav"
    subprocess.run(voice.record_command(prompt, lang, str(wav)), check=True, capture_output=True, timeout=60)
    seconds, rms = speech_in(wav)
    assert seconds > 0.8 and rms > 0.02, (seconds, rms)
    # the same words in the other language's voice sound otherwise: the language is used
    other = tmp_path / "other.wav"
    subprocess.run(voice.record_command(prompt, "en" if lang == "fr" else "fr", str(other)), check=True,
                   capture_output=True, timeout=60)
    assert other.read_bytes() != wav.read_bytes()


def test_each_system_s_own_voice_is_found_and_given_the_text_without_a_shell():
    here = {"espeak-ng": "/usr/bin/espeak-ng", "say": "/usr/bin/say", "powershell": "C:/ps.exe"}.get
    assert find_voice("Linux", here) == Voice("espeak-ng", "/usr/bin/espeak-ng")
    assert find_voice("Linux", {"spd-say": "/usr/bin/spd-say"}.get) == Voice("spd-say", "/usr/bin/spd-say")
    assert find_voice("Darwin", here) == Voice("say", "/usr/bin/say")
    assert find_voice("Windows", here) == Voice("powershell", "C:/ps.exe")
    assert find_voice("Linux", {}.get) is None
    tricky = "-rf; $(rm) 'x' \"y\""
    for voice in (Voice("espeak-ng", "e"), Voice("spd-say", "s"), Voice("say", "m")):
        argv, stdin = voice.command(tricky, "fr")
        assert argv[-1] == tricky and argv[-2] == "--" and stdin is None
    argv, stdin = Voice("powershell", "p").command(tricky, "fr")
    assert stdin == tricky and tricky not in " ".join(argv) and "fr-FR" in argv[-1]


def test_the_speaker_says_in_order_on_its_thread_and_drops_the_oldest_when_late(monkeypatch):
    """The game never waits for the voice; sentences said while it still speaks wait
    their turn, and past QUEUE_SIZE the oldest waiting one is dropped."""
    said: list[str] = []
    busy = threading.Event()
    released = threading.Event()

    def run(argv, **kwargs):
        said.append(argv[-1])
        busy.set()
        released.wait(5)

    monkeypatch.setattr("game.ui.voices.subprocess.run", run)
    speaker = Speaker(Voice("espeak-ng", "espeak-ng"))
    speaker.say("a", "en")
    assert busy.wait(5)  # "a" is being said: the game went on at once
    for text in "bcde":
        speaker.say(text, "en")
    released.set()
    for _ in range(500):
        if len(said) == 1 + QUEUE_SIZE:
            break
        time.sleep(0.01)
    speaker.stop()
    assert said == ["a", "c", "d", "e"]


# --- never a secret --------------------------------------------------------------------------------
@dataclass(frozen=True)
class PrivatePhase(PrivateEvent):
    """A phase only one seat is told of (what a secret is to the narrator)."""

    phase: str = "vote"


def test_a_private_event_is_never_read_and_the_same_event_made_public_is():
    ears = Ears()
    narrator = Narrator(table("en", 3), ears)
    narrator.hear((PrivatePhase(to=0, phase="vote"),))
    assert ears.heard == []
    narrator.hear((PhaseStarted("vote"), TurnStarted(1)))
    assert ears.heard == [("Time to vote!", "en"), ("Basile's turn.", "en")]


@pytest.mark.parametrize("entry_id", sorted(GAMES))
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_narrated_match_never_says_a_secret(entry_id, lang):
    """Every sentence of a bots' match, read by a narrator listening to its session,
    holds none of any seat's secrets (their values, and the names the catalogue gives
    them), while it did narrate the match: its phases and its end."""
    seats = GAMES[entry_id]
    ears = Ears()
    app = table(lang, seats)
    narrator = Narrator(app, ears)
    secrets: set[str] = set()
    for session, catalogue in play(entry_id, seats, seed=11, every=1):
        if not app.stack:
            app.stack = [SimpleNamespace(session=session)]
            narrator.follow(app.stack)
        for seat in range(seats):
            secrets |= strings_in(to_plain(dict(session.definition.secrets(session.state, seat))), numbers=True)
    assert session.outcome() is not None
    spoken = " ".join(text for text, _ in ears.heard)
    assert len(ears.heard) >= 3 and all(said_lang == lang for _, said_lang in ears.heard)
    named = {catalogue_name(catalogue, secret, lang) for secret in secrets} - {None}
    words = set(spoken.replace(".", " ").replace("!", " ").replace(",", " ").split())
    leaked = {s for s in secrets if s in words} | {name for name in named if name in spoken}
    assert not leaked, f"the narrator said {leaked} in: {spoken}"
    assert json.dumps(spoken)


def catalogue_name(catalogue, secret: str, lang: str) -> str | None:
    """The name a catalogue gives ``secret`` when it is one of its ids (a character, a word)."""
    for finder in ("character", "word", "card", "trait"):
        find = getattr(catalogue, finder, None)
        if find is None:
            continue
        try:
            found = find(secret)
        except (KeyError, ValueError, TypeError, AttributeError, IndexError, StopIteration):
            continue
        name = getattr(found, "name", None) or getattr(found, "text", None)
        if callable(name):
            name = name(lang)
        if isinstance(name, str) and len(name) > 2:
            return name
    return None


# --- the app keeps a narrator on the match -------------------------------------------------------------
def test_the_app_narrates_the_match_on_its_stack_while_the_setting_is_on():
    from tests.e2e import Room

    room = Room(lang="en")
    try:
        room.ctx.settings.narration = True
        from game.shots import ShotRequest, registry

        registry()["mission_secrete.turn"](room.ctx, ShotRequest(seats=3, ticks=0))
        room.run(1)
        narrator = room.app.narrator
        assert narrator is not None and narrator.mouth is None  # headless: no voice, the sentences kept
        board = next(scene for scene in room.ctx.stack if hasattr(scene, "session"))
        assert narrator.hear in board.session.listeners
        swap = next(a for seat in sorted(board.session.current()) for a in board.session.legal(seat)
                    if a.kind == "swap")
        before = len(narrator.spoken)
        assert board.submit(swap) is None
        assert len(narrator.spoken) > before  # the next turn is read
        room.ctx.settings.narration = False
        room.run(1)
        assert room.app.narrator is None and not board.session.listeners
    finally:
        room.ctx.stack.clear()
        room.close()


def test_keep_narrator_is_none_while_the_setting_is_off():
    app = table("fr", 2)
    app.settings.narration = False
    assert keep_narrator(app, None) is None
