"""The Personality catalogue: trait cards, their tags, and the board (PE-12).

Shipped data lives in ``data/personality/``: ``tags.yaml`` (the tag vocabulary),
``board.yaml`` (length and special squares) and ``traits*.yaml`` (the cards, loaded in
file-name order). Any error there raises :class:`DataError` naming ``file:line``.
Players may add cards in ``<custom_dir>/personality/*.yaml`` (same format as a traits
file); a bad custom file is skipped and its message returned as a warning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ....data_loading import DataError, Text, check_deck, load_mapping, load_text_table
from ....family import FamilyPolicy, load_policy, read_mature

FOLDER = "personality"
#: Kinds of square a board may place (every other square is plain).
SQUARE_KINDS = ("start", "tete_a_tete", "inversion", "door", "summit")
#: Cards name a person, never a "he" or a "she" ("La personne qui …", "The one who …").
_OPENINGS = {"fr": "La personne ", "en": "The one "}
_ID = re.compile(r"^[a-z][a-z0-9-]*$")


@dataclass(frozen=True)
class Trait:
    id: str
    text: Text
    tags: tuple[str, ...]
    #: The family policy's tags it carries (``game.family``): none for a family table.
    mature: tuple[str, ...]
    custom: bool = False

    @property
    def family(self) -> bool:
        return not self.mature


@dataclass(frozen=True)
class Board:
    """Squares 0 (Départ) .. length-1 (Suprême Perspicacité)."""

    length: int
    kinds: tuple[str, ...]          # one per square: "plain" or a SQUARE_KINDS entry
    gouffre_restart: int
    gouffre_refill: int

    @property
    def summit(self) -> int:
        return self.length - 1

    @cached_property
    def door(self) -> int:
        return self.kinds.index("door")

    def kind(self, square: int) -> str:
        return self.kinds[square]


@dataclass(frozen=True, eq=False)
class PECatalogue:
    traits: tuple[Trait, ...]
    tags: dict[str, Text]
    board: Board

    @cached_property
    def _by_id(self) -> dict[str, Trait]:
        return {trait.id: trait for trait in self.traits}

    def trait(self, trait_id: str) -> Trait:
        return self._by_id[trait_id]

    def deck_ids(self, family: bool) -> tuple[str, ...]:
        """The ids a match deals from: every card, or only the family ones."""
        return tuple(t.id for t in self.traits if t.family or not family)


def load_catalogue(data_dir: Path, custom_dir: Path | None = None) -> tuple[PECatalogue, list[str]]:
    folder = data_dir / FOLDER
    tags = load_text_table(folder / "tags.yaml", "tags", "tag")
    board = _load_board(folder / "board.yaml")
    policy = load_policy(data_dir)
    traits: dict[str, Trait] = {}
    files = sorted(folder.glob("traits*.yaml"))
    if not files:
        raise DataError(folder, None, "no traits*.yaml file")
    for path in files:
        traits.update(_load_traits(path, tags, traits, custom=False, policy=policy))
    warnings: list[str] = []
    if custom_dir is not None:
        for path in sorted((custom_dir / FOLDER).glob("*.yaml")):
            try:
                check_deck(path)
                traits.update(_load_traits(path, tags, traits, custom=True, policy=policy))
            except DataError as exc:
                warnings.append(str(exc))
    return PECatalogue(traits=tuple(traits.values()), tags=tags, board=board), warnings


def _load_board(path: Path) -> Board:
    where, root = load_mapping(path)
    length = where.field(root, "length", int, "board")
    if length < 8:
        raise where.error(root, "board: length must be at least 8", "length")
    kinds = ["plain"] * length
    for node in where.entries(root, "squares", "board"):
        node = where.mapping(node, "square")
        at = where.field(node, "at", int, "square")
        kind = where.field(node, "kind", str, "square")
        if kind not in SQUARE_KINDS:
            raise where.error(node, f"square {at}: unknown kind {kind!r}", "kind")
        if not 0 <= at < length:
            raise where.error(node, f"square {at} is off the board (0..{length - 1})", "at")
        if kinds[at] != "plain":
            raise where.error(node, f"square {at} is listed twice", "at")
        kinds[at] = kind
    if kinds[0] != "start" or kinds[-1] != "summit":
        raise where.error(root, "board: square 0 must be start and the last square summit", "squares")
    for kind in ("start", "door", "summit"):
        if kinds.count(kind) != 1:
            raise where.error(root, f"board: needs exactly one {kind} square", "squares")
    gouffre = where.mapping(where.field(root, "gouffre", dict, "board"), "gouffre")
    restart = where.field(gouffre, "restart", int, "gouffre")
    refill = where.field(gouffre, "refill", int, "gouffre")
    if not 0 <= restart < kinds.index("door"):
        raise where.error(gouffre, "gouffre: restart must lie before the door", "restart")
    if not 1 <= refill <= 12:
        raise where.error(gouffre, "gouffre: refill must be 1..12", "refill")
    return Board(length=length, kinds=tuple(kinds), gouffre_restart=restart, gouffre_refill=refill)


def _load_traits(path: Path, tags: dict[str, Text], known: dict[str, Trait], custom: bool,
                 policy: FamilyPolicy) -> dict[str, Trait]:
    where, root = load_mapping(path)
    entries = where.entries(root, "cards")
    if not entries:
        raise where.error(entries, "cards is empty")
    out: dict[str, Trait] = {}
    texts = {lang: {t.text(lang).casefold() for t in known.values()} for lang in _OPENINGS}
    for node in entries:
        node = where.mapping(node, "card")
        card_id = where.field(node, "id", str, "card")
        if not _ID.match(card_id):
            raise where.error(node, f"card id {card_id!r} must be lower-case letters, digits and dashes", "id")
        if card_id in known or card_id in out:
            raise where.error(node, f"duplicate card id {card_id!r}", "id")
        what = f"card {card_id!r}"
        for lang, opening in _OPENINGS.items():
            text = node.get(lang)
            if not isinstance(text, str) or not text.strip():
                raise where.error(node, f"{what} has no {lang} text", lang if lang in node else None)
            if not text.startswith(opening):
                raise where.error(node, f"{what}: the {lang} text must start with {opening.strip()!r}", lang)
            if text.strip().casefold() in texts[lang]:
                raise where.error(node, f"{what}: the same {lang} text is already on another card", lang)
            texts[lang].add(text.strip().casefold())
        card_tags = where.tags(node, "tags", tags, what, required=True)
        mature = read_mature(where, node, what, policy)
        if "spicy" in card_tags and not mature:
            raise where.error(node, f"{what} is spicy, so it needs the family policy's tags (mature: [romance]…)",
                              "tags")
        out[card_id] = Trait(card_id, Text(node["fr"].strip(), node["en"].strip()), card_tags, mature, custom)
    return out
