"""The round summary's "why" column: under each seat's clue, the words that link every
pictogram to the character it clued (``public.clue_links``, public once the round is
scored), so players learn how the others, bots included, think (issue 16 item 3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

import pygame

from ....ui.fit import fit_words, smallest_size
from ..rules.view import Shown
from .widgets import draw_pictogram_chip, fit_text

if TYPE_CHECKING:
    from ....ui.kit import UiKit

#: The size of the column's pictogram chips: room for a 48 px pictogram (``chip_icon_size``).
CHIP = 56
#: A link's chip, the gap to its words, and the gap after them to the next chip.
LINK_SPACING = CHIP + 10 + 8
#: How far a row's chips reach from its middle (their frame's anti-aliased edge 1 px more).
NEXT_ROW_REACH = CHIP // 2 + 1
#: Text size of the words (the couch floor).
WORDS_SIZE = 28


def link_text(ctx: Any, link: Any) -> str:
    """The words of one link in the game's language: the shared tags, after "obvious
    link" for a hook; "no link" when nothing ties them (a red "is not" usually)."""
    lang, t = ctx.settings.lang, ctx.t
    tags = ctx.catalogue.game("secret_identity").tags
    words = [tags[tag](lang) for tag in link.words if tag in tags]
    if link.hook:
        words.insert(0, t("si.summary.hook"))
    return ", ".join(words) if words else t("si.summary.no_link")


def links_width(ctx: Any, links: Sequence[Any]) -> int:
    """What one seat's clue links take on one line, their words at the floor."""
    font = ctx.kit.font(smallest_size(ctx.kit))
    return sum(LINK_SPACING + font.size(link_text(ctx, link))[0] for link in links) if links else CHIP


def draw_links_header(surface: pygame.Surface, ctx: Any, origin: Sequence[int], width: int) -> None:
    """The column's title, bottom-left at ``origin``, wrapped in ``width``."""
    ctx.kit.blit_text(surface, ctx.t("si.summary.links"), WORDS_SIZE, origin, "bottomleft", ctx.kit.colours.muted,
                      max_width=width)


def draw_clue_links(surface: pygame.Surface, ctx: Any, links: Sequence[Any], row: pygame.Rect) -> None:
    """One seat's clue in ``row``: per pictogram, its chip and its words (two lines at
    most, shortened past that, and one only when two would reach the next row's chips)."""
    kit, c = ctx.kit, ctx.kit.colours
    if not links:
        kit.blit_text(surface, "—", WORDS_SIZE, (row.x + CHIP // 2, row.centery), "center", c.muted)
        return
    texts = [link_text(ctx, link) for link in links]
    # the words stay clear of the rows above and below: their words and their chips' badges
    reach = min(row.height // 2, row.height - NEXT_ROW_REACH)
    x = row.x
    for link, words, width in zip(links, texts, _shares(kit, texts, row.width - len(links) * LINK_SPACING)):
        chip = pygame.Rect(x, row.centery - CHIP // 2, CHIP, CHIP)
        draw_pictogram_chip(surface, ctx, Shown(link.pictogram, link.green), chip)
        text, size = _words_in_row(kit, words, width, reach)
        kit.blit_text(surface, text, size, (chip.right + 10, row.centery), "midleft",
                      c.text if link.hook or link.words else c.muted, max_width=width)
        x += LINK_SPACING + width


def _shares(kit: UiKit, texts: Sequence[str], room: int) -> list[int]:
    """Each link's width for its words out of ``room``: what its words take on one line
    (at full size, else at the floor), the rest shared evenly; when they need more than
    there is, each gets its longest word whole (a word is not cut while the room allows)
    and the rest in proportion to what its words need beyond it, so a short link leaves
    room to a long one and fewer break or shorten."""
    for size in (WORDS_SIZE, smallest_size(kit)):
        natural = [kit.font(size).size(text)[0] for text in texts]
        spare = room - sum(natural)
        if spare >= 0:
            return [width + spare // len(texts) for width in natural]
    font = kit.font(smallest_size(kit))
    longest = [max(font.size(word)[0] for word in text.split()) for text in texts]
    extra = [width - word for width, word in zip(natural, longest)]
    left = room - sum(longest)
    if left < 0 or not sum(extra):
        return [room * width // sum(natural) for width in natural]
    return [word + left * more // sum(extra) for word, more in zip(longest, extra)]


def _words_in_row(kit: UiKit, words: str, width: int, reach: int) -> tuple[str, int]:
    """``(text, size)`` for a link's words in ``width``, their ink no further than
    ``reach`` above or below the row's middle: the largest size down to the floor at
    which they wrap into two lines at most that stay in, else those two lines at the
    floor, the second shortened with an ellipsis, else one line so shortened. A narrow
    column breaks a word."""
    floor = smallest_size(kit)
    for size in range(WORDS_SIZE, floor - 1, -1):
        text, size = fit_words(kit, words, size, width)
        lines = kit.wrap(text, size, width)
        if len(lines) <= 2 and _inside(kit, "\n".join(lines), size, reach):
            return "\n".join(lines), size
    two = f"{lines[0]}\n{fit_text(kit, ' '.join(lines[1:]), floor, width)}"
    return (two if _inside(kit, two, floor, reach) else fit_text(kit, words, floor, width)), floor


def _inside(kit: UiKit, text: str, size: int, reach: int) -> bool:
    """``text``'s ink, drawn centred on a row's middle, stays within ``reach`` of it."""
    image = kit.text(text, size)
    ink, half = image.get_bounding_rect(), image.get_height() / 2
    return ink.top - half >= -reach and ink.bottom - half <= reach
