"""Words that agree (issue 28 item 5): counts choose their plural form by CLDR's rule
(French counts 0 and 1 as one, English only 1), every text that puts a word after a
count is a plural string and every call of one passes its count, no "(s)" or "·e" leaves
a plural or a gender to guess, bots have one name, English contracts, and the two
sentences that said the wrong thing say what the rules do."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from game.data_loading import DataError
from game.i18n import LANGUAGES, Strings

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "data" / "i18n"
#: Placeholders that hold a number (everything else holds a name, a word or a path).
NUMBERS = {"n", "count", "need", "score", "m", "total", "min", "max", "rank", "chosen", "number", "row", "column"}
#: A placeholder then a word ("{n} cartes"); a fraction counts by its top ("{n}/{total} ont voté").
#: A preposition after a count has nothing to agree ("{n} en main", "{n} in hand").
COUNTED_WORD = re.compile(r"\{(\w+)\}\s+(?!(?:en|in|à|at|on|sur)\b)[^\W\d_]")
FRACTION = re.compile(r"\{(\w+)\}\s*(?:/|sur|of)\s*\{\w+\}")
#: A range ("de {min} à {max} joueurs") takes the plural whatever its ends: not a count.
RANGE = re.compile(r"\{\w+\}\s*(?:à|to|–)\s*\{\w+\}")


@pytest.fixture(scope="module")
def strings():
    return Strings.load(I18N)


def every_text(strings, lang):
    """(key, text) for every string of ``lang``, each plural form on its own."""
    return strings.tables[lang].items()


def fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def sample(text, n):
    """Values for ``text``'s placeholders, the count ``n`` whether a form shows it or not."""
    return {**{f: (3 if f in NUMBERS else "Alice") for f in fields(text)}, "n": n}


def write(folder: Path, lang: str, text: str) -> None:
    (folder / lang).mkdir(parents=True, exist_ok=True)
    (folder / lang / "core.yaml").write_text(text, encoding="utf-8")


def test_the_count_chooses_the_form_by_cldr(tmp_path):
    write(tmp_path, "fr", "x:\n  cards:\n    one: \"{n} carte\"\n    other: \"{n} cartes\"\n")
    write(tmp_path, "en", "x:\n  cards:\n    one: \"{n} card\"\n    other: \"{n} cards\"\n")
    strings = Strings.load(tmp_path, "fr")
    assert [strings.get("x.cards", n=n) for n in (0, 1, 2, 5)] == ["0 carte", "1 carte", "2 cartes", "5 cartes"]
    english = strings.in_language("en")
    assert [english.get("x.cards", n=n) for n in (0, 1, 2, 5)] == ["0 cards", "1 card", "2 cards", "5 cards"]
    assert strings.has("x.cards") and strings.plurals() == {"x.cards"}
    assert strings.get("x.cards") == "[x.cards]"  # no count: shows itself, as a missing key does
    cached = Strings.load(tmp_path, "en", cache=tmp_path / "cache")
    assert Strings.load(tmp_path, "en", cache=tmp_path / "cache").get("x.cards", n=1) == cached.get("x.cards", n=1)


@pytest.mark.parametrize("forms, problem", [
    ("    one: \"{n} carte\"\n", "other"),
    ("    one: \"{n} carte\"\n    few: \"{n} cartes\"\n    other: \"{n} cartes\"\n", "few"),
])
def test_a_plural_string_without_its_forms_is_a_file_line_error(tmp_path, forms, problem):
    write(tmp_path, "fr", "x:\n  ok: Bien\n  cards:\n" + forms)
    write(tmp_path, "en", "x:\n  ok: Fine\n")
    with pytest.raises(DataError) as caught:
        Strings.load(tmp_path)
    message = str(caught.value)
    assert "core.yaml:3" in message and "x.cards" in message and problem in message


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_plural_or_gender_left_to_guess(strings, lang):
    guessed = re.compile(r"\(s\)|\(e\)|·|\(es\)|\(x\)")
    offenders = [(key, text) for key, text in every_text(strings, lang) if guessed.search(text)]
    assert offenders == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_after_a_count_is_a_plural_string(strings, lang):
    plural_forms = {f"{key}.{form}" for key in strings.in_language(lang).plurals()
                    for form in ("zero", "one", "two", "few", "many", "other")}
    offenders = []
    for key, text in every_text(strings, lang):
        if key in plural_forms:
            continue
        for match in COUNTED_WORD.finditer(FRACTION.sub(r"{\1}", RANGE.sub("{range}", text))):
            if match.group(1) in NUMBERS:
                offenders.append((key, text))
    assert offenders == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_strings_agree_with_0_1_2_5(strings, lang):
    shown = strings.in_language(lang)
    table = shown.tables[lang]
    assert shown.plurals(), "no plural string"
    for key in shown.plurals():
        one, other = table[f"{key}.one"], table[f"{key}.other"]
        assert fields(one) - {"n"} == fields(other) - {"n"}, key
        for n in (0, 1, 2, 5):
            text = shown.get(key, **sample(other, n))
            assert "{" not in text and "[" not in text, (key, n, text)
            singular = n == 1 or (lang == "fr" and n == 0)
            expected = Strings({lang: {"t": one if singular else other}}, lang).get("t", **sample(other, n))
            assert text == expected, (key, n, text)


def test_plural_forms_differ_somewhere(strings):
    for key in strings.plurals():
        assert any(strings.tables[lang][f"{key}.one"] != strings.tables[lang][f"{key}.other"] for lang in LANGUAGES), key


@pytest.mark.parametrize("lang, key, fmt, expected", [
    ("fr", "si.reveal.found_by", {"n": 0}, "Trouvé par 0 adversaire"),
    ("fr", "si.reveal.found_by", {"n": 1}, "Trouvé par 1 adversaire"),
    ("fr", "si.reveal.found_by", {"n": 2}, "Trouvé par 2 adversaires"),
    ("en", "si.reveal.found_by", {"n": 0}, "Found by 0 opponents"),
    ("en", "si.reveal.found_by", {"n": 1}, "Found by 1 opponent"),
    ("fr", "personality.received", {"n": 1}, "1 reçue"),
    ("fr", "personality.received", {"n": 5}, "5 reçues"),
    ("fr", "si.editor.hand", {"n": 1}, "Ta main\u00a0: 1 carte"),
    ("en", "phone.si.summary", {"n": 1}, "This round: +1 point"),
    ("en", "personality.winners", {"n": 1, "names": "Bruno"}, "Bruno wins!"),
    ("en", "personality.winners", {"n": 2, "names": "Bruno, Alice"}, "Bruno, Alice win!"),
    ("fr", "phone.ms.winners", {"n": 1, "names": "Bruno"}, "Bruno gagne\u00a0!"),
])
def test_counts_read_right(strings, lang, key, fmt, expected):
    assert strings.in_language(lang).get(key, **fmt) == expected


def plural_calls(strings):
    """(file, line, key, passes n) for each call in game/ that names a plural string."""
    plurals = strings.plurals()
    for path in sorted((ROOT / "game").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name not in ("t", "text", "get"):
                continue
            first = node.args[0]
            literals = [first] if isinstance(first, ast.Constant) else \
                [first.body, first.orelse] if isinstance(first, ast.IfExp) else []
            for literal in literals:
                if isinstance(literal, ast.Constant) and isinstance(literal.value, str):
                    for key in (literal.value, f"phone.{literal.value}"):
                        if key in plurals:
                            counted = any(k.arg in ("n", None) for k in node.keywords)
                            yield path.relative_to(ROOT), node.lineno, key, counted


def test_every_call_of_a_plural_string_passes_its_count(strings):
    calls = list(plural_calls(strings))
    assert len(calls) >= 20, calls
    assert [call for call in calls if not call[3]] == []


@pytest.mark.parametrize("lang, word, not_words", [("fr", "bot", ("robot", "IA")), ("en", "bot", ("robot", "AI"))])
def test_bots_have_one_name(strings, lang, word, not_words):
    """The bots are "bot" wherever a text names them (the ring's demo cast, a character
    called "Le Robot", is no player)."""
    texts = [(key, text) for key, text in every_text(strings, lang) if not key.startswith("ring.demo.")]
    other = re.compile(rf"\b({'|'.join(not_words)})s?\b", re.IGNORECASE)
    assert [(key, text) for key, text in texts if other.search(text)] == []
    assert sum(bool(re.search(rf"\b{word}s?\b", text, re.IGNORECASE)) for _, text in texts) >= 6
    assert strings.in_language(lang).get("kit.bot_name", n=3) == "Bot 3"


def test_english_contracts_where_it_speaks(strings):
    """Spoken English contracts ("It's not your turn"); "who you are" ends a clause and
    "You are" labels a name shown after it, so they stay whole."""
    stiff = re.compile(r"\b(it is not|is not|are not|do not|does not|did not|cannot|can not|will not|"
                       r"was not|were not|has not|have not|I am|let us)\b|\b(you are|it is|that is) (?=\w)", re.IGNORECASE)
    assert [(key, text) for key, text in every_text(strings, "en") if stiff.search(text)] == []


def test_the_two_wrong_sentences_say_what_the_rules_do(strings):
    """SI-6 scores a point for each opponent who finds your character, so the pitch
    cannot ask not to be found "too fast"; PE-9's Inversion votes for the card that
    fits best, as the TV asks, so the phone cannot ask which fits "least"."""
    fr, en = strings.tables["fr"], strings.tables["en"]
    assert "trop vite" not in fr["games.secret_identity.pitch"] and "too fast" not in en["games.secret_identity.pitch"]
    assert "devine" in fr["games.secret_identity.pitch"] and "guess" in en["games.secret_identity.pitch"]
    assert "moins" not in fr["phone.pe.inversion_title"] and "mieux" in fr["phone.pe.inversion_title"]
    assert "least" not in en["phone.pe.inversion_title"] and "best" in en["phone.pe.inversion_title"]
    assert "mieux" in fr["personality.vote.card_question"] and "best" in en["personality.vote.card_question"]


@pytest.mark.parametrize("lang, words", [
    ("fr", ("line-up", "en PNG", "s'est mal passé", "Effacer tout", "Au téléphone", "coopératif", "Prêt")),
    ("en", ("It is not", "On the phone", "on no network", "Save as PNG", "Winners:")),
])
def test_the_calques_named_in_the_issue_are_gone(strings, lang, words):
    offenders = [(key, text) for key, text in every_text(strings, lang) for word in words if word in text]
    assert offenders == []
