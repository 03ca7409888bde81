"""The layout check's rules on how a screen is composed (issue 28 item 2), judged from
the drawn canvas and its texts as :mod:`game.ui.layout_rules` judges the others:

- ``cut``: no word cut on screen: no "…" closing a piece of a word (a name cut short,
  "Marie-Anto…"), no "…" alone (a portrait's list of cards cut short) and no line
  ending in a hyphen inside a word ("Extrater-" / "restre").
  A break is fine at a hyphen the words really have ("Marie-" / "Antoinette") and a "…"
  is fine where the game's own texts put one ("Réfléchit…"): what the words really are
  is looked up in the texts the game draws from (every YAML file under data/, and the
  seats' names);
- ``empty``: no empty rectangle (only the plain background shows: no text, panel, art
  or stage decor) larger than :data:`EMPTY_SHARE` of the safe area: a score screen whose
  three rows leave its lower half bare, a podium in half the width beside nothing.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

import pygame

from .layout_rules import MARGIN_TOLERANCE, Text

if TYPE_CHECKING:  # pragma: no cover
    from ..stack import SceneStack

#: The largest empty rectangle a screen may leave, as a share of its safe area. A fifth
#: (~336 000 px² on a 1080p TV with the 5 % area: a full-width band 194 px tall, a
#: column 345 px wide, a 580 px square) is what stays of the issue's measured cases
#: (a score screen's bare lower half, 0.49 of the area; a final ranking of three rows
#: beside the podium, 0.22) once every other screen passes: the composed screens leave
#: at most 0.19 (the how-to, the settings' open side, a curtain's stage beside its card,
#: the title's corner under its art), the room a layout needs to breathe from 3 m.
EMPTY_SHARE = 0.20
#: The grid the empty area is measured on (px): finer finds no larger rectangle worth
#: telling, coarser lets a line of text hide one.
EMPTY_CELL = 8

_CUT = re.compile(r"(\w+)-\n(\w+)")
_ELLIPSIS = re.compile(r"(\w+)(…|\.\.\.)")
#: A run of empty cells in a row of :func:`_cells` (a byte a cell, 0: empty).
_EMPTY_RUN = re.compile(rb"\x00+")


@functools.lru_cache(maxsize=2)
def data_words(root: Path) -> str:
    """Every text the game draws words from: the YAML files under ``root``, one string."""
    return "\n".join(path.read_text(encoding="utf-8") for path in sorted(root.rglob("*.yaml")))


def check_cut(texts: Sequence[Text], words: str) -> list[tuple[str, Text, str]]:
    """(``"cut"``, text, detail) for each text with a word cut (module doc); ``words`` is
    what the words really are (:func:`data_words` and the seats' names)."""
    out = []
    for t in texts:
        if t.text.strip() in ("…", "..."):
            out.append(("cut", t, "a list cut short"))
        for before, after in _CUT.findall(t.text):
            if not re.search(rf"(?<!\w){re.escape(before)}-{re.escape(after)}", words):
                out.append(("cut", t, f"broken inside a word: {before}-|{after}"))
        for piece, dots in _ELLIPSIS.findall(t.text):
            if not re.search(rf"(?<!\w){re.escape(piece + dots)}", words):
                out.append(("cut", t, f"cut short: {piece}{dots}"))
    return out


def largest_empty(canvas: pygame.Surface, plain: pygame.Surface, safe: pygame.Rect, floor: int = 0) -> pygame.Rect:
    """The largest rectangle of ``safe`` where ``canvas`` shows only ``plain`` (its plain
    background), on a grid of :data:`EMPTY_CELL` px (a cell with any drawn pixel is full);
    with ``floor`` (in cells), the largest only if it holds more cells than that, else an
    empty rect (what :func:`check_empty` asks: the search skips what cannot beat it)."""
    tol = MARGIN_TOLERANCE
    drawn = pygame.mask.from_threshold(canvas.subsurface(safe), (0, 0, 0, 0), (tol, tol, tol, 255),
                                       plain.subsurface(safe))
    drawn.invert()
    columns, rows = safe.width // EMPTY_CELL, safe.height // EMPTY_CELL
    x, y, w, h = _largest_rectangle(_cells(drawn, columns, rows), columns, floor)
    return pygame.Rect(safe.x + x * EMPTY_CELL, safe.y + y * EMPTY_CELL, w * EMPTY_CELL, h * EMPTY_CELL)


def _cells(mask: pygame.mask.Mask, columns: int, rows: int) -> list[bytes]:
    """Which cells of the grid hold a drawn pixel (a row of bytes a grid row, non-zero:
    full): the mask, cut to the grid, is OR-ed with itself moved left by 1, 2 and 4 px,
    then up by as much, so a cell's top-left pixel holds the OR of its 8×8 (six passes
    over the mask's words in C, where a convolution with a cell was 64 a pixel); scaling
    the mask to one pixel a cell reads those corners (nearest pixel: a cell's top left),
    whose bytes are read a row at a time."""
    spread = pygame.mask.Mask((columns * EMPTY_CELL, rows * EMPTY_CELL))
    spread.draw(mask, (0, 0))
    shift = 1
    while shift < EMPTY_CELL:
        spread.draw(spread.copy(), (-shift, 0))
        shift *= 2
    shift = 1
    while shift < EMPTY_CELL:
        spread.draw(spread.copy(), (0, -shift))
        shift *= 2
    corners = spread.scale((columns, rows))
    picture = pygame.Surface((columns, rows), depth=8)  # (a byte a pixel: 0 unset, 1 set)
    picture.set_palette([(0, 0, 0), (255, 255, 255)])
    corners.to_surface(picture, setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 255))
    pixels = pygame.image.tobytes(picture, "P")
    return [pixels[y * columns:(y + 1) * columns] for y in range(rows)]


def _largest_rectangle(full: Sequence[bytes], columns: int, floor: int = 0) -> tuple[int, int, int, int]:
    """(x, y, w, h) in cells of the largest all-empty rectangle (the histogram method,
    ``full``'s rows as :func:`_cells` gives them); a run of a row's empty cells whose
    heights add up to no more than the best found (at first ``floor``) holds no rectangle
    that can beat it and is not searched (the first of equal rectangles is kept, so the
    answer is the same as from no floor whenever it holds more than ``floor`` cells;
    (0, 0, 0, 0) when none does)."""
    heights = [0] * columns
    best, found = floor, (0, 0, 0, 0)
    for y, row in enumerate(full):
        heights = [0 if cell else height + 1 for cell, height in zip(row, heights)]
        for run in _EMPTY_RUN.finditer(row):
            left, right = run.span()
            if sum(heights[left:right]) <= best:
                continue
            stack: list[tuple[int, int]] = []
            for x, h in enumerate([*heights[left:right], 0], left):
                start = x
                while stack and stack[-1][1] >= h:
                    start, top = stack.pop()
                    if top * (x - start) > best:
                        best, found = top * (x - start), (start, y - top + 1, x - start, top)
                stack.append((start, h))
    return found


def check_empty(canvas: pygame.Surface, plain: pygame.Surface, safe: pygame.Rect) -> list[tuple[pygame.Rect, str]]:
    """The empty rectangle larger than :data:`EMPTY_SHARE` of ``safe`` (none: []). Only a
    rectangle of more cells than the most a passing screen may leave is looked for."""
    area = max(1, safe.width * safe.height)
    cell = EMPTY_CELL * EMPTY_CELL
    floor = int(EMPTY_SHARE * area) // cell  # (no rectangle of this many cells or fewer is over the share)
    while floor and floor * cell / area > EMPTY_SHARE:  # (the share as it is worked out below)
        floor -= 1
    while (floor + 1) * cell / area <= EMPTY_SHARE:
        floor += 1
    empty = largest_empty(canvas, plain, safe, floor)
    share = empty.width * empty.height / area
    return [(empty, f"{share:.0%} of the safe area empty")] if share > EMPTY_SHARE else []


def seat_words(names: Iterable[str]) -> str:
    """The seats' names, as :func:`check_cut` looks words up."""
    return "\n".join(names)


#: At most this many ticks are played to reach a show's last frame (a minute: the longest
#: reveal, eight drawings, lasts well under it).
LAST_FRAME_LIMIT = 3600


def to_last_frame(stack: SceneStack) -> None:
    """Tick ``stack`` to the last frame of the show a visible board plays (nothing if none
    plays): the count-up or the podium counted to its end, or the last tick of a reveal's
    last beat (one more and the reveal is over: the next phase opens)."""
    for _ in range(LAST_FRAME_LIMIT):
        shows = [getattr(scene, "section") for scene in stack.visible() if _plays_a_show(scene)]
        if not shows or any(_last_beat_ends(section) for section in shows):
            return
        stack.fixed_update(1 / 60)
        stack.update(1 / 60)


def plays_a_show(stack: SceneStack) -> bool:
    """A visible board plays a show (:func:`to_last_frame` has a last frame to go to)."""
    return any(_plays_a_show(scene) for scene in stack.visible())


def _plays_a_show(scene: object) -> bool:
    """A board (``game.scenes.board.PhaseBoard``) whose section plays a show one may skip."""
    skippable = getattr(scene, "show_to_skip", None)
    return callable(skippable) and bool(skippable()) and hasattr(scene, "section")


def _last_beat_ends(section: object) -> bool:
    """A reveal's pacing (``game.scenes.shows.RevealPacing``) on its last beat's last tick."""
    beats = getattr(section, "beats", None)
    if not beats:
        return False
    return bool(getattr(section, "beat") == len(beats) - 1 and getattr(section, "tick") >= beats[-1] - 1)
