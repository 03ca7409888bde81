"""Canonical JSON for states, views and actions: the basis of hashes and leak checks."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from typing import Any


_SCALARS = frozenset({int, float, str, bool, type(None)})
#: Per type met, how :func:`to_plain` writes it: a dataclass's field names, :data:`_OWN`
#: (a dataclass with ``__plain__``) or :data:`_OTHER` (not a dataclass). Worked out once
#: a type: ``dataclasses.fields`` per value was a third of a checked bot match's time.
_SHAPES: dict[type, tuple[str, ...] | str] = {}
_OWN, _OTHER = "own", "other"


def _shape(kind: type) -> tuple[str, ...] | str:
    shape = _SHAPES.get(kind)
    if shape is None:
        if not dataclasses.is_dataclass(kind):
            shape = _OTHER
        elif getattr(kind, "__plain__", None) is not None:
            shape = _OWN
        else:
            shape = tuple(f.name for f in dataclasses.fields(kind))
        _SHAPES[kind] = shape
    return shape


def to_plain(value: Any) -> Any:
    """Turn dataclasses, enums, tuples, sets and dicts into plain JSON-friendly data.

    A dataclass with a ``__plain__`` method is written as what it returns.

    Sets become sorted lists and dict keys become strings, so two equal values always
    give the same JSON text.
    """
    kind = type(value)
    if kind in _SCALARS:
        return value  # the common case first (exact types: an IntEnum is not a plain int)
    if kind is list or kind is tuple:
        if _SCALARS.issuperset(map(type, value)):
            return list(value)  # flat lists of numbers (drawing strokes) without recursion
        return [to_plain(v) for v in value]
    shape = _shape(kind)
    if shape is _OWN:
        return to_plain(value.__plain__())  # a value type's own form (core/values.py)
    if shape is not _OTHER:
        return {name: to_plain(getattr(value, name)) for name in shape}
    if isinstance(value, enum.Enum):
        return to_plain(value.value)
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((to_plain(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot serialise {type(value).__name__}: {value!r}")


def canonical_json(value: object) -> str:
    return json.dumps(to_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(value: object) -> str:
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()[:16]
