"""What the game makes once and keeps in the user's cache folder between runs: rendered
audio, the parsed UI strings, the menu background. Making it costs tens of ms to a
second of pure Python; reading it back costs about a millisecond.

A file is named by a digest of everything that shapes it (its recipe), so a changed
recipe simply makes a new file. A cache that cannot be read or written only costs the
making; a file that fails ``check`` (cut short) is made again, as is one
``core.files.open_regular`` refuses (a pipe, a device, a link to nothing, a file over
:data:`MAX_READ_BYTES` or the size the caller expects). A file kept deletes the
same name's files of other recipes (:func:`remove_older_recipes`); files in a format
earlier versions kept and nothing reads any more are deleted once a run
(:func:`prune_retired`).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any, Callable

from .core.files import open_regular, read_bytes

try:  # hashlib's own blake2b: ``import hashlib`` loads OpenSSL first (~2.5 ms of every start)
    from _blake2 import blake2b
except ImportError:  # a Python built without it
    from hashlib import blake2b


#: The largest cache file read whole (:func:`cached_bytes`): the match's music loop, the
#: biggest, is ~4 MB; the parsed strings 80 KB. (Pictures are read into a buffer of
#: their size: :func:`read_into`.)
MAX_READ_BYTES = 32 * 1024 * 1024
#: What earlier versions kept and nothing reads now: the cache folder (``cache_dir``'s
#: kind) and the whole file name, as ``cache_path`` named it (name, 16 hex digits, suffix).
RETIRED = (
    ("outlines", r"[0-9A-F]+(-[0-9A-F]+)*-[0-9a-f]{16}\.pickle"),  # Incognito's icon outlines: JSON now
    ("strings", r"strings-[0-9a-f]{16}\.json"),  # the parsed UI strings: marshal now
)


def cache_dir(kind: str) -> Path:
    import platformdirs

    from .paths import APP_NAME

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / kind


def digest() -> blake2b:
    """A new hash (``update``, ``hexdigest``) for what names a cache file."""
    return blake2b(digest_size=16)


def cache_path(folder: Path, name: str, recipe: object, suffix: str) -> Path:
    named = digest()
    named.update(repr(recipe).encode())
    return folder / f"{name}-{named.hexdigest()[:16]}{suffix}"


def cached_bytes(path: Path, make: Callable[[], bytes], check: Callable[[bytes], bool] = bool,
                 limit: int = MAX_READ_BYTES) -> bytes:
    """The bytes in ``path`` if ``check`` accepts them, else ``make()``'s, written there
    atomically for next time. ``limit``: the most a whole file holds (a bigger one is
    not read)."""
    try:
        data = read_bytes(path, limit)
        if check(data):
            return data
    except OSError:
        pass
    data = make()
    keep(path, data)
    return data


def read_into(path: Path, buffer: Any) -> bool:
    """Fill ``buffer`` (a writable buffer, e.g. a surface's pixels) from ``path``; False
    unless the file holds exactly as many bytes (then make it and :func:`keep` it). On
    False the buffer is all zeros, as a new surface's: what a cut-short file put in it
    must not show through, nor be kept, with what is made over it."""
    view = memoryview(buffer).cast("B")
    try:
        with open_regular(path, len(view)) as handle:
            if handle.readinto(view) == len(view) and not handle.read(1):
                return True
    except OSError:
        pass
    view[:] = bytes(len(view))
    return False


def keep(path: Path, data: Any) -> bool:
    """Write ``data`` (bytes or a buffer) to ``path`` atomically, then delete the files of
    the same name kept for other recipes (:func:`remove_older_recipes`); False if it could
    not be (a failure only costs the next run its making)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = _temp_path(path, os.getpid())
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        return False
    remove_older_recipes(path)
    return True


def _temp_path(path: Path, pid: int) -> Path:
    """Where process ``pid``'s :func:`keep` writes ``path`` before its rename."""
    return path.with_suffix(f".{pid}.tmp")


def remove_temps(folder: Path, pid: int) -> None:
    """Delete what process ``pid``'s :func:`keep` was writing in ``folder`` when it was
    stopped (its temp files: they are never renamed once it is gone)."""
    for left in folder.glob(_temp_path(Path("*"), pid).name):
        left.unlink(missing_ok=True)


#: A cache file's whole name, as :func:`cache_path` makes it: the name, 16 hex digits, the suffix.
CACHE_FILE = re.compile(r"(?P<name>.+)-[0-9a-f]{16}(?P<suffix>\.[A-Za-z0-9]+)")


def remove_older_recipes(path: Path) -> int:
    """Delete the files beside ``path`` named as it is but for their digest: what a
    changed recipe (a new version, font, palette, window size...) left behind, which
    nothing reads any more (16 title-icons files piled up in a day of development). Only
    exact ``<name>-<16 hex digits><suffix>`` files in that folder go (a folder, a symlink,
    a temp file or any other name stays); how many went. One folder scan, on a keep only:
    reads never pay it."""
    named = CACHE_FILE.fullmatch(path.name)
    if named is None:
        return 0
    prefix = named["name"] + "-"
    older = re.compile(re.escape(prefix) + r"[0-9a-f]{16}" + re.escape(named["suffix"]))
    gone = 0
    try:
        names = os.listdir(path.parent)
    except OSError:
        return 0
    for name in names:
        if name.startswith(prefix) and name != path.name and older.fullmatch(name):
            sibling = path.parent / name
            try:
                if stat.S_ISREG(sibling.lstat().st_mode):
                    sibling.unlink()
                    gone += 1
            except OSError:
                continue
    return gone


def prune_retired() -> int:
    """Delete the files :data:`RETIRED` names, in those folders of our own cache only (a
    symlink, a folder or any other name stays); how many went. A scan of two folders,
    run behind the title (game/cli/play.py); a file that cannot go stays for next time."""
    gone = 0
    for kind, pattern in RETIRED:
        try:
            entries = list(os.scandir(cache_dir(kind)))
        except OSError:
            continue
        for entry in entries:
            if re.fullmatch(pattern, entry.name) and entry.is_file(follow_symlinks=False):
                try:
                    os.unlink(entry.path)
                except OSError:
                    continue
                gone += 1
    return gone
