"""Rendered audio kept on disk between runs: synthesis costs about a second of pure
Python, reading it back costs milliseconds.

Files live in the user's cache folder, named by a digest of everything that shapes the
sound (the recipe), so a changed recipe simply renders a new file. A cache that cannot
be read or written only costs the rendering.
"""

from __future__ import annotations

import hashlib
import os
from array import array
from pathlib import Path
from typing import Callable


def cache_dir(kind: str) -> Path:
    import platformdirs

    from ..paths import APP_NAME

    return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False)) / kind


def cache_path(folder: Path, name: str, recipe: object) -> Path:
    return folder / f"{name}-{hashlib.sha256(repr(recipe).encode()).hexdigest()[:16]}.pcm"


def cached_samples(path: Path, render: Callable[[], array], expected_bytes: int | None = None) -> array:
    """16-bit samples from ``path`` if it holds a complete render, else ``render()``,
    written beside it atomically for next time."""
    samples = array("h")
    try:
        data = path.read_bytes()
        if data and (expected_bytes is None or len(data) == expected_bytes):
            samples.frombytes(data)
            return samples
    except (OSError, ValueError):
        pass
    samples = render()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(samples.tobytes())
        os.replace(tmp, path)
    except OSError:
        pass
    return samples
