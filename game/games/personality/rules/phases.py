"""Personality's phases as data (``game.core.phases``): each names its moves, their data
(``game.core.schema``: card ids the catalogue knows, seat numbers) and legal choices,
who is active and the debate's countdown. Only the endgame's gifts end
by declaration (``end_if``, ``next``); elsewhere where a phase leads is decided by what
resolves in it — a vote may elect, tie or fail, landings queue up (PE-10) — so the
handlers enter the next phase themselves (``state.enter``)."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from ....core.actions import AUDIENCE, CHANCE, TIMEOUT, Action
from ....core.engine import Countdown, chance_action, chance_data
from ....core.phases import Move, Phase, Who, all_once, one, timeout_data
from ....core.schema import Either, Fields, Int, ListOf, Maybe, OneOf
from . import endgame, inversion, reading, turns, voting
from .state import BETS, PEState, judge_choices, partners, receivers
from .view import PEPhase


def shuffle(state: PEState) -> Action:
    """PE-1: the deal waits for the pool shuffled by the state's generator."""
    return chance_action(state.rng, lambda rng: {"deck": rng.shuffled(state.pool)})


def _hand(s: PEState, seat: int) -> Iterator[dict[str, Any]]:
    return ({"card": c} for c in s.hands[seat])


def _nothing(s: PEState, seat: int) -> tuple[dict[str, Any]]:
    return ({},)


_VOTING: Who[PEState] = all_once(lambda s: s.box.waiting if s.box is not None else ())


def make_phases(cards: Iterable[str], seats: int) -> tuple[Phase[PEState], ...]:
    """The phases of a match dealing from ``cards`` (the catalogue's ids) at up to ``seats``."""
    known = OneOf(cards)
    card, seat = Fields({"card": known}), Int(0, seats - 1)
    ballot = Fields({"choice": Either(seat, known)}, optional={"bet": Int(min(BETS), max(BETS))})  # bet: 1

    def vote(bets: tuple[int, ...]) -> Move[PEState]:
        return Move(voting.vote, ballot, choices=lambda s, who: ({"choice": c, "bet": b}
                                                                for c in s.choices(who) for b in bets))

    return (
        Phase(PEPhase.DEAL, {CHANCE: Move(reading.deal, chance_data({"deck": ListOf(known, len(known.values))}))},
              chance=shuffle),
        Phase(PEPhase.READ, {"read": Move(reading.read, card, choices=_hand)}, active=one(lambda s: s.reader),
              refusal="not_your_turn"),
        Phase(PEPhase.VOTE, {"vote": vote(BETS)}, active=_VOTING, refusal="not_your_turn"),
        Phase(PEPhase.DEBATE, {"ready": Move(voting.ready, choices=_nothing),
                               TIMEOUT: Move(voting.debate_over, timeout_data("debate"))},
              active=all_once(lambda s: (x for x in range(s.seats) if x not in s.ready)),
              refusal="not_your_turn",
              countdown=lambda s: Countdown("debate", s.debate_started, s.debate_ticks)),
        Phase(PEPhase.REVOTE, {"vote": vote((1,))}, active=_VOTING, refusal="not_your_turn"),
        Phase(PEPhase.VERDICT, {AUDIENCE: Move(voting.verdict, Fields(optional={"choice": Either(seat, known)}))}),
        Phase(PEPhase.EXCHANGE, {"exchange": Move(reading.exchange, Fields({"card": Maybe(known)}),
                                                  choices=lambda s, who: ({"card": None}, *_hand(s, who)))},
              active=all_once(lambda s: (x for x in s.exchangers if x not in s.exchanges)),
              refusal="not_your_turn"),
        Phase(PEPhase.PARTNER, {"partner": Move(turns.pair, Fields({"partner": seat}), choices=lambda s, who: (
            {"partner": p} for p in partners(s, who)))}, active=one(lambda s: s.chooser),
            refusal="not_your_turn"),
        Phase(PEPhase.PLAY, {"play": Move(inversion.play, card, choices=_hand)},
              active=all_once(lambda s: (x for x in inversion.players(s) if x not in s.played)),
              refusal="not_your_turn"),
        Phase(PEPhase.GIVE, {"give": Move(endgame.give, Fields({"card": known, "to": seat}), choices=lambda s, who: (
            {"card": c, "to": to} for c in s.hands[who] for to in receivers(s)))},
            active=one(lambda s: s.giver), refusal="not_your_turn",
            end_if=lambda s: len(s.gifts) == s.gift_count, next=PEPhase.RESPOND),
        Phase(PEPhase.RESPOND, {"accept": Move(endgame.accept, choices=_nothing),
                                "contest": Move(endgame.contest, choices=_nothing)},
              active=all_once(lambda s: (g.to for g in s.gifts if g.answer is None)), refusal="not_your_turn"),
        Phase(PEPhase.CONTEST, {"judge": Move(endgame.judge, Fields({"choice": seat}), choices=lambda s, who: (
            {"choice": c} for c in judge_choices(s)))},
            active=all_once(lambda s: (x for x in s.judges if x not in s.judgements())),
            refusal="not_your_turn"),
        Phase(PEPhase.OVER),
    )
