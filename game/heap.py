"""Give freed heap memory back to the system when a scene leaves.

glibc keeps what Python and SDL free inside the process: big short-lived pixel buffers
(pygame_gui draws each widget state at 4×, full-HD layers, a board's canvases) leave
holes in its heap that RSS still counts, so over an evening of menus and matches the
process grew by hundreds of MB with its live objects flat. ``malloc_trim(0)`` returns
the free pages of every arena; it costs ~0.2 ms (median; a few ms when much is freed),
so it runs once a scene has left, not every frame. Elsewhere (Windows, macOS, musl)
there is no such call and nothing happens.

First the cyclic GC runs: a menu screen's pygame_gui widgets and their text layouts sit
in reference cycles with their drawn surfaces (~2.5 MB a settings screen), which
waited for a full collection and grew a run of menu visits by ~30 MB before it came.
After ``gc.freeze()`` (``play`` freezes what it loaded) a full pass costs ~0.3 ms.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import sys
from typing import TYPE_CHECKING, Callable, Iterator

if TYPE_CHECKING:
    from .stack import SceneStack


@functools.cache
def _glibc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, looked up at the first release (ctypes is not needed
    before the first frame)."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the process already has
    except (OSError, AttributeError):  # musl and other C libraries have no malloc_trim
        return None
    trim.argtypes = (ctypes.c_size_t,)
    trim.restype = ctypes.c_int
    return trim


def release_free_memory() -> bool:
    """Free the garbage cycles, then hand the heap's free pages back to the system;
    False where the second is not possible."""
    gc.collect()
    trim = _glibc_trim()
    if trim is None:
        return False
    trim(0)
    return True


@contextlib.contextmanager
def collections_after() -> Iterator[None]:
    """The cyclic GC held off for the block (a frame), on again after it: the passes its
    allocations made due run at the next allocation, in the idle time before the next
    frame (serving phones, or the server thread), not in the middle of a draw. With 500
    audience members in, young and middle passes of 1-7 ms had landed in the slowest 2 %
    of frames (issue 30 item 4). A GC already off (``play`` before the first frame) stays
    off; an explicit ``gc.collect`` (:func:`release_free_memory`) still runs."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


class ReleaseOnLeave:
    """Called after each frame: releases free memory (:func:`release_free_memory`) in the
    second frame after a scene has left ``stack`` (the frame after the transition's), and
    does nothing otherwise. ``App.frame`` and the menu bench share it, so they cannot
    drift apart."""

    def __init__(self, stack: SceneStack) -> None:
        self._stack = stack
        self._exits = stack.exits
        #: A scene left during the last frame: this frame releases.
        self._due = False

    def __call__(self) -> bool:
        """Whether memory was released: a frame after the one in which a scene left, not
        in it. That frame carries the transition (the closed screen's last work, the one
        under drawn again or the new one made); the pass and trim (1-2.5 ms here) are
        cheaper in the next, an ordinary frame (issue 32 item 2)."""
        due, self._due = self._due, self._stack.exits != self._exits
        self._exits = self._stack.exits
        if not due:
            return False
        release_free_memory()
        return True
