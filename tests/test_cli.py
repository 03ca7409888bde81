"""The command line: it starts where Unix-only modules do not exist (Windows), imports
only the command it runs, and its top-level help and ``--version`` say what a player needs."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.__main__ import main
from game.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent
#: Modules Windows does not have.
UNIX_ONLY = ("resource", "fcntl", "termios", "pwd", "grp")


def _python(code: str, cwd: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)


def test_without_unix_only_modules_every_module_imports_and_the_game_starts(tmp_path):
    code = (
        "import importlib, pkgutil, sys\n"
        f"for name in {UNIX_ONLY!r}:\n"
        "    sys.modules[name] = None  # 'import name' now raises ImportError, as on Windows\n"
        "import game\n"
        "names = [info.name for info in pkgutil.walk_packages(game.__path__, 'game.')]\n"
        "for name in names:\n"
        "    importlib.import_module(name)\n"
        "print(len(names), 'modules')\n"
        "from game.__main__ import main\n"
        "sys.exit(main(['--smoke']))\n"
    )
    run = _python(code, tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "smoke ok" in run.stdout
    assert int(run.stdout.split(" modules")[0].split()[-1]) > 50  # the walk really went through game/


def test_only_the_command_that_runs_is_imported(tmp_path):
    code = (
        "import sys\n"
        "from game.__main__ import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('game.cli.')))\n"
    )
    bench = ["game.cli.bench", "game.cli.bench_calibration", "game.cli.bench_measures", "game.cli.bench_scenes",
             "game.cli.bench_verdict"]  # the command and its parts
    for argv, loaded in ((["--help"], ["game.cli.play"]), (["bench", "--help"], bench)):
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        run = subprocess.run([sys.executable, "-c", code, *argv], cwd=tmp_path, env=env, capture_output=True,
                             text=True, timeout=60)
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip().splitlines()[-1] == repr(loaded)


def test_top_level_help_shows_the_play_options_and_every_command(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--windowed", "--fullscreen", "--lang", "--smoke", "--version"):
        assert option in out
    for name in COMMANDS:
        assert f"\n  {name} " in out


def test_version_is_pyprojects(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    wanted = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert capsys.readouterr().out.strip() == f"secret-salon {wanted}"


def test_an_unknown_command_names_the_known_ones(capsys):
    with pytest.raises(SystemExit) as done:
        main(["shoot"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "unknown command 'shoot'" in err and all(name in err for name in COMMANDS)


def test_commands_still_dispatch(tmp_path, capsys):
    assert main(["shot", "--list"]) == 0
    assert "title" in capsys.readouterr().out.split()


def test_a_start_without_options_gets_the_parsers_defaults_without_argparse():
    from game.__main__ import build_parser
    from game.cli.play import default_args, run

    parsed = build_parser().parse_args([])
    assert parsed.run is run
    assert vars(default_args()) == {name: value for name, value in vars(parsed).items() if name != "run"}
