"""The itch.io build: a PyInstaller bundle that starts, headless, from its unpacked archive.

Slow by nature (PyInstaller analyses the whole import graph, ~20 s warm), so the tests
share one build. With ``SECRET_SALON_BUILD`` set to the ``--dist`` folder of a
``python tools/build.py`` run, they check that build instead of making one (CI builds
once, then runs the whole suite); without it, they build on Linux only.
"""

import importlib.util
import os
import subprocess
import sys
import tarfile
import zipfile
from argparse import Namespace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXISTING = os.environ.get("SECRET_SALON_BUILD")
LINUX = sys.platform.startswith("linux")
if not EXISTING:
    pytest.importorskip("PyInstaller")
pytestmark = pytest.mark.skipif(not (EXISTING or LINUX), reason="builds here on Linux only; set SECRET_SALON_BUILD")

#: 14.4 MiB before the phone companion; its server (aiohttp with yarl, multidict,
#: frozenlist, propcache, attrs, idna — and the Unicode tables idna and attrs import),
#: and segno for the QR code, add 1.8 MiB.
MAX_LINUX_ARCHIVE = 17 * 2**20


def _tool(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _tool("build")


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    if EXISTING:
        return Path(EXISTING).resolve()
    folder = tmp_path_factory.mktemp("build") / "dist"
    build.build(folder, clean=False)
    return folder


@pytest.fixture(scope="module")
def archive(dist) -> Path:
    suffix = ".tar.gz" if LINUX else ".zip"
    return dist / f"{build.NAME}-{build.version()}-{build.platform_tag()}{suffix}"


@pytest.fixture(scope="module")
def unpacked(archive, tmp_path_factory) -> Path:
    """The archive unpacked as a player would (``ditto`` on macOS keeps its symlinks)."""
    into = tmp_path_factory.mktemp("unpacked")
    if archive.name.endswith(".tar.gz"):
        with tarfile.open(archive) as tar:
            tar.extractall(into, filter="tar")
    elif sys.platform == "darwin":
        subprocess.run(["ditto", "-x", "-k", str(archive), str(into)], check=True)
    else:
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(into)
    return into / build.NAME


def _run(exe: Path, *args: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def _headless_env(home: Path) -> dict:
    # No source tree on the path: data, font and icons must come from the bundle. An
    # empty cache: the music loop renders in a worker while the smoke run quits (a race
    # that used to segfault the frozen build).
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(home / "cfg"),
               XDG_DATA_HOME=str(home / "share"), XDG_CACHE_HOME=str(home / "cache"))
    return env


def test_archive_is_named_small_and_has_a_valid_itch_manifest(archive, unpacked):
    assert archive.is_file(), archive
    if LINUX:
        assert archive.stat().st_size <= MAX_LINUX_ARCHIVE, f"{archive.stat().st_size / 2**20:.1f} MiB"
    assert _tool("check_itch").problems(unpacked) == []
    assert os.access(build.executable(unpacked), os.X_OK)


def test_licences_sit_at_the_top_of_the_archive(unpacked):
    assert (unpacked / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert "OpenMoji" in (unpacked / "CREDITS.md").read_text(encoding="utf-8")
    shipped = sorted(path.name for path in (unpacked / "licenses").iterdir())
    assert shipped == sorted(path.name for path in (ROOT / "licenses").iterdir())


def test_what_the_game_never_uses_is_left_out(unpacked):
    files = [path.name for path in unpacked.rglob("*")]
    assert not [name for name in files if name.startswith(("libcrypto", "libssl", "_ssl", "_hashlib"))]
    # (Unicode tables are shipped: idna and attrs, under the phone companion's aiohttp, import them.)
    assert not [name for name in files if name.startswith(("_codecs_", "_multibytecodec"))]
    fonts = sorted({name for name in files if name.endswith((".ttf", ".otf"))})
    assert fonts == ["FiraCode-Regular.ttf", "FredokaOne-Regular.ttf", "NotoSans-Regular.ttf", "freesansbold.ttf"]
    if LINUX:
        assert not [name for name in files if name.startswith(("libstdc++", "libgcc_s"))]


def test_frozen_game_starts_and_draws_like_the_source_tree(unpacked, tmp_path):
    exe = build.executable(unpacked)
    env = _headless_env(tmp_path)
    smoke = _run(exe, "--smoke", cwd=tmp_path, env=env)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "smoke ok" in smoke.stdout
    # The bundle carries the dist-info (--copy-metadata), so the frozen game knows its version.
    shown = _run(exe, "--version", cwd=tmp_path, env=env)
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert shown.stdout.split()[-1] == build.version()

    # The ring shot draws the font and OpenMoji icons: frozen, it matches the source tree.
    shot = _run(exe, "shot", "ring", "--out", str(tmp_path / "ring.png"), cwd=tmp_path, env=env)
    assert shot.returncode == 0, shot.stdout + shot.stderr
    import pygame

    from game.cli.shot import render

    here = render("ring", Namespace(lang="fr", seats=4, seed=1, ticks=60))
    frozen = pygame.image.load(str(tmp_path / "ring.png"))
    assert frozen.get_size() == here.get_size()
    assert pygame.image.tobytes(frozen, "RGB") == pygame.image.tobytes(here, "RGB")


@pytest.mark.skipif(not LINUX, reason="env -i: a Linux launch with no environment at all")
def test_frozen_linux_game_starts_with_an_empty_environment(unpacked, tmp_path):
    """As ``env -i`` runs it: no DISPLAY, PATH, locale, XDG or SDL variable (SDL falls
    back to its offscreen driver). HOME alone is set, so the run writes its settings and
    caches in the test's folder and not in the real home."""
    smoke = _run(build.executable(unpacked), "--smoke", cwd=tmp_path, env={"HOME": str(tmp_path)})
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "smoke ok" in smoke.stdout
