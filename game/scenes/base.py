"""What every scene is: its lifecycle and the flags the stack reads (game/stack.py runs
them: which scenes draw, get updates and take input)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from ..input.intents import InputEvent
    from ..stack import SceneStack


class Scene:
    #: Hides everything below it (the stack does not draw lower scenes).
    opaque: bool = True
    #: Its draw first paints every pixel of the canvas (the theme background, or a
    #: full-canvas layer), so nothing needs clearing under it (:meth:`SceneStack.covers_canvas`).
    covers_canvas: bool = False
    #: Input that this scene does not take stops here instead of falling through.
    blocks_input: bool = True
    #: Scenes below stop getting fixed/frame updates while this one is above them
    #: (a pause menu freezes the board; a peek curtain sets this False so countdowns
    #: keep running while a player peeks).
    freezes_below: bool = True
    #: An overlay with a hint bar of its own (it has ``ctx``): the scenes drawn under it
    #: draw none (``kit.hints_muted``), so one hint bar shows at a time.
    own_hint_bar: bool = False
    #: The menus' root, the title the game starts on: "quit to the title" pops the
    #: scenes above it (the pause menu's quit).
    home: bool = False

    def __init__(self) -> None:
        self.stack: SceneStack | None = None

    @property
    def on_stack(self) -> SceneStack:
        """The stack this scene is on, for what its input and updates do (they come from
        there): a ``LookupError`` once it has left it."""
        if self.stack is None:
            raise LookupError(f"{type(self).__name__} is on no stack")
        return self.stack

    def enter(self, previous: "Scene | None") -> None:
        """Became part of the stack (``previous`` was on top before)."""

    def exit(self) -> None:
        """Left the stack for good."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped: this one is on top again."""

    def handle(self, seat: int | None, event: "InputEvent") -> bool:
        """React to one intent. ``seat`` is the seat the device belongs to, or None for a
        device that has not joined. Return True when the event was taken."""
        return False

    def process_raw(self, event: "pygame.event.Event") -> bool:
        """A raw pygame event for the top scene only: mouse (in canvas pixels), wheel,
        text and keys, for pygame_gui menus. Return True when taken (a key taken here
        makes no intent)."""
        return False

    def fixed_update(self, dt: float) -> None:
        """One fixed 1/60 s step: timers, tweens, game clocks."""

    def update(self, frame_dt: float) -> None:
        """Once a frame, after the fixed steps: cosmetic things only."""

    def between_frames(self) -> bool:
        """In the idle time after a frame's present: what the next frame's first fixed
        step would do that may be done now (a bot's move due then). Whether what the
        scene shows changed (the stack then draws the next frame ahead)."""
        return False

    def draw(self, surface: "pygame.Surface", alpha: float) -> None:
        """Draw on the 1920×1080 canvas; ``alpha`` (0..1) interpolates cosmetic motion."""
