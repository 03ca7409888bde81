"""The computer's own offline voice, for narration (``ui/narration.py``): no download, no
network, nothing to install on Windows or macOS.

A voice is a program the system already has, run once a sentence with the text in its
arguments or on its standard input (never through a shell): ``espeak-ng`` or
speech-dispatcher's ``spd-say`` on Linux, ``say`` on macOS, PowerShell's System.Speech
(SAPI) on Windows. :func:`find_voice` picks the first one present. :class:`Speaker`
speaks on a thread of its own, one sentence at a time, so the game never waits for a
voice; when sentences come faster than it speaks, the oldest waiting ones are dropped
(the table has moved on).
"""

from __future__ import annotations

import platform
import queue
import shutil
import subprocess
import threading
from dataclasses import dataclass
from typing import Callable, Sequence

#: macOS's voices by language (both ship with the system).
MAC_VOICES = {"fr": "Thomas", "en": "Samantha"}
#: Windows' cultures by language (SAPI picks an installed voice of that culture, or its default).
WINDOWS_CULTURES = {"fr": "fr-FR", "en": "en-US"}
#: PowerShell reads the text on its standard input and says it with SAPI.
WINDOWS_SCRIPT = ("Add-Type -AssemblyName System.Speech; "
                  "$s = New-Object System.Speech.Synthesis.SpeechSynthesizer; "
                  "try { $s.SelectVoiceByHints('NotSet', 'NotSet', 0, [Globalization.CultureInfo]'{culture}') } catch {}; "
                  "$s.Speak([Console]::In.ReadToEnd())")
#: Sentences waiting to be said at most; older ones are dropped.
QUEUE_SIZE = 3
#: The longest a sentence may take before its program is stopped (seconds).
SAY_TIMEOUT = 30


@dataclass(frozen=True)
class Voice:
    """A speech program: ``kind`` (``espeak-ng``, ``spd-say``, ``say``, ``powershell``)
    and where it is."""

    kind: str
    program: str

    def command(self, text: str, lang: str) -> tuple[list[str], str | None]:
        """The program's arguments and standard input to say ``text`` in ``lang``."""
        if self.kind == "espeak-ng":
            return [self.program, "-v", lang, "--", text], None
        if self.kind == "spd-say":
            return [self.program, "--wait", "--language", lang, "--", text], None
        if self.kind == "say":
            return [self.program, "-v", MAC_VOICES.get(lang, MAC_VOICES["en"]), "--", text], None
        script = WINDOWS_SCRIPT.replace("{culture}", WINDOWS_CULTURES.get(lang, WINDOWS_CULTURES["en"]))
        return [self.program, "-NoProfile", "-NonInteractive", "-Command", script], text

    def record_command(self, text: str, lang: str, wav: str) -> list[str]:
        """espeak-ng's arguments to write ``text`` as a WAV file instead of saying it
        (what tests listen to)."""
        if self.kind != "espeak-ng":
            raise ValueError(f"{self.kind} cannot write a WAV file")
        argv, _ = self.command(text, lang)
        return argv[:1] + ["-w", wav] + argv[1:]


def find_voice(system: str | None = None, which: Callable[[str], str | None] = shutil.which) -> Voice | None:
    """The first speech program this computer has (None: no voice)."""
    system = system or platform.system()
    if system == "Darwin":
        wanted: Sequence[tuple[str, str]] = (("say", "say"),)
    elif system == "Windows":
        wanted = (("powershell", "powershell"), ("powershell", "pwsh"))
    else:
        wanted = (("espeak-ng", "espeak-ng"), ("spd-say", "spd-say"))
    for kind, name in wanted:
        program = which(name)
        if program:
            return Voice(kind, program)
    return None


class Speaker:
    """Says sentences with ``voice`` on its own thread, in order, dropping the oldest
    waiting ones when they pile up."""

    def __init__(self, voice: Voice) -> None:
        self.voice = voice
        self._queue: queue.Queue[tuple[str, str] | None] = queue.Queue(QUEUE_SIZE)
        self._thread: threading.Thread | None = None

    def say(self, text: str, lang: str) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="narration", daemon=True)
            self._thread.start()
        while True:
            try:
                self._queue.put_nowait((text, lang))
                return
            except queue.Full:
                try:
                    self._queue.get_nowait()
                except queue.Empty:
                    pass

    def stop(self) -> None:
        """End the thread once what it says now is said (the rest is dropped)."""
        if self._thread is None:
            return
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
        self._queue.put(None)
        self._thread = None

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            argv, stdin = self.voice.command(*item)
            try:
                subprocess.run(argv, input=stdin, text=True, capture_output=True, timeout=SAY_TIMEOUT, check=False)
            except (OSError, subprocess.SubprocessError):
                pass  # a voice that fails says nothing; the game goes on
