"""``sim --tag-noise P``: every bot reasons with its own copy of the associations, a
share P of links changed at random (issue 15 item 4)."""

from pathlib import Path

import pytest

from game.cli.sim import noise_share, resolve_entry, simulate
from game.core.rng import Rng
from game.games.secret_identity.rules.bots import CompetitiveBot, TagModel
from game.games.secret_identity.rules.catalogue import load_catalogue

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(DATA)[0]


PICTOS = ("bat", "whale", "crown", "sun", "skull", "rose", "magic_wand", "ship", "apple", "horse")


def changed_share(a: TagModel, b: TagModel) -> float:
    """Share of ``a``'s links (over a few pictograms) that ``b`` does not have."""
    links = changed = 0
    for picto in PICTOS:
        mine, theirs = a.links(picto), b.links(picto)
        links += len(mine)
        changed += sum(1 for c, strength in mine.items() if theirs.get(c, 0.0) < strength - 1e-9)
        assert abs(sum(mine.values()) - sum(theirs.values())) < 1e-6  # a link moves, it is not lost
    return changed / links


def test_each_bot_varies_its_own_links_from_its_own_rng(catalogue):
    base = TagModel(catalogue)
    bots = [CompetitiveBot(s, Rng.from_seed(f"bot:{s}"), catalogue) for s in range(2)]
    for bot in bots:
        bot.vary_associations(0.2)
    first, second = (bot.model for bot in bots)
    assert 0.15 < changed_share(base, first) < 0.25
    assert 0.15 < changed_share(base, second) < 0.25
    assert changed_share(first, second) > 0.25  # independently of each other
    again = CompetitiveBot(0, Rng.from_seed("bot:0"), catalogue)
    again.vary_associations(0.2)
    assert changed_share(first, again.model) == 0  # seeded: the same copy
    assert changed_share(base, base.varied(0.0, Rng.from_seed(1))) == 0


def test_sim_tag_noise_changes_play_and_is_deterministic(catalogue):
    entry = resolve_entry("secret_identity")
    plain = simulate(entry, catalogue, 3, 2, "7")
    noisy = simulate(entry, catalogue, 3, 2, "7", tag_noise=0.5)
    again = simulate(entry, catalogue, 3, 2, "7", tag_noise=0.5)
    assert noisy["tag_noise"] == 0.5 and noisy["matches"] == again["matches"]
    assert noisy["matches"] != plain["matches"]


def test_tag_noise_is_a_share_and_needs_bots_with_associations():
    assert noise_share("0.2") == 0.2
    for bad in ("1.5", "-0.1", "lots"):
        with pytest.raises(Exception):
            noise_share(bad)
    toy = resolve_entry("tests.toygame:ENTRY")
    with pytest.raises(SystemExit):
        simulate(toy, toy.load_catalogue(DATA, None)[0], toy.min_seats, 1, "1", tag_noise=0.2)


class StubModel:
    """Just what :func:`plan_clue` reads: each card's pictograms and each pictogram's links."""

    depicting: dict = {}  # no pictogram pictures a board character here

    def __init__(self, cards, links):
        self.card_pictos = cards
        self.strengths = links

    def links(self, picto):
        return {character: strength for (p, character), strength in self.strengths.items() if p == picto}


def test_the_clue_giver_leaves_out_a_pictogram_weaker_than_a_loose_reading():
    """A link of 1 is lost in a reader's noise (give or take 4): adding it only blurs
    the clue, so the giver keeps the one card that says most (issue 16 item 3)."""
    from game.games.secret_identity.rules.bots import plan_clue

    board = [f"c{i}" for i in range(8)]
    model = StubModel({"A": ("hook", "a2", "a3", "a4"), "B": ("weak", "b2", "b3", "b4")},
                      {("hook", "c0"): 3.0, ("hook", "c1"): 1.0, ("weak", "c0"): 1.0})
    assert plan_clue(model, ["A", "B"], board, 0, budget=3) == [("A", "hook", True)]
