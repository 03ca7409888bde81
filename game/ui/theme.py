"""The look's constants: theme colours, the font, the text floor and the eight seat styles.

Readability from a sofa: nothing meant to be read is drawn under :data:`MIN_TEXT` px,
and every seat is shown with its colour, its shape and its name together.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

Colour = tuple[int, int, int]
#: A colour as a drawing takes it and a cache keys it: a plain tuple, RGB or RGBA (the
#: callers' lists and ``pygame.Color`` made tuples).
ColourKey = tuple[int, ...]

#: Smallest size (px on the 1080p canvas) for text meant to be read from the sofa.
MIN_TEXT = 28
#: Supersampling factor for shapes and glyphs drawn by code.
SS = 4


def font_path() -> Path:
    import font_fredoka_one

    return Path(font_fredoka_one.__file__).parent / "files" / "FredokaOne-Regular.ttf"


@dataclass(frozen=True)
class Palette:
    bg: Colour = (22, 19, 48)           # deep navy-plum, top of the background
    bg2: Colour = (52, 26, 70)          # plum, bottom of the background
    panel: Colour = (40, 36, 78)
    panel_hi: Colour = (62, 56, 112)
    text: Colour = (250, 246, 238)
    muted: Colour = (184, 176, 214)
    accent: Colour = (255, 170, 60)     # warm amber: focus, highlights, "now"
    good: Colour = (88, 214, 132)       # "is" / right
    bad: Colour = (246, 92, 100)        # "is not" / wrong
    gold: Colour = (255, 210, 90)
    shadow: Colour = (8, 6, 20)


@dataclass(frozen=True)
class SeatStyle:
    index: int
    colour: Colour
    light: Colour
    dark: Colour
    shape: str
    #: i18n key of the colour's name ("kit.style.coral" → "Corail" / "Coral").
    name_key: str


SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "heart")

#: (name, colour): hues a colour-blind player can still tell apart by lightness, and
#: every one is paired with its own shape, so colour is never the only cue.
_STYLE_COLOURS: tuple[tuple[str, Colour], ...] = (
    ("coral", (242, 96, 76)),
    ("sky", (92, 184, 240)),
    ("sun", (250, 224, 72)),
    ("mint", (40, 178, 132)),
    ("orange", (246, 146, 34)),
    ("orchid", (214, 118, 206)),
    ("snow", (238, 238, 246)),
    ("violet", (140, 112, 255)),
)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    red, green, blue = (int(round(x + (y - x) * t)) for x, y in zip(a, b))
    return red, green, blue


SEAT_STYLES: tuple[SeatStyle, ...] = tuple(
    SeatStyle(i, colour, mix(colour, (255, 255, 255), 0.55), mix(colour, (10, 6, 24), 0.55), SHAPES[i], f"kit.style.{name}")
    for i, (name, colour) in enumerate(_STYLE_COLOURS)
)
