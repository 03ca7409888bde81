"""The credits in both languages (issue 28 item 5): the French screen shows CREDITS.fr.md,
which names every work, licence and licence text the English page names."""

import re
from pathlib import Path

import pytest

from game.scenes.menus.credits import CreditsScene, parse_markdown
from menu_helpers import make_ctx

ROOT = Path(__file__).resolve().parent.parent


def page(name):
    return (ROOT / name).read_text(encoding="utf-8")


def test_the_french_credits_name_what_the_english_name():
    english, french = page("CREDITS.md"), page("CREDITS.fr.md")
    quoted = set(re.findall(r"`([^`]+)`", english))
    assert quoted and quoted <= set(re.findall(r"`([^`]+)`", french))
    for licence in ("CC BY-SA 4.0", "OFL-1.1", "LGPL-2.1", "BSD-3-Clause", "Apache-2.0", "PSF-2.0", "MIT", "Unicode"):
        assert licence in french, licence
    kinds = [[kind for kind, _ in parse_markdown(text)] for text in (english, french)]
    assert kinds[0] == kinds[1]  # the same headings and bullets, in the same order


@pytest.mark.parametrize("lang, heading, words", [("fr", "Pictogrammes", "Licence\u00a0:"),
                                                  ("en", "Pictograms", "Licence:")])
def test_the_credits_screen_speaks_the_players_language(lang, heading, words):
    ctx = make_ctx(lang=lang)
    ctx.stack.push(CreditsScene(ctx))
    blocks = ctx.stack.top.blocks
    assert blocks[1].text == heading and words in blocks[2].text
