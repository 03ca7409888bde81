"""UI strings in French and English, from ``data/i18n/<lang>/*.yaml`` (and, for a game
that keeps its strings in its own folder, that folder's ``i18n/<lang>/<name>.yaml``).

Files are nested mappings; keys are flattened with dots (``lobby.start``). Every key
must exist in every language (a test checks), and ``{name}`` placeholders are filled by
:meth:`Strings.get`. French templates are written once for any name: "Au tour de
{name}" reads "Au tour d'Alice" and "le coffre du Père Noël" (:func:`french_article`).

A text that carries a count is a *plural string*: a mapping of CLDR plural categories
to forms, ``{one: "{n} carte", other: "{n} cartes"}``, flattened to ``key.one`` and
``key.other``. :meth:`Strings.get` picks the form by the ``n`` placeholder with the
language's CLDR rule (babel's locale data: French counts 0 and 1 as one, English only
1). A plural string without a form its language needs is a ``file:line`` error on load.
"""

from __future__ import annotations

import functools
import marshal
import re
import sys
from pathlib import Path
from typing import Any, Mapping

from . import disk_cache

LANGUAGES = ("fr", "en")
#: Bump when the cached form of the tables (``Strings.load(cache=…)``) changes.
CACHE_FORMAT = 3
#: CLDR's plural categories (Unicode TR35): a mapping whose keys are all among them is one
#: plural string, not a group of keys.
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
#: Counts on screen (players, points, cards, seconds) stay under this: a plural string must
#: have a form for each category such a count reaches (French "many" starts at a million,
#: "1 000 000 de points", so French strings need only ``one`` and ``other``).
COUNTS_SHOWN = range(1000)
#: Language -> key -> text: the strings, or each language's plural rule or plural keys.
Tables = dict[str, dict[str, str]]

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


def french_article(template: str, values: Mapping[str, object]) -> str:
    """``template`` (still to format) with the word before each ``{placeholder}``
    fitted to its text value: elided before a vowel sound ("de {name}" -> "d'{name}"
    for Alice) or merged with the value's article ("de {x}" -> "du Lutin" for "le
    Lutin", "à {x}" -> "aux rennes" for "les rennes"). Numbers leave it as it is."""

    def fit(match: re.Match[str]) -> str:
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


def plural_rules(lang: str) -> dict[str, str]:
    """CLDR's plural rule for ``lang``: category -> condition on the count (babel's
    locale data; ``other`` is what no condition matches)."""
    from babel.core import Locale

    return dict(Locale.parse(lang).plural_form.rules)


def plural_categories(rules: Mapping[str, str]) -> frozenset[str]:
    """The categories the counts the game shows (:data:`COUNTS_SHOWN`) fall in."""
    return _categories(tuple(sorted(rules.items())))


@functools.lru_cache(maxsize=8)
def _categories(rules: tuple[tuple[str, str], ...]) -> frozenset[str]:
    from babel.plural import PluralRule

    rule = PluralRule(rules)
    return frozenset(rule(count) for count in COUNTS_SHOWN)


def _is_plural(node: Mapping[Any, Any]) -> bool:
    return bool(node) and all(str(key) in PLURAL_CATEGORIES for key in node)


def _flatten(node: object, prefix: str, out: dict[str, str], path: Path, rule: Mapping[str, str],
             plurals: dict[str, str]) -> None:
    """``node``'s strings into ``out`` by dotted key; a plural string's forms as
    ``key.<category>`` and its key in ``plurals`` (with its categories, space-separated).
    It must have a form for each category that :data:`COUNTS_SHOWN` reach under the
    language's ``rule`` and none the rule lacks (else a ``DataError``)."""
    from .data_loading import DataError, LineDict

    if not isinstance(node, dict):
        raise DataError(path, None, f"{prefix or 'file'} must be a mapping")
    for key, value in node.items():
        full = f"{prefix}.{key}" if prefix else str(key)
        line = node.key_lines.get(key) if isinstance(node, LineDict) else None
        if isinstance(value, dict) and _is_plural(value):
            written, needed = {str(category) for category in value}, plural_categories(rule)
            if needed - written or written - set(rule) - {"other"}:
                raise DataError(path, line, f"plural string {full!r} has forms {sorted(written)}: "
                                            f"{path.parent.name} needs {sorted(needed)}, may add {sorted(set(rule) - needed)}")
            plurals[full] = " ".join(sorted(written))
            _flatten(value, full, out, path, rule, plurals)
        elif isinstance(value, dict):
            _flatten(value, full, out, path, rule, plurals)
        elif isinstance(value, str):
            if full in out:
                raise DataError(path, line, f"string {full!r} is defined twice")
            out[full] = value
        else:
            raise DataError(path, line, f"string {full!r} must be text")


class Strings:
    def __init__(self, tables: Mapping[str, Mapping[str, str]], lang: str = "fr",
                 rules: Mapping[str, Mapping[str, str]] | None = None,
                 plurals: Mapping[str, Mapping[str, str]] | None = None) -> None:
        #: Language -> key -> text. Strings made from another's tables share them (a
        #: language switch makes one over the same tables), so the strings a game keeps
        #: in its own folder, added once the game is found (:meth:`add`), reach them all.
        self.tables = {lang_: table if type(table) is dict else dict(table) for lang_, table in tables.items()}
        self.lang = lang
        #: Each language's CLDR plural rule (:func:`plural_rules`), kept with the tables.
        self.rules = {lang_: dict(rule) for lang_, rule in (rules or {}).items()}
        #: Each language's plural strings: key -> its categories (forms in ``tables``).
        self.plural_keys = {lang_: keys if type(keys) is dict else dict(keys) for lang_, keys in (plurals or {}).items()}
        self._choosers: dict[str, Any] = {}

    def in_language(self, lang: str) -> "Strings":
        """The same strings shown in ``lang``."""
        return Strings(self.tables, lang, self.rules, self.plural_keys)

    @classmethod
    def load(cls, i18n_dir: Path, lang: str = "fr", cache: Path | None = None) -> "Strings":
        """Every language's strings from the YAML files. ``cache``: a folder where the
        parsed tables are kept, named by a digest of the files' bytes, so an unchanged
        set is read back instead of parsed (the app's start: the parse and PyYAML's
        import took ~25 ms of the title's first frame). They are kept in ``marshal``'s
        format (built in, read ~2x faster than JSON); it may change with Python's
        version, which is part of the name."""
        if cache is None:
            tables, rules, plurals = _parse(i18n_dir)
            return cls(tables, lang, rules, plurals)
        files = [path for lang_ in LANGUAGES for path in sorted((i18n_dir / lang_).glob("*.yaml"))]
        digest = disk_cache.digest()
        for path in files:
            digest.update(f"{path.parent.name}/{path.name}\0".encode())
            digest.update(path.read_bytes())
        read_back: list[tuple[Tables, Tables, Tables]] = []

        def readable(data: bytes) -> bool:
            try:
                parsed = marshal.loads(data)
            except (ValueError, EOFError, TypeError):  # cut short or not ours: parsed again
                return False
            if not (isinstance(parsed, tuple) and len(parsed) == 3 and all(map(_is_tables, parsed))):
                return False
            read_back.append(parsed)
            return True

        recipe = (CACHE_FORMAT, sys.version_info[:2], marshal.version, digest.hexdigest())
        data = disk_cache.cached_bytes(disk_cache.cache_path(cache, "strings", recipe, ".marshal"),
                                       lambda: marshal.dumps(_parse(i18n_dir)), readable)
        tables, rules, plurals = read_back[0] if read_back else marshal.loads(data)
        return cls(tables, lang, rules, plurals)

    def add(self, i18n_dir: Path, name: str) -> None:
        """Add a game's own strings (``<i18n_dir>/<lang>/<name>.yaml``: a game that keeps
        them in its own folder, ``GamePlugin.data``) to every language. A key there
        already is refused (a ``DataError``): a game's strings live in its own file and
        nowhere else."""
        from .data_loading import DataError

        tables, _rules, plurals = _parse(i18n_dir, f"{name}.yaml")
        for lang_, table in tables.items():
            known = self.tables.setdefault(lang_, {})
            twice = sorted(set(table) & set(known))
            if twice:
                raise DataError(i18n_dir / lang_ / f"{name}.yaml", None, f"string {twice[0]!r} is defined twice")
        for lang_, table in tables.items():
            self.tables[lang_].update(table)
            self.plural_keys.setdefault(lang_, {}).update(plurals.get(lang_, {}))

    def get(self, key: str, **fmt: object) -> str:
        """The text for ``key`` in the current language, its plural form chosen by the
        count ``n``; a missing key, or a plural string asked without a count, shows
        itself bracketed (tests keep that from shipping)."""
        table = self.tables.get(self.lang, {})
        text = table.get(key)
        if text is None:
            text = self._form(table, key, fmt.get("n"))
            if text is None:
                return f"[{key}]"
        if not fmt:
            return text
        if self.lang == "fr":
            text = french_article(text, fmt)
        return text.format(**fmt)

    __call__ = get

    def _form(self, table: Mapping[str, str], key: str, count: Any) -> str | None:
        """The form of plural string ``key`` for ``count`` (None if ``key`` is none)."""
        if key not in self.plural_keys.get(self.lang, {}) or not isinstance(count, int) or isinstance(count, bool):
            return None
        chooser = self._choosers.get(self.lang)
        if chooser is None:  # babel's import, once (~10 ms): the title screen shows no count
            from babel.plural import PluralRule

            chooser = self._choosers[self.lang] = PluralRule(self.rules[self.lang])
        return table.get(f"{key}.{chooser(abs(count))}", table[f"{key}.other"])

    def has(self, key: str) -> bool:
        return key in self.tables.get(self.lang, {}) or key in self.plural_keys.get(self.lang, {})

    def plurals(self) -> set[str]:
        """The keys of the current language's plural strings."""
        return set(self.plural_keys.get(self.lang, {}))

    def missing(self) -> dict[str, set[str]]:
        """Keys present in some language but not in ``lang``, per language."""
        every = set().union(*(set(t) for t in self.tables.values()))
        return {lang: every - set(table) for lang, table in self.tables.items()}


def _is_tables(value: object) -> bool:
    """Whether ``value`` has the tables' shape: language -> key -> text."""
    return isinstance(value, dict) and all(
        isinstance(table, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in table.items())
        for table in value.values())


def game_strings(i18n_dir: Path, name: str) -> Tables:
    """The tables of one game's file, ``<i18n_dir>/<lang>/<name>.yaml`` in every language
    (a game that keeps its strings in its own folder: ``GamePlugin.data``)."""
    return _parse(i18n_dir, f"{name}.yaml")[0]


def _parse(i18n_dir: Path, pattern: str = "*.yaml") -> tuple[Tables, Tables, Tables]:
    """The tables from the YAML files, checked (a ``DataError`` names the file and line),
    each language's plural rule and its plural strings' keys."""
    from .data_loading import load_yaml

    tables: Tables = {}
    rules: Tables = {}
    plurals: Tables = {}
    for lang_ in LANGUAGES:
        tables[lang_], plurals[lang_] = {}, {}
        rules[lang_] = plural_rules(lang_)
        for path in sorted((i18n_dir / lang_).glob(pattern)):
            _flatten(load_yaml(path), "", tables[lang_], path, rules[lang_], plurals[lang_])
    return tables, rules, plurals
