"""Each move's data, declared: what an action of that move may carry in ``data``.

A phone sends any JSON (protocol v1 checks only the envelope), a save may be edited by
hand, and a rule reads ``data`` with ``.get``: without a declaration an unknown key
rode along into the log and every autosave after it (issue 25: a lone surrogate there
made the next save raise, 60 KB keys grew a save to megabytes). A
:class:`~game.core.phases.Move` declares its data with the types here, and
:class:`~game.core.phases.PhasedGame` checks every action against it before the
handler runs, so a refused action changes nothing and is not logged.

A schema is any value with ``check(value, where)`` that returns if ``value`` fits and
raises :class:`~game.core.actions.IllegalAction` otherwise: ``bad_data`` with
``"<where>: <why>"`` (``where`` names the field: ``strokes[2]``, ``deal[0][3]``). A
game may add its own (Incognito's strokes, checked all at once). The types bound what
can be bounded without the state — seat numbers below the most seats, ids the
catalogue knows, list lengths; what depends on the state (a card in this hand, a seat
still in) is the handler's to refuse. Every string a move carries is an id or a fixed
word, so strings are checked as one of a known set (:class:`OneOf`): a control
character, a lone surrogate or an over-long text is never one of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NoReturn, Protocol

from .actions import IllegalAction


class Schema(Protocol):
    def check(self, value: object, where: str) -> None:
        """Return if ``value`` fits; raise ``IllegalAction`` (``where``: the field's path)."""


def refuse(where: str, why: str) -> NoReturn:
    raise IllegalAction("bad_data", f"{where or 'data'}: {why}")


class Int:
    """An integer ``low``–``high`` inclusive. A bool is not one, nor a float (NaN, 2.0)."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.high = low, high

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, int) or isinstance(value, bool):
            refuse(where, f"{type(value).__name__}, not an integer")
        if not self.low <= value <= self.high:
            refuse(where, f"{value} is out of {self.low}..{self.high}")


class OneOf:
    """A string of a known set: a fixed word, or an id the catalogue knows."""

    def __init__(self, values: Iterable[str]) -> None:
        self.values = frozenset(values)

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, str) or value not in self.values:
            refuse(where, f"{_short(value)} is not one of the {len(self.values)} known values")


class Maybe:
    """``None`` (null) or what ``schema`` takes (Personality's exchange: no card)."""

    def __init__(self, schema: Schema) -> None:
        self.schema = schema

    def check(self, value: object, where: str) -> None:
        if value is not None:
            self.schema.check(value, where)


class Either:
    """What one of ``schemas`` takes (Personality's vote: a seat or a card)."""

    def __init__(self, *schemas: Schema) -> None:
        self.schemas = schemas

    def check(self, value: object, where: str) -> None:
        reasons = []
        for schema in self.schemas:
            try:
                schema.check(value, where)
                return
            except IllegalAction as exc:
                reasons.append(exc.detail)
        refuse(where, " / ".join(reasons))


class ListOf:
    """A list of ``least``–``most`` items, each what ``item`` takes."""

    def __init__(self, item: Schema, most: int, least: int = 0) -> None:
        self.item, self.most, self.least = item, most, least

    def check(self, value: object, where: str) -> None:
        if not isinstance(value, (list, tuple)):
            refuse(where, f"{type(value).__name__}, not a list")
        if not self.least <= len(value) <= self.most:
            refuse(where, f"{len(value)} items, not {self.least}..{self.most}")
        check = self.item.check
        for index, item in enumerate(value):
            check(item, f"{where}[{index}]")


class Fields:
    """An object: every key of ``required``, any of ``optional`` (absent: the handler's
    default), no other key."""

    def __init__(self, required: Mapping[str, Schema] | None = None,
                 optional: Mapping[str, Schema] | None = None) -> None:
        self.required = dict(required or {})
        self.optional = dict(optional or {})
        self.keys = frozenset(self.required) | frozenset(self.optional)
        #: (key, its schema's check, its path at the top, where every move's data is
        #: checked): a submit checks its data once, so the loop is kept short.
        self._required = tuple((key, schema.check, key) for key, schema in self.required.items())
        self._optional = tuple((key, schema.check, key) for key, schema in self.optional.items())

    def check(self, value: object, where: str) -> None:
        if type(value) is not dict and not isinstance(value, Mapping):
            refuse(where, f"{type(value).__name__}, not an object")
        if not value.keys() <= self.keys:
            unknown = sorted(map(_short, value.keys() - self.keys))
            refuse(where, f"unknown key {', '.join(unknown[:3])}{' …' if len(unknown) > 3 else ''}")
        dot = f"{where}." if where else ""
        for key, check, path in self._required:
            if key not in value:
                refuse(where, f"{key} is missing")
            check(value[key], dot + path if dot else path)
        for key, check, path in self._optional:
            if key in value:
                check(value[key], dot + path if dot else path)


#: The data of a move that carries none: ``{}``, every key refused (the default of a ``Move``).
NO_DATA = Fields()


def _short(value: object, limit: int = 40) -> str:
    """``value`` for a refusal's detail: its repr (escapes, so a lone surrogate or a
    control character prints as such), cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
