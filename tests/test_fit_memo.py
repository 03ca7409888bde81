"""Fitting texts to their boxes is remembered (game.ui.fit's memo, issue 18 item 4): a
board drawn again measures no text, the memo keeps a bounded number of answers, and an
answer is asked again when what it depends on changes."""

from __future__ import annotations

import pygame
import pytest

from game.shots import ShotRequest, prepare


@pytest.mark.parametrize("name, seats", [("secret_identity.clues", 8), ("secret_identity_coop.guess", 8),
                                         ("personality.vote", 6)])
def test_a_busiest_board_drawn_again_measures_no_text(name, seats):
    ctx = prepare(name, ShotRequest(seats=seats, names="long"))
    canvas = pygame.Surface((1920, 1080))
    ctx.stack.draw(canvas, 1.0)
    measured = []
    font = ctx.kit.font
    ctx.kit.font = lambda size: measured.append(size) or font(size)  # every fit measures through it
    ctx.stack.draw(canvas, 1.0)
    assert measured == []


def test_the_fit_memo_keeps_the_latest_answers_only():
    from game.ui.fit import FIT_MEMO_SIZE, fit_text

    ctx = prepare("title", ShotRequest(ticks=0))
    names = [f"Joueuse {n}" for n in range(FIT_MEMO_SIZE + 40)]
    for name in names:
        fit_text(ctx.kit, name, 300)
    memo = ctx.kit.fits
    assert len(memo) == FIT_MEMO_SIZE
    searched = memo.misses
    fit_text(ctx.kit, names[-1], 300)  # kept
    assert memo.misses == searched
    fit_text(ctx.kit, names[0], 300)  # the oldest went first
    assert memo.misses == searched + 1


def test_a_fit_is_asked_again_for_another_text_size_or_language():
    from game.ui.fit import fit_text

    ctx = prepare("title", ShotRequest(ticks=0))
    kit, settings = ctx.kit, ctx.settings
    width = kit.font(36).size("Marie-Antoinette")[0]
    assert fit_text(kit, "Marie-Antoinette", width) == (36, "Marie-Antoinette")
    settings.text_scale = 1.3  # larger text: the name no longer fits at 36
    assert fit_text(kit, "Marie-Antoinette", width)[0] < 36
    settings.text_scale = 1.0
    narrow = kit.font(28).size("infor-")[0]  # hyphenated by each language's dictionary
    settings.lang = "fr"
    assert fit_text(kit, "information", narrow)[1] == "infor-\nma-\ntion"
    settings.lang = "en"
    assert fit_text(kit, "information", narrow)[1] == "in-\nform-\nation"


@pytest.mark.parametrize("name", ["secret_identity.clues", "secret_identity.vote", "secret_identity_coop.guess",
                                  "secret_identity_coop.result"])
def test_a_hub_drawn_again_searches_no_stack(name, monkeypatch):
    """The SI hub's stack (words shrunk and narrowed until they fit inside the disc) is
    searched once for the same parts: every frame draws it."""
    from game.games.secret_identity.ui import hub

    ctx = prepare(name, ShotRequest(seats=8, names="long"))
    canvas = pygame.Surface((1920, 1080))
    searched = []
    search = hub._fit
    monkeypatch.setattr(hub, "_fit", lambda kit, parts: searched.append(len(parts)) or search(kit, parts))
    ctx.stack.draw(canvas, 1.0)
    first = len(searched)
    ctx.stack.draw(canvas, 1.0)
    assert first > 0 and len(searched) == first
