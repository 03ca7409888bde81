"""Incognito's audience finds the word hidden in each drawing (AU-3): a line-up tile per
drawing, from the line-up until the vote closes; the round's reveal (``RoundRecord``)
scores it. The drawings are on the TV, as for the seated phones; the phone shows the
line-up, whose drawing each question is, and each round's answers once revealed."""

from __future__ import annotations

from typing import Any, Sequence

from ...core.schema import Int, Schema
from ..audience_kit import Answer, Ask, AudienceCtx, Leans, lean_note, pick, question
from ..phone_kit import fact, item, section

OPEN = ("lineup", "vote")


def answer_schema(catalogue: Any) -> Schema:
    return Int(1, 9)


def question_id(round_number: int, seat: int) -> str:
    return f"r{round_number}.s{seat}"


def asks(public: Any, catalogue: Any) -> tuple[Ask, ...]:
    if str(public.phase) not in OPEN or not public.lineup:
        return ()
    tiles = tuple(range(1, len(public.lineup) + 1))
    return tuple(Ask(question_id(public.round, seat), tiles) for seat in range(public.seats))


def answers(public: Any) -> dict[str, Answer]:
    return {question_id(record.round, seat): record.lineup.index(word) + 1
            for record in public.history for seat, word in enumerate(record.words)}


def tile(ctx: AudienceCtx, lineup: Sequence[str], number: int) -> str:
    return ctx.t("in.tile", n=number, word=ctx.catalogue.word(lineup[number - 1]).name(ctx.lang))


def screen(ctx: AudienceCtx, public: Any, open_asks: Sequence[Ask], leans: Leans) -> dict[str, Any]:
    phase = str(public.phase)
    facts = [fact(ctx.t("round", n=public.round, total=public.rounds), "")]
    asked = {ask.id: ask for ask in open_asks}
    questions = []
    for seat in range(public.seats):
        ask = asked.get(question_id(public.round, seat))
        if ask is not None:
            picks = [pick(tile(ctx, public.lineup, int(n)), ask.id, n) for n in ask.choices]
            title = ctx.t("in.drawing", name=ctx.t("seat", n=seat + 1))
            questions.append(question(ctx.t("seat", n=seat + 1), ask, title, picks, seat=seat))
    sections = [section(ctx.t("in.audience.find"), questions)]
    if public.lineup and phase in OPEN:
        sections.append(section(ctx.t("in.audience.lineup"), [
            item(tile(ctx, public.lineup, n), icon=ctx.catalogue.word(word).icon)
            for n, word in enumerate(public.lineup, start=1)]))
    if public.history:
        record = public.history[-1]
        items = []
        for seat, word in enumerate(record.words):
            number = record.lineup.index(word) + 1
            note = lean_note(ctx, leans, question_id(record.round, seat), number)
            answer = tile(ctx, record.lineup, number)
            items.append(ctx.seat_item(seat, note=f"{answer} — {note}" if note else answer))
        sections.append(section(ctx.t("in.audience.revealed", n=record.round), items))
    if phase == "over":
        order = sorted(range(public.seats), key=lambda s: -public.scores[s])
        sections.insert(0, section(ctx.t("audience.table"), [
            ctx.seat_item(s, note=ctx.t("score", n=public.scores[s])) for s in order]))
    title = ctx.t("in.audience.find") if questions else ctx.t("over") if phase == "over" else ctx.t("watch_tv")
    return ctx.screen(phase, title, facts=facts, sections=sections, waiting=not questions)
