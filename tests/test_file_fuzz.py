"""Property tests: mutated copies of real files — settings, an autosave, custom decks,
every shipped YAML file — fed to the loader that reads each at start. The only outcomes
are "loaded" (with valid values) or a named, clean error: ``SaveError`` for a save, a
``DataError`` naming the file for data, defaults and a notice for settings. Never
another exception, never a hang.

Mutations are of two kinds: edits of the text (insertions of control characters, NUL,
YAML complex keys, anchors and tags, integers past 4,300 digits, deep nesting, invalid
UTF-8; deletions, duplications, truncation) and, for JSON, a value anywhere in the tree
replaced by one of any type. Bounded ``max_examples``, no deadline: a few seconds each.
"""

import json
import shutil
from types import SimpleNamespace

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from game import paths
from game.catalogue import load_catalogue
from game.core.rng import Rng
from game.core.session import SaveError, Session
from game.data_loading import DataError, check_deck
from game.family import FILE as FAMILY_FILE, load_policy
from game.games import all_games
from game.games.incognito.rules import catalogue as incognito
from game.games.personality.rules import catalogue as personality
from game.games.secret_identity.rules import catalogue as secret_identity
from game.i18n import Strings
from game.scenes.menus.matches import load_saved, saved_seats
from game.settings import NOTICE_CORRUPT, NOTICE_REPAIRED, Settings, bad_fields, load_settings, save_settings

#: Pieces that break loaders: control characters, YAML syntax, huge numbers, deep nests,
#: a surrogate that becomes an invalid UTF-8 byte when written.
TOKENS = ["\x00", "\x07", "\x1b", "\x7f", "\ufeff", "\u2028", "\udcff", "? [a]\n: 1\n", "? {a: 1}\n", "{", "}",
          "[", "]", ": ", "- ", "&a ", "*a", "*b", "!!binary ", "!!set ", "!!python/object:os.system ", "<<: ",
          "<<: *a\n", "'", '"', "\\", "\n", "\t", "  ", "9" * 4400, "-" + "1" * 5000, "[" * 3000, "{" * 3000,
          '{"a":' * 3000, "~", "null", "true", "1e999", "NaN", ".inf", "2001-02-30", "é", "🂡", "---\n", "...\n",
          "%YAML 1.1\n", "0x1F", "0o17", "1_000"]
EDIT = st.tuples(st.floats(0, 1), st.sampled_from(["insert", "delete", "replace", "duplicate", "truncate"]),
                 st.one_of(st.sampled_from(TOKENS), st.text(max_size=6)), st.integers(1, 60))
EDITS = st.lists(EDIT, min_size=1, max_size=4)
#: A JSON value of any type, to put anywhere in a parsed file (YAML files too).
VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats() | st.text(max_size=8),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                  max_size=3), max_leaves=6)
PATHS = st.lists(st.integers(0, 1000), max_size=6)
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def edit_text(text, edits):
    for at, op, token, length in edits:
        i = int(at * len(text))
        if op == "insert":
            text = text[:i] + token + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + length:]
        elif op == "replace":
            text = text[:i] + token + text[i + length:]
        elif op == "duplicate":
            text = text[:i] + text[i:i + length] * 2 + text[i + length:]
        else:
            text = text[:i]
    return text.encode("utf-8", "surrogateescape")


def replace_in(data, path, value):
    """``data`` with the node that ``path`` (indexes, modulo each container's size) leads
    to replaced by ``value``."""
    if not path or not isinstance(data, (dict, list)) or not data:
        return value
    if isinstance(data, list):
        i = path[0] % len(data)
        return data[:i] + [replace_in(data[i], path[1:], value)] + data[i + 1:]
    key = list(data)[path[0] % len(data)]
    return {**data, key: replace_in(data[key], path[1:], value)}


#: A text edit, or a value replaced somewhere in the parsed tree.
JSON_MUTATION = st.one_of(st.tuples(st.just("text"), EDITS), st.tuples(st.just("tree"), st.tuples(PATHS, VALUES)))


def mutate_json(text, mutation):
    kind, how = mutation
    if kind == "text":
        return edit_text(text, how)
    return json.dumps(replace_in(json.loads(text), *how)).encode()


def mutate_yaml(text, mutation):
    kind, how = mutation
    if kind == "text":
        return edit_text(text, how)
    return yaml.safe_dump(replace_in(yaml.safe_load(text), *how), allow_unicode=True).encode()


# --- settings -----------------------------------------------------------------------------
@FAST
@given(mutation=JSON_MUTATION)
def test_any_settings_file_gives_valid_settings(tmp_path_factory, mutation):
    folder = tmp_path_factory.mktemp("settings")
    real = folder / "real.json"
    save_settings(Settings(lang="en", music_volume=0.3, timer_preset="extended", rumble=False), real)
    path = folder / "settings.json"
    path.write_bytes(mutate_json(real.read_text(), mutation))
    loaded, notice = load_settings(path)
    assert isinstance(loaded, Settings) and not bad_fields(loaded.to_json())
    assert notice in (None, NOTICE_CORRUPT, NOTICE_REPAIRED)


# --- autosave -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def real_save(tmp_path_factory):
    """A Mission Secrète autosave after a few bot moves, and a context to resume it."""
    games = all_games()
    entry = games["mission_secrete"]
    ctx = SimpleNamespace(games=games, catalogue=load_catalogue(paths.data_dir(), None, eager=False), autosaves=None)
    catalogue = ctx.catalogue.game(entry.catalogue_key)
    path = tmp_path_factory.mktemp("save") / "autosave.json"
    meta = {"seats": [{"name": n, "style": i, "bot": True} for i, n in enumerate(["Ana", "Ben", "Cyd"])],
            "entry": entry.id}
    session = Session(entry.make_definition(catalogue), entry.default_config(3), 11, save_path=path, meta=meta,
                      catalogue_version=ctx.catalogue.version)
    bots = {seat: entry.make_bot(catalogue, seat, Rng.from_seed(f"fuzz/{seat}")) for seat in range(3)}
    while len(session.log) < 12 and session.outcome() is None:
        moves = [bots[s].act(session.view(s), session.legal(s)) for s in sorted(session.current())]
        move = next((m for m in moves if m is not None), None)
        if move is None:
            session.jump_to_deadline()
        else:
            session.submit(move)
    return ctx, path.read_text(encoding="utf-8")


@FAST
@given(mutation=JSON_MUTATION)
def test_any_autosave_resumes_or_is_refused_and_kept_aside(real_save, tmp_path_factory, mutation):
    ctx, text = real_save
    path = tmp_path_factory.mktemp("saves") / "autosave.json"
    path.write_bytes(mutate_json(text, mutation))
    try:
        entry, session = load_saved(ctx, path)
    except SaveError as exc:
        assert exc.reason in ("corrupt", "version", "unknown_game", "mismatch")
        assert not path.exists() and path.with_name("autosave.json.bak").exists()  # no longer offered
        return
    assert len(saved_seats(session)) == session.config["seats"] and entry.id in ctx.games
    session.view(None)


# --- custom decks -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def deck_loaders():
    """Each deck game's custom-deck loader (what ``load_catalogue`` runs per file, where
    only a DataError skips the file), over the shipped catalogue, and a real deck."""
    data = paths.data_dir()
    policy = load_policy(data)
    si_tags = secret_identity.load_text_table(data / "secret_identity" / "tags.yaml", "tags", "tag")
    kit = secret_identity.load_kit(data / "secret_identity")
    pictograms, _ = secret_identity._load_pictos(data / "secret_identity" / "pictos.yaml", si_tags, policy)
    categories, characters = secret_identity._Deck(si_tags, policy, kit, pictograms, {}, {}).load(
        data / "secret_identity" / "characters.yaml", custom=False)
    pe = personality.load_catalogue(data)[0]
    words = incognito._load_words(data / "incognito" / "words.yaml", {}, custom=False, policy=policy)
    category = next(iter(categories))
    return {
        "secret_identity": (lambda path: secret_identity._Deck(si_tags, policy, kit, pictograms, categories,
                                                               characters).load(path, custom=True),
                            "categories:\n  office: {fr: Le bureau, en: The office}\ncharacters:\n"
                            "  - id: my_boss\n    name: {fr: Mon patron, en: My boss}\n    category: office\n"
                            "    icon: '1F9D1-200D-1F4BC'\n    tags: [leader]\n"
                            f"  - id: my_aunt\n    name: {{fr: Ma tante, en: My aunt}}\n    category: {category}\n"
                            "    icon: '1F475'\n    mature: [horror]\n"),
        "personality": (lambda path: personality._load_traits(path, pe.tags, {t.id: t for t in pe.traits}, True,
                                                              policy),
                        "cards:\n  - id: my-card\n    fr: La personne qui chante faux\n"
                        "    en: The one who sings off key\n    tags: [funny]\n"
                        "  - id: my-spicy\n    fr: La personne qui ose tout\n    en: The one who dares anything\n"
                        "    tags: [spicy, daring]\n    mature: [romance]\n"),
        "incognito": (lambda path: incognito._load_words(path, words, custom=True, policy=policy),
                      "words:\n  - id: my_word\n    name: {fr: Bouilloire, en: Kettle}\n"
                      "    joke: {fr: Elle siffle., en: It whistles.}\n"),
    }


@FAST
@given(key=st.sampled_from(["secret_identity", "personality", "incognito"]), mutation=JSON_MUTATION)
def test_any_custom_deck_loads_or_is_skipped_naming_its_file(deck_loaders, tmp_path_factory, key, mutation):
    load, text = deck_loaders[key]
    path = tmp_path_factory.mktemp("deck") / "mine.yaml"
    path.write_bytes(mutate_yaml(text, mutation))
    try:
        check_deck(path)
        load(path)
    except DataError as exc:
        assert str(exc).startswith(f"{path}:") or str(exc).startswith(f"{path} ")
    assert path.exists()


# --- shipped data -------------------------------------------------------------------------
SHIPPED = sorted(p.relative_to(paths.data_dir()).as_posix() for p in paths.data_dir().rglob("*.yaml"))


@pytest.fixture(scope="module")
def data_copy(tmp_path_factory):
    copy = tmp_path_factory.mktemp("data") / "data"
    shutil.copytree(paths.data_dir(), copy)
    return copy


def _load_shipped(data, name):
    if name.startswith("i18n/"):
        Strings.load(data / "i18n")
        return
    if name == FAMILY_FILE:  # every deck game reads the family policy
        load_policy(data)
        return
    for entry in all_games().values():
        if name.startswith(entry.catalogue_key + "/"):
            entry.load_catalogue(data, None)
            return
    raise AssertionError(f"no loader reads {name}")


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(SHIPPED), mutation=JSON_MUTATION)
def test_any_shipped_file_loads_or_fails_naming_a_data_file(data_copy, name, mutation):
    path = data_copy / name
    original = path.read_bytes()
    path.write_bytes(mutate_yaml(original.decode("utf-8"), mutation))
    try:
        _load_shipped(data_copy, name)
    except DataError as exc:
        assert exc.path.startswith(str(data_copy)), exc
    finally:
        path.write_bytes(original)


def test_a_picto_card_face_holding_a_list_is_a_data_error(data_copy):
    """Found by the test above: a face of lists made ``set()`` raise TypeError."""
    path = data_copy / "secret_identity" / "pictos.yaml"
    original = path.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "faces:" in line)
    lines[at] = lines[at].split("faces:")[0] + "faces: [[[a], b], [c, d]]\n"
    path.write_text("".join(lines), encoding="utf-8")
    try:
        with pytest.raises(DataError, match=rf"pictos.yaml:{at + 1}: .*faces must be two faces"):
            _load_shipped(data_copy, "secret_identity/pictos.yaml")
    finally:
        path.write_text(original, encoding="utf-8")


def test_a_family_icon_naming_a_list_is_a_data_error(data_copy):
    """Found by the test above: an icon whose tag is a list (unhashable) made the policy's
    lookup raise TypeError."""
    path = data_copy / FAMILY_FILE
    original = path.read_text(encoding="utf-8")
    lines = original.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("  '1F52B':"))
    lines[at] = "  '1F52B': []\n"
    path.write_text("".join(lines), encoding="utf-8")
    try:
        with pytest.raises(DataError, match=r"family.yaml:\d+: .*name a tag of the policy"):
            _load_shipped(data_copy, FAMILY_FILE)
    finally:
        path.write_text(original, encoding="utf-8")
