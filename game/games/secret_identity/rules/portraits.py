"""Character portraits as data: the kit of parts (``data/secret_identity/portraits.yaml``)
and a character's :class:`Look`, stacked into one SVG (issue 27 item 1).

Every character is drawn in the kit's one style (flat shapes on a tinted card, never an
OpenMoji picture), from parts that fit it: a base (a human head, a child's, or an
animal's), hair and its colour, a beard, eyes and a mood, something on the face, a
headwear, clothes in two colours, something behind the shoulders and a prop held by
the right shoulder. ``characters.yaml`` names them per character::

    portrait: {hair: wavy, hair_colour: white, beard: long, headwear: laurel,
               clothes: toga, colour: white, prop: lightning}

This module is pure (the catalogue validates looks against the kit when it loads); the
UI turns :func:`portrait_svg` into pixels once per size (``ui/portrait.py``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Mapping

from ....data_loading import LineDict, Where, load_mapping

FILE = "portraits.yaml"
#: The part kinds a look names (field of :class:`Look` -> table of the kit).
PART_TABLES = {"base": "bases", "hair": "hair", "beard": "beards", "eyes": "eyes", "mood": "moods",
               "face": "faces", "headwear": "headwear", "clothes": "clothes", "back": "backs", "prop": "props"}
#: The colour slots a look fills (a colour of the kit's palette, or ``#rrggbb``).
COLOUR_FIELDS = ("skin", "hair_colour", "colour", "trim")
INK = "#2b2220"
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_SLOT = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Look:
    """What a character's portrait is made of: one part of each kind and four colours."""

    base: str = "human"
    skin: str = "light"
    hair: str = "short"
    hair_colour: str = "chestnut"
    beard: str = "none"
    eyes: str = "open"
    mood: str = "smile"
    face: str = "none"
    headwear: str = "none"
    clothes: str = "tunic"
    colour: str = "blue"
    trim: str = "gold"
    back: str = "none"
    prop: str = "none"


LOOK_FIELDS = tuple(f.name for f in fields(Look))


@dataclass(frozen=True)
class PortraitKit:
    """The palette and the parts: ``parts[table][name]`` is an SVG fragment, or for
    hair a ``(back, front)`` pair (long hair falls behind the shoulders)."""

    colours: Mapping[str, str]
    parts: Mapping[str, Mapping[str, Any]]

    def colour(self, name: str) -> str:
        return name if _HEX.fullmatch(name) else self.colours[name]


def load_kit(folder: Path) -> PortraitKit:
    """The kit in ``folder``; a bad file raises :class:`DataError` naming ``file:line``,
    as does a part using a colour slot that does not exist."""
    where, root = load_mapping(folder / FILE)
    colours = where.mapping(where.field(root, "colours", dict, "file"), "colours")
    for name, value in colours.items():
        if not isinstance(value, str) or not _HEX.fullmatch(value):
            raise where.error(colours, f"colour {name!r} must be '#rrggbb'", name)
    known_slots = set(colours) | {"skin", "skin_shade", "hair", "hair_shade", "cloth", "cloth_shade", "trim",
                                  "trim_shade", "ink"}
    parts: dict[str, dict[str, Any]] = {}
    for table in PART_TABLES.values():
        entries = where.mapping(where.field(root, table, dict, "file"), table)
        parts[table] = {}
        for name, raw in entries.items():
            value = (raw.get("back", ""), raw.get("front", "")) if table == "hair" and isinstance(raw, dict) else raw
            texts = value if isinstance(value, tuple) else (value,)
            if not all(isinstance(text, str) for text in texts):
                raise where.error(entries, f"{table} {name!r} must be SVG text", name)
            unknown = {slot for text in texts for slot in _SLOT.findall(text)} - known_slots
            if unknown:
                raise where.error(entries, f"{table} {name!r} uses unknown colour slot {sorted(unknown)[0]!r}", name)
            parts[table][str(name)] = value
    return PortraitKit(colours=dict(colours), parts=parts)


def read_look(where: Where, node: LineDict, what: str, kit: PortraitKit) -> Look:
    """``node['portrait']``: a mapping of known fields naming known parts and colours."""
    raw = where.mapping(node["portrait"], f"{what} portrait")
    for key, value in raw.items():
        if key not in LOOK_FIELDS:
            raise where.error(node, f"{what}: portrait has no field {key!r} (fields: {', '.join(LOOK_FIELDS)})",
                              "portrait")
        if not isinstance(value, str):
            raise where.error(node, f"{what}: portrait {key} must be a word", "portrait")
        if key in COLOUR_FIELDS:
            if value not in kit.colours and not _HEX.fullmatch(value):
                raise where.error(node, f"{what}: portrait {key} {value!r} is no colour of the kit", "portrait")
        elif value not in kit.parts[PART_TABLES[key]]:
            raise where.error(node, f"{what}: portrait {key} {value!r} is not in {FILE}'s "
                                    f"{PART_TABLES[key]}", "portrait")
    return Look(**raw)


def shade(colour: str, by: float = 0.22) -> str:
    """``colour`` (``#rrggbb``) darkened ``by`` (0-1)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % tuple(int(c * (1 - by)) for c in (r, g, b))


def portrait_svg(kit: PortraitKit, look: Look, backdrop: str) -> str:
    """The portrait of ``look`` as an SVG document (100×100) on a card of ``backdrop``."""
    skin, hair = kit.colour(look.skin), kit.colour(look.hair_colour)
    cloth, trim = kit.colour(look.colour), kit.colour(look.trim)
    slots = {**kit.colours, "skin": skin, "skin_shade": shade(skin), "hair": hair, "hair_shade": shade(hair),
             "cloth": cloth, "cloth_shade": shade(cloth), "trim": trim, "trim_shade": shade(trim), "ink": INK}
    parts = kit.parts
    hair_back, hair_front = parts["hair"][look.hair]
    layers = (
        f'<rect width="100" height="100" rx="14" fill="{backdrop}"/>',
        '<circle cx="50" cy="46" r="36" fill="#ffffff" fill-opacity=".22"/>',
        parts["backs"][look.back], hair_back,
        f'<path d="M43 60 h14 v16 h-14z" fill="{shade(skin)}"/>',
        parts["clothes"][look.clothes], parts["bases"][look.base], parts["beards"][look.beard],
        parts["eyes"][look.eyes], parts["moods"][look.mood], hair_front, parts["faces"][look.face],
        parts["headwear"][look.headwear], parts["props"][look.prop],
    )
    body = _SLOT.sub(lambda m: slots[m.group(1)], "".join(layers))
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{body}</svg>'

