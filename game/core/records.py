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
from typing import Any, TypeVar

R = TypeVar("R")


def replace(record: R, /, **changes: Any) -> R:
    """``dataclasses.replace(record, **changes)`` for a plain record (not one with a
    cached property: the copy would keep the old value)."""
    kind: type = type(record)
    names = _copyable_fields(kind)
    if not names.issuperset(changes):
        raise TypeError(f"{kind.__name__} has no field {', '.join(sorted(set(changes) - names))}")
    new: R = object.__new__(kind)
    attributes = new.__dict__
    attributes.update(record.__dict__)
    attributes.update(changes)
    return new


def make(kind: type[R], /, **fields: Any) -> R:
    """``kind(**fields)`` for a plain record, every field given (defaults are not
    filled in: a field left out is refused, as a field the class lacks). A new record
    has nothing cached, so a class with a cached property is fine here (the core
    ``Ballot`` casting a vote)."""
    names = _fields(kind)  # type: ignore[arg-type]  # (a class is hashable)
    if fields.keys() != names:
        missing, unknown = sorted(names - set(fields)), sorted(set(fields) - names)
        raise TypeError(f"{kind.__name__} fields missing: {', '.join(missing) or '-'}; unknown: {', '.join(unknown) or '-'}")
    new: R = object.__new__(kind)
    new.__dict__.update(fields)
    return new


@functools.lru_cache(maxsize=None)
def _fields(kind: type) -> frozenset[str]:
    if not dataclasses.is_dataclass(kind):
        raise TypeError(f"{kind.__name__} is not a dataclass")
    fields = dataclasses.fields(kind)
    if hasattr(kind, "__post_init__") or hasattr(kind, "__slots__") or not all(f.init for f in fields):
        raise TypeError(f"{kind.__name__} needs dataclasses.replace (__post_init__, slots or init=False)")
    return frozenset(f.name for f in fields)


@functools.lru_cache(maxsize=None)
def _copyable_fields(kind: type) -> frozenset[str]:
    names = _fields(kind)
    if any(isinstance(value, functools.cached_property) for value in vars(kind).values()):
        raise TypeError(f"{kind.__name__} caches attributes that a copy would keep")
    return names
