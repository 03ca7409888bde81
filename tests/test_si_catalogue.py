"""The Secret Identity catalogue: shipped content, validation errors, custom decks."""

import shutil
from pathlib import Path

import pytest

from game.data_loading import DataError
from game.games.secret_identity.rules.catalogue import load_catalogue, name_key
from game.icons import icon_exists

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module", autouse=True)
def each_text_parsed_once():
    """Each data file's text parsed once for the module, its parse given again for the
    same text (the shipped files, their copies in ``data_copy`` but the one a test broke,
    the same good custom deck): a test of custom decks or of one broken file loads the
    whole shipped catalogue around it, and parsing its ~600,000 YAML values (pure Python,
    to keep line numbers) was ~0.7 s a load, most of this module's time. A parse holds
    line numbers, not its file's name, so the same text gives the same parse wherever it
    lies; a text that fails to parse is parsed (and fails) every time; the catalogue only
    reads what it is given. Only regular files are read ahead (never a pipe)."""
    from game import data_loading

    parse, parsed = data_loading.load_yaml, {}

    def load_yaml(path):
        if not Path(path).is_file():
            return parse(path)
        text = Path(path).read_bytes()
        if text not in parsed:
            parsed[text] = parse(path)
        return parsed[text]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(data_loading, "load_yaml", load_yaml)
        yield


@pytest.fixture(scope="module")
def shipped():
    catalogue, warnings = load_catalogue(DATA, None)
    assert warnings == []
    return catalogue


def test_shipped_counts(shipped):
    assert len(shipped.characters) >= 300
    assert len(shipped.cards) >= 90
    assert len(shipped.pictograms) >= 360
    assert {p for card in shipped.cards for p in card.pictograms} == set(shipped.pictograms)


def test_fame_is_not_over_graded_and_names_are_not_calques(shipped):
    """Issue 27 item 4: figures a family table half knows are not everyday characters."""
    for character_id in ("jason", "perseus", "theseus", "gargantua", "porthos", "milady", "tartarin",
                         "michel_strogoff"):
        assert shipped.character(character_id).fame("fr") < 3, character_id
    for character_id in ("magellan", "arsene_lupin", "jason", "tom_thumb"):
        assert shipped.character(character_id).fame("en") < 3, character_id
    assert shipped.character("tooth_mouse").name.en == "Perez the Mouse"


def test_everyday_decks_are_big_enough(shipped):
    """Each language's everyday deck is its fame-3 characters (issue 15 item 3)."""
    for lang in ("fr", "en"):
        assert sum(c.fame(lang) == 3 for c in shipped.characters) >= 250, lang
    assert len(shipped.characters) >= 300
    known_in_one_country = {"paul_bunyan": "en", "ichabod_crane": "en", "argan": "fr", "gavroche": "fr",
                            "harpagon": "fr"}
    for character_id, lang in known_in_one_country.items():
        other = "en" if lang == "fr" else "fr"
        assert shipped.character(character_id).fame(other) < 3, character_id
    for obscure in ("hildegard", "jeanne_baret", "zheng_he", "murasaki_shikibu", "ibn_battuta", "kappa",
                    "tengu", "selkie", "kelpie"):
        assert max(shipped.character(obscure).fame.fr, shipped.character(obscure).fame.en) < 3, obscure


def test_no_pictogram_is_named_like_a_character_it_can_be_dealt_with(shipped):
    """Issue 27 item 2: a card showing "Ninja" gave the Ninja away; every pictogram is on
    a card of every match, so no label may be any character's name, in either language."""
    for lang in ("fr", "en"):
        labels = {name_key(p.label(lang)): p.id for p in shipped.pictograms.values()}
        clashes = [(c.id, labels[name_key(name(lang))]) for c in shipped.characters
                   for name in filter(None, (c.name, c.short)) if name_key(name(lang)) in labels]
        assert not clashes, (lang, clashes)
    assert name_key("La Fourmi") == name_key("Fourmi") == "fourmi" and name_key("The T. rex") == "t rex"


def test_cards_hold_four_distinct_pictograms_used_once(shipped):
    seen: set[str] = set()
    for card in shipped.cards:
        assert len(set(card.pictograms)) == 4
        assert not seen & set(card.pictograms)
        seen |= set(card.pictograms)


def test_every_tag_known_and_icons_exist(shipped):
    for character in shipped.characters:
        assert 6 <= len(character.tags) <= 12, character.id
        assert set(character.tags) <= set(shipped.tags), character.id
        assert character.category in shipped.categories
        assert character.name.fr and character.name.en
    for picto in shipped.pictograms.values():
        assert 2 <= len(picto.tags) <= 5, picto.id
        assert set(picto.tags) <= set(shipped.tags), picto.id
        assert icon_exists(picto.icon), picto.id


def test_every_tag_is_used_by_characters_and_pictograms(shipped):
    on_characters = {t for c in shipped.characters for t in c.tags}
    on_pictos = {t for p in shipped.pictograms.values() for t in p.tags}
    assert set(shipped.tags) == on_characters & on_pictos


def test_characters_are_told_apart_by_tags(shipped):
    tag_sets = [frozenset(c.tags) for c in shipped.characters]
    assert len(set(tag_sets)) == len(tag_sets)


def test_helpers(shipped):
    assert shipped.character("merlin").category == "myths"
    tales = shipped.by_category(["tales"])
    assert tales and all(c.category == "tales" for c in tales)
    assert any(not c.family for c in shipped.characters)


@pytest.fixture
def data_copy(tmp_path):
    shutil.copytree(DATA / "secret_identity", tmp_path / "data" / "secret_identity")
    shutil.copy(DATA / "family.yaml", tmp_path / "data" / "family.yaml")
    return tmp_path / "data"


def test_broken_shipped_file_names_file_and_line(data_copy):
    path = data_copy / "secret_identity" / "characters.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    index = next(i for i, line in enumerate(lines) if line.strip() == "category: myths")
    lines[index] = lines[index].replace("myths", "nowhere")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_catalogue(data_copy, None)
    assert str(error.value).startswith(f"{path}:{index + 1}: ")
    assert "nowhere" in str(error.value)


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("icon: '1F451'", "icon: '1F451-ABCD'", "not an OpenMoji icon"),
        ("tags: [royalty", "tags: [nonsense, royalty", "unknown tag"),
    ],
)
def test_broken_pictograms(data_copy, old, new, message):
    path = data_copy / "secret_identity" / "pictos.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_catalogue(data_copy, None)


def test_card_reusing_a_pictogram_is_refused(data_copy, shipped):
    path = data_copy / "secret_identity" / "pictos.yaml"
    first, second = shipped.cards[0], shipped.cards[1]
    text = path.read_text(encoding="utf-8")
    old = f"[[{second.faces[0][0]}, "
    path.write_text(text.replace(old, f"[[{first.faces[0][0]}, ", 1), encoding="utf-8")
    with pytest.raises(DataError, match="already on"):
        load_catalogue(data_copy, None)


def test_card_needs_four_distinct_pictograms(data_copy, shipped):
    path = data_copy / "secret_identity" / "pictos.yaml"
    (a, b), (c, d) = shipped.cards[0].faces
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f"[[{a}, {b}], [{c}, {d}]]", f"[[{a}, {b}], [{c}, {a}]]"), encoding="utf-8")
    with pytest.raises(DataError, match="4 different"):
        load_catalogue(data_copy, None)


def test_duplicate_and_missing_english_are_refused(data_copy):
    path = data_copy / "secret_identity" / "characters.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("- id: red_riding_hood", "- id: merlin", 1), encoding="utf-8")
    with pytest.raises(DataError, match="duplicate character id 'merlin'"):
        load_catalogue(data_copy, None)
    path.write_text(text.replace('en: "Merlin"}', "en: ''}", 1), encoding="utf-8")
    with pytest.raises(DataError, match="no en text"):
        load_catalogue(data_copy, None)


GOOD_DECK = """\
categories:
  office: {fr: Le bureau, en: The office}
characters:
  - id: my_boss
    name: {fr: Mon patron, en: My boss}
    category: office
    portrait: {hair: bun, clothes: suit, colour: navy, face: glasses}
    tags: [leader, city, worker]
  - id: the_aunt
    name: {fr: Tante Ursule, en: Aunt Ursula}
    category: tales
    portrait: {hair: bun, hair_colour: white}
    tags: [family, old, female]
"""


def test_good_custom_deck_adds_characters(tmp_path):
    deck = tmp_path / "custom" / "secret_identity"
    deck.mkdir(parents=True)
    (deck / "friends.yaml").write_text(GOOD_DECK, encoding="utf-8")
    catalogue, warnings = load_catalogue(DATA, tmp_path / "custom")
    assert warnings == []
    boss = catalogue.character("my_boss")
    assert boss.custom and boss.category == "office" and boss.family
    assert catalogue.categories["office"].name.en == "The office"
    assert catalogue.character("the_aunt").category == "tales"
    assert [c.id for c in catalogue.by_category(["office"])] == ["my_boss"]


@pytest.mark.parametrize(
    "broken",
    [
        GOOD_DECK.replace("category: office", "category: nowhere"),
        GOOD_DECK.replace("hair: bun, hair_colour", "hair: topiary, hair_colour"),
        GOOD_DECK.replace("face: glasses}", "face: glasses, cape: red}"),
        GOOD_DECK.replace("[family, old, female]", "[family, old, female]\n    mature: [spiders]"),
        GOOD_DECK.replace("id: the_aunt", "id: merlin"),
        GOOD_DECK.replace("[leader, city, worker]", "[leader, gibberish]"),
        GOOD_DECK.replace("en: My boss}", "}"),
        "characters: [oops\n",
    ],
)
def test_bad_custom_deck_is_skipped_with_a_warning(tmp_path, broken, shipped):
    deck = tmp_path / "custom" / "secret_identity"
    deck.mkdir(parents=True)
    (deck / "a_bad.yaml").write_text(broken, encoding="utf-8")
    (deck / "b_good.yaml").write_text(GOOD_DECK.replace("my_boss", "boss2").replace("the_aunt", "aunt2").replace("office", "office2"), encoding="utf-8")
    catalogue, warnings = load_catalogue(DATA, tmp_path / "custom")
    assert len(warnings) == 1
    assert warnings[0].startswith(f"{deck / 'a_bad.yaml'}:")
    assert catalogue.character("boss2").custom
    assert "my_boss" not in {c.id for c in catalogue.characters}
    assert len(catalogue.characters) == len(shipped.characters) + 2


def test_the_everyday_deck_follows_the_table_language(shipped):
    from game.games.secret_identity.rules.common import character_pool

    english, french = character_pool(shipped, {"deck_lang": "en"}), character_pool(shipped, {"deck_lang": "fr"})
    assert "paul_bunyan" in english and "paul_bunyan" not in french
    assert "gavroche" in french and "gavroche" not in english
    assert "hildegard" not in english + french
    everything = character_pool(shipped, {"connoisseurs": True})
    assert {"paul_bunyan", "gavroche", "hildegard"} <= set(everything)
    assert len(english) >= 250 and len(french) >= 250


def test_one_family_filter_on_by_default_in_every_game_and_one_judgement(shipped):
    """Issue 15 item 7: every game with a deck has the option ``family``, on by default;
    Dracula and the Vampire are judged alike."""
    from game.games import all_games

    for entry in all_games().values():
        specs = {spec.id: spec for spec in entry.options}
        assert not any("family" in key and key != "family" for key in specs), entry.id
        if entry.id != "mission_secrete":  # no deck to filter
            assert specs["family"].default is True, entry.id
            assert entry.default_config(entry.min_seats)["family"] is True, entry.id
    assert shipped.character("dracula").family == shipped.character("vampire").family is True
    assert not shipped.character("bluebeard").family


#: Pictures that look alike at TV size: at most one of each group is a pictogram.
LOOK_ALIKE = (
    {"1F5FC"},                  # Tokyo Tower reads as the Eiffel Tower (and was tagged Asia)
    {"1F47F", "1F608"},         # imp / smiling face with horns
    {"2620", "1F3F4-200D-2620-FE0F"},  # skull and crossbones / pirate flag
    {"1F620", "1F621"},         # angry / pouting
)


def test_no_look_alike_pictograms_and_labels_that_mean_the_tags(shipped):
    icons = {p.icon for p in shipped.pictograms.values()}
    for group in LOOK_ALIKE:
        assert len(group & icons) <= (0 if len(group) == 1 else 1), group
    bishop = shipped.pictograms["chess_bishop"]
    assert "religion" not in bishop.tags  # "Fou" in French
    mask = shipped.pictograms["goblin"]
    assert "Tengu" not in mask.label.fr and "Goblin" not in mask.label.en


def test_hooks_are_the_links_anyone_makes(shipped):
    """Issue 15 item 4: the booklet's own example and the bat are hooks."""
    assert "whale" in shipped.character("pinocchio").hooks
    assert "bat" in shipped.character("dracula").hooks
    from game.games.secret_identity.rules.common import character_pool

    for lang in ("fr", "en"):
        everyday = character_pool(shipped, {"deck_lang": lang})
        assert sum(len(shipped.character(c).hooks) >= 2 for c in everyday) >= 0.8 * len(everyday), lang


def test_a_hook_that_is_no_pictogram_is_a_located_error(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA / "secret_identity", data / "secret_identity")
    shutil.copy(DATA / "family.yaml", data / "family.yaml")
    path = data / "secret_identity" / "characters.yaml"
    text = path.read_text(encoding="utf-8").replace("hooks: [nose, liar, whale", "hooks: [nose, liar, whales", 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_catalogue(data, None)
    assert "characters.yaml:" in str(caught.value) and "'whales'" in str(caught.value)


@pytest.mark.parametrize("old, new", [("generic: [archetypes, creatures]", "generic: [[archetypes], creatures]"),
                                      ("wolves: [big_bad_wolf,", "wolves: [[big_bad_wolf],")])
def test_a_list_where_the_board_rules_name_an_id_is_a_located_error(data_copy, old, new):
    """Found by tests/test_file_fuzz.py: a category or a look-alike that is a list (not an
    id) was a TypeError, not a DataError naming the file and line."""
    path = data_copy / "secret_identity" / "characters.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(DataError) as error:
        load_catalogue(data_copy, None)
    assert str(error.value).startswith(f"{path}:")
