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
from typing import Iterable

from ...data_loading import DataError, Text, check_deck_size, load_mapping, load_text_table

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
    tags = load_text_table(folder / "tags.yaml", "tags", "tag")
    categories, characters = _load_characters(folder / "characters.yaml", tags, {}, {}, custom=False)
    pictograms, cards = _load_pictos(folder / "pictos.yaml", tags)
    warnings: list[str] = []
    if custom_dir is not None:
        for path in sorted((custom_dir / FOLDER).glob("*.yaml")):
            try:
                check_deck_size(path)
                extra_categories, extra = _load_characters(path, tags, categories, characters, custom=True)
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


def _load_characters(
    path: Path,
    tags: dict[str, Text],
    known_categories: dict[str, Category],
    known_characters: dict[str, Character],
    custom: bool,
) -> tuple[dict[str, Category], dict[str, Character]]:
    """Categories and characters of one file; ``known_*`` are those loaded before it."""
    where, root = load_mapping(path)
    categories: dict[str, Category] = {}
    if "categories" in root or not custom:
        table = where.mapping(where.field(root, "categories", dict, "file"), "categories")
        for category_id in table:
            if category_id in known_categories:
                raise where.error(table, f"category {category_id!r} already exists", category_id)
            categories[category_id] = Category(category_id, where.text(table, category_id, f"category {category_id!r}"))
    all_categories = {**known_categories, **categories}
    characters: dict[str, Character] = {}
    entries = where.entries(root, "characters")
    if not entries:
        raise where.error(entries, "characters is empty")
    for node in entries:
        character_id = where.unique_id(node, "character", known_characters, characters)
        what = f"character {character_id!r}"
        category = where.field(node, "category", str, what)
        if category not in all_categories:
            raise where.error(node, f"{what}: unknown category {category!r}", "category")
        character_tags = where.tags(node, "tags", tags, what, required=not custom)
        family = where.flag(node, "family", True, what)
        characters[character_id] = Character(
            id=character_id,
            name=where.text(node, "name", what),
            category=category,
            icon=where.icon(node, what),
            tags=character_tags,
            family=family,
            custom=custom,
        )
    return categories, characters


def _load_pictos(path: Path, tags: dict[str, Text]) -> tuple[dict[str, Pictogram], list[PictoCard]]:
    where, root = load_mapping(path)
    pictograms: dict[str, Pictogram] = {}
    for node in where.entries(root, "pictograms"):
        picto_id = where.unique_id(node, "pictogram", pictograms)
        what = f"pictogram {picto_id!r}"
        picto_tags = where.tags(node, "tags", tags, what, required=True)
        pictograms[picto_id] = Pictogram(picto_id, where.icon(node, what), where.text(node, "label", what), picto_tags)
    cards: dict[str, PictoCard] = {}
    card_of: dict[str, str] = {}
    for node in where.entries(root, "cards"):
        card_id = where.unique_id(node, "card", cards)
        what = f"card {card_id!r}"
        faces = where.field(node, "faces", list, what)
        if len(faces) != 2 or not all(isinstance(face, list) and len(face) == 2
                                      and all(isinstance(picto, str) for picto in face) for face in faces):
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
        cards[card_id] = card
    if not cards:
        raise where.error(root, "no picto cards", "cards")
    return pictograms, list(cards.values())
