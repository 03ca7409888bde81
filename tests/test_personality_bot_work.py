"""Personality bots make their frequent moves (read, vote, ready, exchange) from the view,
without listing the legal actions (a vote offers 18, before every bot move: issue 18
item 5), and each move is one the rules offer. tests/test_personality_sim.py pins whole
matches."""

from game.core.playthrough import LegalOnDemand
from game.core.rng import Rng
from game.core.session import Session
from game.games.personality.rules.bots import PersonalityBot
from game.games.personality.rules.view import PEPhase
from tests.test_personality_rules import ENTRY, game


class Unread(LegalOnDemand):
    """Legal actions a bot must not read."""

    def _listed(self):
        raise AssertionError("the bot listed the legal actions")


def test_a_match_of_bots_lists_legal_actions_only_in_the_rare_phases():
    g = game()
    session = Session(g, ENTRY.default_config(6), "work")
    bots = {s: PersonalityBot(g.catalogue, s, Rng.from_seed(f"w{s}"), level) for s, level in
            enumerate(["normal", "sharp", "easy", "normal", "normal", "sharp"])}
    made_from_view = 0
    while session.outcome() is None:
        seat = min(session.current())
        view, phase = session.view(seat), session.state.phase
        frequent = phase in (PEPhase.READ, PEPhase.VOTE, PEPhase.REVOTE, PEPhase.DEBATE, PEPhase.EXCHANGE)
        action = bots[seat].act(view, Unread(session, seat) if frequent else LegalOnDemand(session, seat))
        assert action in session.legal(seat)
        made_from_view += frequent
        session.submit(action)
    assert made_from_view > 100
