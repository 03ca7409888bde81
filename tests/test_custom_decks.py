"""Any custom deck is loaded, or skipped with ``file:line`` and left where it is: bad
characters, complex keys, numbers too long, nesting too deep, a huge deck (refused
unread, in well under 5 s), a deck that is no file (a link to nothing or a loop, a
pipe, a folder). The skipped decks are told on screen in both languages."""

import os

import pytest

from game import paths
from game.context import build_context
from game.data_loading import MAX_DECK_BYTES
from game.games import all_games
from game.games.incognito.rules import catalogue as incognito_catalogue
from game.scenes.menus.title import TitleScene
from game.scenes.toast import ToastScene
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


def test_a_100000_entry_deck_is_refused_unread(tmp_path, monkeypatch):
    """Too big to load in a moment: refused from its size, never parsed (how long a load
    takes is the bench's to measure, not a test's)."""
    folder = tmp_path / "decks" / "incognito"
    folder.mkdir(parents=True)
    _huge(folder, 100_000)
    (folder / "good.yaml").write_text(GOOD["incognito"], encoding="utf-8")
    parsed = []
    load_mapping = incognito_catalogue.load_mapping
    monkeypatch.setattr(incognito_catalogue, "load_mapping", lambda path, *a, **k: parsed.append(path.name)
                        or load_mapping(path, *a, **k))
    catalogue, warnings = _entry("incognito").load_catalogue(paths.data_dir(), tmp_path / "decks")
    assert "huge.yaml" not in parsed and "good.yaml" in parsed
    assert len(warnings) == 1 and warnings[0].startswith(f"{folder / 'huge.yaml'}: ") and "KB" in warnings[0]
    assert catalogue.word("my_word").custom and (folder / "huge.yaml").exists()


def test_a_deck_just_under_the_limit_loads(tmp_path):
    folder = tmp_path / "decks" / "incognito"
    folder.mkdir(parents=True)
    _huge(folder, MAX_DECK_BYTES // 100)  # ~100 bytes an entry
    assert (folder / "huge.yaml").stat().st_size <= MAX_DECK_BYTES
    catalogue, warnings = _entry("incognito").load_catalogue(paths.data_dir(), tmp_path / "decks")
    assert not warnings and catalogue.word("w2000").custom


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


# --- a deck that is no file (issue 25 items 8, 10, 11) ------------------------------------------
def _no_file(path, kind, elsewhere):
    if kind == "dangling-link":  # a deck on a USB stick since unplugged
        path.symlink_to(elsewhere / "unplugged" / "deck.yaml")
    elif kind == "looping-link":
        (path.parent / "other.yml").symlink_to(path.name)
        path.symlink_to("other.yml")
    elif kind == "fifo":  # reading it held the start until something wrote to it
        os.mkfifo(path)
    else:
        path.mkdir()


@pytest.mark.timeout(60)
@pytest.mark.parametrize("kind", ["dangling-link", "looping-link", "fifo", "folder"])
def test_a_deck_that_is_no_file_is_skipped_with_a_notice_and_a_linked_deck_still_loads(tmp_path, kind):
    """The app starts (a link that leads nowhere stopped it, a pipe held it), tells which
    deck it skipped, and a link to a real deck elsewhere loads as any deck."""
    folder = paths.user_data_dir() / "decks" / "incognito"
    folder.mkdir(parents=True)
    real = tmp_path / "usb" / "words.yaml"
    real.parent.mkdir()
    real.write_text(GOOD["incognito"], encoding="utf-8")
    (folder / "linked.yaml").symlink_to(real)
    _no_file(folder / "bad.yaml", kind, tmp_path)
    ctx = build_context(headless=True, lang="en", settings=Settings())
    assert ctx.catalogue.game("incognito").word("my_word").custom
    [message] = ctx.notices
    assert f"{folder / 'bad.yaml'}: " in message and message.startswith(ctx.t("notices.deck_skipped", error="").strip())
    ctx.stack.push(TitleScene(ctx))
    assert isinstance(ctx.stack.top, ToastScene) and ctx.stack.top.messages == [message]
    assert os.path.lexists(folder / "bad.yaml")  # left where it is


def test_a_deck_with_a_utf8_bom_loads():
    folder = paths.user_data_dir() / "decks" / "incognito"
    folder.mkdir(parents=True)
    (folder / "notepad.yaml").write_bytes(b"\xef\xbb\xbf" + GOOD["incognito"].encode("utf-8"))
    ctx = build_context(headless=True, lang="en", settings=Settings())
    assert ctx.catalogue.game("incognito").word("my_word").custom and ctx.notices == []
