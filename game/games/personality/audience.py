"""Personality's audience predicts whom the table elects for the card read (AU-3): a
player — in an Inversion, a card — or "nobody" (no one at 2 votes, a tie), while the
table votes; a second vote is a question of its own. The vote's reveal
(``PEPublic.result``) scores it. With the lobby's "Audience breaks ties" (AU-2) the
second vote's predictions are also the audience's say when the table ties again:
:func:`verdict`."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core.schema import Either, Int, OneOf, Schema
from ..audience_kit import Answer, Ask, AudienceCtx, Leans, Tally, lean_note, pick, question, top_pick
from ..phone_kit import fact, item, section
from .phone import candidate_label, trait
from .rules.game import AUDIENCE_TIEBREAK

#: The answer "nobody is elected by this vote".
NOBODY = "nobody"
OPEN = ("vote", "revote")


def answer_schema(catalogue: Any) -> Schema:
    return Either(Int(0, 7), OneOf((*(card.id for card in catalogue.traits), NOBODY)))


def question_id(ballot: int) -> str:
    """A vote's question, by the number of the vote (``PEPublic.ballot``)."""
    return f"v{ballot}"


def result_ballot(public: Any) -> int:
    """The number of the vote ``public.result`` records: while a vote is open (or waits
    for the audience's say) the one before it, else the last one opened."""
    ballot: int = public.ballot
    return ballot - 1 if str(public.phase) in (*OPEN, "verdict") else ballot


def asks(public: Any, catalogue: Any) -> tuple[Ask, ...]:
    if str(public.phase) not in OPEN:
        return ()
    return (Ask(question_id(public.ballot), (*public.candidates, NOBODY)),)


def answers(public: Any) -> dict[str, Answer]:
    record = public.result
    return {} if record is None else {question_id(result_ballot(public)): answers_of(record)}


def verdict(public: Any, tally: Tally) -> Mapping[str, Any]:
    """AU-2: the tied candidate the most members predicted for the second vote (none
    predicted, or a tie among them: no say)."""
    if str(public.phase) != "verdict":
        return {}
    choice = top_pick(tally(question_id(public.ballot)), public.candidates)
    return {} if choice is None else {"choice": choice}


def screen(ctx: AudienceCtx, public: Any, open_asks: Sequence[Ask], leans: Leans) -> dict[str, Any]:
    phase = str(public.phase)
    facts = [fact(ctx.t("pe.audience.turn", n=public.turn), "")]
    if public.table and str(public.vote_kind) == "normal":
        facts.append(fact(trait(ctx, public.table[0]), ""))
    elif public.target is not None and phase in OPEN:
        facts.append(fact(ctx.t("pe.audience.inversion", name=ctx.t("seat", n=public.target + 1)), ""))
    sections = []
    for ask in open_asks:
        picks = [pick(label(ctx, answer), ask.id, answer, seat=answer if isinstance(answer, int) else None)
                 for answer in ask.choices]
        note = ctx.t("pe.audience.you_break_ties") if phase == "revote" and ctx.config.get(AUDIENCE_TIEBREAK) else None
        sections.append(section("", [question(ctx.t("pe.audience.predict"), ask, ctx.t("pe.audience.predict"), picks,
                                              tone="primary", note=note)]))
    if public.result is not None:
        sections.append(last_vote(ctx, public.result, question_id(result_ballot(public)), leans))
    order = sorted(range(public.seats), key=lambda s: -public.positions[s])
    sections.append(section(ctx.t("pe.audience.track"), [
        ctx.seat_item(s, note=ctx.t("pe.audience.square", n=public.positions[s])) for s in order]))
    title = ctx.t("pe.audience.predict") if open_asks else ctx.t("over") if phase == "over" else ctx.t("watch_tv")
    return ctx.screen(phase, title, facts=facts, sections=sections, waiting=not open_asks)


def label(ctx: AudienceCtx, answer: Answer) -> str:
    return ctx.t("pe.audience.nobody") if answer == NOBODY else candidate_label(ctx, answer)


def last_vote(ctx: AudienceCtx, record: Any, asked: str, leans: Leans) -> dict[str, Any]:
    """The last vote revealed: whom the table elected (or nobody), and how many of the
    audience saw it coming."""
    answer = answers_of(record)
    note = lean_note(ctx, leans, asked, answer)
    chosen = item(label(ctx, answer), seat=answer if isinstance(answer, int) else None, note=note)
    return section(ctx.t("pe.audience.chosen"), [chosen])


def answers_of(record: Any) -> Answer:
    return record.elected if record.outcome == "elected" and record.elected is not None else NOBODY

