"""Issue 28 items 2, 3 and 7: every screen composed for its seat count (no empty band or
column, no name cut with "…" or inside a word), shows that never contradict themselves,
and the layout check's eyes for both (game/ui/layout_compose.py: the ``cut`` and
``empty`` rules; the probe's last frame of a show, default names and text size)."""

from __future__ import annotations

import pygame
import pytest

from game.shots import ShotRequest, prepare
from game.ui.layout_compose import to_last_frame
from game.ui.layout_probe import Probe
from tests.painted_screen import check_painted


def _rules(found):
    return sorted({v.rule for v in found})


# --- the cut rule ---------------------------------------------------------------------------------
def test_cut_flags_a_word_broken_inside_or_shortened_not_a_break_at_its_own_hyphen():
    def paint(text):
        return lambda kit, s: kit.blit_text(s, text, 40, (600, 500))

    assert _rules(check_painted(paint("L'Extrater-\nrestre"))) == ["cut"]  # "Extraterrestre" has no hyphen
    assert _rules(check_painted(paint("Marie-Anto…"))) == ["cut"]
    assert _rules(check_painted(paint("…"))) == ["cut"]  # a portrait's cards cut short
    assert check_painted(paint("Marie-\nAntoinette")) == []  # a long name of the demo set, at its hyphen
    assert check_painted(paint("Waiting for the others…")) == []  # the game's own ellipsis (phone.yaml)


def test_a_name_breaks_after_an_elision_before_it_breaks_inside_a_word():
    from game.ui.fit import break_lines, smallest_size

    ctx = prepare("title", ShotRequest(ticks=0), Probe().settings("fr"))
    font = ctx.kit.font(smallest_size(ctx.kit))
    width = font.size("Extraterrestre")[0]
    assert break_lines(font, "L'Extraterrestre", width, "fr") == ["L'", "Extraterrestre"]
    assert break_lines(font, "aujourd'hui", font.size("aujourd'")[0], "fr")[0] != "aujourd'"  # not mid-word
    ctx.stack.clear()


# --- the empty rule -------------------------------------------------------------------------------
def test_empty_flags_a_screen_that_leaves_a_fifth_of_its_safe_area_bare():
    def one_panel(kit, s):
        kit.panel(s, (400, 300, 800, 300))
        kit.blit_text(s, "Bonjour", 48, (800, 450), "center")

    found = check_painted(one_panel, whole_screen=True)
    assert _rules(found) == ["empty"] and "of the safe area empty" in found[0].detail

    def tiled(kit, s):  # panels 240 px apart at most: no bare fifth anywhere
        for x in range(110, 1800, 340):
            for y in (60, 350, 640, 900):
                kit.panel(s, (x, y, 120, 120), shadow=False)

    assert check_painted(tiled, whole_screen=True) == []


def test_the_fixtures_of_the_other_rules_are_not_judged_as_whole_screens():
    assert check_painted(lambda kit, s: kit.blit_text(s, "Bonjour", 48, (800, 450))) == []


# --- shows that never contradict themselves, and their last frame ---------------------------------
#: Every end that counts (Mission Secrète's counts nothing: its card says who won as it
#: slides in, game/games/mission_secrete/ui/win.py).
END_SHOTS = ("personality.podium", "incognito.final", "secret_identity.podium", "secret_identity_coop.end")


def _replayed(shot, built):
    """A probe's builder: ``shot`` with its end's show started again from its first tick
    (the shots show it over)."""
    from game.shots import registry

    def build(ctx, args):
        registry()[shot](ctx, args)
        board = next(scene for scene in ctx.stack if hasattr(scene, "section"))
        board.section.begin(board.section.show.standings)
        built.append(board)
    return build


@pytest.mark.parametrize("shot", END_SHOTS)
def test_every_games_end_writes_its_verdict_only_once_the_count_has_reached_it(shot):
    """Item 3, in every game: while the end's show counts, no verdict (who won) is on
    screen; at its last frame the verdict is, beside the scores counted to their end."""
    built = []
    drawn = Probe(ticks=20, seats=4).draw("fixture", "en", _replayed(shot, built))
    board = built[0]
    verdict = board.section.verdict(board.public)
    assert board.section.running and verdict
    texts = " ".join(t.text for t in drawn.texts)
    assert not any(line in texts for line in verdict.split("\n")), (verdict, texts)
    built = []
    drawn = Probe(ticks=20, seats=4, last_frame=True).draw("fixture", "en", _replayed(shot, built))
    board = built[0]
    assert not board.section.running
    texts = " ".join(t.text for t in drawn.texts)
    assert all(line in texts for line in verdict.split("\n")), (verdict, texts)


def test_the_last_frame_of_a_reveal_is_its_last_beats_last_tick():
    ctx = prepare("incognito.reveal", ShotRequest(ticks=1))
    board = next(scene for scene in ctx.stack if hasattr(scene, "section"))
    assert board.stage == "reveal" and board.show_to_skip()
    to_last_frame(ctx.stack)
    section = board.section
    assert board.stage == "reveal" and section.beat == len(section.beats) - 1 and section.tick == section.beats[-1] - 1
    ctx.stack.clear()


# --- the screens ----------------------------------------------------------------------------------
def test_the_vote_ring_keeps_a_card_for_every_human_voter_once_voted():
    """The Personality vote dropped a voter's card from the ring once it had voted (3
    left, 2 right): every human voter keeps one, ticked once voted."""
    from game.games.personality.ui.vote_ring import CardRing

    ctx = prepare("personality.vote", ShotRequest(seats=6, ticks=60))
    board = next(scene for scene in ctx.stack if hasattr(scene, "humans"))
    ring = next(scene for scene in ctx.stack if isinstance(scene, CardRing))
    voters = set(board.public.voters) & board.humans()
    voted = voters - set(board.session.current())
    assert voted and set(ring.seats) == voters
    ctx.stack.clear()
