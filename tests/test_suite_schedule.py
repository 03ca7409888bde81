"""How the suite shares the two cores (issue 26 item 8; tests/conftest.py): xdist gets
whole units of work — a module (its module fixtures made once), one long test of a
SPREAD module (one screen in one language and view, for test_layout: drawn once) — the FIRST
modules first, so that no long test starts last, and test_layout's short units last."""

from pathlib import Path
from types import SimpleNamespace

import conftest  # tests/conftest.py, the one pytest loaded (tests/ is on the path)

HERE = Path(__file__).resolve().parent
LAYOUT = "tests/test_layout.py::test_screen_layout[{}]"


def test_the_modules_the_schedule_names_exist():
    """A renamed module would silently lose its place: every name is a test module."""
    modules = {path.name for path in HERE.glob("test_*.py")}
    named = {*conftest.FIRST, *conftest.LAST}
    assert named <= modules and conftest.SPREAD <= modules, (named | conftest.SPREAD) - modules
    assert len(named) == len(conftest.FIRST) + len(conftest.LAST)


def test_a_unit_is_a_module_one_long_test_or_one_screen_in_one_language():
    unit = conftest.work_unit
    assert unit("tests/test_engine.py::test_a") == unit("tests/test_engine.py::test_b[x-y]") == "tests/test_engine.py"
    storm = "tests/test_storm.py::test_input_storm[{}]"
    assert unit(storm.format("incognito")) == storm.format("incognito") != unit(storm.format("personality"))
    assert unit(LAYOUT.format("lobby.phones-fr")) != unit(LAYOUT.format("lobby.phones-en"))
    wide = "tests/test_layout.py::test_screen_layout_in_the_wide_safe_area[lobby-fr]"
    assert unit(wide) != unit(LAYOUT.format("lobby-fr"))  # another fixture, another drawing
    clean = "tests/test_layout.py::test_a_clean_fixture_passes"
    assert unit(clean) == clean


def test_xdist_schedules_those_units_in_the_order_collected_unless_told_otherwise():
    values = {"dist": "load", "tx": ["2*popen"]}
    config = SimpleNamespace(getvalue=values.get, option=SimpleNamespace(loadscopereorder=True))
    scheduler = conftest.pytest_xdist_make_scheduler(config, None)
    storm = "tests/test_storm.py::test_input_storm[incognito]"
    for nodeid in (storm, LAYOUT.format("title-en"), "tests/test_kit.py::test_text"):
        assert scheduler._split_scope(nodeid) == conftest.work_unit(nodeid)
    assert config.option.loadscopereorder is False  # xdist would sort the units by their test count
    values["dist"] = "worksteal"
    assert conftest.pytest_xdist_make_scheduler(config, None) is None  # xdist's own


def test_the_first_modules_are_collected_first_in_their_order_the_last_last_the_rest_as_found():
    items = [SimpleNamespace(path=Path(f"tests/{name}"), id=i)
             for i, name in enumerate(["test_a.py", conftest.LAST[0], conftest.FIRST[1], "test_b.py",
                                       conftest.FIRST[0], conftest.FIRST[1], "test_a.py"])]
    conftest.pytest_collection_modifyitems(None, items)
    assert [item.id for item in items] == [4, 2, 5, 0, 3, 6, 1]
