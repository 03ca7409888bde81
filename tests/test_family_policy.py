"""One family policy for every game (issue 27 item 5, docs/rules.md "Family tables"):
the same few tags in every game's data, the same pictures and words judged alike, and
every family table dealt nothing that carries one."""

import re
from pathlib import Path

import pytest

from game.family import load_policy
from game.games.incognito.rules.catalogue import load_catalogue as load_incognito
from game.games.personality.rules.catalogue import load_catalogue as load_personality
from game.games.secret_identity.rules.catalogue import load_catalogue as load_si
from game.games.secret_identity.rules.common import character_pool

DATA = Path(__file__).resolve().parent.parent / "data"
#: Words that mean a tag, in either language: an entry saying one carries the tag.
MEANS = {
    "alcohol": r"\b(vin|wine|bières?|beers?|cocktails?|champagne|saké|sake|ivre|drunk|cigarettes?)\b",
    "violence": r"\b(pistolets?|pistols?|guns?|bombes?|bombs?)\b",
    "horror": r"\b(cercueils?|coffins?|sang(?!-)|blood|pierre tombale|headstone|urne funéraire|funeral urn)\b",
    "romance": r"\b(flirte\w*|flirt\w*|séduire|seduc\w*|appli de rencontre|dating app)\b",
    "grown_up": r"\b(patron|boss|démission\w*|quit a job|au volant|behind the wheel|driving)\b",
}


@pytest.fixture(scope="module")
def games():
    return load_si(DATA)[0], load_personality(DATA)[0], load_incognito(DATA)[0]


def entries(games):
    """(where, texts, icons, mature) of everything a game with a deck deals."""
    si, personality, incognito = games
    for c in si.characters:
        yield f"character {c.id}", (c.name.fr, c.name.en), (), c.mature
    for p in si.pictograms.values():
        yield f"pictogram {p.id}", (p.label.fr, p.label.en), (p.icon,), p.mature
    for t in personality.traits:
        yield f"trait {t.id}", (t.text.fr, t.text.en), (), t.mature
    for w in incognito.words:
        yield f"word {w.id}", (w.name.fr, w.name.en), (w.icon,), w.mature
    for p in incognito.places:
        yield f"place {p.id}", (p.name.fr, p.name.en), p.icons, p.mature


def test_every_game_marks_with_the_same_few_tags(games):
    policy = load_policy(DATA)
    assert set(policy.tags) == {"violence", "alcohol", "horror", "romance", "grown_up"}
    used = {tag for *_, mature in entries(games) for tag in mature}
    assert used == set(policy.tags)  # each tag serves, none other exists (the loaders refuse it)
    for path in DATA.rglob("*.yaml"):
        assert not re.search(r"^    family:|, family: (true|false)", path.read_text(encoding="utf-8"), re.M), path


def test_the_same_picture_or_word_carries_the_same_tag_in_every_game(games):
    policy = load_policy(DATA)
    missing = []
    for where, texts, icons, mature in entries(games):
        for icon in icons:
            if icon in policy.icons and policy.icons[icon] not in mature:
                missing.append((where, icon, policy.icons[icon]))
        for tag, words in MEANS.items():
            if any(re.search(words, text, re.I) for text in texts) and tag not in mature:
                missing.append((where, tag))
    assert not missing, missing


def test_a_family_table_is_dealt_nothing_the_policy_leaves_out(games):
    si, personality, incognito = games
    family_pool = set(character_pool(si, {"connoisseurs": True}))
    assert {"bluebeard", "casanova", "don_juan"} & family_pool == set()
    assert {"dracula", "vampire", "big_bad_wolf"} <= family_pool  # monsters of tales stay
    for card in si.card_ids(family=True):
        assert not any(si.pictograms[p].mature for p in next(c for c in si.cards if c.id == card).pictograms)
    assert len(si.card_ids(family=True)) >= 8 * 10  # eight seats still get their ten cards (SI-4)
    assert not any(personality.traits[i].mature for i in range(len(personality.traits))
                   if personality.traits[i].id in set(personality.deck_ids(family=True)))
    words, places = incognito.decks(family=True)
    assert "wine" not in words and "coffin" not in words and "vampire" in words and "skull" in words
    assert set(places) == set(incognito.place_ids())
