"""Per-match options, declared once by the rules (OpenSpiel's ``_DEFAULT_PARAMS``).

The rules class lists its :class:`OptionSpec` values; the registry shows them in the
lobby, ``GameEntry.default_config`` starts every match from their defaults and the rules
read them back with :func:`option`, so a default is written in one place.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence


@dataclass(frozen=True)
class OptionSpec:
    """A per-match lobby option (RULES.md marks them **option**).

    The lobby labels it with the string ``options.<id>.label`` and each choice with
    ``options.<id>.<choice>`` (booleans: ``on``/``off``; numbers are shown as numbers).
    """

    id: str
    default: Any
    choices: tuple[Any, ...]


def option(specs: Sequence[OptionSpec], config: Mapping[str, Any], name: str) -> Any:
    """The value of option ``name`` in ``config``, or its declared default."""
    for spec in specs:
        if spec.id == name:
            return config.get(name, spec.default)
    raise KeyError(f"undeclared option {name!r}")
