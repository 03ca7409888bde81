"""Narration (issue 31 item 1): what the TV tells everyone, read aloud in the game's
language by the computer's own offline voice (``ui/voices.py``), for players who cannot
read the screen. The ``narration`` setting turns it on.

Never a secret: the narrator hears a match's events through its session's listeners and
keeps only the public ones (``events.visible(events, None)``, the TV's share, SS-1),
which it turns into sentences from ``data/i18n/<lang>/access.yaml`` with the seats'
public names. Phase changes (``narration.phase.<phase>``, for the phases that have a
line), turns, eliminations, an expired countdown and the match's result are read; a
board may add its own public prompts with :meth:`Narrator.say`.

The app keeps one narrator while the setting is on (:func:`keep_narrator`, once a
frame): it follows the match on the scene stack, whichever board draws it, so no board
calls it.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Callable, Protocol

from ..core.events import Eliminated, Event, MatchOver, PhaseStarted, TimedOut, TurnStarted, visible

if TYPE_CHECKING:
    from ..context import AppContext
    from ..core.session import Session

#: The sentences a narrator keeps for tests and tools (its last ones).
HISTORY = 64


class Mouth(Protocol):
    def say(self, text: str, lang: str) -> None: ...

    def stop(self) -> None: ...


class Narrator:
    """Turns a match's public events into sentences and says them with ``mouth`` (None:
    silent, the sentences only kept in ``spoken``)."""

    def __init__(self, ctx: AppContext, mouth: Mouth | None) -> None:
        self.ctx = ctx
        self.mouth = mouth
        self.spoken: deque[str] = deque(maxlen=HISTORY)
        self._session: Session[Any, Any, Any] | None = None
        self._listener: Callable[[tuple[Event, ...]], None] | None = None

    # --- following the match on the stack -------------------------------------------------
    def follow(self, stack: Any) -> None:
        """Listen to the session of the topmost match on ``stack`` (none: to nothing)."""
        session = next((scene.session for scene in reversed(list(stack)) if _is_session(getattr(scene, "session", None))),
                       None)
        if session is self._session:
            return
        self.detach()
        if session is not None:
            self._session, self._listener = session, self.hear
            session.listeners.append(self.hear)
            phase = getattr(session.view(None).public, "phase", None)
            if phase is not None:
                self.say_line(f"narration.phase.{phase}")

    def detach(self) -> None:
        if self._session is not None and self._listener in self._session.listeners:
            self._session.listeners.remove(self._listener)
        self._session = self._listener = None

    def stop(self) -> None:
        self.detach()
        if self.mouth is not None:
            self.mouth.stop()

    # --- what is said ------------------------------------------------------------------------
    def hear(self, events: tuple[Event, ...]) -> None:
        """A change's events (all of them: only the public ones are read)."""
        for event in visible(events, None):
            self.tell(event)

    def tell(self, event: Event) -> None:
        if isinstance(event, PhaseStarted):
            self.say_line(f"narration.phase.{event.phase}")
        elif isinstance(event, TurnStarted):
            self.say_line("narration.turn", name=self.name(event.seat))
        elif isinstance(event, Eliminated):
            self.say_line("narration.out", name=self.name(event.seat))
        elif isinstance(event, TimedOut):
            self.say_line("narration.time_up")
        elif isinstance(event, MatchOver):
            if event.winners:
                names = self.names(event.winners)
                self.say_line("narration.winners", names=names, n=len(event.winners))
            else:
                self.say_line("narration.over")

    def say_line(self, key: str, **fmt: Any) -> None:
        """Say string ``key`` (nothing when it has no line: a phase with nothing to say)."""
        strings = self.ctx.strings
        if strings.has(key):
            self.say(strings.get(key, **fmt))

    def say(self, text: str) -> None:
        """Say a public text (a board's prompt, a result)."""
        self.spoken.append(text)
        if self.mouth is not None:
            self.mouth.say(text, self.ctx.strings.lang)

    def name(self, seat: int) -> str:
        seats = self.ctx.seats
        return seats[seat].name if 0 <= seat < len(seats) else self.ctx.t("phone.seat", n=seat + 1)

    def names(self, seats: tuple[int, ...]) -> str:
        from babel.lists import format_list

        return format_list([self.name(seat) for seat in seats], locale=self.ctx.strings.lang)


def _is_session(value: Any) -> bool:
    return value is not None and hasattr(value, "listeners") and hasattr(value, "view")


def keep_narrator(ctx: AppContext, narrator: Narrator | None) -> Narrator | None:
    """Once a frame: the narrator while the setting is on, following the stack's match;
    None (and the old one stopped) when it is off."""
    if not ctx.settings.narration:
        if narrator is not None:
            narrator.stop()
        return None
    if narrator is None:
        from .voices import Speaker, find_voice

        voice = None if ctx.headless else find_voice()
        narrator = Narrator(ctx, Speaker(voice) if voice is not None else None)
    narrator.follow(ctx.stack)
    return narrator
