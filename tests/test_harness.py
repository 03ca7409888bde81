"""The harness every game registers into (issue 3): seeded playthroughs with checks.

For the toy game and for every game in the registry, at every seat count: random bots
and the game's own bots play to the end under ``play_match(check=True)``, which asserts
that the game ends, a seat that must act has a legal move, invariants hold after every
action, no view leaks another seat's secret, actions survive JSON, and the log replays
to the same state hash. Hypothesis picks the seeds: hundreds for the toy game, a few
per seat count for real games (2 with their bots, 1 with random bots) so the suite stays
fast; ``python -m game sim GAME --check`` runs the same checks over many more.
"""

from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game import paths
from game.core.bots import RandomBot
from game.core.playthrough import play_match
from game.core.rng import Rng
from game.games import all_games
from tests.toygame import ENTRY as TOY, ToyBot, ToyGame

SEEDS = st.integers(min_value=0, max_value=2 ** 32 - 1)
REAL_CASES = [(entry.id, seats) for entry in all_games().values()
              for seats in range(entry.min_seats, entry.max_seats + 1)]


@settings(max_examples=300, deadline=None)
@given(seed=SEEDS, timer_scale=st.sampled_from([1.0, 1.5, 0.0]))
def test_toy_game_with_its_bots(seed, timer_scale):
    bots = {s: ToyBot(s, Rng.from_seed(f"bot:{seed}:{s}")) for s in range(2)}
    result = play_match(ToyGame(), {"seats": 2, "timer_scale": timer_scale}, seed, bots, check=True)
    assert len(result.outcome.winners) >= 1


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_toy_game_with_random_bots(seed):
    bots = {s: RandomBot(s, Rng.from_seed(f"rnd:{seed}:{s}")) for s in range(2)}
    play_match(ToyGame(), TOY.default_config(2), seed, bots, check=True)


@lru_cache(maxsize=None)
def catalogue_of(game_id: str):
    entry = all_games()[game_id]
    catalogue, _warnings = entry.load_catalogue(paths.data_dir(), None)
    return catalogue


def play_real(game_id: str, seats: int, seed: int, own_bots: bool):
    entry = all_games()[game_id]
    catalogue = catalogue_of(game_id)
    if own_bots:
        bots = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"bot:{seed}:{s}")) for s in range(seats)}
    else:
        bots = {s: RandomBot(s, Rng.from_seed(f"rnd:{seed}:{s}")) for s in range(seats)}
    return play_match(entry.make_definition(catalogue), entry.default_config(seats), seed, bots, check=True)


@pytest.mark.parametrize("game_id,seats", REAL_CASES)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS)
def test_registered_game_with_its_bots(game_id, seats, seed):
    play_real(game_id, seats, seed, own_bots=True)


@pytest.mark.parametrize("game_id,seats", REAL_CASES)
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=SEEDS)
def test_registered_game_with_random_bots(game_id, seats, seed):
    play_real(game_id, seats, seed, own_bots=False)


def test_a_bot_match_lists_legal_actions_only_when_a_bot_reads_them():
    """``play_match`` hands bots their legal actions unlisted (issue 18 item 5): listed
    once on the first read, and an empty list still fails as a broken game."""
    from game.core.actions import Action as Act
    from game.core.playthrough import LegalOnDemand, PlaythroughError as Broken

    class CountingSession:
        calls = 0

        def legal(self, seat):
            self.calls += 1
            return [Act("ready", seat)] if seat == 0 else []

    session = CountingSession()
    legal = LegalOnDemand(session, 0)
    assert session.calls == 0
    assert legal[0] == Act("ready", 0) and len(legal) == 1 and Act("ready", 0) in legal and list(legal) == [legal[0]]
    assert session.calls == 1
    with pytest.raises(Broken, match="seat 1 must act"):
        LegalOnDemand(session, 1)[0]
