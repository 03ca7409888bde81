"""Files the game reads and writes: the player's (settings, the autosave, custom decks)
and the caches.

Read only through :func:`read_bytes`, :func:`read_text` or :func:`open_regular`: a
regular file of at most a size the caller gives, never more even if it grows while it
is read, text as UTF-8 with or without a leading BOM (Windows' Notepad writes one). A
named pipe, a device (a settings file linked to ``/dev/zero``), a folder or a socket, a
file over the size, a link that leads nowhere (a deck on a USB stick since unplugged)
or back to itself is refused with :class:`FileRefused`, an ``OSError`` whose message
says which, without blocking or reading it: the file is opened non-blocking (opening a
pipe would wait for a writer) and judged by ``fstat`` on what was opened. A file that
is not there raises ``FileNotFoundError`` as usual (a first start has no settings).

Written whole or not at all (a temp file and a rename); the temps a killed write leaves
behind are removed; bad files are kept aside as ``.bak``. :func:`bad_text` checks the
strings of a parsed file as a phone's name is checked (printable, bounded).

Apart from the session (saves) so that the settings and the title, which start-up
needs, read, write and tidy files without importing the engine.
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
from pathlib import Path

#: How :func:`open_regular` opens: non-blocking (a pipe), never as the controlling
#: terminal (a tty device), binary on Windows (which has neither of the first two).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
#: What a file that is not a regular one is, for the message.
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


class FileRefused(OSError):
    """A file the game does not read: not a regular file, too big, or a link that leads
    nowhere or back to itself. The message says which (callers show it or keep it)."""


class FileTooBig(FileRefused):
    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"it holds {size:,} bytes or more; at most {limit:,} are read")
        self.size = size
        self.limit = limit


def open_regular(path: Path | str, limit: int) -> io.BufferedReader:
    """``path`` opened for reading in binary if it is a regular file of at most
    ``limit`` bytes, else :class:`FileRefused` (module docstring); ``FileNotFoundError``
    if it is not there. The caller reads at most ``limit`` bytes from it (or uses
    :func:`read_bytes`)."""
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise FileRefused("it is a link to a file that is not there (on a drive that was unplugged?)") from None
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise FileRefused("it is a link that leads back to itself") from None
        raise
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS if test(info.st_mode)), "not a file")
            raise FileRefused(f"it is {kind}, not a file")
        if info.st_size > limit:
            raise FileTooBig(info.st_size, limit)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(path: Path | str, limit: int) -> bytes:
    """The bytes of ``path``, a regular file of at most ``limit`` bytes (see
    :func:`open_regular`); :class:`FileTooBig` if it grew past that while read."""
    with open_regular(path, limit) as handle:
        want = os.fstat(handle.fileno()).st_size + 1  # (at most limit + 1: open_regular checked)
        chunks: list[bytes] = []
        total = 0
        while chunk := handle.read(want):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise FileTooBig(total, limit)
            want = min(limit + 1 - total, 1 << 20)  # it grew: on by the megabyte, up to one byte past the limit
    return b"".join(chunks)


def read_text(path: Path | str, limit: int) -> str:
    """The text of ``path`` (see :func:`read_bytes`) decoded from UTF-8, a leading BOM
    dropped; ``UnicodeDecodeError`` if it is not UTF-8."""
    return read_bytes(path, limit).decode("utf-8-sig")


def bad_text(value: object, max_length: int) -> str | None:
    """The first string in ``value`` (parsed JSON: keys and values, at any depth) that is
    not text a player could have typed — a control or format character, a lone surrogate
    (``"\\ud800"`` in JSON: it cannot be written back, nor drawn), a line break — or is
    longer than ``max_length``; None if there is none. Printable, as a phone's name is
    made (``companion.protocol.clean_name``)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if len(item) > max_length or not item.isprintable():
                return f"bad text {item[:40]!r}"
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend([x for x in item if type(x) is not int])  # (a drawing's points: a million in a big save)
    return None


def link_safe_stat(path: Path | str) -> os.stat_result | None:
    """The stat of the file at ``path``, or of the link itself when it leads nowhere or
    back to itself (a deck on an unplugged drive); None when neither is there."""
    try:
        return os.stat(path)
    except OSError:
        try:
            return os.lstat(path)
        except OSError:
            return None


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``text`` (str: as UTF-8) to ``path`` through a temp file in the same folder
    and a rename."""
    import tempfile  # with the first write, not before the title's first frame

    data = text.encode("utf-8") if isinstance(text, str) else text
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def remove_stale_temps(path: Path) -> list[Path]:
    """Delete the temp files :func:`write_atomic` left beside ``path`` when the process
    was killed mid-write (``<name>.<random>.tmp``); return them. Call it only when no
    write to ``path`` is in progress (at start)."""
    import glob

    removed = []
    for tmp in path.parent.glob(glob.escape(path.name) + ".*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()
            removed.append(tmp)
    return removed


def quarantine(path: Path) -> Path:
    """Keep a bad file beside itself as ``.bak`` (replacing an older one); return it."""
    backup = path.with_name(path.name + ".bak")
    os.replace(path, backup)
    return backup
