"""Character portraits (issue 27 item 1): every character declares one in the data,
made from the kit's parts, drawn once per size, one size on every card of a board."""

import shutil
from pathlib import Path

import pygame
import pytest
import yaml

from game.data_loading import DataError
from game.games.secret_identity.rules.catalogue import load_catalogue
from game.games.secret_identity.rules.portraits import Look, portrait_svg
from game.games.secret_identity.ui import widgets
from game.games.secret_identity.ui.portrait import Portrait, portrait
from game.settings import Settings
from game.ui.kit import UiKit

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture(scope="module")
def shipped():
    return load_catalogue(DATA)[0]


def test_every_character_declares_a_portrait_of_its_own(shipped):
    raw = yaml.safe_load((DATA / "secret_identity" / "characters.yaml").read_text(encoding="utf-8"))
    assert [c["id"] for c in raw["characters"] if not c.get("portrait")] == []
    looks = {}
    for character in shipped.characters:
        assert character.look != Look(), character.id  # made from parts that fit it
        looks.setdefault(character.look, []).append(character.id)
    assert [ids for ids in looks.values() if len(ids) > 1] == []  # no two drawn alike


def test_the_families_tell_apart_look_different(shipped):
    """Zeus and Poseidon, Snow White and Cinderella, a knight and a king: a different
    prop and headwear each."""
    for a, b in (("zeus", "poseidon"), ("snow_white", "cinderella"), ("knight", "king")):
        look_a, look_b = shipped.character(a).look, shipped.character(b).look
        assert look_a.prop != look_b.prop and look_a.headwear != look_b.headwear, (a, b)


def test_a_portrait_is_drawn_once_per_size_from_the_kit(shipped):
    pygame.init()
    kit = UiKit(Settings())
    zeus = shipped.character("zeus")
    image = portrait(kit, shipped.kit, zeus, 100)
    assert image.get_size() == (100, 100)
    assert image.get_at((50, 50)).a == 255 and image.get_at((0, 0)).a == 0  # a rounded card
    assert portrait(kit, shipped.kit, zeus, 100) is image
    assert Portrait(zeus, shipped.kit) == Portrait(zeus, shipped.kit)  # the public ring compares options
    assert "<text" not in portrait_svg(shipped.kit, zeus.look, "#ffffff")


def test_every_card_of_a_board_has_its_portrait_at_one_readable_size(shipped, monkeypatch):
    """At least 96 px whatever the name's length (the medallions went from 25 to 80)."""
    pygame.init()
    sizes = []
    real = widgets.portrait
    monkeypatch.setattr(widgets, "portrait", lambda kit, kit2, c, size: sizes.append(size) or real(kit, kit2, c, size))

    class Ctx:
        kit = UiKit(Settings())
        settings = Settings()

        class catalogue:
            @staticmethod
            def game(key):
                return shipped

    surface = pygame.Surface((1920, 1080))
    for number, character_id in enumerate(("zeus", "gingerbread_witch", "wicked_witch_west", "monsieur_jourdain"), 1):
        widgets.draw_character_slot(surface, Ctx, shipped.character(character_id), number, (400 * number, 500))
    assert len(sizes) == 4 and len(set(sizes)) == 1 and sizes[0] >= 96


def test_a_portrait_naming_a_part_the_kit_lacks_is_a_located_error(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA / "secret_identity", data / "secret_identity")
    shutil.copy(DATA / "family.yaml", data / "family.yaml")
    path = data / "secret_identity" / "characters.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    line = next(i for i, text in enumerate(lines) if text.startswith("    portrait: {") and "trident" in text)
    lines[line] = lines[line].replace("trident", "harpoon")
    path.write_text("\n".join(lines), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_catalogue(data)
    assert f"characters.yaml:{line + 1}" in str(caught.value) and "'harpoon'" in str(caught.value)
