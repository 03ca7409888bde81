"""The round summary's "why" column: under each seat's clue, the words that link every
pictogram to the character it clued (``public.clue_links``, public once the round is
scored), so players learn how the others, bots included, think (issue 16 item 3)."""

from __future__ import annotations

from typing import Any, Sequence

import pygame

from ....ui.fit import fit_words
from ..rules.view import Shown
from .widgets import draw_pictogram_chip, fit_text

#: The size of the column's pictogram chips.
CHIP = 50
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


def draw_links_header(surface: pygame.Surface, ctx: Any, origin: Sequence[int], width: int) -> None:
    """The column's title, bottom-left at ``origin``, wrapped in ``width``."""
    ctx.kit.blit_text(surface, ctx.t("si.summary.links"), WORDS_SIZE, origin, "bottomleft", ctx.kit.colours.muted,
                      max_width=width)


def draw_clue_links(surface: pygame.Surface, ctx: Any, links: Sequence[Any], row: pygame.Rect) -> None:
    """One seat's clue in ``row``: per pictogram, its chip and its words (two lines at
    most, shortened past that)."""
    kit, c = ctx.kit, ctx.kit.colours
    if not links:
        kit.blit_text(surface, "—", WORDS_SIZE, (row.x + CHIP // 2, row.centery), "center", c.muted)
        return
    step = row.width // len(links)
    for i, link in enumerate(links):
        x = row.x + i * step
        chip = pygame.Rect(x, row.centery - CHIP // 2, CHIP, CHIP)
        draw_pictogram_chip(surface, ctx, Shown(link.pictogram, link.green), chip)
        width = step - CHIP - 22
        text, size = fit_words(kit, link_text(ctx, link), WORDS_SIZE, width)  # a narrow column breaks a word
        lines = kit.wrap(text, size, width)
        if len(lines) > 2:
            text = f"{lines[0]}\n{fit_text(kit, ' '.join(lines[1:]), size, width)}"
        kit.blit_text(surface, text, size, (chip.right + 10, row.centery), "midleft",
                      c.text if link.hook or link.words else c.muted, max_width=width)
