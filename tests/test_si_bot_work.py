"""Secret Identity bots do less work for the same play (issue 18 item 5): the clue
planner reads its hand's links in one draw and skips the softmax of placements whose bound shows they lose, and the voter makes
its assignment once per round. tests/test_secret_identity_sim.py pins whole matches;
these check each shortcut against doing the work in full."""

from game import paths
from game.cli.sim import resolve_entry, simulate
from game.core.playthrough import LegalOnDemand
from game.core.rng import Rng
from game.core.session import Session
from game.games.secret_identity.rules import bots
from game.games.secret_identity.rules.assignment import assign
from game.games.secret_identity.rules.bots import (CARD_COST, RED_WEIGHT, blurred_sharpness, plan_clue,
                                                   read_belief)
from game.games.secret_identity.rules.common import Shown
from game.games.secret_identity.rules.competitive_view import CompetitiveViews
from game.games.secret_identity.rules.view import SIPhase


def _plan_scoring_every_placement(model, hand, board, slot, budget, misread=0.0, rng=None):
    """The planner as it was: every placement's softmax, in hand order, the first best kept."""
    def row(picto):
        strengths = model.links(picto)
        if not misread or rng is None:
            return [strengths.get(c, 0.0) for c in board]
        return [strengths.get(c, 0.0) + misread * (2 * rng.random() - 1) for c in board]

    chosen, links, base, belief, blur = [], {}, [0.0] * len(board), 1.0 / len(board), 0.0
    while len(chosen) < 3:
        used_cards = {c for c, _, _ in chosen}
        best = None
        sharpness = {True: blurred_sharpness(blur + 1.0), False: blurred_sharpness(blur + RED_WEIGHT * RED_WEIGHT)}
        for card in hand:
            if card in used_cards:
                continue
            for picto in model.card_pictos[card]:
                matches = links.get(picto)
                if matches is None:
                    matches = links[picto] = row(picto)
                for green in (True, False):
                    sign = 1.0 if green else -RED_WEIGHT
                    scores = [b + sign * m for b, m in zip(base, matches)]
                    p = read_belief(scores, slot, sharpness[green])
                    if best is None or p > best[0]:
                        best = (p, (card, picto, green), scores)
        if best is None:
            break
        cost = 0.0 if not chosen else CARD_COST[len(chosen) >= budget]
        if chosen and best[0] - belief <= cost:
            break
        chosen.append(best[1])
        belief, base = best[0], best[2]
        blur += 1.0 if best[1][2] else RED_WEIGHT * RED_WEIGHT
    return chosen


class RandomModel:
    """Cards of four pictograms and links drawn at random; whole-number links make
    exact ties between placements (and pictograms with equal links) common."""

    depicting: dict = {}  # no pictogram pictures a board character here

    def __init__(self, rng, board, cards, whole):
        self.card_pictos = {card: tuple(f"{card}.{i}" for i in range(4)) for card in cards}
        self.rows = {}
        for pictos in self.card_pictos.values():
            for picto in pictos:
                self.rows[picto] = {c: (float(rng.below(3)) if whole else rng.random() * 9)
                                    for c in board if rng.below(3) == 0}

    def links(self, picto):
        return self.rows[picto]


def test_the_planner_plans_what_scoring_every_placement_plans_even_on_ties():
    rng = Rng.from_seed("planner")
    for trial in range(300):
        board = [f"c{i}" for i in range(8 if trial % 5 else 1 + trial % 7)]
        hand = rng.shuffled([f"k{i}" for i in range(1 + rng.below(10))])  # not in name order
        model = RandomModel(rng, board, hand, whole=trial % 2 == 0)
        slot, budget, misread = rng.below(len(board)), 0.5 + rng.random() * 3, [0.0, 1.0, 3.0][trial % 3]
        seed = rng.next_u64()
        fast, plain = Rng(seed), Rng(seed)
        assert (plan_clue(model, hand, board, slot, budget, misread, fast)
                == _plan_scoring_every_placement(model, hand, board, slot, budget, misread, plain))
        assert fast.next_u64() == plain.next_u64()  # as many misreads drawn


def _assign_on_dicts(logp):
    """The voter's assignment as it was: a dict of subsets per layer, in the order first
    reached, the first best step kept."""
    rows, cols = len(logp), len(logp[0]) if logp else 0
    values, steps = {0: 0.0}, []
    for r in range(rows):
        nxt, step = {}, {}
        for mask, value in values.items():
            for c in range(cols):
                if mask & 1 << c:
                    continue
                candidate, key = value + logp[r][c], mask | 1 << c
                if key not in nxt or candidate > nxt[key]:
                    nxt[key], step[key] = candidate, (mask, c)
        values = nxt
        steps.append(step)
    if not values:
        return []
    mask, picks = max(values, key=values.__getitem__), []
    for step in reversed(steps):
        mask, c = step[mask]
        picks.append(c)
    return picks[::-1]


def test_the_vote_assignment_is_the_one_the_dict_layers_gave_even_on_ties():
    rng = Rng.from_seed("assign")
    for trial in range(1500):
        rows, cols = rng.below(9), rng.below(9)
        logp = [[float(rng.below(3)) if trial % 2 else rng.random() for _ in range(cols)] for _ in range(rows)]
        assert assign(logp) == _assign_on_dicts(logp)


def _counted(monkeypatch, name):
    calls = [0]
    real = getattr(bots, name)

    def counting(*args, **kwargs):
        calls[0] += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(bots, name, counting)
    return calls


def test_the_bots_of_a_match_score_few_placements_and_assign_votes_once_a_round(monkeypatch):
    """Before: every placement's softmax (about 4,000 a match of eight), and an
    assignment before each of the 224 votes."""
    softmaxes, assignments = _counted(monkeypatch, "read_belief"), _counted(monkeypatch, "assign")
    entry = resolve_entry("secret_identity")
    catalogue, _warnings = entry.load_catalogue(paths.data_dir(), None)
    report = simulate(entry, catalogue, 8, 1, "work")
    assert report["matches"][0]["reason"] in ("score", "cards", "shared")
    assert assignments[0] == 4 * 8  # one per round and bot
    assert softmaxes[0] < 1000


class Unread(LegalOnDemand):
    """Legal actions a bot must not read."""

    def _listed(self):
        raise AssertionError("the bot listed the legal actions")


def test_kept_view_parts_equal_fresh_ones_and_clue_and_ready_moves_list_no_legal_actions():
    """Over a match of eight: every view equals one made with nothing kept (each seat's
    record, the clue links), a clue giver with cards places and confirms from its view,
    never listing its 80 legal placements, and a bot says ready without listing them."""
    entry = resolve_entry("secret_identity")
    catalogue, _warnings = entry.load_catalogue(paths.data_dir(), None)
    rules = entry.make_definition(catalogue)
    session = Session(rules, entry.default_config(8), "kept")
    players = {s: entry.make_bot(catalogue, s, Rng.from_seed(f"k{s}"), "normal") for s in range(8)}
    while session.outcome() is None:
        for seat in (None, *range(8)):
            assert session.view(seat) == CompetitiveViews(catalogue).view(session.state, seat)
        seat = min(session.current())
        view = session.view(seat)
        from_view = (view.public.phase in (SIPhase.ROUND_START, SIPhase.SUMMARY)
                     or view.public.phase == SIPhase.CLUES and bool(view.private.hand or view.private.placed))
        session.submit(players[seat].act(view, Unread(session, seat) if from_view else LegalOnDemand(session, seat)))


def _perceived_one_character_at_a_time(model, clue, board, rng, noise):
    """A listener's reading as it was: per character, one draw per pictogram, summed."""
    rows = [(model.links(s.pictogram), 1.0 if s.green else -RED_WEIGHT) for s in clue]
    draws = iter(rng.randoms(len(board) * len(rows)))
    return [sum((links.get(c, 0.0) + noise * (2 * next(draws) - 1)) * sign for links, sign in rows) for c in board]


def test_a_reading_is_the_one_made_one_character_at_a_time():
    rng = Rng.from_seed("reading")
    for trial in range(300):
        board = [f"c{i}" for i in range(rng.below(9))]
        model = RandomModel(rng, board, [f"k{i}" for i in range(3)], whole=trial % 2 == 0)
        pictos = sorted(model.rows)
        clue = [Shown(rng.choice(pictos), rng.below(2) == 0) for _ in range(rng.below(4))]
        noise, seed = [0.0, 1.0, 2.5][trial % 3], rng.next_u64()
        fast, plain = Rng(seed), Rng(seed)
        assert (bots.TagModel.perceived(model, clue, board, fast, noise)
                == _perceived_one_character_at_a_time(model, clue, board, plain, noise))
        assert fast.next_u64() == plain.next_u64()


def test_clues_read_together_are_those_read_one_after_the_other():
    """A voter reads its opponents' clues in one go (``perceived_many``): each reading
    and the draws taken are those of ``perceived`` called clue after clue."""
    rng = Rng.from_seed("readings")
    board = [f"c{i}" for i in range(8)]
    for trial in range(200):
        model = RandomModel(rng, board, [f"k{i}" for i in range(3)], whole=trial % 2 == 0)
        pictos = sorted(model.rows)
        clues = [[Shown(rng.choice(pictos), rng.below(2) == 0) for _ in range(rng.below(4))]
                 for _ in range(rng.below(8))]
        noise, seed = [0.0, 4.0, 8.0, 2.0][trial % 4], rng.next_u64()
        together, apart = Rng(seed), Rng(seed)
        assert (bots.TagModel.perceived_many(model, clues, board, together, noise)
                == [bots.TagModel.perceived(model, clue, board, apart, noise) for clue in clues])
        assert together.next_u64() == apart.next_u64()
