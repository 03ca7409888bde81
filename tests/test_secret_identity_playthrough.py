"""Harness playthroughs of both modes for 3..8 seats (invariants, leaks, replay)."""

import pytest

from game.core.playthrough import play_match
from game.core.rng import Rng
from game.games.secret_identity.entries import ENTRIES
from game.games.secret_identity.rules.bots import CompetitiveBot

from secret_identity_helpers import tiny_catalogue

CAT = tiny_catalogue()


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.id)
@pytest.mark.parametrize("seats", range(3, 9))
def test_bots_play_checked_matches(entry, seats):
    definition = entry.make_definition(CAT)
    for seed in range(2 if seats <= 5 else 1):
        bots = {s: entry.make_bot(CAT, s, Rng.from_seed(f"{seed}:{s}")) for s in range(seats)}
        result = play_match(definition, entry.default_config(seats), seed, bots, check=True)
        assert result.outcome is not None
        key = "guess_accuracy" if entry.id == "secret_identity" else "team_score"
        assert key in result.outcome.measures


def test_catch_up_and_replacements_survive_the_harness():
    """Seat 0 replaces characters (SI-3), gives unhelpful clues and votes against its
    own judgement, so it falls more than 10 points behind and gets catch-up cards (SI-8)."""
    entry = ENTRIES[0]

    class Contrarian(CompetitiveBot):
        def act(self, view, legal):
            replace = [a for a in legal if a.kind == "replace"]
            if replace and view.public.replacements_left > 1:
                return replace[0]
            if view.public.phase == "clues":
                return legal[-1] if view.private.placed else legal[1]  # one red card, then confirm
            choice = super().act(view, legal)
            if choice.kind != "vote":
                return choice
            return next(a for a in legal if a.data["target"] == choice.data["target"]
                        and a.data["number"] != choice.data["number"])

    bots = {s: (Contrarian if s == 0 else CompetitiveBot)(s, Rng(s), CAT) for s in range(6)}
    config = entry.default_config(6)
    result = play_match(entry.make_definition(CAT), config, 2, bots, check=True)
    state = result.session.state
    assert state.used  # replaced characters left the match
    assert any(r.catch_up[0] == 2 for r in state.history)


def test_replacements_leave_every_later_round_eight_characters():
    """SI-1 over SI-3: with the family filter the tiny deck holds just 32 characters,
    so no replacement may be taken from what rounds still to come will deal."""
    entry = ENTRIES[0]

    class Replacer(CompetitiveBot):
        def act(self, view, legal):
            replace = [a for a in legal if a.kind == "replace"]
            return replace[0] if replace else super().act(view, legal)

    deck = tiny_catalogue(40)  # 32 of them family characters
    bots = {s: Replacer(s, Rng(s), deck) for s in range(4)}
    result = play_match(entry.make_definition(deck), entry.default_config(4), 3, bots, check=True)
    state = result.session.state
    assert len(state.history) == 4 and all(len(r.board) == 8 for r in state.history)
