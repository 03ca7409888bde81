"""Test set-up: no screen, no sound card, and every user folder inside a temp dir."""

import gc
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Bytecode kept (``__pycache__``, git-ignored), whatever the machine says: with
# PYTHONDONTWRITEBYTECODE (set on the VMs we run on) each xdist worker and every
# ``python -m game`` child a test starts (the CLI, the bench's children, start-up timings)
# compiled the game's modules, and each worker rewrote the tests' asserts, anew.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


#: A RAM disk, where the system has one (Linux): the tests' folders go there.
RAM_DISK = Path("/dev/shm")
#: Free room the RAM disk needs to be used (the whole suite's folders stay until it ends).
RAM_DISK_ROOM = 2 << 30


def pytest_configure(config):
    """The tests' temp folders (``tmp_path``, so the user folders below) on the RAM disk
    when there is one and ``--basetemp`` does not say otherwise: a match writes its save
    at every action, each an fsync and a rename (core/files.write_atomic), and on a busy
    disk waiting for those was most of an input storm's time. A small RAM disk (a
    container's is 64 MB by default) is passed over. The same files, written and renamed
    the same way; the folder goes when the run ends, and a killed run's
    (named after its process) at the next run."""
    if (config.option.basetemp is None and RAM_DISK.is_dir() and os.access(RAM_DISK, os.W_OK)
            and shutil.disk_usage(RAM_DISK).free >= RAM_DISK_ROOM):
        for left in RAM_DISK.glob("secret-salon-tests-*"):
            if not _running(left.name.split("-")[3]):
                shutil.rmtree(left, ignore_errors=True)
        base = tempfile.mkdtemp(prefix=f"secret-salon-tests-{os.getpid()}-", dir=RAM_DISK)
        config.option.basetemp = base
        config.add_cleanup(lambda: shutil.rmtree(base, ignore_errors=True))


#: Modules whose tests are each a unit of work of their own, given to whichever worker
#: is free: tests that share no costly module fixture (test_layout's: one screen in one
#: language and view each). Every other module is one unit (its module fixtures made once,
#: on one worker).
SPREAD = frozenset({
    "test_storm.py", "test_harness.py", "test_tv_secrets.py", "test_e2e_secret_identity.py",
    "test_move_data.py", "test_incognito_rules.py", "test_phone_table.py",
    "test_phone_seats.py", "test_bot_levels.py", "test_companion_si.py", "test_incognito_tv.py",
    "test_layout.py",
})
#: Of :data:`SPREAD`, modules whose tests' ``same`` and ``other`` cases share a recorded run
#: (a module fixture): both cases of a test are one unit, on one worker.
PAIRED = frozenset({"test_tv_secrets.py"})
#: Modules run before the others, those with the longest units first (CPU seconds alone,
#: ``-n0``: the build ~45, the phone browsers ~20 in one unit...), so that no long test
#: starts last while the other worker has nothing left to do.
FIRST = (
    "test_build.py", "test_phone_browser.py", "test_howto_pictures.py", "test_e2e_incognito.py",
    "test_e2e_personality.py", "test_storm.py", "test_bot_levels.py", "test_e2e_secret_identity.py",
    "test_incognito_tv.py", "test_companion_si.py", "test_tv_secrets.py", "test_harness.py",
    "test_phone_table.py", "test_phone_seats.py", "test_menu_memory.py", "test_types.py",
    "test_move_data.py", "test_incognito_rules.py", "test_si_deal.py",
)
#: Modules run after all the others: test_layout's ~500 short units even out the end.
LAST = ("test_layout.py",)


def work_unit(nodeid: str) -> str:
    """The unit of work a test belongs to: the tests of a unit run on one worker, in a row."""
    path, _, test = nodeid.partition("::")
    module = path.rsplit("/", 1)[-1]
    if module in PAIRED:
        return re.sub(r"\[(?:same|other)-?", "[", nodeid)  # "…[same-read]" and "…[other-read]": "…[read]"
    return nodeid if module in SPREAD else path


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Both cores busy to the end (pyproject's ``-n auto``): whole units of work
    (:func:`work_unit`) in the order collected (:func:`pytest_collection_modifyitems`),
    each to the first worker with little left. xdist's ``loadgroup`` would do this from
    ``xdist_group`` marks, but with pytest 9.2 it silently stops grouping
    (pytest-dev/pytest-xdist#1386). An explicit ``--dist`` keeps its own."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByUnit(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False  # (its default sorts the units by test count)
    return ByUnit(config, log)


def pytest_collection_modifyitems(config, items):
    """The modules of :data:`FIRST` first, in that order, those of :data:`LAST` last; the
    order within a module kept."""
    rank = {name: index for index, name in enumerate(FIRST)} | {name: len(FIRST) + 1 for name in LAST}
    items.sort(key=lambda item: rank.get(item.path.name, len(FIRST)))


def pytest_collection_finish(session):
    """Everything collection made (the modules, pygame, Hypothesis, every parametrised
    case) set aside from the cyclic GC, as ``play`` freezes what it loaded: the App runs a
    full collection each time a scene leaves (game/heap.py), and over a test process's
    whole heap that was ~13 % of an input storm."""
    gc.collect()
    gc.freeze()


def _running(pid: str) -> bool:
    """The process ``pid`` runs (or the name holds no process id): its folder may be in use."""
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return False
    except (ValueError, PermissionError):  # not a number; another user's process
        return True
    return True


def run_temp(tmp_path_factory) -> Path:
    """The whole run's temp folder: the basetemp, or under xdist the one above each
    worker's (``…/popen-gw0``), which xdist makes for the run."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(autouse=True, scope="session")
def _user_cache(tmp_path_factory):
    """The whole run's user cache (``disk_cache.cache_dir``) in one temp folder, never the
    player's ``~/.cache``: a start prunes the files it does not read (play.settle_and_prune),
    and a test's recipes must not pile up beside the player's or replace them. One folder
    for the run, not one a test: a sound, a tune or an outline made once is read back by the
    tests after it, as the game does. In the environment, so the game's children (CLI runs,
    bench children) inherit it; a test that sets its own (``XDG_CACHE_HOME``,
    ``disk_cache.cache_dir``) overrides it. Under xdist the workers share it (it sits in the
    run's temp folder, above each worker's): an outline, a sound or a tune is made once a
    run, not once a worker; two makers of one file each write their own temp file and
    rename it (disk_cache.keep), and a reader takes a whole file or makes it."""
    folder = run_temp(tmp_path_factory) / "cache"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(folder))
        if not sys.platform.startswith("linux"):  # platformdirs reads XDG on Linux only
            import platformdirs

            patch.setattr(platformdirs, "user_cache_dir", lambda app, *_, **__: str(folder / app))
        yield folder


@pytest.fixture(autouse=True)
def _user_dirs(request, tmp_path_factory, monkeypatch):
    """Every test gets its own config and data folders (XDG on Linux), on a French system
    (the first launch's language follows the system's: the machine's must not matter).
    A test that asks for ``tmp_path`` finds them in it (``tmp_path / "config"``…); another
    gets a fresh folder of its own in the worker's temp folder, made by one ``mkdtemp``:
    pytest's numbered ``tmp_path`` lists the folder for the next number, and for the ~8,000
    tests that do not look at theirs that was ~0.5 ms each."""
    if "tmp_path" in request.fixturenames:
        root = request.getfixturevalue("tmp_path")
    else:
        root = Path(tempfile.mkdtemp(prefix="user-", dir=tmp_path_factory.getbasetemp()))
    monkeypatch.setenv("LANGUAGE", "fr")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(root / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(root / "data"))
    monkeypatch.setenv("XDG_PICTURES_DIR", str(root / "pictures"))
    monkeypatch.setenv("XDG_STATE_HOME", str(root / "state"))  # the crash log
    if not sys.platform.startswith("linux"):  # platformdirs reads XDG on Linux only: the same folders here
        import platformdirs

        for name, folder in (("user_config_dir", "config"), ("user_data_dir", "data"), ("user_log_dir", "state")):
            monkeypatch.setattr(platformdirs, name, lambda app, *_, _at=root / folder, **__: str(_at / app))
        monkeypatch.setattr(platformdirs, "user_pictures_dir", lambda: str(root / "pictures"))
    yield


@pytest.fixture
def english_room():
    """An e2e room (tests/e2e.py) in English; its stack is cleared before the pads leave
    (their seats would go with them)."""
    from tests.e2e import Room

    room = Room(lang="en")
    yield room
    room.ctx.stack.clear()
    room.close()
