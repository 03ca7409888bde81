"""YAML loading with line numbers, for catalogue files that explain their own errors.

Every mapping and list loaded here remembers the line it starts on, so a validator can
say ``data/personality/traits.yaml:212: card 'p-097' has no English text``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Container, Iterable, TypeVar, overload

import yaml

from .core.files import FileTooBig, open_regular, read_text
from .icons import icon_exists


class DataError(Exception):
    """A problem in a data file, located as ``file:line``."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line else self.path
        super().__init__(f"{where}: {message}")


class LineDict(dict[Any, Any]):
    line: int = 0
    key_lines: dict[Any, int]


class LineList(list[Any]):
    line: int = 0


#: What a checked field holds (:meth:`Where.field`).
T = TypeVar("T")

#: libyaml's parser when PyYAML was built with it (several times faster at start-up);
#: construction stays in Python either way, so the line numbers are the same.
if TYPE_CHECKING:
    _BaseLoader = yaml.SafeLoader
else:
    _BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_BaseLoader):
    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """Any value the constructors refuse (an integer too long to convert, a date that
        does not exist…) becomes a DataError at that value's line."""
        try:
            return super().construct_object(node, deep=deep)
        except (ValueError, TypeError, OverflowError) as exc:
            raise DataError(self.name, node.start_mark.line + 1, f"cannot read this value: {exc}") from exc


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if isinstance(key, (list, dict, set)):
            raise DataError(loader.name, key_node.start_mark.line + 1,
                            "a key must be a word or a number, not a list or mapping")
        if key in out:
            raise DataError(loader.name, key_node.start_mark.line + 1, f"duplicate key {key!r}")
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(child, deep=True) for child in node.value)
    out.line = node.start_mark.line + 1
    return out


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


#: The largest YAML file read at all (the biggest shipped one is 126 KB; a custom deck is
#: held to :data:`MAX_DECK_BYTES` by :func:`check_deck` first).
MAX_YAML_BYTES = 4 * 1024 * 1024


def load_yaml(path: Path) -> object:
    """Load one YAML file. Whatever is wrong with it (syntax, a character YAML does not
    allow such as NUL or another control character, a complex key, nesting deeper than
    the parser goes; a file that ``files.read_text`` refuses: a pipe, a device, a link to
    nothing) becomes a DataError naming the file and, where known, the line."""
    try:
        text = read_text(path, MAX_YAML_BYTES)
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(path, None, f"cannot read: {exc}") from exc
    loader = _LineLoader(text)
    loader.name = str(path)
    try:
        return loader.get_single_data()
    except yaml.MarkedYAMLError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise DataError(path, line, f"YAML syntax: {exc.problem}") from exc
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, max(0, exc.position)) + 1
        code = exc.character if isinstance(exc.character, int) else ord(exc.character)
        raise DataError(path, line, f"character U+{code:04X} is not allowed in YAML (a control character?)") from exc
    except (yaml.YAMLError, RecursionError) as exc:
        raise DataError(path, None, f"YAML: {exc}") from exc
    finally:
        loader.dispose()


#: The largest custom deck file read (1,300 to 2,500 entries; the biggest shipped file
#: is 126 KB). PyYAML builds 15,000 to 50,000 values a second on a busy machine: a
#: 100,000-entry deck (1.5 million values) held the start for 30 to 100 s. Bigger files
#: are refused unread.
MAX_DECK_BYTES = 256 * 1024


def check_deck(path: Path) -> None:
    """Refuse (DataError), unread, a custom deck file too big to load in a moment, or one
    that is not a regular file: a link to a drive since unplugged, a link loop, a pipe
    (reading it would hold the start until something writes to it), a device, a folder."""
    try:
        open_regular(path, MAX_DECK_BYTES).close()
    except FileTooBig as exc:
        raise DataError(path, None, f"this deck is {exc.size / 1024:,.0f} KB; a custom deck may be at most "
                                    f"{MAX_DECK_BYTES // 1024} KB: trim it") from exc
    except OSError as exc:
        raise DataError(path, None, f"cannot read: {exc}") from exc


def load_mapping(path: Path, what: str = "file") -> tuple["Where", LineDict]:
    """A data file whose top level is a mapping, with the :class:`Where` to validate it."""
    where = Where(path)
    return where, where.mapping(load_yaml(path), what)


def load_text_table(path: Path, key: str, what: str) -> dict[str, "Text"]:
    """A file holding one mapping ``key: {id: {fr: ..., en: ...}}`` (a tag vocabulary)."""
    where, root = load_mapping(path)
    table = where.mapping(where.field(root, key, dict, "file"), key)
    return {str(entry): where.text(table, entry, f"{what} {entry!r}") for entry in table}


@dataclass(frozen=True)
class Where:
    """A place in a data file, handed to validators so their errors can point at it."""

    path: Path

    def error(self, node: object, message: str, key: str | None = None) -> DataError:
        line = None
        if isinstance(node, LineDict):
            line = node.key_lines.get(key, node.line) if key is not None else node.line
        elif isinstance(node, LineList):
            line = node.line
        return DataError(self.path, line, message)

    def mapping(self, node: object, what: str) -> LineDict:
        if not isinstance(node, dict):
            raise self.error(node, f"{what} must be a mapping")
        return node  # type: ignore[return-value]  # (the loader makes every mapping a LineDict)

    def sequence(self, node: object, what: str) -> LineList:
        if not isinstance(node, list):
            raise self.error(node, f"{what} must be a list")
        return node  # type: ignore[return-value]  # (and every list a LineList)

    def entries(self, root: LineDict, key: str, what: str = "file") -> LineList:
        """``root[key]``, which must be there and be a list (a file's cards, words…)."""
        return self.sequence(self.field(root, key, list, what), key)

    def unique_id(self, node: object, what: str, *seen: Container[str]) -> str:
        """The ``id`` of an entry (which must be a mapping): a non-empty string, stripped,
        and in none of ``seen`` (the ids loaded before it; pass the live dicts, not a set
        made per entry, which made a 100,000-entry deck take minutes)."""
        node = self.mapping(node, what)
        entry_id = self.field(node, "id", str, what).strip()
        if not entry_id:
            raise self.error(node, f"{what} has an empty id", "id")
        if any(entry_id in ids for ids in seen):
            raise self.error(node, f"duplicate {what} id {entry_id!r}", "id")
        return entry_id

    @overload
    def field(self, node: LineDict, key: str, kind: type[T], what: str = "") -> T: ...

    @overload
    def field(self, node: LineDict, key: str, kind: tuple[type, ...], what: str = "") -> Any: ...

    def field(self, node: LineDict, key: str, kind: type | tuple[type, ...], what: str = "") -> Any:
        """``node[key]``, which must be there and be of ``kind`` (a bool is no int)."""
        if key not in node:
            raise self.error(node, f"{what or 'entry'} has no {key!r}")
        value = node[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.error(node, f"{what or 'entry'}: {key!r} must be {names}", key)
        return value

    def text(self, node: LineDict, key: str, what: str = "") -> "Text":
        """A bilingual text field: ``{fr: ..., en: ...}``, both non-empty."""
        raw = self.mapping(self.field(node, key, dict, what), f"{what} {key}")
        for lang in ("fr", "en"):
            value = raw.get(lang)
            if not isinstance(value, str) or not value.strip():
                raise self.error(raw, f"{what or 'entry'}: {key} has no {lang} text", lang if lang in raw else None)
        return Text(fr=raw["fr"].strip(), en=raw["en"].strip())

    def flag(self, node: LineDict, key: str, default: bool, what: str) -> bool:
        """An optional true/false field."""
        value = node.get(key, default)
        if not isinstance(value, bool):
            raise self.error(node, f"{what}: {key} must be true or false", key)
        return value

    def tags(self, node: LineDict, key: str, vocabulary: Iterable[str] | None, what: str = "",
             required: bool = False) -> tuple[str, ...]:
        """A list of words from ``vocabulary`` (None: any), each at most once; ``required``:
        at least one."""
        raw = node.get(key, [])
        if not isinstance(raw, list) or not all(isinstance(t, str) for t in raw):
            raise self.error(node, f"{what or 'entry'}: {key} must be a list of words", key)
        if vocabulary is not None:
            allowed = set(vocabulary)
            for tag in raw:
                if tag not in allowed:
                    raise self.error(node, f"{what or 'entry'}: unknown tag {tag!r}", key)
        if required and not raw:
            raise self.error(node, f"{what} has no {key}", key)
        if len(set(raw)) != len(raw):
            raise self.error(node, f"{what}: a tag is listed twice", key)
        return tuple(raw)

    def icon(self, node: LineDict, what: str, key: str = "icon") -> str:
        """An OpenMoji code field, quoted (YAML would read ``2753`` as a number), naming
        an icon that exists."""
        code = self.field(node, key, (str, int), what)
        if not isinstance(code, str):
            raise self.error(node, f"{what}: write the icon code in quotes, like {key}: '{code}'", key)
        return self.known_icon(node, code, what, key)

    def known_icon(self, node: LineDict, code: str, what: str, key: str = "icon") -> str:
        """``code``, read from ``node[key]``, when it names an OpenMoji icon that exists."""
        if not icon_exists(code):
            raise self.error(node, f"{what}: icon {code!r} is not an OpenMoji icon", key)
        return code


@dataclass(frozen=True)
class Text:
    """A text in both languages."""

    fr: str
    en: str

    def __call__(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en
