"""The accessibility settings (issue 31): each survives a restart (the settings file), a
bad value in the file is reported and repaired, never a crash, and the settings' own
accessibility page is driven by a pad alone, in French and in English."""

from __future__ import annotations

import json

import pytest

from game.input.intents import Intent
from game.scenes.menus.access import AccessSettingsScene
from game.scenes.menus.settings import SettingsScene
from game.settings import NOTICE_REPAIRED, Settings, load_settings, save_settings
from tests.menu_helpers import draw, focused_key, make_ctx, press

#: Each accessibility setting, a value other than its default, and a bad value.
CHANGED = {"high_contrast": (True, "yes"), "narration": (True, 1), "captions": (True, "on"), "hold_toggle": (True, "no"),
           "stick_dead_zone": (0.35, 0.9), "reduce_motion": (True, None), "timer_preset": ("off", "never")}
#: The page's rows by the field each changes.
FIELDS = {"timers": "timer_preset"}


def test_every_accessibility_setting_survives_a_restart(tmp_path):
    path = tmp_path / "settings.json"
    wanted = Settings(lang="en", **{name: value for name, (value, _) in CHANGED.items()})
    save_settings(wanted, path)
    loaded, notice = load_settings(path)
    assert loaded == wanted and notice is None


@pytest.mark.parametrize("name", sorted(CHANGED))
def test_a_bad_accessibility_value_is_reported_and_repaired(tmp_path, name):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"lang": "en", name: CHANGED[name][1]}))
    settings, notice = load_settings(path)
    assert notice == NOTICE_REPAIRED and getattr(settings, name) == getattr(Settings(), name)
    assert json.loads((tmp_path / "settings.json.bak").read_text())[name] == CHANGED[name][1]
    assert load_settings(path) == (settings, None)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_pad_opens_the_accessibility_page_and_turns_each_setting(lang):
    ctx = make_ctx(lang=lang)
    ctx.stack.push(SettingsScene(ctx))
    settings_page = ctx.stack.top
    for _ in range(12):  # down the left column to its last row
        if focused_key(settings_page) == "access":
            break
        press(ctx, Intent.DOWN)
    assert focused_key(settings_page) == "access"
    press(ctx, Intent.CONFIRM)
    page = ctx.stack.top
    assert isinstance(page, AccessSettingsScene)
    assert page.items and all(item.label for item in page.items)
    seen = []
    for _ in range(len(page.items)):
        key = FIELDS.get(focused_key(page), focused_key(page))
        seen.append(key)
        before = getattr(ctx.settings, key)
        press(ctx, Intent.RIGHT)
        assert getattr(ctx.settings, key) != before, key
        assert getattr(load_settings()[0], key) == getattr(ctx.settings, key), key
        press(ctx, Intent.LEFT)
        assert getattr(ctx.settings, key) == before, key
        press(ctx, Intent.DOWN)
    assert set(seen) == set(CHANGED), seen
    draw(ctx)
    press(ctx, Intent.BACK)
    assert ctx.stack.top is settings_page
