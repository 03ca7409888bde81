"""The catalogue loads the games' data lazily (start-up): one game on first use, once,
from any thread; a background preload for the rest; custom-deck warnings up front."""

import threading
import time

from game import paths
from game.catalogue import load_catalogue
from game.context import _load_catalogue


def test_a_game_is_parsed_on_first_use_only():
    catalogue = load_catalogue(paths.data_dir(), None, eager=False)
    assert catalogue.catalogues.loaded == {} and catalogue.version and catalogue.strings.get("common.app_name")
    incognito = catalogue.game("incognito")
    assert set(catalogue.catalogues.loaded) == {"incognito"}
    assert catalogue.game("incognito") is incognito
    assert set(catalogue.games) == set(catalogue.catalogues.keys)   # ``games`` parses the rest


def test_threads_asking_together_parse_once():
    catalogue = load_catalogue(paths.data_dir(), None, eager=False)
    games = catalogue.catalogues
    real, calls = games._load, []

    def slow(key):
        calls.append(threading.current_thread().name)
        time.sleep(0.05)
        return real(key)

    games._load = slow
    got = []
    threads = [threading.Thread(target=lambda: got.append(catalogue.game("mission_secrete"))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(calls) == 1 and len(got) == 4 and all(g is got[0] for g in got)


def test_preload_parses_everything_behind_the_title_then_calls_back():
    catalogue = load_catalogue(paths.data_dir(), None, eager=False)
    done = threading.Event()
    catalogue.catalogues.preload(then=done.set).join(timeout=60)
    assert done.is_set() and set(catalogue.catalogues.loaded) == set(catalogue.catalogues.keys)


def test_custom_deck_warnings_are_known_at_start(tmp_path):
    custom = tmp_path / "decks"
    (custom / "incognito").mkdir(parents=True)
    (custom / "incognito" / "broken.yaml").write_text("words:\n  - id: x\n    name: {fr: X}\n", encoding="utf-8")
    catalogue = _load_catalogue(paths.data_dir(), custom, "fr", lazy=True)
    assert set(catalogue.catalogues.loaded) == {"incognito"}      # only the game with a custom deck
    assert len(catalogue.warnings) == 1 and "broken.yaml:3" in catalogue.warnings[0]
