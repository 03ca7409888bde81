"""Hash every shot, to see which screens a change altered: ``python tools/shot_hashes.py
OUT_DIR`` renders each shot of ``python -m game shot --list`` in French and English (one
process per shot, as the command renders it) into ``OUT_DIR/<name>-<lang>.png`` and
writes ``OUT_DIR/hashes.txt`` (name, language, SHA-256 of the pixels). Two runs compare
with ``python tools/shot_hashes.py --compare BEFORE AFTER``, which lists the shots whose
pixels differ (and those only one run has).

``--only PREFIX`` keeps the shots whose name starts with it (repeatable), ``--names
long`` renders with the longest realistic seat names (the layout check's).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
from pathlib import Path

LANGS = ("fr", "en")


def shot_names() -> list[str]:
    listed = subprocess.run([sys.executable, "-m", "game", "shot", "--list"], check=True, capture_output=True,
                            text=True, env=_env())
    return [line.strip() for line in listed.stdout.splitlines() if line.strip()]


def _env() -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def pixels_hash(path: Path) -> str:
    """SHA-256 of the image's RGB pixels (not of the PNG's bytes)."""
    import pygame

    image = pygame.image.load(str(path))
    return hashlib.sha256(pygame.image.tobytes(image, "RGB")).hexdigest()


def render_all(out: Path, only: list[str], names: str) -> int:
    out.mkdir(parents=True, exist_ok=True)
    lines = []
    for name in shot_names():
        if only and not any(name.startswith(prefix) for prefix in only):
            continue
        for lang in LANGS:
            png = out / f"{name}-{lang}.png"
            done = subprocess.run([sys.executable, "-m", "game", "shot", name, "--lang", lang, "--names", names,
                                   "--out", str(png)], capture_output=True, text=True, env=_env())
            digest = pixels_hash(png) if done.returncode == 0 else f"failed:{done.returncode}"
            lines.append(f"{name} {lang} {digest}")
            print(lines[-1], flush=True)
    (out / "hashes.txt").write_text("\n".join(lines) + "\n")
    return 0


def read(folder: Path) -> dict[tuple[str, str], str]:
    table = {}
    for line in (folder / "hashes.txt").read_text().splitlines():
        name, lang, digest = line.split()
        table[(name, lang)] = digest
    return table


def compare(before: Path, after: Path) -> int:
    old, new = read(before), read(after)
    changed = sorted(key for key in old.keys() & new.keys() if old[key] != new[key])
    for name, lang in changed:
        print(f"changed  {name} {lang}")
    for name, lang in sorted(old.keys() - new.keys()):
        print(f"gone     {name} {lang}")
    for name, lang in sorted(new.keys() - old.keys()):
        print(f"new      {name} {lang}")
    print(f"{len(changed)} of {len(old.keys() & new.keys())} shots changed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folders", nargs="+", type=Path, help="OUT_DIR, or BEFORE AFTER with --compare")
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--only", action="append", default=[], help="shot name prefix (repeatable)")
    parser.add_argument("--names", choices=("demo", "long"), default="demo")
    args = parser.parse_args(argv)
    if args.compare:
        if len(args.folders) != 2:
            parser.error("--compare takes BEFORE and AFTER")
        return compare(*args.folders)
    if len(args.folders) != 1:
        parser.error("one OUT_DIR")
    return render_all(args.folders[0], args.only, args.names)


if __name__ == "__main__":
    raise SystemExit(main())
