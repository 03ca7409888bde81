"""Text that fits its box: a long word ("d'anniversaire" beside a canvas) shrinks, not
below the 28 px floor, and past that breaks with a hyphen; it never crosses a border."""

from __future__ import annotations

from typing import Any

FLOOR = 28


def fit_text(kit: Any, text: str, size: int, width: int) -> tuple[str, int]:
    """``(text, size)`` to draw ``text`` wrapped in ``width``: the largest size up to
    ``size`` (at least :data:`FLOOR`) at which every word fits, and at the floor the words
    still too long broken with a hyphen (new lines in the text)."""

    def wide(word: str, at: int) -> bool:
        return bool(kit.text(word, at).get_width() > width)

    words = text.split()
    while size > FLOOR and any(wide(word, size) for word in words):
        size -= 2
    size = max(size, FLOOR)
    lines = []
    for line in text.split("\n"):
        out = []
        for word in line.split(" "):
            while len(word) > 2 and wide(word, size):
                cut = next(i for i in range(len(word) - 1, 0, -1) if not wide(word[:i] + "-", size) or i == 1)
                out.append(word[:cut] + "-\n")
                word = word[cut:]
            out.append(word)
        lines.append(" ".join(out).replace("-\n ", "-\n"))
    return "\n".join(lines), size
