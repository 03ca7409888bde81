"""Draw Secret Salon's icon from the game's own art; write the PNGs, .ico and .icns.

    python tools/make_icon.py [--out DIR]          (default: assets/)

The icon is a keyhole of warm light — the secret — on the theme's navy-to-plum
gradient, ringed by the seat tokens in their colours and shapes — the salon — drawn by
the UI kit exactly as the game draws them. Each size is drawn for itself rather than
shrunk: the smaller the icon, the fewer and larger the tokens (none at 16 px).

Writes ``icon.png`` (the 1024 px master), ``icon-256.png`` (the window's icon),
``icon.ico`` (16–256 px, Windows) and ``icon.icns`` (32–1024 px, macOS). Pillow writes
the last two: it is a build and test dependency, never the game's.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_SIZES = (32, 64, 128, 256, 512, 1024)
MASTER = 1024
WINDOW = 256
#: Drawn this many times larger, then smoothly scaled down (soft edges).
SUPERSAMPLE = 4


def _pygame():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import pygame

    if not pygame.display.get_init():
        pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return pygame


def tokens_for(size: int) -> tuple[int, ...]:
    """The seat styles around the keyhole at ``size`` px: all eight on a ring from 64 px,
    the four most distinct shapes in the corners at 32–48 px, none below (specks)."""
    if size >= 64:
        return tuple(range(8))
    if size >= 32:
        return (0, 1, 2, 3)  # coral circle, sky square, sun triangle, mint diamond
    return ()


def token_places(size: int, count: int) -> tuple[list[tuple[int, int]], int]:
    """Centres and radius of ``count`` seat tokens on a ``size`` px icon."""
    from game.ui.kit import ring_positions

    if count == 8:
        return ring_positions(8, (size / 2, size * 0.505), size * 0.35), max(3, round(size * 0.072))
    a, b = round(size * 0.22), round(size * 0.78)
    return [(a, a), (b, a), (a, b), (b, b)], max(3, round(size * 0.1))


def keyhole(surface, colour, cx: float, cy: float, r: float, grow: float = 0.0) -> None:
    """A keyhole made of two seat shapes, a circle of radius ``r`` over a flaring stem;
    ``grow`` widens it all round (for the rim)."""
    import pygame

    top, bottom = cy + r * 0.5, cy + r * 2.25 + grow
    pygame.draw.circle(surface, colour, (cx, cy), r + grow)
    pygame.draw.polygon(surface, colour, [(cx - r * 0.4 - grow, top), (cx + r * 0.4 + grow, top),
                                          (cx + r * 0.75 + grow, bottom), (cx - r * 0.75 - grow, bottom)])


def gradient(size: tuple[int, int], top, bottom, power: float = 1.0):
    """A vertical gradient from ``top`` to ``bottom`` (opaque)."""
    import pygame

    column = pygame.Surface((1, 64), pygame.SRCALPHA)
    for y in range(64):
        t = (y / 63) ** power
        column.set_at((0, y), (*(round(a + (b - a) * t) for a, b in zip(top, bottom)), 255))
    return pygame.transform.smoothscale(column, size)


def render(size: int):
    """The icon at ``size`` px, a pygame Surface with alpha."""
    pygame = _pygame()
    from game.settings import Settings
    from game.ui.kit import Palette, UiKit

    colours = Palette()
    big = size * SUPERSAMPLE
    # The body: a rounded square in the theme's navy-to-plum gradient, a lighter edge.
    body = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = body.get_rect().inflate(-2 * round(big * 0.04), -2 * round(big * 0.04))
    corner = round(big * 0.2)
    pygame.draw.rect(body, (255, 255, 255, 255), rect, border_radius=corner)
    art = gradient((big, big), colours.bg, colours.bg2, 1.3)
    # Warm light spilling from the keyhole.
    styles = tokens_for(size)
    r = big * (0.2 if not styles else 0.16 if len(styles) == 4 else 0.125)
    cx, cy = big / 2, big / 2 - r * 0.8
    glow = pygame.Surface((size, size), pygame.SRCALPHA)  # drawn small, then enlarged: soft
    for i in range(40, 0, -1):
        pygame.draw.circle(glow, (*colours.accent, 4), (cx / SUPERSAMPLE, (cy + r * 0.7) / SUPERSAMPLE),
                           r / SUPERSAMPLE * (0.8 + i * 0.085))
    art.blit(pygame.transform.smoothscale(glow, (big, big)), (0, 0))
    art.blit(body, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(art, colours.panel_hi, rect, width=max(2, round(big * 0.014)), border_radius=corner)
    # The keyhole: light from gold to amber through a dark rim.
    keyhole(art, colours.shadow, cx, cy, r, grow=max(SUPERSAMPLE * 1.5, r * 0.14))
    light = gradient((big, big), colours.gold, colours.accent)
    hole = pygame.Surface((big, big), pygame.SRCALPHA)
    keyhole(hole, (255, 255, 255, 255), cx, cy, r)
    light.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    art.blit(light, (0, 0))
    icon = pygame.transform.smoothscale(art, (size, size))
    # The salon: seat tokens drawn by the UI kit, as the game draws them.
    if styles:
        kit = UiKit(Settings())
        places, radius = token_places(size, len(styles))
        for style, centre in zip(styles, places):
            kit.seat_token(icon, style, centre, radius)
    return icon


def to_pillow(surface):
    import pygame
    from PIL import Image

    return Image.frombytes("RGBA", surface.get_size(), pygame.image.tobytes(surface, "RGBA"))


def write(out: Path) -> list[Path]:
    """Render every size and write the icon files into ``out``; returns their paths."""
    images = {size: to_pillow(render(size)) for size in sorted({*ICO_SIZES, *ICNS_SIZES, MASTER, WINDOW})}
    out.mkdir(parents=True, exist_ok=True)
    png, window, ico, icns = out / "icon.png", out / f"icon-{WINDOW}.png", out / "icon.ico", out / "icon.icns"
    images[MASTER].save(png, format="PNG", optimize=True)
    images[WINDOW].save(window, format="PNG", optimize=True)
    images[max(ICO_SIZES)].save(ico, format="ICO", sizes=[(s, s) for s in ICO_SIZES],
                                append_images=[images[s] for s in ICO_SIZES])
    images[MASTER].save(icns, format="ICNS", append_images=[images[s] for s in ICNS_SIZES])
    return [png, window, ico, icns]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets")
    args = parser.parse_args(argv)
    for path in write(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
