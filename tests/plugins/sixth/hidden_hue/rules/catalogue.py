"""Hidden Hue's catalogue: the palette the colours are dealt from (HH-1).

Loaded from ``<data>/hidden_hue/colours.yaml`` (its plug-in keeps its data in its own
folder); any error raises ``DataError`` naming ``file:line``. No custom decks.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.data_loading import Text, load_mapping

FOLDER = "hidden_hue"
FILE = "colours.yaml"


@dataclass(frozen=True)
class Colour:
    id: str
    name: Text
    #: Its OpenMoji disc: the TV and the phone show it beside the name.
    icon: str


@dataclass(frozen=True)
class HueCatalogue:
    colours: tuple[Colour, ...]

    def colour(self, colour_id: str) -> Colour:
        return next(c for c in self.colours if c.id == colour_id)

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.colours)


def load(data_dir: Path, custom_dir: Path | None = None) -> tuple[HueCatalogue, list[str]]:
    where, root = load_mapping(data_dir / FOLDER / FILE, "the file")
    colours: list[Colour] = []
    seen: dict[str, Colour] = {}
    for node in where.entries(root, "colours"):
        colour_id = where.unique_id(node, "colour", seen)
        colour = Colour(colour_id, where.text(node, "name", f"colour {colour_id}"), where.icon(node, f"colour {colour_id}"))
        seen[colour_id] = colour
        colours.append(colour)
    if len(colours) < 6:
        raise where.error(root, "the palette needs at least 6 colours (one per seat)", "colours")
    return HueCatalogue(tuple(colours)), []
