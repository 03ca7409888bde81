"""The how-to pictures' maker, seen from the game: at most one child process at a time
(``python -m game pictures``, game/cli/pictures.py) that renders the missing pictures of
one language into the user cache, so the game never renders one itself (issue 18).

The idle title starts it (:func:`ask_for_pictures`) once the start-up's imports are
over, when a picture of the player's language is missing; a how-to page starts it when
its own picture is missing and none runs (the language was changed). An order (language
and format) is tried once a run: a maker that failed (exit status not 0, a crash, a full
disk) is logged and not started again, and its pages show their words alone. The app
stops it when the game quits (:meth:`PictureMaker.stop`): ended and waited for, so
neither a zombie nor an orphan is left.

The child is this program again (game/program.py): ``python -m game pictures …``
from the sources, or the frozen build's own program with ``pictures …``.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ...program import game_command
from .howto_pictures import PictureFormat, all_shots, display_format, is_made, picture_path

if TYPE_CHECKING:
    import pygame

    from ...context import AppContext

#: Seconds the maker has to end once asked (it is killed after).
STOP_WAIT = 2.0


@dataclass(frozen=True)
class PictureOrder:
    """The pictures one maker makes: ``shots`` (the most wanted first) in ``lang`` and
    ``fmt``, into ``folder``."""

    lang: str
    fmt: PictureFormat
    shots: tuple[str, ...]
    folder: Path


def maker_command(order: PictureOrder) -> list[str]:
    """The maker's command line: this program again, with the ``pictures`` command."""
    fmt = order.fmt
    return [*game_command("pictures"), *order.shots, "--lang", order.lang, "--size", f"{fmt.size[0]}x{fmt.size[1]}",
            "--masks", ",".join(str(mask) for mask in fmt.masks), "--bits", str(fmt.bits), "--pitch", str(fmt.pitch),
            "--folder", str(order.folder), "--parent", str(os.getpid())]


def _log_failure(message: str) -> None:
    import logging  # only on a failure (~2.5 ms of imports)

    logging.getLogger("secret-salon.pictures").warning(message)


class PictureMaker:
    """The one maker child of this game (``ctx.pictures``; None headless: tools and
    tests that do not give one)."""

    def __init__(self, command: Callable[[PictureOrder], list[str]] = maker_command) -> None:
        self.command = command
        self._child: subprocess.Popen[bytes] | None = None
        self._order: PictureOrder | None = None
        #: (language, format) of every order started this run: none is started twice.
        self._tried: set[tuple[str, PictureFormat]] = set()

    @property
    def process(self) -> subprocess.Popen[bytes] | None:
        """The maker child while it runs (or has ended unnoticed)."""
        return self._child

    def running(self) -> bool:
        """Whether a maker runs; one that has ended is waited for (no zombie) and, if it
        failed, logged."""
        child = self._child
        if child is None:
            return False
        status = child.poll()
        if status is None:
            return True
        self._child = None
        if status != 0:
            _log_failure(f"the how-to pictures ({self._order.lang if self._order else '?'}) could not be made: "
                         f"the maker ended with status {status}; the pages show their words alone")
        return False

    def tried(self, lang: str, fmt: PictureFormat) -> bool:
        return (lang, fmt) in self._tried

    def start(self, order: PictureOrder) -> bool:
        """Start a maker for ``order`` unless one runs or that order was tried already
        this run; True if one was started."""
        if not order.shots or self.running() or self.tried(order.lang, order.fmt):
            return False
        self._tried.add((order.lang, order.fmt))
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                   SDL_NO_SIGNAL_HANDLERS="1")  # SDL would turn :meth:`stop`'s SIGTERM into a quit event
        flags = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0)  # Windows; POSIX: the child's os.nice
        try:
            self._child = subprocess.Popen(self.command(order), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                           env=env, creationflags=flags)
        except OSError as exc:
            _log_failure(f"the how-to pictures' maker could not start: {exc}")
            return False
        self._order = order
        return True

    def stop(self) -> None:
        """End the maker if it runs and wait for it (the game quits); a picture it was
        writing is left as its temp file, which is removed."""
        child = self._child
        if child is None:
            return
        self._child = None
        if child.poll() is None:
            child.terminate()
            try:
                child.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
        if self._order is not None:
            from ... import disk_cache

            disk_cache.remove_temps(self._order.folder, child.pid)


def missing_shots(folder: Path, lang: str, fmt: PictureFormat, shots: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``shots`` whose picture is not kept (a stat each)."""
    return tuple(shot for shot in shots if not is_made(picture_path(folder, shot, lang, fmt), fmt))


def ask_for_pictures(ctx: AppContext, size: tuple[int, int], first: str | None = None) -> bool:
    """Start the maker for the pictures of ``ctx``'s language at ``size`` not kept yet
    (``first`` before the others); True if it started."""
    from ... import disk_cache

    maker: PictureMaker | None = ctx.pictures
    if maker is None or maker.running():
        return False
    lang, fmt, folder = ctx.strings.lang, display_format(size), disk_cache.cache_dir("pictures")
    if maker.tried(lang, fmt):
        return False
    every = all_shots()
    shots = missing_shots(folder, lang, fmt, tuple(dict.fromkeys((first, *every) if first else every)))
    return maker.start(PictureOrder(lang, fmt, shots, folder))


def look_for_picture(ctx: AppContext, shot: str, size: tuple[int, int]) -> pygame.Surface | bool:
    """The page's picture if it is kept (read back, ~1 ms); else True while it may still
    come (a maker runs, or was just started for it), False if it will not (no maker, or
    this language's was tried already)."""
    from ... import disk_cache
    from .howto_pictures import read_picture

    fmt = display_format(size)
    path = picture_path(disk_cache.cache_dir("pictures"), shot, ctx.strings.lang, fmt)
    if is_made(path, fmt):
        picture = read_picture(path, fmt)
        if picture is not None:
            return picture
    if ctx.pictures is None:
        return False
    return ctx.pictures.running() or ask_for_pictures(ctx, size, first=shot)
