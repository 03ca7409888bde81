"""The look's constants: theme colours, the font, the text floor and the eight seat styles.

Readability from a sofa: nothing meant to be read is drawn under :data:`MIN_TEXT` px (a
text) or :data:`MIN_MARK` px (a token or a pictogram),
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
#: Smallest seat token, badge, marker (its diameter) or pictogram (its side), in px, read
#: from a sofa 3 m from a 1080p TV (issue 28); :data:`TOKEN_RADIUS` is such a token's radius.
MIN_MARK = 48
TOKEN_RADIUS = MIN_MARK // 2
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
    #: How many times the usual width outlines are drawn (a seat token's rim, a panel's border).
    line: int = 1


#: The high-contrast theme (the ``high_contrast`` setting): near-black grounds, white text,
#: lighter muted text and accents (every text colour 7:1 or more on a panel: WCAG AAA),
#: outlines twice as thick. Seat colours stay the same: they are chosen to be told apart
#: with any colour vision (tests/test_seat_colours.py).
HIGH_CONTRAST = Palette(bg=(0, 0, 0), bg2=(10, 6, 18), panel=(16, 14, 30), panel_hi=(70, 64, 120),
                        text=(255, 255, 255), muted=(226, 222, 240), accent=(255, 196, 92), good=(120, 236, 160),
                        bad=(255, 150, 156), gold=(255, 224, 120), shadow=(0, 0, 0), line=2)


def palette_for(settings: object) -> Palette:
    """The theme ``settings`` ask for: :data:`HIGH_CONTRAST` or the usual :class:`Palette`."""
    return HIGH_CONTRAST if getattr(settings, "high_contrast", False) else Palette()


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

#: (name, colour): every pair stays apart under protanopia, deuteranopia and tritanopia
#: (CAM02-UCS ΔE ≥ 12, with normal vision ≥ 24: tests/test_seat_colours.py), each keeps
#: dark text readable on it (the phone's buttons), and every one is paired with its own
#: shape, so colour is never the only cue.
_STYLE_COLOURS: tuple[tuple[str, Colour], ...] = (
    ("coral", (249, 75, 76)),
    ("sky", (96, 190, 248)),
    ("sun", (250, 227, 75)),
    ("mint", (43, 172, 127)),
    ("orange", (245, 145, 31)),
    ("orchid", (201, 109, 189)),
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
