"""Player-facing texts read as written in their own language (issue 15 items 5-6):
French typography that survives line wrapping, Personality cards that never gender the
person they describe, and a family deck without the night-out cards."""

import re
from pathlib import Path

import pytest

from game.games.incognito.rules.catalogue import load_catalogue as load_incognito
from game.games.personality.rules.catalogue import load_catalogue as load_personality
from game.i18n import Strings

DATA = Path(__file__).resolve().parent.parent / "data"

#: The kit wraps lines at plain spaces, so French double punctuation needs a
#: non-breaking space (U+00A0) to stay on the line of the word before it.
BREAKING_BEFORE_PUNCTUATION = re.compile(r" [:;!?»]|« ")
MISSING_SPACE = re.compile(r"\w[;!?»]|«\w")

#: Agreements and job titles that make a card about "la personne" read as a woman or a man.
GENDERED_FR = re.compile(
    r"\b(seule|ravie|parfaite|heureuse|nue|trompée|éliminée|inventeur|inventrice|"
    r"maîtresse|animateur|animatrice|cheffe|garçon)\b|\bla (première|dernière) (à|éliminée)\b"
    r"|\bcrie la première\b|\bserait (toujours )?prête\b|one-man")
GENDERED_EN = re.compile(r"\b(he|she|his|her|him|himself|herself|shirt off|stag do)\b", re.IGNORECASE)
#: Outings a family table leaves to the spicy set.
NIGHT_OUT = re.compile(r"\bbars?\b|enterrement de vie|\bstag\b|\bhen do\b", re.IGNORECASE)


@pytest.fixture(scope="module")
def personality():
    return load_personality(DATA)[0]


def french_texts(personality):
    strings = Strings.load(DATA / "i18n")
    incognito = load_incognito(DATA)[0]
    yield from ((f"i18n {key}", text) for key, text in strings.tables["fr"].items())
    yield from ((f"joke {w.id}", w.joke.fr) for w in incognito.words)
    yield from ((f"card {t.id}", t.text.fr) for t in personality.traits)


def test_french_double_punctuation_keeps_a_non_breaking_space(personality):
    bad = [(where, text) for where, text in french_texts(personality)
           if BREAKING_BEFORE_PUNCTUATION.search(text) or MISSING_SPACE.search(text)]
    assert not bad, bad[:10]


def test_personality_cards_never_gender_the_person(personality):
    bad = [(t.id, t.text.fr) for t in personality.traits if GENDERED_FR.search(t.text.fr)]
    bad += [(t.id, t.text.en) for t in personality.traits if GENDERED_EN.search(t.text.en)]
    assert not bad, bad


def test_family_deck_leaves_night_outs_to_the_spicy_set(personality):
    family = set(personality.deck_ids(family=True))
    bad = [t.id for t in personality.traits
           if t.id in family and (NIGHT_OUT.search(t.text.fr) or NIGHT_OUT.search(t.text.en))]
    assert not bad, bad
    assert {"t-120", "t-251"} <= set(personality.deck_ids(family=False)) - family
