"""``sim --tag-noise P``: every bot reasons with its own copy of the associations, a
share P of links changed at random (issue 15 item 4)."""

from pathlib import Path

import pytest

from game.cli.sim import noise_share, resolve_entry, simulate
from game.core.rng import Rng
from game.games.secret_identity.bots import CompetitiveBot, TagModel
from game.games.secret_identity.catalogue import load_catalogue

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue(DATA)[0]


def changed_share(a: TagModel, b: TagModel, catalogue) -> float:
    links = changed = 0
    for character in catalogue.characters:
        mine, theirs = a.tags_of("c", character.id), b.tags_of("c", character.id)
        links += len(mine)
        changed += len(mine - theirs)
        assert len(theirs) == len(mine)  # a changed link is swapped, not dropped
    return changed / links


def test_each_bot_varies_its_own_links_from_its_own_rng(catalogue):
    base = TagModel(catalogue)
    bots = [CompetitiveBot(s, Rng.from_seed(f"bot:{s}"), catalogue) for s in range(2)]
    for bot in bots:
        bot.vary_associations(0.2)
    first, second = (bot.model for bot in bots)
    assert 0.17 < changed_share(base, first, catalogue) < 0.23
    assert 0.17 < changed_share(base, second, catalogue) < 0.23
    assert changed_share(first, second, catalogue) > 0.3  # independently of each other
    again = CompetitiveBot(0, Rng.from_seed("bot:0"), catalogue)
    again.vary_associations(0.2)
    assert changed_share(first, again.model, catalogue) == 0  # seeded: the same copy
    assert changed_share(base, TagModel(catalogue).varied(0.0, Rng.from_seed(1)), catalogue) == 0


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
