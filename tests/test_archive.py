"""tools/build.py's zip step (Windows and macOS archives): symlinks stay symlinks.

A macOS .app made by PyInstaller 6 holds Python.framework, whose Versions/Current and
top-level entries are symlinks; zipped as copies or empty folders the signature breaks
and macOS calls the app damaged. Checked here on a small tree shaped like it.
"""

import importlib.util
import os
import shutil
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_tool", ROOT / "tools" / "build.py")
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="making symlinks needs privileges on Windows")


def _app(tmp_path: Path) -> Path:
    bundle = tmp_path / "secret-salon"
    framework = bundle / "secret-salon.app" / "Contents" / "Frameworks" / "Python.framework"
    (framework / "Versions" / "3.11").mkdir(parents=True)
    (framework / "Versions" / "3.11" / "Python").write_bytes(b"\xcf\xfa\xed\xfe binary")
    (framework / "Versions" / "Current").symlink_to("3.11")
    (framework / "Python").symlink_to("Versions/Current/Python")
    exe = bundle / "secret-salon.app" / "Contents" / "MacOS" / "secret-salon"
    exe.parent.mkdir(parents=True)
    exe.write_text("#!/bin/sh\n", encoding="utf-8")
    exe.chmod(0o755)
    (bundle / "LICENSE").write_text("MIT License\n", encoding="utf-8")
    return bundle


def test_zip_keeps_symlinks_and_execute_bits(tmp_path):
    bundle = _app(tmp_path)
    out = tmp_path / "game.zip"
    build.zip_tree(bundle, out)

    with zipfile.ZipFile(out) as zf:
        entries = {info.filename: info for info in zf.infolist()}
        framework = "secret-salon/secret-salon.app/Contents/Frameworks/Python.framework"
        for link, target in ((f"{framework}/Versions/Current", "3.11"), (f"{framework}/Python", "Versions/Current/Python")):
            info = entries[link]
            assert stat.S_ISLNK(info.external_attr >> 16), link
            assert zf.read(info).decode() == target
        assert f"{framework}/Versions/Current/Python" not in entries  # not walked through the link
        exe = entries["secret-salon/secret-salon.app/Contents/MacOS/secret-salon"]
        assert exe.external_attr >> 16 & 0o111
        assert "secret-salon/LICENSE" in entries


@pytest.mark.skipif(shutil.which("unzip") is None, reason="needs Info-ZIP's unzip")
def test_unzip_restores_the_links(tmp_path):
    bundle = _app(tmp_path)
    build.zip_tree(bundle, tmp_path / "game.zip")
    into = tmp_path / "out"
    subprocess.run(["unzip", "-q", str(tmp_path / "game.zip"), "-d", str(into)], check=True)
    framework = into / "secret-salon" / "secret-salon.app" / "Contents" / "Frameworks" / "Python.framework"
    assert os.readlink(framework / "Versions" / "Current") == "3.11"
    assert (framework / "Python").read_bytes() == b"\xcf\xfa\xed\xfe binary"
    assert os.access(into / "secret-salon" / "secret-salon.app" / "Contents" / "MacOS" / "secret-salon", os.X_OK)
