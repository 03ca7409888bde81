"""Draw the contact sheet of every Secret Identity portrait, as a player sees them.

    python tools/portrait_sheet.py [--lang fr|en] [--size 96] [--only id,id…] [--out FILE]

Each portrait at its board size with the character's name under it (two lines at most,
NAME_SIZES px, the largest that fits its cell), grouped by category (default:
docs/img/secret_identity-portraits.png). Look at it from the sofa: can a family tell
Zeus from Poseidon, Snow White from Cinderella, a knight from a king?
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: A name's sizes, largest first, and the room around a portrait in its cell.
NAME_SIZES = (20, 18, 17, 16)
CELL_MARGIN = 56


def name_lines(kit, name: str, width: int) -> tuple[int, list[str]]:
    """(size, lines): the largest of NAME_SIZES at which ``name`` wraps into two lines of
    ``width``, else the smallest with the second line shortened with "…"."""
    for size in NAME_SIZES:
        lines = kit.wrap(name, size, width)
        if len(lines) <= 2 and all(kit.font(size).size(line)[0] <= width for line in lines):
            return size, lines
    size = NAME_SIZES[-1]
    first, rest = lines[0], " ".join(lines[1:])
    while rest and kit.font(size).size(rest + "…")[0] > width:
        rest = rest[:-1]
    return size, [first, rest + "…"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("fr", "en"), default="fr")
    parser.add_argument("--size", type=int, default=96)
    parser.add_argument("--columns", type=int, default=16)
    parser.add_argument("--only", default="", help="comma-separated character ids")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img" / "secret_identity-portraits.png")
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.games.secret_identity.rules.catalogue import load_catalogue
    from game.games.secret_identity.ui.portrait import render
    from game.settings import Settings
    from game.ui.kit import UiKit

    pygame.init()
    catalogue, _ = load_catalogue(ROOT / "data")
    kit = UiKit(Settings())
    wanted = [c for c in catalogue.characters if not args.only or c.id in args.only.split(",")]
    wanted.sort(key=lambda c: list(catalogue.categories).index(c.category))
    cell_w = args.size + CELL_MARGIN
    cell_h = args.size + 14 + 2 * kit.font(NAME_SIZES[0]).get_linesize()
    rows = (len(wanted) + args.columns - 1) // args.columns
    sheet = pygame.Surface((cell_w * min(args.columns, len(wanted)), cell_h * rows))
    sheet.fill((30, 24, 52))
    for i, character in enumerate(wanted):
        x, y = i % args.columns * cell_w, i // args.columns * cell_h
        sheet.blit(render(catalogue.kit, character, args.size), (x + CELL_MARGIN // 2, y + 6))
        size, lines = name_lines(kit, character.name(args.lang), cell_w - 8)
        name = kit.text("\n".join(lines), size, (240, 236, 250), align="center")
        sheet.blit(name, name.get_rect(midtop=(x + cell_w // 2, y + args.size + 10)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.out))
    print(f"{len(wanted)} portraits -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
