"""The Incognito drawing kit: pad-first drawing on one canvas per seat.

* :func:`render_stroke` / :func:`render_drawing` turn the vector strokes of the state
  into pixels at any scale (the fill bucket floods the drawing as rendered so far).
* :class:`CanvasCache` keeps one surface per drawing and renders only the strokes added
  since the last frame (undo or clear re-render it once), so six canvases stay cheap.
* :class:`DrawPad` is one seat's cursor and tools. The left stick moves the cursor with
  acceleration, a held trigger (LT) slows it for precision, the D-pad (or keys) nudges
  it one step and moves it when held, CONFIRM held draws. Finished strokes are smoothed
  (Chaikin) and thinned before they are submitted. LB/RB change colour, RT the brush
  size, X the tool, B undoes. Below the canvas a tool bar (palette, tools, sizes, undo,
  redo, clear with a second press to confirm, "done" held 1 s) takes CONFIRM too, so
  keyboard and mouse players reach everything.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

import pygame

from ....input.intents import InputEvent, Intent
from ....ui.theme import Colour
from ..rules.drawing import BRUSH_WIDTHS, CANVAS_H, CANVAS_W, TOOLS, Stroke, make_stroke, pairs, smooth_path

PAPER = (255, 255, 255)
#: The tool bar under the canvas, in canvas units: a palette row, then a tools row.
PALETTE_ROW = 58
TOOLS_ROW = 64
SPACE_H = CANVAS_H + PALETTE_ROW + TOOLS_ROW
#: Cursor speeds in canvas units per tick.
STICK_SPEED = 5.5
STICK_ACCEL_TICKS = 40       # full push for this long: speed ramps up to ×2.6
SLOW = 0.3
NUDGE = 2.0
HELD_DELAY = 12              # D-pad / keys: a press nudges, holding longer moves
DONE_HOLD_TICKS = 60         # "done" needs a 1-second hold
CLEAR_CONFIRM_TICKS = 180
MIN_STEP = 1.5               # new path point once the cursor moved this far


# --- rendering ---------------------------------------------------------------------------
def render_stroke(surface: pygame.Surface, stroke: Stroke, rgb: Mapping[str, Colour], scale: float) -> None:
    """Draw one stroke on ``surface`` (a drawing rendered at ``scale`` × canvas units)."""
    points = [(x * scale, y * scale) for x, y in pairs(stroke.points)]
    colour = PAPER if stroke.tool == "eraser" else rgb[stroke.colour]
    if stroke.tool == "fill":
        flood_fill(surface, (int(points[0][0]), int(points[0][1])), colour)
        return
    width = max(1, int(round(stroke.width * scale)))
    radius = width / 2
    if len(points) == 1:
        pygame.draw.circle(surface, colour, points[0], radius)
        return
    if width > 2:
        for p in points:
            pygame.draw.circle(surface, colour, p, radius)
    pygame.draw.lines(surface, colour, False, points, width)


def flood_fill(surface: pygame.Surface, pos: tuple[int, int], colour: Colour) -> None:
    """Fill the region of ``pos``'s colour that touches ``pos`` (and its 1-pixel rim,
    so no pale seam stays along the lines)."""
    w, h = surface.get_size()
    x, y = min(w - 1, max(0, pos[0])), min(h - 1, max(0, pos[1]))
    target = surface.get_at((x, y))
    if tuple(target)[:3] == tuple(colour)[:3]:
        return
    mask = pygame.mask.from_threshold(surface, target, (24, 24, 24, 255))
    region = mask.connected_component((x, y))
    grown = pygame.mask.Mask((w, h))
    for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        grown.draw(region, (dx, dy))
    surface.blit(grown.to_surface(setcolor=(*colour[:3], 255), unsetcolor=(0, 0, 0, 0)), (0, 0))


def render_drawing(strokes: Sequence[Stroke], rgb: Mapping[str, Colour], width: int) -> pygame.Surface:
    """A whole drawing, ``width`` pixels wide (4:3), on white paper."""
    scale = width / CANVAS_W
    surface = pygame.Surface((width, int(round(CANVAS_H * scale))))
    surface.fill(PAPER)
    for stroke in strokes:
        render_stroke(surface, stroke, rgb, scale)
    return surface


class CanvasCache:
    """One drawing's pixels, kept between frames; new strokes are added incrementally."""

    def __init__(self, rgb: Mapping[str, Colour], width: int) -> None:
        self.rgb = rgb
        self.scale = width / CANVAS_W
        self.surface = pygame.Surface((width, int(round(CANVAS_H * self.scale))))
        self.surface.fill(PAPER)
        self._source: Sequence[Stroke] | None = None
        self._rendered: Sequence[Stroke] = ()
        #: How many strokes were rendered from scratch and incrementally (for tests).
        self.full_renders = 0
        self.stroke_renders = 0

    def sync(self, strokes: Sequence[Stroke]) -> pygame.Surface:
        if strokes is self._source:
            return self.surface
        self._source = strokes
        done = self._rendered
        if len(strokes) >= len(done) and (not done or strokes[len(done) - 1] is done[-1]
                                          or strokes[len(done) - 1] == done[-1]):
            new = strokes[len(done):]
        else:
            self.surface.fill(PAPER)
            self.full_renders += 1
            new = strokes
        for stroke in new:
            render_stroke(self.surface, stroke, self.rgb, self.scale)
            self.stroke_renders += 1
        self._rendered = strokes  # immutable (a state's tuple): kept as is, not copied
        return self.surface


# --- the tool bar ------------------------------------------------------------------------
@dataclass(frozen=True)
class Button:
    id: str
    rect: tuple[int, int, int, int]   # canvas units, in the cursor space


def toolbar(colour_ids: Sequence[str]) -> list[Button]:
    """The buttons under the canvas: the palette row, then tools, sizes, edits, done."""
    out = []
    n = len(colour_ids)
    for i, colour in enumerate(colour_ids):
        x0, x1 = CANVAS_W * i // n, CANVAS_W * (i + 1) // n
        out.append(Button(f"colour:{colour}", (x0, CANVAS_H, x1 - x0, PALETTE_ROW)))
    y = CANVAS_H + PALETTE_ROW
    layout = [("pen", 0, 72), ("eraser", 72, 72), ("fill", 144, 72), ("size0", 232, 60), ("size1", 292, 60),
              ("size2", 352, 60), ("undo", 428, 72), ("redo", 500, 72), ("clear", 572, 72), ("done", 656, 144)]
    out += [Button(name, (x, y, w, TOOLS_ROW)) for name, x, w in layout]
    return out


# --- one seat's pad ------------------------------------------------------------------------
@dataclass
class DrawPad:
    """A seat's cursor, tool choice and stroke in progress. ``submit(kind, data)`` sends
    an action to the match and returns None or the refusal reason."""

    seat: int
    colour_ids: tuple[str, ...]
    submit: Callable[[str, dict[str, Any]], str | None]
    x: float = CANVAS_W / 2
    y: float = CANVAS_H / 2
    tool: str = "pen"
    colour: int = 0
    size: int = 1
    stick_angle: float = 0.0
    stick_magnitude: float = 0.0
    push_ticks: int = 0
    slow: bool = False
    held_dirs: dict[Intent, int] = field(default_factory=dict)  # ticks held
    path: list[tuple[float, float]] | None = None  # the stroke being drawn (raw points)
    pressing: str | None = None                       # tool-bar button under a held CONFIRM
    hold_ticks: int = 0
    clear_armed: int = 0
    mouse_drawing: bool = False
    buttons: list[Button] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.buttons = toolbar(self.colour_ids)

    # --- input ---------------------------------------------------------------------------
    def handle(self, event: InputEvent, done: bool) -> bool:
        intent = event.intent
        if intent is Intent.STICK:
            self.stick_angle, self.stick_magnitude = event.angle, event.magnitude if event.pressed else 0.0
            return True
        if intent is Intent.POINTER and event.pos is not None:
            return self._pointer(event, done)
        if intent in (Intent.UP, Intent.DOWN, Intent.LEFT, Intent.RIGHT):
            if event.from_stick or event.repeat:
                return True  # the stick is followed through STICK; we make our own repeats
            if event.pressed:
                self._nudge(intent, NUDGE * (SLOW if self.slow else 1.0))
                self.held_dirs[intent] = 0
            else:
                self.held_dirs.pop(intent, None)
            return True
        if intent is Intent.TRIGGER_L:
            self.slow = event.pressed
            return True
        if not event.pressed:
            if intent is Intent.CONFIRM:
                self._release()
                return True
            return intent in (Intent.SHOULDER_L, Intent.SHOULDER_R, Intent.TRIGGER_R, Intent.ALT, Intent.BACK)
        if event.repeat:
            return True
        if intent is Intent.CONFIRM:
            self._press(done)
        elif done:
            if intent is Intent.BACK:
                self.submit("undone", {})
            else:
                return intent in (Intent.SHOULDER_L, Intent.SHOULDER_R, Intent.TRIGGER_R, Intent.ALT)
        elif intent is Intent.SHOULDER_L:
            self.colour = (self.colour - 1) % len(self.colour_ids)
            self.tool = "pen" if self.tool == "eraser" else self.tool
        elif intent is Intent.SHOULDER_R:
            self.colour = (self.colour + 1) % len(self.colour_ids)
            self.tool = "pen" if self.tool == "eraser" else self.tool
        elif intent is Intent.TRIGGER_R:
            self.size = (self.size + 1) % len(BRUSH_WIDTHS)
        elif intent is Intent.ALT:
            self.tool = TOOLS[(TOOLS.index(self.tool) + 1) % len(TOOLS)]
        elif intent is Intent.BACK:
            self.submit("undo", {})
        else:
            return False
        return True

    def _pointer(self, event: InputEvent, done: bool) -> bool:
        """Mouse: ``event.pos`` is already in this pad's cursor space."""
        assert event.pos is not None  # handle() passes only a pointer event with a pos
        self.x, self.y = self._clamp(*event.pos)
        if event.pressed:
            self.mouse_drawing = True
            self._press(done)
        elif self.path is not None:
            self._add_point()
        return True

    def pointer_up(self) -> None:
        """The mouse button was let go (the input hub reports presses only)."""
        if self.mouse_drawing:
            self._release()

    def release_all(self) -> None:
        """Forget held inputs (an overlay took the input, or the phase ended); a stroke
        in progress is kept as it is."""
        self.stick_magnitude = 0.0
        self.held_dirs.clear()
        self.slow = False
        self._release()

    def _press(self, done: bool) -> None:
        button = self.button_at(self.x, self.y)
        if button is not None:
            self.pressing = button.id
            self.hold_ticks = 0
            if done and button.id == "done":
                self.submit("undone", {})
                self.pressing = None
            elif not done and button.id != "done":
                self._click(button.id)
            return
        if done or self.y >= CANVAS_H:
            return
        if self.tool == "fill":
            self._submit_stroke([(self.x, self.y)])
        else:
            self.path = [(self.x, self.y)]

    def _release(self) -> None:
        self.mouse_drawing = False
        self.pressing = None
        self.hold_ticks = 0
        if self.path is not None:
            path, self.path = self.path, None
            self._submit_stroke(smooth_path(path) if len(path) > 2 else path)

    def _click(self, button: str) -> None:
        if button.startswith("colour:"):
            self.colour = self.colour_ids.index(button.split(":", 1)[1])
            self.tool = "pen" if self.tool == "eraser" else self.tool
        elif button in TOOLS:
            self.tool = button
        elif button.startswith("size"):
            self.size = int(button[4:])
        elif button in ("undo", "redo"):
            self.submit(button, {})
        elif button == "clear":
            if self.clear_armed:
                self.clear_armed = 0
                self.submit("clear", {})
            else:
                self.clear_armed = CLEAR_CONFIRM_TICKS

    def _submit_stroke(self, path: Sequence[tuple[float, float]]) -> None:
        stroke = make_stroke(self.tool, self.colour_ids[self.colour], BRUSH_WIDTHS[self.size], path)
        self.submit("stroke", {"stroke": stroke})

    # --- clock ---------------------------------------------------------------------------
    def tick(self, done: bool) -> None:
        if self.clear_armed:
            self.clear_armed -= 1
        scale = SLOW if self.slow else 1.0
        if self.stick_magnitude > 0:
            self.push_ticks = min(self.push_ticks + 1, STICK_ACCEL_TICKS)
            speed = STICK_SPEED * self.stick_magnitude ** 1.6 * (1 + 1.6 * self.push_ticks / STICK_ACCEL_TICKS) * scale
            a = math.radians(self.stick_angle)
            self.x, self.y = self._clamp(self.x + math.sin(a) * speed, self.y - math.cos(a) * speed)
        else:
            self.push_ticks = 0
        for intent in list(self.held_dirs):
            self.held_dirs[intent] += 1
            t = self.held_dirs[intent]
            if t > HELD_DELAY:
                self._nudge(intent, (2.0 + min(5.0, (t - HELD_DELAY) / 8)) * scale)
        if self.path is not None:
            self._add_point()
        if self.pressing == "done" and not done:
            self.hold_ticks += 1
            if self.hold_ticks >= DONE_HOLD_TICKS:
                self.pressing = None
                self.hold_ticks = 0
                self.submit("done", {})

    def _add_point(self) -> None:
        assert self.path is not None  # called only while a stroke is drawn
        if self.y >= CANVAS_H:
            self.y = CANVAS_H - 1  # a stroke stays on the paper
        lx, ly = self.path[-1]
        if math.hypot(self.x - lx, self.y - ly) >= MIN_STEP:
            self.path.append((self.x, self.y))
            if len(self.path) >= 1500:
                self._release()

    def _nudge(self, intent: Intent, step: float) -> None:
        dx = {Intent.LEFT: -step, Intent.RIGHT: step}.get(intent, 0.0)
        dy = {Intent.UP: -step, Intent.DOWN: step}.get(intent, 0.0)
        self.x, self.y = self._clamp(self.x + dx, self.y + dy)

    def _clamp(self, x: float, y: float) -> tuple[float, float]:
        bottom = CANVAS_H - 1 if self.path is not None else SPACE_H - 1
        return min(CANVAS_W - 1.0, max(0.0, x)), min(float(bottom), max(0.0, y))

    def button_at(self, x: float, y: float) -> Button | None:
        for button in self.buttons:
            bx, by, bw, bh = button.rect
            if bx <= x < bx + bw and by <= y < by + bh:
                return button
        return None

    @property
    def hold_progress(self) -> float:
        return self.hold_ticks / DONE_HOLD_TICKS if self.pressing == "done" else 0.0
