"""The end screens' confetti never falls over or behind a text the screen shows: the
headlines, the podium's names and scores, the explanations (none has a panel behind it)
are in the show's keep-out; a text in a panel is covered by that panel or kept out too."""

import pytest
import pygame

from game.ui import show as show_mod
from game.ui.layout_probe import Probe

#: (shot, ticks): a moment of each screen with discs falling near its headline.
MOMENTS = [
    ("incognito.final", 100),
    ("personality.podium", 60),  # the discs falling under the verdict
    ("personality.podium", 120),  # the discs falling past the podium's names and the ranking
    ("secret_identity.podium", 100),
    ("secret_identity_coop.end", 140),
    ("secret_identity.cheer", 60),  # a round's best cheered, on the table
    ("personality.reveal.cheer", 60),  # a vote's new leader cheered, on the board
]


def discs_and_texts(shot: str, ticks: int, lang: str, monkeypatch):
    """The screen drawn at that moment: its confetti discs (rect and drawing order), and
    the probe's drawing (texts and boxes with their order)."""
    discs = []
    draw_confetti = show_mod.Show.draw_confetti

    def recorded(show, surface, *args, **kwargs):
        kit = show.ctx.kit
        draw_shape = kit.draw_shape

        def shape(*a, **k):
            rect = draw_shape(*a, **k)
            discs.append(pygame.Rect(rect))
            return rect

        monkeypatch.setattr(kit, "draw_shape", shape)
        try:
            return draw_confetti(show, surface, *args, **kwargs)
        finally:
            monkeypatch.setattr(kit, "draw_shape", draw_shape)

    monkeypatch.setattr(show_mod.Show, "draw_confetti", recorded)
    drawn = Probe(ticks=ticks).draw(shot, lang)
    order = {}
    for box in drawn.boxes:  # the probe keeps a box for each shape drawn, in order
        order[tuple(box.rect)] = max(order.get(tuple(box.rect), 0), box.order)
    return [(disc, order[tuple(disc)]) for disc in discs], drawn


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("shot, ticks", MOMENTS)
def test_no_confetti_disc_shows_over_or_behind_an_end_screens_text(shot, ticks, lang, monkeypatch):
    discs, drawn = discs_and_texts(shot, ticks, lang, monkeypatch)
    assert discs, "the moment shows confetti"
    headline = min(drawn.texts, key=lambda text: (text.ink.top, -text.size))
    shown = []
    for text in drawn.texts:
        for disc, order in discs:
            if not disc.colliderect(text.ink):
                continue
            hidden = any(order < box.order < text.order and box.rect.contains(text.ink) and box.rect.width > 2 * 21
                         for box in drawn.boxes)  # a panel drawn over the disc, under the text
            if order > text.order or not hidden:
                shown.append((text.text, tuple(disc)))
    assert not any(disc.colliderect(headline.ink) for disc, _ in discs), headline.text
    assert not shown
