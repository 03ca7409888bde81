"""Character portraits: an emoji that is no pictogram, or a drawn medallion (issue 15 item 1)."""

from pathlib import Path

import pygame

from game.games.secret_identity.rules.catalogue import load_catalogue
from game.games.secret_identity.ui.portrait import Portrait, initials, portrait
from game.settings import Settings
from game.ui.kit import UiKit

DATA = Path(__file__).resolve().parent.parent / "data"


def test_initials_skip_articles_and_titles():
    assert initials("Le Comte Dracula") == "D"
    assert initials("Napoléon Bonaparte") == "NB"
    assert initials("Louis XIV, le Roi-Soleil") == "LX"
    assert initials("La Reine") == "R"  # nothing but skipped words: the last one
    assert initials("L'Ogre") == "O"


def test_a_character_without_emoji_gets_a_medallion_in_its_category_colour():
    pygame.init()
    catalogue, _ = load_catalogue(DATA)
    kit = UiKit(Settings())
    zeus, vampire = catalogue.character("zeus"), catalogue.character("vampire")
    assert zeus.icon is None and vampire.icon is not None
    medal = portrait(kit, zeus, "fr", 86, "2753")
    assert medal.get_size() == (86, 86)
    assert medal.get_at((43, 2))[:3] != (0, 0, 0) and medal.get_at((0, 0)).a == 0  # a round frame
    assert portrait(kit, zeus, "fr", 86, "2753") is medal  # drawn once
    assert portrait(kit, vampire, "fr", 86, "2753") is kit.icon(vampire.icon, 86)
    assert Portrait(zeus, "fr", "2753") == Portrait(zeus, "fr", "2753")  # the public ring compares options
