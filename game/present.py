"""How the 1920×1080 canvas reaches the window (issue 32 item 4).

The canvas is pygame's display surface opened with ``pygame.SCALED``: SDL's renderer
holds it in a texture and scales that into the window, letterboxed, and maps the mouse
back to canvas pixels. Which renderer SDL picked decides how a frame is shown
(:func:`presenter_for`, from the renderer's flags):

* A GPU renderer (Direct3D, Metal, OpenGL: ``SDL_RENDERER_ACCELERATED``):
  :class:`GpuPresenter`, ``display.flip``: the canvas is uploaded and the GPU scales it,
  so a 4K window costs the CPU what a 720p one does (the bench's present figures).
* SDL's software renderer (a Linux box without GL; also the dummy driver of the tests
  and the headless bench): :class:`BandPresenter`. ``display.flip`` would have the CPU
  stretch the whole canvas to the window every frame (~40 ms at 4K on a slow laptop),
  although most of a frame is what the last one showed. So the canvas is compared with
  the last frame shown band by band (:data:`BAND` rows; a byte comparison in place,
  ~0.5 ms for the canvas), and only the bands that changed are made a texture and
  stretched into the window, through the same renderer (so the mouse mapping and the
  letterbox stay SDL's, and a band shows exactly what a whole present shows there). A frame where
  nothing changed is not presented at all (the window keeps its picture), one where
  most of it changed is presented whole (``display.flip``: SDL's own texture). When
  the window is resized or shown again, everything is drawn again
  (:meth:`BandPresenter.redraw`).
"""

from __future__ import annotations

from typing import Any

import pygame

#: SDL_RendererFlags: the renderer uses the GPU.
SDL_RENDERER_ACCELERATED = 0x2
#: Canvas rows per band the software presenter compares and draws (45 bands).
BAND = 24


def renderer_info() -> tuple[str, int]:
    """The display's renderer: SDL's name for it and its flags. pygame-ce names it only
    through this private function (the bench reports it too)."""
    name, flags = getattr(pygame.display, "_get_renderer_info")()  # (not in pygame's stubs)
    return str(name), int(flags)


class GpuPresenter:
    """The whole canvas every frame: SDL uploads it and the GPU scales it."""

    kind = "gpu"

    def present(self) -> None:
        pygame.display.flip()

    def redraw(self) -> None:
        """(SDL draws the whole window at every present.)"""


class BandPresenter:
    """Only the bands of the canvas that changed since the last frame shown, stretched
    into the window by SDL's software renderer (module docstring)."""

    kind = "bands"

    def __init__(self, window: pygame.Window, canvas: pygame.Surface) -> None:
        self.window = window
        self.canvas = canvas
        width, height = canvas.get_size()
        self._bands = [pygame.Rect(0, top, width, min(BAND, height - top)) for top in range(0, height, BAND)]
        #: The canvas's bytes as last shown (None: nothing shown yet).
        self._shown: bytearray | None = None
        #: The window's size when it was last drawn whole (None: to be drawn whole).
        self._size: tuple[int, int] | None = None
        #: The display's renderer, once a frame is drawn in bands (pygame._sdl2 is
        #: imported then: ~2 ms a start-up, whose first frame is drawn whole).
        self._renderer: Any = None
        #: Bands the last present drew (the bench and the tests read it).
        self.bands_drawn = 0

    def redraw(self) -> None:
        """The window lost its picture (shown again after being covered, resized): the
        next present draws it whole, bars included."""
        self._size = None

    def present(self) -> None:
        changed = self._changed()
        whole = self._size != self.window.size or len(changed) > len(self._bands) // 2  # (a transition)
        self.bands_drawn = len(self._bands) if whole else len(changed)
        if whole:  # the whole canvas and the bars, as SDL presents it
            self._size = self.window.size
            pygame.display.flip()
        elif changed:
            self._draw(changed)

    def _draw(self, changed: list[int]) -> None:
        from pygame._sdl2.video import Renderer, Texture

        renderer = self._renderer = self._renderer or Renderer.from_window(self.window)
        height = self.canvas.get_height()
        for first, last in _runs(changed):
            # One row more on each side (unchanged or drawn anyway): the renderer rounds
            # a band's place in the window, so two bands drawn apart could leave a row
            # between them. The texture lives for this present only: one kept past its
            # renderer (a test's next window) would be freed twice. (A copy of the rows:
            # pygame-ce 2.5.8 makes a texture of a subsurface of the display wrongly.)
            rect = self._bands[first].union(self._bands[last])
            drawn = pygame.Rect(0, max(0, rect.top - 1), rect.width, 0)
            drawn.height = min(height, rect.bottom + 1) - drawn.top
            renderer.blit(Texture.from_surface(renderer, self.canvas.subsurface(drawn).copy()), drawn)
        renderer.present()

    def _changed(self) -> list[int]:
        """The bands whose bytes differ from those last shown (and keeps the new ones):
        compared in place (``startswith`` at the band's offset: no copy of a band that
        did not change), only the bands that changed copied."""
        pitch, changed = self.canvas.get_pitch(), []
        # (the canvas is locked until the views are released; its BufferProxy is a buffer,
        # which pygame's stubs say only for Python 3.12)
        proxy: Any = self.canvas.get_view("1")
        with memoryview(proxy) as view, view.cast("B") as pixels:
            shown = self._shown
            if shown is None or len(shown) != len(pixels):
                self._shown = bytearray(pixels)
                return list(range(len(self._bands)))
            for index, band in enumerate(self._bands):
                start, end = band.top * pitch, band.bottom * pitch
                if not shown.startswith(pixels[start:end], start):
                    shown[start:end] = pixels[start:end]
                    changed.append(index)
        return changed


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Consecutive ``indices`` (ascending) as (first, last) runs."""
    runs: list[tuple[int, int]] = []
    for index in indices:
        if runs and runs[-1][1] == index - 1:
            runs[-1] = (runs[-1][0], index)
        else:
            runs.append((index, index))
    return runs


def presenter_for(window: pygame.Window, canvas: pygame.Surface,
                  info: tuple[str, int] | None = None) -> GpuPresenter | BandPresenter:
    """The presenter for the renderer SDL picked (``info``: :func:`renderer_info`)."""
    _name, flags = info or renderer_info()
    return GpuPresenter() if flags & SDL_RENDERER_ACCELERATED else BandPresenter(window, canvas)
