"""UI strings in French and English, from ``data/i18n/<lang>/*.yaml``.

Files are nested mappings; keys are flattened with dots (``lobby.start``). Every key
must exist in every language (a test checks), and ``{name}`` placeholders are filled by
:meth:`Strings.get`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from .data_loading import DataError, LineDict, load_yaml

LANGUAGES = ("fr", "en")


def _flatten(node: Any, prefix: str, out: dict[str, str], path: Path) -> None:
    if not isinstance(node, dict):
        raise DataError(path, None, f"{prefix or 'file'} must be a mapping")
    for key, value in node.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, dict):
            _flatten(value, full, out, path)
        elif isinstance(value, str):
            if full in out:
                line = node.key_lines.get(key) if isinstance(node, LineDict) else None
                raise DataError(path, line, f"string {full!r} is defined twice")
            out[full] = value
        else:
            line = node.key_lines.get(key) if isinstance(node, LineDict) else None
            raise DataError(path, line, f"string {full!r} must be text")


class Strings:
    def __init__(self, tables: Mapping[str, Mapping[str, str]], lang: str = "fr") -> None:
        self.tables = {lang_: dict(table) for lang_, table in tables.items()}
        self.lang = lang

    @classmethod
    def load(cls, i18n_dir: Path, lang: str = "fr") -> "Strings":
        tables: dict[str, dict[str, str]] = {}
        for lang_ in LANGUAGES:
            table: dict[str, str] = {}
            for path in sorted((i18n_dir / lang_).glob("*.yaml")):
                _flatten(load_yaml(path), "", table, path)
            tables[lang_] = table
        return cls(tables, lang)

    def get(self, key: str, **fmt: Any) -> str:
        """The text for ``key`` in the current language; a missing key shows itself
        bracketed (a test keeps that from shipping)."""
        text = self.tables.get(self.lang, {}).get(key)
        if text is None:
            return f"[{key}]"
        return text.format(**fmt) if fmt else text

    __call__ = get

    def has(self, key: str) -> bool:
        return key in self.tables.get(self.lang, {})

    def missing(self) -> dict[str, set[str]]:
        """Keys present in some language but not in ``lang``, per language."""
        every = set().union(*(set(t) for t in self.tables.values()))
        return {lang: every - set(table) for lang, table in self.tables.items()}
