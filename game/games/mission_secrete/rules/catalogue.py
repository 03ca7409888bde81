"""The Mission Secrète catalogue: characters, object cards, counts and the grid (MS-1..3).

Loaded from ``data/mission_secrete/cards.yaml``; any error raises :class:`DataError`
naming ``file:line``. There are no custom decks for this game.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from ....data_loading import DataError, LineDict, Text, Where, load_mapping

FOLDER = "mission_secrete"
FILE = "cards.yaml"


@dataclass(frozen=True)
class Character:
    id: str
    name: Text
    icon: str
    #: The object whose line this character must complete (MS-5).
    object: str


@dataclass(frozen=True)
class ObjectCard:
    id: str
    name: Text
    plural: Text
    icon: str
    count: int
    #: Neutral objects (candles) belong to no character.
    neutral: bool = False


@dataclass(frozen=True)
class MSCatalogue:
    rows: int
    columns: int
    deal_max_same: int
    characters: tuple[Character, ...]
    objects: tuple[ObjectCard, ...]

    @property
    def cells(self) -> int:
        return self.rows * self.columns

    def character(self, character_id: str) -> Character:
        return next(c for c in self.characters if c.id == character_id)

    def object(self, object_id: str) -> ObjectCard:
        return next(o for o in self.objects if o.id == object_id)

    def deck(self) -> list[str]:
        """Every object card, as ids, in catalogue order."""
        return [o.id for o in self.objects for _ in range(o.count)]


def _ident(where: Where, node: LineDict, what: str, earlier: Iterable[ObjectCard | Character]) -> str:
    """The entry's id: lower-case letters, digits or _, and not the id of an ``earlier`` entry."""
    value = where.field(node, "id", str, what)
    if not value or not value.replace("_", "").isalnum() or not value.islower():
        raise where.error(node, f"{what}: id {value!r} must be lower-case letters, digits or _", "id")
    if any(entry.id == value for entry in earlier):
        raise where.error(node, f"{what} {value!r} is defined twice", "id")
    return str(value)


def load(data_dir: Path, custom_dir: Path | None = None) -> tuple[MSCatalogue, list[str]]:
    path = data_dir / FOLDER / FILE
    where, root = load_mapping(path, "the file")
    grid = where.mapping(where.field(root, "grid", dict, "the file"), "grid")
    rows = where.field(grid, "rows", int, "grid")
    columns = where.field(grid, "columns", int, "grid")
    deal_max_same = where.field(grid, "deal_max_same", int, "grid")

    objects: list[ObjectCard] = []
    for node in where.entries(root, "objects", "the file"):
        node = where.mapping(node, "an object")
        oid = _ident(where, node, "object", objects)
        count = where.field(node, "count", int, f"object {oid}")
        if count < 1:
            raise where.error(node, f"object {oid}: count must be at least 1", "count")
        neutral = where.flag(node, "neutral", False, f"object {oid}")
        objects.append(ObjectCard(oid, where.text(node, "name", f"object {oid}"),
                                  where.text(node, "plural", f"object {oid}"), where.icon(node, f"object {oid}"),
                                  count, neutral))

    characters: list[Character] = []
    by_id = {o.id: o for o in objects}
    for node in where.entries(root, "characters", "the file"):
        node = where.mapping(node, "a character")
        cid = _ident(where, node, "character", characters)
        obj = where.field(node, "object", str, f"character {cid}")
        if obj not in by_id or by_id[obj].neutral:
            raise where.error(node, f"character {cid}: object {obj!r} is not a non-neutral object", "object")
        if any(c.object == obj for c in characters):
            raise where.error(node, f"character {cid}: object {obj!r} already belongs to another character", "object")
        if by_id[obj].count > min(rows, columns):
            raise where.error(node, f"character {cid}: {by_id[obj].count} {obj} cannot fit in one line", "object")
        characters.append(Character(cid, where.text(node, "name", f"character {cid}"),
                                    where.icon(node, f"character {cid}"), obj))

    if len(characters) < 2:
        raise where.error(root, "at least 2 characters are needed")
    total = sum(o.count for o in objects)
    if total != rows * columns:
        raise DataError(path, root.key_lines.get("objects"), f"{total} object cards for a {rows}×{columns} grid")
    owned = {c.object for c in characters}
    for o in objects:
        if not o.neutral and o.id not in owned:
            raise DataError(path, root.key_lines.get("objects"), f"object {o.id!r} belongs to no character")
    if deal_max_same < 1:
        raise where.error(grid, "grid: deal_max_same must be at least 1", "deal_max_same")
    return MSCatalogue(rows, columns, deal_max_same, tuple(characters), tuple(objects)), []
