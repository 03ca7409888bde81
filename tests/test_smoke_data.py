"""``--smoke`` (and a frozen build's start) load every game's catalogue: a broken shipped
file fails with ``file:line`` instead of passing and exploding on first use."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Starts the app with the shipped data read from argv[1]; argv[2] == "frozen" plays a
#: frozen build's start (no --smoke).
SCRIPT = """
import sys
from pathlib import Path
import game.paths
game.paths.data_dir = lambda: Path(sys.argv[1])
args = ["--smoke"]
if sys.argv[2] == "frozen":
    sys.frozen = True
    args = ["--windowed"]
from game.__main__ import main
sys.exit(main(args))
"""


def _start(tmp_path, data, mode):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "XDG_CONFIG_HOME": str(tmp_path / "cfg"), "XDG_DATA_HOME": str(tmp_path / "share"),
           "XDG_CACHE_HOME": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-c", SCRIPT, str(data), mode], env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.fixture
def broken_data(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data)
    places = data / "incognito" / "places.yaml"
    lines = places.read_text(encoding="utf-8").splitlines(keepends=True)
    line = next(i for i, text in enumerate(lines) if text.lstrip().startswith("icons:"))
    lines[line] = lines[line].split("icons:")[0] + "icons: nothing\n"
    places.write_text("".join(lines), encoding="utf-8")
    return data, f"{places}:{line + 1}:"


@pytest.mark.parametrize("mode", ["smoke", "frozen"])
def test_a_broken_shipped_file_fails_the_start_with_file_and_line(tmp_path, broken_data, mode):
    data, where = broken_data
    run = _start(tmp_path, data, mode)
    assert run.returncode == 1, run.stdout + run.stderr
    assert where in run.stderr and "smoke ok" not in run.stdout


def test_smoke_passes_on_the_shipped_data(tmp_path):
    run = _start(tmp_path, ROOT / "data", "smoke")
    assert run.returncode == 0 and "smoke ok" in run.stdout, run.stdout + run.stderr
