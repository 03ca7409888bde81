"""Fitting a text in a width: shrink it (never under :data:`~game.ui.kit.MIN_TEXT`), then
break it into lines at spaces and after hyphens, and cut a word still too long with a
hyphen. A long name ("Marie-Antoinette" at the largest text size) then stays inside its
card instead of crossing the border (the layout check's ``box`` rule).

A word is cut where the UI language's hyphenation dictionary allows ("Télé-phone", not
"Télép-hone"; pyphen's LibreOffice patterns), and anywhere only when no such point fits.

Every fit is remembered (the kit's ``fits``, the last :data:`FIT_MEMO_SIZE` answers): boards fit
the same names and statuses on every frame, and a fit measures the text at each size
it tries. An answer is keyed by all it depends on: the text, the room and sizes asked,
the kit whose fonts measure (each keeps its own), its text-size setting and UI language
(hyphenation)."""

from __future__ import annotations

import functools
import re
from collections import OrderedDict
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Callable, Concatenate, Hashable, ParamSpec, Sequence, TypeVar, cast

import pygame

from .theme import MIN_TEXT

if TYPE_CHECKING:
    import pyphen

    from .kit import UiKit

#: The hyphenation dictionary for each UI language (British spelling, as the English strings).
HYPHENATION = {"fr": "fr", "en": "en_GB"}
#: Fits remembered: every text of the busiest board (~60) several times over, a few
#: hundred small tuples, so memory stays flat over an evening of changing names.
FIT_MEMO_SIZE = 512

#: A fit's arguments after the kit, and its answer.
P = ParamSpec("P")
R = TypeVar("R")

class FitMemo:
    """The last ``size`` answers of the fit functions, least recently used first out.
    ``misses`` counts the fits actually searched (tests check a still frame adds none)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.misses = 0
        self._answers: OrderedDict[Hashable, object] = OrderedDict()

    def __len__(self) -> int:
        return len(self._answers)

    def answer(self, key: Hashable, search: Callable[[], R]) -> R:
        """``search()``'s answer, kept under ``key``: a key holds the fit function it
        answers (:func:`remembered`), so what it keeps is of that function's type."""
        if key in self._answers:
            self._answers.move_to_end(key)
            return cast(R, self._answers[key])
        self.misses += 1
        answer = self._answers[key] = search()
        if len(self._answers) > self.size:
            self._answers.popitem(last=False)
        return answer


def look(kit: UiKit) -> tuple[float, str | None]:
    """What a kit's measures depend on besides the text: its text-size setting and language."""
    return float(getattr(kit.settings, "text_scale", 1.0)), _lang(kit)


def _hashable(value: Any) -> Hashable:
    return tuple(value) if isinstance(value, (list, tuple, pygame.Rect)) else value


def remembered(fit: Callable[Concatenate[UiKit, P], R]) -> Callable[Concatenate[UiKit, P], R]:
    """``fit(kit, ...)`` answered from the kit's memo (``kit.fits``) when asked the same for
    the same look (any fit of a text to a box measured with the kit's fonts: the games'
    own too)."""

    @functools.wraps(fit)
    def fit_remembered(kit: UiKit, /, *args: P.args, **named: P.kwargs) -> R:
        key = (fit, look(kit), *map(_hashable, args), *((k, _hashable(v)) for k, v in sorted(named.items())))
        return kit.fits.answer(key, lambda: fit(kit, *args, **named))

    return fit_remembered


@lru_cache(maxsize=4)
def _dictionary(lang: str) -> pyphen.Pyphen:
    import pyphen  # with the first word cut (~3 ms): the title's first frame cuts none

    return pyphen.Pyphen(lang=HYPHENATION.get(lang, lang), left=2, right=3)


def hyphen_points(word: str, lang: str | None) -> list[int]:
    """Where ``word`` may be cut with a hyphen in ``lang`` (letter counts before each cut);
    none for a language without a dictionary."""
    if not lang:
        return []
    import pyphen

    if pyphen.language_fallback(HYPHENATION.get(lang, lang)) is None:
        return []
    return list(_dictionary(lang).positions(word))


def _lang(kit: UiKit) -> str | None:
    lang: str | None = getattr(getattr(kit, "settings", None), "lang", None)
    return lang


@remembered
def smallest_size(kit: UiKit) -> int:
    """The smallest size to ask the kit for that still draws :data:`MIN_TEXT` px: under
    the larger text settings a text may shrink back to 28 px when room runs out."""
    return next(size for size in range(1, MIN_TEXT + 1) if kit.scaled(size) >= MIN_TEXT)


@remembered
def fit_text(kit: UiKit, text: str, width: int, sizes: Sequence[int] = (36, 32, MIN_TEXT)) -> tuple[int, str]:
    """``(size, text)``: the largest of ``sizes`` (then smaller, down to
    :func:`smallest_size`) at which ``text`` fits ``width`` on one line; else the
    smallest, with newlines where it breaks (see :func:`break_lines`)."""
    floor = smallest_size(kit)
    to_try: list[int] = [*sizes, *range(min(sizes) - 1, floor - 1, -1)]
    for size in to_try:
        if kit.font(size).size(text)[0] <= width:
            return size, text
    return floor, "\n".join(break_lines(kit.font(floor), text, width, _lang(kit)))


#: An elided article or pronoun opening a word ("L'", "qu'"): the word may break after it.
_ELISION = re.compile(r"^\w{1,2}['’]")


def _pieces(font: pygame.font.Font, word: str, width: int) -> list[str]:
    """``word`` in the pieces a line may end after: after each hyphen, and after an
    elision when the rest then fits a line whole ("L'" / "Extraterrestre"; "d'anniversaire"
    too long either way keeps its "d'")."""
    elision = _ELISION.match(word)
    head = []
    if elision and len(word) > elision.end() and font.size(word[elision.end():])[0] <= width:
        head, word = [word[:elision.end()]], word[elision.end():]
    return head + [p for p in re.split(r"(?<=-)", word) if p]


def break_lines(font: pygame.font.Font, text: str, width: int, lang: str | None = None) -> list[str]:
    """Lines of ``text`` no wider than ``width`` in ``font``: breaks at spaces, after
    hyphens and elisions (:func:`_pieces`), and inside a word too long for a line (the
    cut marked with a hyphen) where ``lang``'s dictionary allows, else where it fits."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        pieces = _pieces(font, word, width)
        for i, piece in enumerate(pieces):
            joiner = " " if current and i == 0 else ""
            if font.size(current + joiner + piece)[0] <= width:
                current += joiner + piece
                continue
            if current:
                lines.append(current)
            current = piece
            while font.size(current)[0] > width and len(current) > 1:
                cut = _hyphen_cut(font, current, width, lang) or _longest_prefix(font, current, width)
                lines.append(current[:cut] + "-")
                current = current[cut:]
    if current:
        lines.append(current)
    return lines


def _hyphen_cut(font: pygame.font.Font, word: str, width: int, lang: str | None) -> int:
    """The longest start of ``word`` ending at a dictionary break point that fits
    ``width`` with its hyphen (0: none)."""
    points = hyphen_points(word.rstrip("-"), lang)
    return max((p for p in points if font.size(word[:p] + "-")[0] <= width), default=0)


def _longest_prefix(font: pygame.font.Font, word: str, width: int) -> int:
    """How many letters of ``word``, a hyphen added, fit ``width`` (at least one),
    leaving at least four letters (three in a short word) for the next line."""
    cut = 1
    while cut < len(word) - 1 and font.size(word[:cut + 1] + "-")[0] <= width:
        cut += 1
    keep = 4 if len(word) > 7 else 3
    return max(1, min(cut, len(word) - keep)) if len(word) > keep + 1 else cut


@remembered
def fit_wrapped(kit: UiKit, text: str, width: int, max_lines: int, sizes: Sequence[int] = (36, 32, MIN_TEXT)) -> int:
    """The largest of ``sizes`` (then smaller, down to :func:`smallest_size`) at which
    ``text`` wraps (at spaces) into at most ``max_lines`` lines of ``width``, none wider;
    else the smallest."""
    floor = smallest_size(kit)
    to_try: list[int] = [*sizes, *range(min(sizes) - 1, floor - 1, -1)]
    for size in to_try:
        lines = kit.wrap(text, size, width)
        if len(lines) <= max_lines and all(kit.texts.width(line, size) <= width for line in lines):
            return size
    return floor


@remembered
def fit_size(kit: UiKit, text: str, width: int, sizes: Sequence[int] = (40, 36, 32, 28)) -> int:
    """The largest of ``sizes`` at which ``text`` fits on one line in ``width`` (else the
    smallest, and the caller wraps)."""
    for size in sizes:
        if kit.font(size).size(text)[0] <= width:
            return size
    return sizes[-1]


@remembered
def label_fit(kit: UiKit, text: str, width: int, max_lines: int = 2,
              sizes: Sequence[int] = (34, 32, 30, 28)) -> tuple[int, int]:
    """``(size, lines)`` for a label in ``width``: one line at 34 down to 30 px if it
    fits, else the largest of ``sizes`` that wraps into at most ``max_lines`` lines
    (else the smallest size, with its line count)."""
    for size in sizes:
        if size >= 30 and kit.font(size).size(text)[0] <= width:
            return size, 1
    for size in sizes:
        lines = len(kit.wrap(text, size, width))
        if lines <= max_lines:
            return size, lines
    return sizes[-1], len(kit.wrap(text, sizes[-1], width))


@remembered
def fit_words(kit: UiKit, text: str, size: int, width: int) -> tuple[str, int]:
    """``(text, size)`` to draw ``text`` wrapped in ``width`` (a word per line at worst,
    as "d'anniversaire" beside a canvas): the largest size up to ``size`` (down to
    :func:`smallest_size`) at which every word fits, and at the floor the words still too
    long broken with a hyphen where the language allows (new lines in the text)."""
    floor, lang = smallest_size(kit), _lang(kit)

    def wide(word: str, at: int) -> bool:
        return bool(kit.text(word, at).get_width() > width)

    words = text.split()
    while size > floor and any(wide(word, size) for word in words):
        size -= 2
    size = max(size, floor)
    lines = []
    for line in text.split("\n"):
        words = [word if not wide(word, size) else "\n".join(break_lines(kit.font(size), word, width, lang))
                 for word in line.split(" ")]
        lines.append(" ".join(words))
    return "\n".join(lines), size

