"""The engine's promises, shown on the toy game: determinism, actions as JSON, refusals
that change nothing, pending seats, countdowns in ticks, chance in the log, saves."""

import json
from dataclasses import replace

import pytest

from game.core.actions import CHANCE, TIMEOUT, Action, IllegalAction
from game.core.playthrough import PlaythroughError, check_no_leaks, play_match
from game.core.rng import Rng, Shuffler, _fisher_yates
from game.core.files import quarantine
from game.core.session import SaveError, Session
from game.core.serial import state_hash
from game.core.engine import SeatView
from game.core.events import TimedOut
from tests.toygame import VOTE_TICKS, ToyBot, ToyGame, resolve

CONFIG = {"seats": 2, "timer_scale": 1.0}


def new_session(tmp_path=None, seed=7, **config):
    save = tmp_path / "autosave.json" if tmp_path else None
    return Session(ToyGame(), {**CONFIG, **config}, seed, save_path=save, catalogue_version="v1")


# --- Rng ---------------------------------------------------------------------------
def test_rng_is_deterministic_and_seed_sensitive():
    a, b, c = Rng.from_seed("x"), Rng.from_seed("x"), Rng.from_seed("y")
    seq_a = [a.below(100) for _ in range(20)]
    assert seq_a == [b.below(100) for _ in range(20)]
    assert seq_a != [c.below(100) for _ in range(20)]
    assert Rng.from_seed(5).shuffled(range(10)) == Rng.from_seed(5).shuffled(range(10))


def test_rng_known_values_do_not_drift():
    # Pinned outputs: a change here breaks every saved match, so it must be deliberate.
    rng = Rng.from_seed(1)
    assert [rng.below(1000) for _ in range(5)] == [465, 519, 590, 235, 761]
    assert Rng.from_seed("salon").shuffled(range(8)) == [1, 2, 7, 6, 0, 5, 3, 4]


def test_rng_bounds_and_state_round_trip():
    rng = Rng.from_seed("bounds")
    assert all(1 <= rng.randint(1, 6) <= 6 for _ in range(500))
    assert sorted(rng.shuffled(range(8))) == list(range(8))
    copy = Rng(rng.state)
    assert [copy.next_u64() for _ in range(3)] == [rng.next_u64() for _ in range(3)]
    with pytest.raises(ValueError):
        rng.below(0)


def test_rng_methods_draw_exactly_as_next_u64():
    """``random``, ``randoms``, ``next_u64s``, ``below`` and ``shuffled`` write the SplitMix64 step out
    (issue 18 item 5): each still gives what the textbook form on ``next_u64`` gives."""
    def below(rng, n):
        limit = (1 << 64) - (1 << 64) % n
        while (value := rng.next_u64()) >= limit:
            pass
        return value % n

    def shuffled(rng, items):
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = below(rng, i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    fast, slow = Rng.from_seed("steps"), Rng.from_seed("steps")
    for n in [1, 2, 3, 7, 1000, (1 << 63) + 1, (1 << 64) - 1, 1 << 64] * 40:
        assert fast.random() == (slow.next_u64() >> 11) / float(1 << 53)
        assert fast.below(n) == below(slow, n)
        assert fast.shuffled(range(n % 11)) == shuffled(slow, range(n % 11))
        assert fast.randoms(n % 21) == [(slow.next_u64() >> 11) / float(1 << 53) for _ in range(n % 21)]
        assert fast.state == slow.state
    for n in [17, 100, 480, 1030]:  # a long list's draws are taken in lanes
        assert fast.shuffled(range(n)) == shuffled(slow, range(n)) and fast.state == slow.state
    for count in [*range(100), 224, 500]:  # next_u64s: in lanes of LANE_BATCH, then one by one
        assert fast.next_u64s(count) == [slow.next_u64() for _ in range(count)] and fast.state == slow.state
        assert fast.randoms(count) == [(slow.next_u64() >> 11) / float(1 << 53) for _ in range(count)]


def test_jittered_values_are_those_of_randoms():
    """``jittered`` (SI's clue plan) gives each value plus ``spread * (2 * u - 1)`` with
    ``u`` the next of ``randoms``, to the last bit, and leaves the generator where they do."""
    fast, slow = Rng.from_seed("jitter"), Rng.from_seed("jitter")
    for count in [*range(12), 40, 320, 333]:
        values = [((i * 7) % 11) / 3 - 1.5 for i in range(count)]
        for spread in (0.0, 1.0, 3.0, 0.37, 8.0, -2.5, 1e-300, 1e300):
            assert fast.jittered(values, spread) == [v + spread * (2 * u - 1)
                                                     for v, u in zip(values, slow.randoms(count))]
            assert fast.state == slow.state


def test_a_refused_draw_is_passed_over_and_more_are_drawn_when_the_words_run_out():
    """``below``'s rejection: 2**64 - 1 is past the last multiple of 3 under 2**64, so the
    first place draws again (0: swapped with place 0); the second place's draw is the
    next word, asked of ``more`` once the words given are spent."""
    asked: list[int] = []
    out = list(range(3))
    assert _fisher_yates(out, [2**64 - 1, 0], 0, lambda: asked.append(1) or [0, 5]) == ([0, 5], 1)
    assert out == [1, 2, 0] and asked == [1]


def test_a_long_shuffle_is_the_one_a_draw_at_a_time_gives():
    """A long shuffle's lane draws are the generator's own draws: the shuffle is
    Fisher–Yates with ``below``, and the generator ends where that leaves it."""
    for n in (17, 40, 333):
        fast, slow = Rng.from_seed(f"long:{n}"), Rng.from_seed(f"long:{n}")
        out = list(range(n))
        for i in range(n - 1, 0, -1):
            j = slow.below(i + 1)
            out[i], out[j] = out[j], out[i]
        assert fast.shuffled(range(n)) == out and fast.state == slow.state


def test_a_shuffler_shuffles_as_its_generator_would():
    """``play_match``'s seat order draws in batches (``Shuffler``): every shuffle, of any
    length and across the batches' ends, is the one ``Rng.shuffled`` gives, in turn."""
    shuffler, plain = Shuffler(Rng.from_seed("order:x")), Rng.from_seed("order:x")
    for n in [0, 1, 2, 8, 3, 6, 100, 4, 65, 7, 5, 1] * 30:
        assert shuffler.shuffled(range(n)) == plain.shuffled(range(n))


# --- Actions -------------------------------------------------------------------------
def test_action_json_round_trip():
    action = Action("vote", 1, {"choice": "high", "cards": [1, 2]}, tick=42)
    raw = json.loads(json.dumps(action.to_json()))
    assert Action.from_json(raw) == action
    assert Action.from_json({"kind": "x"}) == Action("x")
    for bad in ({"seat": 1}, {"kind": "x", "seat": "one"}, {"kind": "x", "data": [1]}, [1, 2]):
        with pytest.raises(ValueError):
            Action.from_json(bad)


# --- Refusals and pending seats ---------------------------------------------------------
def test_illegal_action_leaves_state_unchanged():
    session = new_session()
    before, log = session.hash(), list(session.log)
    for action, reason in [(Action("vote", 0, {"choice": "middle"}), "bad_choice"),
                           (Action("dance", 0), "unknown_action"),
                           (Action("vote", 5, {"choice": "high"}), "bad_seat")]:
        with pytest.raises(IllegalAction) as err:
            session.submit(action)
        assert err.value.reason == reason
    session.submit(Action("vote", 0, {"choice": "high"}))
    middle = session.hash()
    with pytest.raises(IllegalAction) as err:
        session.submit(Action("vote", 0, {"choice": "high"}))
    assert err.value.reason == "same_vote"
    assert session.hash() == middle and before != middle and len(session.log) == len(log) + 1


def test_session_refuses_chance_and_timeout_from_players():
    session = new_session()
    for kind in (CHANCE, TIMEOUT):
        with pytest.raises(IllegalAction):
            session.submit(Action(kind, 0))


def test_pending_seats_may_change_until_the_phase_closes():
    session = new_session()
    assert session.current() == {0, 1}
    session.submit(Action("vote", 0, {"choice": "high"}))
    assert session.view(None).public.voted == (True, False)
    session.submit(Action("vote", 0, {"choice": "low"}))          # a change of mind
    assert session.view(0).private.my_vote == "low"
    assert session.legal(0) == [Action("vote", 0, {"choice": "high"})]
    assert session.state.round == 0
    session.submit(Action("vote", 1, {"choice": "high"}))         # the last pending seat
    assert session.state.round == 1 and session.view(None).public.voted == (False, False)


# --- Countdowns in ticks -------------------------------------------------------------------
def test_countdown_expires_on_the_exact_tick_and_replays():
    session = new_session()
    start = session.state.vote_started
    assert session.remaining() == VOTE_TICKS
    session.advance(VOTE_TICKS - 1)
    assert session.state.round == 0 and session.remaining() == 1
    assert session.advance(1) == (TimedOut("vote"),)       # the toy game tells no events of its own
    timeout = session.log[-2]
    assert timeout.kind == TIMEOUT and timeout.tick == start + VOTE_TICKS
    assert session.log[-1].kind == CHANCE and session.state.vote_started == start + VOTE_TICKS
    replayed = Session.from_json(session.to_json(), resolve)
    assert replayed.hash() == session.hash()


def test_a_long_advance_stops_at_every_deadline():
    session = new_session()
    session.advance(VOTE_TICKS * 2 + 5)            # two votes time out on the way
    timeouts = [a for a in session.log if a.kind == TIMEOUT]
    assert [a.tick for a in timeouts] == [VOTE_TICKS, 2 * VOTE_TICKS]
    assert session.state.round == 2 and session.remaining() == VOTE_TICKS - 5


def test_timer_scale_zero_means_no_limit():
    session = new_session(timer_scale=0)
    assert session.remaining() is None
    assert session.advance(10 ** 6) == () and session.state.round == 0
    assert session.jump_to_deadline() == ()


# --- Chance in the log ------------------------------------------------------------------------
def test_chance_actions_carry_outcomes_and_replay_without_the_generator(monkeypatch):
    session = new_session()
    deal = session.log[0]
    assert deal.kind == CHANCE and deal.data["numbers"] == session.state.numbers
    for _ in range(3):
        session.advance(VOTE_TICKS)
    saved = session.to_json()

    def forbidden(self):
        raise AssertionError("replay called the generator")

    monkeypatch.setattr(Rng, "next_u64", forbidden)
    assert Session.from_json(saved, resolve).hash() == session.hash()


def test_chance_does_not_touch_the_state():
    game = ToyGame()
    state = game.setup(CONFIG, Rng.from_seed(3))
    before = state_hash(state)
    first = game.chance(state)
    assert state_hash(state) == before and game.chance(state) == first


# --- Saves ----------------------------------------------------------------------------------
def test_autosave_is_atomic_and_loads_to_the_same_hash(tmp_path):
    session = new_session(tmp_path)
    save = tmp_path / "autosave.json"
    assert save.exists()
    session.submit(Action("vote", 0, {"choice": "high"}))
    raw = json.loads(save.read_text())
    assert len(raw["log"]) == len(session.log) and raw["hash_at"] <= len(session.log)
    assert [p.name for p in tmp_path.iterdir()] == ["autosave.json"]     # no temp file left
    loaded = Session.load(save, resolve, catalogue_version="v1")
    assert loaded.hash() == session.hash() and loaded.log == session.log
    loaded.submit(Action("vote", 1, {"choice": "low"}))                 # play goes on from there
    assert Session.load(save, resolve, catalogue_version="v1").hash() == loaded.hash()


def _vote_until(session, actions):
    """Seat 0 changes its vote again and again: the round (and its chance) never ends."""
    while len(session.log) < actions:
        session.submit(session.legal(0)[0])


def test_autosave_hashes_at_checkpoints_and_loads_every_save(tmp_path, monkeypatch):
    """A save joins cached action texts; the state hash is taken only at checkpoints
    (first save, chance/timeout, end, every HASH_EVERY actions, on request)."""
    import game.core.session as session_module

    monkeypatch.setattr(session_module, "HASH_EVERY", 5)
    session = new_session(tmp_path)
    save = tmp_path / "autosave.json"
    hashes = []
    monkeypatch.setattr(Session, "hash", lambda self: hashes.append(len(self.log)) or state_hash(self.state))
    ats = set()
    for _ in range(12):
        _vote_until(session, len(session.log) + 1)
        raw = json.loads(save.read_text())
        ats.add(raw["hash_at"])
        assert len(raw["log"]) - raw["hash_at"] < 5 + 3        # a checkpoint at least every few actions
        assert Session.load(save, resolve, catalogue_version="v1").state == session.state
    assert len(hashes) < 12 + len(ats) and len(ats) > 1         # not one hash per save
    session.save(checkpoint=True)
    assert json.loads(save.read_text())["hash_at"] == len(session.log)


def test_a_log_changed_after_the_checkpoint_is_a_mismatch(tmp_path, monkeypatch):
    import game.core.session as session_module

    monkeypatch.setattr(session_module, "HASH_EVERY", 1000)
    session = new_session(tmp_path)
    save = tmp_path / "autosave.json"
    _vote_until(session, len(session.log) + 2)
    raw = json.loads(save.read_text())
    assert raw["hash_at"] < len(raw["log"])
    raw["log"][-1]["tick"] = 999   # replays to the same state: only the digest can tell
    save.write_text(json.dumps(raw))
    with pytest.raises(SaveError) as err:
        Session.load(save, resolve, catalogue_version="v1")
    assert err.value.reason == "mismatch"


def test_a_save_without_checkpoint_fields_still_loads(tmp_path):
    """Saves written before checkpoints: the hash is of the final state, no digest."""
    session = new_session(tmp_path)
    _vote_until(session, len(session.log) + 2)
    raw = session.to_json()
    del raw["hash_at"], raw["digest"]
    assert Session.from_json(raw, resolve, catalogue_version="v1").hash() == session.hash()
    raw["hash"] = "0" * 16
    with pytest.raises(SaveError) as err:
        Session.from_json(raw, resolve, catalogue_version="v1")
    assert err.value.reason == "mismatch"


@pytest.mark.parametrize("text", ["{not json", "[]", '{"format": 1, "game": "toy", "catalogue": "v1"}', "",
                                  '{"format": 1, "game": "toy", "catalogue": "v1", "config": {"seats": 2},'
                                  ' "seed": 1, "log": [{"kind": "vote", "seat": 0, "data": {"choice": "x"}}]}'])
def test_corrupt_save_is_a_save_error(tmp_path, text):
    save = tmp_path / "autosave.json"
    save.write_text(text)
    with pytest.raises(SaveError) as err:
        Session.load(save, resolve, catalogue_version="v1")
    assert err.value.reason == "corrupt"
    assert quarantine(save).name == "autosave.json.bak" and not save.exists()


def test_save_errors_say_why(tmp_path):
    session = new_session(tmp_path)
    save = tmp_path / "autosave.json"
    with pytest.raises(SaveError) as err:
        Session.load(save, resolve, catalogue_version="v2")
    assert err.value.reason == "version"
    with pytest.raises(SaveError) as err:
        Session.load(save, lambda _id: None, catalogue_version="v1")
    assert err.value.reason == "unknown_game"
    raw = session.to_json()
    raw["hash"] = "0" * 16
    with pytest.raises(SaveError) as err:
        Session.from_json(raw, resolve, catalogue_version="v1")
    assert err.value.reason == "mismatch"


# --- one protocol -----------------------------------------------------------------------------
def test_a_game_steps_one_way():
    """A game implements ``step`` (the new state and the events); ``apply`` is its state.
    No default turns a game's ``apply`` into a step that tells nothing, options are
    ``OptionSpec`` values only, and the engine offers no copy-and-mutate ``clone``: a
    state changes through ``records.replace`` (issue 26 item 6)."""
    import typing

    from game.core import engine
    from game.core.engine import GameDefinition
    from game.core.options import OptionSpec

    class ApplyOnly(GameDefinition):
        def apply(self, state, action):
            return state

    with pytest.raises(NotImplementedError):
        ApplyOnly().step(None, Action("vote", 0, {"choice": "high"}))
    game = ToyGame()
    session = Session(game, CONFIG, 4)
    vote = game.legal(session.state, 0)[0]
    assert game.apply(session.state, vote) == game.step(session.state, vote).state
    assert typing.get_type_hints(GameDefinition)["options"] == tuple[OptionSpec, ...]
    assert not hasattr(engine, "clone")


# --- Playthrough checks -------------------------------------------------------------------------
def test_play_match_is_deterministic():
    def bots(seed):
        return {s: ToyBot(s, Rng.from_seed(f"{seed}:{s}")) for s in range(2)}

    a = play_match(ToyGame(), CONFIG, 11, bots(11), check=True)
    b = play_match(ToyGame(), CONFIG, 11, bots(11), check=True)
    assert a.session.log == b.session.log and a.outcome == b.outcome


def test_leak_check_catches_a_leaky_view():
    class Leaky(ToyGame):
        def view(self, state, seat):
            base = super().view(state, seat)
            if seat is None or state.phase != "vote":
                return base
            other = state.numbers[1 - seat]
            return SeatView(seat, base.public, {"mine": base.private, "peek": {"my_number": other}})

    game = Leaky()
    session = Session(game, CONFIG, 1)
    while session.state.numbers[0] == session.state.numbers[1]:
        session.advance(VOTE_TICKS)
    with pytest.raises(PlaythroughError, match="my_number"):
        check_no_leaks(game, session.state)


def test_leak_check_catches_a_secret_deep_in_the_public_part():
    """The public part, the same in every view, is walked once for all viewers: a secret
    nested in it (in a list, in a dict) still shows in the TV's view."""
    class Leaky(ToyGame):
        def view(self, state, seat):
            base = super().view(state, seat)
            if state.phase != "vote":
                return base
            notes = [[1, 2, 3], {"note": {"my_number": state.numbers[0]}}]
            return SeatView(seat, {"toy": base.public, "notes": notes}, base.private)

    game = Leaky()
    session = Session(game, CONFIG, 1)
    while session.state.numbers[0] == session.state.numbers[1]:
        session.advance(VOTE_TICKS)
    with pytest.raises(PlaythroughError, match=r"seat 0's secret my_number=\d shows in the view of None"):
        check_no_leaks(game, session.state)
    check_no_leaks(ToyGame(), session.state)  # the same state, its views as they are: no leak


def test_leak_check_holds_every_public_part_to_the_tvs_as_plain_data():
    """A seat's public part must be the TV's: one that differs fails, one that holds the
    same numbers in a tuple where the TV's has a list passes (the same plain data); the
    TV's view has no private part."""
    class Public(ToyGame):
        def __init__(self, public_of):
            self.public_of = public_of

        def view(self, state, seat):
            base = super().view(state, seat)
            return SeatView(seat, self.public_of(base.public, seat), base.private)

    session = Session(ToyGame(), CONFIG, 1)
    check_no_leaks(Public(lambda public, seat: {"toy": public, "round": [1, 2] if seat is None else (1, 2)}),
                   session.state)
    with pytest.raises(PlaythroughError, match="seat 1's view has public data the TV does not"):
        check_no_leaks(Public(lambda public, seat: replace(public, round=9) if seat == 1 else public), session.state)

    class Private(ToyGame):
        def view(self, state, seat):
            return SeatView(seat, super().view(state, seat).public, "mine")

    with pytest.raises(PlaythroughError, match="the public view has a private part"):
        check_no_leaks(Private(), session.state)


def test_the_check_catches_an_apply_that_changes_its_input():
    class Careless(ToyGame):
        def step(self, state, action):
            new = super().step(state, action)
            if action.kind == "vote":
                state.scores.append(0)  # the input changed: the engine's contract is broken
            return new

    bots = {s: ToyBot(s, Rng.from_seed(f"3:{s}")) for s in range(2)}
    with pytest.raises(PlaythroughError, match="apply changed the state it was given"):
        play_match(Careless(), CONFIG, 3, bots, check=True)


def test_stalled_match_is_reported():
    class Sulky(ToyBot):
        def act(self, view, legal):
            return None

    with pytest.raises(PlaythroughError, match="waits"):
        play_match(ToyGame(), {**CONFIG, "timer_scale": 0}, 1, {s: Sulky(s, Rng(s)) for s in range(2)})


# --- sim and replay commands -----------------------------------------------------------------
def test_sim_same_seed_same_matches(capsys):
    from game.__main__ import main

    outputs = []
    for _ in range(2):
        assert main(["sim", "tests.toygame:ENTRY", "--seats", "2", "--matches", "20", "--seed", "4", "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    first, second = outputs
    assert first["matches"] == second["matches"] and len(first["matches"]) == 20
    summary = first["summary"]
    assert set(summary) >= {"mean_scores", "measures", "actions_per_match", "matches_per_second"}
    assert 0 <= summary["measures"]["accuracy"] <= 1
    assert all(set(m) >= {"scores", "winners", "actions"} for m in first["matches"])


@pytest.mark.parametrize("game", ["tests.toygame:ENTRY", "mission_secrete"])
def test_sim_report_does_not_depend_on_the_job_count(game, capsys):
    from game.__main__ import main

    reports = []
    for jobs in (1, 3):
        assert main(["sim", game, "--matches", "7", "--seed", "5", "--jobs", str(jobs), "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        del report["summary"]["matches_per_second"]
        reports.append(report)
    assert reports[0] == reports[1]
    assert [m["seed"] for m in reports[0]["matches"]] == [f"5:{i}" for i in range(7)]


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_sim_warms_the_caches_its_forked_workers_inherit(method, monkeypatch):
    """Before forking, ``sim`` runs the entry's ``warm`` (its workers then share what it
    loaded); workers that start afresh (spawn) are not helped by it, so it is skipped, and
    the matches are the same either way."""
    import dataclasses
    import multiprocessing

    from game.cli import sim
    from tests.toygame import ENTRY

    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    context = multiprocessing.get_context(method)
    monkeypatch.setattr(multiprocessing, "get_context", lambda method=None: context)
    warmed = []
    entry = dataclasses.replace(ENTRY, warm=warmed.append)
    played = sim.simulate(entry, "catalogue", 2, 3, "w", jobs=2, game="tests.toygame:ENTRY")
    assert warmed == (["catalogue"] if method == "fork" else [])
    assert played["matches"] == sim.simulate(ENTRY, None, 2, 3, "w")["matches"]


def test_sim_refuses_zero_jobs(capsys):
    from game.__main__ import main

    assert main(["sim", "tests.toygame:ENTRY", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


def test_replay_prints_the_final_public_view_and_outcome(tmp_path, capsys):
    from game.__main__ import main

    session = new_session(tmp_path)
    while session.outcome() is None:
        session.advance(VOTE_TICKS)
    save = tmp_path / "autosave.json"
    assert main(["replay", str(save), "--game", "tests.toygame:ENTRY", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["hash"] == session.hash() and report["public"]["phase"] == "over"
    assert report["outcome"]["reason"] == "rounds"
    assert main(["replay", str(save), "--game", "tests.toygame:ENTRY"]) == 0
    assert "outcome: rounds" in capsys.readouterr().out
    save.write_text("{broken")
    assert main(["replay", str(save), "--game", "tests.toygame:ENTRY"]) == 2


def test_countdowns_are_counted_in_the_one_tick_rate_of_core():
    """Personality and Incognito once each defined 60 ticks a second; both now take
    ``seconds_to_ticks`` from game.core.engine."""
    from game.core.engine import TICKS_PER_SECOND, seconds_to_ticks
    from game.games.incognito.rules import game as incognito
    from game.games.personality.rules import game as personality

    assert TICKS_PER_SECOND == 60
    assert (seconds_to_ticks(60), seconds_to_ticks(5, 0.5), seconds_to_ticks(90, 0.0)) == (3600, 150, 0)
    assert incognito.seconds_to_ticks is seconds_to_ticks is personality.seconds_to_ticks
    assert not hasattr(incognito, "TICKS_PER_SECOND") and not hasattr(personality, "TICKS_PER_SECOND")


def test_a_sim_worker_unpacks_its_catalogue_once_for_all_its_chunks():
    """Each chunk of a ``--jobs`` run used to bring its own copy of the catalogue, so a
    worker rebuilt what bots make once per catalogue (SI's tag model, ~0.1 s) per chunk."""
    import pickle

    from game import paths
    from game.cli import sim
    from game.games.secret_identity.rules.bots import tag_model

    entry = sim.resolve_entry("secret_identity")
    packed = pickle.dumps(entry.load_catalogue(paths.data_dir(), None)[0])
    config = entry.default_config(3)
    built = tag_model.cache_info().misses
    for start in (0, 1):
        chunk = ("secret_identity", packed, 3, config, ["normal"] * 3, "w", start, start + 1, False, 0.0)
        assert len(sim._play_chunk(chunk)) == 1
    assert tag_model.cache_info().misses == built + 1


def test_spreads_are_those_of_randoms():
    """``spreads`` (SI's reading noise) gives ``spread * (2 * u - 1)`` for the next draws
    ``u`` of ``randoms``, to the last bit, and leaves the generator where they do."""
    fast, slow = Rng.from_seed("spread"), Rng.from_seed("spread")
    for count in [*range(12), 24, 320]:
        for spread in (0.0, 1.0, 2.0, 4.0, 8.0, 0.37, -2.5, 1e-300, 1e300):
            assert fast.spreads(count, spread) == [spread * (2 * u - 1) for u in slow.randoms(count)]
            assert fast.state == slow.state
