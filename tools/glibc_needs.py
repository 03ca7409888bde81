"""The newest glibc a Linux bundle needs: the highest ``GLIBC_x.y`` symbol version that any
ELF file in it asks for, read from each file's version-needs section (what
``objdump -T`` lists), so no binutils are needed.

    python tools/glibc_needs.py dist/secret-salon [--max 2.31]

Prints the highest version and the files that need it; with ``--max``, exits 1 when a
file needs a newer glibc than that (the bundle would not start on that system: the
loader refuses "version `GLIBC_2.35' not found"). tools/build_oldlinux.sh runs it on
the Debian 11 build with ``--max 2.31``; docs/releasing.md gives the figures.
"""

from __future__ import annotations

import argparse
import re
import struct
import sys
from pathlib import Path

SHT_GNU_VERNEED = 0x6FFFFFFE
GLIBC = re.compile(r"^GLIBC_(\d+(?:\.\d+)+)$")

Version = tuple[int, ...]


def needed_versions(path: Path) -> set[str]:
    """The symbol versions ``path`` needs (``GLIBC_2.17``, ``GCC_3.0``…); empty for a
    file that is not ELF or needs none."""
    data = path.read_bytes()
    if data[:4] != b"\x7fELF" or len(data) < 64:
        return set()
    wide, order = data[4] == 2, "<" if data[5] == 1 else ">"
    if wide:
        shoff, = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
    else:
        shoff, = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
    sections = []
    for index in range(shnum):
        at = shoff + index * shentsize
        if wide:
            kind, = struct.unpack_from(order + "I", data, at + 4)
            offset, size = struct.unpack_from(order + "QQ", data, at + 24)
            link, info = struct.unpack_from(order + "II", data, at + 40)
        else:
            kind, = struct.unpack_from(order + "I", data, at + 4)
            offset, size, link, info = struct.unpack_from(order + "IIII", data, at + 16)
        sections.append((kind, offset, size, link, info))
    found: set[str] = set()
    for kind, offset, _, link, count in sections:
        if kind != SHT_GNU_VERNEED:
            continue
        strings = sections[link][1]
        entry = offset
        for _ in range(count):
            _, aux_count, _, aux, following = struct.unpack_from(order + "HHIII", data, entry)
            at = entry + aux
            for _ in range(aux_count):
                _, _, _, name, next_aux = struct.unpack_from(order + "IHHII", data, at)
                end = data.index(b"\0", strings + name)
                found.add(data[strings + name:end].decode("ascii", "replace"))
                at += next_aux
            entry += following
    return found


def glibc_version(name: str) -> Version | None:
    match = GLIBC.match(name)
    return tuple(int(part) for part in match.group(1).split(".")) if match else None


def needs(folder: Path) -> dict[Path, Version]:
    """Each ELF file under ``folder`` that needs glibc symbols, with the newest it needs."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            versions = [v for v in map(glibc_version, needed_versions(path)) if v is not None]
            if versions:
                out[path] = max(versions)
    return out


def highest(folder: Path) -> tuple[Version, list[Path]]:
    """The newest glibc version ``folder`` needs and the files that need it."""
    found = needs(folder)
    top = max(found.values(), default=(0,))
    return top, [path for path, version in found.items() if version == top]


def dotted(version: Version) -> str:
    return ".".join(map(str, version))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--max", help="fail when a file needs a glibc newer than this (e.g. 2.31)")
    args = parser.parse_args(argv)
    top, files = highest(args.folder)
    print(f"GLIBC_{dotted(top)}: " + ", ".join(str(path.relative_to(args.folder)) for path in files))
    if args.max is not None:
        limit = tuple(int(part) for part in args.max.split("."))
        over = {path: version for path, version in needs(args.folder).items() if version > limit}
        for path, version in over.items():
            print(f"  needs GLIBC_{dotted(version)} > {args.max}: {path.relative_to(args.folder)}", file=sys.stderr)
        return 1 if over else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
