"""Personality on a phone: the hand, the vote and its bet (PE-3, PE-6), the exchanges
(PE-4), the Tête-à-tête partner (PE-8), Inversion (PE-9) and the endgame gifts (PE-11).

Each phase's moves come straight from ``legal``: a card or a seat to tap, and where a
move has a second part (a bet, a receiver) the tile opens it as a menu."""

from __future__ import annotations

from typing import Any, Sequence, Unpack

from ...core.actions import Action
from ..phone_kit import Ctx, ItemExtras, buttons, choices, fact, item, move, section
from .rules.catalogue import PECatalogue
from .rules.view import Candidate, PEView

#: Phase -> title key while the seat has a move to make.
TITLES = {
    "read": "pe.read_title", "vote": "pe.vote_title", "revote": "pe.vote_title", "debate": "pe.debate_title",
    "exchange": "pe.exchange_title", "partner": "pe.partner_title", "play": "pe.play_title",
    "give": "pe.give_title", "respond": "pe.respond_title", "contest": "pe.judge_title",
}


def screen(ctx: Ctx[PECatalogue], view: PEView, legal: Sequence[Action]) -> dict[str, Any]:
    public, private = view.public, view.mine
    phase = str(public.phase)
    facts = [fact(ctx.t("pe.tokens", n=private.tokens), "")]
    if public.table and phase in ("vote", "revote", "debate"):
        facts += [fact(trait(ctx, card), "") for card in public.table]
    if private.my_vote is not None:
        facts.append(fact(ctx.t("pe.your_vote"), candidate_label(ctx, private.my_vote.choice)))
    sections = [moves_section(ctx, view, legal),
                section(ctx.t("pe.hand"), [item(trait(ctx, card)) for card in private.hand])]
    if phase == "over":
        return ctx.screen(phase, ctx.t("over"), facts=facts, sections=sections[1:])
    key = TITLES.get(phase, "wait")
    if phase in ("vote", "revote") and str(public.vote_kind) == "inversion":
        key = "pe.inversion_title"
    return ctx.screen(phase, ctx.t(key) if legal else ctx.t("wait"), facts=facts, sections=sections,
                      waiting=not legal)


def trait(ctx: Ctx[PECatalogue], card: str) -> str:
    return str(ctx.catalogue.trait(card).text(ctx.lang))


def candidate_label(ctx: Ctx[PECatalogue], choice: Candidate) -> str:
    return ctx.t("seat", n=choice + 1) if isinstance(choice, int) else trait(ctx, choice)


def candidate(ctx: Ctx[PECatalogue], choice: Candidate, **more: Unpack[ItemExtras]) -> dict[str, Any]:
    return ctx.seat_item(choice, **more) if isinstance(choice, int) else item(trait(ctx, choice), **more)


def moves_section(ctx: Ctx[PECatalogue], view: PEView, legal: Sequence[Action]) -> dict[str, Any]:
    """The seat's moves now, grouped by what the player taps first."""
    kinds = {a.kind for a in legal}
    mine = view.mine.my_vote
    if "vote" in kinds:
        bets: dict[Candidate, list[Action]] = {}
        for a in legal:
            bets.setdefault(a.data["choice"], []).append(a)
        items = []
        for choice, actions in bets.items():
            picked = mine is not None and mine.choice == choice
            if len(actions) == 1:  # a revote bets nothing (PE-6): one tap
                items.append(candidate(ctx, choice, move=move(actions[0]), selected=picked))
            else:
                items.append(candidate(ctx, choice, selected=picked, choices=choices(ctx.t("pe.bet"), [
                    item(ctx.t(f"pe.bet_{a.data['bet']}"), move=move(a)) for a in actions])))
        return section("", items)
    if "give" in kinds:
        to: dict[str, list[Action]] = {}
        for a in legal:
            to.setdefault(a.data["card"], []).append(a)
        return section("", [item(trait(ctx, card), choices=choices(ctx.t("pe.give_to"), [
            ctx.seat_item(a.data["to"], move=move(a)) for a in actions])) for card, actions in to.items()])
    items = []
    for a in legal:
        if a.kind in ("read", "play") or (a.kind == "exchange" and a.data["card"] is not None):
            items.append(item(trait(ctx, a.data["card"]), move=move(a)))
        elif a.kind == "exchange":
            items.append(item(ctx.t("pe.keep"), move=move(a)))
        elif a.kind == "partner":
            items.append(ctx.seat_item(a.data["partner"], move=move(a)))
        elif a.kind == "judge":
            items.append(ctx.seat_item(a.data["choice"], move=move(a)))
    gifts = [item(trait(ctx, g.card)) for g in view.public.gifts if g.to == ctx.seat and g.answer is None]
    labels = {"ready": ctx.t("ready"), "accept": ctx.t("pe.accept"), "contest": ctx.t("pe.contest")}
    return section("", [*gifts, *items, *buttons(legal, labels)])
