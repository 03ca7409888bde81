"""One family policy for every game with a deck (docs/rules.md, "Family tables").

``data/family.yaml`` lists the few things a family table leaves out, as tags: every
game's data marks a card, word, place, character or pictogram with the tags it carries
(``mature: [alcohol]``), with these same names, and the ``family`` option (on by
default in every game with a deck) deals nothing that carries one. The file also names
the OpenMoji pictures that carry a tag wherever a game uses them (a pistol is
``violence`` as a word, a pictogram or a place's picture); tests/test_family_policy.py
holds every game's data to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from .data_loading import LineDict, Text, Where, load_mapping

FILE = "family.yaml"
#: The data field naming the policy's tags an entry carries.
FIELD = "mature"


@dataclass(frozen=True)
class FamilyPolicy:
    #: What a family table leaves out: tag -> its name in each language.
    tags: Mapping[str, Text]
    #: OpenMoji codes -> the tag that picture always carries.
    icons: Mapping[str, str]


def load_policy(data_dir: Path) -> FamilyPolicy:
    """The policy in ``data_dir``; a bad file raises ``DataError`` naming ``file:line``."""
    where, root = load_mapping(data_dir / FILE)
    table = where.mapping(where.field(root, "tags", dict, "file"), "tags")
    tags = {str(tag): where.text(table, tag, f"tag {tag!r}") for tag in table}
    icons = where.mapping(where.field(root, "icons", dict, "file"), "icons")
    for code, tag in icons.items():
        if not isinstance(code, str) or not isinstance(tag, str) or tag not in tags:
            raise where.error(icons, f"icon {code!r}: write the code in quotes and name a tag of the policy", code)
    return FamilyPolicy(tags, {str(code): str(tag) for code, tag in icons.items()})


def read_mature(where: Where, node: LineDict, what: str, policy: FamilyPolicy) -> tuple[str, ...]:
    """``node['mature']``: the policy's tags this entry carries (none when absent)."""
    return where.tags(node, FIELD, policy.tags, what)
