"""Files the game writes: whole or not at all (a temp file and a rename), the temps a
killed write leaves behind, and bad files kept aside as ``.bak``.

Apart from the session (saves) so that the settings and the title, which start-up
needs, write and tidy files without importing the engine.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

#: How text UTF-8 cannot encode (a lone surrogate) is written: as its ``\\uXXXX`` escape.
SURROGATES = "backslashreplace"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temp file in the same folder and a rename.

    The files written are JSON (saves, settings). A lone surrogate, which UTF-8 cannot
    encode and JSON's ``\\uXXXX`` escapes can carry, is written as that escape
    (``backslashreplace``): the file stays JSON and the write does not fail on it."""
    import tempfile  # with the first write, not before the title's first frame

    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors=SURROGATES) as handle:
            handle.write(text)
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
