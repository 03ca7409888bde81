"""The Incognito catalogue: sizes, icons that exist, file:line errors, custom words."""

import shutil
from pathlib import Path

import pytest

from game import paths
from game.data_loading import DataError
from game.games.incognito.rules.catalogue import load_catalogue

DATA = paths.data_dir()


def test_shipped_catalogue_sizes_and_texts():
    cat, warnings = load_catalogue(DATA, None)
    assert warnings == []
    assert len(cat.words) >= 100 and len(cat.places) >= 50 and len(cat.palette) >= 12
    assert all(w.joke.fr and w.joke.en for w in cat.words)
    assert all(2 <= len(p.icons) <= 4 for p in cat.places)
    assert 0 < len(cat.word_ids(family=True)) < len(cat.word_ids())
    names = [w.name.en.lower() for w in cat.words]
    assert len(set(names)) == len(names)
    icons = [w.icon for w in cat.words]  # the bots draw a word with its icon: one each
    assert None not in icons and len(set(icons)) == len(icons)


def copy_data(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(DATA / "incognito", root / "incognito")
    shutil.copy(DATA / "family.yaml", root / "family.yaml")  # the tags a family table leaves out
    return root


def edit(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[: text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line


@pytest.mark.parametrize("file,old,new,message", [
    ("places.yaml", '"1F995"', '"1F995-NOPE"', "is not an OpenMoji icon"),
    ("words.yaml", "en: Carrot}", "de: Karotte}", "has no en text"),
    ("words.yaml", "id: carrot", "id: sock", "duplicate word id"),
    ("words.yaml", "'1F955'", "'1F955-NOPE'", "is not an OpenMoji icon"),
    ("words.yaml", "    icon: '1F955'\n", "", "has no 'icon'"),
    ("palette.yaml", '"#e23b3b"', '"red"', "rgb must look like"),
])
def test_errors_name_the_file_and_line(tmp_path, file, old, new, message):
    root = copy_data(tmp_path)
    line = edit(root / "incognito" / file, old, new)
    with pytest.raises(DataError) as error:
        load_catalogue(root, None)
    assert error.value.path.endswith(file) and message in error.value.message
    assert abs(error.value.line - line) <= 2


def test_custom_words_are_added_and_bad_files_only_warn(tmp_path):
    custom = tmp_path / "custom"
    (custom / "incognito").mkdir(parents=True)
    (custom / "incognito" / "mine.yaml").write_text(
        "words:\n  - id: teapot_two\n    name: {fr: Bouilloire, en: Kettle}\n"
        "    joke: {fr: Elle siffle., en: It whistles.}\n"
        "  - id: saucepan\n    name: {fr: Casserole, en: Saucepan}\n    icon: '1F958'\n"
        "    joke: {fr: Elle traîne., en: It rattles.}\n", encoding="utf-8")
    (custom / "incognito" / "broken.yaml").write_text("words:\n  - id: x\n    name: {fr: X}\n", encoding="utf-8")
    cat, warnings = load_catalogue(DATA, custom)
    assert cat.word("teapot_two").custom and cat.word("teapot_two").name.en == "Kettle"
    assert cat.word("teapot_two").icon is None and cat.word("saucepan").icon == "1F958"  # icons optional
    assert len(warnings) == 1 and "broken.yaml:3" in warnings[0]
