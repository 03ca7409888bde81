"""The stack of scenes the context holds (``ctx.stack``) and runs; a scene is a
:class:`game.scenes.base.Scene`.

The stack draws from the topmost opaque scene upward, so overlays (peek curtain, pause
menu, disconnect notice) draw over the board below. Input goes to the top scene first
and falls through to the scene below only while scenes return False and do not set
``blocks_input``.

Releases are the exception: a release (a button let go, the stick back at centre) goes
to the scene that took its press, wherever that scene now is in the stack, so an
overlay pushed in between (a player's pad unplugged, the pause menu) cannot swallow it
and leave a peek open or a hold running. A scene pushed while its press was being
handled (the curtain a PEEK press opens) counts as the one that took it; the stick's
return to centre goes to every scene that took a push of it since it left the centre.
A release whose press nobody took, or whose scenes have left, goes down the stack as
usual.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Callable, Hashable, Iterator

from .input.intents import Intent

if TYPE_CHECKING:  # pragma: no cover
    import pygame

    from .input.intents import InputEvent
    from .scenes.base import Scene


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self.on_empty: Callable[[], None] | None = None
        #: (device, intent) held down -> the scenes waiting for its release (module doc).
        self._pressed_by: dict[tuple[Hashable, Intent], list[Scene]] = {}
        #: Scenes that have left so far: the app gives the heap's free memory back after one leaves.
        self.exits = 0
        #: Draws so far, and whether the one in hand draws on a canvas that holds what the
        #: last one left (its caller said so, nothing drew over it since, the same canvas):
        #: a board alone on it then copies its still layer back only where it drew over it
        #: (``game/ui/stage.py``: ``CanvasCopy``).
        self.draws = 0
        self.canvas_kept = False
        self._last_canvas: weakref.ref[pygame.Surface] | None = None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        previous = self.top
        if previous is not None:
            previous.pause()
        scene.stack = self
        self._scenes.append(scene)
        scene.enter(previous)

    def pop(self) -> Scene:
        scene = self._scenes.pop()
        self._leave(scene)
        if self.top is not None:
            self.top.resume()
        elif self.on_empty is not None:
            self.on_empty()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        previous = self._scenes.pop() if self._scenes else None
        if previous is not None:
            self._leave(previous)
        scene.stack = self
        self._scenes.append(scene)
        scene.enter(previous)

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` out wherever it is (e.g. a notice under a newer overlay)."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            self._leave(scene)

    def clear(self) -> None:
        self._pressed_by.clear()
        while self._scenes:
            self._leave(self._scenes.pop())

    def _leave(self, scene: Scene) -> None:
        scene.exit()
        scene.stack = None
        self.exits += 1

    def handle(self, seat: int | None, event: "InputEvent") -> bool:
        if event.intent is Intent.POINTER:
            return self._dispatch(seat, event) is not None  # mouse motion is no release
        key = (event.device, event.intent)
        if not event.pressed:
            waiting = [scene for scene in self._pressed_by.pop(key, ()) if scene.stack is self]
            if not waiting:
                return self._dispatch(seat, event) is not None
            taken = False
            for scene in sorted(waiting, key=self._scenes.index, reverse=True):
                if scene.stack is self:  # an earlier one may have closed it
                    taken = scene.handle(seat, event) or taken
            return taken
        before = list(self._scenes)
        taker = self._dispatch(seat, event)
        if event.repeat:
            return taker is not None
        opened = [scene for scene in self._scenes if scene not in before]
        owner = opened[-1] if opened else taker
        if event.intent is Intent.STICK:
            # every scene that saw the stick pushed sees it come back to centre
            if owner is not None and owner not in self._pressed_by.setdefault(key, []):
                self._pressed_by[key].append(owner)
        elif owner is None:
            self._pressed_by.pop(key, None)
        else:
            self._pressed_by[key] = [owner]
        return taker is not None

    def adopt(self, device: Hashable, intent: Intent, scene: Scene) -> None:
        """``scene`` also waits for the release of a press it did not see (a curtain
        that opens on a PEEK already held)."""
        waiting = self._pressed_by.setdefault((device, intent), [])
        if scene not in waiting:
            waiting.append(scene)

    def _dispatch(self, seat: int | None, event: "InputEvent") -> Scene | None:
        """Top down until a scene takes the event (returned) or blocks it (None)."""
        for scene in reversed(self._scenes):
            if scene.handle(seat, event):
                return scene
            if scene.blocks_input:
                return None
        return None

    def running(self) -> list[Scene]:
        """Scenes that get updates: the top one and those not frozen by one above."""
        out: list[Scene] = []
        for scene in reversed(self._scenes):
            out.append(scene)
            if scene.freezes_below:
                break
        return out[::-1]

    def fixed_update(self, dt: float) -> None:
        for scene in self.running():
            scene.fixed_update(dt)

    def update(self, frame_dt: float) -> None:
        for scene in self.running():
            scene.update(frame_dt)

    def between_frames(self, canvas: "pygame.Surface") -> None:
        """The idle time after a frame (``app.after_frame``): the running scenes do what
        the next frame would do first (:meth:`Scene.between_frames`: a bot's move). If
        that changed what they show, the next frame is drawn once on ``canvas`` now (its
        present is past; the next frame draws it all again), so the layers, panels and
        texts the change needs are made in the idle time, not in the frame that shows it."""
        changed = [scene.between_frames() for scene in self.running()]  # (every scene asked)
        if any(changed):
            self.draw_frame(canvas, 1.0)

    def visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def covers_canvas(self) -> bool:
        """The lowest drawn scene paints the whole canvas: the app's black fill before
        :meth:`draw` would be overwritten anyway (a full-HD fill is ~0.2 ms a frame)."""
        scenes = self.visible()
        return bool(scenes) and scenes[0].covers_canvas

    def draw_frame(self, canvas: "pygame.Surface", alpha: float) -> None:
        """A frame on the app's own canvas: black first unless the scenes cover it, then
        the scenes, which find it as their last frame left it where they do (``kept``)."""
        kept = self.covers_canvas()
        if not kept:
            canvas.fill((0, 0, 0))
        self.draw(canvas, alpha, kept=kept)

    def drawn_over(self) -> None:
        """Something other than the scenes drew on the canvas after the last draw (the app's
        captions): the next draw does not find it as that draw left it."""
        self._last_canvas = None

    def draw(self, surface: "pygame.Surface", alpha: float, kept: bool = False) -> None:
        """The visible scenes, bottom up. ``kept``: ``surface`` holds what the last draw
        left on it, if that draw was on it too and nothing drew over it since
        (:meth:`drawn_over`) — the app's frames; a caller that cannot say so leaves it False."""
        self.draws += 1
        self.canvas_kept = kept and self._last_canvas is not None and self._last_canvas() is surface
        try:
            self._last_canvas = weakref.ref(surface)  # (not its id: a new canvas may take a freed one's)
        except TypeError:  # a stand-in for a canvas (a test's None): never kept
            self._last_canvas = None
        scenes = self.visible()
        for i, scene in enumerate(scenes):
            over = next((above for above in scenes[i + 1:] if above.own_hint_bar), None)
            if over is None:
                scene.draw(surface, alpha)
                continue
            kit = over.ctx.kit  # type: ignore[attr-defined]  # (an overlay with a hint bar has one: Scene.own_hint_bar)
            kit.hints_muted = True
            try:
                scene.draw(surface, alpha)
            finally:
                kit.hints_muted = False
