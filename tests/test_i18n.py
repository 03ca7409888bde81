"""UI strings: every key in French and English, the same placeholders in both, no empty
text, every character drawable with Fredoka One, and the keys the menus need exist."""

import string
from pathlib import Path

import pygame
import pytest

from game.games import all_games
from game.i18n import LANGUAGES, Strings
from game.ui.kit import font_path

I18N = Path(__file__).resolve().parent.parent / "data" / "i18n"
FIVE_GAMES = ("secret_identity", "secret_identity_coop", "personality", "mission_secrete", "incognito")


@pytest.fixture(scope="module")
def strings():
    return Strings.load(I18N)


def placeholders(text):
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_every_part_exists_in_every_language():
    parts = {lang: {p.name for p in (I18N / lang).glob("*.yaml")} for lang in LANGUAGES}
    assert parts["fr"] == parts["en"], parts


def test_every_key_in_every_language(strings):
    missing = {lang: sorted(keys) for lang, keys in strings.missing().items() if keys}
    assert not missing, missing


def test_same_placeholders_and_no_empty_text(strings):
    fr, en = strings.tables["fr"], strings.tables["en"]
    for key in fr.keys() & en.keys():
        assert fr[key].strip() and en[key].strip(), key
        assert placeholders(fr[key]) == placeholders(en[key]), key


def test_every_character_is_in_the_font(strings):
    pygame.font.init()
    font = pygame.font.Font(str(font_path()), 32)
    chars = {c for table in strings.tables.values() for text in table.values() for c in text if not c.isspace()}
    chars |= set("‹›")  # choice arrows drawn by the menus
    missing = sorted(c for c, m in zip(sorted(chars), font.metrics("".join(sorted(chars)))) if m is None)
    assert not missing, f"Fredoka One has no glyph for {missing}"


def test_menu_strings_for_every_game(strings):
    for lang in LANGUAGES:
        table = strings.tables[lang]
        for game in FIVE_GAMES:
            for field in ("name", "pitch", "players"):
                assert f"games.{game}.{field}" in table, (lang, game, field)


def test_lobby_option_labels_for_registered_games(strings):
    for entry in all_games().values():
        for spec in entry.options:
            for lang in LANGUAGES:
                assert f"options.{spec.id}.label" in strings.tables[lang], (lang, entry.id, spec.id)
