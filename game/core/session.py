"""A match in progress: definition + config + state + action log, with autosave.

``submit`` applies an action, appends it to the log and writes the save atomically
(temp file, then rename), so a crash loses at most the action being entered. Loading a
save replays its log from the seed and checks the state hash.

Saving must stay cheap late in a long match (an Incognito round holds hundreds of
strokes and saves on every one, on the main thread), so a save never re-serialises the
match: each action's JSON text is made once (actions are immutable) and a save joins
the texts. The state hash (a canonical dump of the whole state) is taken only at
checkpoints: the first save, a chance or timeout (round and phase changes), the end of
the match, every :data:`HASH_EVERY` actions, or on request (``save(checkpoint=True)``,
``to_json``). The save records ``hash_at``, the log length the hash was taken at, and
``digest``, a running SHA-256 of every action's text, so a log changed after the
checkpoint is still caught. Loading checks both (``SaveError("mismatch")``); a save
without ``hash_at`` (older) has its hash at the end of its log.

A save that cannot be written (full disk, quota, read-only folder, a string that is not
valid Unicode such as a lone surrogate, a save past :data:`MAX_SAVE_BYTES`) never stops
the match: ``save`` keeps the error in ``save_error`` (None once a save works again) and
the last good file stays as it was. Every save writes the whole log, so the next one
that works loses nothing. Inside ``saves_held`` (the phones' pump) the saves asked for are
one write at its end, after the answers to the phones have left: the write and its fsync
(~4 ms, more on a slow disk) are off the act → view round trip.

Given an :class:`~game.core.autosave_writer.AutosaveWriter` (``autosaves``: the app's
match sessions share the one its context owns), ``save`` still builds the bytes on the
calling thread — what is saved is the state at that moment, and a save too big or that
cannot be encoded fails there — and hands them to the writer's thread, which writes the
newest (a save superseded before its write started is skipped). ``save_error`` then
also reports the writer's last failed write. Whatever must see the file on disk flushes
the writer first (the title, resuming, the app's end). Without one (the tools, sims and
tests that make plain sessions) the write happens in ``save``, as it always did.

A save is read as every player's file is (``files.read_text``: at most
:data:`MAX_SAVE_BYTES`, a regular file, a BOM is fine) and its strings, ``meta``'s
seat names included, must be printable and at most :data:`MAX_TEXT` long
(``files.bad_text``): anything else is ``SaveError("corrupt")``.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Generic, Iterator, Mapping

from .actions import AUDIENCE, CHANCE, TIMEOUT, Action, IllegalAction
from .autosave_writer import SETTLE_SECONDS, AutosaveWriter
from .engine import GameDefinition, Outcome, Priv, Pub, S, SeatView
from .events import Event, TimedOut
from .files import bad_text, read_text, write_atomic
from .rng import Rng
from .serial import state_hash

SAVE_FORMAT = 1
#: At most this many actions between two state hashes in the autosave.
HASH_EVERY = 64
#: The largest save written or read. A 6-seat Incognito match (the biggest) played by
#: bots saves ~92 KB; one where every drawer adds 120 strokes of 60 points a round,
#: 1.5 MB; the rules' most strokes (600 a drawing) of 60 points each, 7.4 MB.
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: The longest string a save may hold: ids, colours, names (the longest a match writes
#: is 22 characters; a seat's name is held to less by the title, ``matches.py``).
MAX_TEXT = 1000


class SaveError(Exception):
    """A save that cannot be resumed. ``reason``: corrupt, version, unknown_game, mismatch."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


class Session(Generic[S, Pub, Priv]):
    """A match of ``definition``, generic as it is (its state, public and private
    views): a board that knows its game reads ``session.view(None).public`` typed."""

    def __init__(
        self,
        definition: GameDefinition[S, Pub, Priv],
        config: Mapping[str, Any],
        seed: int | str,
        *,
        save_path: Path | None = None,
        meta: Mapping[str, Any] | None = None,
        catalogue_version: str = "",
        autosaves: AutosaveWriter | None = None,
        _replaying: bool = False,
    ) -> None:
        self.definition = definition
        self.config = dict(config)
        self.seed = seed
        self.save_path = save_path
        #: The thread that writes the saves (module docstring); None: ``save`` writes them.
        self.autosaves = autosaves
        self.meta = dict(meta or {})
        self.catalogue_version = catalogue_version
        self.tick = 0
        self.log: list[Action] = []
        self.state = definition.setup(self.config, Rng.from_seed(seed))
        #: Each logged action's JSON text (made once, lazily) and the running digest of them.
        self._texts: list[str] = []
        self._digest = hashlib.sha256()
        #: (log length, state hash) of the last checkpoint; None before the first.
        self._checkpoint: tuple[int, str] | None = None
        #: A chance or timeout was applied since the last save (a checkpoint is due).
        self._moved_on = False
        #: Why the last save could not be built (or, without a writer, written); None when it was.
        self._save_error: OSError | ValueError | TypeError | None = None
        #: Inside ``saves_held``: None there, else whether a save (and a checkpoint) is due.
        self._held: tuple[bool, bool] | None = None
        #: Called with the events of every change, all of them (a listener that must not
        #: see a secret keeps ``events.visible(events, None)``): the narration (ui/narration.py).
        self.listeners: list[Callable[[tuple[Event, ...]], None]] = []
        #: Where the audience's say comes from when the rules wait for it (``state ->
        #: data`` of the ``AUDIENCE`` action; the board asks the companion's audience).
        #: None, or a say the rules refuse: the action carries none (``{}``).
        self.audience: Callable[[Any], Mapping[str, Any]] | None = None
        if not _replaying:
            self._settle()
            self.save()

    # --- playing -----------------------------------------------------------------------
    def current(self) -> frozenset[int]:
        return self.definition.current(self.state)

    def outcome(self) -> Outcome | None:
        return self.definition.outcome(self.state)

    def view(self, seat: int | None) -> SeatView[Pub, Priv]:
        return self.definition.view(self.state, seat)

    def legal(self, seat: int) -> list[Action]:
        return self.definition.legal(self.state, seat)

    def submit(self, action: Action) -> tuple[Event, ...]:
        """Apply a player's action (raises IllegalAction, state unchanged), then settle
        any chance that follows, and autosave. Returns the events it caused, the
        settled chance's included (all of them: filter with ``events.visible``)."""
        if action.kind in (CHANCE, TIMEOUT, AUDIENCE):
            raise IllegalAction("reserved", "chance, timeout and audience actions come from the session")
        events = self._apply(action.with_tick(self.tick))
        events += self._settle()
        self.save()
        return self._told(tuple(events))

    def advance(self, ticks: int = 1) -> tuple[Event, ...]:
        """Move the session clock on; submit a timeout for each countdown that expires.

        The clock stops at each deadline on the way, so a timeout and whatever it starts
        (the next countdown, a chance action) carry the exact tick even when ``ticks`` is
        large. Returns the events of the timeouts applied: each starts with
        :class:`TimedOut`, so the result is empty (false) only if the state is unchanged."""
        target = self.tick + max(0, ticks)
        events: list[Event] = []
        while True:
            countdown = self.definition.countdown(self.state)
            deadline = countdown.deadline if countdown else None
            if countdown is None or deadline is None or deadline > target:
                break
            self.tick = max(self.tick, deadline)
            events.append(TimedOut(countdown.name))
            events += self._apply(Action(TIMEOUT, None, {"timer": countdown.name}, self.tick))
            self._moved_on = True
            events += self._settle()
            self.save()
        self.tick = target
        return self._told(tuple(events)) if events else ()

    def jump_to_deadline(self) -> tuple[Event, ...]:
        """Headless play: skip the clock straight to the running countdown's expiry
        (the events of the timeout; empty if no countdown runs)."""
        countdown = self.definition.countdown(self.state)
        if countdown is None or countdown.deadline is None:
            return ()
        return self.advance(max(0, countdown.deadline - self.tick))

    def remaining(self) -> int | None:
        countdown = self.definition.countdown(self.state)
        return countdown.remaining(self.tick) if countdown else None

    def _told(self, events: tuple[Event, ...]) -> tuple[Event, ...]:
        """``events``, once every listener has heard them."""
        for listener in list(self.listeners):
            listener(events)
        return events

    def _apply(self, action: Action) -> list[Event]:
        self.state, events = self.definition.step(self.state, action)
        self.log.append(action)
        return list(events)

    def _settle(self) -> list[Event]:
        """Apply what the state waits for when no seat may act: a chance, or the
        audience's say (:attr:`audience`)."""
        events: list[Event] = []
        while not self.definition.current(self.state):
            action = self.definition.chance(self.state)
            if action is None and self.definition.awaits_audience(self.state):
                events += self._hear_audience()
                self._moved_on = True
                continue
            if action is None:
                break
            events += self._apply(action.with_tick(self.tick))
            self._moved_on = True
        return events

    def _hear_audience(self) -> list[Event]:
        """The ``AUDIENCE`` action with the audience's say; with none (no source), or a
        say the rules refuse (a source out of step with the state), with ``{}``, which
        the rules take as no say: a player's action never fails because of it."""
        say = dict(self.audience(self.state)) if self.audience is not None else {}
        try:
            return self._apply(Action(AUDIENCE, None, say, self.tick))
        except IllegalAction:
            if not say:
                raise
            return self._apply(Action(AUDIENCE, None, {}, self.tick))

    # --- saving ------------------------------------------------------------------------
    def hash(self) -> str:
        return state_hash(self.state)

    def _header(self) -> dict[str, Any]:
        """The save without its log; ``hash`` is the last checkpoint's."""
        self._serialise_log()
        at, digest = self._checkpoint or (0, "")
        return {
            "format": SAVE_FORMAT,
            "game": self.definition.id,
            "catalogue": self.catalogue_version,
            "config": self.config,
            "seed": self.seed,
            "meta": self.meta,
            "tick": self.tick,
            "hash": digest,
            "hash_at": at,
            "digest": self._digest.hexdigest()[:16],
        }

    def to_json(self) -> dict[str, Any]:
        """The whole save as data, hashed at the current state."""
        self._checkpoint = (len(self.log), self.hash())
        return {**self._header(), "log": [a.to_json() for a in self.log]}

    @property
    def save_error(self) -> OSError | ValueError | TypeError | None:
        """Why the last autosave could not be written; None when it was (or none is
        kept). With a writer: the last save's build error, else the writer's last
        write's (a save handed over and not written yet counts as the one before it)."""
        if self._save_error is not None or self.autosaves is None or self.save_path is None:
            return self._save_error
        return self.autosaves.error

    @contextmanager
    def saves_held(self) -> Iterator[None]:
        """The saves asked for inside are made once, on leaving (module docstring)."""
        outer, self._held = self._held, (False, False)
        try:
            yield
        finally:
            due, checkpoint = self._held
            self._held = outer
            if due:
                self.save(checkpoint)

    def save(self, checkpoint: bool = False) -> bool:
        """Write the autosave: the cached texts of the actions joined, the state hash
        only at a checkpoint (module docstring). Returns False when the file could not
        be written (the reason is in ``save_error``; the match goes on); inside
        ``saves_held``, True: the write is due on leaving it. With a writer
        (``autosaves``), True means the bytes were built and handed over, not yet
        written: False only when they could not be built (too big, not encodable); a
        write that fails later shows in ``save_error``."""
        if self.save_path is None:
            return True
        if self._held is not None:
            self._held = (True, self._held[1] or checkpoint)
            return True
        try:
            last = self._checkpoint[0] if self._checkpoint else None
            if (checkpoint or last is None or self._moved_on or len(self.log) - last >= HASH_EVERY
                    or (last != len(self.log) and self.outcome() is not None)):
                self._checkpoint = (len(self.log), self.hash())
                self._moved_on = False
            head = json.dumps(self._header(), ensure_ascii=False)
            data = (head[:-1] + ', "log": [' + ", ".join(self._texts) + "]}").encode("utf-8")
            if len(data) > MAX_SAVE_BYTES:  # it could not be resumed: the last one that can stays
                raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
            if self.autosaves is not None:
                self.autosaves.put(self.save_path, data)
            else:
                write_atomic(self.save_path, data)
        except (OSError, ValueError, TypeError) as exc:
            # ValueError: a string that is not valid Unicode (UnicodeEncodeError), from a
            # state hash, an action's text or the file's; TypeError: a value JSON cannot write
            self._save_error = exc
            return False
        self._save_error = None
        return True

    def _serialise_log(self) -> None:
        """Make the JSON text of the actions logged since the last call (once each)."""
        for action in self.log[len(self._texts):]:
            text = action_text(action)
            line = text.encode("utf-8") + b"\n"  # (raises before the text is kept: texts and digest agree)
            self._texts.append(text)
            self._digest.update(line)

    @classmethod
    def from_json(
        cls,
        raw: object,
        resolve: Callable[[str], GameDefinition[S, Pub, Priv] | None],
        *,
        catalogue_version: str = "",
        save_path: Path | None = None,
        autosaves: AutosaveWriter | None = None,
    ) -> Session[S, Pub, Priv]:
        if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
            raise SaveError("corrupt", "not a Secret Salon save of a known format")
        definition = resolve(str(raw.get("game")))
        if definition is None:
            raise SaveError("unknown_game", str(raw.get("game")))
        if catalogue_version and raw.get("catalogue") != catalogue_version:
            raise SaveError("version", f"saved with catalogue {raw.get('catalogue')}, this is {catalogue_version}")
        try:
            session = cls(definition, raw["config"], raw["seed"], save_path=save_path, meta=raw.get("meta"),
                          catalogue_version=catalogue_version, autosaves=autosaves, _replaying=True)
            log = raw["log"]
            hash_at = raw.get("hash_at", len(log))  # older saves: the hash of the final state
            if not isinstance(hash_at, int) or isinstance(hash_at, bool) or not 0 <= hash_at <= len(log):
                raise SaveError("corrupt", f"bad hash_at {hash_at!r}")
            for index, item in enumerate(log):
                if index == hash_at:
                    cls._check_hash(raw, session)
                session._apply(Action.from_json(item))
            if hash_at == len(log):
                cls._check_hash(raw, session)
            session._checkpoint = (hash_at, raw["hash"])
            session._serialise_log()
            session.tick = int(raw.get("tick", session.log[-1].tick if session.log else 0))
        except SaveError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure to replay is a bad save, never a crash
            raise SaveError("corrupt", f"the log does not replay: {exc!r}") from exc
        if "digest" in raw and raw["digest"] != session._digest.hexdigest()[:16]:
            raise SaveError("mismatch", "the log differs from the one that was saved")
        return session

    @staticmethod
    def _check_hash(raw: Mapping[str, Any], session: Session[Any, Any, Any]) -> None:
        if raw.get("hash") != session.hash():
            raise SaveError("mismatch", "the replayed match differs from the saved one")

    @classmethod
    def load(cls, path: Path, resolve: Callable[[str], GameDefinition[S, Pub, Priv] | None], *,
             catalogue_version: str = "", autosaves: AutosaveWriter | None = None) -> Session[S, Pub, Priv]:
        """Resume from a save file. Raises SaveError with a reason the title screen shows.
        The resumed session saves through ``autosaves``, flushed first: the file read is
        the last save handed to it."""
        if autosaves is not None:
            autosaves.flush(SETTLE_SECONDS)
        try:
            raw = json.loads(read_text(path, MAX_SAVE_BYTES))
        except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
            # OSError: also a pipe, a device, a link to nothing (files.FileRefused);
            # ValueError: bad JSON, or an integer longer than Python converts (4,300
            # digits); RecursionError: nesting deeper than the parser goes.
            raise SaveError("corrupt", str(exc)[:200]) from exc
        problem = bad_text(raw, MAX_TEXT)
        if problem is not None:
            raise SaveError("corrupt", problem)
        return cls.from_json(raw, resolve, catalogue_version=catalogue_version, save_path=path, autosaves=autosaves)


def action_text(action: Action) -> str:
    """An action's JSON text in a save (compact; the digest is taken over these)."""
    return json.dumps(action.to_json(), ensure_ascii=False, separators=(",", ":"))
