"""Captions for sound cues (issue 31 item 2): with the ``captions`` setting on, each sound
the game plays and each rumble it asks of the pads is written in a strip on the TV, above
the hint bar, as subtitles write sounds ("[Victory fanfare]"), in the game's language.

The strip hears what ``Audio.play`` plays (its ``listeners``) and what ``InputHub.rumble``
asks for (its ``rumble_listeners``): the same names whichever board or menu plays them,
so no board calls it, and a caption can no more depend on a secret than the sound it
writes (``tests/test_sound_secrets.py``, ``tests/test_captions.py``). The clicks a
player's own press makes in menus (:data:`QUIET`) are not written: they are no news.
Every sound has its caption all the same (``captions.<effect>`` in
``data/i18n/<lang>/access.yaml``). A cue heard again while its line shows counts up
("[Countdown beep] ×3") instead of filling the strip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from ..context import AppContext

#: A pad's rumble, captioned as a sound is (``captions.rumble``).
RUMBLE = "rumble"
#: The clicks of a player's own press in menus: captioned strings, never shown.
QUIET = frozenset({"nav", "confirm", "back"})
#: How long a line stays (fixed ticks at 60 a second) and how many lines show at once.
LINE_TICKS = 150
LINES = 3
TEXT_SIZE = 36


@dataclass
class Line:
    cue: str
    count: int = 1
    ticks: int = LINE_TICKS


class CaptionStrip:
    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.lines: list[Line] = []
        self._audio: Any = None
        self._hub: Any = None

    # --- what it hears ----------------------------------------------------------------------
    def attach(self) -> None:
        """Listen to the app's audio and pads (again if either was replaced)."""
        audio, hub = getattr(self.ctx, "audio", None), getattr(self.ctx, "input", None)
        if audio is not self._audio:
            self._leave(self._audio, "listeners")
            self._audio = self._join(audio, "listeners")
        if hub is not self._hub:
            self._leave(self._hub, "rumble_listeners")
            self._hub = self._join(hub, "rumble_listeners")

    def detach(self) -> None:
        self._leave(self._audio, "listeners")
        self._leave(self._hub, "rumble_listeners")
        self._audio = self._hub = None

    def _join(self, source: Any, name: str) -> Any:
        listeners = getattr(source, name, None)
        if listeners is None:
            return None
        listeners.append(self.hear)
        return source

    def _leave(self, source: Any, name: str) -> None:
        listeners = getattr(source, name, None)
        if listeners is not None and self.hear in listeners:
            listeners.remove(self.hear)

    def hear(self, cue: str) -> None:
        if cue in QUIET:
            return
        for line in self.lines:
            if line.cue == cue:
                line.count += 1
                line.ticks = LINE_TICKS
                return
        self.lines.append(Line(cue))
        del self.lines[:-LINES]

    def texts(self) -> list[str]:
        """The strip's lines as they read, oldest first."""
        return [self.ctx.t(f"captions.{line.cue}") + (f" ×{line.count}" if line.count > 1 else "")
                for line in self.lines]

    # --- time and drawing ----------------------------------------------------------------------
    def step(self, ticks: int) -> None:
        for line in self.lines:
            line.ticks -= ticks
        self.lines = [line for line in self.lines if line.ticks > 0]

    def draw(self, surface: pygame.Surface) -> None:
        """The lines, newest at the bottom, centred just above the hint bar."""
        kit = self.ctx.kit
        bottom = kit.hint_bar_top() - 12
        for text in reversed(self.texts()):
            label = kit.text(text, TEXT_SIZE, kit.colours.text)
            box = label.get_rect().inflate(TEXT_SIZE, TEXT_SIZE // 3)
            box.midbottom = (kit.W // 2, bottom)
            kit.panel(surface, box, (*kit.colours.shadow, 200), radius=box.height // 2, shadow=False)
            surface.blit(label, label.get_rect(center=box.center))
            bottom = box.top - 8


def keep_captions(ctx: AppContext, strip: CaptionStrip | None, ticks: int) -> CaptionStrip | None:
    """Once a frame: the strip while the setting is on, listening and ``ticks`` older;
    None (the old one deaf) when it is off."""
    if not ctx.settings.captions:
        if strip is not None:
            strip.detach()
        return None
    strip = strip or CaptionStrip(ctx)
    strip.attach()
    strip.step(ticks)
    return strip
