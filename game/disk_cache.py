"""What the game makes once and keeps in the user's cache folder between runs: rendered
audio, the parsed UI strings, the menu background. Making it costs tens of ms to a
second of pure Python; reading it back costs about a millisecond.

A file is named by a digest of everything that shapes it (its recipe), so a changed
recipe simply makes a new file. A cache that cannot be read or written only costs the
making; a file that fails ``check`` (cut short) is made again.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

try:  # hashlib's own blake2b: ``import hashlib`` loads OpenSSL first (~2.5 ms of every start)
    from _blake2 import blake2b
except ImportError:  # a Python built without it
    from hashlib import blake2b


def cache_dir(kind: str) -> Path:
    import platformdirs

    from .paths import APP_NAME

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / kind


def digest() -> Any:
    """A new hash (``update``, ``hexdigest``) for what names a cache file."""
    return blake2b(digest_size=16)


def cache_path(folder: Path, name: str, recipe: object, suffix: str) -> Path:
    named = digest()
    named.update(repr(recipe).encode())
    return folder / f"{name}-{named.hexdigest()[:16]}{suffix}"


def cached_bytes(path: Path, make: Callable[[], bytes], check: Callable[[bytes], bool] = bool) -> bytes:
    """The bytes in ``path`` if ``check`` accepts them, else ``make()``'s, written there
    atomically for next time."""
    try:
        data = path.read_bytes()
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
        with path.open("rb") as handle:
            if handle.readinto(view) == len(view) and not handle.read(1):
                return True
    except OSError:
        pass
    view[:] = bytes(len(view))
    return False


def keep(path: Path, data: Any) -> bool:
    """Write ``data`` (bytes or a buffer) to ``path`` atomically; False if it could not
    be (a failure only costs the next run its making)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError:
        return False
    return True
