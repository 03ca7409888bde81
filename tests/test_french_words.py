"""French UI words (issue 14 item 8): one form of address (tu, as a party game speaks to
the player holding the pad), elision and contraction before names filled in at format
time ("d'Alice", "du Père Noël"), and each game's name written one way; plus the
Incognito line-up telling the decoys there really are (item 9)."""

import re
import string
from pathlib import Path

import pytest

from game.i18n import Strings, french_article, starts_with_vowel_sound

I18N = Path(__file__).resolve().parent.parent / "data" / "i18n"


@pytest.fixture(scope="module")
def strings():
    return Strings.load(I18N, "fr")


def fill(template, value):
    return french_article(template, {"name": value}).format(name=value)


@pytest.mark.parametrize("template, value, expected", [
    ("Au tour de {name}", "Alice", "Au tour d'Alice"),
    ("Au tour de {name}", "Élodie", "Au tour d'Élodie"),
    ("Le coffre de {name}", "Hugo", "Le coffre d'Hugo"),
    ("Le coffre de {name}", "Bruno", "Le coffre de Bruno"),
    ("De {name} ?", "Yves", "D'Yves ?"),
    ("de {name}", "Yann", "de Yann"),
    ("plus que {name}", "Inès", "plus qu'Inès"),
    ("à {name}", "Alice", "à Alice"),
    ("la carte de {name}", "le Père Noël", "la carte du Père Noël"),
    ("La carte de {name}", "Le Dompteur de lions", "La carte du Dompteur de lions"),
    ("à {name}", "le Lutin", "au Lutin"),
    ("À {name}", "les rennes", "Aux rennes"),
    ("de {name}", "les rennes", "des rennes"),
    ("de {name}", "la Fée", "de la Fée"),
    ("de {name}", "l'Ogre", "de l'Ogre"),
    ("{name}, de {name}", "Ana", "Ana, d'Ana"),
])
def test_words_before_a_name_fit_it(template, value, expected):
    assert fill(template, value) == expected


def test_numbers_and_braces_in_names_stay_as_they_are():
    assert french_article("de {n} à {m}", {"n": 8, "m": 11}).format(n=8, m=11) == "de 8 à 11"
    assert fill("de {name}", "le {x}") == "du {x}"
    assert not starts_with_vowel_sound("") and starts_with_vowel_sound(" Ève")


def every_template(strings):
    for key, text in strings.tables["fr"].items():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        if fields:
            yield key, text, fields


@pytest.mark.parametrize("value", ["Alice", "Élodie", "Hugo", "le Père Noël", "les rennes", "Le Dompteur"])
def test_no_template_leaves_a_word_unelided_or_uncontracted_before_a_name(strings, value):
    wrong = re.compile(r"(?<![\w-])(de|que|je|ne|me|te|se|le|la) (Alice|Élodie|Hugo)|(?<![\w-])(de|à) (le|les) ",
                       re.IGNORECASE)
    for key, _, fields in every_template(strings):
        shown = strings.get(key, **{f: value for f in fields})
        assert not wrong.search(shown), (key, shown)


def test_no_literal_word_misses_its_elision(strings):
    wrong = re.compile(r"(?<![\w-])(de|que|je|ne|me|te|se|le|la) [aeiouéèêàâîôû]", re.IGNORECASE)
    for key, text in strings.tables["fr"].items():
        assert not wrong.search(text), (key, text)


def test_one_form_of_address_tu(strings):
    formal = re.compile(r"\b(vous|votre|vos|vôtres?)\b|\b\w+ez\b", re.IGNORECASE)
    not_verbs = {"assez", "chez", "nez"}
    offenders = [(key, text) for key, text in strings.tables["fr"].items()
                 if any(m.group(0).lower() not in not_verbs for m in formal.finditer(text))]
    assert offenders == []
    familiar = re.compile(r"\b(tu|ton|ta|tes|toi)\b", re.IGNORECASE)
    assert sum(bool(familiar.search(text)) for text in strings.tables["fr"].values()) > 20


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_each_game_name_is_written_one_way(strings, lang):
    """Wherever a text names a game, it is spelt as ``games.<id>.name`` ("Mission
    Secrète", never "Mission secrète"); a lower-case "ta mission secrète" is a mission."""
    table = strings.tables[lang]
    names = {table[key] for key in table if key.startswith("games.") and key.endswith(".name")}
    for name in names:
        for key, text in table.items():
            for match in re.finditer(rf"\b{re.escape(name)}\b", text, re.IGNORECASE):
                assert match.group(0)[0].islower() or match.group(0) == name, (lang, key, text)


@pytest.mark.parametrize("seats, decoys", [(6, "sans intrus"), (5, "plus un intrus"), (3, "plus 3 intrus")])
def test_the_incognito_lineup_tells_the_decoys_there_are(seats, decoys):
    from game.context import build_context
    from game.games.incognito.ui.shots import demo_board
    from game.games.incognito.ui.vote import lineup_explanation
    from game.settings import Settings
    from game.shots import ShotRequest

    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=seats)
    board = demo_board(ctx, ShotRequest(seed=1), "lineup")
    text = lineup_explanation(board.text, board.session.view(None).public)
    assert decoys in text and "quelques" not in text
