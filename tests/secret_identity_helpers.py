"""A small made-up Secret Identity catalogue for rules and bot tests (fast, fixed)."""

from game.core.actions import Action
from game.core.rng import Rng
from game.data_loading import Text
from pathlib import Path

from game.games.secret_identity.rules.catalogue import Category, Character, PictoCard, Pictogram, SICatalogue
from game.games.secret_identity.rules.portraits import Look, load_kit

KIT = load_kit(Path(__file__).resolve().parent.parent / "data" / "secret_identity")

TAGS = [f"t{i:02d}" for i in range(40)]


def tiny_catalogue(characters: int = 50, cards: int = 90, seed: int = 7) -> SICatalogue:
    rng = Rng.from_seed(seed)
    categories = {"a": Category("a", Text("A", "A")), "b": Category("b", Text("B", "B"))}
    people = tuple(
        Character(
            id=f"c{i:03d}",
            name=Text(f"Perso {i}", f"Person {i}"),
            category="a" if i % 2 == 0 else "b",
            look=Look(),
            tags=tuple(rng.sample(TAGS, 6)),
            mature=() if i % 5 != 0 else ("violence",),
        )
        for i in range(characters)
    )
    pictograms = {
        f"p{i:03d}": Pictogram(f"p{i:03d}", "1F451", Text(f"picto {i}", f"picto {i}"), tuple(rng.sample(TAGS, 2)))
        for i in range(cards * 4)
    }
    deck = tuple(
        PictoCard(f"k{i:03d}", ((f"p{4 * i:03d}", f"p{4 * i + 1:03d}"), (f"p{4 * i + 2:03d}", f"p{4 * i + 3:03d}")))
        for i in range(cards)
    )
    return SICatalogue(categories=categories, characters=people, pictograms=pictograms, cards=deck,
                       tags={t: Text(t, t) for t in TAGS}, kit=KIT)


class HandDriver:
    """Drives a rules object by hand: after each move, chance settles until a seat must act."""

    def __init__(self, rules) -> None:
        self.rules = rules

    def settle(self, state):
        while not self.rules.current(state):
            action = self.rules.chance(state)
            if action is None:
                return state
            state = self.rules.apply(state, action)
        return state

    def act(self, state, kind, seat, **data):
        return self.settle(self.rules.apply(state, Action(kind, seat, data)))
