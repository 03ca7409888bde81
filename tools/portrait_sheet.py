"""Draw the contact sheet of every Secret Identity portrait, as a player sees them.

    python tools/portrait_sheet.py [--lang fr|en] [--size 96] [--only id,id…] [--out FILE]

Each portrait at its board size with the character's name under it, grouped by
category (default: docs/img/secret_identity-portraits.png). Look at it from the sofa:
can a family tell Zeus from Poseidon, Snow White from Cinderella, a knight from a king?
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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
    cell_w, cell_h = args.size + 24, args.size + 44
    rows = (len(wanted) + args.columns - 1) // args.columns
    sheet = pygame.Surface((cell_w * min(args.columns, len(wanted)), cell_h * rows))
    sheet.fill((30, 24, 52))
    for i, character in enumerate(wanted):
        x, y = i % args.columns * cell_w, i // args.columns * cell_h
        sheet.blit(render(catalogue.kit, character, args.size), (x + 12, y + 6))
        name = kit.text(character.name(args.lang), 13, (240, 236, 250), max_width=cell_w - 4, align="center")
        sheet.blit(name, name.get_rect(midtop=(x + cell_w // 2, y + args.size + 8)))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(args.out))
    print(f"{len(wanted)} portraits -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
