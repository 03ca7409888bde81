"""Hidden Hue on a phone: the seat's colour (HH-1), and the colours it may name for the
seat on its left (HH-2), each a button; once it has guessed, what it named. Built from
the seat's own view and legal moves only."""

from __future__ import annotations

from typing import Any, Sequence

from game.core.actions import Action
from game.core.engine import SeatView
from game.games.phone_kit import Ctx, fact, item, move, section

from .rules.view import left_of


def screen(ctx: Ctx, view: SeatView[Any, Any], legal: Sequence[Action]) -> dict[str, Any]:
    public, private = view.public, view.private
    phase, me = str(public.phase), ctx.seat
    seats = len(public.scores)
    facts = [fact(ctx.t("hh.round", n=public.round, total=public.rounds), "")]
    if phase == "over":
        best = max(public.scores)
        names = ", ".join(ctx.t("seat", n=s + 1) for s, score in enumerate(public.scores) if score == best)
        return ctx.screen(phase, ctx.t("hh.winners", names=names), facts=facts + _scores(ctx, public))
    if private is not None:
        colour = ctx.catalogue.colour(private.my_colour)
        facts.append(fact(ctx.t("hh.you_are"), colour.name(ctx.lang), colour.icon))
        if private.my_guess:
            named = ctx.catalogue.colour(private.my_guess)
            facts.append(fact(ctx.t("hh.you_named"), named.name(ctx.lang), named.icon))
    guesses = [a for a in legal if a.kind == "guess"]
    left = left_of(me, seats)
    title = ctx.t("hh.guess_title", n=left + 1) if guesses else ctx.t("wait")
    items = []
    for action in guesses:
        colour = ctx.catalogue.colour(action.data["colour"])
        items.append(item(colour.name(ctx.lang), icon=colour.icon, move=move(action)))
    return ctx.screen(phase, title, facts=facts + _scores(ctx, public), waiting=not guesses,
                      sections=[section(ctx.t("hh.colours"), items, columns=2)])


def _scores(ctx: Ctx, public: Any) -> list[dict[str, Any]]:
    return [fact(ctx.t("seat", n=seat + 1), ctx.t("hh.points", n=score)) for seat, score in enumerate(public.scores)]
