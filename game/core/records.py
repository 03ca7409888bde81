"""``replace`` and ``make`` for game states and records, without ``__init__``.

A step changes a few of a state's fields (Personality's ``PEState`` has 45), several
times per action; ``dataclasses.replace`` passes all of them through the generated
``__init__`` (one ``object.__setattr__`` each for a frozen class), which was a quarter
of a Personality bot match's time. :func:`replace` copies the record's attribute dict
and sets the changed fields: the same value, an order of magnitude cheaper. It is the
one way a state steps: Personality's, Mission Secrète's and Incognito's frozen states,
Secret Identity's copy-on-write ones (a new state sharing every field it does not
change, which its handlers only ever replace, never change in place), and the phase
shell's ``entered``. :func:`make` builds a record the same way (the views make a few
per bot move). The games' rules import ``replace`` at run time only, so mypy checks
their calls against ``dataclasses.replace`` (field names and types).

Both take dataclasses whose instance dict holds their fields and nothing else (no
``__post_init__``, no ``init=False`` field, no slots; for ``replace``, no cached
property): the checks below refuse any other class.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING, Any, TypeVar

R = TypeVar("R")


def replace(record: R, /, **changes: Any) -> R:
    """``dataclasses.replace(record, **changes)`` for a plain record (not one with a
    cached property: the copy would keep the old value)."""
    kind: type = type(record)
    names = _REPLACEABLE.get(kind) or _copyable_fields(kind)
    if not names.issuperset(changes):
        raise TypeError(f"{kind.__name__} has no field {', '.join(sorted(set(changes) - names))}")
    attributes = record.__dict__.copy()  # (a dict's copy clones its table: no insertion per field)
    attributes.update(changes)
    new: R = _new(kind)
    _set(new, "__dict__", attributes)
    return new


def make(kind: type[R], /, **fields: Any) -> R:
    """``kind(**fields)`` for a plain record, every field given (defaults are not
    filled in: a field left out is refused, as a field the class lacks). A new record
    has nothing cached, so a class with a cached property is fine here (the core
    ``Ballot`` casting a vote)."""
    names = _MAKEABLE.get(kind) or _fields(kind)
    if fields.keys() != names:
        missing, unknown = sorted(names - set(fields)), sorted(set(fields) - names)
        raise TypeError(f"{kind.__name__} fields missing: {', '.join(missing) or '-'}; unknown: {', '.join(unknown) or '-'}")
    new: R = _new(kind)
    _set(new, "__dict__", fields)  # (the call's own keyword dict: nobody else holds it)
    return new


class _KeptProperty(functools.cached_property[Any]):
    """:class:`functools.cached_property` without the lock Python 3.11 takes on every
    first read (3.12 dropped it): a value's ``waiting`` is read once per new value, that
    is after every vote. What it keeps is worked out from the record alone, so two
    threads reading it at once would keep equal values. Still a cached property:
    :func:`replace` refuses its class. (mypy sees ``cached_property`` itself.)"""

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        attributes = instance.__dict__
        value = attributes.get(self.attrname, _UNSET)
        if value is _UNSET:
            value = attributes[self.attrname] = self.func(instance)
        return value


if TYPE_CHECKING:
    kept_property = functools.cached_property
else:
    kept_property = _KeptProperty
_UNSET = object()
_new, _set = object.__new__, object.__setattr__
#: Each class's field names once checked (:func:`_fields`, :func:`_copyable_fields`).
_MAKEABLE: dict[type, frozenset[str]] = {}
_REPLACEABLE: dict[type, frozenset[str]] = {}


def _fields(kind: type) -> frozenset[str]:
    if not dataclasses.is_dataclass(kind):
        raise TypeError(f"{kind.__name__} is not a dataclass")
    fields = dataclasses.fields(kind)
    if hasattr(kind, "__post_init__") or hasattr(kind, "__slots__") or not all(f.init for f in fields):
        raise TypeError(f"{kind.__name__} needs dataclasses.replace (__post_init__, slots or init=False)")
    names = _MAKEABLE[kind] = frozenset(f.name for f in fields)
    return names


def _copyable_fields(kind: type) -> frozenset[str]:
    names = _fields(kind)
    if any(isinstance(value, functools.cached_property) for value in vars(kind).values()):
        raise TypeError(f"{kind.__name__} caches attributes that a copy would keep")
    _REPLACEABLE[kind] = names
    return names
