"""The Secret Identity catalogue: characters, pictograms, picto cards and their tags.

Shipped data lives in ``data/secret_identity/`` (``tags.yaml``, ``characters.yaml``,
``pictos.yaml``); any error there raises :class:`DataError` naming ``file:line``.
Players may add characters in ``<custom_dir>/secret_identity/*.yaml``; a bad custom
file is skipped and its message returned as a warning, never raised.

A character's picture is never a pictogram's picture (:func:`picture_key`): players
must reason from clues, not match images. A character has an OpenMoji person emoji that
no pictogram uses, or no icon at all and the game draws a medallion for it; a shipped
file breaking this raises, a custom character's clashing icon is dropped (medallion).

``fame`` rates each character per language (3 = any family table knows them): the
everyday deck of a language is its fame-3 characters, the others come with the
``connoisseurs`` option (:func:`rules.common.character_pool`).

``hooks`` name the pictograms anyone links to a character at once (Pinocchio: the
whale, the nose): the bots weigh them above any shared tag.

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

(``icon`` and ``fame`` are optional: a custom character is fame 3 in both languages.)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable

from ....data_loading import DataError, Text, check_deck, load_mapping, load_text_table

FOLDER = "secret_identity"
LANGS = ("fr", "en")
#: Fame levels: 3 = everyday deck, below = connoisseurs.
FAME_LEVELS = (1, 2, 3)
EVERYDAY = 3

#: Codepoints that only vary a picture: skin tones, joiner, variation selector, gender signs.
_MODIFIERS = frozenset({"1F3FB", "1F3FC", "1F3FD", "1F3FE", "1F3FF", "200D", "FE0F", "2640", "2642"})
#: Gendered emoji and their neutral form (the same picture for this game).
_SAME_PICTURE = {
    "1F468": "1F9D1", "1F469": "1F9D1",  # man, woman -> person (also in profession sequences)
    "1F466": "1F9D2", "1F467": "1F9D2",  # boy, girl -> child
    "1F474": "1F9D3", "1F475": "1F9D3",  # old man, old woman -> older person
    "1F934": "1FAC5", "1F478": "1FAC5",  # prince, princess -> person with crown
    "1F385": "1F9D1-1F384", "1F936": "1F9D1-1F384",  # Santa, Mrs Claus -> Mx Claus
    "1F57A": "1F483",  # man dancing -> woman dancing
    "1F935": "1F935", "1F470": "1F470",
}


def picture_key(code: str) -> str:
    """What ``code`` pictures, with skin tones and gender variants folded together:
    two icons with one key are the same picture (``1F9D9-200D-2640-FE0F`` = ``1F9D9``)."""
    parts = [p for p in code.upper().split("-") if p not in _MODIFIERS]
    return "-".join(_SAME_PICTURE.get(p, p) for p in parts)


@dataclass(frozen=True)
class Category:
    id: str
    name: Text


@dataclass(frozen=True)
class Fame:
    """How well known a character is, per language: 1-3 (3 = any family table)."""

    fr: int = EVERYDAY
    en: int = EVERYDAY

    def __call__(self, lang: str) -> int:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Character:
    id: str
    name: Text
    category: str
    #: An OpenMoji person emoji, or None: the game draws a medallion instead.
    icon: str | None
    tags: tuple[str, ...]
    #: False for the few grim characters a family table may leave out.
    family: bool
    #: Per language, 1-3: 3 = any family table knows them (the everyday deck).
    fame: Fame = Fame()
    #: Pictogram ids anyone links to this character at once.
    hooks: tuple[str, ...] = ()
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
    pictograms, cards = _load_pictos(folder / "pictos.yaml", tags)
    categories, characters = _load_characters(folder / "characters.yaml", tags, {}, {}, pictograms, custom=False)
    warnings: list[str] = []
    if custom_dir is not None:
        for path in sorted((custom_dir / FOLDER).glob("*.yaml")):
            try:
                check_deck(path)
                extra_categories, extra = _load_characters(path, tags, categories, characters, pictograms,
                                                           custom=True)
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
    pictograms: dict[str, "Pictogram"],
    custom: bool,
) -> tuple[dict[str, Category], dict[str, Character]]:
    """Categories and characters of one file; ``known_*`` are those loaded before it."""
    pictured = {picture_key(p.icon): p.id for p in pictograms.values()}
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
        icon = where.icon(node, what) if "icon" in node else None
        if icon is not None and picture_key(icon) in pictured:
            if not custom:
                raise where.error(node, f"{what}: icon {icon!r} is the picture of pictogram "
                                        f"{pictured[picture_key(icon)]!r}; give a person emoji no "
                                        "pictogram uses, or no icon (a medallion)", "icon")
            icon = None
        characters[character_id] = Character(
            id=character_id,
            name=where.text(node, "name", what),
            category=category,
            icon=icon,
            tags=character_tags,
            family=family,
            fame=_fame(where, node, what, required=not custom),
            hooks=_hooks(where, node, what, pictograms),
            custom=custom,
        )
    return categories, characters


def _fame(where: Any, node: Any, what: str, required: bool) -> Fame:
    """``fame: {fr: 1-3, en: 1-3}`` (optional in a custom deck: 3 in both)."""
    if "fame" not in node and not required:
        return Fame()
    table = where.field(node, "fame", dict, what)
    for lang in LANGS:
        if table.get(lang) not in FAME_LEVELS or isinstance(table.get(lang), bool):
            raise where.error(node, f"{what}: fame needs {lang}: 1, 2 or 3 (3 = any family table knows them)", "fame")
    if set(table) - set(LANGS):
        raise where.error(node, f"{what}: fame has only {' and '.join(LANGS)}", "fame")
    return Fame(table["fr"], table["en"])


def _hooks(where: Any, node: Any, what: str, pictograms: dict[str, "Pictogram"]) -> tuple[str, ...]:
    """``hooks: [pictogram ids]`` (optional), each a known pictogram, once."""
    if "hooks" not in node:
        return ()
    hooks = where.field(node, "hooks", list, what)
    for picto_id in hooks:
        if picto_id not in pictograms:
            raise where.error(node, f"{what}: hook {picto_id!r} is not a pictogram", "hooks")
    if len(set(hooks)) != len(hooks):
        raise where.error(node, f"{what}: a hook is named twice", "hooks")
    return tuple(hooks)


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
        card = PictoCard(card_id, (tuple(faces[0]), tuple(faces[1])))
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
