"""The tests' user folders (tests/conftest.py): every one the game writes in is inside the
run's temp folder, in the tests and in the children they start, never the player's own."""

import json
import os
import subprocess
import sys
from pathlib import Path

from game import disk_cache, paths, settings
from game.games.incognito.ui.results import pictures_folder
from game.games.personality.ui.portraits import pictures_dir

ROOT = Path(__file__).resolve().parent.parent

#: The folders a child process sees (a CLI run, a bench child): the environment is all it has.
CHILD = """
import json
from game import disk_cache, paths
print(json.dumps([str(disk_cache.cache_dir("pictures")), str(paths.user_config_dir()),
                  str(paths.user_data_dir()), str(paths.user_log_dir())]))
"""


def test_every_user_folder_the_game_uses_is_in_the_runs_temp_folder(tmp_path_factory):
    base = tmp_path_factory.getbasetemp().resolve()
    if os.environ.get("PYTEST_XDIST_WORKER"):  # the run's, above the worker's: the cache is the workers' (conftest)
        base = base.parent
    here = [disk_cache.cache_dir("pictures"), disk_cache.cache_dir("outlines"), paths.user_config_dir(),
            settings.default_path(), paths.user_data_dir(), paths.autosave_path(), paths.user_data_dir() / "decks",
            paths.user_log_dir(), pictures_dir(), pictures_folder()]
    child = subprocess.run([sys.executable, "-c", CHILD], env=dict(os.environ, PYTHONPATH=str(ROOT)),
                           capture_output=True, text=True, check=True, timeout=60)
    for folder in here + [Path(name) for name in json.loads(child.stdout)]:
        assert base in folder.resolve().parents, folder


def test_a_test_that_sets_its_own_cache_folder_gets_it(tmp_path, monkeypatch):
    session_cache = disk_cache.cache_dir("sounds")
    assert tmp_path not in session_cache.parents  # one folder for the whole run, not the test's
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "own"))
    assert (tmp_path / "own") in disk_cache.cache_dir("sounds").parents
