"""A text's size and ink box worked out from its lines (``kit.text_geometry``) are those of
the picture ``kit.text`` draws: the Secret Identity hub's fit tries up to 90 step and width
pairs with them and draws only the one it keeps (issue 32 item 2: a search drew them all,
15 ms on a fast machine), so its answers must not move by a pixel."""

from __future__ import annotations

import random

import pytest
import yaml

from game import paths
from game.shots import ShotRequest, prepare


def _phrases(lang: str) -> list[str]:
    """The Secret Identity strings of ``lang``, the placeholders filled with long names."""
    found: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, str) and node.strip():
            found.append(node.replace("{name}", "Marie-Antoinette").replace("{names}", "Jean-Christophe, Konstantinos"))

    walk(yaml.safe_load((paths.data_dir() / "i18n" / lang / "secret_identity.yaml").read_text(encoding="utf-8")))
    return found


@pytest.fixture(scope="module")
def kit():
    ctx = prepare("title", ShotRequest(ticks=0))
    yield ctx.kit
    ctx.stack.clear()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_worked_out_shape_is_the_drawn_one(kit, lang):
    chosen = random.Random(lang).sample(_phrases(lang), 60) + ["", "Un", "Marie-Antoinette\nKonstantinos"]
    checked = 0
    for index, text in enumerate(chosen):
        size = (44, 36, 32, 30, 28, 20)[index % 6]
        for width in (None, 160, 232, 340):
            for align in ("center", "left", "right"):
                shadow = (index + checked) % 2 == 0
                image = kit.text(text, size, max_width=width, align=align, shadow=shadow)
                shape = kit.text_geometry(text, size, width, align, shadow)
                assert shape == (image.get_size(), image.get_bounding_rect()), (text, size, width, align, shadow)
                checked += 1
    assert checked == len(chosen) * 12


def test_a_larger_text_setting_is_worked_out_at_its_drawn_size(kit):
    kit.settings.text_scale = 1.3
    try:
        image = kit.text("Le coffre de Marie-Antoinette est ouvert", 36, max_width=232, align="center", shadow=True)
        assert kit.text_geometry("Le coffre de Marie-Antoinette est ouvert", 36, 232, "center", True) == \
            (image.get_size(), image.get_bounding_rect())
    finally:
        kit.settings.text_scale = 1.0


def test_a_remembered_line_width_is_the_font_s_at_each_text_setting_and_the_memo_stays_bounded(kit, monkeypatch):
    """``kit.texts.width`` (what wrapping and the fits measure with) answers what the font
    measures, at the text setting in use, however often it is asked; it keeps
    :data:`~game.ui.text.LINE_WIDTHS` lines at most."""
    from game.ui import text as text_module

    phrases = _phrases("fr")[:40]
    for scale in (1.0, 1.3, 1.0):
        kit.settings.text_scale = scale
        try:
            for phrase in phrases:
                for size in (28, 36):
                    assert kit.texts.width(phrase, size) == kit.font(size).size(phrase)[0], (phrase, size, scale)
                    assert kit.wrap(phrase, size, 300) == kit.wrap(phrase, size, 300)
        finally:
            kit.settings.text_scale = 1.0
    monkeypatch.setattr(text_module, "LINE_WIDTHS", 50)
    for n in range(200):
        kit.texts.width(f"ligne {n}", 28)
        assert len(kit.texts._widths) <= 50
