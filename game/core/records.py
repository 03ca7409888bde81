"""``replace`` for frozen game states and records, without ``__init__``.

A step changes a few of a state's fields (Personality's ``PEState`` has 45), several
times per action; ``dataclasses.replace`` passes all of them through the generated
``__init__`` (one ``object.__setattr__`` each), which was a quarter of a Personality bot
match's time. This copies the record's attribute dict and sets the changed fields: the
same value, an order of magnitude cheaper. Personality's rules import it at run time
only, so mypy checks their calls against ``dataclasses.replace`` (field names and
types); Incognito's ``IncognitoState.but`` goes through it.

It takes frozen dataclasses whose instance dict holds their fields and nothing else
(no ``__post_init__``, no ``init=False`` field, no slots, no cached property): the
checks below refuse any other class.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, TypeVar

R = TypeVar("R")


def replace(record: R, /, **changes: Any) -> R:
    """``dataclasses.replace(record, **changes)`` for a plain frozen record."""
    kind: type = type(record)
    names = _fields(kind)
    if not names.issuperset(changes):
        raise TypeError(f"{kind.__name__} has no field {', '.join(sorted(set(changes) - names))}")
    new: R = object.__new__(kind)
    attributes = new.__dict__
    attributes.update(record.__dict__)
    attributes.update(changes)
    return new


@functools.lru_cache(maxsize=None)
def _fields(kind: type) -> frozenset[str]:
    if not dataclasses.is_dataclass(kind) or not kind.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{kind.__name__} is not a frozen dataclass")
    fields = dataclasses.fields(kind)
    if hasattr(kind, "__post_init__") or hasattr(kind, "__slots__") or not all(f.init for f in fields):
        raise TypeError(f"{kind.__name__} needs dataclasses.replace (__post_init__, slots or init=False)")
    if any(isinstance(value, functools.cached_property) for value in vars(kind).values()):
        raise TypeError(f"{kind.__name__} caches attributes that a copy would keep")
    return frozenset(f.name for f in fields)
