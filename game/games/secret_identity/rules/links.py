"""Why a clue points at its character, in words (issue 16 item 3).

Once a round is scored, the summary shows under every placed pictogram the words that
tie it to the character it clued: the tags they share, the most telling (the rarest in
the catalogue) first, and whether the pictogram is one of the character's hooks (a link
anyone makes at once). Players learn how the others, bots included, think. These words
are public only after the reveal: before it they would give the character away.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable

from .catalogue import SICatalogue
from .view import Shown

#: Words shown per pictogram (the summary has one line for them).
MAX_WORDS = 2


@dataclass(frozen=True)
class ClueLink:
    """One placed pictogram of a revealed clue and what links it to the character."""

    pictogram: str
    green: bool
    #: The pictogram is one of the character's hooks.
    hook: bool
    #: Tag ids the pictogram and the character share, the most telling first.
    words: tuple[str, ...]


@lru_cache(maxsize=4)
def _tag_counts(catalogue: SICatalogue) -> dict[str, int]:
    """How many characters carry each tag (fewer: the tag says more)."""
    counts: dict[str, int] = {}
    for character in catalogue.characters:
        for tag in character.tags:
            counts[tag] = counts.get(tag, 0) + 1
    return counts


def clue_links(catalogue: SICatalogue, clue: Iterable[Shown], character_id: str) -> tuple[ClueLink, ...]:
    """The :class:`ClueLink` of every pictogram of ``clue`` to ``character_id``."""
    return tuple(_link(catalogue, shown, character_id) for shown in clue)


@lru_cache(maxsize=1024)
def _link(catalogue: SICatalogue, shown: Shown, character_id: str) -> ClueLink:
    """One pictogram's link (cached: every view of a scored round asks again)."""
    character = catalogue.character(character_id)
    counts = _tag_counts(catalogue)
    shared = set(catalogue.pictograms[shown.pictogram].tags) & set(character.tags)
    words = sorted(shared, key=lambda tag: (counts.get(tag, 0), tag))[:MAX_WORDS]
    return ClueLink(shown.pictogram, shown.green, shown.pictogram in character.hooks, tuple(words))
