"""The listener model Secret Identity's bots share (see bots.py): how strongly a player
links each pictogram to each character, by the tags they share (rare tags weigh more)
and the character's hooks.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Mapping, Sequence

from ....core.rng import Rng
from .catalogue import SICatalogue
from .view import Shown

#: How sharply listener scores turn into probabilities.
SHARPNESS = 1.2
#: Weight of a red ("is not") pictogram against a green one.
RED_WEIGHT = 0.8
#: How loosely a guesser reads a clue: each pictogram–character link is seen give or
#: take up to NOISE (in tag-weight units; a rare shared tag weighs about 4). Without
#: it, bots sharing one model read each other perfectly, which plays like no one.
NOISE = 4.0
#: What a hook (a pictogram anyone links to the character at once) adds to a link:
#: twice a rare shared tag, so it outweighs any tag coincidence.
HOOK_STRENGTH = 8.0

class TagModel:
    """Tag rarity weights and per-pair match scores for one catalogue: the links a
    player sees between pictograms and characters. A :meth:`varied` copy is another
    person's, who links a little differently."""

    def __init__(self, catalogue: SICatalogue) -> None:
        self.catalogue = catalogue
        counts: dict[str, int] = {}
        for character in catalogue.characters:
            for tag in character.tags:
                counts[tag] = counts.get(tag, 0) + 1
        total = max(1, len(catalogue.characters))
        self.weight = {tag: math.log((total + 1) / (n + 0.5)) for tag, n in counts.items()}
        self.picto_tags = {p.id: frozenset(p.tags) for p in catalogue.pictograms.values()}
        self.char_tags = {c.id: frozenset(c.tags) for c in catalogue.characters}
        self.hooks = {c.id: frozenset(c.hooks) for c in catalogue.characters}
        self.card_pictos = {card.id: card.pictograms for card in catalogue.cards}
        #: Pictogram -> the characters whose kind it pictures: never shown while one is on the board.
        self.depicting: Mapping[str, frozenset[str]] = catalogue.depicting
        self._match: dict[tuple[str, str], float] = {}
        self._links: dict[str, dict[str, float]] = {}
        # Who may link to a pictogram at all: the characters sharing one of its tags or
        # hooked by it (the others' match is 0), so a row skips most of the catalogue.
        self._with_tag: dict[str, list[str]] = {}
        self._hooked_by: dict[str, list[str]] = {}
        #: Each character's place in the catalogue: a row lists its characters in that order.
        self._rank = {character: i for i, character in enumerate(self.char_tags)}
        for character in catalogue.characters:
            for tag in self.char_tags[character.id]:
                self._with_tag.setdefault(tag, []).append(character.id)
            for hook in self.hooks[character.id]:
                self._hooked_by.setdefault(hook, []).append(character.id)

    def match(self, pictogram: str, character: str) -> float:
        try:
            return self._match[pictogram, character]
        except KeyError:
            shared = self.picto_tags.get(pictogram, frozenset()) & self.char_tags.get(character, frozenset())
            value = sum(self.weight.get(tag, 0.0) for tag in shared)
            if pictogram in self.hooks.get(character, ()):
                value += HOOK_STRENGTH
            self._match[pictogram, character] = value
            return value

    def links(self, pictogram: str) -> dict[str, float]:
        """The characters ``pictogram`` links to, with the strength of each link."""
        row = self._links.get(pictogram)
        if row is None:
            near = {c for tag in self.picto_tags.get(pictogram, ()) for c in self._with_tag.get(tag, ())}
            near.update(self._hooked_by.get(pictogram, ()))
            row = self._links[pictogram] = {c: m for c in sorted(near, key=self._rank.__getitem__)
                                            if (m := self.match(pictogram, c)) > 0}
        return row

    def varied(self, share: float, rng: Rng) -> "TagModel":
        """Another person's links: each pictogram–character link is, with probability
        ``share``, moved to a random character (``sim --tag-noise``). Draws one seed
        from ``rng``; each pictogram's links are varied from it when first needed."""
        return VariedTagModel(self, share, rng.next_u64())

    def scores(self, clue: Sequence[Shown], board: Sequence[str]) -> list[float]:
        """The listener's score of every board character for one clue."""
        return [
            sum(self.match(s.pictogram, c) * (1.0 if s.green else -RED_WEIGHT) for s in clue)
            for c in board
        ]

    def perceived(self, clue: Sequence[Shown], board: Sequence[str], rng: Rng, noise: float = NOISE) -> list[float]:
        """:meth:`scores` as one guesser reads them (see :data:`NOISE`)."""
        return read_clues(self, [clue], board, rng, noise)[0]

    def perceived_many(self, clues: Sequence[Sequence[Shown]], board: Sequence[str], rng: Rng,
                       noise: float = NOISE) -> list[list[float]]:
        """:meth:`perceived` of each of ``clues`` in turn (:func:`read_clues`)."""
        return read_clues(self, clues, board, rng, noise)

    @staticmethod
    def probabilities(scores: Sequence[float], allowed: Sequence[bool]) -> list[float]:
        top = max([s for s, ok in zip(scores, allowed) if ok])
        exp = math.exp
        raw = [exp(SHARPNESS * (s - top)) if ok else 0.0 for s, ok in zip(scores, allowed)]
        total = sum(raw)
        return [r / total for r in raw]


class VariedTagModel(TagModel):
    """:meth:`TagModel.varied`: the base's links with a share of them moved. Each
    pictogram is varied from its own seed (``seed:pictogram``), so the copy is the same
    whatever order pictograms are first looked at in."""

    def __init__(self, base: TagModel, share: float, seed: int) -> None:
        self.catalogue = base.catalogue
        self.base = base
        self.weight = base.weight
        self.card_pictos, self.depicting = base.card_pictos, base.depicting
        self.char_tags, self.picto_tags = base.char_tags, base.picto_tags
        self.characters = sorted(base.char_tags)
        self.share = share
        self.seed = seed
        self._links = {}

    def match(self, pictogram: str, character: str) -> float:
        return self.links(pictogram).get(character, 0.0)

    def links(self, pictogram: str) -> dict[str, float]:
        row = self._links.get(pictogram)
        if row is None:
            draw = Rng.from_seed(f"{self.seed}:{pictogram}")
            row = dict(self.base.links(pictogram))
            for character, strength in sorted(self.base.links(pictogram).items()):
                if draw.random() < self.share:
                    row[character] -= strength
                    elsewhere = draw.choice(self.characters)
                    row[elsewhere] = row.get(elsewhere, 0.0) + strength
            self._links[pictogram] = row
        return row


def read_clues(model: TagModel, clues: Sequence[Sequence[Shown]], board: Sequence[str], rng: Rng,
               noise: float) -> list[list[float]]:
    """:meth:`TagModel.perceived` of each of ``clues`` in turn, their draws taken in one
    call of the rng: the very numbers of one call per clue (a voter reads its seven
    opponents' clues at once: ~3 µs of lanes saved a clue)."""
    rows_of = [[(model.links(s.pictogram), 1.0 if s.green else -RED_WEIGHT) for s in clue] for clue in clues]
    n = len(board)
    # noise * (2 * u - 1) for each character, one per pictogram, clue after clue
    draws = rng.spreads(n * sum(map(len, rows_of)), noise)
    out: list[list[float]] = []
    at = 0
    for rows in rows_of:
        if not rows:
            out.append([0] * n)
            continue
        k = len(rows)
        mine, at = draws[at:at + n * k], at + n * k
        # Each pictogram's terms for the whole board (its draws are every k-th), then
        # each character's terms summed in pictogram order, as one sum per character.
        terms = [[(links.get(character, 0.0) + off) * sign for character, off in zip(board, mine[r::k])]
                 for r, (links, sign) in enumerate(rows)]
        out.append([sum(column) for column in zip(*terms)])
    return out


@lru_cache(maxsize=4)
def tag_model(catalogue: SICatalogue) -> TagModel:
    """One model per catalogue object (bots of a match share it)."""
    return TagModel(catalogue)
