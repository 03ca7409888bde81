"""High contrast reaches the menus' pygame_gui theme (issue 31 item 3): with the setting on,
every menu text reads at 7:1 or more on its ground in every state a widget shows (WCAG
AAA), the buttons' rims and the focus ring are thicker, and the menus on screen follow the
setting as it changes — the accessibility page at once, the screens below when they come
back."""

from __future__ import annotations

import pygame
import pytest

from game.input.intents import Intent
from game.scenes.menus.access import AccessSettingsScene
from game.scenes.menus.settings import SettingsScene
from game.settings import Settings
from game.ui.layout_rules import contrast
from game.ui.menu_gui import SHAPED_STATES, MenuButton
from game.ui.theme import HIGH_CONTRAST, Palette
from tests.menu_helpers import focused_key, make_ctx, press

#: The menus' kinds of button (``MenuScene.button``'s object ids; None: a plain one).
BUTTON_IDS = (None, "@menu_small", "@choice", "@start")


def theme_ctx(high_contrast: bool):
    ctx = make_ctx(lang="en")
    ctx.settings.high_contrast = high_contrast
    ctx.kit.retheme()
    return ctx


def buttons(ctx) -> list[MenuButton]:
    manager = ctx.menu_gui.manager()
    return [MenuButton(ctx.kit, pygame.Rect(0, 0, 400, 90), "Play", manager, object_id=object_id)
            for object_id in BUTTON_IDS]


def text_contrasts(ctx) -> dict[str, float]:
    """Each button kind's text on its fill, state by state, and a label on a row's panel."""
    found = {}
    for button in buttons(ctx):
        theme, ids = button.ui_theme, button.combined_element_ids
        for state in SHAPED_STATES:
            ink, ground = theme.get_colour(f"{state}_text", ids), theme.get_colour(f"{state}_fill", ids)
            found[f"{ids[0]} {state}"] = contrast(tuple(ink)[:3], tuple(ground)[:3])
    theme = ctx.menu_gui.manager().get_theme()
    label = tuple(theme.get_colour("normal_text", ["label"]))[:3]
    for ground in ("panel", "bg"):
        found[f"label on {ground}"] = contrast(label, getattr(ctx.kit.colours, ground))
    return found


def test_every_menu_text_reads_at_7_to_1_in_the_high_contrast_theme():
    strong = text_contrasts(theme_ctx(True))
    weak = {where: ratio for where, ratio in strong.items() if ratio < 7.0}
    assert not weak, weak
    usual = text_contrasts(theme_ctx(False))
    assert any(ratio < 7.0 for ratio in usual.values())  # (the usual theme's disabled buttons are dim)
    assert all(strong[where] >= usual[where] or strong[where] >= 12 for where in strong), (usual, strong)


def test_the_high_contrast_theme_draws_thicker_rims_and_focus():
    def rims_and_ring(high_contrast: bool) -> tuple[set[int], int]:
        ctx = theme_ctx(high_contrast)
        rims = {int(b.ui_theme.get_misc_data("rim_width", b.combined_element_ids)) for b in buttons(ctx)}
        ctx.stack.push(SettingsScene(ctx))
        canvas = pygame.Surface((1920, 1080))
        ctx.stack.top.draw_focus(canvas)
        rect = ctx.stack.top.focused().rect
        column = [canvas.get_at((rect.centerx, y))[:3] for y in range(rect.bottom, rect.bottom + 40)]
        return rims, sum(1 for colour in column if colour == tuple(ctx.kit.colours.accent))

    (usual_rims, usual_ring), (strong_rims, strong_ring) = rims_and_ring(False), rims_and_ring(True)
    assert min(strong_rims) > max(usual_rims)
    assert usual_ring > 0 and strong_ring >= 1.8 * usual_ring  # twice as thick, give or take the glow's edge


def fill_of(scene, key: str) -> tuple[int, ...]:
    """What the item ``key``'s button is filled with when it is not focused."""
    item = next(item for item in scene.items if item.key == key)
    return tuple(item.element.ui_theme.get_colour("normal_fill", item.element.combined_element_ids))[:3]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_menus_on_screen_follow_the_setting(lang):
    ctx = make_ctx(lang=lang)
    ctx.stack.push(SettingsScene(ctx))
    settings_page = ctx.stack.top
    usual_fill = fill_of(settings_page, "access")
    assert usual_fill == Palette().panel
    settings_page.focus_key("access")
    press(ctx, Intent.CONFIRM)
    page = ctx.stack.top
    assert isinstance(page, AccessSettingsScene) and focused_key(page) == "high_contrast"
    before = fill_of(page, "narration")
    press(ctx, Intent.RIGHT)
    assert ctx.settings.high_contrast
    assert fill_of(page, "narration") == HIGH_CONTRAST.panel != before  # this page at once
    assert focused_key(page) == "high_contrast"
    press(ctx, Intent.BACK)
    assert ctx.stack.top is settings_page
    assert fill_of(settings_page, "access") == HIGH_CONTRAST.panel  # the one below when it comes back
    ctx.settings.high_contrast = False  # and back: both themes are built as asked
    ctx.kit.retheme()
    settings_page.resume()
    assert fill_of(settings_page, "access") == usual_fill
