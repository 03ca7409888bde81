"""The audience of co-op Secret Identity suggests the team's answer each turn (AU-3): a
suspect 1–8 while the team guesses, closed when it locks, scored by the turn's key
(``CoopTurn.key``). Where the audience leaned shows with the answer, never before the
team locked (the lean of a question is told only once the TV shows its answer)."""

from __future__ import annotations

from typing import Any, Sequence

from ....core.schema import Int, Schema
from ...audience_kit import Answer, Ask, AudienceCtx, Leans, lean_note, pick, question
from ...phone_kit import fact, section
from ..phone.clues import clue_tiles, suspect
from ..phone.competitive import board_section


def answer_schema(catalogue: Any) -> Schema:
    return Int(1, 8)


def question_id(turn: int) -> str:
    return f"t{turn}"


def asks(public: Any, catalogue: Any) -> tuple[Ask, ...]:
    if str(public.phase) != "guess":
        return ()
    return (Ask(question_id(public.turn), tuple(range(1, len(public.board) + 1))),)


def answers(public: Any) -> dict[str, Answer]:
    return {question_id(turn.turn): turn.key for turn in public.history}


def screen(ctx: AudienceCtx, public: Any, open_asks: Sequence[Ask], leans: Leans) -> dict[str, Any]:
    phase = str(public.phase)
    facts = [fact(ctx.t("round", n=public.turn, total=public.turns), ctx.t("si.team_score", n=public.team_score))]
    sections = []
    for ask in open_asks:
        picks = [pick(suspect(ctx, public.board, int(slot) - 1)["label"], ask.id, slot) for slot in ask.choices]
        sections.append(section(clue_tiles(ctx, public.clue), [
            question(ctx.t("si.audience.suggest"), ask, ctx.t("si.audience.suggest"), picks, tone="primary")]))
    if public.history:
        last = public.history[-1]
        facts.append(fact(ctx.t("si.coop_result_right" if last.correct else "si.coop_result_wrong"),
                          slot_name(ctx, public, last, last.key)))
        counts = leans.get(question_id(last.turn))
        if counts:
            top = max(sorted(counts), key=lambda slot: counts[slot])
            facts.append(fact(ctx.t("si.audience.leaned"),
                              f"{slot_name(ctx, public, last, top)} — {lean_note(ctx, leans, question_id(last.turn), top)}"))
    sections.append(board_section(ctx, public.board))
    title = ctx.t("si.audience.suggest_title") if open_asks else ctx.t("over") if phase == "over" else ctx.t("watch_tv")
    return ctx.screen(phase, title, facts=facts, sections=sections, waiting=not open_asks)


def slot_name(ctx: AudienceCtx, public: Any, last: Any, slot: Any) -> str:
    """Suspect ``slot`` of the turn ``last`` answered (its answer was replaced since, SC-4)."""
    character = last.character if slot == last.key else public.board[int(slot) - 1]
    return ctx.t("si.slot", n=slot, name=ctx.catalogue.character(character).name(ctx.lang))
