"""What every scene is handed when it is made (no globals: DESIGN.md).

The app builds one :class:`AppContext`; ``shot`` and the tests build a headless one
with :func:`build_context`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .catalogue import Catalogue
from .games import GameEntry
from .scenes.base import SceneStack


@dataclass
class AppContext:
    catalogue: Catalogue
    #: ``game.settings.Settings``: language, volumes, text scale, safe area, timers…
    settings: Any
    #: ``game.ui.kit.UiKit``: fonts, text cache, icons, seat styles, theme colours.
    kit: Any
    #: ``game.seats.SeatTable``: who sits where, with which device.
    seats: Any
    #: ``game.ui.audio.Audio``: ``play(name)``, volumes from settings.
    audio: Any
    games: dict[str, GameEntry]
    stack: SceneStack = field(default_factory=SceneStack)
    #: ``game.input.hub.InputHub`` in a real app (rumble, pad names); None headless.
    input: Any = None
    headless: bool = False
    #: Messages to show on screen once (corrupt settings, skipped custom decks…).
    notices: list[str] = field(default_factory=list)

    @property
    def strings(self):
        return self.catalogue.strings

    def t(self, key: str, **fmt: Any) -> str:
        return self.catalogue.strings.get(key, **fmt)
