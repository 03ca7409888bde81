"""tools/check_itch.py: the .itch.toml checker CI runs on every bundle."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("check_itch", ROOT / "tools" / "check_itch.py")
check_itch = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check_itch)

GOOD = '[[actions]]\nname = "play"\npath = "secret-salon"\n'


def _bundle(tmp_path: Path, manifest: str) -> Path:
    (tmp_path / "secret-salon").write_text("#!/bin/sh\n", encoding="utf-8")
    (tmp_path / "Game.app" / "Contents").mkdir(parents=True)
    (tmp_path / ".itch.toml").write_text(manifest, encoding="utf-8")
    return tmp_path


def test_the_manifest_the_build_writes_passes(tmp_path, capsys):
    folder = _bundle(tmp_path, GOOD)
    assert check_itch.problems(folder) == []
    assert check_itch.main([str(folder)]) == 0
    assert "ok" in capsys.readouterr().out


def test_a_full_manifest_with_prereqs_and_a_url_passes(tmp_path):
    manifest = (GOOD.replace('"secret-salon"', '"Game.app"')
                + 'platform = "osx"\nargs = ["--windowed"]\nconsole = false\n'
                + '[[actions]]\nname = "Manual"\npath = "https://example.org/manual"\n'
                + '[[prereqs]]\nname = "vcredist-2015-x64"\n')
    assert check_itch.problems(_bundle(tmp_path, manifest)) == []


@pytest.mark.parametrize("manifest, expected", [
    ('[[actions]\nname = "play"', "not TOML"),
    ('[[actions]]\nname = "play"\n', "needs a 'path'"),
    ('[[actions]]\npath = "secret-salon"\n', "needs a 'name'"),
    ('[[action]]\nname = "play"\npath = "secret-salon"\n', "unknown top-level field 'action'"),
    (GOOD + 'exe = "x"\n', "unknown field 'exe'"),
    (GOOD + 'platform = "macos"\n', "platform 'macos'"),
    (GOOD + 'args = "--windowed"\n', "'args' must be a list"),
    (GOOD.replace("secret-salon", "secret-salon.exe"), "does not exist"),
    (GOOD.replace("secret-salon", "../secret-salon"), "must be relative"),
    (GOOD.replace('"play"', '"launch"'), "no action named 'play'"),
    (GOOD + "[[prereqs]]\n", "prereq 1: needs a 'name'"),
    ('actions = "play"\n', "non-empty array"),
])
def test_each_mistake_is_reported(tmp_path, capsys, manifest, expected):
    folder = _bundle(tmp_path, manifest)
    assert any(expected in problem for problem in check_itch.problems(folder)), check_itch.problems(folder)
    assert check_itch.main([str(folder)]) == 1
    assert expected in capsys.readouterr().err


def test_a_folder_without_manifest_fails(tmp_path):
    assert check_itch.main([str(tmp_path)]) == 1
