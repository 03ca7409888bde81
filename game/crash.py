"""What a crash leaves behind: a log file and, while the window still works, an apology.

A frozen windowed build has no console, so an unhandled exception would vanish (macOS)
or reach PyInstaller's bare dialog (Windows). :func:`install` sends every unhandled
exception — the main thread's through ``sys.excepthook``, worker threads' through
``threading.excepthook`` — with its traceback to ``user_log_dir()/secret-salon.log``,
and points ``faulthandler`` (hard crashes: segfaults, aborts) at the same file, through
a handle kept open for the whole process. The previous hooks still run, so a console
shows the original traceback too, even when the log could not be written.

``play`` hands the log the crash strings once its context exists (:meth:`CrashLog.speak`)
and routes an exception that escapes the game to :meth:`CrashLog.excepthook`; on the
main thread that shows :class:`ApologyScreen`, drawn with plain pygame (the UI kit may
be what broke). Nothing here touches the autosave: every action's save is written
atomically (off the game thread, ``core/autosave_writer.py``) and ``play`` flushes the
writer as the exception leaves the loop, before the apology, so the title offers to
resume on the next start.
"""

from __future__ import annotations

import faulthandler
import platform
import re
import sys
import threading
import time
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Callable, Mapping, Union

if TYPE_CHECKING:  # (logging is imported for the first crash record, pygame by the apology: start-up)
    import logging

    import pygame

    from .i18n import Strings

LOG_NAME = "secret-salon.log"
#: A record's line (``logging.Formatter``'s format).
LINE_FORMAT = "%(asctime)s %(levelname)s %(message)s"
#: The log rolls over at start-up once it has grown past this, keeping this many old
#: files. Never in mid-run: faulthandler holds the file open, and Windows cannot rename
#: an open file (nor would faulthandler follow it).
ROLL_AT = 256 * 1024
BACKUPS = 3
#: The apology closes by itself after this many seconds…
APOLOGY_SECONDS = 60.0
#: …and ignores input for its first moments, so a button pressed as the game broke
#: does not close it before anyone has read it.
APOLOGY_GRACE = 0.75
#: The i18n keys the apology uses (data/i18n/<lang>/core.yaml, ``crash.*``).
APOLOGY_KEYS = ("crash.title", "crash.body", "crash.log", "crash.no_log", "crash.dismiss")

Texts = Mapping[str, str]
#: An exception as ``sys.exc_info()`` gives it.
ExcInfo = Union[tuple[type[BaseException], BaseException, Union[TracebackType, None]], tuple[None, None, None]]


class CrashLog:
    """The crash log of one process; :func:`install` makes and installs it."""

    def __init__(self, folder: Path) -> None:
        #: The log file, or None when its folder cannot be written (see ``problem``).
        self.path: Path | None = folder / LOG_NAME
        self.problem: str | None = None
        self._fault_file: IO[str] | None = None
        self._logger: logging.Logger | None = None
        self._texts: Mapping[str, Texts] = {}
        self._lang: Callable[[], str] = lambda: "en"
        self._previous = sys.excepthook
        self._previous_thread = threading.excepthook
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and self.path.stat().st_size >= ROLL_AT:
                _roll_over(self.path)
            self._fault_file = open(self.path, "a", encoding="utf-8")
        except OSError as exc:
            self.path, self.problem = None, f"{type(exc).__name__}: {exc}"
            print(f"secret-salon: no crash log ({self.problem})", file=sys.stderr)

    @property
    def logger(self) -> logging.Logger:
        """Our own ``logging.Logger`` (outside logging's global tree), writing to the log
        file; made for the first crash record (logging's import is ~2.5 ms of a start)."""
        if self._logger is None:
            import logging

            self._logger = logging.Logger("secret-salon")
            if self.path is None:
                self._logger.addHandler(logging.NullHandler())
            else:
                handler = logging.FileHandler(self.path, encoding="utf-8", delay=True)
                handler.setFormatter(logging.Formatter(LINE_FORMAT))
                self._logger.addHandler(handler)
        return self._logger

    def install(self) -> None:
        sys.excepthook = self.excepthook
        threading.excepthook = self.thread_excepthook
        if self._fault_file is None:
            return
        faulthandler.enable(file=self._fault_file, all_threads=True)
        # The game's version and build, then uname's parts: ``platform.platform()`` also
        # reads the C library's version out of the Python binary (~4 ms of the start); the
        # crash record names it (``_log``). Written as logging writes a record
        # (LINE_FORMAT), without importing it.
        from .version import build, version

        now = time.time()
        stamp = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(now)) + f",{int(now % 1 * 1000):03d}"
        try:
            self._fault_file.write(f"{stamp} INFO started: Secret Salon {version()} (build {build()}), "
                                   f"Python {platform.python_version()} on "
                                   f"{platform.system()} {platform.release()} {platform.machine()}\n")
            self._fault_file.flush()
        except OSError:  # a full disk: the crash records will try again
            pass

    def speak(self, texts: Mapping[str, Texts], lang: Callable[[], str]) -> None:
        """The apology's strings per language (:func:`apology_texts`) and how to read the
        player's language when it is needed (it may change in the settings)."""
        self._texts, self._lang = texts, lang

    # --- the hooks -----------------------------------------------------------------------
    def excepthook(self, exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            self._previous(exc_type, exc, tb)
            return
        self._log("unhandled exception", (exc_type, exc, tb))
        self._previous(exc_type, exc, tb)  # the console's traceback, whatever became of the log
        if threading.current_thread() is threading.main_thread():
            self._apologise()

    def thread_excepthook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_type is not SystemExit:
            name = args.thread.name if args.thread is not None else "?"
            # (a thread's exception always has its value: logging wants the three)
            exc_info: ExcInfo = (args.exc_type, args.exc_value, args.exc_traceback) if args.exc_value is not None \
                else (None, None, None)
            self._log(f"unhandled exception in thread {name}", exc_info)
        self._previous_thread(args)

    def _log(self, message: str, exc_info: ExcInfo) -> None:
        try:
            self.logger.critical("%s\non %s", message, platform.platform(), exc_info=exc_info)
        except Exception:  # never let the log stand in the way of the original error
            pass

    def _apologise(self) -> None:
        try:
            texts = self._texts.get(self._lang()) or self._texts.get("en")
            if texts is not None and _display_alive():
                ApologyScreen(texts, self.path).run()
        except Exception:
            self._log("the apology screen failed too", sys.exc_info())


def _roll_over(path: Path) -> None:
    """The rotating handler's roll-over (``log`` -> ``log.1`` … ``log.BACKUPS``), its module
    imported only then: logging.handlers imports socket, pickle and queue (~7 ms of every
    start), and the log rolls over once in many starts."""
    import logging.handlers

    logging.handlers.RotatingFileHandler(path, backupCount=BACKUPS, encoding="utf-8", delay=True).doRollover()


def install(folder: Path | None = None) -> CrashLog:
    """Log every unhandled exception and hard crash of this process (see the module's
    docstring), in ``folder`` or the user's log folder."""
    from .paths import user_log_dir

    log = CrashLog(folder if folder is not None else user_log_dir())
    log.install()
    return log


def apology_texts(strings: Strings) -> dict[str, Texts]:
    """The apology's strings in every language of a ``game.i18n.Strings``, copied now so
    a crash needs nothing but these dicts."""
    return {lang: {key: table[key] for key in APOLOGY_KEYS if key in table}
            for lang, table in strings.tables.items()}


def _display_alive() -> bool:
    pygame = sys.modules.get("pygame")
    return pygame is not None and pygame.display.get_init() and pygame.display.get_surface() is not None


class ApologyScreen:
    """A full-window apology with the log's path: large text in the game's colours.
    Closes on any key, mouse or pad button once :data:`APOLOGY_GRACE` has passed, on
    the window closing, or after :data:`APOLOGY_SECONDS`."""

    #: Text sizes on a 1080-line screen, scaled with the window, never under 28 px.
    SIZES = {"title": 84, "body": 44, "log": 40, "path": 36, "dismiss": 36}
    MIN_PX = 28

    def __init__(self, texts: Texts, log_path: Path | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.texts = texts
        self.log_path = log_path
        self.seconds = APOLOGY_SECONDS
        self.grace = APOLOGY_GRACE
        self.clock = clock

    def px(self, role: str, height: int) -> int:
        return max(self.MIN_PX, round(self.SIZES[role] * height / 1080))

    def lines(self) -> list[tuple[str, str]]:
        """(role, text) from top to bottom."""
        t = self.texts
        out = [("title", t.get("crash.title", "")), ("body", t.get("crash.body", ""))]
        if self.log_path is not None:
            out += [("log", t.get("crash.log", "")), ("path", str(self.log_path))]
        else:
            out.append(("log", t.get("crash.no_log", "")))
        return out

    def draw(self, surface: pygame.Surface) -> list[tuple[str, pygame.font.Font, pygame.Rect]]:
        """Paint the apology; returns (role, font, rect) of every line drawn."""
        import pygame

        from .ui.kit import Palette, font_path

        colours = Palette()
        width, height = surface.get_size()
        surface.fill(colours.bg)
        colour = {"title": colours.gold, "body": colours.text, "log": colours.muted, "path": colours.accent,
                  "dismiss": colours.muted}
        gap = {"title": 0.05, "body": 0.04, "log": 0.012, "path": 0.0}
        fonts: dict[int, pygame.font.Font] = {}

        def font(role: str) -> pygame.font.Font:
            px = self.px(role, height)
            if px not in fonts:
                try:
                    fonts[px] = pygame.font.Font(str(font_path()), px)
                except (OSError, ImportError):
                    fonts[px] = pygame.font.Font(None, px)
            return fonts[px]

        if not pygame.font.get_init():
            pygame.font.init()
        max_width = int(width * 0.84)
        blocks = [(role, font(role), wrap(text, font(role), max_width, role == "path")) for role, text in self.lines()]
        total = sum(len(rows) * f.get_linesize() + int(gap.get(role, 0) * height) for role, f, rows in blocks)
        y = max(int(height * 0.06), (height - total) // 2 - int(height * 0.05))
        drawn = []
        for role, f, rows in blocks:
            for row in rows:
                image = f.render(row, True, colour[role])
                rect = surface.blit(image, image.get_rect(midtop=(width // 2, y)))
                drawn.append((role, f, rect))
                y += f.get_linesize()
            y += int(gap.get(role, 0) * height)
        f = font("dismiss")
        image = f.render(self.texts.get("crash.dismiss", ""), True, colour["dismiss"])
        drawn.append(("dismiss", f, surface.blit(image, image.get_rect(midbottom=(width // 2, int(height * 0.94))))))
        return drawn

    def run(self) -> str:
        """Show the apology until it is dismissed; returns why it closed: ``input``,
        ``quit`` or ``timeout``."""
        import pygame

        if pygame.mixer.get_init():
            pygame.mixer.fadeout(400)
        pygame.joystick.init()  # the game's pads are closed by now: any pad's button will do
        pads = [pygame.joystick.Joystick(i) for i in range(pygame.joystick.get_count())]
        pygame.event.clear()
        start = self.clock()

        def show() -> None:
            screen = pygame.display.get_surface()  # (the window's, again after a resize)
            if screen is not None:
                self.draw(screen)
                pygame.display.flip()

        show()
        dismiss = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN)
        try:
            while (now := self.clock()) - start < self.seconds:
                for event in pygame.event.get():
                    if event.type == pygame.QUIT:
                        return "quit"
                    if event.type in dismiss and now - start >= self.grace:
                        return "input"
                    if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED):
                        show()
                pygame.time.wait(30)
            return "timeout"
        finally:
            for pad in pads:
                pad.quit()


def wrap(text: str, font: pygame.font.Font, max_width: int, path: bool = False) -> list[str]:
    """Lines no wider than ``max_width``, broken between words or, for a ``path`` (which
    has no spaces), after a folder separator."""
    pieces = re.split(r"(?<=[\\/])", text) if path else text.split(" ")
    joiner = "" if path else " "
    lines: list[str] = []
    current = ""
    for piece in pieces:
        trial = f"{current}{joiner}{piece}" if current else piece
        if current and font.size(trial)[0] > max_width:
            lines.append(current)
            current = piece
        else:
            current = trial
    return lines + [current]
