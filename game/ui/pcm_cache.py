"""Rendered audio kept on disk between runs (``game/disk_cache.py``): synthesis costs
about a second of pure Python, reading it back costs milliseconds."""

from __future__ import annotations

from array import array
from pathlib import Path
from typing import Callable

from .. import disk_cache


def cache_dir(kind: str) -> Path:
    return disk_cache.cache_dir(kind)


def cache_path(folder: Path, name: str, recipe: object) -> Path:
    return disk_cache.cache_path(folder, name, recipe, ".pcm")


def cached_samples(path: Path, render: Callable[[], array[int]], expected_bytes: int | None = None) -> array[int]:
    """16-bit samples from ``path`` if it holds a complete render, else ``render()``,
    written beside it atomically for next time."""
    made: list[array[int]] = []

    def make() -> bytes:
        made.append(render())
        return made[0].tobytes()

    def complete(data: bytes) -> bool:
        return bool(data) and (expected_bytes is None or len(data) == expected_bytes) and len(data) % 2 == 0

    data = disk_cache.cached_bytes(path, make, complete, expected_bytes or disk_cache.MAX_READ_BYTES)
    if made:
        return made[0]
    samples = array("h")
    samples.frombytes(data)
    return samples
