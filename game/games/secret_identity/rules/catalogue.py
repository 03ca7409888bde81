"""The Secret Identity catalogue: characters, pictograms, picto cards and their tags.

Shipped data lives in ``data/secret_identity/`` (``tags.yaml``, ``characters.yaml``,
``pictos.yaml``); any error there raises :class:`DataError` naming ``file:line``.
Players may add characters in ``<custom_dir>/secret_identity/*.yaml``; a bad custom
file is skipped and its message returned as a warning, never raised.

A character's portrait is drawn from parts that fit it (``portrait:``, the kit in
``portraits.yaml``, :mod:`.portraits`), never an OpenMoji picture, and no pictogram is a
character: a pictogram's label never equals a character's name in its language
(:func:`name_key`; tests/test_si_catalogue.py holds the shipped data to it).

Look-alikes (``look_alikes:``: the Big Bad Wolf and the Werewolf, the witches…) are
never dealt on one board, and at most :data:`GENERIC_PER_BOARD` characters of the
``generic`` categories (jobs, creatures) share one (:mod:`.deal`).

Whatever a family table leaves out carries the family policy's tags (``mature:``,
``game.family``), on characters and pictograms alike; a family table deals neither, nor
a picto card showing such a pictogram.

``fame`` rates each character per language (3 = any family table knows them): the
everyday deck of a language is its fame-3 characters, the others come with the
``connoisseurs`` option (:func:`rules.common.character_pool`).

``hooks`` name the pictograms anyone links to a character at once (Pinocchio: the
whale, the nose): the bots weigh them above any shared tag. ``depicted_by`` names the
pictograms whose picture *is* the character's kind (the cowboy hat face for the Cowboy,
the old woman for the Granny): a clue never shows one while that character is on the
board (``rules.common.ClueBook``), as no pictogram is named like a character.

Characters and pictograms share one tag vocabulary: the bots score a pictogram against a
character by the tags they have in common (SI-4 clue bot, SI-5 voting bot).

A custom deck adds characters, optionally in new categories; tags are optional there but
must come from ``tags.yaml`` (bots guess better with them), and a portrait names parts
of the kit::

    categories:
      office: {fr: Le bureau, en: The office}
    characters:
      - id: my_boss
        name: {fr: Mon patron, en: My boss}
        category: office
        portrait: {hair: bun, hair_colour: grey, clothes: suit, colour: navy, face: glasses}
        tags: [leader, city, worker]

(``portrait``, ``fame`` and ``mature`` are optional: a custom character is drawn in the
kit's plain look, fame 3 in both languages, fit for a family table.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Iterable, Mapping

from ....data_loading import DataError, LineDict, Text, Where, check_deck, load_mapping, load_text_table
from ....family import FamilyPolicy, load_policy, read_mature
from .portraits import Look, PortraitKit, load_kit, read_look

FOLDER = "secret_identity"
LANGS = ("fr", "en")
#: Fame levels: 3 = everyday deck, below = connoisseurs.
FAME_LEVELS = (1, 2, 3)
EVERYDAY = 3
#: Most characters of the ``generic`` categories (jobs, creatures) on one board.
GENERIC_PER_BOARD = 2
_ARTICLE = re.compile(r"^(le |la |les |l'|l’|the |a |an )")


def name_key(text: str) -> str:
    """A name or label as a player reads it: lower case, without a leading article or
    punctuation ("La Fourmi" and "Fourmi" are one word)."""
    return re.sub(r"[^\w]+", " ", _ARTICLE.sub("", text.lower().strip())).strip()

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
    #: What its portrait is made of (``rules/portraits.py``): never an OpenMoji picture.
    look: Look
    tags: tuple[str, ...]
    #: Per language, 1-3: 3 = any family table knows them (the everyday deck).
    fame: Fame = Fame()
    #: Pictogram ids anyone links to this character at once.
    hooks: tuple[str, ...] = ()
    #: The name on a board card when the full one needs more than two lines there
    #: ("Le Chaperon rouge", "Argan"); None: the full name always fits.
    short: Text | None = None
    #: Pictogram ids whose picture is this character's kind (the cowboy hat face for the
    #: Cowboy, the old woman for the Granny): no clue shows one while it is on the board.
    depicted_by: tuple[str, ...] = ()
    #: True when the character comes from the player's own custom deck.
    custom: bool = False
    #: The family policy's tags it carries (``game.family``): none for a family table.
    mature: tuple[str, ...] = ()

    @property
    def family(self) -> bool:
        return not self.mature


@dataclass(frozen=True)
class Pictogram:
    id: str
    icon: str
    label: Text
    tags: tuple[str, ...]
    mature: tuple[str, ...] = ()


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
    kit: PortraitKit
    #: Per character, the characters it must never share a board with.
    look_alikes: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: Categories of which a board holds at most GENERIC_PER_BOARD characters.
    generic: frozenset[str] = frozenset()

    def card_ids(self, family: bool) -> list[str]:
        """The picto cards a table deals, sorted: a family table's show no pictogram
        the family policy leaves out."""
        return sorted(card.id for card in self.cards
                      if not family or not any(self.pictograms[p].mature for p in card.pictograms))

    @cached_property
    def _by_id(self) -> dict[str, Character]:
        return {character.id: character for character in self.characters}

    def character(self, character_id: str) -> Character:
        return self._by_id[character_id]

    @cached_property
    def depicting(self) -> dict[str, frozenset[str]]:
        """Pictogram -> the characters whose kind it pictures (their ``depicted_by``)."""
        out: dict[str, set[str]] = {}
        for character in self.characters:
            for picto_id in character.depicted_by:
                out.setdefault(picto_id, set()).add(character.id)
        return {picto_id: frozenset(ids) for picto_id, ids in out.items()}

    def by_category(self, category_ids: Iterable[str]) -> tuple[Character, ...]:
        """The characters of the chosen categories, in catalogue order."""
        wanted = set(category_ids)
        return tuple(c for c in self.characters if c.category in wanted)


def load_catalogue(data_dir: Path, custom_dir: Path | None = None) -> tuple[SICatalogue, list[str]]:
    """Load the shipped catalogue (errors raise) and the custom decks (errors warn)."""
    folder = data_dir / FOLDER
    tags = load_text_table(folder / "tags.yaml", "tags", "tag")
    policy, kit = load_policy(data_dir), load_kit(folder)
    pictograms, cards = _load_pictos(folder / "pictos.yaml", tags, policy)
    shipped = _Deck(tags, policy, kit, pictograms, {}, {})
    where, root = load_mapping(folder / "characters.yaml")  # parsed once: the biggest file
    categories, characters = shipped.read(where, root, custom=False)
    look_alikes, generic = _board_rules(where, root, characters, categories)
    warnings: list[str] = []
    if custom_dir is not None:
        for path in sorted((custom_dir / FOLDER).glob("*.yaml")):
            try:
                check_deck(path)
                extra_categories, extra = _Deck(tags, policy, kit, pictograms, categories, characters).load(
                    path, custom=True)
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
        kit=kit,
        look_alikes=look_alikes,
        generic=generic,
    )
    return catalogue, warnings


@dataclass
class _Deck:
    """What a characters file is checked against: the vocabularies, the kit, the
    pictograms and the categories and characters loaded before it."""

    tags: dict[str, Text]
    policy: FamilyPolicy
    kit: PortraitKit
    pictograms: dict[str, Pictogram]
    known_categories: dict[str, Category]
    known_characters: dict[str, Character]

    def load(self, path: Path, custom: bool) -> tuple[dict[str, Category], dict[str, Character]]:
        """Categories and characters of one file."""
        return self.read(*load_mapping(path), custom=custom)

    def read(self, where: Where, root: LineDict, custom: bool) -> tuple[dict[str, Category], dict[str, Character]]:
        """Categories and characters of one file, parsed (``root``)."""
        categories: dict[str, Category] = {}
        if "categories" in root or not custom:
            table = where.mapping(where.field(root, "categories", dict, "file"), "categories")
            for category_id in table:
                if category_id in self.known_categories:
                    raise where.error(table, f"category {category_id!r} already exists", category_id)
                categories[category_id] = Category(category_id,
                                                   where.text(table, category_id, f"category {category_id!r}"))
        all_categories = {**self.known_categories, **categories}
        characters: dict[str, Character] = {}
        entries = where.entries(root, "characters")
        if not entries:
            raise where.error(entries, "characters is empty")
        for node in entries:
            character_id = where.unique_id(node, "character", self.known_characters, characters)
            what = f"character {character_id!r}"
            category = where.field(node, "category", str, what)
            if category not in all_categories:
                raise where.error(node, f"{what}: unknown category {category!r}", "category")
            name = where.text(node, "name", what)
            characters[character_id] = Character(
                id=character_id,
                name=name,
                category=category,
                look=read_look(where, node, what, self.kit) if "portrait" in node else Look(),
                tags=where.tags(node, "tags", self.tags, what, required=not custom),
                fame=_fame(where, node, what, required=not custom),
                short=where.text(node, "short", what) if "short" in node else None,
                hooks=_pictogram_ids(where, node, "hooks", what, self.pictograms),
                depicted_by=_pictogram_ids(where, node, "depicted_by", what, self.pictograms),
                custom=custom,
                mature=read_mature(where, node, what, self.policy),
            )
        return categories, characters


def _board_rules(where: Where, root: LineDict, characters: dict[str, Character],
                 categories: dict[str, Category]) -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """``look_alikes: {group: [character ids]}`` and ``generic: [category ids]`` of the
    shipped characters file (parsed: ``root``): per character, its look-alikes; the
    generic categories."""
    generic = root.get("generic", [])
    if not isinstance(generic, list) or not all(isinstance(c, str) and c in categories for c in generic):
        raise where.error(root, "generic must list categories", "generic")
    groups = where.mapping(root.get("look_alikes", {}), "look_alikes")
    look_alikes: dict[str, set[str]] = {}
    for group, members in groups.items():
        if not isinstance(members, list) or len(members) < 2:
            raise where.error(groups, f"look-alike group {group!r} needs a list of at least 2 characters", group)
        for member in members:
            if not isinstance(member, str) or member not in characters:
                raise where.error(groups, f"look-alike group {group!r}: unknown character {member!r}", group)
            look_alikes.setdefault(member, set()).update(m for m in members if m != member)
    return {c: frozenset(others) for c, others in look_alikes.items()}, frozenset(generic)


def _fame(where: Where, node: LineDict, what: str, required: bool) -> Fame:
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


def _pictogram_ids(where: Where, node: LineDict, key: str, what: str,
                   pictograms: dict[str, "Pictogram"]) -> tuple[str, ...]:
    """``key: [pictogram ids]`` (optional: ``hooks``, ``depicted_by``), each a known
    pictogram, once."""
    if key not in node:
        return ()
    ids = where.field(node, key, list, what)
    for picto_id in ids:
        if picto_id not in pictograms:
            raise where.error(node, f"{what}: {key} names {picto_id!r}, which is not a pictogram", key)
    if len(set(ids)) != len(ids):
        raise where.error(node, f"{what}: a pictogram is named twice in {key}", key)
    return tuple(ids)


def _load_pictos(path: Path, tags: dict[str, Text],
                 policy: FamilyPolicy) -> tuple[dict[str, Pictogram], list[PictoCard]]:
    where, root = load_mapping(path)
    pictograms: dict[str, Pictogram] = {}
    for node in where.entries(root, "pictograms"):
        picto_id = where.unique_id(node, "pictogram", pictograms)
        what = f"pictogram {picto_id!r}"
        picto_tags = where.tags(node, "tags", tags, what, required=True)
        pictograms[picto_id] = Pictogram(picto_id, where.icon(node, what), where.text(node, "label", what), picto_tags,
                                         read_mature(where, node, what, policy))
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
