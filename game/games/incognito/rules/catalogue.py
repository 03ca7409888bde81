"""The Incognito catalogue: secret words (each with a little joke and the OpenMoji icon
the bots draw it with), public places (each with a few OpenMoji icons to inspire the
drawing) and the named colours of the pen.

Shipped data lives in ``data/incognito/`` (``words.yaml``, ``places.yaml``,
``palette.yaml``); any error there raises :class:`DataError` naming ``file:line``.
Players may add words in ``<custom_dir>/incognito/*.yaml`` (same shape as
``words.yaml``, the icon optional); a bad custom file is skipped and its message returned as a warning.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ....data_loading import DataError, LineList, Text, Where, check_deck, load_mapping
from ....family import FamilyPolicy, load_policy, read_mature

FOLDER = "incognito"
#: The rules need at least this many words and places: 6 players × 3 rounds, plus the
#: lineup fillers (IN-3: up to 3 per round).
MIN_WORDS = 30
MIN_PLACES = 18
MIN_COLOURS = 12


@dataclass(frozen=True)
class Word:
    id: str
    name: Text
    joke: Text
    #: The family policy's tags it carries (``game.family``): none for a family table.
    mature: tuple[str, ...]
    custom: bool = False
    #: The OpenMoji file stem of its picture (bots draw it and look for it); custom
    #: words may have none.
    icon: str | None = None

    @property
    def family(self) -> bool:
        return not self.mature


@dataclass(frozen=True)
class Place:
    id: str
    name: Text
    #: OpenMoji file stems ("1F3F0") that hint at what to draw.
    icons: tuple[str, ...]
    #: The family policy's tags it carries: none for a family table.
    mature: tuple[str, ...] = ()


@dataclass(frozen=True)
class Colour:
    id: str
    name: Text
    rgb: tuple[int, int, int]


@dataclass(frozen=True, eq=False)
class IncognitoCatalogue:
    words: tuple[Word, ...]
    places: tuple[Place, ...]
    palette: tuple[Colour, ...]

    @cached_property
    def _words(self) -> dict[str, Word]:
        return {word.id: word for word in self.words}

    @cached_property
    def _places(self) -> dict[str, Place]:
        return {place.id: place for place in self.places}

    @cached_property
    def _colours(self) -> dict[str, Colour]:
        return {colour.id: colour for colour in self.palette}

    def word(self, word_id: str) -> Word:
        return self._words[word_id]

    def place(self, place_id: str) -> Place:
        return self._places[place_id]

    def colour(self, colour_id: str) -> Colour:
        return self._colours[colour_id]

    def word_ids(self, family: bool = False) -> tuple[str, ...]:
        return tuple(w.id for w in self.words if w.family or not family)

    def place_ids(self, family: bool = False) -> tuple[str, ...]:
        return tuple(p.id for p in self.places if not (family and p.mature))

    def decks(self, family: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The words and places a table deals (a family table: none the policy leaves out)."""
        return self.word_ids(family), self.place_ids(family)

    def colour_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.palette)


def load_catalogue(data_dir: Path, custom_dir: Path | None = None) -> tuple[IncognitoCatalogue, list[str]]:
    """Load the shipped catalogue (errors raise) and custom words (errors warn)."""
    folder = data_dir / FOLDER
    policy = load_policy(data_dir)
    words = _load_words(folder / "words.yaml", {}, custom=False, policy=policy)
    if len(words) < MIN_WORDS:
        raise DataError(folder / "words.yaml", None, f"needs at least {MIN_WORDS} words, has {len(words)}")
    places = _load_places(folder / "places.yaml", policy)
    palette = _load_palette(folder / "palette.yaml")
    warnings: list[str] = []
    if custom_dir is not None:
        for path in sorted((custom_dir / FOLDER).glob("*.yaml")):
            try:
                check_deck(path)
                words.update(_load_words(path, words, custom=True, policy=policy))
            except DataError as exc:
                warnings.append(str(exc))
    return IncognitoCatalogue(tuple(words.values()), tuple(places.values()), tuple(palette)), warnings


def _entries(path: Path, key: str) -> tuple[Where, LineList]:
    where, root = load_mapping(path)
    return where, where.entries(root, key)


def _load_words(path: Path, existing: dict[str, Word], custom: bool, policy: FamilyPolicy) -> dict[str, Word]:
    where, items = _entries(path, "words")
    out: dict[str, Word] = {}
    for node in items:
        word_id = where.unique_id(node, "word", existing, out)
        what = f"word {word_id!r}"
        mature = read_mature(where, node, what, policy)
        icon = where.icon(node, what) if not custom or "icon" in node else None
        out[word_id] = Word(word_id, where.text(node, "name", what), where.text(node, "joke", what), mature, custom, icon)
    return out


def _load_places(path: Path, policy: FamilyPolicy) -> dict[str, Place]:
    where, items = _entries(path, "places")
    out: dict[str, Place] = {}
    for node in items:
        place_id = where.unique_id(node, "place", out)
        what = f"place {place_id!r}"
        icons = where.field(node, "icons", list, what)
        if not 2 <= len(icons) <= 4 or not all(isinstance(i, str) for i in icons):
            raise where.error(node, f"{what}: icons must be 2 to 4 OpenMoji codes", "icons")
        for icon in icons:
            where.known_icon(node, icon, what, "icons")
        out[place_id] = Place(place_id, where.text(node, "name", what), tuple(icons),
                              read_mature(where, node, what, policy))
    if len(out) < MIN_PLACES:
        raise DataError(path, None, f"needs at least {MIN_PLACES} places, has {len(out)}")
    return out


def _load_palette(path: Path) -> list[Colour]:
    where, items = _entries(path, "colours")
    out: dict[str, Colour] = {}
    for node in items:
        colour_id = where.unique_id(node, "colour", out)
        what = f"colour {colour_id!r}"
        raw = where.field(node, "rgb", str, what)
        if len(raw) != 7 or raw[0] != "#" or any(ch not in "0123456789abcdefABCDEF" for ch in raw[1:]):
            raise where.error(node, f"{what}: rgb must look like #12ab9f", "rgb")
        rgb = (int(raw[1:3], 16), int(raw[3:5], 16), int(raw[5:7], 16))
        out[colour_id] = Colour(colour_id, where.text(node, "name", what), rgb)
    if len(out) < MIN_COLOURS:
        raise DataError(path, None, f"needs at least {MIN_COLOURS} colours, has {len(out)}")
    return list(out.values())
