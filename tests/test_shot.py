"""The shot command: a registry of scenes from every module with screens (game/shots.py), PNGs out."""

import pygame
import pytest

from game.__main__ import main
from game import shots


def test_registry_holds_the_shared_overlays():
    names = shots.registry()
    assert {"peek", "peek.open", "ring", "ring.peek"} <= set(names)


def test_missing_modules_are_skipped_but_broken_ones_raise(tmp_path, monkeypatch):
    assert shots._import_optional("game.scenes.not_written_yet") is None
    assert shots._import_optional("game.games.not_a_game.scenes") is None
    broken = tmp_path / "broken_shots_mod.py"
    broken.write_text("import module_that_does_not_exist_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        shots._import_optional("broken_shots_mod")


@pytest.mark.parametrize("name", ["peek", "ring"])
def test_shot_writes_a_1080p_png(tmp_path, name, capsys):
    out = tmp_path / "shots" / f"{name}.png"
    assert main(["shot", name, "--out", str(out), "--seats", "8", "--ticks", "5", "--lang", "en"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1920, 1080)


def test_list_and_unknown_names(capsys, tmp_path):
    assert main(["shot", "--list"]) == 0
    listed = capsys.readouterr().out.split()
    assert "ring" in listed and listed == sorted(listed)
    assert main(["shot", "no.such.scene", "--out", str(tmp_path / "x.png")]) == 2
    assert "unknown scene" in capsys.readouterr().err
