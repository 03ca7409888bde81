"""aiohttp's own records kept off the console (issue 25): a request it cannot parse (a
port scanner, a stray client: nothing the game did) is logged by aiohttp as an error
with its traceback, which Python prints on the console when the program set no handler.
:func:`keep_aiohttp_quiet` sends them to the game's log only, at DEBUG level and
:data:`QUIET_RECORDS` at most each time the server starts."""

from __future__ import annotations

import logging
from pathlib import Path

#: aiohttp's records (a malformed request's traceback) written to the game's log at
#: most this many times each time the server starts: a flood of garbage fills no disk.
QUIET_RECORDS = 50


class _Quiet(logging.Filter):
    """Writes aiohttp's records at DEBUG level, at most :data:`QUIET_RECORDS` of them."""

    def __init__(self) -> None:
        super().__init__()
        self.left = QUIET_RECORDS

    def filter(self, record: logging.LogRecord) -> bool:
        if self.left <= 0:
            return False
        self.left -= 1
        record.levelno, record.levelname = logging.DEBUG, "DEBUG"
        if not self.left and isinstance(record.msg, str):
            record.msg += f" (the last of {QUIET_RECORDS} such records until the phone server starts again)"
        return True


class _QuietFile(logging.FileHandler):
    def handleError(self, record: logging.LogRecord) -> None:
        """A log that cannot be written (a full disk) says nothing on the console either."""


def keep_aiohttp_quiet(log_file: Path | None) -> None:
    """aiohttp logs a request it cannot parse (a port scanner, a stray client: nothing
    the game did) as an error with its traceback, which Python prints on the console
    when the program set no handler (issue 25). Its records go to ``log_file`` only (the
    game's log, crash.py) at DEBUG level and :data:`QUIET_RECORDS` at most; with none,
    nowhere. Never on the console."""
    if log_file is None:
        handler: logging.Handler = logging.NullHandler()
    else:
        handler = _QuietFile(log_file, encoding="utf-8", delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler.addFilter(_Quiet())
    logger = logging.getLogger("aiohttp")
    for old in logger.handlers[:]:  # the last start's
        logger.removeHandler(old)
        old.close()
    logger.addHandler(handler)
    logger.propagate = False
