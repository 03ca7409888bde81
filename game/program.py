"""This program started again as a child process, from the sources or from the frozen build.

From the sources the game is ``python -m game``; in a frozen build (PyInstaller sets
``sys.frozen``) ``sys.executable`` is the game itself, which takes the command and its
options directly, and takes ``-c CODE`` as Python does (tools/launcher.py). The tools
that start children (the bench's scenes, start-up, phones and bots; the how-to pictures'
maker) build their command lines here, so every one of them works in both.
"""

from __future__ import annotations

import sys


def frozen() -> bool:
    return bool(getattr(sys, "frozen", False))


def game_command(*args: str) -> list[str]:
    """The command line running ``secret-salon ARGS`` (``python -m game ARGS``)."""
    return [sys.executable, *args] if frozen() else [sys.executable, "-m", "game", *args]


def python_command(code: str) -> list[str]:
    """The command line running Python ``code`` in a fresh process, as ``python -c``."""
    return [sys.executable, "-c", code]
