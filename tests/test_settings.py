"""Settings: defaults, validation per field, corrupt file (or a pipe, a device, a link to
nothing in its place) kept as .bak, a BOM read, atomic save."""

import json
import os
import sys

from game import settings as settings_mod
import pytest

from game.settings import (COMPANION_PORTS, NOTICE_CORRUPT, NOTICE_REPAIRED, Settings, load_settings, save_settings,
                           system_lang)


def test_missing_file_gives_defaults_without_notice(tmp_path):
    settings, notice = load_settings(tmp_path / "settings.json")
    assert settings == Settings()
    assert notice is None


def test_round_trip(tmp_path):
    path = tmp_path / "cfg" / "settings.json"
    wanted = Settings(lang="en", fullscreen=True, music_volume=0.2, sound_volume=1.0, text_scale=1.3,
                      safe_area=0.10, timer_preset="extended", rumble=False)
    save_settings(wanted, path)
    loaded, notice = load_settings(path)
    assert loaded == wanted and notice is None
    assert loaded.timer_scale == 1.5


def test_garbage_file_gives_defaults_notice_and_backup(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b"\x00\xffnot json {{{")
    settings, notice = load_settings(path)
    assert settings == Settings()
    assert notice == NOTICE_CORRUPT
    backup = tmp_path / "settings.json.bak"
    assert backup.read_bytes() == b"\x00\xffnot json {{{"
    assert not path.exists()


def test_non_object_json_is_corrupt(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("[1, 2, 3]")
    settings, notice = load_settings(path)
    assert settings == Settings() and notice == NOTICE_CORRUPT
    assert (tmp_path / "settings.json.bak").exists()


def test_bad_fields_fall_back_one_by_one_with_a_notice_and_a_backup(tmp_path):
    path = tmp_path / "settings.json"
    text = json.dumps({
        "lang": "de", "fullscreen": "yes", "music_volume": 3, "sound_volume": 0.5,
        "text_scale": True, "safe_area": 0.1, "timer_preset": "slow", "rumble": False, "extra": 1,
    })
    path.write_text(text)
    settings, notice = load_settings(path)
    assert notice == NOTICE_REPAIRED and (tmp_path / "settings.json.bak").read_text() == text
    assert settings.lang == "fr" and settings.fullscreen is True and settings.music_volume == 0.6
    assert settings.sound_volume == 0.5 and settings.text_scale == 1.0
    assert settings.safe_area == 0.1 and settings.timer_preset == "normal" and settings.rumble is False
    assert load_settings(path) == (settings, None)  # repaired on disk: the notice shows once


@pytest.mark.parametrize("preset", [[], {}, {"a": 1}, [["normal"]]])
def test_a_timer_preset_of_the_wrong_type_falls_back(tmp_path, preset):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"timer_preset": preset, "lang": "en"}))
    settings, notice = load_settings(path)
    assert settings == Settings(lang="en") and notice == NOTICE_REPAIRED
    assert json.loads((tmp_path / "settings.json.bak").read_text())["timer_preset"] == preset


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, '{"a": ' * 50_000 + "1" + "}" * 50_000,
                                  '{"music_volume": ' + "9" * 5000 + "}"])
def test_json_the_parser_cannot_take_gives_defaults_and_a_backup(tmp_path, text):
    path = tmp_path / "settings.json"
    path.write_text(text)
    assert load_settings(path) == (Settings(), NOTICE_CORRUPT)
    assert (tmp_path / "settings.json.bak").read_text() == text and not path.exists()


def test_timer_scale_presets():
    assert Settings(timer_preset="normal").timer_scale == 1.0
    assert Settings(timer_preset="extended").timer_scale == 1.5
    assert Settings(timer_preset="off").timer_scale == 0.0


def test_save_is_atomic_and_leaves_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "settings.json"
    save_settings(Settings(lang="en"), path)

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    try:
        save_settings(Settings(lang="fr"), path)
    except OSError:
        pass
    monkeypatch.undo()
    assert load_settings(path)[0].lang == "en"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left


def test_default_path_is_in_user_config(tmp_path):
    assert str(settings_mod.default_path()).startswith(str(tmp_path / "config"))


def test_first_launch_is_full_screen_in_the_system_language(tmp_path, monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en_GB:fr")
    assert load_settings(tmp_path / "settings.json")[0] == Settings(lang="en", fullscreen=True)
    monkeypatch.setenv("LANGUAGE", "fr_CA")
    assert load_settings(tmp_path / "settings.json")[0] == Settings(lang="fr", fullscreen=True)


@pytest.mark.parametrize("environ, lang", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_BE@euro"}, "fr"),
    ({"LANG": "fr"}, "fr"),
    ({"LANG": "en_US.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "en"),  # LC_MESSAGES before LANG
    ({"LANG": "en_US.UTF-8", "LC_ALL": "fr_CH.UTF-8"}, "fr"),       # LC_ALL before both
    ({"LC_ALL": "en_US.UTF-8", "LANGUAGE": "fr:en"}, "fr"),         # gettext's list first
    ({"LANGUAGE": "", "LANG": "fr_FR.UTF-8"}, "fr"),                # an empty variable is unset
])
def test_system_language_from_the_locale_variables(environ, lang):
    assert system_lang(environ, preferred_locales=lambda: [{"language": "xx", "country": None}]) == lang


@pytest.mark.parametrize("preferred, lang", [
    ([{"language": "fr", "country": "CA"}, {"language": "en", "country": "US"}], "fr"),
    ([{"language": "en", "country": "GB"}, {"language": "fr", "country": "FR"}], "en"),  # the first one
    ([{"language": "fr-FR", "country": None}], "fr"),
    ([], "en"),
])
def test_without_locale_variables_the_systems_preferred_languages_decide(preferred, lang):
    assert system_lang({}, preferred_locales=lambda: preferred) == lang


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SDL reads LANG there; elsewhere the OS's own list")
def test_sdl_is_asked_when_no_variable_is_given(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert system_lang({}) == "fr"
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert system_lang({}) == "en"


def test_a_repaired_settings_file_is_told_on_screen(tmp_path):
    from game.context import build_context

    (tmp_path / "settings.json").write_text('{"timer_preset": {"normal": 1}, "lang": "en"}')
    ctx = build_context(headless=True, config_dir=tmp_path)
    assert ctx.settings.lang == "en" and ctx.notices[:1] == [ctx.t(NOTICE_REPAIRED)]


@pytest.mark.parametrize("raw, on, port", [
    ({"companion": False, "companion_port": 51000}, False, 51000),
    ({"companion": "yes", "companion_port": 80}, True, 50505),
    ({"companion_port": 70000}, True, 50505),
    ({"companion_port": 50505.0}, True, 50505),
    ({"companion_port": True}, True, 50505),
])
def test_the_phone_companion_settings_are_validated(tmp_path, raw, on, port):
    """Companion on/off and its port: a bad value falls back to the default (a port is an
    int from 1024 to 65535, not a float or a bool), like every other setting."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    settings, _ = load_settings(path)
    assert settings.companion is on and settings.companion_port == port
    assert Settings().companion is True and Settings().companion_port == COMPANION_PORTS[0] == 50505
    assert 49152 <= COMPANION_PORTS[0] <= 65535


# --- the file itself: a pipe, a device, a link to nothing, a BOM (issue 25 items 8-11) -----
def _settings_file():
    """The settings file the app's start reads (the user's config folder), its folder made."""
    path = settings_mod.default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def _start():
    """The app's start as far as the settings go: the real settings file, read by
    ``build_context`` (headless), its notices."""
    from game.context import build_context

    return build_context(headless=True)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("make", [
    lambda path: os.mkfifo(path),                               # a named pipe: reading it waited for a writer
    lambda path: path.symlink_to("/dev/zero"),                  # a device: read until MemoryError
    lambda path: path.symlink_to(path.parent / "usb" / "settings.json"),  # a link to a drive since unplugged
    lambda path: path.symlink_to(path.name),                    # a link to itself
], ids=["fifo", "dev-zero", "dangling-link", "looping-link"])
def test_settings_that_are_no_file_reset_with_a_notice_and_are_kept_aside(make):
    path = _settings_file()
    make(path)
    kind = path.lstat().st_mode
    ctx = _start()
    assert ctx.settings == Settings() and ctx.notices == [ctx.t(NOTICE_CORRUPT)]
    backup = path.with_name("settings.json.bak")
    assert backup.lstat().st_mode == kind and not os.path.lexists(path)  # the very file, moved aside unread


def test_settings_with_a_utf8_bom_are_read():
    """Windows' Notepad starts a UTF-8 file with a BOM: the settings are the file's."""
    path = _settings_file()
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"lang": "en", "music_volume": 0.2}).encode())
    ctx = _start()
    assert (ctx.settings.lang, ctx.settings.music_volume, ctx.notices) == ("en", 0.2, [])
    assert not path.with_name("settings.json.bak").exists()


def test_strings_that_are_not_text_fall_back_like_any_bad_value(tmp_path):
    """A lone surrogate or a control character in a setting's string (or in a key) is a
    bad value like another: that setting's default, the repaired notice, the file as it
    was in ``.bak``. (So it was already: the strings are checked against their choices.)"""
    path = tmp_path / "settings.json"
    text = '{"lang": "en\\ud800", "timer_preset": "off\\u0007", "\\udc80": 1, "rumble": false}'
    path.write_text(text, encoding="utf-8")
    settings, notice = load_settings(path)
    assert settings == Settings(rumble=False) and notice == NOTICE_REPAIRED
    assert (tmp_path / "settings.json.bak").read_text(encoding="utf-8") == text
    assert load_settings(path) == (settings, None)
