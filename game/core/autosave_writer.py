"""The match autosave written off the game thread (issues 30 item 4, 32 item 5).

A save's write is a temp file, the bytes, an fsync and a rename (``files.write_atomic``):
on a laptop's disk the fsync alone takes several to tens of milliseconds, a hitch in the
frame (or in a phone's act -> view round trip) at every action. :class:`AutosaveWriter`
takes the bytes a :class:`~game.core.session.Session` has built on the game thread
(:meth:`put` returns at once) and writes them on one daemon thread of its own, started
with the first put.

- **Latest wins.** A path holds at most one save waiting: a newer one replaces it, so a
  save superseded before its write started is never written. One thread writes, one
  save at a time, in the order the paths were first handed over: an older save never
  lands after a newer one of the same path.
- **Errors.** A write that fails (a full disk, a folder that is a file…) is kept in
  :attr:`error` (None once a later write works), as ``Session.save_error`` reports it;
  the thread goes on with the next save. Anything else a write raises is kept as an
  ``OSError`` too (``EIO``): the thread never dies of it.
- **Flush.** Whatever must see the file on disk (the title tidying the save's folder
  or offering Resume, resuming, the app's end, a crash) calls :meth:`flush` first: it
  waits until everything handed over is written (or failed).

The thread is a daemon: a process that ends without a flush (a kill) loses at most the
saves not yet written, and never the file already there (the rename is atomic; the
title removes a temp file a kill leaves).

Pure Python, no pygame (the engine's layer): the app's context owns one writer
(``AppContext.autosaves``), given to the match sessions it makes; tools and tests that
make plain sessions save on their own thread as before.
"""

from __future__ import annotations

import errno
import threading
from pathlib import Path
from typing import Callable

from .files import write_atomic

#: The longest the game waits in a flush before it goes on anyway (a disk that hangs:
#: then the last save written is the one read, or kept).
SETTLE_SECONDS = 10.0
#: How a save's bytes are written (``files.write_atomic``; tests hand in a slow or failing one).
WriteFile = Callable[[Path, bytes], None]


class AutosaveWriter:
    """One worker thread writing the newest save of each path (module docstring)."""

    def __init__(self, write: WriteFile = write_atomic, name: str = "autosave-writer") -> None:
        self._write = write
        self._name = name
        self._lock = threading.Condition(threading.Lock())
        #: The saves waiting, newest bytes per path (the order: first handed over first).
        self._waiting: dict[Path, bytes] = {}
        #: A save being written now (its path), None while idle.
        self._busy: Path | None = None
        self._thread: threading.Thread | None = None
        #: Why the last write failed; None when it worked (or none has finished).
        self.error: OSError | None = None
        #: Saves written, and saves dropped because a newer one came first (for tests and benches).
        self.written = 0
        self.skipped = 0

    def put(self, path: Path, data: bytes) -> None:
        """Hand ``data`` over as the newest save of ``path`` and return at once."""
        with self._lock:
            if path in self._waiting:
                self.skipped += 1
            self._waiting[path] = data
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._lock.notify_all()

    def pending(self) -> bool:
        """Whether a save handed over is not written yet (waiting or being written)."""
        with self._lock:
            return bool(self._waiting) or self._busy is not None

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every save handed over is written or failed (:attr:`error`); False
        if ``timeout`` seconds passed first (a disk that hangs)."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._waiting and self._busy is None, timeout)

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._waiting))
                path = next(iter(self._waiting))
                data = self._waiting.pop(path)
                self._busy = path
            error: OSError | None = OSError(errno.EIO, "the autosave's write was cut short")
            try:
                self._write(path, data)
                error = None
            except OSError as exc:
                error = exc
            except Exception as exc:  # noqa: BLE001 - the thread outlives any write's failure
                error = OSError(errno.EIO, f"the autosave could not be written: {exc!r}")
            finally:  # (a flush never waits for a write that will not end)
                data = b""  # not kept while idle: at most the save written and the one waiting are alive
                with self._lock:
                    self.error = error
                    self._busy = None
                    if error is None:
                        self.written += 1
                    self._lock.notify_all()
