"""Mission Secrète's audience bets on who holds which mission (AU-3): a character per
player, open until it is shown — a right accusation, a mission completed, the end — and
scored then (``MSPublic.revealed``, ``final_characters``). A bet may change until then."""

from __future__ import annotations

from typing import Any, Sequence

from ...core.schema import OneOf, Schema
from ..audience_kit import Answer, Ask, AudienceCtx, Leans, lean_note, pick, question
from ..phone_kit import fact, item, section
from .phone import grid


def answer_schema(catalogue: Any) -> Schema:
    return OneOf(character.id for character in catalogue.characters)


def question_id(seat: int) -> str:
    return f"s{seat}"


def asks(public: Any, catalogue: Any) -> tuple[Ask, ...]:
    if str(public.phase) != "play":
        return ()
    characters = tuple(character.id for character in catalogue.characters)
    return tuple(Ask(question_id(seat), characters) for seat in range(len(public.out)) if seat not in public.revealed)


def answers(public: Any) -> dict[str, Answer]:
    shown = dict(public.revealed)
    shown.update(enumerate(public.final_characters))
    return {question_id(seat): character for seat, character in shown.items()}


def character_label(ctx: AudienceCtx, character_id: Answer) -> tuple[str, str | None]:
    character = ctx.catalogue.character(character_id)
    return character.name(ctx.lang), character.icon


def screen(ctx: AudienceCtx, public: Any, open_asks: Sequence[Ask], leans: Leans) -> dict[str, Any]:
    phase = str(public.phase)
    asked = {ask.id: ask for ask in open_asks}
    known = answers(public)
    bets, shown = [], []
    for seat in range(len(public.out)):
        ask = asked.get(question_id(seat))
        if ask is not None:
            picks = []
            for character in ask.choices:
                name, icon = character_label(ctx, character)
                picks.append(pick(name, ask.id, character, icon=icon))
            note = ctx.t("ms.audience.out") if public.out[seat] else None
            bets.append(question(ctx.t("seat", n=seat + 1), ask, ctx.t("ms.which"), picks, seat=seat, note=note))
        elif question_id(seat) in known:
            name, icon = character_label(ctx, known[question_id(seat)])
            note = lean_note(ctx, leans, question_id(seat), known[question_id(seat)])
            shown.append(item(ctx.t("seat", n=seat + 1), seat=seat, icon=icon, note=f"{name} — {note}" if note else name))
    facts = []
    if phase == "play" and public.turn is not None:
        facts.append(fact(ctx.t("ms.audience.turn", name=ctx.t("seat", n=public.turn + 1)), ""))
    if phase == "over":
        facts.append(fact(ctx.t("ms.winners", names=", ".join(ctx.t("seat", n=s + 1) for s in public.winners)), ""))
    sections = [section(ctx.t("ms.audience.bet"), bets), section(ctx.t("ms.audience.shown"), shown),
                grid(ctx, public, {})]
    title = ctx.t("ms.audience.bet") if bets else ctx.t("over") if phase == "over" else ctx.t("watch_tv")
    return ctx.screen(phase, title, facts=facts, sections=sections, waiting=not bets)
