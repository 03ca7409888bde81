"""The audience of competitive Secret Identity guesses each player's character this round
(AU-3): a suspect 1–8 per player, from the clues until the round's vote closes, scored by
the round's reveal (``RoundResult.keys``). Its screen: the clues given so far (public,
SI-4), the questions, the suspects, and once a round is revealed who was whom and how
many of the audience found each."""

from __future__ import annotations

from typing import Any, Sequence

from ....core.schema import Int, Schema
from ...audience_kit import Answer, Ask, AudienceCtx, Leans, lean_note, pick, question
from ...phone_kit import fact, section
from ..phone.clues import clue_tiles, suspect
from ..phone.competitive import board_section

#: The phases the audience guesses in: the clues are on the TV, the votes not yet shown.
OPEN = ("clues", "vote")


def answer_schema(catalogue: Any) -> Schema:
    return Int(1, 8)


def question_id(round_number: int, seat: int) -> str:
    return f"r{round_number}.s{seat}"


def asks(public: Any, catalogue: Any) -> tuple[Ask, ...]:
    if str(public.phase) not in OPEN:
        return ()
    slots = tuple(range(1, len(public.board) + 1))
    return tuple(Ask(question_id(public.round, seat), slots) for seat in range(len(public.seats)))


def answers(public: Any) -> dict[str, Answer]:
    last = public.last
    return {} if last is None else {question_id(last.round, seat): key for seat, key in enumerate(last.keys)}


def screen(ctx: AudienceCtx, public: Any, open_asks: Sequence[Ask], leans: Leans) -> dict[str, Any]:
    phase = str(public.phase)
    facts = [fact(ctx.t("round", n=public.round, total=public.rounds), "")]
    by_seat = {ask.id: ask for ask in open_asks}
    guesses = []
    for seat, seat_public in enumerate(public.seats):
        ask = by_seat.get(question_id(public.round, seat))
        if ask is not None:
            picks = [pick(suspect(ctx, public.board, int(slot) - 1)["label"], ask.id, slot) for slot in ask.choices]
            guesses.append(question(ctx.t("seat", n=seat + 1), ask, ctx.t("si.audience.who"), picks, seat=seat,
                                    note=clue_tiles(ctx, seat_public.clue) or None))
    sections = [section(ctx.t("si.audience.guess_title"), guesses), revealed(ctx, public.last, leans),
                board_section(ctx, public.board)]
    if phase == "over":
        order = sorted(range(len(public.seats)), key=lambda s: -public.seats[s].score)
        sections.insert(0, section(ctx.t("audience.table"), [
            ctx.seat_item(s, note=ctx.t("score", n=public.seats[s].score)) for s in order]))
    title = ctx.t("si.audience.guess_title") if guesses else ctx.t("over") if phase == "over" else ctx.t("watch_tv")
    return ctx.screen(phase, title, facts=facts, sections=sections, waiting=not guesses)


def revealed(ctx: AudienceCtx, last: Any, leans: Leans) -> dict[str, Any] | None:
    """The last revealed round: each player's suspect, and how many of the audience found it."""
    if last is None:
        return None
    items = []
    for seat, key in enumerate(last.keys):
        name = suspect(ctx, last.board, key - 1)["label"]
        note = lean_note(ctx, leans, question_id(last.round, seat), key)
        items.append(ctx.seat_item(seat, note=f"{name} — {note}" if note else name))
    return section(ctx.t("si.audience.revealed", n=last.round), items)
