"""UI strings in French and English, from ``data/i18n/<lang>/*.yaml`` (and, for a game
that keeps its strings in its own folder, that folder's ``i18n/<lang>/<name>.yaml``).

Files are nested mappings; keys are flattened with dots (``lobby.start``). Every key
must exist in every language (a test checks), and ``{name}`` placeholders are filled by
:meth:`Strings.get`. French templates are written once for any name: "Au tour de
{name}" reads "Au tour d'Alice" and "le coffre du Père Noël" (:func:`french_article`).
"""

from __future__ import annotations

import marshal
import re
import sys
from pathlib import Path
from typing import Any, Mapping

from . import disk_cache

LANGUAGES = ("fr", "en")
#: Bump when the cached form of the tables (``Strings.load(cache=…)``) changes.
CACHE_FORMAT = 2

#: French words that lose their vowel before a vowel or a mute h ("de Alice" -> "d'Alice"),
#: and "de" / "à" that merge with a following "le" / "les" ("de le Lutin" -> "du Lutin").
_BEFORE_PLACEHOLDER = re.compile(r"(?<![\w-])(de|que|je|ne|me|te|se|le|la|à) \{(\w+)\}", re.IGNORECASE)
_MERGED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux"}


#: Vowels, accented ones spelt out (the frozen build leaves ``unicodedata`` out).
_VOWELS = "aàâäáåeéèêëiîïíoôöóøuùûüúæœ"
_ELIDING_LETTERS = _VOWELS + "h"


def starts_with_vowel_sound(text: str) -> bool:
    """True when French elides before ``text``: a vowel (accented or not), a "y" before
    a consonant (Yves, not Yann), or an h, taken as mute (Hélène, Hugo) as first names
    usually are."""
    letters = text.strip().lower()
    if not letters:
        return False
    if letters[0] == "y":
        return len(letters) > 1 and letters[1] not in _VOWELS + "y"
    return letters[0] in _ELIDING_LETTERS


def french_article(template: str, values: Mapping[str, Any]) -> str:
    """``template`` (still to format) with the word before each ``{placeholder}``
    fitted to its text value: elided before a vowel sound ("de {name}" -> "d'{name}"
    for Alice) or merged with the value's article ("de {x}" -> "du Lutin" for "le
    Lutin", "à {x}" -> "aux rennes" for "les rennes"). Numbers leave it as it is."""

    def fit(match: re.Match) -> str:
        word, key = match.group(1), match.group(2)
        value = values.get(key)
        if not isinstance(value, str):
            return match.group(0)
        article, _, rest = value.partition(" ")
        merged = _MERGED.get((word.lower(), article.lower())) if rest else None
        if merged is not None:
            merged = merged.capitalize() if word[0].isupper() else merged
            return f"{merged} " + rest.replace("{", "{{").replace("}", "}}")
        if word.lower() != "à" and starts_with_vowel_sound(value):
            return f"{word[:-1]}'{{{key}}}"
        return match.group(0)

    return _BEFORE_PLACEHOLDER.sub(fit, template)


def _flatten(node: Any, prefix: str, out: dict[str, str], path: Path) -> None:
    from .data_loading import DataError, LineDict

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
        #: Language -> key -> text. Strings made from another's tables share them (a
        #: language switch makes one over the same tables), so the strings a game keeps
        #: in its own folder, added once the game is found (:meth:`add`), reach them all.
        self.tables = {lang_: table if type(table) is dict else dict(table) for lang_, table in tables.items()}
        self.lang = lang

    @classmethod
    def load(cls, i18n_dir: Path, lang: str = "fr", cache: Path | None = None) -> "Strings":
        """Every language's strings from the YAML files. ``cache``: a folder where the
        parsed tables are kept, named by a digest of the files' bytes, so an unchanged
        set is read back instead of parsed (the app's start: the parse and PyYAML's
        import took ~25 ms of the title's first frame). They are kept in ``marshal``'s
        format (built in, read ~2x faster than JSON); it may change with Python's
        version, which is part of the name."""
        if cache is None:
            return cls(_parse(i18n_dir), lang)
        files = [path for lang_ in LANGUAGES for path in sorted((i18n_dir / lang_).glob("*.yaml"))]
        digest = disk_cache.digest()
        for path in files:
            digest.update(f"{path.parent.name}/{path.name}\0".encode())
            digest.update(path.read_bytes())
        read_back: list[dict[str, dict[str, str]]] = []

        def readable(data: bytes) -> bool:
            try:
                tables = marshal.loads(data)
            except (ValueError, EOFError, TypeError):  # cut short or not ours: parsed again
                return False
            if not _is_tables(tables):
                return False
            read_back.append(tables)
            return True

        recipe = (CACHE_FORMAT, sys.version_info[:2], marshal.version, digest.hexdigest())
        data = disk_cache.cached_bytes(disk_cache.cache_path(cache, "strings", recipe, ".marshal"),
                                       lambda: marshal.dumps(_parse(i18n_dir)), readable)
        return cls(read_back[0] if read_back else marshal.loads(data), lang)

    def add(self, tables: Mapping[str, Mapping[str, str]], source: Path) -> None:
        """Add a game's own strings (``tables``, read from ``source``: :func:`game_strings`)
        to every language. A key there already is refused (a ``DataError``): a game's
        strings live in its own file and nowhere else."""
        from .data_loading import DataError

        for lang_, table in tables.items():
            known = self.tables.setdefault(lang_, {})
            twice = sorted(set(table) & set(known))
            if twice:
                raise DataError(source, None, f"string {twice[0]!r} is defined twice")
        for lang_, table in tables.items():
            self.tables[lang_].update(table)

    def get(self, key: str, **fmt: Any) -> str:
        """The text for ``key`` in the current language; a missing key shows itself
        bracketed (a test keeps that from shipping)."""
        text = self.tables.get(self.lang, {}).get(key)
        if text is None:
            return f"[{key}]"
        if not fmt:
            return text
        if self.lang == "fr":
            text = french_article(text, fmt)
        return text.format(**fmt)

    __call__ = get

    def has(self, key: str) -> bool:
        return key in self.tables.get(self.lang, {})

    def missing(self) -> dict[str, set[str]]:
        """Keys present in some language but not in ``lang``, per language."""
        every = set().union(*(set(t) for t in self.tables.values()))
        return {lang: every - set(table) for lang, table in self.tables.items()}


def _is_tables(value: Any) -> bool:
    """Whether ``value`` has the tables' shape: language -> key -> text."""
    return isinstance(value, dict) and all(
        isinstance(table, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in table.items())
        for table in value.values())


def game_strings(i18n_dir: Path, name: str) -> dict[str, dict[str, str]]:
    """The tables of one game's file, ``<i18n_dir>/<lang>/<name>.yaml`` in every language
    (a game that keeps its strings in its own folder: ``GamePlugin.data``)."""
    return _parse(i18n_dir, f"{name}.yaml")


def _parse(i18n_dir: Path, pattern: str = "*.yaml") -> dict[str, dict[str, str]]:
    """The tables from the YAML files, checked (a ``DataError`` names the file and line)."""
    from .data_loading import load_yaml

    tables: dict[str, dict[str, str]] = {}
    for lang_ in LANGUAGES:
        table: dict[str, str] = {}
        for path in sorted((i18n_dir / lang_).glob(pattern)):
            _flatten(load_yaml(path), "", table, path)
        tables[lang_] = table
    return tables
