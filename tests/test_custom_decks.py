"""Any custom deck is loaded, or skipped with ``file:line`` and left where it is: bad
characters, complex keys, numbers too long, nesting too deep, a huge deck (refused
unread, in well under 5 s). The skipped decks are told on screen in both languages."""

import time

import pytest

from game import paths
from game.context import build_context
from game.data_loading import MAX_DECK_BYTES
from game.games import all_games
from game.scenes.menus.dialogs import ToastScene
from game.scenes.menus.title import TitleScene
from game.settings import Settings

#: One good entry per deck game, in the format of its shipped files.
GOOD = {
    "secret_identity": ("characters:\n  - id: my_boss\n    name: {fr: Mon patron, en: My boss}\n"
                        "    category: {category}\n    icon: '1F451'\n"),
    "personality": "cards:\n  - id: my-card\n    fr: La personne qui chante faux\n    en: The one who sings off key\n"
                   "    tags: [funny]\n",
    "incognito": "words:\n  - id: my_word\n    name: {fr: Bouilloire, en: Kettle}\n"
                 "    joke: {fr: Elle siffle., en: It whistles.}\n",
}
#: Bad decks: file name -> (text, the line the warning must name, or None).
BAD = {
    "nul.yaml": ("a: 1\nb: x\x00y\n", 2),
    "bell.yaml": ("a: 1\n\nb: ding\x07\n", 3),
    "complex_key.yaml": ("a: 1\n? [a]\n: 1\n", 2),
    "complex_map_key.yaml": ("? {a: 1}\n: 1\n", 1),
    "long_number.yaml": ("a: 1\nb:\n  c: " + "9" * 5000 + "\n", 3),
    "no_such_day.yaml": ("a: 2001-02-30\n", 1),
    "deep.yaml": ("a: " + "[" * 20_000 + "]" * 20_000 + "\n", 1),
    "binary.yaml": (b"\xff\xfe\x00garbage", None),
}


def _entry(key):
    return next(e for e in all_games().values() if e.catalogue_key == key)


def _good(key, data):
    text = GOOD[key]
    if key == "secret_identity":
        category = next(iter(_entry(key).load_catalogue(data, None)[0].categories))
        text = text.replace("{category}", category)
    return text


@pytest.mark.parametrize("key", sorted(GOOD))
def test_bad_decks_are_skipped_with_file_and_line_and_left_in_place(tmp_path, key):
    folder = tmp_path / "decks" / key
    folder.mkdir(parents=True)
    (folder / "good.yaml").write_text(_good(key, paths.data_dir()), encoding="utf-8")
    for name, (text, _line) in BAD.items():
        (folder / name).write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    catalogue, warnings = _entry(key).load_catalogue(paths.data_dir(), tmp_path / "decks")
    assert len(warnings) == len(BAD)
    for name, (_text, line) in BAD.items():
        where = f"{folder / name}:{line}: " if line else f"{folder / name}: "
        assert any(w.startswith(where) for w in warnings), (where, warnings)
        assert (folder / name).exists()
    custom = [item for item in vars(catalogue).values() if isinstance(item, tuple)
              for item in item if getattr(item, "custom", False)]
    assert len(custom) == 1  # the good deck beside them still loads


def _huge(folder, entries):
    with open(folder / "huge.yaml", "w", encoding="utf-8") as out:
        out.write("words:\n")
        for i in range(entries):
            out.write(f"  - id: w{i}\n    name: {{fr: Mot {i}, en: Word {i}}}\n    joke: {{fr: Ha {i}, en: Ha {i}}}\n")


def test_a_100000_entry_deck_is_refused_in_well_under_5_seconds(tmp_path):
    folder = tmp_path / "decks" / "incognito"
    folder.mkdir(parents=True)
    _huge(folder, 100_000)
    (folder / "good.yaml").write_text(GOOD["incognito"], encoding="utf-8")
    start = time.perf_counter()
    catalogue, warnings = _entry("incognito").load_catalogue(paths.data_dir(), tmp_path / "decks")
    assert time.perf_counter() - start < 5
    assert len(warnings) == 1 and warnings[0].startswith(f"{folder / 'huge.yaml'}: ") and "KB" in warnings[0]
    assert catalogue.word("my_word").custom and (folder / "huge.yaml").exists()


def test_a_deck_just_under_the_limit_loads_fast_enough(tmp_path):
    folder = tmp_path / "decks" / "incognito"
    folder.mkdir(parents=True)
    _huge(folder, MAX_DECK_BYTES // 100)  # ~100 bytes an entry
    assert (folder / "huge.yaml").stat().st_size <= MAX_DECK_BYTES
    start = time.perf_counter()
    catalogue, warnings = _entry("incognito").load_catalogue(paths.data_dir(), tmp_path / "decks")
    assert time.perf_counter() - start < 5 and not warnings and catalogue.word("w2000").custom


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_skipped_deck_is_told_on_screen_and_the_app_starts(lang):
    folder = paths.user_data_dir() / "decks" / "incognito"
    folder.mkdir(parents=True)
    (folder / "control.yaml").write_text("words:\n  - id: a\x01\n", encoding="utf-8")
    ctx = build_context(headless=True, lang=lang, settings=Settings())
    message = [n for n in ctx.notices if "control.yaml:2" in n]
    assert len(message) == 1 and message[0].startswith(ctx.t("notices.deck_skipped", error="").strip())
    ctx.stack.push(TitleScene(ctx))
    assert isinstance(ctx.stack.top, ToastScene) and message[0] in ctx.stack.top.messages
