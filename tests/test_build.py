"""The itch.io build: a PyInstaller bundle that starts headless from its frozen path.

Slow by nature (PyInstaller analyses the whole import graph, ~20 s warm): one test
builds once and checks everything on that bundle. Linux only, like the size target.
"""

import os
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest

pytest.importorskip("PyInstaller")
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the build test targets the Linux bundle")

ROOT = Path(__file__).resolve().parent.parent
MAX_ARCHIVE = 25 * 2**20


def _run(exe: Path, *args: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_linux_bundle_builds_starts_frozen_and_fits(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT / "tools"))

    archive = build.build(tmp_path / "dist", clean=False)
    bundle = tmp_path / "dist" / build.NAME
    assert archive.name == f"secret-salon-{build.version()}-{build.platform_tag()}.tar.gz"
    assert archive.stat().st_size <= MAX_ARCHIVE, f"{archive.stat().st_size / 2**20:.1f} MiB"
    itch = (bundle / ".itch.toml").read_text(encoding="utf-8")
    assert 'name = "play"' in itch and 'path = "secret-salon"' in itch
    exe = bundle / "secret-salon"
    assert os.access(exe, os.X_OK)

    # Run from elsewhere, with no source tree on the path: data, font and icons must come
    # from the bundle (sys._MEIPASS), never from this checkout.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    # An empty cache: the music loop renders in a worker while the smoke run quits (a
    # race that used to segfault the frozen build).
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path / "cfg"),
               XDG_DATA_HOME=str(tmp_path / "share"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    away = tmp_path / "elsewhere"
    away.mkdir()
    smoke = _run(exe, "--smoke", cwd=away, env=env)
    assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    assert "smoke ok" in smoke.stdout

    # The ring shot draws the font and OpenMoji icons: frozen, it matches the source tree.
    shot = _run(exe, "shot", "ring", "--out", str(away / "ring.png"), cwd=away, env=env)
    assert shot.returncode == 0, shot.stdout + shot.stderr
    import pygame

    from game.cli.shot import render

    here = render("ring", Namespace(lang="fr", seats=4, seed=1, ticks=60))
    frozen = pygame.image.load(str(away / "ring.png"))
    assert frozen.get_size() == here.get_size()
    assert pygame.image.tobytes(frozen, "RGB") == pygame.image.tobytes(here, "RGB")
