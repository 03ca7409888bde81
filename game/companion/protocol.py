"""Protocol v1 between the game and a phone: JSON text frames, each an object with
``"v": 1`` and ``"type"`` (docs/architecture.md, "Companion").

Phone → game: ``hello {room, name}`` or ``hello {room, token}`` (with ``audience: true``
to watch and play along, ``password`` when the room has one), ``act {kind, data}``, an
audience member's ``guess {question, answer}``, ``leave {}``, ``ping {}``. Game → phone:
``welcome``, ``lobby``, ``view``, ``event``, the audience's shared ``audience`` and its
own ``you``, ``error {reason}``, ``bye {reason}``, ``pong``. An ``act`` may carry an ``id`` (an int
or a short string): the answer to it — the ``view`` after it, sent even when the view
did not change, or the ``error`` refusing it — carries ``"ack": id``, so a phone knows
which of its taps the game has taken.

Every message a phone sends is checked here, in the server's thread, before it reaches
the game: its envelope (size, JSON, types, nesting, the action's kind). A message that
fails raises :class:`ProtocolError` whose ``reason`` is the short stable id the phone
gets back in ``error``. What an action's data holds is the engine's to judge, as a
pad's and a bot's: each move declares its data (``game.core.schema``, an Incognito
stroke's points among them) and a refusal comes back as ``illegal:<why>``.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Mapping

from ..core.serial import to_plain

if TYPE_CHECKING:
    from ..core.events import Event

VERSION = 1
#: The largest message a phone may send (bytes of UTF-8 text).
MAX_MESSAGE = 64 * 1024
#: Names and action kinds are short words; action data is shallow.
MAX_NAME = 16
MAX_KIND = 32
MAX_DEPTH = 6
PHONE_TYPES = ("hello", "act", "guess", "leave", "ping")
#: An audience guess names a question by a short id and answers with a number or a short id.
MAX_QUESTION = 32
MAX_ANSWER = 64


class ProtocolError(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def encode(kind: str, **fields: object) -> str:
    """One game → phone message as JSON text."""
    return json.dumps({"v": VERSION, "type": kind, **fields}, ensure_ascii=False, separators=(",", ":"))


def parse(text: str | bytes) -> dict[str, Any]:
    """A phone's message, checked: a dict with ``type`` one of :data:`PHONE_TYPES` and
    its fields of the right types. Raises :class:`ProtocolError`."""
    size = len(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE:
        raise ProtocolError("too_big")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as exc:  # bad JSON, bad UTF-8, absurd nesting
        raise ProtocolError("malformed") from exc
    if not isinstance(message, dict) or message.get("v") != VERSION or message.get("type") not in PHONE_TYPES:
        raise ProtocolError("malformed")
    kind = message["type"]
    if kind == "hello":
        _check_hello(message)
    elif kind == "guess":
        _check_guess(message)
    elif kind == "act":
        check_act(message.get("kind"), message.get("data", {}))
        ack = message.get("id")
        if ack is not None and not (type(ack) is int or isinstance(ack, str) and len(ack) <= 32):
            raise ProtocolError("malformed")
    return message


def _check_hello(message: Mapping[str, object]) -> None:
    room, name, token = message.get("room"), message.get("name"), message.get("token")
    if not isinstance(room, str) or len(room) > 16:
        raise ProtocolError("malformed")
    password, audience = message.get("password", ""), message.get("audience", False)
    if not isinstance(password, str) or len(password) > 64 or not isinstance(audience, bool):
        raise ProtocolError("malformed")
    if token is not None:
        if not isinstance(token, str) or not 8 <= len(token) <= 64:
            raise ProtocolError("malformed")
    elif not isinstance(name, str) or len(name) > 64:
        raise ProtocolError("malformed")


def _check_guess(message: Mapping[str, Any]) -> None:
    """A guess's envelope: a short question id and a number or short text; whether it
    answers an open question with one of its choices is the game's to judge."""
    question, answer = message.get("question"), message.get("answer")
    if not isinstance(question, str) or not 0 < len(question) <= MAX_QUESTION:
        raise ProtocolError("malformed")
    if not (type(answer) is int or isinstance(answer, str) and len(answer) <= MAX_ANSWER):
        raise ProtocolError("malformed")


def clean_name(name: str) -> str:
    """A phone's chosen name as the TV shows it: printable, trimmed, at most :data:`MAX_NAME`."""
    printable = "".join(ch for ch in name if ch.isprintable())
    return " ".join(printable.split())[:MAX_NAME].strip()


def check_act(kind: object, data: object) -> None:
    """An action's ``kind`` and ``data`` as a phone sent them: a short name and a JSON
    object of bounded depth (what it holds is the move's to declare)."""
    if not isinstance(kind, str) or not kind or len(kind) > MAX_KIND or not kind.replace("_", "").isalnum():
        raise ProtocolError("malformed")
    if not isinstance(data, dict) or _depth(data) > MAX_DEPTH:
        raise ProtocolError("malformed")


def _depth(value: object, level: int = 1) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, dict):
        return max((_depth(v, level + 1) for v in value.values()), default=level)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level)
    return level


def event_json(event: Event) -> dict[str, Any]:
    """An engine event as a phone gets it: its class name, its readable line, its fields."""
    fields = to_plain(event)
    return {**(fields if isinstance(fields, dict) else {}), "kind": type(event).__name__, "text": str(event)}
