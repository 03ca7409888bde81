"""Secret Identity's board from the sofa (issue 27 item 1): every board screen draws its
portraits at 96 px or more, and whatever the hub says stays clear of every card and
number badge, in both safe areas at every text size (the cards stand in three rows
around the hub: ``ring_geometry``'s ``rows``)."""

from __future__ import annotations

import math

import pygame
import pytest

from game.shots import ShotRequest, prepare
from game.context import build_context
from game.games.secret_identity.ui import hub, widgets
from game.settings import TEXT_SCALES, Settings
from game.ui.shapes import shape_box

AREAS = (0.05, 0.10)
BOARD_SHOTS = ("secret_identity.clues", "secret_identity.replace", "secret_identity.vote", "secret_identity.reveal",
               "secret_identity_coop.clue", "secret_identity_coop.guess", "secret_identity_coop.result")
LONG_NAMES = ("Marie-Antoinette", "Jean-Christophe", "Maximilienne")


@pytest.mark.parametrize("area", AREAS)
@pytest.mark.parametrize("shot", BOARD_SHOTS)
def test_every_board_screen_draws_its_portraits_at_96_px_or_more(shot, area, monkeypatch):
    """The vote's ring drew its own smaller pictures (84 px) before it painted the
    board's cards."""
    sizes = []
    real = widgets._card_portrait
    monkeypatch.setattr(widgets, "_card_portrait",
                        lambda kit, ctx, character, size: sizes.append(size) or real(kit, ctx, character, size))
    settings = Settings(lang="fr", text_scale=max(TEXT_SCALES), safe_area=area)
    ctx = prepare(shot, ShotRequest(lang="fr", seats=8, names="long"), settings)
    canvas = ctx.kit.canvas()
    ctx.stack.draw(canvas, 1.0)
    assert len(sizes) >= 8 and min(sizes) >= 96, sorted(set(sizes))


def _cards(kit) -> list[pygame.Rect]:
    """Every card of the ring with its number badge's box."""
    out = []
    for rect in widgets.board_ring(kit).slot_rects(8):
        out += [rect, shape_box((rect.x + widgets.BADGE_INSET, rect.y + widgets.BADGE_INSET), widgets.BADGE_RADIUS)]
    return out


def _hub_words(t) -> list[tuple[str, str]]:
    names = ", ".join(LONG_NAMES)
    return [(t("si.phase.round_start"), t("si.phase.replacements", n=3)),
            (t("si.phase.clues"), t("si.phase.clues_body")), (t("si.phase.clues"), t("si.phase.clues_phones")),
            (t("si.phase.clues"), t("si.phase.clues_mixed")), (t("si.phase.vote"), t("si.phase.vote_body")),
            (t("si.phase.summary"), ""), (t("si.reveal.best"), t("si.reveal.best_body", names=names, n=4)),
            (t("si.reveal.safe_of", name=LONG_NAMES[0]), t("si.reveal.found_by", n=7)),
            (t("sc.result.wrong"), t("sc.result.it_was", name="Le Petit Chaperon rouge"))]


@pytest.mark.parametrize("area", AREAS)
@pytest.mark.parametrize("scale", TEXT_SCALES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_hub_s_words_stay_clear_of_every_card_and_badge(lang, scale, area):
    ctx = build_context(headless=True, lang=lang, settings=Settings(lang=lang, text_scale=scale, safe_area=area),
                        seats=0)
    kit = ctx.kit
    cards = _cards(kit)
    for title, body in _hub_words(ctx.t):
        layer = pygame.Surface((kit.W, kit.H), pygame.SRCALPHA)
        above = [hub.seat_token_image(kit, 0, 30)]
        hub.hub_text(layer, ctx, title, body, above=above)
        drawn = layer.get_bounding_rect()
        assert drawn.collidelist(cards) == -1, (title, body, drawn)


@pytest.mark.parametrize("area", AREAS)
@pytest.mark.parametrize("scale", TEXT_SCALES)
def test_the_board_s_cards_stand_in_rows_each_in_its_stick_sector(scale, area):
    """No card leans into the hub or touches another (a badge overhangs its card's
    corner), and seen from the hub each card is where the stick points for it."""
    ctx = build_context(headless=True, lang="fr", settings=Settings(text_scale=scale, safe_area=area), seats=0)
    ring = widgets.board_ring(ctx.kit)
    rects = ring.slot_rects(8)
    cx, cy = ring.center
    for k, rect in enumerate(rects):
        grown = rect.inflate(2 * widgets.BADGE_RISE, 2 * widgets.BADGE_RISE)
        assert all(not grown.colliderect(other) for other in rects[k + 1:]), (k, rect)
        nearest = pygame.Vector2(max(rect.left, min(cx, rect.right)), max(rect.top, min(cy, rect.bottom)))
        assert nearest.distance_to((cx, cy)) > ring.hub, (k, rect)
        angle = math.degrees(math.atan2(rect.centerx - cx, cy - rect.centery)) % 360
        assert abs((angle - 45 * k + 180) % 360 - 180) < 22.5, (k, angle)
    assert [r.centery for r in rects] == [rects[0].centery] * 2 + [cy] + [rects[4].centery] * 3 + [cy] + \
        [rects[0].centery]


def test_every_name_and_label_is_drawn_whole_by_the_display_font():
    """"Māui" showed as "M ui" on its card: the display font has no ā (nor ō)."""
    ctx = build_context(headless=True, lang="fr", settings=Settings(), seats=0)
    font = ctx.kit.font(28)
    catalogue = ctx.catalogue.game("secret_identity")
    texts = [c.name(lang) for c in catalogue.characters for lang in ("fr", "en")]
    texts += [p.label(lang) for p in catalogue.pictograms.values() for lang in ("fr", "en")]
    missing = sorted({(text, ch) for text in texts for ch, metrics in zip(text, font.metrics(text))
                      if not ch.isspace() and (metrics is None or metrics[:4] == (0, 0, 0, 0))})
    assert missing == []


@pytest.mark.parametrize("scale", TEXT_SCALES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_character_s_name_takes_two_lines_at_most_on_its_card(lang, scale):
    """With a 100 px portrait a card has room for two lines of name: "The Lighthouse
    Keeper" ran to a third over the card's edge; a long name shows its ``short`` one."""
    ctx = build_context(headless=True, lang=lang, settings=Settings(lang=lang, text_scale=scale), seats=0)
    catalogue = ctx.catalogue.game("secret_identity")
    long = [c.id for c in catalogue.characters
            if widgets.card_name(ctx.kit, c, lang, widgets.SLOT_W - 12, (28, 28))[1].count("\n") >= widgets.NAME_LINES]
    assert long == []
