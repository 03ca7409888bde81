"""The window, the one event pump and the fixed-timestep loop.

Scenes draw on a 1920×1080 canvas, which is pygame's display surface opened with
``pygame.SCALED``: SDL's renderer (Direct3D, Metal or OpenGL) scales it to the window on
the GPU, aspect kept, black bars where the shapes differ, vsync when the driver allows.
So a 4K TV costs the CPU what a 720p window does: one upload of the canvas. Where SDL
has only its software renderer (a Linux box without GL), only the bands of the canvas
that changed are stretched into the window (game/present.py). The same renderer hands
mouse events in canvas pixels (a position in a bar lands off the canvas).
Game time advances in fixed 1/60 s steps, after Glenn Fiedler's "Fix Your Timestep!": real
frame time (clamped to 0.25 s so a hitch does not snowball) fills an accumulator that is
drained in steps, at most five a frame; then one draw with ``alpha`` = the leftover
fraction of a step.

The clock is any callable returning seconds, so tests tick it by hand and never sleep.

Full screen is borderless at the desktop's resolution (SDL's FULLSCREEN_DESKTOP: no
display mode switch, so toggling is quick and the TV keeps its picture settings). F11 and
Alt+Enter toggle it and the choice is saved. The window is opened once; toggles go
through ``pygame.Window``, so the renderer and its texture are kept.
"""

from __future__ import annotations

import os
import time
import warnings
from typing import TYPE_CHECKING, Callable, Hashable

import pygame

from .heap import ReleaseOnLeave, collections_after
from .input.hub import InputHub
from .input.viewport import CANVAS, on_canvas
from .paths import assets_dir
from .present import presenter_for
from .scenes.phone_serving import pump_companion, serve_phones_until, serve_waiting
from .settings import save_settings

if TYPE_CHECKING:
    from .context import AppContext
    from .ui.captions import CaptionStrip
    from .ui.narration import Narrator


class WrongPygame(RuntimeError):
    """The original ``pygame`` package is installed instead of ``pygame-ce``."""


def ensure_pygame_ce(module: object = pygame) -> None:
    """pygame_gui and our SVG icons need pygame-ce; the two packages share the name
    ``pygame``, so say plainly which one to install instead of failing obscurely."""
    if not getattr(module, "IS_CE", False):
        raise WrongPygame(
            "Secret Salon needs pygame-ce, but the original 'pygame' package is installed.\n"
            "Fix: pip uninstall -y pygame && pip install --force-reinstall pygame-ce==2.5.8")


ensure_pygame_ce()

STEP = 1.0 / 60.0
MAX_FRAME = 0.25
MAX_STEPS = 5
WINDOW_SIZE = (1280, 720)
#: How small the window may be dragged (SCALED alone would keep it at the canvas's size).
MIN_WINDOW = (480, 270)
#: SDL hints for the renderer, set before the window opens unless the environment sets
#: them: smooth (bilinear) scaling rather than SCALED's nearest pixel, and any scale in a
#: window — pygame-ce reads this second name, and without it scales a window by whole
#: numbers only (a 1280×720 window would show a cropped canvas).
RENDER_HINTS = {"SDL_RENDER_SCALE_QUALITY": "linear", "SDL_HINT_RENDER_SCALE_QUALITY": "1"}
#: Frames a second the real loop aims for (the fixed steps stay at 60 Hz).
FRAME_CAP = 120
#: The window shown again or resized: it may have lost its picture (game/present.py).
REDRAW_EVENTS = (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED, pygame.WINDOWSIZECHANGED)
#: The window's icon in assets/, drawn by tools/make_icon.py (the executables carry the same).
WINDOW_ICON = "icon-256.png"


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11, or Alt+Enter (either Alt, either Enter) as on most PC games."""
    if event.key == pygame.K_F11:
        return True
    return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and bool(event.mod & pygame.KMOD_ALT)


class App:
    def __init__(self, ctx: AppContext, clock: Callable[[], float] | None = None,
                 hub: InputHub | None = None, fullscreen: bool | None = None, companion: bool = False) -> None:
        """``fullscreen`` overrides the setting for this run only (``--windowed``).
        ``companion``: serve the phone companion as the settings say, once a lobby or
        "take your seats" opens (``play`` does; tests drive ``ctx.companion`` themselves)."""
        self.ctx = ctx
        self.serves_phones = companion
        self.clock = clock or time.perf_counter
        #: The setting as last seen: the settings screen changing it switches the window.
        self._setting = bool(ctx.settings.fullscreen)
        self.fullscreen = self._setting if fullscreen is None else fullscreen
        pygame.display.set_icon(pygame.image.load(str(assets_dir() / WINDOW_ICON)))  # before the window opens
        #: The display surface, 1920×1080 whatever the window's size: scenes draw on it.
        self.canvas = self._open_window()
        self.window = _display_window()
        self.window.minimum_size = MIN_WINDOW
        if not self.fullscreen:
            self._windowed()
        self.window.show()
        #: How a frame reaches the window: the GPU scales the whole canvas, or SDL's
        #: software renderer stretches only what changed (game/present.py).
        self.presenter = presenter_for(self.window, self.canvas)
        self.hub = hub if hub is not None else InputHub(ctx)
        self.hub.to_canvas = on_canvas  # SDL's renderer hands mouse events in canvas pixels
        self.hub.on_seat_lost = self._hold_lost_seat
        ctx.input = self.hub
        self.running = True
        ctx.stack.on_empty = self.quit
        self.accumulator = 0.0
        self._last = self.clock()
        #: For tests and the bench: frames run, fixed steps in all and in the last frame.
        self.frames = 0
        self.steps = 0
        self.last_steps = 0
        self.last_alpha = 0.0
        #: After each frame: when a scene has left since the last, the heap's free pages go
        #: back to the system (game/heap.py).
        self._release_on_leave = ReleaseOnLeave(ctx.stack)
        self._held: list[tuple[pygame.event.Event, float]] = []
        #: The narrator (game/ui/narration.py) and the caption strip (game/ui/captions.py)
        #: while their settings are on.
        self.narrator: Narrator | None = None
        self.captions: CaptionStrip | None = None

    def _hold_lost_seat(self, device: Hashable) -> bool:
        # The match and phone modules are imported when first needed, not before the
        # first title frame (start-up: issue 18).
        from .scenes.disconnect import hold_lost_seat

        return hold_lost_seat(self.ctx, device)

    # --- window ----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        """The canvas as the display surface, presented by SDL's renderer (vsync when
        the driver allows it). Not RESIZABLE here: with it, pygame-ce 2.5.8 frees the
        wrong surface when a later ``set_mode`` resizes a SCALED window (a segfault); the
        window is made resizable through ``self.window`` instead."""
        for name, value in RENDER_HINTS.items():
            os.environ.setdefault(name, value)
        pygame.display.set_caption("Secret Salon")
        # SCALED with FULLSCREEN is SDL's FULLSCREEN_DESKTOP. Hidden until sized: SCALED
        # opens a window as large as the desktop allows.
        flags = pygame.SCALED | pygame.HIDDEN | (pygame.FULLSCREEN if self.fullscreen else 0)
        with warnings.catch_warnings():
            # SDL's software renderer (no GPU, or the dummy driver) scales right too, only slower.
            warnings.filterwarnings("ignore", "no fast renderer available")
            try:
                return pygame.display.set_mode(CANVAS, flags, vsync=1)
            except pygame.error:  # "could not enable vsync"
                return pygame.display.set_mode(CANVAS, flags)

    def _windowed(self) -> None:
        self.window.set_windowed()
        self.window.resizable = True  # SDL ignores this for a full-screen window
        self.window.size = WINDOW_SIZE
        self.window.position = pygame.WINDOWPOS_CENTERED

    def _switch(self, on: bool) -> None:
        """Full screen or a window, keeping the renderer (SDL re-fits the canvas and its
        mouse mapping to the new size itself)."""
        self.fullscreen = on
        self.ctx.stack.drawn_over()  # (the next frame draws the whole canvas)
        if on:
            self.window.set_fullscreen(desktop=True)
        else:
            self._windowed()

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter: switch, and keep the choice for the next start."""
        on = not self.fullscreen
        self._switch(on)
        self.ctx.settings.fullscreen = self._setting = on
        try:
            save_settings(self.ctx.settings)
        except OSError as exc:
            from .scenes.toast import show_toast

            show_toast(self.ctx, self.ctx.t("settings.save_failed", error=exc.strerror or str(exc)))

    def _window_event(self, event: pygame.event.Event) -> bool:
        """Handle what belongs to the window; True if the event went no further."""
        if event.type in REDRAW_EVENTS:
            self.presenter.redraw()
            self.ctx.stack.drawn_over()  # (the canvas is kept by SDL; drawn whole once anyway, to be sure)
            return False
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.KEYDOWN and is_fullscreen_key(event):
            self.toggle_fullscreen()
            return True
        return False

    def quit(self) -> None:
        self.running = False

    # --- the loop ----------------------------------------------------------------------------
    def frame(self) -> None:
        """One iteration: pump events, run the fixed steps that are due, draw once."""
        now = self.clock()
        frame_dt = min(max(now - self._last, 0.0), MAX_FRAME)
        self._last = now
        if self.ctx.settings.fullscreen != self._setting:  # changed in the settings screen
            self._setting = self.ctx.settings.fullscreen
            self._switch(self._setting)
        held = self.ctx.importing_now()  # input waits for the imports behind the title
        self._held.extend((event, now) for event in pygame.event.get())
        if not held:
            self._handle_input(now)

        self.accumulator += frame_dt
        steps = 0
        # The epsilon keeps float drift from turning exact 1/60 s frames into 0 or 2 steps.
        while self.accumulator >= STEP - 1e-9 and steps < MAX_STEPS:
            self.ctx.stack.fixed_update(STEP)
            self.accumulator = max(0.0, self.accumulator - STEP)
            steps += 1
        if steps == MAX_STEPS and self.accumulator >= STEP - 1e-9:
            self.accumulator = 0.0  # too far behind: drop the backlog instead of spiralling
        self.ctx.stack.update(frame_dt)
        if self.ctx.settings.narration or self.narrator is not None:  # the match's public events read aloud
            from .ui.narration import keep_narrator

            self.narrator = keep_narrator(self.ctx, self.narrator)
        if self.ctx.settings.captions or self.captions is not None:  # sound cues written on the TV
            from .ui.captions import keep_captions

            self.captions = keep_captions(self.ctx, self.captions, steps)
        if self.serves_phones and self.frames and not held:  # after the first title frame and what runs behind it
            from .scenes.phones import keep_companion

            keep_companion(self.ctx)
        pump_companion(self.ctx)
        self.frames += 1
        self.steps += steps
        self.last_steps = steps
        self.last_alpha = min(1.0, self.accumulator / STEP)
        self.draw(self.last_alpha)
        self._release_on_leave()

    def _handle_input(self, now: float) -> None:
        """The events kept since the last frame that handled input (each with its frame's
        time), then the hub's timers."""
        events, self._held = self._held, []
        for event, when in events:
            if not self._window_event(event):
                self.hub.process(event, when)
        self.hub.tick(now)

    def draw(self, alpha: float) -> None:
        stack = self.ctx.stack
        stack.draw_frame(self.canvas, alpha)
        if self.captions is not None:
            self.captions.draw(self.canvas)
            stack.drawn_over()
        if any(seat.reconnecting for seat in self.ctx.seats):
            from .scenes.phones import draw_reconnecting

            draw_reconnecting(self.ctx, self.canvas)
            stack.drawn_over()
        serve_waiting(self.ctx)  # an act that landed while the frame drew: answered before the present
        self.present()

    def present(self) -> None:
        """Show the canvas: scaled into the window, bars included, by SDL's renderer
        (``self.presenter``; the bench times this step)."""
        self.presenter.present()

    def tick(self) -> None:
        """One frame, then phones served until the next is due at the cap (the loop's
        body; the phones bench runs it too)."""
        began = time.perf_counter()
        with collections_after():
            self.frame()
        after_frame(self.ctx, self.canvas)
        serve_phones_until(self.ctx, began + 1.0 / FRAME_CAP, canvas=self.canvas)  # no phones: it only sleeps

    def run(self) -> None:
        """Frames until the window closes or the last scene leaves, at most
        ``FRAME_CAP`` a second; between two, phones' messages are served as they come."""
        try:
            while self.running:
                self.tick()
        finally:
            self.ctx.flush_autosaves()  # quitting (or crashing): the match's last save is on disk
            if self.narrator is not None:
                self.narrator.stop()
            if getattr(self.ctx, "companion", None) is not None:
                from .scenes.phones import stop_companion

                stop_companion(self.ctx)
            if getattr(self.ctx, "pictures", None) is not None:  # the how-to pictures' maker: ended, waited for
                self.ctx.pictures.stop()
            self.hub.pads.close_all()


def after_frame(ctx: AppContext, canvas: pygame.Surface) -> None:
    """What a frame leaves to the time before the next (``App.tick``; the scene bench's
    frames too): the scenes' moves due on the next tick, with the next frame drawn ahead
    on ``canvas`` if they changed it (``SceneStack.between_frames``), then the panels
    drawn remembered (``Panels.settle``). The GC's passes the frame made due run here as
    well (``heap.collections_after``)."""
    stack = getattr(ctx, "stack", None)  # test doubles of the context may lack it
    if stack is not None:
        stack.between_frames(canvas)
    kit = getattr(ctx, "kit", None)
    if kit is not None:
        kit.panels.settle()


def _display_window() -> pygame.Window:
    """The display module's window, for its size and full screen. pygame-ce 2.5 deprecates
    reaching it this way (it would have windows drawn without the display module), but the
    display surface is what SCALED presents, and what the crash screen and ``convert``
    use; pyproject.toml pins pygame-ce."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()
