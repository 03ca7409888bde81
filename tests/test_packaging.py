"""The Python distribution: an sdist, and the wheel built from it, hold the data, the
assets and the licences, and the installed game starts from anywhere (not only from a
checkout or an editable install)."""

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import setuptools

ROOT = Path(__file__).resolve().parent.parent
#: What an sdist is made from: everything pyproject.toml reads.
SOURCES = ("pyproject.toml", "README.md", "CREDITS.md", "CREDITS.fr.md", "LICENSE", "licenses", "game", "data", "assets")


def _backend(hook: str, out: Path, cwd: Path) -> Path:
    """Run a PEP 517 hook of the project's backend (setuptools) in a child, as pip would."""
    code = f"from setuptools import build_meta; print(build_meta.{hook}({str(out)!r}))"
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return out / done.stdout.strip().splitlines()[-1]


def test_pyproject_lists_every_game_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    found = setuptools.find_packages(str(ROOT), include=["game", "game.*"])
    assert sorted(config["packages"]) == sorted([*found, "game.shipped"])


def test_wheel_built_from_the_sdist_starts_from_elsewhere(tmp_path):
    tree = tmp_path / "tree"
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tree / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            tree.mkdir(exist_ok=True)
            shutil.copy2(source, tree / name)
    sdist = _backend("build_sdist", tmp_path / "dist", cwd=tree)
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    wheel = _backend("build_wheel", tmp_path / "dist", cwd=tmp_path / "unpacked" / sdist.name.removesuffix(".tar.gz"))

    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in ("assets/theme.json", "data/i18n/en/core.yaml", "CREDITS.md", "CREDITS.fr.md", "LICENSE",
                    "licenses/OpenMoji-CC-BY-SA-4.0.txt"):
        assert f"game/shipped/{shipped}" in names

    site = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                          "--target", str(site), str(wheel)], capture_output=True, text=True, timeout=120)
    assert pip.returncode == 0, pip.stderr
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(PYTHONPATH=str(site), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_CONFIG_HOME=str(tmp_path / "cfg"), XDG_DATA_HOME=str(tmp_path / "share"),
               XDG_CACHE_HOME=str(tmp_path / "cache"))
    code = ("import sys; from game import paths; print(paths.install_root()); "
            "from game.__main__ import main; sys.exit(main(['--smoke']))")
    smoke = subprocess.run([sys.executable, "-c", code], cwd=away, env=env, capture_output=True, text=True, timeout=120)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    root, *rest = smoke.stdout.splitlines()
    assert Path(root) == site / "game" / "shipped"
    assert any(line.startswith("smoke ok") for line in rest), smoke.stdout


def test_credits_name_every_licence_text():
    credits = (ROOT / "CREDITS.md").read_text(encoding="utf-8")
    missing = [path.name for path in sorted((ROOT / "licenses").iterdir()) if f"`{path.name}`" not in credits]
    assert not missing, f"CREDITS.md does not name {missing}"


def test_the_players_readme_says_where_each_os_keeps_settings_saves_logs_and_the_cache(monkeypatch):
    """docs/player-readme.txt (README.txt at the top of every archive) gives the folders
    platformdirs picks on each OS for game/paths.py and the crash log, written as a
    player types them (``~``, ``%LOCALAPPDATA%``), in both its languages."""
    import platformdirs.windows
    from platformdirs.macos import MacOS
    from platformdirs.unix import Unix

    from game.paths import APP_NAME

    readme = (ROOT / "docs" / "player-readme.txt").read_text(encoding="utf-8")
    french, english = readme.split("= ENGLISH =")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", "/home/player")
    monkeypatch.setattr(platformdirs.windows, "get_win_folder",
                        lambda csidl: {"CSIDL_LOCAL_APPDATA": "%LOCALAPPDATA%"}[csidl])
    for kind, home in ((Unix, "/home/player"), (MacOS, "/home/player"), (platformdirs.windows.Windows, None)):
        dirs = kind(APP_NAME, appauthor=False)
        for folder in (dirs.user_config_dir, dirs.user_data_dir, dirs.user_log_dir, dirs.user_cache_dir):
            shown = folder.replace(home, "~", 1) if home else folder.replace("/", "\\")
            assert shown in french and shown in english, f"{kind.__name__}: {shown}"
    for file_name in ("settings.json", "autosave.json", "secret-salon.log"):
        assert file_name in french and file_name in english
